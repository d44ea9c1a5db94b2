//! Row hashing (pylibcudf's `hashing` module): `murmurhash3_x86_32`, `xxhash_64`,
//! `xxhash_32`, `murmurhash3_x64_128` and the row digests `md5`, `sha1`, `sha224`,
//! `sha256`, `sha384` and `sha512`, bit-exact with libcudf.
//!
//! How libcudf hashes, and so ferrodf:
//! - each element is hashed over the bytes of its value (little-endian): 1, 2, 4, 8 or 16
//!   bytes for the fixed-width types (timestamps, durations and decimals hash their
//!   underlying integer), the UTF-8 bytes for a string; BOOL8 hashes one byte, 0 or 1;
//! - floats are normalised first: every NaN hashes as the canonical quiet NaN, and for
//!   MurmurHash3 (not for xxhash_64) -0.0 hashes as 0.0;
//! - `murmurhash3_x86_32` starts each row at `seed` and folds the columns in with Boost's
//!   `hash_combine(h, e) = h ^ (e + 0x9e3779b9 + (h << 6) + (h >> 2))`, where `e` is the
//!   element's MurmurHash3_x86_32 with `seed`, or `0xffffffff` for a null;
//! - `xxhash_64` chains: each row starts at `seed`, and each column's element is hashed
//!   with XXH64 seeded by the running hash; a null sets the running hash to `u64::MAX`.
//!
//! A table without columns hashes every row to the seed (libcudf leaves such rows
//! unset). DICTIONARY32 and EMPTY columns (nested ones too) are not supported.
//!
//! LIST and STRUCT columns follow libcudf's row hasher (`cudf::detail::row::hash`):
//! - each nested column is first decomposed into "linear" columns, as libcudf's
//!   `decompose_structs` does: a STRUCT keeps only its first field in the branch it is on,
//!   and every further field starts a new branch (so does a first field that is a LIST,
//!   leaving the STRUCT as an empty `Struct<>`); a new branch keeps the LIST ancestors of
//!   its first node without their validity (libcudf gives them no mask: the first branch
//!   hashes it, and here each of their elements hashes as valid) and drops the STRUCT
//!   ancestors. `Struct<Struct<int, float>, List<str>>` becomes
//!   `Struct<Struct<int>>`, `float` and `List<str>`.
//! - a decomposed column that is not nested (a later STRUCT field) is hashed like any
//!   other column; a nested one hashes one value per row, starting at 0 and walking its
//!   levels top-down: at every STRUCT or LIST level, the validity of each element of that
//!   level (0 valid, all-ones null) when nulls are checked, then for a LIST the hash of each
//!   list's size (an INT32 hashed with seed 0), then the elements of the next level; at the
//!   leaf, each element's hash with the row seed (all-ones for a null when nulls are
//!   checked). These values are combined in order with `hash_combine`.
//! - nulls are checked only when some top-level column of the table has nulls (libcudf
//!   passes `has_nulls(table)` as the hasher's nullate); otherwise nested validity is not
//!   hashed and a null nested element hashes its stored value.
//! - a null STRUCT makes its fields null at every level (libcudf's `from_arrow` and
//!   `make_structs_column` superimpose struct nulls on the children, and the hasher pushes
//!   them down again); a null LIST is empty and a null STRING has no bytes (libcudf purges
//!   non-empty nulls before hashing).
//!
//! libcudf's `xxhash_64` has no nested support (its kernel rejects LIST and STRUCT), so
//! for those ferrodf defines the result as the same decomposition and walk, with XXH64 in
//! place of MurmurHash3 (list sizes with seed 0, leaves seeded by the running row hash),
//! the 64-bit `hash_combine` (`h ^ (e + 0x9e3779b97f4a7c15 + (h << 6) + (h >> 2))`) and
//! all-ones 64-bit nulls; the value of each decomposed column becomes the running row hash,
//! as a flat column's XXH64 does.
//!
//! `xxhash_32` and `murmurhash3_x64_128` chain like `xxhash_64` (each column's element is
//! hashed with the running row hash as its seed; a null, when some column has nulls, makes
//! it all ones) over flat columns only: libcudf has no nested support for them, and ferrodf
//! refuses LIST, STRUCT, DICTIONARY32 and EMPTY columns with a `TypeError`.
//! - `xxhash_32` normalises NaN and -0.0 (as MurmurHash3 does), and a row of a table
//!   without columns hashes to the seed;
//! - `murmurhash3_x64_128` returns the two 64-bit halves as two UINT64 columns; a row
//!   starts at `(seed, 0)` and each element is hashed with the first half so far as its
//!   64-bit seed (both halves of MurmurHash3_x64_128's state start at it); only NaN is
//!   normalised, not -0.0.
//!
//! The row digests feed the bytes of a row's valid elements, left to right, into one
//! message and return its lowercase hex digest as a STRING column (32, 40, 56, 64, 96 or
//! 128 characters a row); nulls add nothing, so a row of nulls has the digest of the empty
//! message. Floats hash with every NaN the canonical quiet NaN and -0.0 as 0.0. They take
//! fixed-width columns except timestamps and durations (libcudf refuses chrono types), and
//! STRING columns; `md5` also takes a LIST of those (its row's valid elements are fed in
//! order; a null list adds nothing). Any other column is a `TypeError`. As in libcudf,
//! a table without rows returns an empty column without looking at the column types, and
//! a table without columns gives every row the digest of the empty message.
//!
//! The public functions check the columns here and decide once between the host path
//! ([`host`], which also has the per-element hash functions re-exported here) and the
//! launchers of `device/kernels/hashing.rs` (`cuda/hashing.cu`).

mod host;

pub use crate::device::kernels::hashing::Digest;
pub use host::{
    hash_combine_32, hash_combine_64, murmur3_x64_128_bytes, murmur3_x86_32_bytes, xxh32_bytes,
    xxh64_bytes,
};

use crate::column::Column;
use crate::device::kernels::hashing::{self as dev, element_kind};
use crate::error::{Error, Result};
use crate::ops::strings::host_string_column;
use crate::placement::use_device;
use crate::table::Table;
use crate::types::TypeId;

/// libcudf's default hash seed.
pub const DEFAULT_HASH_SEED: u32 = 0;

/// Check that every leaf of `c` (itself when not nested) has an element hash.
pub(crate) fn check_hashable(function: &str, c: &Column) -> Result<()> {
    match c.dtype().id() {
        TypeId::List => check_hashable(function, &c.children()[1]),
        TypeId::Struct => c
            .children()
            .iter()
            .try_for_each(|f| check_hashable(function, f)),
        _ => element_kind(function, c.dtype()).map(|_| ()),
    }
}

/// Whether libcudf's hasher checks nulls for `input`: some top-level column has nulls.
fn check_nulls(input: &Table) -> Result<bool> {
    for c in input.columns() {
        if c.has_nulls()? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// A row hash of `input` (`function` names it in errors): the columns checked once, then
/// the device launcher or the host path of that hash, both told whether nulls are checked.
fn hash_rows<S>(
    function: &str,
    input: &Table,
    seed: S,
    device: fn(&Table, S, bool) -> Result<Column>,
    host: fn(&str, &Table, S, bool) -> Result<Column>,
) -> Result<Column> {
    for c in input.columns() {
        check_hashable(function, c)?;
    }
    let check = check_nulls(input)?;
    if use_device()? && input.num_rows() > 0 {
        device(input, seed, check)
    } else {
        host(function, input, seed, check)
    }
}

/// MurmurHash3_x86_32 of every row of `input` (a UINT32 column without nulls).
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::hashing::*};
/// let t = Table::new(vec![Column::from_options(vec![Some(1i32), None])]).unwrap();
/// let h = murmurhash3_x86_32(&t, 0).unwrap();
/// let v = h.host_values::<u32>().unwrap();
/// assert_eq!(v[0], hash_combine_32(0, murmur3_x86_32_bytes(&1i32.to_le_bytes(), 0)));
/// assert_eq!(v[1], hash_combine_32(0, u32::MAX));
/// ```
pub fn murmurhash3_x86_32(input: &Table, seed: u32) -> Result<Column> {
    hash_rows(
        "hashing.murmurhash3_x86_32",
        input,
        seed,
        dev::murmurhash3_x86_32,
        host::murmurhash3_x86_32,
    )
}

/// XXH64 of every row of `input`, chaining the columns (a UINT64 column without nulls).
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::hashing::*};
/// let t = Table::new(vec![Column::from_values(vec![7i64]), Column::from_values(vec![1u8])]).unwrap();
/// let h = xxhash_64(&t, 42).unwrap().host_values::<u64>().unwrap()[0];
/// assert_eq!(h, xxh64_bytes(&[1u8], xxh64_bytes(&7i64.to_le_bytes(), 42)));
/// ```
pub fn xxhash_64(input: &Table, seed: u64) -> Result<Column> {
    hash_rows(
        "hashing.xxhash_64",
        input,
        seed,
        dev::xxhash_64,
        host::xxhash_64,
    )
}

/// Check that `c` is a column `xxhash_32` / `murmurhash3_x64_128` hash: fixed-width or
/// STRING (libcudf has no nested support there).
fn check_flat(function: &str, c: &Column) -> Result<()> {
    let id = c.dtype().id();
    if id.is_fixed_width() || id == TypeId::String {
        return Ok(());
    }
    Err(Error::type_err(format!(
        "{function} does not support {id} columns; it hashes fixed-width and STRING columns"
    )))
}

/// XXH32 of every row of `input`, chaining the columns like [`xxhash_64`] (a UINT32 column
/// without nulls). Takes fixed-width and STRING columns.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::hashing::*};
/// let t = Table::new(vec![Column::from_values(vec![7i64]), Column::from_values(vec![1u8])]).unwrap();
/// let h = xxhash_32(&t, 42).unwrap().host_values::<u32>().unwrap()[0];
/// assert_eq!(h, xxh32_bytes(&[1u8], xxh32_bytes(&7i64.to_le_bytes(), 42)));
/// ```
pub fn xxhash_32(input: &Table, seed: u32) -> Result<Column> {
    let function = "hashing.xxhash_32";
    for c in input.columns() {
        check_flat(function, c)?;
    }
    if use_device()? && input.num_rows() > 0 {
        dev::xxhash_32(input, seed)
    } else {
        host::xxhash_32(function, input, seed)
    }
}

/// MurmurHash3_x64_128 of every row of `input`: a table of two UINT64 columns, the hash's
/// halves. Takes fixed-width and STRING columns.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::hashing::*};
/// let t = Table::new(vec![Column::from_values(vec![7i32])]).unwrap();
/// let h = murmurhash3_x64_128(&t, 0).unwrap();
/// let (a, b) = murmur3_x64_128_bytes(&7i32.to_le_bytes(), 0);
/// assert_eq!(h.columns()[0].host_values::<u64>().unwrap()[0], a);
/// assert_eq!(h.columns()[1].host_values::<u64>().unwrap()[0], b);
/// ```
pub fn murmurhash3_x64_128(input: &Table, seed: u64) -> Result<Table> {
    let function = "hashing.murmurhash3_x64_128";
    for c in input.columns() {
        check_flat(function, c)?;
    }
    let (first, second) = if use_device()? && input.num_rows() > 0 {
        dev::murmurhash3_x64_128(input, seed)?
    } else {
        host::murmurhash3_x64_128(function, input, seed)?
    };
    Table::new(vec![first, second])
}

/// Whether a row digest hashes elements of type `id` (libcudf's leaf type check).
fn digest_leaf(id: TypeId) -> bool {
    (id.is_fixed_width() && !id.is_timestamp() && !id.is_duration()) || id == TypeId::String
}

/// Row digest `digest` of every row of `input` (see the module documentation).
fn row_digest(input: &Table, digest: Digest) -> Result<Column> {
    let n = input.num_rows();
    let function = digest.function();
    if n == 0 {
        // libcudf returns before checking the types.
        return host_string_column(vec![], vec![], None, 0);
    }
    for c in input.columns() {
        let id = c.dtype().id();
        let ok = match id {
            TypeId::List => digest == Digest::Md5 && digest_leaf(c.children()[1].dtype().id()),
            _ => digest_leaf(id),
        };
        if !ok {
            let lists = if digest == Digest::Md5 {
                ", or a LIST of those"
            } else {
                ""
            };
            return Err(Error::type_err(format!(
                "{function} does not support {} columns; it hashes fixed-width columns other \
                 than timestamps and durations, and STRING columns{lists}",
                describe(c)
            )));
        }
    }
    if use_device()? {
        dev::digest(input, digest)
    } else {
        host::digest(input, digest)
    }
}

/// A column's type for an error message (a LIST with its element type).
fn describe(c: &Column) -> String {
    match c.dtype().id() {
        TypeId::List => format!("LIST<{}>", describe(&c.children()[1])),
        id => id.to_string(),
    }
}

/// The MD5 digest of every row of `input` as 32 lowercase hex digits (a STRING column
/// without nulls): the bytes of the row's valid elements, left to right, as one message.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::hashing::md5};
/// let t = Table::new(vec![Column::from_options(vec![Some(1u8), None])]).unwrap();
/// let h = md5(&t).unwrap();
/// let chars = h.data().unwrap().host().unwrap();
/// // 1u8 is the message [0x01]; the null row is the empty message.
/// assert_eq!(&chars[..32], b"55a54008ad1ba589aa210d2629c1df41");
/// assert_eq!(&chars[32..], b"d41d8cd98f00b204e9800998ecf8427e");
/// ```
pub fn md5(input: &Table) -> Result<Column> {
    row_digest(input, Digest::Md5)
}

/// The SHA-1 digest of every row of `input` as 40 lowercase hex digits (see [`md5`]).
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::hashing::sha1};
/// let t = Table::new(vec![Column::from_values(vec![1u8])]).unwrap();
/// let chars = sha1(&t).unwrap().data().unwrap().host().unwrap();
/// assert_eq!(&chars[..], b"bf8b4530d8d246dd74ac53a13471bba17941dff7");
/// ```
pub fn sha1(input: &Table) -> Result<Column> {
    row_digest(input, Digest::Sha1)
}

/// The SHA-224 digest of every row of `input` as 56 lowercase hex digits (see [`md5`]).
pub fn sha224(input: &Table) -> Result<Column> {
    row_digest(input, Digest::Sha224)
}

/// The SHA-256 digest of every row of `input` as 64 lowercase hex digits (see [`md5`]).
pub fn sha256(input: &Table) -> Result<Column> {
    row_digest(input, Digest::Sha256)
}

/// The SHA-384 digest of every row of `input` as 96 lowercase hex digits (see [`md5`]).
pub fn sha384(input: &Table) -> Result<Column> {
    row_digest(input, Digest::Sha384)
}

/// The SHA-512 digest of every row of `input` as 128 lowercase hex digits (see [`md5`]).
pub fn sha512(input: &Table) -> Result<Column> {
    row_digest(input, Digest::Sha512)
}

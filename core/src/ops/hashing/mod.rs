//! Row hashing (pylibcudf's `hashing` module): `murmurhash3_x86_32` and `xxhash_64`,
//! bit-exact with libcudf.
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
//! The public functions check the columns here and decide once between the host path
//! ([`host`], which also has the per-element hash functions re-exported here) and the
//! launchers of `device/kernels/hashing.rs` (`cuda/hashing.cu`).

mod host;

pub use host::{hash_combine_32, hash_combine_64, murmur3_x86_32_bytes, xxh64_bytes};

use crate::column::Column;
use crate::device::kernels::hashing::{self as dev, element_kind};
use crate::error::Result;
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

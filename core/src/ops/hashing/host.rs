//! The host path of `hashing`: libcudf's element hashes (MurmurHash3_x86_32, XXH64, XXH32,
//! MurmurHash3_x64_128), row hashers and row digests (RustCrypto's MD5, SHA-1 and SHA-2)
//! over arrow-rs buffers, one parallel pass over the rows.

use crate::bitmask::get_bit;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::numeric::canonical_float;
use crate::table::Table;
use crate::types::{TypeId, fixed_width};
use rayon::prelude::*;

use crate::device::kernels::hashing::{
    Branch, Digest, ElementKind, decompose, element_kind, is_nested,
};
use crate::ops::strings::host_string_column;

/// MurmurHash3_x86_32 of `bytes` (Austin Appleby's reference algorithm).
///
/// ```
/// use ferrodf_core::ops::hashing::murmur3_x86_32_bytes;
/// assert_eq!(murmur3_x86_32_bytes(b"", 0), 0);
/// assert_eq!(murmur3_x86_32_bytes(b"", 1), 0x514e28b7);
/// ```
pub fn murmur3_x86_32_bytes(bytes: &[u8], seed: u32) -> u32 {
    const C1: u32 = 0xcc9e_2d51;
    const C2: u32 = 0x1b87_3593;
    let mut h = seed;
    let mut blocks = bytes.chunks_exact(4);
    for b in &mut blocks {
        let mut k = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        k = k.wrapping_mul(C1).rotate_left(15).wrapping_mul(C2);
        h ^= k;
        h = h.rotate_left(13).wrapping_mul(5).wrapping_add(0xe654_6b64);
    }
    let tail = blocks.remainder();
    if !tail.is_empty() {
        let mut k = 0u32;
        for (i, &t) in tail.iter().enumerate() {
            k ^= u32::from(t) << (8 * i);
        }
        k = k.wrapping_mul(C1).rotate_left(15).wrapping_mul(C2);
        h ^= k;
    }
    h ^= bytes.len() as u32;
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ (h >> 16)
}

const P1: u64 = 0x9E37_79B1_85EB_CA87;
const P2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const P3: u64 = 0x1656_67B1_9E37_79F9;
const P4: u64 = 0x85EB_CA77_C2B2_AE63;
const P5: u64 = 0x27D4_EB2F_1656_67C5;

fn xxh_round(acc: u64, input: u64) -> u64 {
    acc.wrapping_add(input.wrapping_mul(P2))
        .rotate_left(31)
        .wrapping_mul(P1)
}

fn xxh_merge(acc: u64, v: u64) -> u64 {
    (acc ^ xxh_round(0, v)).wrapping_mul(P1).wrapping_add(P4)
}

fn le64(b: &[u8]) -> u64 {
    u64::from_le_bytes(b[..8].try_into().expect("8 bytes"))
}

/// XXH64 of `bytes` (Yann Collet's reference algorithm).
///
/// ```
/// use ferrodf_core::ops::hashing::xxh64_bytes;
/// assert_eq!(xxh64_bytes(b"", 0), 0xEF46DB3751D8E999);
/// ```
pub fn xxh64_bytes(bytes: &[u8], seed: u64) -> u64 {
    let len = bytes.len();
    let mut rest = bytes;
    let mut h = if len >= 32 {
        let mut v = [
            seed.wrapping_add(P1).wrapping_add(P2),
            seed.wrapping_add(P2),
            seed,
            seed.wrapping_sub(P1),
        ];
        while rest.len() >= 32 {
            for (j, lane) in v.iter_mut().enumerate() {
                *lane = xxh_round(*lane, le64(&rest[8 * j..]));
            }
            rest = &rest[32..];
        }
        let mut h = v[0]
            .rotate_left(1)
            .wrapping_add(v[1].rotate_left(7))
            .wrapping_add(v[2].rotate_left(12))
            .wrapping_add(v[3].rotate_left(18));
        for lane in v {
            h = xxh_merge(h, lane);
        }
        h
    } else {
        seed.wrapping_add(P5)
    };
    h = h.wrapping_add(len as u64);
    while rest.len() >= 8 {
        h ^= xxh_round(0, le64(rest));
        h = h.rotate_left(27).wrapping_mul(P1).wrapping_add(P4);
        rest = &rest[8..];
    }
    if rest.len() >= 4 {
        let k = u64::from(u32::from_le_bytes(rest[..4].try_into().expect("4 bytes")));
        h ^= k.wrapping_mul(P1);
        h = h.rotate_left(23).wrapping_mul(P2).wrapping_add(P3);
        rest = &rest[4..];
    }
    for &b in rest {
        h ^= u64::from(b).wrapping_mul(P5);
        h = h.rotate_left(11).wrapping_mul(P1);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(P2);
    h ^= h >> 29;
    h = h.wrapping_mul(P3);
    h ^ (h >> 32)
}

/// XXH32 of `bytes` (the twox-hash crate's reference implementation).
///
/// ```
/// use ferrodf_core::ops::hashing::xxh32_bytes;
/// assert_eq!(xxh32_bytes(b"", 0), 0x02CC5D05);
/// ```
pub fn xxh32_bytes(bytes: &[u8], seed: u32) -> u32 {
    twox_hash::XxHash32::oneshot(seed, bytes)
}

fn fmix64(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^ (k >> 33)
}

/// MurmurHash3_x64_128 of `bytes` as its two 64-bit halves (Austin Appleby's reference
/// algorithm), both halves starting at the 64-bit `seed` as libcudf (through cuco) seeds
/// them; for a seed below 2^32 this is the reference's `MurmurHash3_x64_128`. Written out
/// here because the crates take a 32-bit seed.
///
/// ```
/// use ferrodf_core::ops::hashing::murmur3_x64_128_bytes;
/// assert_eq!(murmur3_x64_128_bytes(b"", 0), (0, 0));
/// assert_eq!(murmur3_x64_128_bytes(b"hello", 0).0, 0xcbd8_a7b3_41bd_9b02);
/// ```
pub fn murmur3_x64_128_bytes(bytes: &[u8], seed: u64) -> (u64, u64) {
    const C1: u64 = 0x87c3_7b91_1142_53d5;
    const C2: u64 = 0x4cf5_ad43_2745_937f;
    let mix1 = |k: u64| k.wrapping_mul(C1).rotate_left(31).wrapping_mul(C2);
    let mix2 = |k: u64| k.wrapping_mul(C2).rotate_left(33).wrapping_mul(C1);
    let (mut h1, mut h2) = (seed, seed);
    let mut blocks = bytes.chunks_exact(16);
    for b in &mut blocks {
        h1 ^= mix1(le64(b));
        h1 = h1
            .rotate_left(27)
            .wrapping_add(h2)
            .wrapping_mul(5)
            .wrapping_add(0x52dc_e729);
        h2 ^= mix2(le64(&b[8..]));
        h2 = h2
            .rotate_left(31)
            .wrapping_add(h1)
            .wrapping_mul(5)
            .wrapping_add(0x3849_5ab5);
    }
    let tail = blocks.remainder();
    // The tail's bytes are little-endian words: 0..8 feed k1, 8..16 feed k2.
    let word = |t: &[u8]| t.iter().rev().fold(0u64, |k, &b| (k << 8) | u64::from(b));
    if tail.len() > 8 {
        h2 ^= mix2(word(&tail[8..]));
    }
    if !tail.is_empty() {
        h1 ^= mix1(word(&tail[..tail.len().min(8)]));
    }
    h1 ^= bytes.len() as u64;
    h2 ^= bytes.len() as u64;
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    (h1, h2)
}

/// Host access to the elements of one column.
struct HostColumn {
    kind: ElementKind,
    width: usize,
    /// Fixed width: the data bytes from the column's first row; STRING: the chars.
    bytes: arrow_buffer::Buffer,
    /// STRING: `size + 1` offsets into `bytes`.
    offsets: Vec<i64>,
    /// Validity bytes and the bit offset of row 0, when the column has nulls.
    mask: Option<(arrow_buffer::Buffer, usize)>,
}

impl HostColumn {
    fn new(function: &str, c: &Column) -> Result<HostColumn> {
        let kind = element_kind(function, c.dtype())?;
        let mask = if c.has_nulls()? {
            Some((c.mask().expect("nulls need a mask").host()?, c.offset()))
        } else {
            None
        };
        if kind == ElementKind::Str {
            let (bytes, offsets) = c.host_string_parts()?;
            return Ok(HostColumn {
                kind,
                width: 0,
                bytes,
                offsets,
                mask,
            });
        }
        let width = fixed_width(c.dtype().id()).expect("fixed width");
        let bytes = match c.data() {
            Some(d) if c.size() > 0 => d.host()?.slice(c.offset() * width),
            _ => arrow_buffer::Buffer::from_vec(Vec::<u8>::new()),
        };
        Ok(HostColumn {
            kind,
            width,
            bytes,
            offsets: vec![],
            mask,
        })
    }

    fn is_valid(&self, i: usize) -> bool {
        match &self.mask {
            None => true,
            Some((m, off)) => get_bit(m.as_slice(), off + i),
        }
    }

    /// Call `f` with the bytes row `i` hashes as (`zero_norm`: -0.0 hashes as 0.0).
    #[inline]
    fn with_bytes<R>(&self, i: usize, zero_norm: bool, f: impl FnOnce(&[u8]) -> R) -> R {
        let b = self.bytes.as_slice();
        match self.kind {
            ElementKind::Str => {
                let (s, e) = (self.offsets[i] as usize, self.offsets[i + 1] as usize);
                f(&b[s..e])
            }
            ElementKind::Bool => f(&[u8::from(b[i] != 0)]),
            ElementKind::F32 => {
                let v = f32::from_le_bytes(b[4 * i..4 * i + 4].try_into().expect("4 bytes"));
                let nan = f32::from_bits(0x7fc0_0000);
                f(&canonical_float(v, nan, zero_norm).to_le_bytes())
            }
            ElementKind::F64 => {
                let v = f64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("8 bytes"));
                let nan = f64::from_bits(0x7ff8_0000_0000_0000);
                f(&canonical_float(v, nan, zero_norm).to_le_bytes())
            }
            ElementKind::Raw => f(&b[self.width * i..self.width * (i + 1)]),
        }
    }
}

/// A nested column prepared for hashing on the host: rows `0..len` with every parent's
/// offset applied.
struct HostNode {
    /// Effective validity: the node's own, and'ed with its STRUCT ancestors' up to the
    /// nearest LIST (None: all valid).
    valid: Option<Vec<bool>>,
    kind: HostNodeKind,
}

enum HostNodeKind {
    Leaf(HostColumn),
    Struct(Vec<HostNode>),
    /// `len + 1` offsets into the child's rows.
    List(Vec<usize>, Box<HostNode>),
}

impl HostNode {
    fn new(function: &str, c: &Column, inherited: Option<&[bool]>) -> Result<HostNode> {
        let own: Option<Vec<bool>> = c.host_nulls()?.map(|nb| nb.iter().collect());
        let valid = match (own, inherited) {
            (Some(v), Some(p)) => Some(v.iter().zip(p).map(|(a, b)| *a && *b).collect()),
            (None, Some(p)) => Some(p.to_vec()),
            (v, None) => v,
        };
        let kind = match c.dtype().id() {
            TypeId::Struct => HostNodeKind::Struct(
                c.children()
                    .iter()
                    .map(|f| {
                        HostNode::new(function, &f.slice(c.offset(), c.size())?, valid.as_deref())
                    })
                    .collect::<Result<_>>()?,
            ),
            TypeId::List => {
                let offsets = list_offsets(c)?;
                let (start, end) = (offsets[0], offsets[c.size()]);
                let child = c.children()[1].slice(start, end - start)?;
                let offsets = offsets.iter().map(|o| o - start).collect();
                HostNodeKind::List(offsets, Box::new(HostNode::new(function, &child, None)?))
            }
            _ => HostNodeKind::Leaf(HostColumn::new(function, c)?),
        };
        Ok(HostNode { valid, kind })
    }

    fn is_valid(&self, i: usize) -> bool {
        self.valid.as_ref().is_none_or(|v| v[i])
    }

    fn at(&self, path: &[usize]) -> &HostNode {
        path.iter().fold(self, |node, &i| match &node.kind {
            HostNodeKind::List(_, child) => child,
            HostNodeKind::Struct(fields) => &fields[i],
            HostNodeKind::Leaf(_) => unreachable!("paths end at leaves"),
        })
    }
}

/// The `size + 1` offsets of LIST column `c` (rows `offset..offset+size`), checked to
/// be non-decreasing and inside the child.
pub(crate) fn list_offsets(c: &Column) -> Result<Vec<usize>> {
    let raw: Vec<i64> = if c.size() == 0 && c.children()[0].size() == 0 {
        vec![0]
    } else {
        c.host_offsets(c.size())?
    };
    let values = c.children()[1].size() as i64;
    if raw.windows(2).any(|w| w[0] > w[1]) || raw.iter().any(|&o| o < 0 || o > values) {
        return Err(Error::value(format!(
            "a LIST column's offsets must be non-decreasing and within its {values} child \
             rows; rebuild the column"
        )));
    }
    Ok(raw.into_iter().map(|o| o as usize).collect())
}

/// A hash width's constants for the nested walk.
trait NestedHash: Copy + Send + Sync {
    /// The hash of a null (all ones).
    const NULL: Self;
    /// The hash of a valid element's validity.
    const VALID: Self;
    fn combine(self, e: Self) -> Self;
    /// The hash of a list's size (an INT32, seed 0).
    fn size(s: usize) -> Self;
}

/// The nested walk of a hash width: its combine and the hash its list sizes get.
macro_rules! nested_hash {
    ($t:ty, $combine:ident, $bytes_hash:ident) => {
        impl NestedHash for $t {
            const NULL: $t = <$t>::MAX;
            const VALID: $t = 0;
            fn combine(self, e: $t) -> $t {
                $combine(self, e)
            }
            fn size(s: usize) -> $t {
                $bytes_hash(&(s as i32).to_le_bytes(), 0)
            }
        }
    };
}
nested_hash!(u32, hash_combine_32, murmur3_x86_32_bytes);
nested_hash!(u64, hash_combine_64, xxh64_bytes);

/// The value one decomposed nested column contributes to row `row` (see the module
/// documentation); `leaf(column, i, valid)` hashes a leaf element.
fn walk_nested<H: NestedHash>(
    levels: &[(&HostNode, bool)],
    row: usize,
    check_nulls: bool,
    leaf: impl Fn(&HostColumn, usize, bool) -> H,
) -> H {
    let mut h = H::VALID;
    let mut cur = vec![row];
    for (k, &(node, hash_validity)) in levels.iter().enumerate() {
        match &node.kind {
            HostNodeKind::Leaf(col) => {
                for &i in &cur {
                    h = h.combine(leaf(col, i, node.is_valid(i)));
                }
            }
            nested => {
                // A LIST ancestor of a later branch has no mask in libcudf's decomposed
                // column: with nulls checked, each of its elements still combines VALID.
                if check_nulls {
                    for &i in &cur {
                        let null = hash_validity && !node.is_valid(i);
                        h = h.combine(if null { H::NULL } else { H::VALID });
                    }
                }
                match nested {
                    // A STRUCT ends its branch only when it has no field there.
                    HostNodeKind::Struct(_) if k + 1 == levels.len() => return h,
                    HostNodeKind::Struct(_) => {}
                    HostNodeKind::List(offsets, _) => {
                        // A null list is empty (libcudf purges non-empty nulls).
                        let range = |i: usize| match node.is_valid(i) {
                            true => offsets[i]..offsets[i + 1],
                            false => 0..0,
                        };
                        for &i in &cur {
                            h = h.combine(H::size(range(i).len()));
                        }
                        cur = cur.iter().flat_map(|&i| range(i)).collect();
                    }
                    HostNodeKind::Leaf(_) => unreachable!("handled above"),
                }
            }
        }
    }
    h
}

/// One column of the hashed sequence: a top-level non-nested column, or a decomposed
/// column of a nested one (`direct`: a non-nested field hashed like a plain column).
enum Part<'a> {
    Flat(&'a HostColumn),
    Direct(&'a HostNode),
    Nested(Vec<(&'a HostNode, bool)>),
}

/// A top-level column prepared for hashing on the host.
enum Prepared {
    Flat(HostColumn),
    Nested(HostNode, Vec<Branch>),
}

fn prepare(function: &str, c: &Column) -> Result<Prepared> {
    if is_nested(c.dtype().id()) {
        Ok(Prepared::Nested(
            HostNode::new(function, c, None)?,
            decompose(c),
        ))
    } else {
        Ok(Prepared::Flat(HostColumn::new(function, c)?))
    }
}

/// Every column of `input` prepared.
fn prepare_table(function: &str, input: &Table) -> Result<Vec<Prepared>> {
    input
        .columns()
        .iter()
        .map(|c| prepare(function, c))
        .collect()
}

fn parts(prepared: &[Prepared]) -> Vec<Part<'_>> {
    let mut out = vec![];
    for p in prepared {
        match p {
            Prepared::Flat(c) => out.push(Part::Flat(c)),
            Prepared::Nested(root, branches) => {
                for b in branches {
                    let levels: Vec<(&HostNode, bool)> = b
                        .levels
                        .iter()
                        .map(|(path, v)| (root.at(path), *v))
                        .collect();
                    match levels.as_slice() {
                        [(node, _)] if matches!(node.kind, HostNodeKind::Leaf(_)) => {
                            out.push(Part::Direct(node));
                        }
                        _ => out.push(Part::Nested(levels)),
                    }
                }
            }
        }
    }
    out
}

/// The bytes of element `i` of a leaf: a null STRING has none (libcudf empties nulls).
#[inline]
fn leaf_bytes<R>(
    c: &HostColumn,
    i: usize,
    valid: bool,
    zero_norm: bool,
    f: impl FnOnce(&[u8]) -> R,
) -> R {
    if !valid && c.kind == ElementKind::Str {
        return f(&[]);
    }
    c.with_bytes(i, zero_norm, f)
}

/// libcudf's 64-bit `hash_combine`.
#[inline]
pub fn hash_combine_64(lhs: u64, rhs: u64) -> u64 {
    lhs ^ (rhs
        .wrapping_add(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(lhs << 6)
        .wrapping_add(lhs >> 2))
}

/// libcudf's 32-bit `hash_combine` (Boost's).
#[inline]
pub fn hash_combine_32(lhs: u32, rhs: u32) -> u32 {
    lhs ^ (rhs
        .wrapping_add(0x9e37_79b9)
        .wrapping_add(lhs << 6)
        .wrapping_add(lhs >> 2))
}

fn output_column(dtype: TypeId, values: Buffer, n: usize) -> Result<Column> {
    Column::without_nulls(dtype.into(), n, values)
}

/// MurmurHash3_x86_32 of every row of `input`, with null checks when `check`.
pub(super) fn murmurhash3_x86_32(
    function: &str,
    input: &Table,
    seed: u32,
    check: bool,
) -> Result<Column> {
    let n = input.num_rows();
    let prepared = prepare_table(function, input)?;
    let parts = parts(&prepared);
    let leaf = |c: &HostColumn, i: usize, valid: bool| -> u32 {
        if check && !valid {
            u32::MAX
        } else {
            leaf_bytes(c, i, valid, true, |b| murmur3_x86_32_bytes(b, seed))
        }
    };
    let row = |i: usize| {
        parts.iter().fold(seed, |h, part| {
            let e = match part {
                Part::Flat(c) => leaf(c, i, c.is_valid(i)),
                Part::Direct(node) => match &node.kind {
                    HostNodeKind::Leaf(c) => leaf(c, i, node.is_valid(i)),
                    _ => unreachable!("direct parts are leaves"),
                },
                Part::Nested(levels) => walk_nested(levels, i, check, leaf),
            };
            hash_combine_32(h, e)
        })
    };
    let values: Vec<u32> = (0..n)
        .into_par_iter()
        .with_min_len(1 << 12)
        .map(row)
        .collect();
    output_column(TypeId::Uint32, Buffer::from_vec(values), n)
}

/// XXH64 of every row of `input`, with null checks when `check`.
pub(super) fn xxhash_64(function: &str, input: &Table, seed: u64, check: bool) -> Result<Column> {
    let n = input.num_rows();
    let prepared = prepare_table(function, input)?;
    let parts = parts(&prepared);
    // Each element is hashed with the running row hash `h` as its seed.
    let leaf = |h: u64| {
        move |c: &HostColumn, i: usize, valid: bool| -> u64 {
            if check && !valid {
                u64::MAX
            } else {
                leaf_bytes(c, i, valid, false, |b| xxh64_bytes(b, h))
            }
        }
    };
    let row = |i: usize| {
        parts.iter().fold(seed, |h, part| match part {
            Part::Flat(c) => leaf(h)(c, i, c.is_valid(i)),
            Part::Direct(node) => match &node.kind {
                HostNodeKind::Leaf(c) => leaf(h)(c, i, node.is_valid(i)),
                _ => unreachable!("direct parts are leaves"),
            },
            Part::Nested(levels) => walk_nested(levels, i, check, leaf(h)),
        })
    };
    let values: Vec<u64> = (0..n)
        .into_par_iter()
        .with_min_len(1 << 12)
        .map(row)
        .collect();
    output_column(TypeId::Uint64, Buffer::from_vec(values), n)
}

/// The columns of a table without nested ones, prepared for hashing on the host.
fn flat_columns(function: &str, input: &Table) -> Result<Vec<HostColumn>> {
    input
        .columns()
        .iter()
        .map(|c| HostColumn::new(function, c))
        .collect()
}

/// XXH32 of every row of `input` (flat columns), chained across columns.
pub(super) fn xxhash_32(function: &str, input: &Table, seed: u32) -> Result<Column> {
    let n = input.num_rows();
    let cols = flat_columns(function, input)?;
    // A column's mask is kept only when it has nulls, so a null here means libcudf checks
    // nulls (some column has them) and the row's running hash becomes all ones.
    let row = |i: usize| {
        cols.iter().fold(seed, |h, c| match c.is_valid(i) {
            true => c.with_bytes(i, true, |b| xxh32_bytes(b, h)),
            false => u32::MAX,
        })
    };
    let values: Vec<u32> = (0..n)
        .into_par_iter()
        .with_min_len(1 << 12)
        .map(row)
        .collect();
    output_column(TypeId::Uint32, Buffer::from_vec(values), n)
}

/// MurmurHash3_x64_128 of every row of `input` (flat columns) as two UINT64 columns: the
/// row starts at `(seed, 0)` and each element is hashed with the first half so far.
pub(super) fn murmurhash3_x64_128(
    function: &str,
    input: &Table,
    seed: u64,
) -> Result<(Column, Column)> {
    let n = input.num_rows();
    let cols = flat_columns(function, input)?;
    let row = |i: usize| {
        cols.iter()
            .fold((seed, 0), |(h, _), c| match c.is_valid(i) {
                true => c.with_bytes(i, false, |b| murmur3_x64_128_bytes(b, h)),
                false => (u64::MAX, u64::MAX),
            })
    };
    let (first, second): (Vec<u64>, Vec<u64>) = (0..n)
        .into_par_iter()
        .with_min_len(1 << 12)
        .map(row)
        .unzip();
    Ok((
        output_column(TypeId::Uint64, Buffer::from_vec(first), n)?,
        output_column(TypeId::Uint64, Buffer::from_vec(second), n)?,
    ))
}

/// A column of a row digest: a leaf, or a LIST of leaves (md5 only).
enum DigestColumn {
    Leaf(HostColumn),
    List {
        valid: Option<arrow_buffer::NullBuffer>,
        /// `size + 1` offsets into `child`'s rows.
        offsets: Vec<usize>,
        child: HostColumn,
    },
}

impl DigestColumn {
    fn new(function: &str, c: &Column) -> Result<DigestColumn> {
        if c.dtype().id() != TypeId::List {
            return Ok(DigestColumn::Leaf(HostColumn::new(function, c)?));
        }
        let offsets = list_offsets(c)?;
        let (start, end) = (offsets[0], offsets[c.size()]);
        let child = c.children()[1].slice(start, end - start)?;
        Ok(DigestColumn::List {
            valid: c.host_nulls()?,
            offsets: offsets.iter().map(|o| o - start).collect(),
            child: HostColumn::new(function, &child)?,
        })
    }

    /// Feed row `i`'s valid elements into `d` (nulls add nothing).
    fn feed<D: sha2::Digest>(&self, i: usize, d: &mut D) {
        match self {
            DigestColumn::Leaf(c) => {
                if c.is_valid(i) {
                    c.with_bytes(i, true, |b| d.update(b));
                }
            }
            DigestColumn::List {
                valid,
                offsets,
                child,
            } => {
                if valid.as_ref().is_none_or(|v| v.is_valid(i)) {
                    for j in (offsets[i]..offsets[i + 1]).filter(|&j| child.is_valid(j)) {
                        child.with_bytes(j, true, |b| d.update(b));
                    }
                }
            }
        }
    }
}

/// The digest of row `i` as lowercase hex into `out` (twice the digest's bytes).
fn digest_row<D: sha2::Digest>(cols: &[DigestColumn], i: usize, out: &mut [u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut d = D::new();
    for c in cols {
        c.feed(i, &mut d);
    }
    for (pair, b) in out.chunks_exact_mut(2).zip(d.finalize()) {
        pair[0] = HEX[usize::from(b >> 4)];
        pair[1] = HEX[usize::from(b & 15)];
    }
}

/// Row digest `digest` of every row of `input`: a STRING column of hex strings.
pub(super) fn digest(input: &Table, digest: Digest) -> Result<Column> {
    let function = digest.function();
    let n = input.num_rows();
    let cols: Vec<DigestColumn> = input
        .columns()
        .iter()
        .map(|c| DigestColumn::new(function, c))
        .collect::<Result<_>>()?;
    let hex = digest.hex_len();
    let mut chars = vec![0u8; n * hex];
    chars
        .par_chunks_mut(hex)
        .with_min_len(1 << 10)
        .enumerate()
        .for_each(|(i, out)| match digest {
            Digest::Md5 => digest_row::<::md5::Md5>(&cols, i, out),
            Digest::Sha1 => digest_row::<::sha1::Sha1>(&cols, i, out),
            Digest::Sha224 => digest_row::<sha2::Sha224>(&cols, i, out),
            Digest::Sha256 => digest_row::<sha2::Sha256>(&cols, i, out),
            Digest::Sha384 => digest_row::<sha2::Sha384>(&cols, i, out),
            Digest::Sha512 => digest_row::<sha2::Sha512>(&cols, i, out),
        });
    let ends = (1..=n).map(|i| (i * hex) as i64).collect();
    host_string_column(chars, ends, None, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn structs(fields: Vec<Column>) -> Column {
        let n = fields[0].size();
        Column::new(TypeId::Struct.into(), n, None, None, Some(0), 0, fields).unwrap()
    }

    fn list_of(values: Column) -> Column {
        let offsets = Column::from_values(vec![0i32, values.size() as i32]);
        Column::new(
            TypeId::List.into(),
            1,
            None,
            None,
            Some(0),
            0,
            vec![offsets, values],
        )
        .unwrap()
    }

    fn paths(c: &Column) -> Vec<Vec<(Vec<usize>, bool)>> {
        decompose(c).into_iter().map(|b| b.levels).collect()
    }

    #[test]
    fn murmur3_x64_128_matches_reference_vectors() {
        // Values of the reference MurmurHash3_x64_128 (the mmh3 package's hash64).
        let cases: [(&[u8], u64, (u64, u64)); 3] = [
            (b"hello", 0, (0xcbd8_a7b3_41bd_9b02, 0x5b1e_906a_48ae_1d19)),
            (
                b"The quick brown fox jumps over the lazy dog",
                42,
                (0x740d_cf93_fe0b_d5d7, 0xc454_6cf4_ec70_5c8f),
            ),
            (
                b"0123456789abcdef0",
                7,
                (0xf5f2_6de0_2f93_4af3, 0x1f66_ca61_7080_3b77),
            ),
        ];
        for (bytes, seed, want) in cases {
            assert_eq!(murmur3_x64_128_bytes(bytes, seed), want);
        }
    }

    fn sha256_hex(message: &[u8]) -> Vec<u8> {
        use sha2::Digest as _;
        let d = sha2::Sha256::digest(message);
        d.iter()
            .flat_map(|b| format!("{b:02x}").into_bytes())
            .collect()
    }

    #[test]
    fn digest_feeds_the_valid_elements_of_a_row() {
        let a = Column::from_options(vec![Some(1i32), None, Some(3)]);
        let f = Column::from_options(vec![Some(-0.0f64), Some(f64::NAN), None]);
        let t = Table::new(vec![a, f]).unwrap();
        let out = digest(&t, Digest::Sha256).unwrap();
        let chars = out.data().unwrap().host().unwrap();
        let zero = 0.0f64.to_le_bytes();
        let nan = f64::from_bits(0x7ff8_0000_0000_0000).to_le_bytes();
        let want: Vec<Vec<u8>> = vec![
            [&1i32.to_le_bytes()[..], &zero].concat(),
            nan.to_vec(),
            3i32.to_le_bytes().to_vec(),
        ];
        for (i, m) in want.iter().enumerate() {
            assert_eq!(&chars[64 * i..64 * (i + 1)], &sha256_hex(m)[..], "row {i}");
        }
        // Sliced: rows 1..3.
        let sliced =
            Table::new(t.columns().iter().map(|c| c.slice(1, 2).unwrap()).collect()).unwrap();
        let chars = digest(&sliced, Digest::Sha256)
            .unwrap()
            .data()
            .unwrap()
            .host()
            .unwrap();
        assert_eq!(&chars[..64], &sha256_hex(&want[1])[..]);
    }

    #[test]
    fn xxhash_32_and_murmur_x64_128_chain_the_columns() {
        let a = Column::from_options(vec![Some(7i64), None]);
        let b = Column::from_values(vec![1u8, 2]);
        let t = Table::new(vec![a, b]).unwrap();
        let x = xxhash_32("t", &t, 5)
            .unwrap()
            .host_values::<u32>()
            .unwrap()
            .to_vec();
        let seven = 7i64.to_le_bytes();
        assert_eq!(
            x,
            vec![
                xxh32_bytes(&[1], xxh32_bytes(&seven, 5)),
                xxh32_bytes(&[2], u32::MAX)
            ]
        );
        let (h1, h2) = murmurhash3_x64_128("t", &t, 5).unwrap();
        let row0 = murmur3_x64_128_bytes(&[1], murmur3_x64_128_bytes(&seven, 5).0);
        let row1 = murmur3_x64_128_bytes(&[2], u64::MAX);
        assert_eq!(
            h1.host_values::<u64>().unwrap().to_vec(),
            vec![row0.0, row1.0]
        );
        assert_eq!(
            h2.host_values::<u64>().unwrap().to_vec(),
            vec![row0.1, row1.1]
        );
    }

    #[test]
    fn decomposition_matches_libcudf_examples() {
        let leaf = || Column::from_values(vec![1i32]);
        // Struct<Struct<int, float>, decimal> -> Struct<Struct<int>>, float, decimal
        let s = structs(vec![structs(vec![leaf(), leaf()]), leaf()]);
        assert_eq!(
            paths(&s),
            vec![
                vec![(vec![], true), (vec![0], true), (vec![0, 0], true)],
                vec![(vec![0, 1], true)],
                vec![(vec![1], true)],
            ]
        );
        // Struct<List<int>, float> -> Struct<>, List<int>, float
        let s = structs(vec![list_of(leaf()), leaf()]);
        assert_eq!(
            paths(&s),
            vec![
                vec![(vec![], true)],
                vec![(vec![0], true), (vec![0, 0], true)],
                vec![(vec![1], true)],
            ]
        );
        // List<Struct<int, float>> -> List<Struct<int>>, List<float> (list validity once)
        let l = list_of(structs(vec![leaf(), leaf()]));
        assert_eq!(
            paths(&l),
            vec![
                vec![(vec![], true), (vec![0], true), (vec![0, 0], true)],
                vec![(vec![], false), (vec![0, 1], true)],
            ]
        );
    }
}

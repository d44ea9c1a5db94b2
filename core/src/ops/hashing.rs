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
//! unset). LIST, STRUCT, DICTIONARY32 and EMPTY columns are not supported.

use crate::bitmask::get_bit;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::hashing as dev;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::table::Table;
use crate::types::{DataType, TypeId, fixed_width};
use rayon::prelude::*;

/// libcudf's default hash seed.
pub const DEFAULT_HASH_SEED: u32 = 0;

/// How the bytes of one element are obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ElementKind {
    /// The value's bytes as stored.
    Raw = 0,
    /// BOOL8: one byte, 0 or 1.
    Bool = 1,
    /// FLOAT32, NaN (and for MurmurHash3 -0.0) normalised.
    F32 = 2,
    /// FLOAT64, likewise.
    F64 = 3,
    /// STRING: the UTF-8 bytes.
    Str = 4,
}

pub(crate) fn element_kind(function: &str, dtype: DataType) -> Result<ElementKind> {
    let id = dtype.id();
    Ok(match id {
        TypeId::Bool8 => ElementKind::Bool,
        TypeId::Float32 => ElementKind::F32,
        TypeId::Float64 => ElementKind::F64,
        TypeId::String => ElementKind::Str,
        _ if id.is_fixed_width() => ElementKind::Raw,
        _ => {
            return Err(Error::not_implemented(format!(
                "{function} does not support {id} columns; it hashes fixed-width and STRING \
                 columns"
            )));
        }
    })
}

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
            let mut offsets = Vec::with_capacity(c.size() + 1);
            if c.size() > 0 {
                let child = &c.children()[0];
                let range = c.offset()..c.offset() + c.size() + 1;
                if child.dtype().id() == TypeId::Int64 {
                    offsets.extend(child.host_values::<i64>()?[range].iter().copied());
                } else {
                    offsets.extend(
                        child.host_values::<i32>()?[range]
                            .iter()
                            .map(|&o| i64::from(o)),
                    );
                }
            }
            let bytes = match c.data() {
                Some(d) => d.host()?,
                None => arrow_buffer::Buffer::from_vec(Vec::<u8>::new()),
            };
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
                let v = if v.is_nan() {
                    f32::from_bits(0x7fc0_0000)
                } else if zero_norm && v == 0.0 {
                    0.0
                } else {
                    v
                };
                f(&v.to_le_bytes())
            }
            ElementKind::F64 => {
                let v = f64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("8 bytes"));
                let v = if v.is_nan() {
                    f64::from_bits(0x7ff8_0000_0000_0000)
                } else if zero_norm && v == 0.0 {
                    0.0
                } else {
                    v
                };
                f(&v.to_le_bytes())
            }
            ElementKind::Raw => f(&b[self.width * i..self.width * (i + 1)]),
        }
    }
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
    Column::new(dtype.into(), n, Some(values), None, Some(0), 0, vec![])
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
    const NAME: &str = "hashing.murmurhash3_x86_32";
    for c in input.columns() {
        element_kind(NAME, c.dtype())?;
    }
    let n = input.num_rows();
    if use_device()? && n > 0 {
        return dev::murmurhash3_x86_32(input, seed);
    }
    let cols = input
        .columns()
        .iter()
        .map(|c| HostColumn::new(NAME, c))
        .collect::<Result<Vec<_>>>()?;
    let row = |i: usize| {
        cols.iter().fold(seed, |h, c| {
            let e = if c.is_valid(i) {
                c.with_bytes(i, true, |b| murmur3_x86_32_bytes(b, seed))
            } else {
                u32::MAX
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

/// XXH64 of every row of `input`, chaining the columns (a UINT64 column without nulls).
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::hashing::*};
/// let t = Table::new(vec![Column::from_values(vec![7i64]), Column::from_values(vec![1u8])]).unwrap();
/// let h = xxhash_64(&t, 42).unwrap().host_values::<u64>().unwrap()[0];
/// assert_eq!(h, xxh64_bytes(&[1u8], xxh64_bytes(&7i64.to_le_bytes(), 42)));
/// ```
pub fn xxhash_64(input: &Table, seed: u64) -> Result<Column> {
    const NAME: &str = "hashing.xxhash_64";
    for c in input.columns() {
        element_kind(NAME, c.dtype())?;
    }
    let n = input.num_rows();
    if use_device()? && n > 0 {
        return dev::xxhash_64(input, seed);
    }
    let cols = input
        .columns()
        .iter()
        .map(|c| HostColumn::new(NAME, c))
        .collect::<Result<Vec<_>>>()?;
    let row = |i: usize| {
        cols.iter().fold(seed, |h, c| {
            if c.is_valid(i) {
                c.with_bytes(i, false, |b| xxh64_bytes(b, h))
            } else {
                u64::MAX
            }
        })
    };
    let values: Vec<u64> = (0..n)
        .into_par_iter()
        .with_min_len(1 << 12)
        .map(row)
        .collect();
    output_column(TypeId::Uint64, Buffer::from_vec(values), n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_vectors() {
        assert_eq!(murmur3_x86_32_bytes(b"", 0), 0);
        assert_eq!(murmur3_x86_32_bytes(b"", 1), 0x514e_28b7);
        assert_eq!(murmur3_x86_32_bytes(b"", 0xffff_ffff), 0x81f1_6f39);
        assert_eq!(
            murmur3_x86_32_bytes(b"The quick brown fox jumps over the lazy dog", 0),
            0x2e4f_f723
        );
        assert_eq!(xxh64_bytes(b"", 0), 0xEF46_DB37_51D8_E999);
        assert_eq!(xxh64_bytes(b"abc", 0), 0x44BC_2CF5_AD77_0999);
    }
}

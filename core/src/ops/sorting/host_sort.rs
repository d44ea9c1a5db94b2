//! The host sort machinery: every key column becomes order-preserving unsigned integers
//! (or byte strings), so rows compare with plain integer comparisons, and ties are broken
//! by the row index, which makes every sort here stable.
//!
//! The transforms match the device radix sort's: signed integers flip their sign bit;
//! floats map -0.0 to +0.0 and every NaN to the canonical NaN, then negative values are
//! complemented and positive ones get their sign bit set (so NaN sorts above +inf);
//! `Descending` complements the key. Nulls are not part of the key: they are kept apart
//! and placed before or after the valid rows of their column.

use crate::column::Column;
use crate::error::Result;
use crate::keys::{KeyKind, NullOrder, Order, nulls_first};
use crate::ops::numeric::canonical_float;
use arrow_buffer::NullBuffer;
use rayon::prelude::*;
use std::cmp::Ordering;

/// Rows below this count are sorted on one thread (rayon's overhead dominates).
const PAR_MIN: usize = 1 << 14;

/// Order-preserving bits of a float64 (NaN canonical and above +inf; -0.0 == 0.0).
#[inline]
pub(crate) fn f64_key(x: f64) -> u64 {
    let b = canonical_float(x, f64::NAN, true).to_bits();
    if b >> 63 == 1 { !b } else { b | (1 << 63) }
}

/// Order-preserving bits of a float32 (as [`f64_key`]).
#[inline]
pub(crate) fn f32_key(x: f32) -> u64 {
    let b = canonical_float(x, f32::NAN, true).to_bits();
    u64::from(if b >> 31 == 1 { !b } else { b | (1 << 31) })
}

/// The normalised keys of one column.
pub(crate) enum NormKeys {
    /// Fixed-width values up to 64 bits, already complemented for `Descending`.
    U64(Vec<u64>),
    /// DECIMAL128 values, already complemented for `Descending`.
    U128(Vec<u128>),
    /// Strings compared by their UTF-8 bytes; `descending` reverses the comparison.
    Str {
        bytes: arrow_buffer::Buffer,
        offsets: Vec<i64>,
        descending: bool,
    },
}

impl NormKeys {
    #[inline]
    fn str_at<'a>(bytes: &'a arrow_buffer::Buffer, offsets: &[i64], i: usize) -> &'a [u8] {
        &bytes.as_slice()[offsets[i] as usize..offsets[i + 1] as usize]
    }
    /// Key order of rows `a` and `b` (both valid).
    #[inline]
    pub(crate) fn cmp(&self, a: usize, b: usize) -> Ordering {
        match self {
            NormKeys::U64(k) => k[a].cmp(&k[b]),
            NormKeys::U128(k) => k[a].cmp(&k[b]),
            NormKeys::Str {
                bytes,
                offsets,
                descending,
            } => {
                let o = Self::str_at(bytes, offsets, a).cmp(Self::str_at(bytes, offsets, b));
                if *descending { o.reverse() } else { o }
            }
        }
    }
}

/// One key column prepared for sorting on the host.
pub(crate) struct SortColumn {
    pub keys: NormKeys,
    /// None when the column has no nulls.
    pub valid: Option<NullBuffer>,
    /// Whether nulls come before the valid rows in the final order.
    pub nulls_first: bool,
}

impl SortColumn {
    #[inline]
    fn is_valid(&self, i: usize) -> bool {
        self.valid.as_ref().is_none_or(|v| v.is_valid(i))
    }
    /// Order of rows `a` and `b` in this column (nulls equal to each other).
    #[inline]
    pub(crate) fn cmp(&self, a: usize, b: usize) -> Ordering {
        if let Some(v) = &self.valid {
            match (v.is_valid(a), v.is_valid(b)) {
                (true, true) => {}
                (false, false) => return Ordering::Equal,
                (false, true) => {
                    return if self.nulls_first {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    };
                }
                (true, false) => {
                    return if self.nulls_first {
                        Ordering::Greater
                    } else {
                        Ordering::Less
                    };
                }
            }
        }
        self.keys.cmp(a, b)
    }
}

/// Prepare one key column.
pub(crate) fn sort_column(
    c: &Column,
    kind: KeyKind,
    order: Order,
    nulls: NullOrder,
) -> Result<SortColumn> {
    let desc = order == Order::Descending;
    let flip = |k: u64| if desc { !k } else { k };
    // The order-preserving 64-bit keys `$key` gives the values of type `$t`, in parallel.
    macro_rules! keyed {
        ($t:ty, $key:expr) => {{
            let key = $key;
            NormKeys::U64(
                c.host_values::<$t>()?
                    .par_iter()
                    .with_min_len(PAR_MIN)
                    .map(|&v| flip(key(v)))
                    .collect(),
            )
        }};
    }
    // Signed integers with the sign bit flipped compare as unsigned.
    let signed = |v: i64| (v as u64) ^ (1 << 63);
    let keys = match kind {
        KeyKind::I8 => keyed!(i8, |v: i8| signed(v.into())),
        KeyKind::I16 => keyed!(i16, |v: i16| signed(v.into())),
        KeyKind::I32 => keyed!(i32, |v: i32| signed(v.into())),
        KeyKind::I64 => keyed!(i64, signed),
        KeyKind::U8 => keyed!(u8, u64::from),
        KeyKind::U16 => keyed!(u16, u64::from),
        KeyKind::U32 => keyed!(u32, u64::from),
        KeyKind::U64 => keyed!(u64, |v: u64| v),
        KeyKind::Bool => NormKeys::U64(
            c.host_values::<u8>()?
                .iter()
                .map(|&v| flip(u64::from(v != 0)))
                .collect(),
        ),
        KeyKind::F32 => keyed!(f32, f32_key),
        KeyKind::F64 => keyed!(f64, f64_key),
        KeyKind::I128 => NormKeys::U128(
            c.host_values::<i128>()?
                .iter()
                .map(|&v| {
                    let k = (v as u128) ^ (1 << 127);
                    if desc { !k } else { k }
                })
                .collect(),
        ),
        KeyKind::Str => {
            let (bytes, offsets) = c.host_string_parts()?;
            NormKeys::Str {
                bytes,
                offsets,
                descending: desc,
            }
        }
    };
    let valid = if c.has_nulls()? {
        c.host_nulls()?
    } else {
        None
    };
    Ok(SortColumn {
        keys,
        valid,
        nulls_first: nulls_first(order, nulls),
    })
}

/// Prepare every key column of a table.
pub(crate) fn sort_columns(
    columns: &[Column],
    kinds: &[KeyKind],
    orders: &[Order],
    nulls: &[NullOrder],
) -> Result<Vec<SortColumn>> {
    columns
        .iter()
        .enumerate()
        .map(|(i, c)| sort_column(c, kinds[i], orders[i], nulls[i]))
        .collect()
}

/// Lexicographic order of rows `a` and `b` over all key columns (ties: equal).
#[inline]
pub(crate) fn cmp_rows(cols: &[SortColumn], a: usize, b: usize) -> Ordering {
    for c in cols {
        let o = c.cmp(a, b);
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

/// Sort `(key, row)` pairs; ties keep row order because the row is the second field.
fn sort_pairs<K: Ord + Copy + Send>(pairs: &mut [(K, u32)]) {
    if pairs.len() >= PAR_MIN {
        pairs.par_sort_unstable();
    } else {
        pairs.sort_unstable();
    }
}

/// The stable sorted order of rows `0..n` by `cols` (row numbers as i32).
pub(crate) fn stable_order(cols: &[SortColumn], n: usize) -> Vec<i32> {
    if cols.len() == 1 {
        let c = &cols[0];
        // One fixed-width column: sort (key, row) pairs of the valid rows, then put the
        // null rows (already in row order) before or after them.
        let valid_rows = |f: &mut dyn FnMut(usize)| {
            for i in 0..n {
                if c.is_valid(i) {
                    f(i)
                }
            }
        };
        let sorted: Option<Vec<u32>> = match &c.keys {
            NormKeys::U64(k) => {
                if let Some(rows) = counting_sort(k, c.valid.as_ref()) {
                    return place_nulls(c, rows, n);
                }
                let mut pairs: Vec<(u64, u32)> = if c.valid.is_none() {
                    k.par_iter()
                        .with_min_len(PAR_MIN)
                        .enumerate()
                        .map(|(i, &v)| (v, i as u32))
                        .collect()
                } else {
                    let mut p = Vec::with_capacity(n);
                    valid_rows(&mut |i| p.push((k[i], i as u32)));
                    p
                };
                super::radix::sort_u64_pairs(&mut pairs);
                Some(pairs.into_iter().map(|(_, i)| i).collect())
            }
            NormKeys::U128(k) => {
                let mut pairs = Vec::with_capacity(n);
                valid_rows(&mut |i| pairs.push((k[i], i as u32)));
                sort_pairs(&mut pairs);
                Some(pairs.into_iter().map(|(_, i)| i).collect())
            }
            NormKeys::Str {
                bytes,
                offsets,
                descending,
            } => {
                // (first 8 bytes big-endian, zero padded; row): most comparisons are
                // decided by the prefix, within the contiguous pairs.
                // Skip the bytes every valid string shares, so that the 8-byte prefix
                // separates keys like "key-000123" / "key-000124".
                let lcp = common_prefix(bytes, offsets, c.valid.as_ref(), n);
                let at = |i: usize| &NormKeys::str_at(bytes, offsets, i)[lcp..];
                let prefix = |i: usize| {
                    let b = at(i);
                    let mut p = [0u8; 8];
                    let m = b.len().min(8);
                    p[..m].copy_from_slice(&b[..m]);
                    let k = u64::from_be_bytes(p);
                    if *descending { !k } else { k }
                };
                let mut pairs: Vec<(u64, u32)> = Vec::with_capacity(n);
                valid_rows(&mut |i| pairs.push((prefix(i), i as u32)));
                let cmp = |a: &(u64, u32), b: &(u64, u32)| {
                    a.0.cmp(&b.0)
                        .then_with(|| {
                            let o = at(a.1 as usize).cmp(at(b.1 as usize));
                            if *descending { o.reverse() } else { o }
                        })
                        .then(a.1.cmp(&b.1))
                };
                if pairs.len() >= PAR_MIN {
                    pairs.par_sort_unstable_by(cmp);
                } else {
                    pairs.sort_unstable_by(cmp);
                }
                Some(pairs.into_iter().map(|(_, i)| i).collect())
            }
        };
        if let Some(sorted) = sorted {
            return place_nulls(c, sorted, n);
        }
    }
    if cols
        .iter()
        .all(|c| matches!(c.keys, NormKeys::U64(_) | NormKeys::U128(_)))
    {
        return lsd_columns(cols, n);
    }
    let mut idx: Vec<i32> = (0..n as i32).collect();
    let cmp = |a: &i32, b: &i32| cmp_rows(cols, *a as usize, *b as usize).then(a.cmp(b));
    if n >= PAR_MIN {
        idx.par_sort_unstable_by(cmp);
    } else {
        idx.sort_unstable_by(cmp);
    }
    idx
}

/// The length of the longest prefix all valid strings share.
fn common_prefix(
    bytes: &arrow_buffer::Buffer,
    offsets: &[i64],
    valid: Option<&NullBuffer>,
    n: usize,
) -> usize {
    let ok = |i: usize| valid.is_none_or(|v| v.is_valid(i));
    let Some(first) = (0..n).find(|&i| ok(i)) else {
        return 0;
    };
    let s0 = NormKeys::str_at(bytes, offsets, first);
    (0..n)
        .into_par_iter()
        .with_min_len(PAR_MIN)
        .filter(|&i| ok(i))
        .map(|i| {
            let s = NormKeys::str_at(bytes, offsets, i);
            s0.iter().zip(s).take_while(|(a, b)| a == b).count()
        })
        .min()
        .unwrap_or(0)
}

/// The sorted valid rows of one column with its null rows (in row order) before or after.
fn place_nulls(c: &SortColumn, sorted: Vec<u32>, n: usize) -> Vec<i32> {
    let mut out = Vec::with_capacity(n);
    let nulls: Vec<i32> = match &c.valid {
        None => vec![],
        Some(v) => (0..n).filter(|&i| v.is_null(i)).map(|i| i as i32).collect(),
    };
    if c.nulls_first {
        out.extend_from_slice(&nulls);
    }
    out.extend(sorted.into_iter().map(|i| i as i32));
    if !c.nulls_first {
        out.extend_from_slice(&nulls);
    }
    out
}

/// Keys spanning at most this many values are counting-sorted.
const COUNTING_RANGE: u64 = 1 << 16;

/// A stable counting sort of the valid rows when their keys span a small range (one
/// histogram pass and one scatter pass); None when the range is too wide.
fn counting_sort(k: &[u64], valid: Option<&NullBuffer>) -> Option<Vec<u32>> {
    let n = k.len();
    if n < 1 << 12 {
        return None;
    }
    let ok = |i: usize| valid.is_none_or(|v| v.is_valid(i));
    let (lo, hi) = k
        .par_iter()
        .enumerate()
        .with_min_len(PAR_MIN)
        .filter(|&(i, _)| ok(i))
        .map(|(_, &v)| (v, v))
        .reduce(|| (u64::MAX, 0), |a, b| (a.0.min(b.0), a.1.max(b.1)));
    if lo > hi || hi - lo >= COUNTING_RANGE {
        return None;
    }
    let range = (hi - lo + 1) as usize;
    let mut counts = vec![0u32; range + 1];
    for (i, &v) in k.iter().enumerate() {
        if ok(i) {
            counts[(v - lo) as usize + 1] += 1;
        }
    }
    for j in 1..=range {
        counts[j] += counts[j - 1];
    }
    let total = counts[range] as usize;
    let mut out = vec![0u32; total];
    for (i, &v) in k.iter().enumerate() {
        if ok(i) {
            let slot = &mut counts[(v - lo) as usize];
            out[*slot as usize] = i as u32;
            *slot += 1;
        }
    }
    Some(out)
}

/// Stably re-sort `perm` by the 64-bit key of each row: radix sort (key, position) pairs,
/// then read the rows back through the positions.
fn resort(perm: &mut Vec<u32>, key_of: impl Fn(usize) -> u64 + Sync) {
    let mut pairs: Vec<(u64, u32)> = perm
        .par_iter()
        .with_min_len(PAR_MIN)
        .enumerate()
        .map(|(pos, &r)| (key_of(r as usize), pos as u32))
        .collect();
    super::radix::sort_u64_pairs(&mut pairs);
    let old = &*perm;
    let new: Vec<u32> = pairs
        .par_iter()
        .with_min_len(PAR_MIN)
        .map(|&(_, p)| old[p as usize])
        .collect();
    *perm = new;
}

/// Several fixed-width key columns: LSD over the columns (the last one first), each a
/// stable radix re-sort of the permutation, as the device does. Null rows get a constant
/// value key (keeping their order from the less significant columns), then a stable
/// partition puts them before or after the valid rows.
fn lsd_columns(cols: &[SortColumn], n: usize) -> Vec<i32> {
    let mut perm: Vec<u32> = (0..n as u32).collect();
    for c in cols.iter().rev() {
        let valid = |r: usize| c.is_valid(r);
        match &c.keys {
            NormKeys::U64(k) => resort(&mut perm, |r| if valid(r) { k[r] } else { 0 }),
            NormKeys::U128(k) => {
                resort(&mut perm, |r| if valid(r) { k[r] as u64 } else { 0 });
                resort(
                    &mut perm,
                    |r| if valid(r) { (k[r] >> 64) as u64 } else { 0 },
                );
            }
            NormKeys::Str { .. } => unreachable!("fixed-width keys"),
        }
        if let Some(v) = &c.valid {
            let (nulls, rest): (Vec<u32>, Vec<u32>) =
                perm.iter().partition(|&&r| v.is_null(r as usize));
            perm = if c.nulls_first {
                [nulls, rest].concat()
            } else {
                [rest, nulls].concat()
            };
        }
    }
    perm.into_iter().map(|r| r as i32).collect()
}

/// Sort the rows listed in `rows` in place (stable: ties keep their relative order).
pub(crate) fn sort_rows_in_place(cols: &[SortColumn], rows: &mut [i32]) {
    rows.sort_by(|a, b| cmp_rows(cols, *a as usize, *b as usize));
}

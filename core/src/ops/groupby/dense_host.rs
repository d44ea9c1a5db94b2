//! Host grouping of one integer-like key whose values span a small range (ids, codes,
//! dates): no hashing at all. Each chunk of rows records the first row of every value it
//! sees in an array indexed by `value - min`; the chunks' arrays are merged by minimum, the
//! values present are numbered by their first row (first-appearance order, as the hash
//! path), and a second parallel pass looks every row's group up in the array.

use super::hash_host::{HostGroups, NONE, chunking};
use crate::column::Column;
use crate::error::Result;
use crate::types::TypeId;
use arrow_buffer::NullBuffer;
use rayon::prelude::*;

/// Ranges up to this many values use the dense path (4 bytes per value and chunk).
const MAX_RANGE: u64 = 1 << 22;
/// Rows per parallel work item.
const CHUNK: usize = 1 << 16;

/// The dense grouping of `key` (an integer-like column of at most 32-bit or signed 64-bit
/// storage), or None when its type or value range does not suit it. Null keys form one
/// group when `include_nulls`, else they are left out.
pub(crate) fn group_dense(key: &Column, include_nulls: bool) -> Result<Option<HostGroups>> {
    let Some(st) = crate::device::kernels::storage_id(key.dtype().id()) else {
        return Ok(None);
    };
    let nulls = key.host_nulls()?;
    let nulls = nulls.as_ref();
    macro_rules! go {
        ($t:ty) => {{
            let v = key.host_values::<$t>()?;
            Ok(dense(&v, nulls, include_nulls))
        }};
    }
    match st {
        TypeId::Int8 => go!(i8),
        TypeId::Int16 => go!(i16),
        TypeId::Int32 => go!(i32),
        TypeId::Int64 => go!(i64),
        TypeId::Uint8 => go!(u8),
        TypeId::Uint16 => go!(u16),
        TypeId::Uint32 => go!(u32),
        // UINT64 may not fit i64; BOOL8 bytes need normalising; floats need hashing.
        _ => Ok(None),
    }
}

fn dense<T>(v: &[T], nulls: Option<&NullBuffer>, include_nulls: bool) -> Option<HostGroups>
where
    T: Copy + Into<i64> + Send + Sync,
{
    let n = v.len();
    let (lo, hi) = v
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(ci, c)| {
            let (mut lo, mut hi) = (i64::MAX, i64::MIN);
            match nulls {
                None => {
                    for &x in c {
                        let x: i64 = x.into();
                        lo = lo.min(x);
                        hi = hi.max(x);
                    }
                }
                Some(b) => {
                    for (j, &x) in c.iter().enumerate() {
                        if b.is_valid(ci * CHUNK + j) {
                            let x: i64 = x.into();
                            lo = lo.min(x);
                            hi = hi.max(x);
                        }
                    }
                }
            }
            (lo, hi)
        })
        .reduce(|| (i64::MAX, i64::MIN), |a, b| (a.0.min(b.0), a.1.max(b.1)));
    let range = if lo > hi {
        0
    } else {
        (hi as i128 - lo as i128 + 1) as u64
    };
    // Worth it only when the array is small next to the rows (or fits in cache anyway).
    if range > MAX_RANGE || range > (n as u64).max(1 << 16) {
        return None;
    }
    let range = range as usize;
    // The null key is slot `range` (one past the values).
    let slots = range + 1;
    let slot = |i: usize| -> usize {
        match nulls {
            Some(b) if b.is_null(i) => range,
            _ => (Into::<i64>::into(v[i]) - lo) as usize,
        }
    };
    let (parts, per_part) = chunking(n, CHUNK, 16);
    let firsts: Vec<Vec<u32>> = (0..parts)
        .into_par_iter()
        .map(|p| {
            let mut first = vec![NONE; slots];
            let (a, b) = ((p * per_part).min(n), ((p + 1) * per_part).min(n));
            match nulls {
                None => {
                    for (k, &x) in v[a..b].iter().enumerate() {
                        let s = (Into::<i64>::into(x) - lo) as usize;
                        if first[s] == NONE {
                            first[s] = (a + k) as u32;
                        }
                    }
                }
                Some(_) => {
                    for i in a..b {
                        let s = slot(i);
                        if first[s] == NONE {
                            first[s] = i as u32;
                        }
                    }
                }
            }
            first
        })
        .collect();
    let mut first = firsts[0].clone();
    for f in &firsts[1..] {
        first
            .par_iter_mut()
            .zip(f.par_iter())
            .with_min_len(1 << 14)
            .for_each(|(a, &b)| *a = (*a).min(b));
    }
    if !include_nulls {
        first[range] = NONE;
    }
    // Number the values present by their first row.
    let mut present: Vec<(u32, u32)> = first
        .iter()
        .enumerate()
        .filter(|&(_, &r)| r != NONE)
        .map(|(s, &r)| (r, s as u32))
        .collect();
    present.par_sort_unstable();
    let mut id_of_slot = vec![NONE; slots];
    for (g, &(_, s)) in present.iter().enumerate() {
        id_of_slot[s as usize] = g as u32;
    }
    let gid: Vec<u32> = match nulls {
        None => v
            .par_iter()
            .with_min_len(CHUNK)
            .map(|&x| id_of_slot[(Into::<i64>::into(x) - lo) as usize])
            .collect(),
        Some(_) => (0..n)
            .into_par_iter()
            .with_min_len(CHUNK)
            .map(|i| id_of_slot[slot(i)])
            .collect(),
    };
    Some(HostGroups {
        gid,
        first: present.into_iter().map(|(r, _)| r).collect(),
    })
}

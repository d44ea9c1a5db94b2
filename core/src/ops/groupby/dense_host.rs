//! Host grouping of one integer-like key whose values span a small range (ids, codes,
//! dates): no hashing at all. Each chunk of rows records the first row of every value it
//! sees in an array indexed by `value - min`; the chunks' arrays are merged by minimum, the
//! values present are numbered by their first row (first-appearance order, as the hash
//! path), and a second parallel pass looks every row's group up in the array.

use super::hash_host::{HostGroups, NONE};
use arrow_buffer::NullBuffer;
use rayon::prelude::*;

/// Ranges up to this many values use the dense path (4 bytes per value and chunk).
const MAX_RANGE: u64 = 1 << 22;

/// Group ids from normalised key words (signed values as i64 bits), or None when the
/// range is too wide. Null keys form one group after the values when `include_nulls`, or
/// are left out.
pub(crate) fn group_dense(
    words: &[u64],
    nulls: Option<&NullBuffer>,
    include_nulls: bool,
    signed: bool,
) -> Option<HostGroups> {
    let n = words.len();
    let valid = |i: usize| nulls.is_none_or(|b| b.is_valid(i));
    let as_i128 = |w: u64| {
        if signed { w as i64 as i128 } else { w as i128 }
    };
    let (lo, hi) = (0..n)
        .into_par_iter()
        .with_min_len(1 << 14)
        .filter(|&i| valid(i))
        .map(|i| {
            let v = as_i128(words[i]);
            (v, v)
        })
        .reduce(
            || (i128::MAX, i128::MIN),
            |a, b| (a.0.min(b.0), a.1.max(b.1)),
        );
    let range = if lo > hi { 0 } else { (hi - lo + 1) as u64 };
    // Worth it only when the array is small next to the rows (or fits in cache anyway).
    if range > MAX_RANGE || range > (n as u64).max(1 << 16) {
        return None;
    }
    let range = range as usize;
    // The null key is slot `range` (one past the values).
    let slots = range + 1;
    let slot = |i: usize| -> usize {
        if valid(i) {
            (as_i128(words[i]) - lo) as usize
        } else {
            range
        }
    };
    let parts = if n >= 1 << 16 {
        rayon::current_num_threads().clamp(1, 16)
    } else {
        1
    };
    let chunk = n.div_ceil(parts).max(1);
    let firsts: Vec<Vec<u32>> = (0..parts)
        .into_par_iter()
        .map(|p| {
            let mut first = vec![NONE; slots];
            for i in (p * chunk)..((p + 1) * chunk).min(n) {
                let s = slot(i);
                if first[s] == NONE {
                    first[s] = i as u32;
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
    let gid: Vec<u32> = (0..n)
        .into_par_iter()
        .with_min_len(1 << 14)
        .map(|i| id_of_slot[slot(i)])
        .collect();
    Some(HostGroups {
        gid,
        first: present.into_iter().map(|(r, _)| r).collect(),
    })
}

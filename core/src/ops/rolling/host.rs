//! The host path of `rolling`: the windows as two `Vec<i32>` and one loop per row over its
//! window (rows in parallel with rayon for large columns), following the kernels of
//! `device/kernels/cuda/rolling.cu` step for step so both paths give the same bits.

use super::plan::{Collected, CountMode, Plan};
use super::{Bounds, WindowSize};
use crate::bitmask::mask_from_bools;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::storage_id;
use crate::error::Result;
use crate::ops::gather::{NULL_ROW, host_map};
use crate::ops::numeric::{Num, with_num_type};
use crate::types::{DataType, TypeId};
use arrow_buffer::NullBuffer;
use rayon::prelude::*;

/// Rows from which the per-row loops run in parallel.
const PARALLEL_ROWS: usize = 1 << 14;

/// `f` of every row `0..n`, in parallel for large inputs.
fn per_row<T: Send>(n: usize, f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    if n >= PARALLEL_ROWS {
        (0..n)
            .into_par_iter()
            .with_min_len(1 << 12)
            .map(f)
            .collect()
    } else {
        (0..n).map(f).collect()
    }
}

/// The window `[start, end)` of row `i` of `n` with sizes `p` (preceding, the row
/// included) and `f` (following): clamped to the rows, swapped where they cross.
pub(crate) fn window(i: i64, p: i64, f: i64, n: i64) -> (i32, i32) {
    let s = (i - p + 1).clamp(0, n);
    let e = (i + f + 1).clamp(0, n);
    (s.min(e) as i32, s.max(e) as i32)
}

/// The windows of `n` rows.
pub(super) fn bounds(n: usize, pre: WindowSize<'_>, fol: WindowSize<'_>) -> Result<Bounds> {
    let sizes = |w: WindowSize<'_>| -> Result<Option<arrow_buffer::ScalarBuffer<i32>>> {
        Ok(match w {
            WindowSize::Fixed(_) => None,
            WindowSize::PerRow(c) => Some(c.host_values::<i32>()?),
        })
    };
    let (ps, fs) = (sizes(pre)?, sizes(fol)?);
    let fixed = |w: WindowSize<'_>| match w {
        WindowSize::Fixed(v) => i64::from(v),
        WindowSize::PerRow(_) => 0,
    };
    let (p0, f0) = (fixed(pre), fixed(fol));
    let w = per_row(n, |i| {
        let p = ps.as_ref().map_or(p0, |s| i64::from(s[i]));
        let f = fs.as_ref().map_or(f0, |s| i64::from(s[i]));
        window(i as i64, p, f, n as i64)
    });
    let (start, end) = w.into_iter().unzip();
    Ok(Bounds::Host(start, end))
}

/// Whether row `j` is valid.
fn valid(nulls: &Option<NullBuffer>, j: usize) -> bool {
    nulls.as_ref().is_none_or(|m| m.is_valid(j))
}

/// The windows of one row as a range.
fn range(start: &[i32], end: &[i32], i: usize) -> std::ops::Range<usize> {
    start[i] as usize..end[i] as usize
}

/// The gather map of a MIN, MAX, LEAD, LAG or NTH_ELEMENT plan ([`NULL_ROW`] for null
/// rows); `None` for the other plans.
pub(super) fn gather_map(
    source: &Column,
    start: &[i32],
    end: &[i32],
    plan: &Plan,
    min_periods: i32,
) -> Result<Option<Column>> {
    let n = start.len();
    let nulls = source.host_nulls()?;
    let mp = min_periods as usize;
    let map = match *plan {
        Plan::Extreme { max } => {
            let st = storage_id(source.dtype().id()).expect("checked by the plan");
            with_num_type!(st, T => {
                let v = source.host_values::<T>()?;
                per_row(n, |i| {
                    let (mut best, mut arg, mut count) = (T::zero(), NULL_ROW, 0usize);
                    for j in range(start, end, i) {
                        if valid(&nulls, j) {
                            let x = v[j];
                            // libcudf's min/max step: the new value wins unless the
                            // running one is strictly better (so NaN handling matches).
                            let keep = if max { x < best } else { best < x };
                            if count == 0 || !keep {
                                best = x;
                                arg = j as i32;
                            }
                            count += 1;
                        }
                    }
                    if count >= mp { arg } else { NULL_ROW }
                })
            })
        }
        Plan::Shift { lead, offset } => {
            let k = i64::from(offset);
            per_row(n, |i| {
                let (s, e, i) = (i64::from(start[i]), i64::from(end[i]), i as i64);
                let j = if lead { i + k } else { i - k };
                let inside = if lead { k < e - i } else { k <= i - s };
                if inside { j as i32 } else { NULL_ROW }
            })
        }
        Plan::Nth {
            n: nth,
            exclude_nulls,
        } => per_row(n, |i| {
            let r = range(start, end, i);
            if r.len() < mp {
                return NULL_ROW;
            }
            let rows: Vec<usize> = if exclude_nulls {
                r.filter(|&j| valid(&nulls, j)).collect()
            } else {
                r.collect()
            };
            let k = if nth >= 0 {
                i64::from(nth)
            } else {
                rows.len() as i64 + i64::from(nth)
            };
            usize::try_from(k)
                .ok()
                .and_then(|k| rows.get(k))
                .map_or(NULL_ROW, |&j| j as i32)
        }),
        _ => return Ok(None),
    };
    Ok(Some(host_map(map)))
}

/// COLLECT_LIST's offsets (INT32), map of source rows and null rows (windows of fewer
/// than `min_periods` rows, nulls included, are null and empty).
pub(super) fn collect_list(
    source: &Column,
    start: &[i32],
    end: &[i32],
    exclude_nulls: bool,
    min_periods: i32,
) -> Result<Collected> {
    let n = start.len();
    let nulls = source.host_nulls()?.filter(|_| exclude_nulls);
    let ok: Vec<bool> = per_row(n, |i| end[i] - start[i] >= min_periods);
    let mut offsets = Vec::with_capacity(n + 1);
    let mut map = vec![];
    offsets.push(0i32);
    for (i, &keep) in ok.iter().enumerate() {
        if keep {
            map.extend(
                range(start, end, i)
                    .filter(|&j| valid(&nulls, j))
                    .map(|j| j as i32),
            );
        }
        offsets.push(map.len() as i32);
    }
    let mask = mask_from_bools(n, ok.iter().copied());
    Ok(Collected {
        offsets: Column::from_values(offsets),
        map: host_map(map),
        mask: (mask.1 > 0).then_some(mask),
    })
}

/// A column of `dtype` from per-row (value, valid) pairs.
fn column_of<T: arrow_buffer::ArrowNativeType>(
    dtype: DataType,
    rows: Vec<(T, bool)>,
) -> Result<Column> {
    let n = rows.len();
    let (mask, nulls) = mask_from_bools(n, rows.iter().map(|r| r.1));
    let values: Vec<T> = rows.into_iter().map(|r| r.0).collect();
    let mask = (nulls > 0).then_some(mask);
    Column::new(
        dtype,
        n,
        Some(Buffer::from_vec(values)),
        mask,
        Some(nulls),
        0,
        vec![],
    )
}

/// The per-row values of a COUNT, ROW_NUMBER, SUM, MEAN, VARIANCE or STD plan.
pub(super) fn values(
    source: &Column,
    start: &[i32],
    end: &[i32],
    plan: &Plan,
    min_periods: i32,
) -> Result<Column> {
    let n = start.len();
    let nulls = source.host_nulls()?;
    let out_type = plan.output_type(source.dtype());
    let mp = min_periods as usize;
    // Valid rows before each row: a window's valid count is one difference, not a walk.
    let valid_before: Vec<usize> = match &nulls {
        Some(m) if matches!(plan, Plan::Count(CountMode::Valid)) => {
            let mut acc = 0;
            let mut out = Vec::with_capacity(n + 1);
            out.push(0);
            for j in 0..source.size() {
                acc += usize::from(m.is_valid(j));
                out.push(acc);
            }
            out
        }
        _ => Vec::new(),
    };
    let valid_count = |i: usize| {
        let (s, e) = (start[i] as usize, end[i] as usize);
        if valid_before.is_empty() {
            e - s
        } else {
            valid_before[e] - valid_before[s]
        }
    };
    match *plan {
        Plan::Count(mode) => column_of(
            out_type,
            per_row(n, |i| {
                let size = end[i] - start[i];
                let v = match mode {
                    CountMode::Valid => valid_count(i) as i32,
                    CountMode::All => size,
                    CountMode::RowNumber => i as i32 - start[i] + 1,
                };
                (v, size >= min_periods)
            }),
        ),
        Plan::Sum { out } => {
            let st = storage_id(source.dtype().id()).expect("numeric or duration");
            let ot = storage_id(out).expect("numeric or duration");
            let bool_source = source.dtype().id() == TypeId::Bool8;
            with_num_type!(st, T => {
                let v = source.host_values::<T>()?;
                with_num_type!(ot, O => {
                    // BOOL8 bytes count as 0 or 1, as the kernel loads them.
                    let x = |j: usize| {
                        if bool_source {
                            if v[j] != T::zero() { O::one() } else { O::zero() }
                        } else {
                            v[j].cast::<O>()
                        }
                    };
                    column_of(out_type, per_row(n, |i| {
                        let (mut acc, mut count) = (O::zero(), 0usize);
                        for j in range(start, end, i) {
                            if valid(&nulls, j) {
                                acc = acc.wadd(x(j));
                                count += 1;
                            }
                        }
                        (acc, count >= mp)
                    }))
                })
            })
        }
        Plan::Mean | Plan::Variance { .. } => {
            let st = storage_id(source.dtype().id()).expect("numeric");
            let bool_source = source.dtype().id() == TypeId::Bool8;
            with_num_type!(st, T => {
                let v = source.host_values::<T>()?;
                let x = |j: usize| {
                    if bool_source { f64::from(u8::from(v[j] != T::zero())) } else { v[j].to_f64() }
                };
                let window_values = |i: usize| range(start, end, i).filter(|&j| valid(&nulls, j)).map(x);
                if matches!(plan, Plan::Mean) {
                    // The mean needs only the sum and the count: skipping Welford's updates
                    // (a division per value) leaves the same bits, in the same order.
                    return column_of(out_type, per_row(n, |i| {
                        let (mut sum, mut count) = (0.0f64, 0usize);
                        for v in window_values(i) {
                            sum += v;
                            count += 1;
                        }
                        let ok = count > 0 && count >= mp;
                        (if ok { sum / count as f64 } else { 0.0 }, ok)
                    }));
                }
                column_of(out_type, per_row(n, |i| moment(plan, window_values(i), mp)))
            })
        }
        _ => unreachable!("gather and list plans are handled by the caller"),
    }
}

/// MEAN, VARIANCE or STD of the values `xs` of one window (libcudf's order of operations:
/// the mean as sum / count, the variance by Welford's updates) and its validity.
fn moment(plan: &Plan, xs: impl Iterator<Item = f64>, min_periods: usize) -> (f64, bool) {
    let (mut count, mut sum, mut m, mut m2) = (0usize, 0.0f64, 0.0f64, 0.0f64);
    for x in xs {
        count += 1;
        sum += x;
        let d = x - m;
        m += d / count as f64;
        m2 += d * (x - m);
    }
    let ok = count > 0 && count >= min_periods;
    let value = match *plan {
        Plan::Variance { ddof, std } => {
            let var = if count as i64 >= i64::from(ddof) {
                m2 / (count as i64 - i64::from(ddof)) as f64
            } else {
                f64::NAN
            };
            if std { var.sqrt() } else { var }
        }
        _ => sum / count as f64,
    };
    (if ok { value } else { 0.0 }, ok)
}

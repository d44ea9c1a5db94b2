//! Host aggregations over dense group ids: one pass over the rows per aggregation
//! (split into a fixed number of parts folded in parallel and merged in part order, so
//! float results do not depend on the thread count), and per-group work over the grouped
//! row order for the order-based aggregations.

use super::check_quantiles;
use super::hash_host::{HostGroups, NONE, encode_rows};
use super::types::{output_type, storage_view};
use crate::bitmask::mask_from_bools;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::aggregation::{Aggregation, BitwiseOp, CorrelationType, Interpolation, NullPolicy};
use crate::ops::gather::{NULL_ROW, gather_internal, gather_internal_nullable, host_map};
use crate::ops::numeric::{Num, column_values_as, with_num_type};
use crate::types::{DataType, TypeId};
use arrow_buffer::NullBuffer;
use rayon::prelude::*;
use std::cmp::Ordering;

/// Rows below this are folded in one part.
const PARALLEL_ROWS: usize = 1 << 16;
/// Parts a large fold is split into (fixed, so results are the same on every machine).
const PARTS: usize = 4;

/// Fold the valid rows of every group: `step(state, row)`, partial states merged with
/// `merge` in part order.
pub(crate) fn fold<S, F, M>(
    g: &HostGroups,
    valid: Option<&NullBuffer>,
    init: S,
    step: F,
    merge: M,
) -> Vec<S>
where
    S: Copy + Send + Sync,
    F: Fn(&mut S, usize) + Sync,
    M: Fn(S, S) -> S + Sync,
{
    let (n, ng) = (g.gid.len(), g.len());
    // Per-part states cost PARTS x groups: only worth it when rows outnumber groups.
    let parts = if n >= PARALLEL_ROWS && ng <= n / 4 {
        PARTS
    } else {
        1
    };
    let chunk = n.div_ceil(parts).max(1);
    let run = |p: usize| -> Vec<S> {
        let mut acc = vec![init; ng];
        let (lo, hi) = (p * chunk, ((p + 1) * chunk).min(n));
        let gid = &g.gid[lo..hi];
        match valid {
            None => {
                for (k, &gi) in gid.iter().enumerate() {
                    if gi != NONE {
                        step(&mut acc[gi as usize], lo + k);
                    }
                }
            }
            Some(v) => {
                for (k, &gi) in gid.iter().enumerate() {
                    if gi != NONE && v.is_valid(lo + k) {
                        step(&mut acc[gi as usize], lo + k);
                    }
                }
            }
        }
        acc
    };
    if parts == 1 {
        return run(0);
    }
    let mut partials: Vec<Vec<S>> = (0..parts).into_par_iter().map(run).collect();
    let mut out = partials.remove(0);
    for p in partials {
        out.par_iter_mut()
            .zip(p.par_iter())
            .with_min_len(1 << 12)
            .for_each(|(a, &b)| *a = merge(*a, b));
    }
    out
}

/// Valid values per group.
pub(crate) fn valid_counts(g: &HostGroups, valid: Option<&NullBuffer>) -> Vec<u32> {
    fold(g, valid, 0u32, |s, _| *s += 1, |a, b| a + b)
}

/// A fixed-width column of `values` with nulls where `valid` is false.
pub(crate) fn make_column<T: arrow_buffer::ArrowNativeType>(
    dtype: DataType,
    values: Vec<T>,
    valid: Option<&[bool]>,
) -> Result<Column> {
    let n = values.len();
    let (mask, nulls) = match valid {
        Some(v) if v.iter().any(|&b| !b) => {
            let (m, c) = mask_from_bools(n, v.iter().copied());
            (Some(m), c)
        }
        _ => (None, 0),
    };
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

/// One aggregation of `values` (already checked against the key rows) per group.
pub(crate) fn aggregate(values: &Column, agg: &Aggregation, g: &HostGroups) -> Result<Column> {
    use Aggregation as A;
    let out = output_type(values.dtype(), agg)?;
    let nulls = values.host_nulls()?;
    let valid = nulls.as_ref();
    let ng = g.len();
    let has = |counts: &[u32]| -> Vec<bool> { counts.iter().map(|&c| c > 0).collect() };
    match agg {
        A::Count(policy) => {
            let counts = match policy {
                NullPolicy::Include => valid_counts(g, None),
                NullPolicy::Exclude => valid_counts(g, valid),
            };
            let v: Vec<i32> = counts.into_iter().map(|c| c as i32).collect();
            make_column(out, v, None)
        }
        A::Sum | A::Product | A::SumOfSquares => {
            let counts = valid_counts(g, valid);
            let st = storage_view(values)?;
            let acc = storage_view_type(out);
            with_num_type!(acc, O => {
                let vals = column_values_as::<O>(&st)?;
                let sums: Vec<O> = match agg {
                    A::Sum => fold(g, valid, O::zero(), |s, i| *s = s.wadd(vals[i]), O::wadd),
                    A::Product => fold(g, valid, O::one(), |s, i| *s = s.wmul(vals[i]), O::wmul),
                    _ => fold(g, valid, O::zero(), |s, i| *s = s.wadd(vals[i].wmul(vals[i])), O::wadd),
                };
                make_column(out, sums, Some(&has(&counts)))
            })
        }
        A::Min | A::Max | A::Any | A::All if storage_num(values.dtype()).is_some() => {
            let counts = valid_counts(g, valid);
            let st = storage_view(values)?;
            let is_min = matches!(agg, A::Min | A::All);
            let truth = matches!(agg, A::Any | A::All);
            let sid = st.dtype().id();
            with_num_type!(sid, S => {
                let vals = column_values_as::<S>(&st)?;
                let identity = if is_min { min_identity::<S>() } else { max_identity::<S>() };
                let f: fn(S, S) -> S = if is_min { S::fmin } else { S::fmax };
                let lift = |v: S| if truth { if v != S::zero() { S::one() } else { S::zero() } } else { v };
                let r = fold(g, valid, identity, |s, i| *s = f(*s, lift(vals[i])), f);
                if truth {
                    let b: Vec<u8> = r.iter().map(|&v| u8::from(v != S::zero())).collect();
                    make_column(out, b, Some(&has(&counts)))
                } else {
                    make_column(out, r, Some(&has(&counts)))
                }
            })
        }
        A::Min | A::Max => {
            let rows = arg_rows(values, g, matches!(agg, A::Max))?;
            gather_args(values, &rows)
        }
        A::Argmin | A::Argmax => {
            let rows = arg_rows(values, g, matches!(agg, A::Argmax))?;
            let valid: Vec<bool> = rows.iter().map(|&r| r != NONE).collect();
            let v: Vec<i32> = rows
                .iter()
                .map(|&r| if r == NONE { 0 } else { r as i32 })
                .collect();
            make_column(out, v, Some(&valid))
        }
        A::Mean => {
            let counts = valid_counts(g, valid);
            if out.id().is_floating() {
                let m = float_means(values, g, valid, &counts)?;
                return make_column(out, m, Some(&has(&counts)));
            }
            // DURATION and DECIMAL32/64 means stay in the type: integer division.
            let st = storage_view(values)?;
            let sid = st.dtype().id();
            with_num_type!(sid, S => {
                let vals = st.host_values::<S>()?;
                let sums = fold(g, valid, 0i128, |s, i| *s += vals[i].to_i128(), |a, b| a + b);
                let m: Vec<S> = sums
                    .iter()
                    .zip(&counts)
                    .map(|(&s, &c)| if c > 0 { S::from_i128(s / c as i128) } else { S::zero() })
                    .collect();
                make_column(out, m, Some(&has(&counts)))
            })
        }
        A::Variance { ddof } | A::Std { ddof } => {
            let counts = valid_counts(g, valid);
            let ss = squared_deviations(values, g, valid, &counts)?;
            let std = matches!(agg, A::Std { .. });
            let mut ok = vec![false; ng];
            let v: Vec<f64> = (0..ng)
                .map(|k| {
                    let den = counts[k] as i64 - *ddof as i64;
                    if den <= 0 {
                        return 0.0;
                    }
                    ok[k] = true;
                    let var = ss[k] / den as f64;
                    if std { var.sqrt() } else { var }
                })
                .collect();
            make_column(out, v, Some(&ok))
        }
        A::M2 => {
            let counts = valid_counts(g, valid);
            let ss = squared_deviations(values, g, valid, &counts)?;
            make_column(out, ss, Some(&has(&counts)))
        }
        A::Covariance { min_periods, ddof } => {
            co_moments(values, g, "COVARIANCE", *min_periods, Some(*ddof))
        }
        A::Correlation { kind, min_periods } => {
            check_correlation(*kind)?;
            co_moments(values, g, "CORRELATION", *min_periods, None)
        }
        A::Bitwise(op) => {
            let counts = valid_counts(g, valid);
            // Folded as 64-bit two's complement words: the wrapping conversions keep the
            // low bits, which are the fold of the narrow values.
            let x = column_values_as::<i64>(&storage_view(values)?)?;
            let (identity, f): (i64, fn(i64, i64) -> i64) = match op {
                BitwiseOp::And => (-1, |a, b| a & b),
                BitwiseOp::Or => (0, |a, b| a | b),
                BitwiseOp::Xor => (0, |a, b| a ^ b),
            };
            let words = fold(g, valid, identity, |s, i| *s = f(*s, x[i]), f);
            with_num_type!(out.id(), O => {
                let v: Vec<O> = words.iter().map(|&w| O::from_i128(w as i128)).collect();
                make_column(out, v, Some(&has(&counts)))
            })
        }
        A::Histogram | A::MergeHistogram | A::MergeLists | A::MergeSets { .. } | A::MergeM2 => {
            let gid: Vec<i32> = g
                .gid
                .iter()
                .map(|&k| if k == NONE { -1 } else { k as i32 })
                .collect();
            let gid = Column::from_values(gid);
            if matches!(agg, A::MergeM2) {
                return super::merges::merge_m2(&gid, ng, values);
            }
            super::merges::aggregate(&gid, ng, values, agg)
        }
        A::Tdigest { max_centroids } => {
            use super::tdigest;
            tdigest::check_max_centroids(*max_centroids)?;
            let x = column_values_as::<f64>(&storage_view(values)?)?;
            let (order, offsets) = grouped_order(g);
            let digests: Vec<tdigest::Digest> = (0..ng)
                .into_par_iter()
                .map(|k| {
                    let rows = &order[offsets[k]..offsets[k + 1]];
                    let v = rows
                        .iter()
                        .filter(|&&r| valid.is_none_or(|b| b.is_valid(r as usize)))
                        .map(|&r| x[r as usize])
                        .collect();
                    tdigest::of_values(v, *max_centroids)
                })
                .collect();
            tdigest::column(&digests)
        }
        A::MergeTdigest { max_centroids } => {
            use super::tdigest;
            tdigest::check_max_centroids(*max_centroids)?;
            let parts = tdigest::read(values)?;
            let (order, offsets) = grouped_order(g);
            let digests: Vec<tdigest::Digest> = (0..ng)
                .map(|k| {
                    let rows = &order[offsets[k]..offsets[k + 1]];
                    let mine: Vec<tdigest::Digest> =
                        rows.iter().map(|&r| parts[r as usize].clone()).collect();
                    tdigest::merge(&mine, *max_centroids)
                })
                .collect();
            tdigest::column(&digests)
        }
        A::Ewma { .. } => Err(super::not_in_aggregate(agg)),
        A::Median => quantiles(values, g, &[0.5], Interpolation::Linear, out),
        A::Quantile {
            quantiles: q,
            interpolation,
        } => quantiles(values, g, q, *interpolation, out),
        A::Nunique(policy) => nunique(values, g, *policy == NullPolicy::Include, out),
        A::NthElement { n, null_handling } => {
            nth_element(values, g, *n, *null_handling == NullPolicy::Include)
        }
        A::CollectList(policy) => collect(values, g, *policy == NullPolicy::Include, None),
        A::CollectSet {
            null_handling,
            nulls_equal,
            nans_equal,
        } => collect(
            values,
            g,
            *null_handling == NullPolicy::Include,
            Some((*nulls_equal, *nans_equal)),
        ),
        A::Any | A::All => Err(Error::type_err(format!(
            "groupby: {} needs numeric values, not {}",
            agg.kind(),
            values.dtype()
        ))),
        A::Rank { .. } => Err(Error::value(
            "RANK is a scan aggregation: use GroupBy.scan, not GroupBy.aggregate",
        )),
        A::RowNumber | A::Lead { .. } | A::Lag { .. } => Err(super::window_only(agg)),
    }
}

/// The sum of squared deviations from its group's mean of every valid value (M2; the
/// second pass of VARIANCE and STD), given the groups' `counts` of valid values.
fn squared_deviations(
    values: &Column,
    g: &HostGroups,
    valid: Option<&NullBuffer>,
    counts: &[u32],
) -> Result<Vec<f64>> {
    let means = float_means(values, g, valid, counts)?;
    let x = column_values_as::<f64>(&storage_view(values)?)?;
    let gid = &g.gid;
    Ok(fold(
        g,
        valid,
        0.0f64,
        |s, i| {
            let d = x[i] - means[gid[i] as usize];
            *s += d * d;
        },
        |a, b| a + b,
    ))
}

/// NotImplementedError for the correlation types other than PEARSON.
pub(crate) fn check_correlation(kind: CorrelationType) -> Result<()> {
    if kind == CorrelationType::Pearson {
        return Ok(());
    }
    Err(Error::not_implemented(format!(
        "groupby: CORRELATION of type {} is not implemented in ferrodf; use PEARSON",
        kind.name()
    )))
}

/// COVARIANCE (`ddof` given) or Pearson CORRELATION (`ddof` None) of the STRUCT column
/// `values` per group, over the rows where the struct and both children are valid, in two
/// passes (means, then co-deviations). Null where fewer than `min_periods` rows count, and
/// for a covariance where `count - ddof <= 0`, for a correlation where `count < 2` (its
/// standard deviations are null).
fn co_moments(
    values: &Column,
    g: &HostGroups,
    what: &str,
    min_periods: i32,
    ddof: Option<i32>,
) -> Result<Column> {
    let (x, y) = super::types::paired_values(values, what)?;
    let nulls = x.host_nulls()?;
    let valid = nulls.as_ref();
    let counts = valid_counts(g, valid);
    let mx = float_means(&x, g, valid, &counts)?;
    let my = float_means(&y, g, valid, &counts)?;
    let (xv, yv) = (x.host_values::<f64>()?, y.host_values::<f64>()?);
    let gid = &g.gid;
    let dev = |v: &[f64], m: &[f64], i: usize| v[i] - m[gid[i] as usize];
    let codev = fold(
        g,
        valid,
        0.0f64,
        |s, i| *s += dev(&xv, &mx, i) * dev(&yv, &my, i),
        |a, b| a + b,
    );
    let ng = g.len();
    let mut ok = vec![false; ng];
    let out: Vec<f64> = match ddof {
        Some(ddof) => (0..ng)
            .map(|k| {
                let den = counts[k] as i64 - ddof as i64;
                ok[k] = den > 0 && counts[k] as i64 >= min_periods as i64;
                if den > 0 { codev[k] / den as f64 } else { 0.0 }
            })
            .collect(),
        None => {
            let sq = |v: &[f64], m: &[f64]| {
                fold(
                    g,
                    valid,
                    0.0f64,
                    |s, i| *s += dev(v, m, i).powi(2),
                    |a, b| a + b,
                )
            };
            let (ssx, ssy) = (sq(&xv, &mx), sq(&yv, &my));
            (0..ng)
                .map(|k| {
                    ok[k] = counts[k] as i64 >= (min_periods as i64).max(2);
                    codev[k] / (ssx[k].sqrt() * ssy[k].sqrt())
                })
                .collect()
        }
    };
    make_column(TypeId::Float64.into(), out, Some(&ok))
}

/// The storage type id of a fixed-width type kernels and folds treat as a number.
pub(crate) fn storage_num(dtype: DataType) -> Option<TypeId> {
    crate::device::kernels::storage_id(dtype.id())
}

/// The numeric type an output type is accumulated in.
fn storage_view_type(out: DataType) -> TypeId {
    storage_num(out).unwrap_or(out.id())
}

fn min_identity<A: Num>() -> A {
    if A::IS_FLOAT {
        A::zero().wdiv(A::zero())
    } else {
        A::highest()
    }
}
fn max_identity<A: Num>() -> A {
    if A::IS_FLOAT {
        A::zero().wdiv(A::zero())
    } else {
        A::lowest()
    }
}

/// Sums per group in f64 (numeric values).
fn float_sums(values: &Column, g: &HostGroups, valid: Option<&NullBuffer>) -> Result<Vec<f64>> {
    let x = column_values_as::<f64>(&storage_view(values)?)?;
    Ok(fold(g, valid, 0.0f64, |s, i| *s += x[i], |a, b| a + b))
}

/// The mean of every group's valid values as float64 (0 for a group without any), given
/// the groups' `counts` of valid values.
fn float_means(
    values: &Column,
    g: &HostGroups,
    valid: Option<&NullBuffer>,
    counts: &[u32],
) -> Result<Vec<f64>> {
    let sums = float_sums(values, g, valid)?;
    Ok(sums
        .iter()
        .zip(counts)
        .map(|(&s, &c)| if c > 0 { s / c as f64 } else { 0.0 })
        .collect())
}

/// The row of the smallest (or largest) valid value of each group, the first one among
/// equals; NONE for groups without valid values.
fn arg_rows(values: &Column, g: &HostGroups, largest: bool) -> Result<Vec<u32>> {
    let nulls = values.host_nulls()?;
    let valid = nulls.as_ref();
    // `better(a, b)`: whether row b beats row a (a < b as rows).
    macro_rules! run {
        ($better:expr) => {{
            let better = $better;
            let pick = |a: u32, b: u32| -> u32 {
                if a == NONE {
                    b
                } else if b == NONE {
                    a
                } else {
                    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
                    if better(lo as usize, hi as usize) {
                        hi
                    } else {
                        lo
                    }
                }
            };
            Ok(fold(g, valid, NONE, |s, i| *s = pick(*s, i as u32), &pick))
        }};
    }
    if let Some(sid) = storage_num(values.dtype()) {
        let st = storage_view(values)?;
        return with_num_type!(sid, S => {
            let v = column_values_as::<S>(&st)?;
            let want = if largest { Ordering::Greater } else { Ordering::Less };
            run!(|a: usize, b: usize| beats(v[b], v[a], want))
        });
    }
    // Strings, DECIMAL128, ...: compare the arrow-row encodings (byte order = value order).
    let rows = encode_rows(std::slice::from_ref(values))?;
    if largest {
        run!(|a: usize, b: usize| rows.row(b) > rows.row(a))
    } else {
        run!(|a: usize, b: usize| rows.row(b) < rows.row(a))
    }
}

/// Whether `x` beats `y` for ARGMAX (`want` Greater) or ARGMIN (Less): NaN loses to every
/// number (NaN is skipped unless a group holds nothing else, as in `reduce`), and -0.0
/// ties with 0.0. Plain `>` would make the pairwise pick of [`arg_rows`] depend on the
/// order rows are folded in when a group holds NaN.
fn beats<S: PartialOrd>(x: S, y: S, want: Ordering) -> bool {
    #[allow(clippy::eq_op)] // v != v is the generic NaN test
    let nan = |v: &S| v != v;
    match x.partial_cmp(&y) {
        Some(o) => o == want,
        None => !nan(&x) && nan(&y),
    }
}

/// The values at the given rows (null where a group had none).
fn gather_args(values: &Column, rows: &[u32]) -> Result<Column> {
    let map: Vec<i32> = rows
        .iter()
        .map(|&r| if r == NONE { NULL_ROW } else { r as i32 })
        .collect();
    gather_internal_nullable(values, &host_map(map))
}

/// Rows of each group in input order: `order[offsets[k]..offsets[k+1]]` (a stable
/// counting sort by group id; rows in no group are left out).
pub(crate) fn grouped_order(g: &HostGroups) -> (Vec<u32>, Vec<usize>) {
    let ng = g.len();
    let mut offsets = vec![0usize; ng + 1];
    for &gi in &g.gid {
        if gi != NONE {
            offsets[gi as usize + 1] += 1;
        }
    }
    for k in 0..ng {
        offsets[k + 1] += offsets[k];
    }
    let mut next = offsets.clone();
    let mut order = vec![0u32; offsets[ng]];
    for (i, &gi) in g.gid.iter().enumerate() {
        if gi != NONE {
            let slot = &mut next[gi as usize];
            order[*slot] = i as u32;
            *slot += 1;
        }
    }
    (order, offsets)
}

/// The value at fraction `q` of sorted `v` (non-empty) with `interp`.
pub(crate) fn quantile_of(v: &[f64], q: f64, interp: Interpolation) -> f64 {
    let pos = q * (v.len() - 1) as f64;
    let (lo, hi) = (pos.floor(), pos.ceil());
    let (a, b) = (v[lo as usize], v[hi as usize]);
    match interp {
        Interpolation::Linear => {
            if lo == hi {
                a
            } else {
                a + (b - a) * (pos - lo)
            }
        }
        Interpolation::Lower => a,
        Interpolation::Higher => b,
        Interpolation::Midpoint => a + (b - a) / 2.0,
        Interpolation::Nearest => v[pos.round_ties_even() as usize],
    }
}

/// Quantiles of each group's valid values: `qs.len()` consecutive rows per group (libcudf's
/// layout); null for groups without valid values.
fn quantiles(
    values: &Column,
    g: &HostGroups,
    qs: &[f64],
    interp: Interpolation,
    out: DataType,
) -> Result<Column> {
    check_quantiles(qs)?;
    let x = column_values_as::<f64>(&storage_view(values)?)?;
    let nulls = values.host_nulls()?;
    let (order, offsets) = grouped_order(g);
    let per_group: Vec<Vec<Option<f64>>> = (0..g.len())
        .into_par_iter()
        .map(|k| {
            let mut v: Vec<f64> = order[offsets[k]..offsets[k + 1]]
                .iter()
                .filter(|&&r| nulls.as_ref().is_none_or(|b| b.is_valid(r as usize)))
                .map(|&r| x[r as usize])
                .collect();
            v.sort_unstable_by(f64::total_cmp);
            qs.iter()
                .map(|&q| (!v.is_empty()).then(|| quantile_of(&v, q, interp)))
                .collect()
        })
        .collect();
    let flat: Vec<Option<f64>> = per_group.into_iter().flatten().collect();
    let valid: Vec<bool> = flat.iter().map(Option::is_some).collect();
    let v: Vec<f64> = flat.into_iter().map(|x| x.unwrap_or(0.0)).collect();
    let values = make_column(TypeId::Float64.into(), v, Some(&valid))?;
    if out.id() != TypeId::List {
        return Ok(values);
    }
    // Several quantiles: one list of them per group (libcudf returns them flattened, which
    // a table of one row per group cannot hold).
    let nq = qs.len() as i32;
    let offsets: Vec<i32> = (0..=g.len() as i32).map(|k| k * nq).collect();
    Column::new(
        out,
        g.len(),
        None,
        None,
        Some(0),
        0,
        vec![Column::from_values(offsets), values],
    )
}

fn nunique(values: &Column, g: &HostGroups, include_nulls: bool, out: DataType) -> Result<Column> {
    let rows = encode_rows(std::slice::from_ref(values))?;
    let nulls = values.host_nulls()?;
    let (order, offsets) = grouped_order(g);
    let counts: Vec<i32> = (0..g.len())
        .into_par_iter()
        .map(|k| {
            let mut seen: hashbrown::HashSet<&[u8]> = hashbrown::HashSet::new();
            let mut null = false;
            for &r in &order[offsets[k]..offsets[k + 1]] {
                if nulls.as_ref().is_some_and(|b| b.is_null(r as usize)) {
                    null = true;
                } else {
                    seen.insert(rows.row(r as usize).data());
                }
            }
            (seen.len() + usize::from(null && include_nulls)) as i32
        })
        .collect();
    make_column(out, counts, None)
}

fn nth_element(values: &Column, g: &HostGroups, n: i32, include_nulls: bool) -> Result<Column> {
    let nulls = values.host_nulls()?;
    let (order, offsets) = grouped_order(g);
    let map: Vec<i32> = (0..g.len())
        .into_par_iter()
        .map(|k| {
            let rows = &order[offsets[k]..offsets[k + 1]];
            let pick = |c: &[u32]| -> i32 {
                let len = c.len() as i64;
                let j = if n < 0 { len + n as i64 } else { n as i64 };
                if (0..len).contains(&j) {
                    c[j as usize] as i32
                } else {
                    NULL_ROW
                }
            };
            match nulls.as_ref().filter(|_| !include_nulls) {
                None => pick(rows),
                Some(b) => {
                    let valid: Vec<u32> = rows
                        .iter()
                        .copied()
                        .filter(|&r| b.is_valid(r as usize))
                        .collect();
                    pick(&valid)
                }
            }
        })
        .collect();
    gather_internal_nullable(values, &host_map(map))
}

/// COLLECT_LIST (`set` None) or COLLECT_SET (`set` = (nulls_equal, nans_equal)): a LIST
/// column with one list per group. Sets are sorted (nulls last).
fn collect(
    values: &Column,
    g: &HostGroups,
    include_nulls: bool,
    set: Option<(bool, bool)>,
) -> Result<Column> {
    let nulls = values.host_nulls()?;
    let is_null = |r: u32| nulls.as_ref().is_some_and(|b| b.is_null(r as usize));
    let (order, offsets) = grouped_order(g);
    let per_group: Vec<Vec<u32>> = match set {
        None => (0..g.len())
            .into_par_iter()
            .map(|k| {
                order[offsets[k]..offsets[k + 1]]
                    .iter()
                    .copied()
                    .filter(|&r| include_nulls || !is_null(r))
                    .collect()
            })
            .collect(),
        Some((nulls_equal, nans_equal)) => {
            let rows = encode_rows(std::slice::from_ref(values))?;
            let nan = nan_flags(values)?;
            (0..g.len())
                .into_par_iter()
                .map(|k| {
                    let mut kept: Vec<u32> = Vec::new();
                    let mut nulls_kept: Vec<u32> = Vec::new();
                    let mut seen: hashbrown::HashSet<&[u8]> = hashbrown::HashSet::new();
                    for &r in &order[offsets[k]..offsets[k + 1]] {
                        if is_null(r) {
                            if include_nulls && (!nulls_equal || nulls_kept.is_empty()) {
                                nulls_kept.push(r);
                            }
                        } else if (!nans_equal && nan.as_ref().is_some_and(|f| f[r as usize]))
                            || seen.insert(rows.row(r as usize).data())
                        {
                            kept.push(r);
                        }
                    }
                    kept.sort_by(|&a, &b| rows.row(a as usize).cmp(&rows.row(b as usize)));
                    kept.extend(nulls_kept);
                    kept
                })
                .collect()
        }
    };
    let mut list_offsets = Vec::with_capacity(g.len() + 1);
    list_offsets.push(0i32);
    let mut map: Vec<i32> = Vec::new();
    for rows in &per_group {
        map.extend(rows.iter().map(|&r| r as i32));
        let end = i32::try_from(map.len())
            .map_err(|_| Error::overflow("the collected lists hold more than 2^31 values"))?;
        list_offsets.push(end);
    }
    let child = gather_internal(values, &host_map(map))?;
    Column::list(Column::from_values(list_offsets), child, None, 0)
}

/// Per row whether the value is NaN (None for non-float columns).
fn nan_flags(values: &Column) -> Result<Option<Vec<bool>>> {
    Ok(match values.dtype().id() {
        TypeId::Float32 => Some(nan_each::<f32>(values)?),
        TypeId::Float64 => Some(nan_each::<f64>(values)?),
        _ => None,
    })
}

/// Whether each value of a column stored as `T` is a NaN.
fn nan_each<T: Num>(values: &Column) -> Result<Vec<bool>> {
    Ok(values
        .host_values::<T>()?
        .iter()
        .map(|v| v.is_nan())
        .collect())
}

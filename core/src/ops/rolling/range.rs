//! Range windows (pylibcudf's `make_range_windows` and its window types): each row's
//! window holds the rows of its group whose order-by value lies within a distance of its
//! own, found by binary search in the group's sorted non-null rows, as libcudf's
//! `range_utils.cuh` defines them:
//!
//! ```text
//!            | ASCENDING | DESCENDING        bounded closed: the endpoint included,
//! PRECEDING  | x - delta | x + delta         bounded open: excluded,
//! FOLLOWING  | x + delta | x - delta         current row: the rows equal to x
//! ```
//!
//! A null order-by row's window is its group's null rows; an unbounded end runs to the
//! group's end, nulls included. Integer endpoints are computed exactly in `i128` (so they
//! never overflow: libcudf's saturation gives the same windows) and float ones in `f64`,
//! where NaN sorts above every number and an infinite or NaN value is its own endpoint.
//!
//! On the device one kernel (`rolling_range_windows`) runs the same binary searches, one
//! thread per row, over group ids numbered from the sorted keys by column operations;
//! DECIMAL128 order-by columns are a recorded host fallback there.

use crate::column::Column;
use crate::device::kernels::storage_id;
use crate::error::{Error, Result};
use crate::interop::arrow::to_arrow;
use crate::keys::{NullOrder, Order};
use crate::ops::numeric::{Num, with_num_type};
use crate::ops::stream_compaction::host_distinct::{normalize_float_keys, row_encoding};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::TypeId;

/// pylibcudf's range window types: how far a range window reaches in one direction.
#[derive(Debug, Clone)]
pub enum RangeWindowType {
    /// To the end of the row's group (`Unbounded`).
    Unbounded,
    /// The rows whose order-by value equals the row's (`CurrentRow`).
    CurrentRow,
    /// The rows within `delta` of the row's value, the endpoint included (`BoundedClosed`).
    BoundedClosed(Scalar),
    /// The rows within `delta` of the row's value, the endpoint excluded (`BoundedOpen`).
    BoundedOpen(Scalar),
}

/// An order-by value widened so that endpoints are exact: integers (timestamps, decimals)
/// as `i128`, floats as `f64`.
trait Wide: Copy + PartialOrd {
    /// `self + d` (`add`) or `self - d`.
    fn shift(self, d: Self, add: bool) -> Self;
    /// The order ascending sorts by (NaN above every number, NaNs equal).
    fn less(self, other: Self) -> bool;
}

impl Wide for i128 {
    fn shift(self, d: i128, add: bool) -> i128 {
        if add { self + d } else { self - d }
    }
    fn less(self, other: i128) -> bool {
        self < other
    }
}

impl Wide for f64 {
    fn shift(self, d: f64, add: bool) -> f64 {
        if !self.is_finite() {
            self
        } else if add {
            self + d
        } else {
            self - d
        }
    }
    fn less(self, other: f64) -> bool {
        !self.is_nan() && (other.is_nan() || self < other)
    }
}

/// One direction of a window as the search needs it.
#[derive(Clone, Copy)]
enum Reach<W> {
    Unbounded,
    CurrentRow,
    Bounded { delta: W, closed: bool },
}

/// pylibcudf's `make_range_windows`: the preceding and following window sizes (INT32,
/// for [`super::rolling_window`]) of the range windows of every row of `orderby` within
/// the groups of the sorted `group_keys` (no columns: one group).
///
/// ```
/// use ferrodf_core::{Column, Scalar, Table};
/// use ferrodf_core::keys::{NullOrder, Order};
/// use ferrodf_core::ops::rolling::{RangeWindowType, make_range_windows};
/// let keys = Table::new(vec![]).unwrap();
/// let by = Column::from_values(vec![1i64, 2, 4, 7]);
/// let pre = RangeWindowType::BoundedClosed(Scalar::from_native(2i64));
/// let (p, f) = make_range_windows(&keys, &by, Order::Ascending, NullOrder::Before, &pre,
///     &RangeWindowType::CurrentRow).unwrap();
/// assert_eq!(p.host_values::<i32>().unwrap()[..], [1, 2, 2, 1]);
/// assert_eq!(f.host_values::<i32>().unwrap()[..], [0, 0, 0, 0]);
/// ```
pub fn make_range_windows(
    group_keys: &Table,
    orderby: &Column,
    order: Order,
    null_order: NullOrder,
    preceding: &RangeWindowType,
    following: &RangeWindowType,
) -> Result<(Column, Column)> {
    let n = orderby.size();
    if group_keys.num_columns() > 0 && group_keys.num_rows() != n {
        return Err(Error::value(format!(
            "group_keys has {} rows, orderby {n}",
            group_keys.num_rows()
        )));
    }
    let id = orderby.dtype().id();
    let st = match storage_id(id) {
        Some(st) if id != TypeId::Bool8 && !id.is_duration() => st,
        _ => {
            return Err(Error::type_err(format!(
                "range windows need a numeric, timestamp or decimal orderby column, got {}",
                orderby.dtype()
            )));
        }
    };
    if use_device()? {
        if n > 0
            && let Some(out) = device_windows(
                group_keys, orderby, st, order, null_order, preceding, following,
            )?
        {
            return Ok(out);
        }
        if n > 0 {
            crate::fallback::record("rolling.make_range_windows");
        }
    }
    let groups = group_offsets(group_keys, n)?;
    let (pre, fol) = if st.is_floating() {
        with_num_type!(st, T => {
            let v: Vec<f64> = orderby.host_values::<T>()?.iter().map(|x| x.to_f64()).collect();
            let (p, f) = (reach(preceding, orderby, |x: T| x.to_f64())?,
                reach(following, orderby, |x: T| x.to_f64())?);
            windows(&v, orderby, &groups, order, null_order, p, f)?
        })
    } else {
        with_num_type!(st, T => {
            let v: Vec<i128> = orderby.host_values::<T>()?.iter().map(|x| x.to_i128()).collect();
            let (p, f) = (reach(preceding, orderby, |x: T| x.to_i128())?,
                reach(following, orderby, |x: T| x.to_i128())?);
            windows(&v, orderby, &groups, order, null_order, p, f)?
        })
    };
    Ok((Column::from_values(pre), Column::from_values(fol)))
}

/// The range windows on the device, for order-by values stored as integers of up to 64
/// bits or floats (None otherwise: DECIMAL128 stays on the host). Group ids come from the
/// sorted keys by device column operations (a row starts a group where any key differs
/// from the previous row's, nulls equal and NaNs equal, as the host's row encoding
/// compares them), then one kernel searches each row's group.
fn device_windows(
    group_keys: &Table,
    orderby: &Column,
    st: TypeId,
    order: Order,
    null_order: NullOrder,
    preceding: &RangeWindowType,
    following: &RangeWindowType,
) -> Result<Option<(Column, Column)>> {
    use crate::device::kernels::rolling::RangeReach;
    if !(st.is_integer() || st.is_floating()) {
        return Ok(None);
    }
    fn to_reach<W: Wide>(r: Reach<W>, bits: impl Fn(W) -> (u64, u64)) -> RangeReach {
        let (kind, (lo, hi)) = match r {
            Reach::Unbounded => (0, (0, 0)),
            Reach::CurrentRow => (1, (0, 0)),
            Reach::Bounded { delta, closed } => (if closed { 2 } else { 3 }, bits(delta)),
        };
        RangeReach { kind, lo, hi }
    }
    let wide = |d: i128| (d as u128 as u64, ((d as u128) >> 64) as u64);
    let float = |d: f64| (d.to_bits(), 0);
    let (pre, fol) = if st.is_floating() {
        with_num_type!(st, T => {
            (
                to_reach(reach(preceding, orderby, |x: T| x.to_f64())?, float),
                to_reach(reach(following, orderby, |x: T| x.to_f64())?, float),
            )
        })
    } else {
        with_num_type!(st, T => {
            (
                to_reach(reach(preceding, orderby, |x: T| x.to_i128())?, wide),
                to_reach(reach(following, orderby, |x: T| x.to_i128())?, wide),
            )
        })
    };
    let gid = device_group_ids(group_keys)?;
    super::device::range_windows(
        orderby,
        gid.as_ref(),
        order == Order::Descending,
        null_order == NullOrder::Before,
        pre,
        fol,
    )
    .map(Some)
}

/// Ascending INT32 ids of the runs of equal rows of the sorted `keys` (None without key
/// columns): a running count of the rows that differ from their predecessor.
fn device_group_ids(keys: &Table) -> Result<Option<Column>> {
    use crate::ops::binaryop::{BinaryOperator, Operand, binary_operation};
    use crate::ops::unary::{UnaryOperator, unary_operation};
    let mut same: Option<Column> = None;
    for c in keys.columns() {
        let s = crate::ops::groupby::repeats_previous(c, true, true)?;
        same = Some(match same {
            None => s,
            Some(prev) => binary_operation(
                Operand::Column(&prev),
                Operand::Column(&s),
                BinaryOperator::LogicalAnd,
                TypeId::Bool8.into(),
            )?,
        });
    }
    let Some(same) = same else {
        return Ok(None);
    };
    // Row 0 may count as a repeat (its predecessor is a null); the ids then all start one
    // lower, which changes nothing: only equal ids matter.
    let starts = unary_operation(&same, UnaryOperator::Not)?;
    let starts = crate::ops::cast::cast(&starts, TypeId::Int32.into())?;
    crate::ops::scan::scan(&starts, &crate::ops::aggregation::Aggregation::Sum, true).map(Some)
}

/// The window type `w` with its delta read as `T` and widened by `widen`.
fn reach<T: Num, W: Wide>(
    w: &RangeWindowType,
    orderby: &Column,
    widen: impl Fn(T) -> W,
) -> Result<Reach<W>> {
    let (delta, closed) = match w {
        RangeWindowType::Unbounded => return Ok(Reach::Unbounded),
        RangeWindowType::CurrentRow => return Ok(Reach::CurrentRow),
        RangeWindowType::BoundedClosed(d) => (d, true),
        RangeWindowType::BoundedOpen(d) => (d, false),
    };
    let (oid, did) = (orderby.dtype().id(), delta.dtype().id());
    let matches = if oid.is_timestamp() {
        did.is_duration() && storage_id(did) == storage_id(oid) && same_unit(oid, did)
    } else {
        delta.dtype() == orderby.dtype()
    };
    if !matches {
        return Err(Error::type_err(format!(
            "a range window delta of type {} does not fit an orderby column of type {}",
            delta.dtype(),
            orderby.dtype()
        )));
    }
    if !delta.is_valid()? {
        return Err(Error::value("a range window delta must be valid"));
    }
    let bits = delta.as_column().host_values::<T>()?[0];
    if T::IS_FLOAT && !bits.to_f64().is_finite() {
        return Err(Error::value("a floating range window delta must be finite"));
    }
    Ok(Reach::Bounded {
        delta: widen(bits),
        closed,
    })
}

/// Whether duration type `d` has the resolution of timestamp type `t`.
fn same_unit(t: TypeId, d: TypeId) -> bool {
    use TypeId::*;
    matches!(
        (t, d),
        (TimestampDays, DurationDays)
            | (TimestampSeconds, DurationSeconds)
            | (TimestampMilliseconds, DurationMilliseconds)
            | (TimestampMicroseconds, DurationMicroseconds)
            | (TimestampNanoseconds, DurationNanoseconds)
    )
}

/// The start row of every group and `n` at the end: rows whose keys differ from the
/// previous row's start a group (nulls equal, as the keys are sorted).
fn group_offsets(keys: &Table, n: usize) -> Result<Vec<usize>> {
    let mut offsets = vec![0];
    if keys.num_columns() > 0 && n > 0 {
        let arrays = keys
            .columns()
            .iter()
            .map(|c| to_arrow(c).map(normalize_float_keys))
            .collect::<Result<Vec<_>>>()?;
        let rows = row_encoding(&arrays, "unsupported group key type", "group keys")?;
        offsets.extend((1..n).filter(|&i| rows.row(i) != rows.row(i - 1)));
    }
    if n > 0 {
        offsets.push(n);
    }
    Ok(offsets)
}

/// The first position in `lo..hi` where `pred` turns false (it is true then false).
fn partition_point(lo: usize, hi: usize, pred: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (lo, hi);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if pred(mid) { lo = mid + 1 } else { hi = mid }
    }
    lo
}

/// The preceding and following sizes of every row.
fn windows<W: Wide>(
    v: &[W],
    orderby: &Column,
    groups: &[usize],
    order: Order,
    null_order: NullOrder,
    pre: Reach<W>,
    fol: Reach<W>,
) -> Result<(Vec<i32>, Vec<i32>)> {
    let n = v.len();
    let nulls = orderby.host_nulls()?;
    let is_null = |i: usize| nulls.as_ref().is_some_and(|m| m.is_null(i));
    // The order of the sorted rows: `lt(a, b)` when a sorts before b.
    let lt = |a: W, b: W| match order {
        Order::Ascending => a.less(b),
        Order::Descending => b.less(a),
    };
    let (mut p, mut f) = (vec![0i32; n], vec![0i32; n]);
    for g in groups.windows(2) {
        let (gs, ge) = (g[0], g[1]);
        let null_rows = (gs..ge).filter(|&i| is_null(i)).count();
        let (ns, ne) = match null_order {
            NullOrder::Before => (gs + null_rows, ge),
            NullOrder::After => (gs, ge - null_rows),
        };
        // The null rows of the group: before or after the non-null ones.
        let (zs, ze) = if ns > gs { (gs, ns) } else { (ne, ge) };
        for i in gs..ge {
            let (start, end) = if is_null(i) {
                let start = if matches!(pre, Reach::Unbounded) {
                    gs
                } else {
                    zs
                };
                let end = if matches!(fol, Reach::Unbounded) {
                    ge
                } else {
                    ze
                };
                (start, end)
            } else {
                let x = v[i];
                // Away from the row: earlier rows for preceding, later for following.
                let start = match pre {
                    Reach::Unbounded => gs,
                    Reach::CurrentRow => partition_point(ns, i, |j| lt(v[j], x)),
                    Reach::Bounded { delta, closed } => {
                        let t = x.shift(delta, order == Order::Descending);
                        if closed {
                            partition_point(ns, ne, |j| lt(v[j], t))
                        } else {
                            partition_point(ns, ne, |j| !lt(t, v[j]))
                        }
                    }
                };
                let end = match fol {
                    Reach::Unbounded => ge,
                    Reach::CurrentRow => partition_point(i, ne, |j| !lt(x, v[j])),
                    Reach::Bounded { delta, closed } => {
                        let t = x.shift(delta, order == Order::Ascending);
                        if closed {
                            partition_point(ns, ne, |j| !lt(t, v[j]))
                        } else {
                            partition_point(ns, ne, |j| lt(v[j], t))
                        }
                    }
                };
                (start, end)
            };
            p[i] = size(i as i64 - start as i64 + 1)?;
            f[i] = size(end as i64 - i as i64 - 1)?;
        }
    }
    Ok((p, f))
}

fn size(v: i64) -> Result<i32> {
    i32::try_from(v).map_err(|_| Error::overflow("a window size does not fit INT32"))
}

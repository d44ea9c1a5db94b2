//! pylibcudf's `rolling` module: window aggregations over the rows around each row.
//!
//! Every form comes down to one window `[start, end)` per row. A fixed or per-row window
//! pair (libcudf's `preceding` counts the row itself, so `preceding = 2, following = 1`
//! covers rows `i - 1 ..= i + 1`) is clamped to the column and, where the bounds cross
//! (negative sizes), swapped, as libcudf does. Range windows ([`make_range_windows`],
//! `range.rs`) turn sorted group keys and an order-by column into per-row sizes, so
//! [`grouped_range_rolling_window`] is [`make_range_windows`] followed by
//! [`rolling_window`] for each request.
//!
//! The aggregations fall into three shapes (see [`plan::Plan`]): values computed per row
//! (SUM, MEAN, VARIANCE, STD and the counts), a gather map (MIN and MAX as the row of the
//! extreme value, LEAD, LAG and NTH_ELEMENT), gathered with the shared gather so that any
//! value type moves, and COLLECT_LIST (offsets and a map of the child rows). The bounds and
//! those per-row results are computed by `host.rs` or by the kernels of
//! `device/kernels/rolling.rs` (`device.rs`), one decision per call.

mod device;
mod host;
mod plan;
mod range;

pub use plan::is_valid_rolling_aggregation;
pub use range::{RangeWindowType, make_range_windows};

use super::aggregation::Aggregation;
use super::gather::gather_internal_nullable;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::keys::{NullOrder, Order};
use crate::placement::use_device;
use crate::table::Table;
use crate::types::TypeId;
use plan::Plan;

/// A window size of [`rolling_window`]: one for every row, or an INT32 column of one per
/// row.
#[derive(Debug, Clone, Copy)]
pub enum WindowSize<'a> {
    /// The same size for every row.
    Fixed(i32),
    /// One size per row (an INT32 column as long as the source).
    PerRow(&'a Column),
}

/// pylibcudf's `RollingRequest`: a column to aggregate over the windows of
/// [`grouped_range_rolling_window`], its `min_periods` and the aggregation.
#[derive(Debug, Clone)]
pub struct RollingRequest {
    /// The values to aggregate.
    pub values: Column,
    /// The fewest observations a window needs for a non-null result.
    pub min_periods: i32,
    /// The aggregation.
    pub aggregation: Aggregation,
}

/// The window of every row, on the side that computes the aggregation.
pub(crate) enum Bounds {
    /// Host bounds: `start[i]..end[i]`.
    Host(Vec<i32>, Vec<i32>),
    /// Device bounds: two INT32 allocations of one entry per row.
    Device(crate::device::DeviceMemory, crate::device::DeviceMemory),
}

/// Aggregate `source` over a window around each row: `preceding` rows up to and including
/// the row, `following` rows after it (pylibcudf's `rolling_window`). A row whose window
/// holds fewer than `min_periods` observations (at least 1) is null.
///
/// ```
/// use ferrodf_core::Column;
/// use ferrodf_core::ops::aggregation::Aggregation;
/// use ferrodf_core::ops::rolling::{WindowSize, rolling_window};
/// let c = Column::from_options(vec![Some(1i32), Some(2), None, Some(4)]);
/// let w = WindowSize::Fixed(2);
/// let s = rolling_window(&c, w, WindowSize::Fixed(0), 1, &Aggregation::Sum).unwrap();
/// assert_eq!(s.host_values::<i64>().unwrap()[..2], [1, 3]);
/// assert_eq!(s.host_values::<i64>().unwrap()[3], 4);
/// ```
pub fn rolling_window(
    source: &Column,
    preceding: WindowSize<'_>,
    following: WindowSize<'_>,
    min_periods: i32,
    agg: &Aggregation,
) -> Result<Column> {
    if min_periods < 0 {
        return Err(Error::value(format!(
            "min_periods must be non-negative, got {min_periods}"
        )));
    }
    let n = source.size();
    for (w, name) in [
        (preceding, "preceding_window"),
        (following, "following_window"),
    ] {
        if let WindowSize::PerRow(c) = w {
            if c.dtype().id() != TypeId::Int32 {
                return Err(Error::type_err(format!(
                    "{name} must be an INT32 column, got {}",
                    c.dtype()
                )));
            }
            // libcudf: empty window columns give an empty result whatever the source.
            if c.size() != n && c.size() != 0 {
                return Err(Error::value(format!(
                    "{name} has {} rows, the source {n}",
                    c.size()
                )));
            }
            if c.has_nulls()? {
                return Err(Error::value(format!("{name} must not hold nulls")));
            }
        }
    }
    let plan = Plan::new(source.dtype(), agg)?;
    let empty_windows = [preceding, following]
        .iter()
        .any(|w| matches!(w, WindowSize::PerRow(c) if c.size() == 0));
    let rows = if empty_windows { 0 } else { n };
    let source = if rows < n {
        source.slice(0, 0)?
    } else {
        source.clone()
    };
    let min_periods = min_periods.max(1);
    let bounds = if use_device()? {
        device::bounds(rows, preceding, following)?
    } else {
        host::bounds(rows, preceding, following)?
    };
    aggregate(&source, &bounds, &plan, min_periods)
}

/// The aggregation of `plan` over the windows `bounds` of `source`'s rows.
fn aggregate(source: &Column, bounds: &Bounds, plan: &Plan, min_periods: i32) -> Result<Column> {
    match bounds {
        Bounds::Host(start, end) => {
            if let Some(map) = host::gather_map(source, start, end, plan, min_periods)? {
                return gather_internal_nullable(source, &map);
            }
            if let Plan::CollectList { exclude_nulls } = plan {
                let c = host::collect_list(source, start, end, *exclude_nulls, min_periods)?;
                return plan::list_column(source, c);
            }
            host::values(source, start, end, plan, min_periods)
        }
        Bounds::Device(start, end) => {
            if let Some(map) = device::gather_map(source, start, end, plan, min_periods)? {
                return gather_internal_nullable(source, &map);
            }
            if let Plan::CollectList { exclude_nulls } = plan {
                let c = device::collect_list(source, start, end, *exclude_nulls, min_periods)?;
                return plan::list_column(source, c);
            }
            device::values(source, start, end, plan, min_periods)
        }
    }
}

/// pylibcudf's `grouped_range_rolling_window`: each request aggregated over range windows
/// within the groups of `group_keys` (sorted; may have no columns), ordered by `orderby`
/// (sorted within each group by `order`, nulls where `null_order` puts them). One result
/// column per request, in order.
#[allow(clippy::too_many_arguments)]
pub fn grouped_range_rolling_window(
    group_keys: &Table,
    orderby: &Column,
    order: Order,
    null_order: NullOrder,
    preceding: &RangeWindowType,
    following: &RangeWindowType,
    requests: &[RollingRequest],
) -> Result<Table> {
    for r in requests {
        if r.values.size() != orderby.size() {
            return Err(Error::value(format!(
                "a request has {} rows, the orderby column {}",
                r.values.size(),
                orderby.size()
            )));
        }
    }
    let (pre, fol) =
        make_range_windows(group_keys, orderby, order, null_order, preceding, following)?;
    let columns = requests
        .iter()
        .map(|r| {
            rolling_window(
                &r.values,
                WindowSize::PerRow(&pre),
                WindowSize::PerRow(&fol),
                r.min_periods,
                &r.aggregation,
            )
        })
        .collect::<Result<Vec<_>>>()?;
    Table::new(columns)
}

#[cfg(test)]
mod tests;

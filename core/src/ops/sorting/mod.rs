//! Sorting (pylibcudf's `sorting` module): `sorted_order`, `stable_sorted_order`, `sort`,
//! `stable_sort`, `sort_by_key`, `stable_sort_by_key`, the segmented variants, `rank`,
//! `is_sorted`, `top_k` and `top_k_order`.
//!
//! Rows compare lexicographically, column by column, exactly as in [`super::search`]: a
//! null is below every value with `NullOrder::Before` and above with `After`, then
//! `Order::Descending` reverses the column; floats order NaN above every number and equal
//! to NaN, and -0.0 equals 0.0; strings compare their UTF-8 bytes. Empty `column_order` /
//! `null_precedence` lists mean ascending / nulls before for every column.
//!
//! Every sort here is stable (the unstable variants share the stable algorithm), so both
//! placements give identical gather maps. This module checks the arguments and decides the
//! placement, once per function; the host path ([`host`], on the machinery of
//! [`host_sort`] and [`radix`]) sorts order-preserving integer keys (a radix sort for one
//! fixed-width column, a comparison sort of row numbers otherwise); the device path
//! ([`device`]) runs an LSD radix sort over the same keys
//! (`device::kernels::sorting`, `cuda/sorting.cu`).

mod device;
pub(crate) mod flatten;
mod host;
mod host_sort;
mod radix;

pub use crate::keys::{NullOrder, Order};
pub use crate::params::RankMethod;

use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::keys::{KeyKind, key_kind, orders_or_defaults};
use crate::ops::aggregation::NullPolicy;
use crate::ops::gather::{Bounds, gather_columns, mask_copy};
use crate::placement::use_device;
use crate::table::Table;
use crate::types::TypeId;

/// Checked, defaulted sort settings of a key table.
pub(crate) struct Keys {
    pub kinds: Vec<KeyKind>,
    pub orders: Vec<Order>,
    pub nulls: Vec<NullOrder>,
}

pub(crate) fn prepare(
    function: &str,
    keys: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Keys> {
    let ncols = keys.num_columns();
    if !column_order.is_empty() && column_order.len() != ncols {
        return Err(Error::value(format!(
            "{function}: column_order has {} entries for {ncols} key columns; pass one per \
             column (or an empty list for all ascending)",
            column_order.len()
        )));
    }
    if !null_precedence.is_empty() && null_precedence.len() != ncols {
        return Err(Error::value(format!(
            "{function}: null_precedence has {} entries for {ncols} key columns; pass one \
             per column (or an empty list for nulls before)",
            null_precedence.len()
        )));
    }
    if i32::try_from(keys.num_rows()).is_err() {
        return Err(Error::overflow(format!(
            "{function}: {} rows do not fit in an INT32 gather map",
            keys.num_rows()
        )));
    }
    let kinds = keys
        .columns()
        .iter()
        .map(|c| key_kind(function, c.dtype()))
        .collect::<Result<Vec<_>>>()?;
    let (orders, nulls) = orders_or_defaults(column_order, null_precedence, ncols);
    Ok(Keys {
        kinds,
        orders,
        nulls,
    })
}

/// With STRUCT key columns, `keys` as flat keys with their orders (after checking the
/// lists against the key columns as given); None without STRUCT keys.
fn flat_struct_keys(
    function: &str,
    keys: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Option<flatten::FlatKeys>> {
    if !flatten::has_struct_keys(keys) {
        return Ok(None);
    }
    let ncols = keys.num_columns();
    for (what, len) in [
        ("column_order", column_order.len()),
        ("null_precedence", null_precedence.len()),
    ] {
        if len != 0 && len != ncols {
            return Err(Error::value(format!(
                "{function}: {what} has {len} entries for {ncols} key columns; pass one per \
                 column (or an empty list for the defaults)"
            )));
        }
    }
    let (orders, nulls) = orders_or_defaults(column_order, null_precedence, ncols);
    flatten::flatten(keys, &orders, &nulls).map(Some)
}

/// The stable sorted order of `keys` as an INT32 column, on the device or the host (the
/// identity without rows or key columns), after checking the arguments: the order both
/// `sorted_order` and `stable_sorted_order` give (every sort here is stable), `function`
/// naming the caller in errors.
fn checked_order(
    function: &str,
    keys: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Column> {
    if let Some((flat, orders, nulls)) =
        flat_struct_keys(function, keys, column_order, null_precedence)?
    {
        return checked_order(function, &flat, &orders, &nulls);
    }
    let k = prepare(function, keys, column_order, null_precedence)?;
    let n = keys.num_rows();
    let trivial = keys.num_columns() == 0 || n == 0;
    match (use_device()?, trivial) {
        (true, true) => device::identity_map(n),
        (true, false) => device::sorted_order(keys, &k),
        (false, true) => Ok(host::identity_map(n)),
        (false, false) => host::sorted_order(keys, &k),
    }
}

/// The row indices that would sort `keys` (libcudf's `sorted_order`): an INT32 gather map.
/// ferrodf's sort is stable, so this equals [`stable_sorted_order`].
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::sorting::*};
/// let t = Table::new(vec![Column::from_options(vec![Some(3i64), None, Some(1), Some(3)])]).unwrap();
/// let m = sorted_order(&t, &[Order::Ascending], &[NullOrder::After]).unwrap();
/// assert_eq!(m.host_values::<i32>().unwrap().to_vec(), vec![2, 0, 3, 1]);
/// let d = sorted_order(&t, &[Order::Descending], &[]).unwrap();
/// assert_eq!(d.host_values::<i32>().unwrap().to_vec(), vec![0, 3, 2, 1]);
/// ```
pub fn sorted_order(
    keys: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Column> {
    checked_order("sorting.sorted_order", keys, column_order, null_precedence)
}

/// The row indices that would sort `keys`, equal rows in their original order (libcudf's
/// `stable_sorted_order`): an INT32 gather map.
pub fn stable_sorted_order(
    keys: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Column> {
    checked_order(
        "sorting.stable_sorted_order",
        keys,
        column_order,
        null_precedence,
    )
}

fn gather_table(values: &Table, map: &Column) -> Result<Table> {
    let cols = gather_columns(values.columns(), values.num_rows(), map, Bounds::Trusted)?;
    if cols.is_empty() {
        return Ok(Table::empty_with_rows(map.size()));
    }
    Table::new(cols)
}

/// `table` sorted by all its columns (libcudf's `sort`).
pub fn sort(table: &Table, column_order: &[Order], null_precedence: &[NullOrder]) -> Result<Table> {
    let map = sorted_order(table, column_order, null_precedence)?;
    gather_table(table, &map)
}

/// `table` sorted by all its columns, equal rows in their original order.
pub fn stable_sort(
    table: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Table> {
    let map = stable_sorted_order(table, column_order, null_precedence)?;
    gather_table(table, &map)
}

fn check_same_rows(function: &str, values: &Table, keys: &Table) -> Result<()> {
    if values.num_rows() != keys.num_rows() {
        return Err(Error::value(format!(
            "{function}: values have {} rows but keys have {}; they must have the same rows",
            values.num_rows(),
            keys.num_rows()
        )));
    }
    Ok(())
}

/// The rows of `values` in the order that sorts `keys` (libcudf's `sort_by_key`).
pub fn sort_by_key(
    values: &Table,
    keys: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Table> {
    check_same_rows("sorting.sort_by_key", values, keys)?;
    let map = sorted_order(keys, column_order, null_precedence)?;
    gather_table(values, &map)
}

/// The rows of `values` in the stable order that sorts `keys`.
pub fn stable_sort_by_key(
    values: &Table,
    keys: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Table> {
    check_same_rows("sorting.stable_sort_by_key", values, keys)?;
    let map = stable_sorted_order(keys, column_order, null_precedence)?;
    gather_table(values, &map)
}

/// Check that the argument `what` of `function` is an INT32 column without nulls, as row
/// positions (segment offsets, ordered indices) must be; their values are checked where
/// they live, by the path that reads them.
pub(crate) fn check_int32_positions(function: &str, what: &str, col: &Column) -> Result<()> {
    if col.dtype().id() != TypeId::Int32 {
        return Err(Error::type_err(format!(
            "{function}: {what} must be an INT32 column, got {}",
            col.dtype()
        )));
    }
    if col.has_nulls()? {
        return Err(Error::value(format!(
            "{function}: {what} must not contain nulls"
        )));
    }
    Ok(())
}

fn segmented(
    function: &str,
    values: &Table,
    keys: &Table,
    segment_offsets: &Column,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Table> {
    check_same_rows(function, values, keys)?;
    if let Some((flat, orders, nulls)) =
        flat_struct_keys(function, keys, column_order, null_precedence)?
    {
        return segmented(function, values, &flat, segment_offsets, &orders, &nulls);
    }
    let k = prepare(function, keys, column_order, null_precedence)?;
    check_int32_positions(function, "segment_offsets", segment_offsets)?;
    let n = keys.num_rows();
    // Nothing moves without rows, key columns or a segment (the offsets are still checked).
    let trivial = n == 0 || keys.num_columns() == 0 || segment_offsets.size() < 2;
    let map = if use_device()? {
        device::segmented_order(keys, &k, segment_offsets, trivial)?
    } else {
        host::segmented_order(keys, &k, segment_offsets, trivial)?
    };
    let Some(map) = map else {
        return Err(Error::value(format!(
            "{function}: segment_offsets must be non-decreasing values in [0, {n}]"
        )));
    };
    gather_table(values, &map)
}

/// `values` sorted by `keys` within each segment `[offsets[i], offsets[i+1])` (libcudf's
/// `segmented_sort_by_key`); rows outside the segments keep their place.
pub fn segmented_sort_by_key(
    values: &Table,
    keys: &Table,
    segment_offsets: &Column,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Table> {
    segmented(
        "sorting.segmented_sort_by_key",
        values,
        keys,
        segment_offsets,
        column_order,
        null_precedence,
    )
}

/// The stable variant of [`segmented_sort_by_key`].
pub fn stable_segmented_sort_by_key(
    values: &Table,
    keys: &Table,
    segment_offsets: &Column,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Table> {
    segmented(
        "sorting.stable_segmented_sort_by_key",
        values,
        keys,
        segment_offsets,
        column_order,
        null_precedence,
    )
}

/// Whether the rows of `table` are sorted by the given orders (libcudf's `is_sorted`).
pub fn is_sorted(
    table: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<bool> {
    if let Some((flat, orders, nulls)) =
        flat_struct_keys("sorting.is_sorted", table, column_order, null_precedence)?
    {
        return is_sorted(&flat, &orders, &nulls);
    }
    let k = prepare("sorting.is_sorted", table, column_order, null_precedence)?;
    let n = table.num_rows();
    if n < 2 || table.num_columns() == 0 {
        return Ok(true);
    }
    if use_device()? {
        device::is_sorted(table, &k)
    } else {
        host::is_sorted(table, &k)
    }
}

/// The rank of every row of `input` (libcudf's `rank`).
///
/// The output is FLOAT64 for `Average` or with `percentage`, else INT32. Ranks count from
/// 1 in the order `column_order`/`null_precedence` give, nulls included in that order;
/// with `NullPolicy::Exclude` null rows get null ranks (the other ranks are unchanged, as
/// in libcudf). `percentage` divides by the number of ranked rows (valid rows when nulls
/// are excluded), or for `Dense` by the dense rank of the last of them.
pub fn rank(
    input: &Column,
    method: RankMethod,
    column_order: Order,
    null_handling: NullPolicy,
    null_precedence: NullOrder,
    percentage: bool,
) -> Result<Column> {
    const NAME: &str = "sorting.rank";
    let kind = key_kind(NAME, input.dtype())?;
    let n = input.size();
    if i32::try_from(n).is_err() {
        return Err(Error::overflow(format!(
            "{NAME}: {n} rows do not fit in INT32 ranks"
        )));
    }
    let float_out = percentage || method == RankMethod::Average;
    let mask = if null_handling == NullPolicy::Exclude && input.has_nulls()? {
        mask_copy(input)?
    } else {
        None
    };
    let null_count = if mask.is_some() {
        input.null_count()?
    } else {
        0
    };
    let count = if null_handling == NullPolicy::Exclude {
        n - input.null_count()?
    } else {
        n
    };
    let dtype = if float_out {
        TypeId::Float64
    } else {
        TypeId::Int32
    };
    let data = if n == 0 {
        Buffer::from_vec(Vec::<u8>::new())
    } else if use_device()? {
        device::rank(
            input,
            kind,
            column_order,
            null_precedence,
            method,
            percentage,
            count,
            float_out,
        )?
    } else {
        host::rank(
            input,
            kind,
            column_order,
            null_precedence,
            method,
            percentage,
            count,
            float_out,
        )?
    };
    Column::new(
        dtype.into(),
        n,
        Some(data),
        mask,
        Some(null_count),
        0,
        vec![],
    )
}

fn check_k(function: &str, k: i64) -> Result<()> {
    if k < 0 {
        return Err(Error::value(format!(
            "{function}: k must be non-negative, got {k}"
        )));
    }
    Ok(())
}

/// The row indices of the `k` largest (`Descending`) or smallest (`Ascending`) values of
/// `col`, in that order; nulls come last. `k` above the row count gives every row.
pub fn top_k_order(col: &Column, k: i64, sort_order: Order) -> Result<Column> {
    const NAME: &str = "sorting.top_k_order";
    check_k(NAME, k)?;
    // Nulls last whichever the direction.
    let nulls = match sort_order {
        Order::Ascending => NullOrder::After,
        Order::Descending => NullOrder::Before,
    };
    let t = Table::new(vec![col.clone()])?;
    let map = sorted_order(&t, &[sort_order], &[nulls])?;
    let k = (k as usize).min(col.size());
    map.slice(0, k)
}

/// The `k` largest (`Descending`) or smallest (`Ascending`) values of `col`, in that order
/// (libcudf's `top_k`); nulls come last.
pub fn top_k(col: &Column, k: i64, sort_order: Order) -> Result<Column> {
    let map = top_k_order(col, k, sort_order)?;
    Ok(gather_columns(std::slice::from_ref(col), col.size(), &map, Bounds::Trusted)?.remove(0))
}

/// The number of distinct values of `col` (nulls count as one value when present; NaNs
/// are equal; -0.0 == 0.0), from a sort on the device or the host.
pub(crate) fn count_distinct(col: &Column) -> Result<usize> {
    let n = col.size();
    if n == 0 {
        return Ok(0);
    }
    let kind = key_kind("reduce with NUNIQUE", col.dtype())?;
    if use_device()? {
        device::count_distinct(col, kind)
    } else {
        host::count_distinct(col, kind)
    }
}

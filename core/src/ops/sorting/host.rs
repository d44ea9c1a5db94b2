//! The host path of every sorting function, on the sort machinery of [`super::host_sort`]:
//! the order, segmented order, `is_sorted`, ranks and distinct count, each as the device
//! path computes it (see [`super::device`]).

use super::Keys;
use super::host_sort::{
    SortColumn, cmp_rows, sort_column, sort_columns, sort_rows_in_place, stable_order,
};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::Result;
use crate::keys::{KeyKind, NullOrder, Order};
use crate::ops::gather::host_map;
use crate::params::RankMethod;
use crate::table::Table;
use rayon::prelude::*;
use std::cmp::Ordering;

/// `0..n` as an INT32 map on the host.
pub(super) fn identity_map(n: usize) -> Column {
    host_map((0..n as i32).collect())
}

/// The stable sorted order of `keys` (at least one column and one row).
pub(super) fn sorted_order(keys: &Table, k: &Keys) -> Result<Column> {
    let cols = sort_columns(keys.columns(), &k.kinds, &k.orders, &k.nulls)?;
    Ok(host_map(stable_order(&cols, keys.num_rows())))
}

/// The order that sorts `keys` within each segment of `offsets` (INT32, no nulls), or
/// `None` when the offsets are not non-decreasing values in `[0, rows]`. `trivial`: no
/// row moves (no rows, no key columns or no segment), the identity map.
pub(super) fn segmented_order(
    keys: &Table,
    k: &Keys,
    offsets: &Column,
    trivial: bool,
) -> Result<Option<Column>> {
    let n = keys.num_rows();
    let offs = offsets.host_values::<i32>()?.to_vec();
    let ok =
        offs.iter().all(|&o| o >= 0 && o as usize <= n) && offs.windows(2).all(|w| w[0] <= w[1]);
    if !ok {
        return Ok(None);
    }
    if trivial {
        return Ok(Some(identity_map(n)));
    }
    let cols = sort_columns(keys.columns(), &k.kinds, &k.orders, &k.nulls)?;
    let mut map: Vec<i32> = (0..n as i32).collect();
    // Rows outside [offs[0], offs[last]) stay where they are.
    let mut rest = &mut map[offs[0] as usize..offs[offs.len() - 1] as usize];
    let mut segs = Vec::with_capacity(offs.len() - 1);
    for w in offs.windows(2) {
        let (seg, tail) = rest.split_at_mut((w[1] - w[0]) as usize);
        segs.push(seg);
        rest = tail;
    }
    segs.into_par_iter()
        .for_each(|s| sort_rows_in_place(&cols, s));
    Ok(Some(host_map(map)))
}

/// Whether the rows of `table` (at least two rows and one column) are sorted.
pub(super) fn is_sorted(table: &Table, k: &Keys) -> Result<bool> {
    if let Some(sorted) = int32_is_sorted(table, k)? {
        return Ok(sorted);
    }
    let cols = sort_columns(table.columns(), &k.kinds, &k.orders, &k.nulls)?;
    Ok((1..table.num_rows())
        .into_par_iter()
        .with_min_len(1 << 14)
        .all(|i| cmp_rows(&cols, i - 1, i) != Ordering::Greater))
}

/// [`is_sorted`] for INT32 keys without nulls (join maps, row numbers: the merge asks
/// whether its maps already come in the output's order), compared where they are: the
/// general path first writes a normalized 64-bit copy of every key, most of its time on
/// two maps of 10^7 rows. `None` when a key is of another type or has nulls.
fn int32_is_sorted(table: &Table, k: &Keys) -> Result<Option<bool>> {
    let mut cols = Vec::with_capacity(table.num_columns());
    for (c, order) in table.columns().iter().zip(&k.orders) {
        if c.dtype().id() != crate::types::TypeId::Int32 || c.has_nulls()? {
            return Ok(None);
        }
        cols.push((c.host_values::<i32>()?, *order == Order::Descending));
    }
    let in_order = |a: usize, b: usize| {
        for (values, descending) in &cols {
            let o = values[a].cmp(&values[b]);
            if o != Ordering::Equal {
                return (o == Ordering::Less) != *descending;
            }
        }
        true
    };
    Ok(Some(
        (1..table.num_rows())
            .into_par_iter()
            .with_min_len(1 << 14)
            .all(|i| in_order(i - 1, i)),
    ))
}

/// The ranks of the rows of `input` (at least one row) as FLOAT64 or INT32 values (see
/// [`super::rank`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn rank(
    input: &Column,
    kind: KeyKind,
    column_order: Order,
    null_precedence: NullOrder,
    method: RankMethod,
    percentage: bool,
    count: usize,
    float_out: bool,
) -> Result<Buffer> {
    let cols = [sort_column(input, kind, column_order, null_precedence)?];
    let order = stable_order(&cols, input.size());
    Ok(rank_values(
        &cols, &order, method, percentage, count, float_out,
    ))
}

fn rank_values(
    cols: &[SortColumn],
    order: &[i32],
    method: RankMethod,
    percentage: bool,
    count: usize,
    float_out: bool,
) -> Buffer {
    let n = order.len();
    let mut ranks = vec![0f64; n];
    // dense[p]: the dense rank of sorted position p (1-based).
    let mut dense = vec![0u32; n];
    let mut start = 0;
    let mut d = 0u32;
    while start < n {
        let mut end = start + 1;
        while end < n
            && cmp_rows(cols, order[start] as usize, order[end] as usize) == Ordering::Equal
        {
            end += 1;
        }
        d += 1;
        for (p, &row) in order.iter().enumerate().take(end).skip(start) {
            dense[p] = d;
            let r = match method {
                RankMethod::First => (p + 1) as f64,
                RankMethod::Min => (start + 1) as f64,
                RankMethod::Max => end as f64,
                RankMethod::Average => (start + 1) as f64 + (end - start - 1) as f64 / 2.0,
                RankMethod::Dense => f64::from(d),
            };
            ranks[row as usize] = r;
        }
        start = end;
    }
    if percentage {
        let denom = if method == RankMethod::Dense {
            if count == 0 {
                1.0
            } else {
                f64::from(dense[count - 1])
            }
        } else {
            count as f64
        };
        for r in &mut ranks {
            *r /= denom;
        }
    }
    if float_out {
        Buffer::from_vec(ranks)
    } else {
        Buffer::from_vec(ranks.into_iter().map(|r| r as i32).collect::<Vec<i32>>())
    }
}

/// The number of distinct values of `col` (at least one row), from its sorted order.
pub(super) fn count_distinct(col: &Column, kind: KeyKind) -> Result<usize> {
    let cols = [sort_column(col, kind, Order::Ascending, NullOrder::Before)?];
    let order = stable_order(&cols, col.size());
    Ok(1 + order
        .windows(2)
        .filter(|w| cmp_rows(&cols, w[0] as usize, w[1] as usize) != Ordering::Equal)
        .count())
}

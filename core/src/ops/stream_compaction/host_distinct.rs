//! The stream_compaction family's duplicate removal on the host: key rows compared through
//! arrow-rs's row format (floats normalised so `-0.0 == 0.0` and NaNs group together) and
//! hashed with hashbrown, or a normalised machine word for one narrow key column.

use super::host::filter_host;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::interop::arrow::to_arrow;
use crate::ops::join::host_keys::{KeyTable, KeyValues};
use crate::ops::search::{KeyKind, key_kind};
use crate::params::DuplicateKeepOption;
use crate::table::Table;
use arrow_array::{Array, ArrayRef, BooleanArray, Float32Array, Float64Array};
use arrow_buffer::BooleanBuffer;
use arrow_row::{RowConverter, SortField};
use rayon::prelude::*;
use std::sync::Arc;

/// Comparable key rows of `cols`, and per row whether it can equal no other row (a null
/// key with `!nulls_equal`, a NaN key with `!nans_equal`).
struct KeyRows {
    rows: arrow_row::Rows,
    alone: Vec<bool>,
    null: Vec<bool>,
}

fn key_rows(
    cols: &[Column],
    nulls_equal: bool,
    nans_equal: bool,
    nan_is_null: bool,
) -> Result<KeyRows> {
    let n = cols.first().map_or(0, Column::size);
    let mut alone = vec![false; n];
    let mut null = vec![false; n];
    let mut arrays: Vec<ArrayRef> = Vec::with_capacity(cols.len());
    for c in cols {
        let mut a = to_arrow(c)?;
        // C++ equality: -0.0 == 0.0, and every NaN payload is the same NaN here.
        let nan: Option<Vec<bool>> = if let Some(f) = a.as_any().downcast_ref::<Float64Array>() {
            let nan = f.values().iter().map(|v| v.is_nan()).collect();
            a = Arc::new(f.unary::<_, arrow_array::types::Float64Type>(|v| {
                if v.is_nan() { f64::NAN } else { v + 0.0 }
            }));
            Some(nan)
        } else if let Some(f) = a.as_any().downcast_ref::<Float32Array>() {
            let nan = f.values().iter().map(|v| v.is_nan()).collect();
            a = Arc::new(f.unary::<_, arrow_array::types::Float32Type>(|v| {
                if v.is_nan() { f32::NAN } else { v + 0.0 }
            }));
            Some(nan)
        } else {
            None
        };
        for i in 0..n {
            let is_null = a.is_null(i);
            let is_nan = !is_null && nan.as_ref().is_some_and(|v| v[i]);
            if is_null || (is_nan && nan_is_null) {
                null[i] = true;
                if !nulls_equal {
                    alone[i] = true;
                }
            } else if is_nan && !nans_equal {
                alone[i] = true;
            }
        }
        if nan_is_null && let Some(nan) = &nan {
            // NaN rows count as nulls: give them the null encoding.
            let keep = BooleanArray::from(nan.iter().map(|&x| !x).collect::<Vec<_>>());
            a = arrow_select::nullif::nullif(&a, &arrow_arith_not(&keep))
                .map_err(|e| Error::value(e.to_string()))?;
        }
        arrays.push(a);
    }
    let what = "comparing these key columns";
    let rows = row_encoding(&arrays, what, what)?;
    Ok(KeyRows { rows, alone, null })
}

/// The arrow-row encoding of `arrays` (equal rows encode equally); the errors start with
/// `unsupported` for key types without an encoding and with `what` for the others.
pub(crate) fn row_encoding(
    arrays: &[ArrayRef],
    unsupported: &str,
    what: &str,
) -> Result<arrow_row::Rows> {
    let fields = arrays
        .iter()
        .map(|a| SortField::new(a.data_type().clone()))
        .collect();
    let conv = RowConverter::new(fields)
        .map_err(|e| Error::not_implemented(format!("{unsupported}: {e}")))?;
    conv.convert_columns(arrays)
        .map_err(|e| Error::value(format!("{what}: {e}")))
}

/// A float array with -0.0 turned into +0.0 and every NaN into the canonical NaN, so equal
/// values (C++ `==`, NaNs grouped together) have equal row encodings; other arrays as they are.
pub(crate) fn normalize_float_keys(a: ArrayRef) -> ArrayRef {
    if let Some(f) = a.as_any().downcast_ref::<Float64Array>() {
        return Arc::new(f.unary::<_, arrow_array::types::Float64Type>(|v| {
            if v.is_nan() { f64::NAN } else { v + 0.0 }
        }));
    }
    if let Some(f) = a.as_any().downcast_ref::<Float32Array>() {
        return Arc::new(f.unary::<_, arrow_array::types::Float32Type>(|v| {
            if v.is_nan() { f32::NAN } else { v + 0.0 }
        }));
    }
    a
}

fn arrow_arith_not(b: &BooleanArray) -> BooleanArray {
    BooleanArray::new(!b.values(), None)
}

impl KeyRows {
    fn equal(&self, i: usize, j: usize) -> bool {
        !self.alone[i] && !self.alone[j] && self.rows.row(i) == self.rows.row(j)
    }
}

/// Rows kept from runs of consecutive rows with equal keys `cols`.
pub(super) fn unique(
    table: &Table,
    cols: &[Column],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
) -> Result<Table> {
    let n = table.num_rows();
    let kr = key_rows(cols, nulls_equal, true, false)?;
    let same_as_prev: Vec<bool> = (0..n).map(|i| i > 0 && kr.equal(i, i - 1)).collect();
    let next_same = |i: usize| i + 1 < n && same_as_prev[i + 1];
    let flags = (0..n)
        .map(|i| match keep {
            DuplicateKeepOption::KeepAny | DuplicateKeepOption::KeepFirst => !same_as_prev[i],
            DuplicateKeepOption::KeepLast => !next_same(i),
            DuplicateKeepOption::KeepNone => !same_as_prev[i] && !next_same(i),
        })
        .collect();
    filter_host_cpu(table, flags)
}

/// The host filter even in device placement (the caller already recorded the fallback).
fn filter_host_cpu(table: &Table, keep: Vec<bool>) -> Result<Table> {
    filter_host(table, BooleanBuffer::from(keep))
}

/// The row `keep` keeps of a group of duplicates, given as (first row, last row, rows).
fn kept_row(
    keep: DuplicateKeepOption,
    (first, last, count): (usize, usize, usize),
) -> Option<usize> {
    match keep {
        DuplicateKeepOption::KeepAny | DuplicateKeepOption::KeepFirst => Some(first),
        DuplicateKeepOption::KeepLast => Some(last),
        DuplicateKeepOption::KeepNone => (count == 1).then_some(first),
    }
}

/// Indices (ascending) of the rows kept by distinct key rows of `cols`.
fn distinct_rows(
    cols: &[Column],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Vec<usize>> {
    let n = cols.first().map_or(0, Column::size);
    if let Some(rows) = distinct_rows_one_word(cols, keep, nulls_equal, nans_equal)? {
        return Ok(rows);
    }
    let kr = key_rows(cols, nulls_equal, nans_equal, false)?;
    let mut groups: hashbrown::HashMap<&[u8], (usize, usize, usize)> =
        hashbrown::HashMap::with_capacity(n.min(1 << 20));
    let mut singles = Vec::new();
    for i in 0..n {
        if kr.alone[i] {
            singles.push(i);
            continue;
        }
        let e = groups.entry(kr.rows.row(i).data()).or_insert((i, i, 0));
        e.1 = i;
        e.2 += 1;
    }
    let mut out: Vec<usize> = groups
        .values()
        .filter_map(|&group| kept_row(keep, group))
        .chain(singles)
        .collect();
    out.par_sort_unstable();
    Ok(out)
}

/// The kept rows for one key column of at most 8 bytes, hashed as a normalised machine
/// word (no row encoding); `None` when the keys are not of that shape.
fn distinct_rows_one_word(
    cols: &[Column],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Option<Vec<usize>>> {
    let [col] = cols else { return Ok(None) };
    let Ok(kind) = key_kind("distinct", col.dtype()) else {
        return Ok(None);
    };
    // NaN keys that compare unequal are rows of their own: leave them to the general path.
    if !nans_equal && matches!(kind, KeyKind::F32 | KeyKind::F64) {
        return Ok(None);
    }
    let keys = KeyTable::new(&Table::new(vec![col.clone()])?, &[kind])?;
    let KeyValues::Word(words) = &keys.cols[0].values else {
        return Ok(None);
    };
    let nulls = keys.cols[0].nulls.as_ref();
    let n = words.len();
    // Per distinct key: first row, last row, count.
    let mut groups: hashbrown::HashMap<u64, (usize, usize, usize)> = hashbrown::HashMap::new();
    let mut null_group: Option<(usize, usize, usize)> = None;
    let mut singles = Vec::new();
    for (i, &w) in words.iter().enumerate() {
        let e = if nulls.is_some_and(|nb| nb.is_null(i)) {
            if !nulls_equal {
                singles.push(i);
                continue;
            }
            null_group.get_or_insert((i, i, 0))
        } else {
            groups.entry(w).or_insert((i, i, 0))
        };
        e.1 = i;
        e.2 += 1;
    }
    let mut out: Vec<usize> = groups
        .values()
        .chain(null_group.as_ref())
        .filter_map(|&group| kept_row(keep, group))
        .chain(singles)
        .collect();
    out.par_sort_unstable();
    debug_assert!(out.len() <= n);
    Ok(Some(out))
}

fn gather_rows(table: &Table, rows: Vec<usize>) -> Result<Table> {
    let mut keep = arrow_buffer::BooleanBufferBuilder::new(table.num_rows());
    keep.append_n(table.num_rows(), false);
    for r in rows {
        keep.set_bit(r, true);
    }
    filter_host(table, keep.finish())
}

/// One row per distinct key of `cols`, in input order.
pub(super) fn distinct(
    table: &Table,
    cols: &[Column],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Table> {
    gather_rows(table, distinct_rows(cols, keep, nulls_equal, nans_equal)?)
}

/// The (ascending) row numbers [`distinct`] keeps, as INT32; with no key columns, the
/// first row (all rows are equal).
pub(super) fn distinct_indices(
    table: &Table,
    cols: &[Column],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Column> {
    let rows = if cols.is_empty() {
        (0..table.num_rows().min(1)).collect()
    } else {
        distinct_rows(cols, keep, nulls_equal, nans_equal)?
    };
    Ok(Column::from_values(
        rows.into_iter().map(|r| r as i32).collect::<Vec<_>>(),
    ))
}

/// Number of runs of consecutive equal values.
pub(super) fn unique_count(col: &Column, include_nulls: bool, nan_is_null: bool) -> Result<usize> {
    let n = col.size();
    let kr = key_rows(std::slice::from_ref(col), true, true, nan_is_null)?;
    let mut count = 0;
    for i in 0..n {
        if i > 0 && kr.equal(i, i - 1) {
            continue;
        }
        if kr.null[i] && !include_nulls {
            continue;
        }
        count += 1;
    }
    Ok(count)
}

/// Number of distinct values.
pub(super) fn distinct_count(
    col: &Column,
    include_nulls: bool,
    nan_is_null: bool,
) -> Result<usize> {
    let kr = key_rows(std::slice::from_ref(col), true, true, nan_is_null)?;
    let mut seen: hashbrown::HashSet<&[u8]> = hashbrown::HashSet::new();
    for i in 0..col.size() {
        if kr.null[i] && !include_nulls {
            continue;
        }
        seen.insert(kr.rows.row(i).data());
    }
    Ok(seen.len())
}

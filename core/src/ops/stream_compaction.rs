//! pylibcudf's `stream_compaction` module: keep the rows a mask or a rule selects.
//!
//! `apply_boolean_mask`, `drop_nulls` and `drop_nans` run on the device (flags, a scan and a
//! gather) and the host (arrow-rs `filter`). The duplicate-removal functions (`unique`,
//! `distinct`, `distinct_indices`, `stable_distinct`, `unique_count`, `distinct_count`)
//! compare whole key rows through arrow-rs's row format and hash them with hashbrown on the
//! host, and run on the device through the row hash table of
//! [`crate::device::kernels::hash_table`] (distinct: first/last/count per key slot, then
//! keep flags and a compaction, so the kept rows stay in input order; unique: an
//! adjacent-row comparison and a compaction). Nested key columns fall back to the host.
//!
//! Key equality follows libcudf: `-0.0 == 0.0`; NaNs are equal to each other when
//! `nans_equal`, else every NaN row is distinct; null keys are equal when `nulls_equal`.

use super::copying::{check_condition, device_cond, host_cond_bits};
use super::gather::{Bounds, device_map, gather_columns};
use super::search::{KeyKind, key_kind};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::distinct as dist;
use crate::device::kernels::movement::{self as mv, DeviceCond};
use crate::error::{Error, Result};
use crate::interop::arrow::{from_arrow, to_arrow};
use crate::placement::{host_fallback, use_device};
use crate::table::Table;
use crate::types::{TypeId, fixed_width};
use arrow_array::{Array, ArrayRef, BooleanArray, Float32Array, Float64Array};
use arrow_buffer::{BooleanBuffer, NullBuffer};
use arrow_row::{RowConverter, SortField};
use rayon::prelude::*;
use std::sync::Arc;

pub use crate::params::DuplicateKeepOption;

/// The rows of `table` where `mask` (BOOL8) is valid and true.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, scalar::Scalar, types::*};
/// use ferrodf_core::ops::stream_compaction::apply_boolean_mask;
/// let t = Table::new(vec![Column::from_values(vec![1i32, 2, 3])]).unwrap();
/// let m = Column::from_options(vec![Some(1u8), None, Some(1)]);
/// let m = ferrodf_core::Column::new(TypeId::Bool8.into(), 3, m.data().cloned(), m.mask().cloned(), None, 0, vec![]).unwrap();
/// let out = apply_boolean_mask(&t, &m).unwrap();
/// assert_eq!(out.columns()[0].host_values::<i32>().unwrap().to_vec(), vec![1, 3]);
/// ```
pub fn apply_boolean_mask(table: &Table, mask: &Column) -> Result<Table> {
    check_condition("apply_boolean_mask", mask, table.num_rows())?;
    if use_device()? {
        return compact_device(table, device_cond(mask)?);
    }
    filter_host(table, host_cond_bits(mask)?)
}

fn compact_device(table: &Table, cond: DeviceCond) -> Result<Table> {
    let n = table.num_rows();
    // Fixed-width columns without nulls are compacted directly; anything else gathers
    // through the kept row numbers.
    let mut direct = !table.columns().is_empty();
    for c in table.columns() {
        direct &= fixed_width(c.dtype().id()).is_some() && !c.has_nulls()?;
    }
    if direct {
        let sources = table
            .columns()
            .iter()
            .map(|c| {
                let w = fixed_width(c.dtype().id()).expect("fixed width");
                let ptr = match c.data() {
                    Some(d) if n > 0 => d.device_ptr()? + (c.offset() * w) as u64,
                    _ => 0,
                };
                Ok((ptr, w))
            })
            .collect::<Result<Vec<_>>>()?;
        let (outs, kept) = mv::compact_fixed(cond, n, &sources)?;
        let cols = table
            .columns()
            .iter()
            .zip(outs)
            .map(|(c, mem)| {
                Column::new(
                    c.dtype(),
                    kept,
                    Some(Buffer::from_device(mem)),
                    None,
                    Some(0),
                    0,
                    vec![],
                )
            })
            .collect::<Result<Vec<_>>>()?;
        return table_of(cols, kept);
    }
    let (map, kept) = mv::compact(cond, n)?;
    let map = device_map(map, kept)?;
    let cols = gather_columns(table.columns(), n, &map, Bounds::Trusted)?;
    table_of(cols, kept)
}

fn table_of(cols: Vec<Column>, rows: usize) -> Result<Table> {
    if cols.is_empty() {
        return Ok(Table::empty_with_rows(rows));
    }
    Table::new(cols)
}

fn filter_host(table: &Table, keep: BooleanBuffer) -> Result<Table> {
    let kept = keep.count_set_bits();
    let predicate = BooleanArray::new(keep.clone(), None);
    let filter = arrow_select::filter::FilterBuilder::new(&predicate)
        .optimize()
        .build();
    let cols = table
        .columns()
        .iter()
        .map(|c| {
            if c.dtype().id() == TypeId::Empty {
                return Column::new(c.dtype(), kept, None, None, Some(kept), 0, vec![]);
            }
            if let Some(width) = fixed_width(c.dtype().id()) {
                return compact_fixed_host(c, &keep, &filter, width, kept);
            }
            let a = to_arrow(c)?;
            let out = filter
                .filter(&a)
                .map_err(|e| Error::value(format!("apply_boolean_mask failed: {e}")))?;
            super::gather::restore_dtype(c, from_arrow(&*out)?)
        })
        .collect::<Result<Vec<_>>>()?;
    table_of(cols, kept)
}

/// Rows per task of the parallel host compaction (a multiple of 64: word aligned).
const COMPACT_CHUNK: usize = 1 << 16;

/// Keep the rows of a fixed-width column whose predicate bit is set, on the host: tasks
/// of [`COMPACT_CHUNK`] rows each write their kept values at their prefix of the counts
/// (arrow-rs `filter` is single-threaded). Validity goes through arrow's filter.
fn compact_fixed_host(
    col: &Column,
    keep: &BooleanBuffer,
    filter: &arrow_select::filter::FilterPredicate,
    width: usize,
    kept: usize,
) -> Result<Column> {
    fn values<T: arrow_buffer::ArrowNativeType>(
        col: &Column,
        keep: &BooleanBuffer,
        kept: usize,
    ) -> Result<Buffer> {
        let src = col.host_values::<T>()?;
        let n = keep.len();
        let starts: Vec<usize> = (0..n.div_ceil(COMPACT_CHUNK))
            .into_par_iter()
            .map(|c| {
                let b = c * COMPACT_CHUNK;
                keep.slice(b, COMPACT_CHUNK.min(n - b)).count_set_bits()
            })
            .collect::<Vec<_>>()
            .into_iter()
            .scan(0, |acc, k| {
                let s = *acc;
                *acc += k;
                Some(s)
            })
            .collect();
        let mut out: Vec<T> = Vec::with_capacity(kept);
        let spare = &mut out.spare_capacity_mut()[..kept];
        // Split the output at the tasks' starts so each task owns its slice.
        let mut pieces = Vec::with_capacity(starts.len());
        let mut rest = spare;
        for (c, &s) in starts.iter().enumerate() {
            let end = starts.get(c + 1).copied().unwrap_or(kept);
            let (head, tail) = rest.split_at_mut(end - s);
            pieces.push((c, head));
            rest = tail;
        }
        pieces.into_par_iter().for_each(|(c, dst)| {
            let b = c * COMPACT_CHUNK;
            let bits = keep.slice(b, COMPACT_CHUNK.min(n - b));
            let mut k = 0;
            for (w, mut word) in bits.bit_chunks().iter_padded().enumerate() {
                while word != 0 {
                    let r = word.trailing_zeros() as usize;
                    dst[k].write(src[b + w * 64 + r]);
                    k += 1;
                    word &= word - 1;
                }
            }
        });
        // SAFETY: each task wrote exactly its count of kept rows into its own slice.
        unsafe { out.set_len(kept) };
        Ok(Buffer::from_vec(out))
    }
    let data = match width {
        1 => values::<u8>(col, keep, kept)?,
        2 => values::<u16>(col, keep, kept)?,
        4 => values::<u32>(col, keep, kept)?,
        8 => values::<u64>(col, keep, kept)?,
        16 => values::<i128>(col, keep, kept)?,
        w => {
            return Err(Error::not_implemented(format!(
                "no host compaction for {w}-byte values"
            )));
        }
    };
    let mask = match col.host_nulls()? {
        None => None,
        // Every kept row is valid (drop_nulls on this column): the result has no nulls.
        Some(nulls) if (keep & nulls.inner()).count_set_bits() == kept => None,
        Some(nulls) => {
            let valid = BooleanArray::new(nulls.into_inner(), None);
            let out = filter
                .filter(&valid)
                .map_err(|e| Error::value(format!("apply_boolean_mask failed: {e}")))?;
            let bits = out
                .as_any()
                .downcast_ref::<BooleanArray>()
                .expect("boolean")
                .values()
                .clone();
            Some(Buffer::from_arrow(bits.sliced()))
        }
    };
    Column::new(col.dtype(), kept, Some(data), mask, None, 0, vec![])
}

fn key_columns(table: &Table, keys: &[usize]) -> Result<Vec<Column>> {
    keys.iter()
        .map(|&k| {
            table.columns().get(k).cloned().ok_or_else(|| {
                Error::index(format!(
                    "key column {k} does not exist in a table of {} columns",
                    table.num_columns()
                ))
            })
        })
        .collect()
}

/// Rows with at least `keep_threshold` non-null values among the `keys` columns.
pub fn drop_nulls(table: &Table, keys: &[usize], keep_threshold: usize) -> Result<Table> {
    let keys = key_columns(table, keys)?;
    let n = table.num_rows();
    if use_device()? {
        let counts = mv::zeroed_counts(n)?;
        for k in &keys {
            let (m, off) = match k.mask() {
                Some(b) if k.null_count()? > 0 => (b.device_ptr()?, k.offset() as i64),
                _ => (0, 0),
            };
            mv::count_valid(m, off, n, &counts)?;
        }
        let flags = mv::threshold_flags(&counts, n, keep_threshold)?;
        return compact_device(
            table,
            DeviceCond {
                data: flags.ptr(),
                mask: 0,
                offset: 0,
            },
        );
    }
    let validity = keys
        .iter()
        .map(|k| k.host_nulls())
        .collect::<Result<Vec<_>>>()?;
    if keep_threshold > keys.len() {
        return filter_host(table, BooleanBuffer::new_unset(n));
    }
    if keep_threshold == keys.len() {
        // Every key must be valid: the AND of the validity bitmaps, 64 rows at a time.
        let all = validity.iter().fold(None, |acc: Option<NullBuffer>, v| {
            NullBuffer::union(acc.as_ref(), v.as_ref())
        });
        let keep = all.map_or_else(|| BooleanBuffer::new_set(n), NullBuffer::into_inner);
        return filter_host(table, keep);
    }
    let mut counts = vec![0u32; n];
    for v in validity.iter() {
        match v {
            None => counts.par_iter_mut().for_each(|c| *c += 1),
            Some(nb) => counts
                .par_iter_mut()
                .enumerate()
                .for_each(|(i, c)| *c += nb.is_valid(i) as u32),
        }
    }
    let keep = BooleanBuffer::collect_bool(n, |i| counts[i] as usize >= keep_threshold);
    filter_host(table, keep)
}

/// Rows with at least `keep_threshold` non-NaN values among the (floating-point) `keys`
/// columns; a null counts as non-NaN.
pub fn drop_nans(table: &Table, keys: &[usize], keep_threshold: usize) -> Result<Table> {
    let keys = key_columns(table, keys)?;
    for k in &keys {
        if !k.dtype().id().is_floating() {
            return Err(Error::type_err(format!(
                "drop_nans needs floating-point key columns, got {}",
                k.dtype()
            )));
        }
    }
    let n = table.num_rows();
    if use_device()? {
        let counts = mv::zeroed_counts(n)?;
        for k in &keys {
            let double = k.dtype().id() == TypeId::Float64;
            let w = if double { 8 } else { 4 };
            let data = match k.data() {
                Some(d) if n > 0 => d.device_ptr()? + (k.offset() * w) as u64,
                _ => 0,
            };
            let (m, off) = match k.mask() {
                Some(b) if k.null_count()? > 0 => (b.device_ptr()?, k.offset() as i64),
                _ => (0, 0),
            };
            mv::count_not_nan(data, double, m, off, n, &counts)?;
        }
        let flags = mv::threshold_flags(&counts, n, keep_threshold)?;
        return compact_device(
            table,
            DeviceCond {
                data: flags.ptr(),
                mask: 0,
                offset: 0,
            },
        );
    }
    let mut counts = vec![0usize; n];
    for k in &keys {
        let nulls = k.host_nulls()?;
        let is_nan: Vec<bool> = if k.dtype().id() == TypeId::Float64 {
            k.host_values::<f64>()?
                .par_iter()
                .map(|v| v.is_nan())
                .collect()
        } else {
            k.host_values::<f32>()?
                .par_iter()
                .map(|v| v.is_nan())
                .collect()
        };
        counts.par_iter_mut().enumerate().for_each(|(i, c)| {
            let null = nulls.as_ref().is_some_and(|nb| nb.is_null(i));
            *c += (null || !is_nan[i]) as usize;
        });
    }
    let keep = BooleanBuffer::collect_bool(n, |i| counts[i] >= keep_threshold);
    filter_host(table, keep)
}

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
    let fields = arrays
        .iter()
        .map(|a| SortField::new(a.data_type().clone()))
        .collect();
    let conv = RowConverter::new(fields)
        .map_err(|e| Error::not_implemented(format!("comparing these key columns: {e}")))?;
    let rows = conv
        .convert_columns(&arrays)
        .map_err(|e| Error::value(format!("comparing these key columns: {e}")))?;
    Ok(KeyRows { rows, alone, null })
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

/// The key columns, and their comparison kinds when the work runs on the device. Key types
/// the device kernels do not compare (nested types) fall back to the host, as documented.
fn check_keys_for(
    what: &str,
    table: &Table,
    keys: &[usize],
) -> Result<(Vec<Column>, Option<Vec<KeyKind>>)> {
    let cols = key_columns(table, keys)?;
    let kinds = device_kinds(what, &cols)?;
    Ok((cols, kinds))
}

fn device_kinds(what: &str, cols: &[Column]) -> Result<Option<Vec<KeyKind>>> {
    if !use_device()? {
        return Ok(None);
    }
    match cols
        .iter()
        .map(|c| key_kind(what, c.dtype()))
        .collect::<Result<Vec<_>>>()
    {
        Ok(kinds) => Ok(Some(kinds)),
        Err(_) => {
            host_fallback(what, "nested key columns")?;
            Ok(None)
        }
    }
}

fn flags_cond(flags: &crate::device::DeviceMemory) -> DeviceCond {
    DeviceCond {
        data: flags.ptr(),
        mask: 0,
        offset: 0,
    }
}

fn key_table(cols: &[Column]) -> Result<Table> {
    Table::new(cols.to_vec())
}

/// Rows kept from runs of consecutive rows with equal keys.
pub fn unique(
    table: &Table,
    keys: &[usize],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
) -> Result<Table> {
    let (cols, kinds) = check_keys_for("stream_compaction.unique", table, keys)?;
    let n = table.num_rows();
    if cols.is_empty() {
        return Ok(table.clone());
    }
    if let Some(kinds) = kinds {
        let flags = dist::unique_flags(&key_table(&cols)?, &kinds, keep, nulls_equal)?;
        return compact_device(table, flags_cond(&flags));
    }
    let kr = key_rows(&cols, nulls_equal, true, false)?;
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
        .filter_map(|&(first, last, count)| match keep {
            DuplicateKeepOption::KeepAny | DuplicateKeepOption::KeepFirst => Some(first),
            DuplicateKeepOption::KeepLast => Some(last),
            DuplicateKeepOption::KeepNone => (count == 1).then_some(first),
        })
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
    use super::join::host_keys::{KeyTable, KeyValues};
    use super::search::{KeyKind, key_kind};
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
        .filter_map(|&(first, last, count)| match keep {
            DuplicateKeepOption::KeepAny | DuplicateKeepOption::KeepFirst => Some(first),
            DuplicateKeepOption::KeepLast => Some(last),
            DuplicateKeepOption::KeepNone => (count == 1).then_some(first),
        })
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

/// One row per distinct key (ferrodf keeps the input order of the kept rows).
pub fn distinct(
    table: &Table,
    keys: &[usize],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Table> {
    distinct_named(
        "stream_compaction.distinct",
        table,
        keys,
        keep,
        nulls_equal,
        nans_equal,
    )
}

/// [`distinct`], guaranteed to keep the input order.
pub fn stable_distinct(
    table: &Table,
    keys: &[usize],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Table> {
    let name = "stream_compaction.stable_distinct";
    distinct_named(name, table, keys, keep, nulls_equal, nans_equal)
}

fn distinct_named(
    name: &str,
    table: &Table,
    keys: &[usize],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Table> {
    let (cols, kinds) = check_keys_for(name, table, keys)?;
    if cols.is_empty() {
        return Ok(table.clone());
    }
    if let Some(kinds) = kinds {
        let keys = key_table(&cols)?;
        let flags = dist::distinct_flags(&keys, &kinds, keep, nulls_equal, nans_equal)?;
        return compact_device(table, flags_cond(&flags));
    }
    gather_rows(table, distinct_rows(&cols, keep, nulls_equal, nans_equal)?)
}

/// The (ascending) row numbers [`distinct`] keeps, comparing all columns, as INT32.
pub fn distinct_indices(
    table: &Table,
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Column> {
    let all: Vec<usize> = (0..table.num_columns()).collect();
    let (cols, kinds) = check_keys_for("stream_compaction.distinct_indices", table, &all)?;
    if let (Some(kinds), false) = (kinds, cols.is_empty()) {
        let n = table.num_rows();
        let flags = dist::distinct_flags(table, &kinds, keep, nulls_equal, nans_equal)?;
        let (map, kept) = mv::compact(flags_cond(&flags), n)?;
        return device_map(map, kept);
    }
    let rows = if cols.is_empty() {
        (0..table.num_rows().min(1)).collect()
    } else {
        distinct_rows(&cols, keep, nulls_equal, nans_equal)?
    };
    Ok(Column::from_values(
        rows.into_iter().map(|r| r as i32).collect::<Vec<_>>(),
    ))
}

/// Number of runs of consecutive equal values. `include_nulls`: a run of nulls counts;
/// `nan_is_null`: NaNs are treated as nulls.
pub fn unique_count(col: &Column, include_nulls: bool, nan_is_null: bool) -> Result<usize> {
    let name = "stream_compaction.unique_count";
    if let Some(kinds) = device_kinds(name, std::slice::from_ref(col))? {
        return dist::unique_count(col, kinds[0], include_nulls, nan_is_null);
    }
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

/// Number of distinct values (see [`unique_count`] for the options).
pub fn distinct_count(col: &Column, include_nulls: bool, nan_is_null: bool) -> Result<usize> {
    let name = "stream_compaction.distinct_count";
    if let Some(kinds) = device_kinds(name, std::slice::from_ref(col))? {
        return dist::distinct_count(col, kinds[0], include_nulls, nan_is_null);
    }
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

//! The stream_compaction family's host path for the mask and null rules:
//! `apply_boolean_mask`, `drop_nulls` and `drop_nans` filter with arrow-rs (fixed-width
//! columns compacted in parallel). Duplicate removal on the host is in `host_distinct.rs`.

use super::table_of;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::interop::arrow::{from_arrow, to_arrow};
use crate::ops::copying::host::host_cond_bits;
use crate::ops::numeric::with_width_type;
use crate::table::Table;
use crate::types::{TypeId, fixed_width};
use arrow_array::{Array, BooleanArray};
use arrow_buffer::{BooleanBuffer, NullBuffer};
use rayon::prelude::*;

/// The rows of `table` where `mask` is valid and true.
pub(super) fn apply_boolean_mask(table: &Table, mask: &Column) -> Result<Table> {
    filter_host(table, host_cond_bits(mask)?)
}

/// Rows with at least `keep_threshold` valid values among the `keys` columns.
pub(super) fn drop_nulls(table: &Table, keys: &[Column], keep_threshold: usize) -> Result<Table> {
    let n = table.num_rows();
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

/// Rows with at least `keep_threshold` non-NaN values among the float `keys` columns.
pub(super) fn drop_nans(table: &Table, keys: &[Column], keep_threshold: usize) -> Result<Table> {
    let n = table.num_rows();
    let mut counts = vec![0usize; n];
    for k in keys {
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

/// The rows of `table` whose bit of `keep` is set (arrow-rs `filter`, fixed-width
/// columns compacted in parallel).
pub(super) fn filter_host(table: &Table, keep: BooleanBuffer) -> Result<Table> {
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
            if kept == 0 {
                // arrow's filter makes an empty array of the type when nothing is kept,
                // which drops a dictionary's keys (pandas keeps the categories)
                return crate::ops::copying::empty_like(c);
            }
            let a = to_arrow(c)?;
            let out = filter
                .filter(&a)
                .map_err(|e| Error::value(format!("apply_boolean_mask failed: {e}")))?;
            crate::ops::gather::restore_dtype(c, from_arrow(&*out)?)
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
    let data = with_width_type!(width, T => { values::<T>(col, keep, kept)? }, _ => {
        return Err(Error::not_implemented(format!(
            "no host compaction for {width}-byte values"
        )));
    });
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

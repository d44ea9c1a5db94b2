//! Row maps, the primitive most data movement is built from: `gather` itself, and `scatter`,
//! `copy_if_else`, `shift`, `copy_range`, `boolean_mask_scatter`, `apply_boolean_mask`,
//! `replace_nulls`, `repeat`, ... which build an INT32 map (on the host or the device) and
//! gather through it, so every column type works on both paths through one mechanism.
//!
//! Map entries follow libcudf: a negative entry `i` means `i + rows`; entries outside
//! `[-rows, rows)` are out of bounds. Internal maps use [`NULL_ROW`] for "a null row".
//!
//! A crate-internal helper shared by the op families rather than a part of `copying`
//! (whose public `gather` is a thin caller of [`gather_columns`]): copying, filling,
//! stream_compaction, concatenate, replace, scan, sorting, merge, join, partitioning,
//! quantiles and groupby all gather through it. Each function decides host or device once
//! (the device side is `device/kernels/gather.rs`, a shared kernel module too).

use super::numeric::{Num, with_num_type};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::gather::{self as dev, DeviceMap};
use crate::device::kernels::movement::iota;
use crate::device::primitives::bitmask::copy_bits;
use crate::error::{Error, Result};
use crate::interop::arrow::{from_arrow, to_arrow};
use crate::ops::numeric::with_width_type;
use crate::placement::use_device;
use crate::types::{TypeId, fixed_width};
use arrow_array::{Array, Int32Array};
use arrow_buffer::{BooleanBuffer, NullBuffer, ScalarBuffer};
use rayon::prelude::*;

pub(crate) use crate::device::kernels::gather::device_map;

/// An internal map entry that gathers a null row (out of bounds of every column).
pub(crate) const NULL_ROW: i32 = i32::MAX;

/// What out-of-bounds map entries do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bounds {
    /// They give null rows.
    Nullify,
    /// They give null rows and are expected to be rare (user maps): the device pass makes
    /// no null mask for them and gathers again with one only if it met any.
    NullifyRare,
    /// They are an error (IndexError); nothing is read out of bounds.
    Check,
    /// There are none: an internal map whose entries are all valid row numbers. Kernels
    /// still never read out of bounds, but no null mask is made for the map's sake.
    Trusted,
}

/// Gather `columns` (all of `rows` rows) through the integer column `map`.
pub(crate) fn gather_columns(
    columns: &[Column],
    rows: usize,
    map: &Column,
    bounds: Bounds,
) -> Result<Vec<Column>> {
    if !map.dtype().id().is_integer() {
        return Err(Error::type_err(format!(
            "a gather map must be an integer column, got {}",
            map.dtype()
        )));
    }
    if use_device()? {
        let flag = DeviceMemory::zeroed(4)?;
        let mut dmap = DeviceMap::new(map, bounds != Bounds::Check, &flag)?;
        dmap.in_bounds = bounds == Bounds::Trusted;
        // Only these callers read the flag.
        dmap.report = matches!(bounds, Bounds::Check | Bounds::NullifyRare);
        if bounds == Bounds::NullifyRare && !map.has_nulls()? {
            dmap.in_bounds = true;
            let out = columns
                .iter()
                .map(|c| dev::gather_column(c, &dmap))
                .collect::<Result<Vec<_>>>()?;
            if map.size() == 0 || columns.is_empty() || !dev::flag_is_set(&flag)? {
                return Ok(out);
            }
            // Some entries were out of bounds: gather again, with their null rows.
            dmap.in_bounds = false;
        }
        let out = columns
            .iter()
            .map(|c| dev::gather_column(c, &dmap))
            .collect::<Result<Vec<_>>>()?;
        if bounds == Bounds::Check && map.size() > 0 {
            if columns.is_empty() {
                // Nothing was gathered, so nothing checked the map yet.
                dev::normalize_map(&dmap, rows)?;
            }
            if dev::flag_is_set(&flag)? {
                return Err(out_of_bounds(rows));
            }
        }
        return Ok(out);
    }
    host_gather_columns(columns, rows, map, bounds)
}

/// [`gather_columns`] on the host, whatever the placement.
pub(crate) fn host_gather_columns(
    columns: &[Column],
    rows: usize,
    map: &Column,
    bounds: Bounds,
) -> Result<Vec<Column>> {
    let host_bounds = if bounds == Bounds::Check {
        Bounds::Check
    } else {
        Bounds::Nullify
    };
    let indices = host_indices(map, rows, host_bounds)?;
    columns
        .iter()
        .map(|c| match fixed_width(c.dtype().id()) {
            Some(width) => host_gather_fixed(c, &indices, width),
            None => host_take(c, &indices),
        })
        .collect()
}

/// A bitmap of `n` bits, bit `i` = `f(i)`, built 64 bits at a time in parallel (arrow's
/// `BooleanBuffer::collect_bool` is one thread: as slow as the gather it masks).
fn par_bits(n: usize, f: impl Fn(usize) -> bool + Sync) -> BooleanBuffer {
    let words: Vec<u64> = (0..n.div_ceil(64))
        .into_par_iter()
        .with_min_len(GATHER_CHUNK / 64)
        .map(|w| {
            let base = w * 64;
            (base..(base + 64).min(n)).fold(0u64, |bits, i| bits | (u64::from(f(i)) << (i - base)))
        })
        .collect();
    // arrow's bit i is bit i % 8 of byte i / 8: the bits of a little-endian u64
    let buffer = if cfg!(target_endian = "little") {
        arrow_buffer::Buffer::from_vec(words)
    } else {
        arrow_buffer::Buffer::from_vec(
            words
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect::<Vec<u8>>(),
        )
    };
    BooleanBuffer::new(buffer, 0, n)
}

/// The validity of a gather's output: the map entry is valid and so is the source row.
fn gathered_mask(src: Option<&NullBuffer>, indices: &Int32Array) -> Option<Buffer> {
    let idx = indices.values();
    match (src, indices.nulls()) {
        (None, None) => None,
        (src, map) => {
            let bits = par_bits(idx.len(), |i| {
                map.is_none_or(|m| m.is_valid(i)) && src.is_none_or(|s| s.is_valid(idx[i] as usize))
            });
            Some(Buffer::from_arrow(bits.into_inner()))
        }
    }
}

/// Rows per rayon task of a host gather.
const GATHER_CHUNK: usize = 1 << 15;

/// Gather a fixed-width column on the host: a parallel typed loop (arrow's `take` is
/// single-threaded and goes through dynamic arrays).
fn host_gather_fixed(col: &Column, indices: &Int32Array, width: usize) -> Result<Column> {
    fn values<T: arrow_buffer::ArrowNativeType>(col: &Column, idx: &[i32]) -> Result<Buffer> {
        let src = col.host_values::<T>()?;
        // Written into uninitialised capacity (a zeroed allocation would fault in fresh
        // pages), a plain loop per task so that several loads are in flight.
        let mut out: Vec<T> = Vec::with_capacity(idx.len());
        out.spare_capacity_mut()[..idx.len()]
            .par_chunks_mut(GATHER_CHUNK)
            .zip(idx.par_chunks(GATHER_CHUNK))
            .for_each(|(o, ix)| {
                for (d, &j) in o.iter_mut().zip(ix) {
                    // Null and out-of-bounds entries hold -1: their rows are masked, so
                    // any value does.
                    d.write(src.get(j as usize).copied().unwrap_or_default());
                }
            });
        // SAFETY: the chunks cover every element and each was written.
        unsafe { out.set_len(idx.len()) };
        Ok(Buffer::from_vec(out))
    }
    let idx = indices.values();
    let data = with_width_type!(width, T => { values::<T>(col, idx)? }, _ => {
        return host_take(col, indices)
    });
    let mask = gathered_mask(col.host_nulls()?.as_ref(), indices);
    Column::new(col.dtype(), idx.len(), Some(data), mask, None, 0, vec![])
}

/// Gather one column through an internal INT32 map whose entries are all in bounds.
pub(crate) fn gather_internal(column: &Column, map: &Column) -> Result<Column> {
    let cols = std::slice::from_ref(column);
    Ok(gather_columns(cols, column.size(), map, Bounds::Trusted)?.remove(0))
}

/// Gather one column through an internal INT32 map that may hold [`NULL_ROW`] entries.
pub(crate) fn gather_internal_nullable(column: &Column, map: &Column) -> Result<Column> {
    let cols = std::slice::from_ref(column);
    Ok(gather_columns(cols, column.size(), map, Bounds::Nullify)?.remove(0))
}

fn out_of_bounds(rows: usize) -> Error {
    Error::index(format!(
        "the map has entries outside [-{rows}, {rows}) for {rows} rows; fix the map or use \
         OutOfBoundsPolicy.NULLIFY to get null rows for them"
    ))
}

/// Take rows of `col` through arrow-rs on the host.
pub(crate) fn host_take(col: &Column, indices: &Int32Array) -> Result<Column> {
    if col.dtype().id() == TypeId::Empty {
        let n = indices.len();
        return Column::new(col.dtype(), n, None, None, Some(n), 0, vec![]);
    }
    if indices.is_empty() {
        // Keeps a dictionary's keys, which an empty arrow array of the type would drop.
        return crate::ops::copying::empty_like(col);
    }
    let array = to_arrow(col)?;
    let taken = arrow_select::take::take(&*array, indices, None)
        .map_err(|e| Error::value(format!("gather failed: {e}")))?;
    let out = from_arrow(&*taken)?;
    restore_dtype(col, out)
}

/// Arrow conversion keeps the type id; the decimal scale and nested layouts come back as
/// they went, so only guard against a mismatch.
pub(crate) fn restore_dtype(like: &Column, out: Column) -> Result<Column> {
    if out.dtype() != like.dtype() {
        return Err(Error::type_err(format!(
            "internal: a {} column came back from arrow as {}",
            like.dtype(),
            out.dtype()
        )));
    }
    Ok(out)
}

/// The map as arrow INT32 indices with nulls where rows are null: negatives wrapped, out of
/// bounds nulled (`Nullify`) or rejected (`Check`).
pub(crate) fn host_indices(map: &Column, rows: usize, bounds: Bounds) -> Result<Int32Array> {
    let rows_i = rows as i128;
    let id = map.dtype().id();
    let resolved: Vec<i32> = with_num_type!(id, S => {
        let values = map.host_values::<S>()?;
        values
            .par_iter()
            .with_min_len(1 << 14)
            .map(|v| {
                let raw = v.to_i128();
                let j = if raw < 0 { raw + rows_i } else { raw };
                if (0..rows_i).contains(&j) { j as i32 } else { -1 }
            })
            .collect()
    });
    let map_nulls = map.host_nulls()?;
    if bounds == Bounds::Check {
        let bad = resolved
            .par_iter()
            .enumerate()
            .any(|(i, &j)| j < 0 && map_nulls.as_ref().is_none_or(|n| n.is_valid(i)));
        if bad {
            return Err(out_of_bounds(rows));
        }
    }
    let any_oob = resolved.par_iter().any(|&j| j < 0);
    let nulls = if any_oob {
        let valid = par_bits(resolved.len(), |i| resolved[i] >= 0);
        let valid = match &map_nulls {
            Some(n) => &valid & n.inner(),
            None => valid,
        };
        Some(NullBuffer::new(valid))
    } else {
        map_nulls
    };
    Ok(Int32Array::new(ScalarBuffer::from(resolved), nulls))
}

/// An INT32 column of map entries (host resident).
pub(crate) fn host_map(values: Vec<i32>) -> Column {
    Column::from_values(values)
}

/// The map normalised to in-bounds INT32 row numbers, for scatters: negative entries
/// wrapped; nulls and out-of-bounds entries are errors.
pub(crate) fn normalized_scatter_map(map: &Column, rows: usize) -> Result<Column> {
    if !map.dtype().id().is_integer() {
        return Err(Error::type_err(format!(
            "a scatter map must be an integer column, got {}",
            map.dtype()
        )));
    }
    if map.has_nulls()? {
        return Err(Error::value(
            "the scatter map has nulls; drop or fill them first",
        ));
    }
    if use_device()? {
        let flag = DeviceMemory::zeroed(4)?;
        let dmap = DeviceMap::new(map, false, &flag)?;
        let out = dev::normalize_map(&dmap, rows)?;
        if map.size() > 0 && dev::flag_is_set(&flag)? {
            return Err(out_of_bounds(rows));
        }
        return device_map(out, map.size());
    }
    let idx = host_indices(map, rows, Bounds::Check)?;
    Ok(host_map(idx.values().to_vec()))
}

/// A copy of the rows of `col` (its own buffers, offset 0), where the data lives.
pub(crate) fn copy_rows(col: &Column) -> Result<Column> {
    let n = col.size();
    if use_device()? {
        return gather_internal(col, &device_map(iota(n, 0)?, n)?);
    }
    if let Some(width) = fixed_width(col.dtype().id())
        && let Some(data) = col.data()
    {
        // A plain copy of the bytes (and the mask's bits) of the rows.
        let bytes = data.host_range(col.offset() * width, n * width)?;
        let copy = Buffer::from_slice_ref(bytes.as_slice());
        return Column::new(
            col.dtype(),
            n,
            Some(copy),
            mask_copy(col)?,
            col.known_null_count(),
            0,
            vec![],
        );
    }
    gather_internal(col, &host_map((0..n as i32).collect()))
}

/// The null mask of `col`'s rows starting at bit 0 (None when it has no nulls).
pub(crate) fn mask_copy(col: &Column) -> Result<Option<Buffer>> {
    let n = col.size();
    let Some(mask) = col.mask().filter(|_| col.null_count().is_ok_and(|c| c > 0)) else {
        return Ok(None);
    };
    if use_device()? {
        let out = DeviceMemory::alloc(crate::bitmask::bitmask_allocation_size_bytes(n))?;
        copy_bits(mask.device_ptr()?, col.offset(), out.ptr(), 0, n)?;
        return Ok(Some(Buffer::from_device(out)));
    }
    let nulls = col.host_nulls()?.expect("has nulls");
    Ok(Some(Buffer::from_arrow(nulls.inner().sliced())))
}

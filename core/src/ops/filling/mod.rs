//! pylibcudf's `filling` module: `fill`, `fill_in_place`, `sequence` and `repeat`, on the
//! host and the device.

use super::concatenate::concatenate;
use super::copying::write_rows_in_place;
use super::gather::{Bounds, device_map, gather_columns, gather_internal, host_map};
use super::numeric::{Num, with_num_type};
use crate::buffer::Buffer;
use crate::column::{Column, MAX_ROWS};
use crate::device::DeviceMemory;
use crate::device::kernels::{movement as mv, scan as dscan};
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{TypeId, fixed_width};
use rayon::prelude::*;

fn check_fill(what: &str, dest: &Column, begin: usize, end: usize, value: &Scalar) -> Result<()> {
    if value.dtype() != dest.dtype() {
        return Err(Error::type_err(format!(
            "{what}: the value is {} but the column is {}",
            value.dtype(),
            dest.dtype()
        )));
    }
    if begin > end || end > dest.size() {
        return Err(Error::index(format!(
            "{what}: range {begin}..{end} is not inside a column of {} rows",
            dest.size()
        )));
    }
    Ok(())
}

/// A copy of `dest` with rows `begin..end` set to `value` (null when the scalar is null).
///
/// ```
/// use ferrodf_core::{column::Column, scalar::Scalar, ops::filling::fill};
/// let c = fill(&Column::from_values(vec![1i32, 2, 3]), 1, 3, &Scalar::from_native(9i32)).unwrap();
/// assert_eq!(c.host_values::<i32>().unwrap().to_vec(), vec![1, 9, 9]);
/// ```
pub fn fill(dest: &Column, begin: usize, end: usize, value: &Scalar) -> Result<Column> {
    check_fill("fill", dest, begin, end, value)?;
    let n = dest.size();
    let map = if use_device()? {
        // Rows begin..end all take row n (the value), through copy_range's map with step 0.
        let m = mv::iota(n, 0)?;
        let fill_rows = mv::iota(end - begin, begin as i64)?;
        mv::scatter_positions(fill_rows.ptr(), end - begin, n as i64, 0, m.ptr())?;
        device_map(m, n)?
    } else {
        host_map(
            (0..n)
                .into_par_iter()
                .map(|i| {
                    if (begin..end).contains(&i) {
                        n as i32
                    } else {
                        i as i32
                    }
                })
                .collect(),
        )
    };
    gather_internal(
        &concatenate(&[dest.clone(), value.as_column().clone()])?,
        &map,
    )
}

/// [`fill`] written into `dest`'s own memory (fixed-width columns only). A null value
/// needs a column with a null mask.
pub fn fill_in_place(dest: &Column, begin: usize, end: usize, value: &Scalar) -> Result<()> {
    check_fill("fill_in_place", dest, begin, end, value)?;
    let width = fixed_width(dest.dtype().id()).ok_or_else(|| {
        Error::type_err(format!(
            "fill_in_place works on fixed-width columns only, got {}; use fill",
            dest.dtype()
        ))
    })?;
    if !value.is_valid()? && !dest.nullable() {
        return Err(Error::value(
            "fill_in_place: the value is null but the column has no null mask; use fill",
        ));
    }
    let filled = fill(&dest.slice(begin, end - begin)?, 0, end - begin, value)?;
    write_rows_in_place(&filled, dest, begin, width)
}

/// Below this many rows a host sequence is written without splitting it into tasks.
const PARALLEL_MIN_ROWS: usize = 1 << 16;

/// `size` values `init + i * step` of the scalars' numeric type (integers wrap).
pub fn sequence(size: usize, init: &Scalar, step: &Scalar) -> Result<Column> {
    let t = init.dtype();
    if step.dtype() != t {
        return Err(Error::value(format!(
            "sequence: init is {} but step is {}",
            t,
            step.dtype()
        )));
    }
    if !t.id().is_numeric() || t.id() == TypeId::Bool8 {
        return Err(Error::value(format!(
            "sequence needs a numeric type other than BOOL8, got {t}"
        )));
    }
    if !init.is_valid()? || !step.is_valid()? {
        return Err(Error::value(
            "sequence: init and step must be valid (not null)",
        ));
    }
    if size > MAX_ROWS {
        return Err(Error::overflow(format!(
            "sequence of {size} rows exceeds {MAX_ROWS}"
        )));
    }
    let bits = |s: &Scalar| -> Result<u64> {
        let b = s
            .as_column()
            .data()
            .expect("numeric")
            .host_range(0, fixed_width(t.id()).expect("numeric"))?;
        let mut v = [0u8; 8];
        v[..b.len()].copy_from_slice(b.as_slice());
        Ok(u64::from_le_bytes(v))
    };
    let data = if use_device()? {
        Buffer::from_device(dscan::sequence(t.id(), size, bits(init)?, bits(step)?)?)
    } else {
        with_num_type!(t.id(), S => {
            let (a, d) = (init.as_column().host_values::<S>()?[0], step.as_column().host_values::<S>()?[0]);
            // small sequences (row numbers of a lookup, say) stay on this thread: waking
            // rayon's pool costs more than writing them
            let v: Vec<S> = (0..size).into_par_iter().with_min_len(PARALLEL_MIN_ROWS).map(|i| a.wadd(S::from_i128(i as i128).wmul(d))).collect();
            Buffer::from_vec(v)
        })
    };
    Column::new(t, size, Some(data), None, Some(0), 0, vec![])
}

/// How many times `repeat` repeats each row.
pub enum RepeatCount<'a> {
    /// Every row the same number of times.
    All(usize),
    /// Row i `counts[i]` times (a non-null integer column, one entry per row).
    PerRow(&'a Column),
}

/// Every row of a fixed-width column `k` times, on the host: each task writes the copies
/// of a run of input rows (no row map).
fn repeat_fixed_host(col: &Column, k: usize) -> Result<Column> {
    const ROWS_PER_TASK: usize = 1 << 14;
    fn values<T: arrow_buffer::ArrowNativeType>(col: &Column, k: usize) -> Result<Buffer> {
        let src = col.host_values::<T>()?;
        let total = src.len() * k;
        let mut out: Vec<T> = Vec::with_capacity(total);
        out.spare_capacity_mut()[..total]
            .par_chunks_mut(ROWS_PER_TASK * k)
            .zip(src.par_chunks(ROWS_PER_TASK))
            .for_each(|(dst, rows)| {
                for (copies, &v) in dst.chunks_mut(k).zip(rows) {
                    for d in copies {
                        d.write(v);
                    }
                }
            });
        // SAFETY: the tasks cover all `total` elements, each written once.
        unsafe { out.set_len(total) };
        Ok(Buffer::from_vec(out))
    }
    let data = match fixed_width(col.dtype().id()) {
        Some(1) => values::<u8>(col, k)?,
        Some(2) => values::<u16>(col, k)?,
        Some(4) => values::<u32>(col, k)?,
        Some(8) => values::<u64>(col, k)?,
        Some(16) => values::<i128>(col, k)?,
        _ => {
            return Err(Error::not_implemented(format!(
                "no host repeat for {} values",
                col.dtype()
            )));
        }
    };
    let total = col.size() * k;
    let mask = match col.host_nulls()? {
        None => None,
        Some(nulls) => {
            let bits = arrow_buffer::BooleanBuffer::collect_bool(total, |j| nulls.is_valid(j / k));
            Some(Buffer::from_arrow(bits.into_inner()))
        }
    };
    Column::new(col.dtype(), total, Some(data), mask, None, 0, vec![])
}

/// Each row repeated (see [`RepeatCount`]).
pub fn repeat(table: &Table, count: RepeatCount) -> Result<Table> {
    let n = table.num_rows();
    let map = match count {
        RepeatCount::All(k) => {
            let total = n.checked_mul(k).filter(|&t| t <= MAX_ROWS).ok_or_else(|| {
                Error::overflow(format!(
                    "repeat: {n} rows x {k} exceeds the {MAX_ROWS} rows a column holds"
                ))
            })?;
            if use_device()? {
                let offsets = dscan_offsets_uniform(n, k)?;
                device_map(mv::repeat_map(offsets.ptr(), n, total)?, total)?
            } else if k > 0
                && table.num_columns() > 0
                && table
                    .columns()
                    .iter()
                    .all(|c| fixed_width(c.dtype().id()).is_some())
            {
                let cols = table
                    .columns()
                    .iter()
                    .map(|c| repeat_fixed_host(c, k))
                    .collect::<Result<Vec<_>>>()?;
                return Table::new(cols);
            } else {
                host_map(
                    (0..total)
                        .into_par_iter()
                        .map(|p| (p / k.max(1)) as i32)
                        .collect(),
                )
            }
        }
        RepeatCount::PerRow(counts) => {
            if !counts.dtype().id().is_integer() || counts.dtype().id() == TypeId::Bool8 {
                return Err(Error::type_err(format!(
                    "repeat counts must be integers, got {}",
                    counts.dtype()
                )));
            }
            if counts.size() != n {
                return Err(Error::value(format!(
                    "repeat: {} counts for {n} rows; they must match",
                    counts.size()
                )));
            }
            if counts.has_nulls()? {
                return Err(Error::value("repeat counts must not be null"));
            }
            // Counts are read on the host to validate them (negative or overflowing totals
            // are errors here, not undefined behaviour).
            let c: Vec<i128> = with_num_type!(counts.dtype().id(), S => {
                counts.host_values::<S>()?.iter().map(|v| v.to_i128()).collect()
            });
            if let Some(bad) = c.iter().find(|&&v| v < 0) {
                return Err(Error::value(format!(
                    "repeat counts must not be negative, got {bad}"
                )));
            }
            let total: i128 = c.iter().sum();
            if total > MAX_ROWS as i128 {
                return Err(Error::overflow(format!(
                    "repeat would give {total} rows, more than {MAX_ROWS}"
                )));
            }
            let total = total as usize;
            if use_device()? {
                let mut offsets = Vec::with_capacity(n + 1);
                let mut acc = 0i64;
                for &v in &c {
                    offsets.push(acc);
                    acc += v as i64;
                }
                offsets.push(acc);
                let bytes: Vec<u8> = offsets.iter().flat_map(|v| v.to_le_bytes()).collect();
                let dev = DeviceMemory::from_host(&bytes)?;
                device_map(mv::repeat_map(dev.ptr(), n, total)?, total)?
            } else {
                let mut out = Vec::with_capacity(total);
                for (i, &v) in c.iter().enumerate() {
                    out.extend(std::iter::repeat_n(i as i32, v as usize));
                }
                host_map(out)
            }
        }
    };
    let total = map.size();
    let cols = gather_columns(table.columns(), n, &map, Bounds::Trusted)?;
    if cols.is_empty() {
        return Ok(Table::empty_with_rows(total));
    }
    Table::new(cols)
}

/// Offsets `0, k, 2k, ...` (n + 1 int64) on the device.
fn dscan_offsets_uniform(n: usize, k: usize) -> Result<DeviceMemory> {
    let init = 0u64;
    dscan::sequence(TypeId::Int64, n + 1, init, k as u64)
}

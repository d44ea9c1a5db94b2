//! pylibcudf's `reshape` module: `interleave_columns`, `tile` and `table_to_array`, and
//! the `transpose` module built on `interleave_columns`.
//!
//! `interleave_columns` and `tile` are gathers: the rows move through `ops::gather`, which
//! runs where the placement says; only the gather map differs between the paths (a host
//! vector, or the `tile_map` / `interleave_map` kernels of `device/kernels/reshape.rs`).
//! `table_to_array` copies the columns' bytes into the caller's buffer (device copies on
//! the device path, plain memory copies on the host path).

use crate::column::{Column, MAX_ROWS};
use crate::device::kernels::gather::device_map;
use crate::device::kernels::reshape as dev;
use crate::error::{Error, Result};
use crate::ops::concatenate::concatenate;
use crate::ops::gather::{Bounds, gather_columns};
use crate::placement::use_device;
use crate::table::Table;
use crate::types::{DataType, fixed_width};

/// The one type of every column of `table` (an error naming `function` otherwise, or when
/// the table has no columns).
fn common_type(function: &str, table: &Table) -> Result<DataType> {
    let first = table.columns().first().ok_or_else(|| {
        Error::value(format!(
            "{function}: the table needs at least one column to give the output type"
        ))
    })?;
    let dtype = first.dtype();
    if let Some(other) = table.columns().iter().find(|c| c.dtype() != dtype) {
        return Err(Error::type_err(format!(
            "{function}: all columns must have the same type, got {dtype} and {}",
            other.dtype()
        )));
    }
    Ok(dtype)
}

/// The gather map of `n` entries that `host` computes, built where the rows live.
fn map_column(
    n: usize,
    device: impl FnOnce() -> Result<crate::device::DeviceMemory>,
    host: impl Fn(usize) -> i32,
) -> Result<Column> {
    if use_device()? {
        device_map(device()?, n)
    } else {
        Ok(Column::from_values((0..n).map(host).collect::<Vec<i32>>()))
    }
}

/// The rows of the columns interleaved into one column: row `i` of column `j` lands at
/// `i * num_columns + j` (libcudf's `interleave_columns`). All columns must share a type.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::reshape::interleave_columns};
/// let t = Table::new(vec![
///     Column::from_values(vec![1i32, 2]),
///     Column::from_values(vec![10i32, 20]),
/// ]).unwrap();
/// let c = interleave_columns(&t).unwrap();
/// assert_eq!(c.host_values::<i32>().unwrap().to_vec(), vec![1, 10, 2, 20]);
/// ```
pub fn interleave_columns(source_table: &Table) -> Result<Column> {
    const NAME: &str = "reshape.interleave_columns";
    common_type(NAME, source_table)?;
    let rows = source_table.num_rows();
    let cols = source_table.num_columns();
    let total = rows
        .checked_mul(cols)
        .filter(|&t| t <= MAX_ROWS)
        .ok_or_else(|| {
            Error::overflow(format!(
                "{NAME}: {rows} rows x {cols} columns is more than the {MAX_ROWS} rows a column holds"
            ))
        })?;
    if cols == 1 {
        return Ok(source_table.columns()[0].clone());
    }
    let all = concatenate(source_table.columns())?;
    let map = map_column(
        total,
        || dev::interleave_map(rows, cols),
        |i| ((i % cols) * rows + i / cols) as i32,
    )?;
    let mut out = gather_columns(&[all], total, &map, Bounds::Trusted)?;
    Ok(out.pop().expect("one column"))
}

/// The table repeated `count` times, one copy after the other (libcudf's `tile`).
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::reshape::tile};
/// let t = Table::new(vec![Column::from_values(vec![1i32, 2])]).unwrap();
/// let out = tile(&t, 3).unwrap();
/// assert_eq!(out.columns()[0].host_values::<i32>().unwrap().to_vec(), vec![1, 2, 1, 2, 1, 2]);
/// ```
pub fn tile(source_table: &Table, count: i64) -> Result<Table> {
    const NAME: &str = "reshape.tile";
    let count = usize::try_from(count)
        .map_err(|_| Error::value(format!("{NAME}: count cannot be negative, got {count}")))?;
    let rows = source_table.num_rows();
    let total = rows
        .checked_mul(count)
        .filter(|&t| t <= MAX_ROWS)
        .ok_or_else(|| {
            Error::overflow(format!(
                "{NAME}: {rows} rows x {count} is more than the {MAX_ROWS} rows a column holds"
            ))
        })?;
    if source_table.num_columns() == 0 {
        return Ok(Table::empty_with_rows(total));
    }
    let map = if rows == 0 {
        Column::from_values(Vec::<i32>::new())
    } else {
        map_column(total, || dev::tile_map(rows, total), |i| (i % rows) as i32)?
    };
    Table::new(gather_columns(
        source_table.columns(),
        rows,
        &map,
        Bounds::Trusted,
    )?)
}

/// Transpose a table whose columns share one fixed-width type: output column `i` holds
/// row `i` of the input (libcudf's `transpose`). The output columns are views of one
/// interleaved column; they carry a null mask when the input has nulls.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::reshape::transpose};
/// let t = Table::new(vec![
///     Column::from_values(vec![1i32, 2, 3]),
///     Column::from_values(vec![4i32, 5, 6]),
/// ]).unwrap();
/// let out = transpose(&t).unwrap();
/// assert_eq!(out.num_columns(), 3);
/// assert_eq!(out.columns()[1].host_values::<i32>().unwrap().to_vec(), vec![2, 5]);
/// ```
pub fn transpose(input_table: &Table) -> Result<Table> {
    const NAME: &str = "transpose.transpose";
    if input_table.num_columns() == 0 {
        return Ok(Table::empty_with_rows(0));
    }
    let dtype = common_type(NAME, input_table)?;
    if fixed_width(dtype.id()).is_none() {
        return Err(Error::type_err(format!(
            "{NAME}: only fixed-width columns can be transposed, got {dtype}"
        )));
    }
    let rows = input_table.num_rows();
    let cols = input_table.num_columns();
    if rows == 0 {
        return Ok(Table::empty_with_rows(0));
    }
    let all = interleave_columns(input_table)?;
    let out = (0..rows)
        .map(|r| all.slice(r * cols, cols))
        .collect::<Result<Vec<_>>>()?;
    Table::new(out)
}

/// Copy a table whose columns share one fixed-width type into the buffer at `ptr` of
/// `size` bytes, column after column (column-major, as a Fortran-ordered 2-D array):
/// libcudf's `table_to_array`. The columns must have no nulls.
///
/// On the device path `ptr` is a device address (the copies are device-to-device and
/// finished when this returns); on the host path it is a host address (such as
/// `numpy.ndarray.ctypes.data`).
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::reshape::table_to_array};
/// use ferrodf_core::placement::{Placement, set_placement};
/// set_placement(Placement::Cpu).unwrap();
/// let t = Table::new(vec![
///     Column::from_values(vec![1i32, 2]),
///     Column::from_values(vec![3i32, 4]),
/// ]).unwrap();
/// let mut out = [0i32; 4];
/// // SAFETY: `out` is a writable host buffer of 16 bytes.
/// unsafe { table_to_array(&t, out.as_mut_ptr() as u64, 16).unwrap() };
/// assert_eq!(out, [1, 2, 3, 4]);
/// ```
///
/// # Safety
/// `ptr` must be writable for `size` bytes: device memory on the device path, host memory
/// on the host path.
pub unsafe fn table_to_array(input_table: &Table, ptr: u64, size: usize) -> Result<()> {
    const NAME: &str = "reshape.table_to_array";
    if input_table.num_columns() == 0 {
        return Ok(());
    }
    let dtype = common_type(NAME, input_table)?;
    let width = fixed_width(dtype.id()).ok_or_else(|| {
        Error::type_err(format!(
            "{NAME}: only fixed-width columns can be copied to an array, got {dtype}"
        ))
    })?;
    for c in input_table.columns() {
        if c.has_nulls()? {
            return Err(Error::value(format!(
                "{NAME}: the table must have no nulls (an array has no place for them)"
            )));
        }
    }
    let rows = input_table.num_rows();
    let bytes = rows * width;
    let needed = bytes * input_table.num_columns();
    if size < needed {
        return Err(Error::value(format!(
            "{NAME}: the output buffer holds {size} bytes but the table needs {needed}"
        )));
    }
    if needed == 0 {
        return Ok(());
    }
    if ptr == 0 {
        return Err(Error::value(format!("{NAME}: the output address is null")));
    }
    let device = use_device()?;
    for (j, c) in input_table.columns().iter().enumerate() {
        let dst = ptr + (j * bytes) as u64;
        let data = c.data().expect("a fixed-width column with rows has data");
        if device {
            let src = data.device_ptr()? + (c.offset() * width) as u64;
            crate::device::primitives::copy::memcpy(dst, src, bytes)?;
        } else {
            let src = data.host_range(c.offset() * width, bytes)?;
            // SAFETY: the caller vouches that `ptr..ptr + size` is writable host memory,
            // and `(j + 1) * bytes <= needed <= size`.
            unsafe {
                std::ptr::copy_nonoverlapping(src.as_ptr(), dst as *mut u8, bytes);
            }
        }
    }
    if device {
        crate::device::runtime()?.synchronize()?;
    }
    Ok(())
}

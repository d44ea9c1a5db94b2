//! pylibcudf's `column_factories` module: new columns of a type, either empty
//! (`make_empty_column`, `make_empty_lists_column`) or of `size` rows with zeroed values
//! and a null mask as a `MaskState` says (`make_numeric_column` and its fixed-point,
//! timestamp, duration and any-fixed-width siblings).
//!
//! The values and the mask are allocated where the placement says: zeroed device memory
//! (and `null_mask::create_null_mask`'s fill kernel) on the device path, zeroed host
//! buffers on the host path. libcudf leaves the values (and an UNINITIALIZED mask)
//! unspecified; ferrodf zeroes them, so an UNINITIALIZED mask reads as all null.

use crate::buffer::Buffer;
use crate::column::{Column, MAX_ROWS};
use crate::copy_options::MaskState;
use crate::device::DeviceMemory;
use crate::error::{Error, Result};
use crate::ops::null_mask::create_null_mask;
use crate::placement::use_device;
use crate::types::{DataType, TypeId, fixed_width};

/// A column of `size` zeroed values of fixed-width `dtype` with the mask `state` asks for.
fn fixed_width_column(dtype: DataType, size: usize, state: MaskState) -> Result<Column> {
    let width = fixed_width(dtype.id()).expect("checked by the callers");
    if size > MAX_ROWS {
        return Err(Error::overflow(format!(
            "column_factories: a column holds at most {MAX_ROWS} rows, got {size}"
        )));
    }
    let data = if use_device()? {
        Buffer::from_device(DeviceMemory::zeroed(size * width)?)
    } else {
        Buffer::zeroed(size * width)
    };
    let (mask, nulls) = match state {
        MaskState::Unallocated => (None, Some(0)),
        MaskState::AllValid => (Some(create_null_mask(size, state)?), Some(0)),
        // ALL_NULL, and UNINITIALIZED (zeroed by ferrodf, so all null too).
        _ => (Some(create_null_mask(size, state)?), Some(size)),
    };
    Column::new(dtype, size, Some(data), mask, nulls, 0, vec![])
}

/// Check that `dtype` is of the kind `what` (`ok` says), then build the column.
fn make(
    function: &str,
    what: &str,
    ok: fn(TypeId) -> bool,
    dtype: DataType,
    size: usize,
    state: MaskState,
) -> Result<Column> {
    if !ok(dtype.id()) {
        return Err(Error::type_err(format!(
            "column_factories.{function}: the type must be {what}, got {dtype}"
        )));
    }
    fixed_width_column(dtype, size, state)
}

/// A numeric (integer, float or BOOL8) column of `size` zeroed rows.
///
/// ```
/// use ferrodf_core::ops::column_factories::make_numeric_column;
/// use ferrodf_core::{copy_options::MaskState, types::TypeId};
/// let c = make_numeric_column(TypeId::Int32.into(), 3, MaskState::AllNull).unwrap();
/// assert_eq!((c.size(), c.null_count().unwrap()), (3, 3));
/// ```
pub fn make_numeric_column(dtype: DataType, size: usize, state: MaskState) -> Result<Column> {
    make(
        "make_numeric_column",
        "numeric",
        TypeId::is_numeric,
        dtype,
        size,
        state,
    )
}

/// A DECIMAL32/64/128 column of `size` zeroed rows (the scale is the type's).
pub fn make_fixed_point_column(dtype: DataType, size: usize, state: MaskState) -> Result<Column> {
    make(
        "make_fixed_point_column",
        "a fixed-point (DECIMAL) type",
        TypeId::is_decimal,
        dtype,
        size,
        state,
    )
}

/// A TIMESTAMP_* column of `size` rows at the epoch.
pub fn make_timestamp_column(dtype: DataType, size: usize, state: MaskState) -> Result<Column> {
    make(
        "make_timestamp_column",
        "a timestamp type",
        TypeId::is_timestamp,
        dtype,
        size,
        state,
    )
}

/// A DURATION_* column of `size` zero durations.
pub fn make_duration_column(dtype: DataType, size: usize, state: MaskState) -> Result<Column> {
    make(
        "make_duration_column",
        "a duration type",
        TypeId::is_duration,
        dtype,
        size,
        state,
    )
}

/// A column of any fixed-width type (numeric, decimal, timestamp or duration) of `size`
/// zeroed rows.
///
/// ```
/// use ferrodf_core::ops::column_factories::make_fixed_width_column;
/// use ferrodf_core::{copy_options::MaskState, types::TypeId};
/// let c = make_fixed_width_column(TypeId::DurationSeconds.into(), 2, MaskState::Unallocated).unwrap();
/// assert!(!c.nullable());
/// ```
pub fn make_fixed_width_column(dtype: DataType, size: usize, state: MaskState) -> Result<Column> {
    make(
        "make_fixed_width_column",
        "fixed-width",
        |id| fixed_width(id).is_some(),
        dtype,
        size,
        state,
    )
}

/// An INT32 offsets child holding the one offset 0.
fn zero_offsets() -> Column {
    Column::from_values(vec![0i32])
}

/// An empty column of `dtype`: no rows, no mask; a STRING column has one offset, a LIST
/// column one offset and an EMPTY child, a STRUCT column no fields.
///
/// ```
/// use ferrodf_core::ops::column_factories::make_empty_column;
/// use ferrodf_core::types::TypeId;
/// let c = make_empty_column(TypeId::String.into()).unwrap();
/// assert_eq!(c.size(), 0);
/// ```
pub fn make_empty_column(dtype: DataType) -> Result<Column> {
    match dtype.id() {
        TypeId::Empty => Column::new(dtype, 0, None, None, Some(0), 0, vec![]),
        id if fixed_width(id).is_some() => fixed_width_column(dtype, 0, MaskState::Unallocated),
        TypeId::String => Column::new(
            dtype,
            0,
            Some(Buffer::zeroed(0)),
            None,
            Some(0),
            0,
            vec![zero_offsets()],
        ),
        TypeId::List => make_empty_lists_column(TypeId::Empty.into()),
        TypeId::Struct => Column::new(dtype, 0, None, None, Some(0), 0, vec![]),
        _ => Err(Error::type_err(format!(
            "column_factories.make_empty_column: an empty {dtype} column needs its keys; \
             build it from Arrow instead"
        ))),
    }
}

/// An empty LIST column whose (empty) child has type `child_type`.
///
/// ```
/// use ferrodf_core::ops::column_factories::make_empty_lists_column;
/// use ferrodf_core::types::TypeId;
/// let c = make_empty_lists_column(TypeId::Int64.into()).unwrap();
/// assert_eq!(c.children()[1].dtype().id(), TypeId::Int64);
/// ```
pub fn make_empty_lists_column(child_type: DataType) -> Result<Column> {
    let child = make_empty_column(child_type)?;
    Column::new(
        TypeId::List.into(),
        0,
        None,
        None,
        Some(0),
        0,
        vec![zero_offsets(), child],
    )
}

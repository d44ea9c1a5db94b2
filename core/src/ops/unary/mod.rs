//! pylibcudf's `unary` module: `unary_operation`, `is_null`, `is_valid`, `is_nan`,
//! `is_not_nan` (casts live in [`super::cast`]).
//!
//! Type rules follow libcudf:
//! - the math functions (SIN ... FLOOR), ABS and CEIL/FLOOR take integers, floats and BOOL8
//!   and keep the input type. Integer (and BOOL8) inputs are computed in float64, as C++'s
//!   integral overloads of `<cmath>` do, and converted back: float -> integer saturates and
//!   NaN gives 0 (C++ leaves out-of-range conversions undefined), anything -> BOOL8 is `!= 0`;
//! - RINT takes floats only; BIT_COUNT takes integers and BOOL8 and gives INT32;
//!   BIT_INVERT takes integers and BOOL8 (on BOOL8 every result is true, as `~` on a
//!   promoted `bool` is never 0); NOT takes numbers and gives BOOL8; NEGATE takes signed
//!   integers, floats and durations;
//! - decimals support CEIL, FLOOR, ABS and NEGATE (the value keeps its scale);
//! - integer ABS and NEGATE wrap (`-MIN == MIN`).
//!
//! The output keeps the input's null mask. Unsupported (operator, type) pairs raise
//! `TypeError` even for empty columns (libcudf returns an empty column for those).
//! DICTIONARY32 inputs are not implemented.
//!
//! Each public function checks its arguments here and then decides once between the host
//! path ([`host`]: arrow-rs buffers) and the device path ([`device`]: the launchers of
//! `device/kernels/unary.rs` and `device/kernels/transform.rs`).

mod device;
mod host;

use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::numeric::{Num, with_decimal_type};
use crate::placement::use_device;
use crate::types::{DataType, TypeId};

/// The host helpers other families reached through this module before they moved to
/// [`crate::ops::numeric`].
pub(crate) use crate::ops::numeric::host_mask;

pub use crate::unary_operator::UnaryOperator;

impl UnaryOperator {
    fn is_math(self) -> bool {
        (self as i32) <= UnaryOperator::Floor as i32
    }
}

/// The output type of `op` on `input`, or a `TypeError` when libcudf does not support it.
pub fn output_type(op: UnaryOperator, input: DataType) -> Result<DataType> {
    use UnaryOperator::*;
    let id = input.id();
    let unsupported = || {
        Err(Error::type_err(format!(
            "unary_operation {op:?} is not supported for {input}"
        )))
    };
    if id == TypeId::Dictionary32 {
        return Err(Error::not_implemented(
            "unary_operation on DICTIONARY32 columns is not implemented; decode the keys first",
        ));
    }
    if id.is_decimal() {
        return match op {
            Ceil | Floor | Abs | Negate => Ok(input),
            _ => unsupported(),
        };
    }
    let integral = id.is_integer() || id == TypeId::Bool8;
    let ok = match op {
        _ if op.is_math() || op == Abs => id.is_numeric(),
        Rint => id.is_floating(),
        BitCount => integral,
        BitInvert => integral,
        Not => id.is_numeric(),
        Negate => id.is_signed_integer() || id.is_floating() || id.is_duration(),
        _ => false,
    };
    if !ok {
        return unsupported();
    }
    Ok(match op {
        BitCount => TypeId::Int32.into(),
        Not => TypeId::Bool8.into(),
        _ => input,
    })
}

/// Apply `op` to every row of `input`.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::ops::unary::{unary_operation, UnaryOperator};
/// let c = Column::from_options(vec![Some(-3i32), None, Some(4)]);
/// let a = unary_operation(&c, UnaryOperator::Abs).unwrap();
/// assert_eq!(a.host_values::<i32>().unwrap()[0], 3);
/// assert_eq!(a.null_count().unwrap(), 1);
/// ```
pub fn unary_operation(input: &Column, op: UnaryOperator) -> Result<Column> {
    let out_type = output_type(op, input.dtype())?;
    let dt = input.dtype();
    if dt.id().is_decimal()
        && matches!(op, UnaryOperator::Ceil | UnaryOperator::Floor)
        && dt.scale() >= 0
    {
        return Ok(input.clone());
    }
    if use_device()? {
        device::unary_operation(input, op, out_type)
    } else {
        host::unary_operation(input, op, out_type)
    }
}

/// libcudf's `n` for decimal CEIL/FLOOR: 10^max(1, -scale), computed with wrapping in the
/// storage type (returned sign-extended).
fn decimal_unit(t: DataType) -> i128 {
    let k = (-t.scale()).max(1) as u32;
    let mut n: i128 = 1;
    for _ in 0..k {
        n = n.wrapping_mul(10);
    }
    with_decimal_type!(t.id(), T => { T::from_i128(n).to_i128() })
}

/// A non-nullable BOOL8 column: true where `input` is null. Works for every type.
///
/// ```
/// use ferrodf_core::column::Column;
/// let c = Column::from_options(vec![Some(1i8), None]);
/// let m = ferrodf_core::ops::unary::is_null(&c).unwrap();
/// assert_eq!(m.host_values::<u8>().unwrap().to_vec(), vec![0, 1]);
/// ```
pub fn is_null(input: &Column) -> Result<Column> {
    if use_device()? {
        device::validity(input, false)
    } else {
        host::validity(input, false)
    }
}

/// A non-nullable BOOL8 column: true where `input` is valid. Works for every type.
pub fn is_valid(input: &Column) -> Result<Column> {
    if use_device()? {
        device::validity(input, true)
    } else {
        host::validity(input, true)
    }
}

/// `TypeError` unless `input` is a FLOAT32 or FLOAT64 column.
fn check_float(input: &Column, function: &str) -> Result<()> {
    if !input.dtype().id().is_floating() {
        return Err(Error::type_err(format!(
            "{function} needs a FLOAT32 or FLOAT64 column, got {}",
            input.dtype()
        )));
    }
    Ok(())
}

/// A non-nullable BOOL8 column: true where `input` is valid and NaN. Floats only.
pub fn is_nan(input: &Column) -> Result<Column> {
    nan_flags("is_nan", input, false)
}

/// A non-nullable BOOL8 column: false where `input` is valid and NaN (nulls give true).
/// Floats only.
pub fn is_not_nan(input: &Column) -> Result<Column> {
    nan_flags("is_not_nan", input, true)
}

/// `is_nan` (`negated` false) or `is_not_nan` of a float column, on the device or the host.
fn nan_flags(function: &str, input: &Column, negated: bool) -> Result<Column> {
    check_float(input, function)?;
    if use_device()? {
        device::is_nan(input, negated)
    } else {
        host::is_nan(input, negated)
    }
}

//! `binary_operation`: element-wise `lhs op rhs` over columns and scalars (pylibcudf's
//! `binaryop` module).
//!
//! Type rules follow libcudf: the operation is computed in C++'s common type of the two
//! operand types (so `int8 + int8` is computed in int32), then converted to the output type
//! you pass. TRUE_DIV and POW compute in float64; POW of two integer operands multiplies by
//! repeated squaring, which is exact while the result is below 2^53 (a library `pow()` may
//! be an ulp off, which truncation to an integer output would turn into an error of one).
//! Integer arithmetic wraps on overflow.
//! Conversions of a float result to an integer output saturate (NaN gives 0).
//!
//! The other operators, as in libcudf:
//! - PMOD: the remainder made non-negative, `r = x % y; if r < 0 { r = (r + y) % y }`, in
//!   the common type (`fmod` for floats).
//! - INT_POW: integer operands only; computed in the lhs type by repeated squaring,
//!   wrapping on overflow; a negative exponent gives 0.
//! - LOG_BASE `ln(x) / ln(y)` and ATAN2 `atan2(x, y)` in float64.
//! - SHIFT_LEFT, SHIFT_RIGHT (arithmetic for signed) and SHIFT_RIGHT_UNSIGNED (the lhs
//!   reinterpreted as unsigned): integer operands (BOOL8 too, except as the lhs of
//!   SHIFT_RIGHT_UNSIGNED), computed in the lhs type after C++'s integer promotion (so an
//!   int8 lhs shifts as int32). A shift amount that is negative or not smaller than the
//!   width of that type gives what the GPU's shift instructions give for it (PTX clamps the
//!   amount to the width): 0 for SHIFT_LEFT and SHIFT_RIGHT_UNSIGNED, the sign fill
//!   (-1 or 0) for SHIFT_RIGHT. (C++ leaves such shifts undefined.)
//! - BITWISE_AND/OR/XOR: integer or BOOL8 operands, in the common type.
//! - LOGICAL_AND/OR: `x != 0 && y != 0` (a NaN counts as true), a BOOL8 result.
//! - NULL_EQUALS / NULL_NOT_EQUALS: like EQUAL / NOT_EQUAL, with null == null true and
//!   null == value false; the result is never null.
//! - NULL_MAX / NULL_MIN: `x > y ? x : y` / `x < y ? x : y` in the common type (so a NaN
//!   lhs yields the rhs), the valid one when one side is null, null when both are.
//! - NULL_LOGICAL_AND / NULL_LOGICAL_OR: Kleene logic: a valid false (true) decides AND
//!   (OR) even when the other side is null; otherwise null when either side is null.
//!   For these four null-aware operators a null scalar is a null operand, not an all-null
//!   result.
//!
//! Other operand types:
//! - two STRING operands: the comparisons, NULL_EQUALS and NULL_NOT_EQUALS (BOOL8), and
//!   NULL_MAX / NULL_MIN (STRING, host only), by byte-wise lexicographic order;
//! - timestamps and durations: timestamp ± duration, duration ± duration, timestamp −
//!   timestamp, and comparisons (NULL_MAX / NULL_MIN too) of two timestamps or two
//!   durations, in the finer unit;
//! - two DECIMAL32, two DECIMAL64 or two DECIMAL128: ADD, SUB, MUL, NULL_MAX, NULL_MIN,
//!   the comparisons, NULL_EQUALS and NULL_NOT_EQUALS, with libcudf's result scales (ADD,
//!   SUB, NULL_MAX and NULL_MIN at the smaller scale, MUL at the sum of the scales; the
//!   output type must be exactly the result type). Operands are first brought to the
//!   smaller scale by multiplying the unscaled integer by a power of ten; that and the
//!   arithmetic wrap in the storage width, as libcudf's `fixed_point` does (the result is
//!   not checked against the precision, which libcudf does not track either).
//!
//! The time and DECIMAL32/64 operations are composed from integer operations on the stored
//! integers, so they run wherever the integer kernels run; DECIMAL128 has its own kernel.
//!
//! GENERIC_BINARY (a user-defined function in libcudf) and INVALID_BINARY are not
//! supported. LOG_BASE, ATAN2 and POW with a float operand use the platform's math library,
//! which on the GPU may differ from the host's in the last bit.
//!
//! Deliberate differences from libcudf, which are both about correctness on every input:
//! - integer DIV, FLOOR_DIV, MOD and PYMOD by zero give a null row (libcudf leaves the
//!   value undefined);
//! - comparisons between a signed and an unsigned integer are exact (C++ would first
//!   convert the signed value to unsigned, so that -1 > 0u).
//!
//! A row is null when either input row is null; a null scalar makes every row null.
//!
//! The files of this module: `operators` (the operator enum and its classes), `type_rules`
//! (which type triples are supported and the type each computes in), `time`, `decimal`,
//! `decimal128` and `strings` (those operand types), `host` (the host path's row loops and
//! output) and `arith` (the host's per-value kernels); this file holds the public API and
//! the host/device dispatch.

mod arith;
mod decimal;
mod decimal128;
mod host;
mod operators;
mod strings;
mod time;
mod type_rules;

pub use super::numeric::common_type;
pub use crate::binary_operator::BinaryOperator;
pub use type_rules::{is_supported_operation, promoted, shift_type};

use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::binaryop::{self as dev, DeviceOperand};
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId, fixed_width};
use arrow_buffer::NullBuffer;
use decimal::decimal_binary;
use host::{host_binary, host_null_aware};
use strings::string_binary;
use time::{time_binary, time_unit};
use type_rules::check;

/// One side of a binary operation.
#[derive(Clone, Copy)]
pub enum Operand<'a> {
    Column(&'a Column),
    Scalar(&'a Scalar),
}

impl Operand<'_> {
    fn dtype(&self) -> DataType {
        match self {
            Operand::Column(c) => c.dtype(),
            Operand::Scalar(s) => s.dtype(),
        }
    }
}

/// Compute `lhs op rhs` row by row into a column of `output`.
///
/// ```
/// use ferrodf_core::{column::Column, scalar::Scalar, types::*};
/// use ferrodf_core::ops::binaryop::{binary_operation, BinaryOperator, Operand};
/// let a = Column::from_options(vec![Some(7i32), None, Some(-7)]);
/// let two = Scalar::from_native(2i32);
/// let q = binary_operation(Operand::Column(&a), Operand::Scalar(&two), BinaryOperator::FloorDiv,
///                          TypeId::Int32.into()).unwrap();
/// assert_eq!(q.null_count().unwrap(), 1);
/// assert_eq!(q.host_values::<i32>().unwrap()[2], -4);
/// ```
pub fn binary_operation(
    lhs: Operand,
    rhs: Operand,
    op: BinaryOperator,
    output: DataType,
) -> Result<Column> {
    let common = check(output, lhs.dtype(), rhs.dtype(), op)?;
    let n = operand_rows(&lhs, &rhs)?;
    if common == TypeId::String {
        return string_binary(lhs, rhs, op, n);
    }
    if time_unit(lhs.dtype().id()).is_some() {
        return time_binary(lhs, rhs, op, output);
    }
    if lhs.dtype().id().is_decimal() {
        return decimal_binary(lhs, rhs, op, output);
    }
    if !op.is_null_aware() {
        for side in [lhs, rhs] {
            if let Operand::Scalar(s) = side
                && !s.is_valid()?
            {
                return all_null(output, n);
            }
        }
    }
    if use_device()? {
        let l = device_operand(&lhs)?;
        let r = device_operand(&rhs)?;
        return dev::binary(&l, &r, op, common, output, n, op.may_null(common));
    }
    if op.is_null_aware() {
        return host_null_aware(lhs, rhs, op, common, output, n);
    }
    host_binary(lhs, rhs, op, common, output, n)
}

fn device_operand<'a>(o: &Operand<'a>) -> Result<DeviceOperand<'a>> {
    Ok(match o {
        Operand::Column(c) => DeviceOperand::Column(c),
        Operand::Scalar(s) if !s.is_valid()? => DeviceOperand::NullScalar(s.dtype().id()),
        Operand::Scalar(s) => {
            let width = fixed_width(s.dtype().id()).expect("numeric");
            let col = s.as_column();
            let bytes = col.data().expect("fixed width").host()?;
            let mut raw = [0u8; 8];
            raw[..width].copy_from_slice(
                &bytes.as_slice()[col.offset() * width..(col.offset() + 1) * width],
            );
            DeviceOperand::Scalar(s.dtype().id(), u64::from_le_bytes(raw))
        }
    })
}

/// The result of an operation with a null scalar: every row null, allocated where the
/// operation runs (not built on the host and uploaded).
fn all_null(output: DataType, n: usize) -> Result<Column> {
    crate::ops::filling::all_null(output, n)
}

/// The number of rows of a binary operation with at least one column operand.
fn operand_rows(lhs: &Operand, rhs: &Operand) -> Result<usize> {
    match (lhs, rhs) {
        (Operand::Column(a), Operand::Column(b)) => {
            if a.size() != b.size() {
                return Err(Error::value(format!(
                    "binary_operation needs columns of equal length, got {} and {}",
                    a.size(),
                    b.size()
                )));
            }
            Ok(a.size())
        }
        (Operand::Column(a), Operand::Scalar(_)) | (Operand::Scalar(_), Operand::Column(a)) => {
            Ok(a.size())
        }
        (Operand::Scalar(_), Operand::Scalar(_)) => Err(Error::type_err(
            "binary_operation needs at least one column operand",
        )),
    }
}

/// The union of the column operands' null masks (a row is null when either side is).
fn operand_nulls(lhs: &Operand, rhs: &Operand) -> Result<(Option<Buffer>, Option<usize>)> {
    let mut nulls: Option<NullBuffer> = None;
    for side in [lhs, rhs] {
        if let Operand::Column(c) = side {
            nulls = NullBuffer::union(nulls.as_ref(), c.host_nulls()?.as_ref());
        }
    }
    Ok(match nulls {
        Some(nb) if nb.null_count() > 0 => {
            let count = nb.null_count();
            (
                Some(Buffer::from_arrow(nb.into_inner().sliced())),
                Some(count),
            )
        }
        _ => (None, Some(0)),
    })
}

//! The device path of `unary`: the launchers of `device/kernels/unary.rs` (the operators)
//! and `device/kernels/transform.rs` (validity and NaN flags from a mask).

use super::{UnaryOperator, decimal_unit};
use crate::column::Column;
use crate::device::kernels::transform as dev_mask;
use crate::device::kernels::unary::{self as dev, UnaryKernel};
use crate::error::Result;
use crate::types::{DataType, TypeId};

/// `op` on every row of `input` into `out_type` (checked by [`super::output_type`]).
pub(super) fn unary_operation(
    input: &Column,
    op: UnaryOperator,
    out_type: DataType,
) -> Result<Column> {
    if input.dtype().id().is_decimal() {
        let p = decimal_unit(input.dtype());
        return dev::unary(input, UnaryKernel::Decimal(op as i32, p), out_type);
    }
    let kernel = match op {
        UnaryOperator::BitCount => UnaryKernel::BitCount,
        UnaryOperator::Not => UnaryKernel::Not,
        _ => UnaryKernel::Same(op as i32),
    };
    dev::unary(input, kernel, out_type)
}

/// A BOOL8 column of the rows' validity (`want_valid`) or nullness.
pub(super) fn validity(input: &Column, want_valid: bool) -> Result<Column> {
    let all_null = input.dtype().id() == TypeId::Empty;
    let (mask, off) = if all_null {
        (0, 0)
    } else {
        dev_mask::mask_arg(input)?
    };
    // No mask means every row has the same answer: valid, unless the type is EMPTY.
    let invert = want_valid == all_null;
    dev_mask::mask_to_bools(mask, off as usize, input.size(), invert)
}

/// A BOOL8 column: valid and NaN, or (`negate`) not that, for a float column.
pub(super) fn is_nan(input: &Column, negate: bool) -> Result<Column> {
    dev_mask::is_nan(input, negate)
}

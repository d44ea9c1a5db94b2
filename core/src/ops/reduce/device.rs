//! The device path of `reduce`: the launchers of `device/kernels/reduce.rs`, and a
//! recorded host fallback for the folds without a kernel.

use super::{accumulator, finish};
use crate::column::Column;
use crate::device::kernels::reduce::{self as dev, DeviceReduce};
use crate::error::Result;
use crate::ops::aggregation::{Aggregation, BitwiseOp, Kind};
use crate::ops::cast::cast;
use crate::ops::numeric::with_num_type;
use crate::placement::host_fallback;
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId};

/// `agg` (a fold: SUM ... ALL) of `col` into `output` with a kernel; ANY/ALL of numbers
/// reduce their BOOL8 truth values, and a fold without a kernel runs on the host (a
/// recorded fallback).
pub(super) fn reduce(col: &Column, agg: &Aggregation, output: DataType) -> Result<Scalar> {
    let kind = agg.kind();
    if let Some(plan) = device_plan(col.dtype().id(), kind) {
        return reduce_on_device(col, plan, kind, output);
    }
    if matches!(kind, Kind::Any | Kind::All) {
        // The truth of each number (v != 0, so NaN is true) as BOOL8, which has a
        // kernel: the cast keeps the nulls, which the reduction then skips.
        let truth = cast(col, DataType::new(TypeId::Bool8, 0))?;
        return super::reduce(&truth, agg, output);
    }
    host_fallback("reduce", &format!("{kind} of {} values", col.dtype()))?;
    super::host::reduce(col, kind, output)
}

/// The device reduction and accumulator type for `kind`, or `None` without a kernel.
fn device_plan(input: TypeId, kind: Kind) -> Option<DeviceReduce> {
    Some(match kind {
        Kind::Sum | Kind::Mean => DeviceReduce::Sum,
        Kind::Product => DeviceReduce::Product,
        Kind::Min => DeviceReduce::Min,
        Kind::Max => DeviceReduce::Max,
        Kind::SumOfSquares => DeviceReduce::SumOfSquares,
        Kind::Any if input == TypeId::Bool8 => DeviceReduce::Max,
        Kind::All if input == TypeId::Bool8 => DeviceReduce::Min,
        _ => return None,
    })
}

fn reduce_on_device(
    col: &Column,
    plan: DeviceReduce,
    kind: Kind,
    output: DataType,
) -> Result<Scalar> {
    let acc = accumulator(col.dtype().id(), kind, output.id());
    // BOOL8 is accumulated as its byte storage.
    let acc_dev = if acc == TypeId::Bool8 {
        TypeId::Uint8
    } else {
        acc
    };
    let (bytes, count) = dev::reduce(col, plan, acc_dev)?;
    with_num_type!(acc, A => {
        let v = A::from_le_slice(&bytes);
        finish::<A>(v, count, kind, output)
    })
}

/// The smallest and the largest valid value of a numeric column, in one read of it.
pub(super) fn minmax(col: &Column) -> Result<(Scalar, Scalar)> {
    let id = col.dtype().id();
    let acc = if id == TypeId::Bool8 {
        TypeId::Uint8
    } else {
        id
    };
    let (lo, hi, count) = dev::minmax(col, acc)?;
    with_num_type!(id, A => {
        Ok((
            finish::<A>(A::from_le_slice(&lo), count, Kind::Min, col.dtype())?,
            finish::<A>(A::from_le_slice(&hi), count, Kind::Max, col.dtype())?,
        ))
    })
}

trait FromLe: Sized {
    fn from_le_slice(b: &[u8]) -> Self;
}
impl<T: arrow_buffer::ArrowNativeType> FromLe for T {
    fn from_le_slice(b: &[u8]) -> Self {
        arrow_buffer::ScalarBuffer::<T>::new(arrow_buffer::Buffer::from_slice_ref(b), 0, 1)[0]
    }
}

/// BITWISE_AGG of an integer column with the reduction kernels (the fold runs in the
/// column's own type, so no bit is lost), converted to the integer type `output`.
pub(super) fn bitwise(col: &Column, op: BitwiseOp, output: DataType) -> Result<Scalar> {
    let plan = match op {
        BitwiseOp::And => DeviceReduce::BitAnd,
        BitwiseOp::Or => DeviceReduce::BitOr,
        BitwiseOp::Xor => DeviceReduce::BitXor,
    };
    reduce_on_device(col, plan, Kind::BitwiseAgg, output)
}

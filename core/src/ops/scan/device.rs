//! The device path of `scan`: the null-skipping scan of `device/kernels/scan.rs` over the
//! column's device data and mask.

use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::scan::{self as dev, ScanOp};
use crate::device::kernels::transform::{data_ptr, mask_arg};
use crate::error::Result;
use crate::types::{TypeId, fixed_width};

/// The running values of `col` (storage type `st`), nulls skipped.
pub(super) fn scan(col: &Column, st: TypeId, op: ScanOp, inclusive: bool) -> Result<Buffer> {
    let n = col.size();
    let w = fixed_width(col.dtype().id()).expect("fixed width");
    let src = data_ptr(col)?;
    let (m, off) = mask_arg(col)?;
    let out = DeviceMemory::alloc(n * w)?;
    dev::scan_skipping_nulls(src, m, off, out.ptr(), n, st, op, !inclusive)?;
    Ok(Buffer::from_device(out))
}

/// The EWMA scan of a FLOAT32/FLOAT64 column with the tiled matrix scan of
/// `device/kernels/cuda/ewm.cu`.
pub(super) fn ewma(col: &Column, beta: f64, adjust: bool) -> Result<Buffer> {
    let n = col.size();
    let t = col.dtype().id();
    let w = fixed_width(t).expect("float");
    let src = data_ptr(col)?;
    let (m, off) = mask_arg(col)?;
    let out = DeviceMemory::alloc(n.max(1) * w)?;
    dev::ewma(src, m, off, out.ptr(), n, t, beta, adjust)?;
    Ok(Buffer::from_device(out))
}

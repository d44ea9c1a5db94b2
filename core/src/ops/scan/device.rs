//! The device path of `scan`: the null-skipping scan of `device/kernels/scan.rs` over the
//! column's device data and mask.

use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::scan::{self as dev, ScanOp};
use crate::error::Result;
use crate::types::{TypeId, fixed_width};

/// The running values of `col` (storage type `st`), nulls skipped.
pub(super) fn scan(col: &Column, st: TypeId, op: ScanOp, inclusive: bool) -> Result<Buffer> {
    let n = col.size();
    let w = fixed_width(col.dtype().id()).expect("fixed width");
    let src = match col.data() {
        Some(d) if n > 0 => d.device_ptr()? + (col.offset() * w) as u64,
        _ => 0,
    };
    let (m, off) = match col.mask() {
        Some(b) if col.null_count()? > 0 => (b.device_ptr()?, col.offset() as i64),
        _ => (0, 0),
    };
    let out = DeviceMemory::alloc(n * w)?;
    dev::scan_skipping_nulls(src, m, off, out.ptr(), n, st, op, !inclusive)?;
    Ok(Buffer::from_device(out))
}

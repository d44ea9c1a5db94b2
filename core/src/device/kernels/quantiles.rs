//! Device quantiles (`ops::quantiles::quantile`): one kernel that reads a numeric column
//! in a given order and interpolates, in a module of its own (`cuda/quantiles.cu`).

use super::{COMMON, args, device_column, grid, launch};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::types::fixed_width;

const SOURCE: &str = include_str!("cuda/quantiles.cu");

/// The CUDA source of the quantiles module (one variant).
pub fn module_source() -> String {
    format!("{COMMON}\n{SOURCE}")
}

fn function(name: &str) -> Result<cudarc::driver::CudaFunction> {
    runtime()?.function("quantiles", module_source, name)
}

/// Quantiles of a numeric column read in the order of `indices` (see
/// `ops::quantiles::quantile`); `q` is uploaded, the result stays on the device.
pub(crate) fn quantile(
    col: &Column,
    indices: Option<&Column>,
    q: &[f64],
    interp: crate::params::Interpolation,
    exact: bool,
    out_type: crate::types::DataType,
) -> Result<Column> {
    use crate::keys::key_kind;
    let kind = key_kind("quantiles.quantile", col.dtype())? as i32;
    let w = fixed_width(col.dtype().id()).expect("numeric");
    let data = col.data().expect("data").device_ptr()? + (col.offset() * w) as u64;
    let (mask, mask_off) = match col.mask() {
        Some(m) if col.has_nulls()? => (m.device_ptr()?, col.offset() as i64),
        _ => (0, 0),
    };
    let (ix, size) = match indices {
        Some(c) => (
            c.data().expect("indices").device_ptr()? + (c.offset() * 4) as u64,
            c.size(),
        ),
        None => (0, col.size()),
    };
    let nq = q.len();
    let qbytes: Vec<u8> = q.iter().flat_map(|v| v.to_le_bytes()).collect();
    let qdev = DeviceMemory::from_host(&qbytes)?;
    let out_w = fixed_width(out_type.id()).expect("numeric");
    let out = DeviceMemory::alloc(nq * out_w)?;
    let out_mask = DeviceMemory::alloc(crate::bitmask::bitmask_allocation_size_bytes(nq))?;
    let f = function("quantile_select")?;
    // SAFETY: reads rows < n (checked in the kernel) at positions < size of the indices,
    // nq quantiles; writes nq values and ceil(nq / 32) mask words.
    unsafe {
        launch(
            &f,
            grid(nq.div_ceil(32))?,
            &args![
                kind,
                data,
                mask,
                mask_off,
                col.size() as i64,
                ix,
                size as i64,
                qdev.ptr(),
                nq as i64,
                interp as i32,
                i32::from(exact),
                out.ptr(),
                out_mask.ptr()
            ],
        )?;
    }
    device_column(out_type, nq, out, Some(Buffer::from_device(out_mask)), None)
}

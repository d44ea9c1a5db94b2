//! Bitmask kernels.

use crate::buffer::Buffer;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use cudarc::driver::PushKernelArg;

const SOURCE: &str = include_str!("cuda/bitmask.cu");

/// The CUDA source of the bitmask module.
pub fn module_source() -> String {
    format!("{}\n{SOURCE}", super::COMMON)
}

/// Number of unset bits among `len` bits from bit `offset` of a device-resident mask.
pub fn count_unset_bits(mask: &Buffer, offset: usize, len: usize) -> Result<usize> {
    let rt = runtime()?;
    let f = rt.function("bitmask", module_source, "count_set_bits")?;
    let out = DeviceMemory::zeroed(8)?;
    let ptr = mask.device_ptr()?;
    let (out_ptr, off, n) = (out.ptr(), offset as i64, len as i64);
    let cfg = rt.grid_stride_config(len.div_ceil(8), 256, 4);
    let mut launch = rt.stream().launch_builder(&f);
    launch.arg(&ptr).arg(&off).arg(&n).arg(&out_ptr);
    // SAFETY: the kernel reads bytes offset/8..=(offset+len-1)/8 of the mask, which the
    // column's construction checked exist, and writes 8 bytes of `out`.
    unsafe { launch.launch(cfg)? };
    let bytes = out.copy_to_host(0, 8)?;
    let set = u64::from_le_bytes(bytes.as_slice().try_into().expect("8 bytes")) as usize;
    Ok(len - set)
}

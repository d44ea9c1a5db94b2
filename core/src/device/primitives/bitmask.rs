//! Bitmask kernels of the device runtime (`cuda/bitmask.cu`): counting, copying and setting
//! validity bits of masks in device memory. They take device addresses, not buffers, so that
//! the data model (`bitmask.rs`, `buffer.rs`) can call them.

use crate::device::launch::args;
use crate::device::launch::{Arg, COMMON, grid, launch};
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use cudarc::driver::PushKernelArg;

const SOURCE: &str = include_str!("../kernels/cuda/bitmask.cu");

/// The CUDA source of the bitmask module.
pub fn module_source() -> String {
    format!("{COMMON}\n{SOURCE}")
}

/// Launch a grid-stride bitmask kernel over `n` items (nothing when `n == 0`).
fn run(name: &str, n: usize, args: &[Arg]) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    let f = runtime()?.function("bitmask", module_source, name)?;
    // SAFETY: every caller in this module passes masks sized for `n` bytes.
    unsafe { launch(&f, grid(n)?, args) }
}

/// Number of unset bits among `len` bits from bit `offset` of the mask at device address
/// `mask`.
pub fn count_unset_bits(mask: u64, offset: usize, len: usize) -> Result<usize> {
    let rt = runtime()?;
    let f = rt.function("bitmask", module_source, "count_set_bits")?;
    let out = DeviceMemory::zeroed(8)?;
    let ptr = mask;
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

/// Copy `n` validity bits from `src` (0: all valid) at bit `src_off` to `dst` at `dst_off`.
pub fn copy_bits(src: u64, src_off: usize, dst: u64, dst_off: usize, n: usize) -> Result<()> {
    let bytes = if n == 0 {
        0
    } else {
        (dst_off + n - 1) / 8 - dst_off / 8 + 1
    };
    run(
        "copy_bits",
        bytes,
        &args![src, src_off as i64, dst, dst_off as i64, n as i64],
    )
}

/// Set (`valid`) or clear bits `begin..end` of the mask at `dst`.
pub fn set_bits(dst: u64, begin: usize, end: usize, valid: bool) -> Result<()> {
    let bytes = if end <= begin {
        0
    } else {
        (end - 1) / 8 - begin / 8 + 1
    };
    run(
        "set_bits",
        bytes,
        &args![dst, begin as i64, end as i64, valid as i32],
    )
}

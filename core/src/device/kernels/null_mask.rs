//! Bitmask combination kernels (`copy_bitmask`, `bitmask_and`, `bitmask_or`) and filled
//! mask allocation.

use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use cudarc::driver::PushKernelArg;

const SOURCE: &str = include_str!("cuda/null_mask.cu");

/// The CUDA source of the null-mask module (one variant).
pub fn module_source() -> String {
    format!("{}\n{SOURCE}", super::COMMON)
}

/// A device buffer of `len` bytes, each `fill`.
pub fn filled(len: usize, fill: u8) -> Result<Buffer> {
    let rt = runtime()?;
    let mem = DeviceMemory::alloc(len)?;
    if len > 0 {
        // SAFETY: the allocation holds len bytes.
        unsafe {
            cudarc::driver::result::memset_d8_async(mem.ptr(), fill, len, rt.stream().cu_stream())?
        };
    }
    Ok(Buffer::from_device(mem))
}

/// AND (or OR) of `n` bits of each (mask, bit offset); returns the padded result mask
/// (bits past `n` zero) and its number of unset bits among the `n`.
pub fn bitmask_binop(masks: &[(&Buffer, usize)], n: usize, or: bool) -> Result<(Buffer, usize)> {
    let rt = runtime()?;
    let out = DeviceMemory::zeroed(bitmask_allocation_size_bytes(n))?;
    if n == 0 {
        return Ok((Buffer::from_device(out), 0));
    }
    let ptrs = masks
        .iter()
        .map(|(m, _)| m.device_ptr())
        .collect::<Result<Vec<u64>>>()?;
    let offs: Vec<i64> = masks.iter().map(|(_, o)| *o as i64).collect();
    let d_ptrs = DeviceMemory::from_host(&u64s_to_bytes(&ptrs))?;
    let d_offs = DeviceMemory::from_host(&i64s_to_bytes(&offs))?;
    let count = DeviceMemory::zeroed(8)?;
    let f = rt.function("null_mask", module_source, "bitmask_binop")?;
    let (pp, op, nm, is_or, n64, outp, cp) = (
        d_ptrs.ptr(),
        d_offs.ptr(),
        masks.len() as i32,
        i32::from(or),
        n as i64,
        out.ptr(),
        count.ptr(),
    );
    let cfg = rt.grid_stride_config(n.div_ceil(32), 256, 4);
    let mut launch = rt.stream().launch_builder(&f);
    launch
        .arg(&pp)
        .arg(&op)
        .arg(&nm)
        .arg(&is_or)
        .arg(&n64)
        .arg(&outp)
        .arg(&cp);
    // SAFETY: reads bits offset..offset+n of each mask (their columns' construction checked
    // the masks cover them), writes ceil(n/32) words of `out` and 8 bytes of `count`.
    unsafe { launch.launch(cfg)? };
    let bytes = count.copy_to_host(0, 8)?;
    let nulls = u64::from_le_bytes(bytes.as_slice().try_into().expect("8 bytes")) as usize;
    Ok((Buffer::from_device(out), nulls))
}

fn u64s_to_bytes(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn i64s_to_bytes(v: &[i64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

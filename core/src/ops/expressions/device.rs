//! The device evaluation of a typed tree: the kernel `codegen.rs` generates for it, compiled
//! by NVRTC through the runtime's module cache (in memory by key, on disk by source) and
//! launched once over the table's rows.

use super::codegen::{ExprKernel, KERNEL_NAME, generate};
use super::typing::Typed;
use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::transform::{data_ptr, mask_arg};
use crate::device::kernels::{Arg, device_column, grid, launch};
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::table::Table;
use crate::types::fixed_width;

/// The column `typed` computes on `table`, on the device.
pub(super) fn evaluate(table: &Table, typed: &Typed) -> Result<Column> {
    let kernel = generate(typed)?;
    let n = table.num_rows();
    let width = fixed_width(typed.dtype.id()).expect("fixed-width result");
    let out = DeviceMemory::alloc(n * width)?;
    if n == 0 {
        return device_column(typed.dtype, 0, out, None, Some(0));
    }
    let mask = DeviceMemory::zeroed(bitmask_allocation_size_bytes(n))?;
    let count = DeviceMemory::zeroed(8)?;
    let f = runtime()?.function(&kernel.key, || kernel.source.clone(), KERNEL_NAME)?;
    let mut args = vec![];
    for &c in &kernel.columns {
        let col = &table.columns()[c];
        let (m, off) = mask_arg(col)?;
        args.extend([Arg::P(data_ptr(col)?), Arg::P(m), Arg::I(off)]);
    }
    for lit in &kernel.literals {
        args.push(Arg::P(literal_bits(lit)?));
    }
    args.extend([
        Arg::P(out.ptr()),
        Arg::P(mask.ptr()),
        Arg::P(count.ptr()),
        Arg::I(n as i64),
    ]);
    // SAFETY: the parameters are those `generate` declared, in its order; every column has
    // `n` rows and the outputs are sized for `n` rows (the mask padded to whole words).
    unsafe { launch(&f, grid(n)?, &args)? };
    let bytes = count.copy_to_host(0, 8)?;
    let nulls = u64::from_le_bytes(bytes.as_slice().try_into().expect("8 bytes")) as usize;
    let mask = (nulls > 0).then(|| Buffer::from_device(mask));
    device_column(typed.dtype, n, out, mask, Some(nulls))
}

/// The little-endian bits of a fixed-width literal's value (0 when null).
fn literal_bits(s: &crate::scalar::Scalar) -> Result<u64> {
    if !s.is_valid()? {
        return Ok(0);
    }
    let c = s.as_column();
    let width = fixed_width(c.dtype().id()).expect("fixed-width literal");
    let bytes = c.data().expect("a valid scalar has data").host()?;
    let start = c.offset() * width;
    let mut word = [0u8; 8];
    word[..width].copy_from_slice(&bytes.as_slice()[start..start + width]);
    Ok(u64::from_le_bytes(word))
}

/// The launch arguments of a join predicate's module (see `codegen::generate_predicate`):
/// per column its data, mask and mask offset, per literal its bits. Column numbers from
/// `left.num_columns()` on are right columns.
pub(crate) fn predicate_args(kernel: &ExprKernel, left: &Table, right: &Table) -> Result<Vec<Arg>> {
    let split = left.num_columns();
    let mut args = vec![];
    for &c in &kernel.columns {
        let col = if c < split {
            &left.columns()[c]
        } else {
            &right.columns()[c - split]
        };
        let (m, off) = mask_arg(col)?;
        args.extend([Arg::P(data_ptr(col)?), Arg::P(m), Arg::I(off)]);
    }
    for lit in &kernel.literals {
        args.push(Arg::P(literal_bits(lit)?));
    }
    Ok(args)
}

//! The filling family's device path: fill maps from the copying kernels, sequences from
//! the scan module, and repeat maps from `device/kernels/filling.rs`.

use super::{Repeats, gather_repeated};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::copying::scatter_positions;
use crate::device::kernels::filling::repeat_map;
use crate::device::kernels::movement::iota;
use crate::device::kernels::scan as dscan;
use crate::error::Result;
use crate::ops::gather::device_map;
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{TypeId, fixed_width};

/// The fill map: rows `begin..end` take row `n` (the value after the column), others stay.
pub(super) fn fill_map(n: usize, begin: usize, end: usize) -> Result<Column> {
    // Rows begin..end all take row n (the value), through copy_range's map with step 0.
    let m = iota(n, 0)?;
    let fill_rows = iota(end - begin, begin as i64)?;
    scatter_positions(fill_rows.ptr(), end - begin, n as i64, 0, m.ptr())?;
    device_map(m, n)
}

/// The values `init + i * step` of a sequence (integers wrap).
pub(super) fn sequence(size: usize, init: &Scalar, step: &Scalar) -> Result<Buffer> {
    Ok(Buffer::from_device(dscan::sequence(
        init.dtype().id(),
        size,
        scalar_bits(init)?,
        scalar_bits(step)?,
    )?))
}

/// The integer type whose sequence kernel writes values of `t`'s width, for fixed-width
/// types of 1, 2, 4 or 8 bytes.
pub(super) fn fill_bits(t: TypeId) -> Option<TypeId> {
    match fixed_width(t)? {
        1 => Some(TypeId::Int8),
        2 => Some(TypeId::Int16),
        4 => Some(TypeId::Int32),
        8 => Some(TypeId::Int64),
        _ => None,
    }
}

/// `size` copies of `value`'s bits, written as the sequence `bits, bits + 0, ...` of the
/// same-width integer type `bits_type` (a float's bits are copied, not added to).
pub(super) fn filled_values(value: &Scalar, bits_type: TypeId, size: usize) -> Result<Buffer> {
    Ok(Buffer::from_device(dscan::sequence(
        bits_type,
        size,
        scalar_bits(value)?,
        0,
    )?))
}

/// The scalar's value bits, zero-extended to 64.
fn scalar_bits(s: &Scalar) -> Result<u64> {
    let width = fixed_width(s.dtype().id()).expect("fixed width");
    let b = s
        .as_column()
        .data()
        .expect("fixed width")
        .host_range(0, width)?;
    let mut v = [0u8; 8];
    v[..b.len()].copy_from_slice(b.as_slice());
    Ok(u64::from_le_bytes(v))
}

/// `len` zero bytes on the device.
pub(super) fn zeroed(len: usize) -> Result<Buffer> {
    Ok(Buffer::from_device(DeviceMemory::zeroed(len)?))
}

/// Each row of `table` repeated, through a repeat map built from the count offsets.
pub(super) fn repeat(table: &Table, repeats: &Repeats, total: usize) -> Result<Table> {
    let n = table.num_rows();
    let map = match repeats {
        &Repeats::Uniform(k) => {
            let offsets = dscan_offsets_uniform(n, k)?;
            device_map(repeat_map(offsets.ptr(), n, total)?, total)?
        }
        Repeats::PerRow(c) => {
            let mut offsets = Vec::with_capacity(n + 1);
            let mut acc = 0i64;
            for &v in c {
                offsets.push(acc);
                acc += v as i64;
            }
            offsets.push(acc);
            let bytes: Vec<u8> = offsets.iter().flat_map(|v| v.to_le_bytes()).collect();
            let dev = DeviceMemory::from_host(&bytes)?;
            device_map(repeat_map(dev.ptr(), n, total)?, total)?
        }
    };
    gather_repeated(table, &map)
}

/// Offsets `0, k, 2k, ...` (n + 1 int64) on the device.
fn dscan_offsets_uniform(n: usize, k: usize) -> Result<DeviceMemory> {
    let init = 0u64;
    dscan::sequence(TypeId::Int64, n + 1, init, k as u64)
}

//! Kernel launchers of the op families. The CUDA C sources live in `cuda/` and are embedded
//! in the crate; each launcher builds the source for the types it needs (a few `#define`s
//! in front of the shared code), compiles it once through [`super::GpuRuntime::function`]
//! and launches it on ferrodf's stream.
//!
//! These modules sit above the data model and below `ops`: they never call into `ops`.
//! The runtime's own primitives (device copies, bitmask kernels) live in
//! [`super::primitives`]; the launch helpers in `device/launch.rs`, re-exported here.

pub mod binaryop;
pub mod cast;
pub mod concatenate;
pub mod copying;
pub mod datetime;
pub mod filling;
pub mod gather;
pub mod groupby;
pub mod hash_table;
pub mod hashing;
pub mod join;
pub mod lists;
pub mod movement;
pub mod null_mask;
pub mod nvtext;
pub mod nvtext_dedup;
pub mod nvtext_tokenizers;
pub mod nvtext_unicode;
pub mod partitioning;
pub mod quantiles;
pub mod reduce;
pub mod regex;
pub mod reshape;
pub mod rolling;
pub mod scan;
pub mod search;
pub mod sorting;
pub mod stream_compaction;
pub mod strings;
pub mod strings_chars;
pub mod strings_convert;
pub mod strings_edit;
pub mod text_split;
pub mod transform;
pub mod unary;

pub(crate) use super::launch::{Arg, COMMON, args, blocks, grid, launch, one_block};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::{Error, Result};
use crate::types::{DataType, TypeId};
use cudarc::driver::LaunchConfig;

/// A fixed-width column of `n` rows of `dtype` over the device allocation `values` that a
/// kernel filled, with validity `mask` (`null_count` when known): how the launchers hand
/// their outputs back.
pub(crate) fn device_column(
    dtype: DataType,
    n: usize,
    values: DeviceMemory,
    mask: Option<Buffer>,
    null_count: Option<usize>,
) -> Result<Column> {
    Column::new(
        dtype,
        n,
        Some(Buffer::from_device(values)),
        mask,
        null_count,
        0,
        vec![],
    )
}

/// The device address of a column's data, 0 when it has none or it is empty (the chars of
/// a STRING column whose rows are all empty).
pub(crate) fn chars_ptr(c: &Column) -> Result<u64> {
    Ok(match c.data() {
        Some(d) if !d.is_empty() => d.device_ptr()?,
        _ => 0,
    })
}

/// The buffers of a STRING column (with rows) as the kernels read them: the chars (see
/// [`chars_ptr`]), the address of the offsets child at its own offset (the column's row
/// offset is left to the kernel) and whether those offsets are INT64.
pub(crate) fn string_parts(c: &Column) -> Result<(u64, u64, bool)> {
    let child = &c.children()[0];
    let w = crate::types::fixed_width(child.dtype().id()).expect("integer offsets");
    let offsets = child.data().expect("offsets").device_ptr()? + (child.offset() * w) as u64;
    Ok((chars_ptr(c)?, offsets, child.dtype().id() == TypeId::Int64))
}

/// A [`device_column`] with no nulls.
pub(crate) fn device_values(dtype: DataType, n: usize, values: DeviceMemory) -> Result<Column> {
    device_column(dtype, n, values, None, Some(0))
}

/// The CUDA storage type of a numeric type id, and whether it is BOOL8.
pub(crate) fn cuda_type(id: TypeId) -> Result<(&'static str, bool)> {
    Ok(match id {
        TypeId::Int8 => ("int8_t", false),
        TypeId::Int16 => ("int16_t", false),
        TypeId::Int32 => ("int32_t", false),
        TypeId::Int64 => ("int64_t", false),
        TypeId::Uint8 => ("uint8_t", false),
        TypeId::Uint16 => ("uint16_t", false),
        TypeId::Uint32 => ("uint32_t", false),
        TypeId::Uint64 => ("uint64_t", false),
        TypeId::Float32 => ("float", false),
        TypeId::Float64 => ("double", false),
        TypeId::Bool8 => ("uint8_t", true),
        other => {
            return Err(Error::not_implemented(format!(
                "no device kernel handles {other} values yet"
            )));
        }
    })
}

/// A kernel tuning parameter from environment variable `name` when it parses and lies in
/// `range`, else `default`. Read once per process by the callers (they cache it), because
/// it names the compiled module.
pub(crate) fn tuning_knob(
    name: &str,
    range: std::ops::RangeInclusive<usize>,
    default: usize,
) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|v| range.contains(v))
        .unwrap_or(default)
}

/// Block-wide scan helpers shared by the scan, sort and stream_compaction modules.
pub(crate) const SCAN_CUH: &str = include_str!("cuda/scan.cuh");
/// Items one scan block covers (SCAN_THREADS x SCAN_ITEMS in `scan.cuh`).
pub(crate) const SCAN_TILE: usize = 256 * 16;

/// One block of 256 threads per scan tile of `n` items.
pub(crate) fn tiles(n: usize) -> (usize, LaunchConfig) {
    let t = n.div_ceil(SCAN_TILE).max(1);
    (t, blocks(t, 256))
}

/// The integer or float type whose bits a fixed-width type is stored as, when kernels can
/// treat it as that type (timestamps, durations, DECIMAL32/64); `None` for DECIMAL128 and
/// non-fixed-width types.
pub(crate) fn storage_id(id: TypeId) -> Option<TypeId> {
    use TypeId::*;
    Some(match id {
        Int8 | Int16 | Int32 | Int64 | Uint8 | Uint16 | Uint32 | Uint64 | Float32 | Float64
        | Bool8 => id,
        TimestampDays | DurationDays | Decimal32 => Int32,
        TimestampSeconds
        | TimestampMilliseconds
        | TimestampMicroseconds
        | TimestampNanoseconds
        | DurationSeconds
        | DurationMilliseconds
        | DurationMicroseconds
        | DurationNanoseconds
        | Decimal64 => Int64,
        _ => return None,
    })
}

//! Kernel launchers. The CUDA C sources live in `cuda/` and are embedded in the crate; each
//! launcher builds the source for the types it needs (a few `#define`s in front of the
//! shared code), compiles it once through [`super::GpuRuntime::function`] and launches it
//! on ferrodf's stream.

pub mod binaryop;
pub mod bitmask;
pub mod hashing;
pub mod null_mask;
pub mod reduce;
pub mod search;

use crate::error::{Error, Result};
use crate::types::TypeId;

/// Shared type traits and helpers, prepended to every kernel module.
pub(crate) const COMMON: &str = include_str!("cuda/common.cuh");

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

//! Launcher of the filling family's kernel in `cuda/filling.cu`: the row map of `repeat`
//! (also used by the strings family to repeat strings).

use super::movement::{MOVEMENT_CUH, run_grid};
use super::{Arg, COMMON, args};
use crate::device::DeviceMemory;
use crate::error::Result;

const SOURCE: &str = include_str!("cuda/filling.cu");

/// The CUDA source of the filling module.
pub fn module_source() -> String {
    format!("{COMMON}\n{MOVEMENT_CUH}\n{SOURCE}")
}

/// Launch a grid-stride filling kernel over `n` items (nothing when `n == 0`).
fn run(name: &str, n: usize, args: &[Arg]) -> Result<()> {
    // SAFETY: every caller in this module passes buffers sized for `n` items.
    unsafe { run_grid("filling", module_source, name, n, args) }
}

/// The repeat map for `n` rows whose exclusive count offsets (n + 1 int64) are `offsets`.
pub fn repeat_map(offsets: u64, n: usize, total: usize) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(total * 4)?;
    run(
        "repeat_map",
        total,
        &args![offsets, n as i64, total as i64, out.ptr()],
    )?;
    Ok(out)
}

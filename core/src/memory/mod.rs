//! Device memory management: a spill manager that moves least-recently-used device buffers
//! to host memory when the GPU fills up, operation scopes that keep the buffers of running
//! work in place, pinned transfers, options and statistics.
//!
//! The model is cuDF's spill manager, with three differences:
//! - a buffer that already holds a clean host copy is "spilled" by dropping its device copy,
//!   without any transfer;
//! - a spill lock is implicit: every device access stamps the buffer with a tick, and any
//!   buffer touched since the oldest running [`operation`] began is in use and never spilled;
//! - the out-of-memory error says what could not be spilled and why.
//!
//! ```
//! use ferrodf_core::memory;
//! // The options; all of them can also be set with environment variables.
//! memory::set_device_limit(Some(2 << 30));
//! assert_eq!(memory::device_limit(), Some(2 << 30));
//! memory::set_device_limit(None);
//! let stats = memory::statistics();
//! assert!(stats.spills.count <= stats.device_to_host.count + stats.spills.count);
//! ```

pub mod audit;
pub mod fault;
mod manager;
mod options;
pub(crate) mod pinned;
pub use pinned::pool_bytes as pinned_pool_bytes;
mod scope;
mod stats;

pub use manager::{
    Census, SpillContext, SpillManager, SpillOutcome, SpillReport, SpillTarget,
    allocate_with_spilling, global_manager,
};
pub use options::{
    device_limit, parse_bytes, set_device_limit, set_device_limit_text, set_spill_enabled,
    set_statistics_level, spill_enabled, statistics_level,
};
pub(crate) use scope::tick;
pub use scope::{
    OperationGuard, enter_operation, in_operation, oldest_active_operation, operation,
};
pub use stats::{ExposureSite, Statistics, TransferStats, reset_statistics, statistics};
pub(crate) use stats::{GpuTiming, record_download, record_exposure, record_spill, record_upload};

use std::sync::atomic::{AtomicUsize, Ordering};

/// Bytes with a binary unit, as people read them: `24 B`, `1.5 KiB`, `2.0 GiB`.
///
/// ```
/// use ferrodf_core::memory::human_bytes;
/// assert_eq!(human_bytes(24), "24 B");
/// assert_eq!(human_bytes(3 << 29), "1.5 GiB");
/// ```
pub fn human_bytes(bytes: usize) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

/// Bytes of device memory ferrodf has allocated and not yet freed.
static DEVICE_BYTES: AtomicUsize = AtomicUsize::new(0);

/// Bytes of device memory ferrodf has allocated and not yet freed (foreign memory, such as
/// a CuPy array wrapped without a copy, is not counted).
pub fn device_bytes_in_use() -> usize {
    DEVICE_BYTES.load(Ordering::Relaxed)
}

pub(crate) fn add_device_bytes(n: usize) {
    DEVICE_BYTES.fetch_add(n, Ordering::Relaxed);
}

pub(crate) fn sub_device_bytes(n: usize) {
    DEVICE_BYTES.fetch_sub(n, Ordering::Relaxed);
}

/// Spill least-recently-used device buffers to host memory until at least `bytes` are freed
/// (`None`: everything that can be spilled). Buffers in use by a running operation, exposed
/// buffers and foreign memory stay where they are.
///
/// ```
/// // Without a GPU nothing lives on the device, so nothing is spilled.
/// let report = ferrodf_core::memory::spill(None).unwrap();
/// if !ferrodf_core::device::gpu_available() {
///     assert_eq!(report.freed, 0);
/// }
/// ```
pub fn spill(bytes: Option<usize>) -> crate::Result<SpillReport> {
    let since = oldest_active_operation().unwrap_or(u64::MAX);
    let report = global_manager().spill(bytes.unwrap_or(usize::MAX), since)?;
    if report.freed > 0 {
        // Spilled memory is freed on ferrodf's stream; let the frees land.
        if let Ok(rt) = crate::device::runtime() {
            rt.synchronize()?;
        }
    }
    Ok(report)
}

/// What ferrodf holds on the device now, by spillability.
pub fn census() -> Census {
    global_manager().census(oldest_active_operation().unwrap_or(u64::MAX))
}

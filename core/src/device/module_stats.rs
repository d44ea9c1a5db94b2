//! Where this process's kernel modules came from, and what they cost: the measure of a
//! cold start (prebuilt kernels, the on-disk cache or NVRTC). Exposed to Python in
//! `ferrodf.gpu_info()["kernel_modules"]`.

use std::sync::Mutex;
use std::time::Duration;

/// Where a module came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModuleOrigin {
    /// A prebuilt cubin for the GPU's architecture (`kernel_bundle.rs`).
    EmbeddedCubin,
    /// Prebuilt PTX of a virtual architecture, compiled by the driver.
    EmbeddedPtx,
    /// PTX from the on-disk cache (`kernel_cache.rs`).
    DiskCache,
    /// Compiled by NVRTC in this process.
    Nvrtc,
}

/// Counts and seconds (finding, compiling and loading) per origin, and the keys of the
/// modules NVRTC compiled (a module missing from the prebuilt set shows up there).
#[derive(Debug, Clone, Default)]
pub struct ModuleStats {
    pub embedded_cubin: (u64, Duration),
    pub embedded_ptx: (u64, Duration),
    pub disk_cache: (u64, Duration),
    pub nvrtc: (u64, Duration),
    pub nvrtc_keys: Vec<String>,
}

static STATS: Mutex<Option<ModuleStats>> = Mutex::new(None);

/// Count a module of `key` obtained from `origin` in `took`.
pub(crate) fn record(key: &str, origin: ModuleOrigin, took: Duration) {
    let mut guard = STATS.lock().unwrap_or_else(|p| p.into_inner());
    let s = guard.get_or_insert_with(ModuleStats::default);
    let slot = match origin {
        ModuleOrigin::EmbeddedCubin => &mut s.embedded_cubin,
        ModuleOrigin::EmbeddedPtx => &mut s.embedded_ptx,
        ModuleOrigin::DiskCache => &mut s.disk_cache,
        ModuleOrigin::Nvrtc => {
            s.nvrtc_keys.push(key.to_string());
            &mut s.nvrtc
        }
    };
    slot.0 += 1;
    slot.1 += took;
}

/// The statistics so far.
pub fn module_stats() -> ModuleStats {
    STATS
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
        .unwrap_or_default()
}

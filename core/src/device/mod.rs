//! The GPU runtime: one CUDA context per process (created lazily), one stream, stream-ordered
//! allocation, and NVRTC compilation of the kernel sources embedded in this crate, cached per
//! kernel key for the device's architecture.
//!
//! Nothing here needs CUDA at build time: cudarc loads `libcuda` and `libnvrtc` when the
//! runtime is first asked for. A machine without them is a normal state ([`runtime`] returns
//! an error that callers in `auto` placement treat as "use the host").

mod foreign_stream;
pub mod kernel_bundle;
mod kernel_cache;
pub mod kernels;
mod launch;
mod memory;
mod module_stats;
pub mod nvrtc;
pub mod primitives;

pub use foreign_stream::{ForeignStream, join_streams};
pub use memory::DeviceMemory;
pub use module_stats::{ModuleOrigin, ModuleStats, module_stats};

use crate::error::{Error, Result};
use cudarc::driver::{CudaContext, CudaFunction, CudaModule, CudaStream, LaunchConfig};
use cudarc::nvrtc::Ptx;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A compiled module and the kernels looked up in it so far.
struct LoadedModule {
    module: Arc<CudaModule>,
    functions: HashMap<String, CudaFunction>,
}

/// The process-wide device runtime.
pub struct GpuRuntime {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    arch: String,
    sm_count: u32,
    name: String,
    total_memory: usize,
    /// Compiled modules by key, with the kernels already looked up in each: a launch on a
    /// hot path then costs one map lookup, not a `cuModuleGetFunction` and a CString.
    modules: Mutex<HashMap<String, LoadedModule>>,
}

static RUNTIME: OnceLock<std::result::Result<GpuRuntime, String>> = OnceLock::new();

/// The device runtime, created on first use. Errors when no usable GPU is present.
pub fn runtime() -> Result<&'static GpuRuntime> {
    let rt = RUNTIME
        .get_or_init(GpuRuntime::create)
        .as_ref()
        .map_err(|why| Error::Device(why.clone()))?;
    // Driver calls act on the calling thread's current context; callers come from any
    // thread (Python threads, rayon workers), so make ours current here.
    rt.ctx.bind_to_thread()?;
    Ok(rt)
}

/// Use or bypass the on-disk cache of compiled kernels (pylibcudf's
/// `context.enable_jit_cache`); the modules this process has loaded stay loaded.
pub fn enable_kernel_cache(enabled: bool) {
    kernel_cache::set_enabled(enabled);
}

/// Empty the kernel caches (pylibcudf's `context.clear_jit_cache`): the on-disk cache, and
/// the modules this process has loaded, which are compiled (or read from the wheel's
/// prebuilt kernels) again when next needed. Kernels already handed out keep working.
pub fn clear_kernel_cache() -> Result<()> {
    if let Some(Ok(rt)) = RUNTIME.get() {
        rt.modules.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
    kernel_cache::clear()
}

/// Whether a usable GPU is present (creates the runtime on first call).
pub fn gpu_available() -> bool {
    runtime().is_ok()
}

/// Why the GPU is unusable, or `None` when it is usable.
pub fn unavailable_reason() -> Option<String> {
    runtime().err().map(|e| e.to_string())
}

impl GpuRuntime {
    fn create() -> std::result::Result<GpuRuntime, String> {
        // SAFETY: only probes whether the shared libraries can be opened.
        let present = unsafe {
            cudarc::driver::sys::is_culib_present() && cudarc::nvrtc::sys::is_culib_present()
        };
        if !present {
            return Err(
                "no usable GPU: the CUDA driver library (libcuda.so) or NVRTC \
                        (libnvrtc.so) is not installed on this machine"
                    .into(),
            );
        }
        let count = CudaContext::device_count().map_err(|e| format!("no usable GPU: {e}"))?;
        if count < 1 {
            return Err("no usable GPU: the CUDA driver reports no devices".into());
        }
        let ctx = CudaContext::new(0).map_err(|e| format!("no usable GPU: {e}"))?;
        // ferrodf orders all its work on one stream, so cudarc's per-allocation events
        // are pure overhead.
        // SAFETY: called before any allocation or stream of ours exists.
        unsafe { ctx.disable_event_tracking() };
        let stream = ctx
            .new_stream()
            .map_err(|e| format!("cannot create a CUDA stream: {e}"))?;
        let (major, minor) = ctx.compute_capability().map_err(|e| e.to_string())?;
        let sm_count = ctx
            .attribute(
                cudarc::driver::sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
            )
            .map_err(|e| e.to_string())? as u32;
        let name = ctx.name().unwrap_or_else(|_| "unknown GPU".into());
        memory::configure_pool(&ctx);
        let total_memory = ctx.mem_get_info().map_or(0, |(_, total)| total);
        Ok(GpuRuntime {
            ctx,
            stream,
            arch: format!("sm_{major}{minor}"),
            sm_count,
            name,
            total_memory,
            modules: Mutex::new(HashMap::new()),
        })
    }

    /// The device's name, e.g. "NVIDIA H100 80GB HBM3".
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The architecture kernels are compiled for, e.g. "sm_90".
    pub fn arch(&self) -> &str {
        &self.arch
    }
    /// Number of streaming multiprocessors.
    pub fn sm_count(&self) -> u32 {
        self.sm_count
    }
    /// The stream all ferrodf work is ordered on.
    pub fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }
    /// A new stream of ferrodf's context, for callers that queue their own work (through
    /// the `__cuda_stream__` protocol) and pass it back as a `stream=` argument.
    pub fn new_stream(&self) -> Result<Arc<CudaStream>> {
        Ok(self.ctx.new_stream()?)
    }
    /// The device's memory in bytes.
    pub fn total_memory(&self) -> usize {
        self.total_memory
    }
    /// Total and free device memory in bytes.
    pub fn memory_info(&self) -> Result<(usize, usize)> {
        let (free, total) = self.ctx.mem_get_info()?;
        Ok((total, free))
    }

    /// Wait until all queued work on ferrodf's stream has finished.
    pub fn synchronize(&self) -> Result<()> {
        self.stream.synchronize()?;
        Ok(())
    }

    /// The kernel `name` from the module identified by `key`, compiling `source()` with
    /// NVRTC the first time the key is seen.
    pub fn function(
        &self,
        key: &str,
        source: impl FnOnce() -> String,
        name: &str,
    ) -> Result<CudaFunction> {
        let mut modules = self.modules.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(f) = modules.get(key).and_then(|m| m.functions.get(name)) {
            return Ok(f.clone());
        }
        if !modules.contains_key(key) {
            let module = self.compile(key, &source())?;
            modules.insert(
                key.to_string(),
                LoadedModule {
                    module,
                    functions: HashMap::new(),
                },
            );
        }
        let loaded = modules.get_mut(key).expect("inserted above");
        let f = loaded.module.load_function(name)?;
        loaded.functions.insert(name.to_string(), f.clone());
        Ok(f)
    }

    /// The module of `key` from its `source`: a prebuilt image from the wheel when it has
    /// one for this GPU, else the PTX of the on-disk cache, else NVRTC's (then cached).
    fn compile(&self, key: &str, source: &str) -> Result<Arc<CudaModule>> {
        let start = std::time::Instant::now();
        let options = nvrtc::options();
        if let Some(image) = kernel_bundle::find(source, &self.arch) {
            let (origin, image) = match image {
                kernel_bundle::Image::Cubin(c) => {
                    (ModuleOrigin::EmbeddedCubin, Ptx::from_binary(c))
                }
                kernel_bundle::Image::Ptx(p) => (ModuleOrigin::EmbeddedPtx, Ptx::from_src(p)),
            };
            // A driver older than the compiler that built it refuses the image: compile
            // it here as without one.
            if let Ok(m) = self.ctx.load_module(image) {
                module_stats::record(key, origin, start.elapsed());
                return Ok(m);
            }
        }
        let compiled = std::cell::Cell::new(false);
        let compile_now = || -> Result<String> {
            compiled.set(true);
            Ok(nvrtc::compile(key, source, &self.arch, false)?.ptx)
        };
        let text = kernel_cache::get_or_compile(source, &self.arch, &options, compile_now)?;
        let module = match self.ctx.load_module(Ptx::from_src(text)) {
            Ok(m) => m,
            // A damaged cache entry: compile afresh.
            Err(_) => self.ctx.load_module(Ptx::from_src(compile_now()?))?,
        };
        let origin = if compiled.get() {
            ModuleOrigin::Nvrtc
        } else {
            ModuleOrigin::DiskCache
        };
        module_stats::record(key, origin, start.elapsed());
        Ok(module)
    }

    /// A launch configuration covering `n` items with a grid-stride loop: at most
    /// `blocks_per_sm` blocks of `threads` per multiprocessor.
    pub fn grid_stride_config(&self, n: usize, threads: u32, blocks_per_sm: u32) -> LaunchConfig {
        let needed = n.div_ceil(threads as usize).max(1);
        let cap = (self.sm_count * blocks_per_sm) as usize;
        launch::blocks(needed.min(cap), threads)
    }
}

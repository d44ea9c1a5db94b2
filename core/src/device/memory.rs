//! Device allocations: memory ferrodf allocated (stream-ordered, returned to the pool on
//! drop) and foreign memory kept alive by its owner (a CuPy array, a torch tensor, ...).

use super::runtime;
use crate::error::Result;
use crate::memory;
use cudarc::driver::{CudaContext, result, sys};
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A contiguous range of device memory.
pub struct DeviceMemory {
    ptr: u64,
    len: usize,
    kind: Kind,
}

enum Kind {
    /// Allocated by ferrodf with `cuMemAllocAsync`; freed on ferrodf's stream on drop.
    Owned,
    /// Someone else's memory; `owner` keeps it alive.
    Foreign(#[allow(dead_code)] Arc<dyn Any + Send + Sync>),
}

impl fmt::Debug for DeviceMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            Kind::Owned => "owned",
            Kind::Foreign(_) => "foreign",
        };
        write!(
            f,
            "DeviceMemory({kind}, ptr=0x{:x}, len={})",
            self.ptr, self.len
        )
    }
}

/// Keep freed blocks in the pool instead of handing them back to the driver at every
/// synchronisation, so repeated allocate/free cycles cost microseconds.
pub(super) fn configure_pool(ctx: &Arc<CudaContext>) {
    // SAFETY: plain attribute set on the device's default pool; failure is harmless.
    unsafe {
        if let Ok(pool) = result::device::get_default_mem_pool(ctx.cu_device()) {
            let mut threshold: u64 = u64::MAX;
            let _ = sys::cuMemPoolSetAttribute(
                pool,
                sys::CUmemPool_attribute::CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                &mut threshold as *mut u64 as *mut _,
            );
        }
    }
}

impl DeviceMemory {
    /// Zero bytes that own nothing: a placeholder for memory moved elsewhere (no driver
    /// call, unlike `alloc(0)`).
    pub fn empty() -> DeviceMemory {
        DeviceMemory {
            ptr: 0,
            len: 0,
            kind: Kind::Foreign(Arc::new(())),
        }
    }

    /// Allocate `len` uninitialised bytes on ferrodf's stream. When the GPU is full (or the
    /// allocation would pass the soft device limit), least-recently-used buffers are spilled
    /// to host memory first (see [`crate::memory`]).
    pub fn alloc(len: usize) -> Result<DeviceMemory> {
        let rt = runtime()?;
        // Zero-length allocations are legal for us but not for the driver.
        let bytes = len.max(1);
        let stream = rt.stream().cu_stream();
        let malloc = || {
            // An injected failure (memory::fault, tests only) looks like the driver's.
            if memory::fault::should_fail(memory::fault::Target::Device) {
                return Err(cudarc::driver::DriverError(
                    sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY,
                ));
            }
            // SAFETY: stream-ordered allocation on our live stream.
            unsafe { result::malloc_async(stream, bytes) }
        };
        let limit = memory::device_limit();
        let within_limit = limit.is_none_or(|l| memory::device_bytes_in_use() + bytes <= l);
        // The common case touches no lock: under the limit and the allocation succeeds.
        let fast = if within_limit {
            match malloc() {
                Ok(ptr) => Some(ptr),
                Err(e) if e.0 != sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY => return Err(e.into()),
                Err(_) => None,
            }
        } else {
            None
        };
        let ptr = match fast {
            Some(ptr) => ptr,
            None => {
                let ctx = memory::SpillContext {
                    manager: memory::global_manager(),
                    in_use_since: (memory::spill_enabled() && memory::in_operation())
                        .then(memory::oldest_active_operation)
                        .flatten(),
                    limit,
                    allocated: memory::device_bytes_in_use(),
                    total: Some(rt.total_memory()),
                    spill_enabled: memory::spill_enabled(),
                };
                memory::allocate_with_spilling(
                    &ctx,
                    bytes,
                    || Ok(malloc()?),
                    // Spilled memory is freed on our stream: wait for it to return to the pool.
                    || rt.synchronize(),
                )?
            }
        };
        memory::add_device_bytes(bytes);
        Ok(DeviceMemory {
            ptr,
            len,
            kind: Kind::Owned,
        })
    }

    /// Allocate `len` zeroed bytes.
    pub fn zeroed(len: usize) -> Result<DeviceMemory> {
        let mem = Self::alloc(len)?;
        let rt = runtime()?;
        // SAFETY: the range was just allocated with at least `len` bytes.
        unsafe { result::memset_d8_async(mem.ptr, 0, len, rt.stream().cu_stream())? };
        Ok(mem)
    }

    /// Copy host bytes to a new device allocation (through pinned staging memory; returns
    /// once `bytes` may be reused, the copy ordered on ferrodf's stream).
    #[track_caller]
    pub fn from_host(bytes: &[u8]) -> Result<DeviceMemory> {
        let mem = Self::alloc(bytes.len())?;
        memory::pinned::host_to_device(mem.ptr, bytes)?;
        Ok(mem)
    }

    /// [`DeviceMemory::from_host`], with CUDA events around the copy of large buffers so
    /// that the statistics can count the copy's own time, not just the time to queue it.
    #[track_caller]
    pub(crate) fn from_host_timed(
        bytes: &[u8],
    ) -> Result<(DeviceMemory, Option<memory::GpuTiming>)> {
        const TIMED_FROM: usize = 1 << 20;
        let mem = Self::alloc(bytes.len())?;
        let stream = runtime()?.stream().cu_stream();
        let timed = bytes.len() >= TIMED_FROM && memory::statistics_level() > 0;
        let timing = timed.then(|| memory::GpuTiming::start(stream)).flatten();
        memory::pinned::host_to_device(mem.ptr, bytes)?;
        Ok((mem, timing.and_then(|t| t.stop(stream))))
    }

    /// A new allocation holding a copy of `len` device bytes at `src`.
    pub fn copy_of(src: u64, len: usize) -> Result<DeviceMemory> {
        let mem = Self::alloc(len)?;
        if len > 0 {
            let rt = runtime()?;
            // SAFETY: both ranges are valid device memory of at least len bytes.
            unsafe { result::memcpy_dtod_async(mem.ptr, src, len, rt.stream().cu_stream())? };
        }
        Ok(mem)
    }

    /// Wrap memory owned by someone else. `owner` is kept alive as long as this exists.
    ///
    /// # Safety
    /// `ptr..ptr+len` must be valid device memory of this process's context for as long
    /// as `owner` lives.
    pub unsafe fn foreign(ptr: u64, len: usize, owner: Arc<dyn Any + Send + Sync>) -> Self {
        DeviceMemory {
            ptr,
            len,
            kind: Kind::Foreign(owner),
        }
    }

    /// The device address.
    pub fn ptr(&self) -> u64 {
        self.ptr
    }
    /// Size in bytes.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether the allocation holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Whether ferrodf allocated this memory (as opposed to wrapping a foreign owner).
    pub fn is_owned(&self) -> bool {
        matches!(self.kind, Kind::Owned)
    }

    /// Copy `len` bytes starting `offset` bytes in to a new (64-byte aligned) host buffer.
    #[track_caller]
    pub fn copy_to_host(&self, offset: usize, len: usize) -> Result<arrow_buffer::Buffer> {
        let mut out = arrow_buffer::MutableBuffer::from_len_zeroed(len);
        // The caller's range lies within this allocation (checked by Buffer).
        memory::pinned::device_to_host(out.as_slice_mut(), self.ptr + offset as u64)?;
        Ok(out.into())
    }

    /// Copy the whole allocation to host memory that is page-locked when possible, so that
    /// copying it back is a direct DMA (used for spilling).
    pub fn copy_to_pinned_host(&self) -> Result<arrow_buffer::Buffer> {
        memory::pinned::device_to_pinned_host(self.ptr, self.len)
    }
}

impl Drop for DeviceMemory {
    fn drop(&mut self) {
        if let Kind::Owned = self.kind
            && let Ok(rt) = runtime()
        {
            memory::sub_device_bytes(self.len.max(1));
            // SAFETY: we allocated ptr on this stream; stream order puts the free after
            // every kernel that was queued to read or write it.
            unsafe {
                let _ = result::free_async(self.ptr, rt.stream().cu_stream());
            }
        }
    }
}

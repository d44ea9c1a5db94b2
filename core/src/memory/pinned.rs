//! Pinned (page-locked) host memory: a pool of blocks that spilled buffers live in, so spills
//! and unspills are direct DMA at the link's speed, and a small staging ring through which
//! pageable host memory (NumPy, Arrow) is copied in chunks, the CPU copy of one chunk
//! overlapping the DMA of the previous one.

use crate::device::runtime;
use crate::error::Result;
use cudarc::driver::{result, sys};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex};

/// Pool blocks are multiples of this.
const GRANULE: usize = 2 << 20;
/// Transfers smaller than this go straight through the driver.
const STAGE_MIN: usize = 4 << 20;
/// Staging chunk size and ring length.
const CHUNK: usize = 16 << 20;
const SLOTS: usize = 4;
/// The CPU copy into or out of a staging chunk is split into pieces of this size.
const PIECE: usize = 2 << 20;

fn pool_cache_limit() -> usize {
    std::env::var("FERRODF_PINNED_POOL")
        .ok()
        .and_then(|v| super::parse_bytes(&v).ok())
        .unwrap_or(4 << 30)
}

fn staging_enabled() -> bool {
    !matches!(
        std::env::var("FERRODF_STAGING").as_deref(),
        Ok("0") | Ok("off") | Ok("false")
    )
}

#[derive(Default)]
struct Pool {
    /// Free blocks: capacity -> addresses.
    free: BTreeMap<usize, Vec<usize>>,
    free_bytes: usize,
    /// Every block the pool owns (free or lent): start -> capacity.
    blocks: BTreeMap<usize, usize>,
}

static POOL: Mutex<Option<Pool>> = Mutex::new(None);

fn with_pool<T>(f: impl FnOnce(&mut Pool) -> T) -> T {
    let mut g = POOL.lock().unwrap_or_else(|p| p.into_inner());
    f(g.get_or_insert_with(Pool::default))
}

/// A pinned block lent by the pool; returned to it on drop.
struct PinnedBlock {
    ptr: usize,
    cap: usize,
}

impl Drop for PinnedBlock {
    fn drop(&mut self) {
        let (ptr, cap) = (self.ptr, self.cap);
        let keep = with_pool(|p| {
            if p.free_bytes + cap <= pool_cache_limit() {
                p.free.entry(cap).or_default().push(ptr);
                p.free_bytes += cap;
                true
            } else {
                p.blocks.remove(&ptr);
                false
            }
        });
        if !keep && runtime().is_ok() {
            // SAFETY: allocated by malloc_host; every DMA touching it was ordered on our
            // stream before the copy that made it host data was synchronised.
            unsafe {
                let _ = result::free_host(ptr as *mut _);
            }
        }
    }
}

/// A pinned block of at least `len` bytes, or `None` when pinned memory is not available.
fn take_block(len: usize) -> Option<PinnedBlock> {
    let cap = len.div_ceil(GRANULE).max(1) * GRANULE;
    // Checked before the pool's free blocks are looked at: a refusal stands for "no pinned
    // memory to be had", so the fallback to pageable memory runs even when the pool has
    // blocks cached (otherwise fault injection would never reach it after the first spill).
    if super::fault::should_fail(super::fault::Target::PinnedHost) {
        return None;
    }
    let reused = with_pool(|p| {
        // Best fit among blocks no more than twice as large.
        let (&c, _) = p.free.range(cap..=cap * 2).find(|(_, v)| !v.is_empty())?;
        let ptr = p.free.get_mut(&c)?.pop()?;
        p.free_bytes -= c;
        Some(PinnedBlock { ptr, cap: c })
    });
    if reused.is_some() {
        return reused;
    }
    runtime().ok()?;
    // SAFETY: plain page-locked allocation in our (current) context.
    let ptr = unsafe { result::malloc_host(cap, 0) }.ok()? as usize;
    with_pool(|p| p.blocks.insert(ptr, cap));
    Some(PinnedBlock { ptr, cap })
}

/// Whether `ptr..ptr+len` lies inside a pinned block of the pool.
fn is_pinned(ptr: usize, len: usize) -> bool {
    with_pool(|p| {
        p.blocks
            .range(..=ptr)
            .next_back()
            .is_some_and(|(&start, &cap)| ptr + len <= start + cap)
    })
}

/// Pinned bytes the pool holds: (lent out, cached free).
pub fn pool_bytes() -> (usize, usize) {
    with_pool(|p| {
        let all: usize = p.blocks.values().sum();
        (all - p.free_bytes, p.free_bytes)
    })
}

/// Copy `len` device bytes at `src` into a new host buffer, in pinned memory when the pool
/// can provide it (spills land here so that unspilling is a direct DMA).
pub(crate) fn device_to_pinned_host(src: u64, len: usize) -> Result<arrow_buffer::Buffer> {
    let Some(block) = (len >= STAGE_MIN).then(|| take_block(len)).flatten() else {
        let mut out = arrow_buffer::MutableBuffer::from_len_zeroed(len);
        device_to_host(out.as_slice_mut(), src)?;
        return Ok(out.into());
    };
    let rt = runtime()?;
    // SAFETY: the block holds at least len bytes; we synchronise before anyone reads it.
    unsafe {
        let dst = std::slice::from_raw_parts_mut(block.ptr as *mut u8, len);
        result::memcpy_dtoh_async(dst, src, rt.stream().cu_stream())?;
    }
    rt.synchronize()?;
    let ptr = NonNull::new(block.ptr as *mut u8).expect("pinned allocations are not null");
    // SAFETY: the block stays alive (and unlent) as long as the Arc owner lives.
    Ok(unsafe { arrow_buffer::Buffer::from_custom_allocation(ptr, len, Arc::new(block)) })
}

/// Reads of at most this many bytes (a reduction's result, a count, a flag) go through one
/// page-locked slot: a direct DMA, where a pageable destination makes the driver stage the
/// bytes itself, which costs a few microseconds on every scalar a computation returns.
const SMALL_READ: usize = 4096;

/// The slot for small reads: `Some(None)` once page-locked memory proved unavailable.
fn small_read_slot() -> std::sync::MutexGuard<'static, Option<Option<usize>>> {
    static SLOT: Mutex<Option<Option<usize>>> = Mutex::new(None);
    let mut slot = SLOT.lock().unwrap_or_else(|p| p.into_inner());
    if slot.is_none() {
        // SAFETY: a plain page-locked allocation in our context, kept for the process.
        *slot = Some(
            unsafe { result::malloc_host(SMALL_READ, 0) }
                .ok()
                .map(|p| p as usize),
        );
    }
    slot
}

/// Page-locked host memory mapped into the device's address space: kernels write into it
/// directly (`device`), and after synchronising the host reads it (`host`) with no copy
/// in between. For results of a few bytes this saves the device-to-host copy a plain read
/// costs (a few microseconds on every scalar a computation returns).
pub(crate) struct MappedHost {
    /// The host address of the bytes.
    pub host: usize,
    /// The address kernels write to.
    pub device: u64,
    /// Capacity in bytes.
    pub len: usize,
}

impl MappedHost {
    /// `len` mapped bytes kept for the process (callers keep one for good), or None when the
    /// driver cannot map host memory.
    pub(crate) fn alloc(len: usize) -> Option<MappedHost> {
        runtime().ok()?;
        // SAFETY: a page-locked allocation in our context with the DEVICEMAP flag, then its
        // device address; both stay valid for the process.
        unsafe {
            let host = result::malloc_host(len, sys::CU_MEMHOSTALLOC_DEVICEMAP).ok()?;
            let mut device: sys::CUdeviceptr = 0;
            let got = sys::cuMemHostGetDevicePointer_v2(&mut device, host, 0).result();
            if got.is_err() {
                let _ = result::free_host(host);
                return None;
            }
            Some(MappedHost {
                host: host as usize,
                device,
                len,
            })
        }
    }

    /// The bytes `offset..offset + len`, read after the writing kernel has finished (the
    /// caller synchronised the stream).
    pub(crate) fn read(&self, offset: usize, len: usize) -> Vec<u8> {
        assert!(offset + len <= self.len, "read within the mapped slot");
        // SAFETY: in bounds (checked above); volatile because a kernel wrote the bytes.
        (0..len)
            .map(|i| unsafe { std::ptr::read_volatile((self.host + offset + i) as *const u8) })
            .collect()
    }
}

struct Staging {
    slots: Vec<(usize, sys::CUevent)>,
}

// SAFETY: the raw event handles and addresses are only used under the STAGING mutex.
unsafe impl Send for Staging {}

static STAGING: Mutex<Option<Staging>> = Mutex::new(None);

fn staging() -> Option<std::sync::MutexGuard<'static, Option<Staging>>> {
    let mut g = STAGING.lock().unwrap_or_else(|p| p.into_inner());
    if g.is_none() {
        let mut slots = Vec::with_capacity(SLOTS);
        for _ in 0..SLOTS {
            // SAFETY: plain allocations in our context (runtime() was called by the caller).
            let ptr = unsafe { result::malloc_host(CHUNK, 0) }.ok()? as usize;
            let event = result::event::create(sys::CUevent_flags::CU_EVENT_DISABLE_TIMING).ok()?;
            slots.push((ptr, event));
        }
        *g = Some(Staging { slots });
    }
    Some(g)
}

fn parallel_copy(dst: &mut [u8], src: &[u8]) {
    dst.par_chunks_mut(PIECE)
        .zip(src.par_chunks(PIECE))
        .for_each(|(d, s)| d.copy_from_slice(s));
}

/// Copy host bytes to device memory at `dst`, on ferrodf's stream. Returns once `src` may be
/// reused; the DMA itself may still be in flight (later work on the stream waits for it).
#[track_caller]
pub(crate) fn host_to_device(dst: u64, src: &[u8]) -> Result<()> {
    if src.is_empty() {
        return Ok(());
    }
    super::audit::record(super::audit::Direction::HostToDevice, src.len());
    let rt = runtime()?;
    let stream = rt.stream().cu_stream();
    let direct =
        src.len() < STAGE_MIN || !staging_enabled() || is_pinned(src.as_ptr() as usize, src.len());
    let guard = if direct { None } else { staging() };
    let Some(staging) = guard.as_ref().and_then(|g| g.as_ref()) else {
        // Pinned sources are DMA'd directly; for pageable ones the driver returns once it
        // has staged the bytes itself.
        // SAFETY: dst holds src.len() bytes.
        unsafe { result::memcpy_htod_async(dst, src, stream)? };
        return Ok(());
    };
    for (i, chunk) in src.chunks(CHUNK).enumerate() {
        let (slot, event) = staging.slots[i % SLOTS];
        // SAFETY: the slot is CHUNK pinned bytes; waiting on its event means the previous DMA
        // out of it has finished before we overwrite it.
        unsafe {
            result::event::synchronize(event)?;
            let staged = std::slice::from_raw_parts_mut(slot as *mut u8, chunk.len());
            parallel_copy(staged, chunk);
            result::memcpy_htod_async(dst + (i * CHUNK) as u64, &*staged, stream)?;
            result::event::record(event, stream)?;
        }
    }
    Ok(())
}

/// Copy device bytes at `src` into `dst` and wait for them.
#[track_caller]
pub(crate) fn device_to_host(dst: &mut [u8], src: u64) -> Result<()> {
    if dst.is_empty() {
        return Ok(());
    }
    super::audit::record(super::audit::Direction::DeviceToHost, dst.len());
    let rt = runtime()?;
    let stream = rt.stream().cu_stream();
    if dst.len() <= SMALL_READ && !is_pinned(dst.as_ptr() as usize, dst.len()) {
        let slot = small_read_slot();
        if let Some(Some(ptr)) = *slot {
            // SAFETY: the slot holds SMALL_READ pinned bytes, used only under its mutex;
            // we synchronise before reading them.
            unsafe {
                let staged = std::slice::from_raw_parts_mut(ptr as *mut u8, dst.len());
                result::memcpy_dtoh_async(staged, src, stream)?;
                rt.synchronize()?;
                dst.copy_from_slice(staged);
            }
            return Ok(());
        }
    }
    let direct =
        dst.len() < STAGE_MIN || !staging_enabled() || is_pinned(dst.as_ptr() as usize, dst.len());
    let guard = if direct { None } else { staging() };
    let Some(staging) = guard.as_ref().and_then(|g| g.as_ref()) else {
        // SAFETY: src holds dst.len() bytes; we synchronise before returning.
        unsafe { result::memcpy_dtoh_async(dst, src, stream)? };
        rt.synchronize()?;
        return Ok(());
    };
    let total = dst.len();
    let n = total.div_ceil(CHUNK);
    let len_of = |i: usize| CHUNK.min(total - i * CHUNK);
    let enqueue = |i: usize| -> Result<()> {
        let (slot, event) = staging.slots[i % SLOTS];
        // SAFETY: the slot holds CHUNK bytes; the caller has consumed its previous content.
        unsafe {
            let staged = std::slice::from_raw_parts_mut(slot as *mut u8, len_of(i));
            result::memcpy_dtoh_async(staged, src + (i * CHUNK) as u64, stream)?;
            result::event::record(event, stream)?;
        }
        Ok(())
    };
    for i in 0..n.min(SLOTS) {
        enqueue(i)?;
    }
    for i in 0..n {
        let (slot, event) = staging.slots[i % SLOTS];
        // SAFETY: after the event the slot holds chunk i.
        unsafe {
            result::event::synchronize(event)?;
            let staged = std::slice::from_raw_parts(slot as *const u8, len_of(i));
            parallel_copy(&mut dst[i * CHUNK..i * CHUNK + len_of(i)], staged);
        }
        if i + SLOTS < n {
            enqueue(i + SLOTS)?;
        }
    }
    Ok(())
}

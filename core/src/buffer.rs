//! [`Buffer`]: immutable bytes with an owner and a residency (host, device or both).
//!
//! Host bytes are arrow-rs buffers, so Arrow data is shared without a copy. Device bytes are
//! ferrodf allocations or foreign memory kept alive by its owner. A buffer made on one side is
//! copied to the other the first time something needs it there, and the copy is cached: the
//! bytes never change after construction, so both copies stay equal.

use crate::device::DeviceMemory;
use crate::error::{Error, Result};
use crate::memory::{self, SpillOutcome, SpillTarget};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Instant;

/// Where a buffer's bytes currently live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Residency {
    /// Only in host memory.
    Host,
    /// Only in device memory.
    Device,
    /// In both (one is a cached copy of the other).
    Both,
}

impl fmt::Display for Residency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Residency::Host => "host",
            Residency::Device => "device",
            Residency::Both => "host+device",
        })
    }
}

struct Copies {
    host: Option<arrow_buffer::Buffer>,
    device: Option<Arc<DeviceMemory>>,
}

struct Shared {
    len: usize,
    copies: Mutex<Copies>,
    /// Set once a raw device pointer has been handed out of ferrodf.
    exposed: AtomicBool,
    /// Id in the spill manager (0: not registered yet).
    spill_id: AtomicU64,
    /// Tick of the last device access (see [`crate::memory::operation`]).
    last_access: AtomicU64,
    /// Bytes of the device copy ferrodf owns (0: none, or foreign memory); read without
    /// the lock by the spill manager.
    device_len: AtomicUsize,
    /// Whether the device copy is someone else's memory.
    foreign: AtomicBool,
    /// Whether the device copy was spilled and not brought back yet.
    spilled: AtomicBool,
    /// Where a buffer made on the host was made (the caller chain of its constructor up to
    /// the first function without `#[track_caller]`): its first upload is recorded there
    /// by the transfer audit.
    born: &'static std::panic::Location<'static>,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Copies> {
        self.copies.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Record a new device copy and make sure the spill manager knows this buffer.
    fn gained_device(self: &Arc<Self>, mem: &DeviceMemory) {
        if !mem.is_owned() {
            self.foreign.store(true, Ordering::Relaxed);
            return;
        }
        self.device_len.store(mem.len(), Ordering::Release);
        if self.spill_id.load(Ordering::Relaxed) == 0 {
            let weak: Weak<dyn SpillTarget> = Arc::downgrade(self) as Weak<Shared>;
            let id = memory::global_manager().register(weak);
            if self
                .spill_id
                .compare_exchange(0, id, Ordering::AcqRel, Ordering::Relaxed)
                .is_err()
            {
                memory::global_manager().unregister(id);
            }
        }
    }

    fn lost_device(&self) {
        self.device_len.store(0, Ordering::Release);
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        let id = *self.spill_id.get_mut();
        if id != 0 {
            memory::global_manager().unregister(id);
        }
        if *self.spilled.get_mut() {
            memory::global_manager().note_spilled(self.len, false);
        }
    }
}

impl SpillTarget for Shared {
    fn device_bytes(&self) -> usize {
        self.device_len.load(Ordering::Acquire)
    }
    fn last_access(&self) -> u64 {
        self.last_access.load(Ordering::Acquire)
    }
    fn is_exposed(&self) -> bool {
        self.exposed.load(Ordering::Acquire)
    }
    fn is_foreign(&self) -> bool {
        self.foreign.load(Ordering::Relaxed)
    }
    fn spill(&self, in_use_since: u64) -> Result<SpillOutcome> {
        if self.is_exposed() {
            return Ok(SpillOutcome::Exposed);
        }
        if self.is_foreign() {
            return Ok(SpillOutcome::Foreign);
        }
        // Whoever is moving this buffer right now holds the lock: never wait for it (the
        // allocation that asked for this spill may be theirs).
        let Ok(mut c) = self.copies.try_lock() else {
            return Ok(SpillOutcome::InUse);
        };
        // Checked under the lock: a device access stamps the tick before taking the lock.
        if self.last_access() >= in_use_since {
            return Ok(SpillOutcome::InUse);
        }
        let Some(dev) = c.device.as_ref() else {
            return Ok(SpillOutcome::NotOnDevice);
        };
        // Someone holds the allocation itself (a view, a running copy): spilling would not
        // free it.
        if Arc::strong_count(dev) > 1 {
            return Ok(SpillOutcome::InUse);
        }
        let start = Instant::now();
        let copied = c.host.is_none();
        if copied {
            c.host = Some(dev.copy_to_pinned_host()?);
        }
        c.device = None;
        self.lost_device();
        self.spilled.store(true, Ordering::Relaxed);
        memory::global_manager().note_spilled(self.len, true);
        memory::record_spill(self.len, start.elapsed().as_secs_f64(), copied);
        Ok(SpillOutcome::Spilled(self.len))
    }
}

/// Immutable bytes, cheap to clone and slice (clones share the owner).
///
/// ```
/// use ferrodf_core::buffer::{Buffer, Residency};
/// let b = Buffer::from_slice_ref(&[1i64, 2, 3]);
/// assert_eq!(b.len(), 24);
/// assert_eq!(b.residency(), Residency::Host);
/// let tail = b.slice(8, 16).unwrap();
/// assert_eq!(tail.host().unwrap().typed_data::<i64>(), &[2, 3]);
/// ```
#[derive(Clone)]
pub struct Buffer {
    shared: Arc<Shared>,
    offset: usize,
    len: usize,
}

impl fmt::Debug for Buffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Buffer(len={}, offset={}, {})",
            self.len,
            self.offset,
            self.residency()
        )
    }
}

impl Buffer {
    #[track_caller]
    fn from_copies(
        len: usize,
        host: Option<arrow_buffer::Buffer>,
        device: Option<DeviceMemory>,
    ) -> Self {
        let device = device.map(Arc::new);
        let shared = Arc::new(Shared {
            len,
            copies: Mutex::new(Copies {
                host,
                device: device.clone(),
            }),
            exposed: AtomicBool::new(false),
            spill_id: AtomicU64::new(0),
            last_access: AtomicU64::new(0),
            device_len: AtomicUsize::new(0),
            foreign: AtomicBool::new(false),
            spilled: AtomicBool::new(false),
            born: std::panic::Location::caller(),
        });
        if let Some(mem) = &device {
            shared.gained_device(mem);
        }
        Buffer {
            shared,
            offset: 0,
            len,
        }
    }

    /// A host buffer sharing an arrow-rs buffer (no copy).
    #[track_caller]
    pub fn from_arrow(buf: arrow_buffer::Buffer) -> Self {
        let len = buf.len();
        Self::from_copies(len, Some(buf), None)
    }

    /// A host buffer taking ownership of a vector of native values (no copy).
    #[track_caller]
    pub fn from_vec<T: arrow_buffer::ArrowNativeType>(v: Vec<T>) -> Self {
        if v.is_empty() {
            // An empty Vec's pointer is only aligned for T; the buffer may be viewed as
            // any wider type, so use an aligned empty allocation.
            return Self::zeroed(0);
        }
        Self::from_arrow(arrow_buffer::Buffer::from_vec(v))
    }

    /// A host buffer of `len` zero bytes, 64-byte aligned.
    #[track_caller]
    pub fn zeroed(len: usize) -> Self {
        Self::from_arrow(arrow_buffer::MutableBuffer::from_len_zeroed(len).into())
    }

    /// A host buffer holding a copy of `values`.
    #[track_caller]
    pub fn from_slice_ref<T: arrow_buffer::ArrowNativeType>(values: &[T]) -> Self {
        Self::from_arrow(arrow_buffer::Buffer::from_slice_ref(values))
    }

    /// A device buffer owning (or wrapping) `mem`.
    #[track_caller]
    pub fn from_device(mem: DeviceMemory) -> Self {
        let len = mem.len();
        Self::from_copies(len, None, Some(mem))
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the buffer holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Where the bytes live now.
    pub fn residency(&self) -> Residency {
        let c = self.copies();
        match (c.host.is_some(), c.device.is_some()) {
            (true, true) => Residency::Both,
            (false, true) => Residency::Device,
            _ => Residency::Host,
        }
    }

    /// Whether reading `bytes` of this buffer should copy just those bytes: only the device
    /// holds it and they are a small part of it (a page of a large column), so copying and
    /// keeping the whole buffer on the host, as [`Buffer::host`] does, would waste the copy.
    pub(crate) fn wants_partial_read(&self, bytes: usize) -> bool {
        self.residency() == Residency::Device && bytes * 4 <= self.len()
    }

    /// Whether a raw device pointer of this buffer has left ferrodf.
    pub fn is_exposed(&self) -> bool {
        self.shared.exposed.load(Ordering::Relaxed)
    }

    /// Whether the bytes were spilled from the device to host memory and not brought back
    /// yet (the residency is then `Host`).
    pub fn is_spilled(&self) -> bool {
        self.shared.spilled.load(Ordering::Relaxed)
    }

    /// Bytes of the whole allocation this buffer is a view of.
    pub fn allocation_len(&self) -> usize {
        self.shared.len
    }

    /// A sub-range sharing the same owner.
    pub fn slice(&self, offset: usize, len: usize) -> Result<Buffer> {
        let end = offset
            .checked_add(len)
            .filter(|&e| e <= self.len)
            .ok_or_else(|| {
                Error::index(format!(
                    "byte range {offset}..{} is outside a buffer of {} bytes",
                    offset.saturating_add(len),
                    self.len
                ))
            })?;
        let _ = end;
        Ok(Buffer {
            shared: self.shared.clone(),
            offset: self.offset + offset,
            len,
        })
    }

    fn copies(&self) -> std::sync::MutexGuard<'_, Copies> {
        self.shared.lock()
    }

    /// The bytes on the host, copying them from the device (once) when needed. A spilled
    /// buffer is read from its host copy and stays spilled. An exposed buffer is copied
    /// afresh on every call and keeps no host copy: code outside ferrodf may write its
    /// device bytes, which would leave a cached copy stale.
    #[track_caller]
    pub fn host(&self) -> Result<arrow_buffer::Buffer> {
        let mut c = self.copies();
        if self.is_exposed()
            && let Some(dev) = c.device.clone()
        {
            drop(c);
            let start = Instant::now();
            let bytes = dev.copy_to_host(self.offset, self.len)?;
            memory::record_download(self.len, start.elapsed().as_secs_f64());
            return Ok(bytes);
        }
        if c.host.is_none() {
            let dev = c
                .device
                .clone()
                .expect("a buffer always has a host or a device copy");
            let start = Instant::now();
            let bytes = dev.copy_to_host(0, self.shared.len)?;
            memory::record_download(self.shared.len, start.elapsed().as_secs_f64());
            c.host = Some(bytes);
        }
        let host = c.host.as_ref().expect("host copy present");
        Ok(host.slice_with_length(self.offset, self.len))
    }

    /// Copy `len` bytes from `offset` to the host without caching the whole buffer there:
    /// used to show a few rows of device data.
    #[track_caller]
    pub fn host_range(&self, offset: usize, len: usize) -> Result<arrow_buffer::Buffer> {
        let part = self.slice(offset, len)?;
        let c = part.copies();
        if let Some(h) = &c.host {
            return Ok(h.slice_with_length(part.offset, len));
        }
        let dev = c
            .device
            .clone()
            .expect("a buffer always has a host or a device copy");
        drop(c);
        let start = Instant::now();
        let bytes = dev.copy_to_host(part.offset, len)?;
        memory::record_download(len, start.elapsed().as_secs_f64());
        Ok(bytes)
    }

    /// The device allocation holding these bytes (copying them there, once, when needed, and
    /// bringing spilled bytes back) and the byte offset of this buffer inside it. Used by
    /// kernel launches inside ferrodf: does not mark the buffer exposed, but stamps it as
    /// used so that it is not spilled while the running operation lasts.
    #[track_caller]
    pub fn device(&self) -> Result<(Arc<DeviceMemory>, usize)> {
        self.shared
            .last_access
            .store(memory::tick(), Ordering::Release);
        let mut c = self.copies();
        if c.device.is_none() {
            let host = c
                .host
                .as_ref()
                .expect("a buffer always has a host or a device copy");
            // the audit counts bringing spilled bytes back apart from other copies
            let _unspill_site = (memory::statistics_level() >= 3
                && self.shared.spilled.load(Ordering::Relaxed))
            .then(|| {
                memory::audit::enter_site(format!("{} (unspill)", memory::audit::current_site()))
            });
            let unspilling = self.shared.spilled.load(Ordering::Relaxed);
            let start = Instant::now();
            // The host buffer may itself be a slice of a bigger arrow allocation: copy just
            // our bytes.
            let bytes = &host.as_slice()[..self.shared.len];
            // the first upload is recorded where the host bytes were made; bringing back
            // spilled bytes where they were needed
            let (mem, timing) = if unspilling {
                DeviceMemory::from_host_timed(bytes)?
            } else {
                memory::audit::with_origin(self.shared.born, || {
                    DeviceMemory::from_host_timed(bytes)
                })?
            };
            let seconds = start.elapsed().as_secs_f64();
            let unspill = self.shared.spilled.swap(false, Ordering::Relaxed);
            if unspill {
                memory::global_manager().note_spilled(self.shared.len, false);
            }
            memory::record_upload(unspill, self.shared.len, seconds, timing);
            self.shared.gained_device(&mem);
            c.device = Some(Arc::new(mem));
        }
        Ok((c.device.clone().expect("device copy present"), self.offset))
    }

    /// The device address of the first byte, for launching kernels.
    pub fn device_ptr(&self) -> Result<u64> {
        let (mem, off) = self.device()?;
        Ok(mem.ptr() + off as u64)
    }

    /// The device address for code outside ferrodf (CUDA array interface, DLPack, ...): moves
    /// the bytes to the device and marks the buffer exposed, which pins it there.
    pub fn expose_device_ptr(&self) -> Result<u64> {
        self.expose_device_ptr_at("device pointer")
    }

    /// [`Buffer::expose_device_ptr`], recording `site` (what handed the pointer out, and
    /// from where) in the memory statistics at level 2.
    pub fn expose_device_ptr_at(&self, site: &str) -> Result<u64> {
        let ptr = self.device_ptr()?;
        // Wrapped foreign memory (a CuPy array) was never ferrodf's to spill.
        if !self.shared.exposed.swap(true, Ordering::AcqRel) && !self.shared.is_foreign() {
            memory::record_exposure(site, self.shared.len);
        }
        // From now on the device bytes may change under us (a CuPy view written in place):
        // the device copy is the only true one, so drop the host copy (see `host`).
        self.copies().host = None;
        // Kernels that write these bytes may still be queued on ferrodf's stream; whoever
        // receives the pointer reads it on another stream, so finish them first.
        crate::device::runtime()?.synchronize()?;
        Ok(ptr)
    }

    /// An independent copy of these bytes, made where they live (on the device when a
    /// device copy exists, else on the host).
    pub fn deep_copy(&self) -> Result<Buffer> {
        let c = self.copies();
        if let Some(dev) = c.device.clone() {
            drop(c);
            let mem = DeviceMemory::copy_of(dev.ptr() + self.offset as u64, self.len)?;
            return Ok(Buffer::from_device(mem));
        }
        let host = c
            .host
            .as_ref()
            .expect("a buffer always has a host or a device copy");
        let bytes = &host.as_slice()[self.offset..self.offset + self.len];
        Ok(Buffer::from_arrow(arrow_buffer::Buffer::from_slice_ref(
            bytes,
        )))
    }

    /// Whether two buffers share the same owner (the same allocation).
    pub fn same_owner(&self, other: &Buffer) -> bool {
        Arc::ptr_eq(&self.shared, &other.shared)
    }
}

impl Buffer {
    /// Overwrite `len` bytes at `dst_off` of this buffer with bytes `src_off..` of `src`, in
    /// place: every column sharing this memory sees the change (libcudf's mutable views).
    /// The write happens where the bytes live: on the device when a device copy exists
    /// (the host copy is then dropped), else on the host.
    pub fn write_from(
        &self,
        dst_off: usize,
        src: &Buffer,
        src_off: usize,
        len: usize,
    ) -> Result<()> {
        if dst_off + len > self.len || src_off + len > src.len {
            return Err(Error::index("in-place write outside the buffer"));
        }
        if len == 0 {
            return Ok(());
        }
        let on_device = self.copies().device.is_some();
        if on_device {
            let s = src.device_ptr()? + src_off as u64;
            let mut c = self.copies();
            let dev = c.device.clone().expect("device copy present");
            crate::device::primitives::copy::memcpy(
                dev.ptr() + (self.offset + dst_off) as u64,
                s,
                len,
            )?;
            c.host = None;
            self.shared
                .last_access
                .store(memory::tick(), Ordering::Release);
        } else {
            let bytes = src.host()?;
            let bytes = &bytes.as_slice()[src_off..src_off + len];
            self.write_host(|all| all[dst_off..dst_off + len].copy_from_slice(bytes))?;
        }
        Ok(())
    }

    /// Overwrite `n` bits at bit `dst_bit` of this (mask) buffer with the bits of `src`
    /// from `src_bit` (`None`: all set), in place, where the bytes live.
    pub fn write_bits_from(
        &self,
        dst_bit: usize,
        src: Option<&Buffer>,
        src_bit: usize,
        n: usize,
    ) -> Result<()> {
        if n == 0 {
            return Ok(());
        }
        if (dst_bit + n).div_ceil(8) > self.len {
            return Err(Error::index("in-place mask write outside the buffer"));
        }
        let on_device = self.copies().device.is_some();
        if on_device {
            let s = src.map(Buffer::device_ptr).transpose()?.unwrap_or(0);
            let mut c = self.copies();
            let dev = c.device.clone().expect("device copy present");
            let dst = dev.ptr() + self.offset as u64;
            crate::device::primitives::bitmask::copy_bits(s, src_bit, dst, dst_bit, n)?;
            c.host = None;
        } else {
            let src_bytes = src.map(Buffer::host).transpose()?;
            self.write_host(|all| {
                for k in 0..n {
                    let set = src_bytes
                        .as_ref()
                        .is_none_or(|b| crate::bitmask::get_bit(b.as_slice(), src_bit + k));
                    let bit = dst_bit + k;
                    if set {
                        all[bit / 8] |= 1 << (bit % 8);
                    } else {
                        all[bit / 8] &= !(1 << (bit % 8));
                    }
                }
            })?;
        }
        Ok(())
    }

    /// Replace the host copy by an edited one and drop any device copy.
    fn write_host(&self, edit: impl FnOnce(&mut [u8])) -> Result<()> {
        let mut c = self.copies();
        let host = c
            .host
            .as_ref()
            .expect("a buffer always has a host or a device copy");
        let mut all = arrow_buffer::MutableBuffer::from_len_zeroed(self.shared.len);
        all.as_slice_mut()
            .copy_from_slice(&host.as_slice()[..self.shared.len]);
        edit(&mut all.as_slice_mut()[self.offset..self.offset + self.len]);
        c.host = Some(all.into());
        c.device = None;
        self.shared.lost_device();
        Ok(())
    }
}

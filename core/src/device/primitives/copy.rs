//! Device copies of the runtime: between device addresses and from host bytes, on
//! ferrodf's stream.

use crate::device::runtime;
use crate::error::Result;

/// Copy `len` bytes between device addresses on ferrodf's stream.
pub fn memcpy(dst: u64, src: u64, len: usize) -> Result<()> {
    if len == 0 {
        return Ok(());
    }
    let rt = runtime()?;
    // SAFETY: the caller passes ranges of at least `len` bytes.
    unsafe { cudarc::driver::result::memcpy_dtod_async(dst, src, len, rt.stream().cu_stream())? };
    Ok(())
}

/// Copy host bytes to a device address (waits until the copy is done).
#[track_caller]
pub fn write_bytes(dst: u64, bytes: &[u8]) -> Result<()> {
    if bytes.is_empty() {
        return Ok(());
    }
    crate::memory::audit::record(crate::memory::audit::Direction::HostToDevice, bytes.len());
    let rt = runtime()?;
    // SAFETY: `dst` covers bytes.len() bytes; we synchronise before `bytes` goes away.
    unsafe { cudarc::driver::result::memcpy_htod_async(dst, bytes, rt.stream().cu_stream())? };
    rt.synchronize()
}

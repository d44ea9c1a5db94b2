//! Ordering ferrodf's work with a CUDA stream that belongs to someone else.
//!
//! ferrodf queues all its device work on one stream of its own. pylibcudf's functions take
//! a `stream=` argument; a caller that passes one (a CuPy, rmm or cuda.core stream) expects
//! the call to see everything already queued on that stream, and the work it queues next on
//! that stream to see the call's results. Two events give exactly that without moving
//! ferrodf's work onto the caller's stream: on entry ferrodf's stream waits for an event
//! recorded on the caller's stream, and on exit the caller's stream waits for an event
//! recorded on ferrodf's. Neither side blocks the host.

use super::runtime;
use crate::error::{Error, Result};
use cudarc::driver::{result, sys};

/// A CUDA stream owned by another library, named by its raw `CUstream` handle (`0` is the
/// legacy default stream, `2` the per-thread default stream, as in the CUDA stream protocol).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForeignStream(usize);

impl ForeignStream {
    /// The stream with raw handle `handle`.
    ///
    /// # Safety
    /// `handle` must be a live stream of ferrodf's CUDA context (or one of the special
    /// handles 0, 1 and 2) for as long as this value is used.
    pub unsafe fn from_raw(handle: usize) -> Self {
        ForeignStream(handle)
    }

    /// The raw handle.
    pub fn handle(self) -> usize {
        self.0
    }

    fn cu(self) -> sys::CUstream {
        self.0 as sys::CUstream
    }

    /// Work queued on ferrodf's stream from now on waits for the work queued on this stream
    /// so far.
    pub fn happens_before_ferrodf(self) -> Result<()> {
        let rt = runtime()?;
        // SAFETY: the handle is live (from_raw's contract) and ours is owned by the runtime.
        unsafe { chain(self.cu(), rt.stream().cu_stream()) }
    }

    /// Work queued on this stream from now on waits for the work queued on ferrodf's stream
    /// so far.
    pub fn happens_after_ferrodf(self) -> Result<()> {
        let rt = runtime()?;
        // SAFETY: as in happens_before_ferrodf.
        unsafe { chain(rt.stream().cu_stream(), self.cu()) }
    }
}

/// Makes `waiter` wait for the work queued so far on each of `streams` (pylibcudf's
/// `experimental.join_streams`).
pub fn join_streams(streams: &[ForeignStream], waiter: ForeignStream) -> Result<()> {
    runtime()?;
    for s in streams {
        // SAFETY: the handles are live (from_raw's contract).
        unsafe { chain(s.cu(), waiter.cu())? };
    }
    Ok(())
}

/// Makes `later` wait for the work queued on `earlier` so far, through one event that is
/// destroyed at once (CUDA keeps it alive until the wait is satisfied).
///
/// # Safety
/// Both streams must be live streams of the current context.
unsafe fn chain(earlier: sys::CUstream, later: sys::CUstream) -> Result<()> {
    if earlier == later {
        return Ok(());
    }
    let event = result::event::create(sys::CUevent_flags::CU_EVENT_DISABLE_TIMING)?;
    // SAFETY: `event` was just created; the streams are live (the caller's contract).
    let outcome = unsafe {
        result::event::record(event, earlier).and_then(|()| {
            result::stream::wait_event(later, event, sys::CUevent_wait_flags::CU_EVENT_WAIT_DEFAULT)
        })
    };
    // SAFETY: destroying an event with a pending wait is allowed; CUDA releases it after.
    unsafe { result::event::destroy(event)? };
    outcome.map_err(|e| Error::Device(format!("cannot order work with the given stream: {e}")))
}

//! Transfer and spill statistics (see [`super::statistics_level`]).

use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;

/// Count, bytes and seconds of one kind of transfer.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TransferStats {
    /// How many.
    pub count: u64,
    /// Bytes moved (or freed, for spills that only dropped a device copy).
    pub bytes: u64,
    /// Seconds spent.
    pub seconds: f64,
}

impl TransferStats {
    fn add(&mut self, bytes: usize, seconds: f64) {
        self.count += 1;
        self.bytes += bytes as u64;
        self.seconds += seconds;
    }

    /// Bytes per second (0 when nothing was timed).
    pub fn rate(&self) -> f64 {
        if self.seconds > 0.0 {
            self.bytes as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// A place that handed raw device pointers out of ferrodf (statistics level 2).
#[derive(Debug, Clone, PartialEq)]
pub struct ExposureSite {
    /// What was called and, from Python, the caller's file and line.
    pub site: String,
    /// How many times.
    pub count: u64,
    /// Bytes exposed.
    pub bytes: u64,
}

/// A snapshot of the memory statistics.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Statistics {
    /// The statistics level the counts were taken at.
    pub level: u8,
    /// Every host-to-device copy of buffer bytes (unspills included).
    pub host_to_device: TransferStats,
    /// Every device-to-host copy of buffer bytes (spills included).
    pub device_to_host: TransferStats,
    /// Spills: device copies given up (`bytes` = device bytes freed).
    pub spills: TransferStats,
    /// Of the spills, those that had to copy the bytes to the host first.
    pub spills_copied: TransferStats,
    /// Unspills: spilled buffers brought back to the device.
    pub unspills: TransferStats,
    /// Allocations that failed, were retried after spilling, and succeeded.
    pub spills_on_demand: u64,
    /// Where device pointers left ferrodf, most bytes first.
    pub exposures: Vec<ExposureSite>,
    /// Every host/device copy by public function and origin, most bytes first (level 3).
    pub transfers: Vec<super::audit::AuditedTransfer>,
}

/// CUDA events around an asynchronous copy: its seconds are read when the statistics are.
pub(crate) struct GpuTiming {
    start: cudarc::driver::sys::CUevent,
    end: cudarc::driver::sys::CUevent,
}

// SAFETY: event handles may be used from any thread of the process.
unsafe impl Send for GpuTiming {}

impl GpuTiming {
    /// Record a start event on `stream` (None when events cannot be made).
    pub(crate) fn start(stream: cudarc::driver::sys::CUstream) -> Option<GpuTiming> {
        use cudarc::driver::{result::event, sys::CUevent_flags};
        let start = event::create(CUevent_flags::CU_EVENT_DEFAULT).ok()?;
        let Ok(end) = event::create(CUevent_flags::CU_EVENT_DEFAULT) else {
            // SAFETY: created just above and recorded nowhere.
            unsafe {
                let _ = event::destroy(start);
            }
            return None;
        };
        let t = GpuTiming { start, end };
        // SAFETY: live events and stream.
        unsafe { event::record(t.start, stream) }.ok()?;
        Some(t)
    }

    /// Record the end event on `stream`.
    pub(crate) fn stop(self, stream: cudarc::driver::sys::CUstream) -> Option<GpuTiming> {
        // SAFETY: live events and stream.
        unsafe { cudarc::driver::result::event::record(self.end, stream) }.ok()?;
        Some(self)
    }

    /// Seconds between the events, waiting for the end one.
    fn seconds(&self) -> Option<f64> {
        use cudarc::driver::result::event;
        // SAFETY: both events were recorded on our stream.
        unsafe {
            event::synchronize(self.end).ok()?;
            event::elapsed(self.start, self.end)
                .ok()
                .map(|ms| ms as f64 / 1e3)
        }
    }
}

impl Drop for GpuTiming {
    fn drop(&mut self) {
        // SAFETY: the events are ours; destroying a recorded event is allowed.
        unsafe {
            let _ = cudarc::driver::result::event::destroy(self.start);
            let _ = cudarc::driver::result::event::destroy(self.end);
        }
    }
}

/// An asynchronous host-to-device copy still being timed.
struct Pending {
    unspill: bool,
    bytes: usize,
    host_seconds: f64,
    timing: GpuTiming,
}

#[derive(Default)]
struct Recorder {
    stats: Statistics,
    sites: HashMap<String, (u64, u64)>,
    pending: Vec<Pending>,
}

impl Recorder {
    /// Fold the timed copies into the counts.
    fn settle(&mut self) {
        for p in self.pending.drain(..) {
            let seconds = p.timing.seconds().unwrap_or(p.host_seconds);
            self.stats.host_to_device.add(p.bytes, seconds);
            if p.unspill {
                self.stats.unspills.add(p.bytes, seconds);
            }
        }
    }
}

/// Pending copies kept before they are folded in (each holds two CUDA events).
const MAX_PENDING: usize = 256;

/// A host-to-device copy (an unspill when `unspill`) queued asynchronously: `timing` holds
/// events around it, `host_seconds` the time to queue it (used when events are missing).
pub(crate) fn record_upload(
    unspill: bool,
    bytes: usize,
    host_seconds: f64,
    timing: Option<GpuTiming>,
) {
    if super::statistics_level() == 0 {
        return;
    }
    with(|r| match timing {
        Some(timing) => {
            r.pending.push(Pending {
                unspill,
                bytes,
                host_seconds,
                timing,
            });
            if r.pending.len() >= MAX_PENDING {
                r.settle();
            }
        }
        None => {
            r.stats.host_to_device.add(bytes, host_seconds);
            if unspill {
                r.stats.unspills.add(bytes, host_seconds);
            }
        }
    });
}

static RECORDER: Mutex<Option<Recorder>> = Mutex::new(None);

fn with<T>(f: impl FnOnce(&mut Recorder) -> T) -> T {
    let mut g = RECORDER.lock().unwrap_or_else(|p| p.into_inner());
    f(g.get_or_insert_with(Recorder::default))
}

/// A device-to-host copy of `bytes` that took `seconds` (these copies are waited for).
pub(crate) fn record_download(bytes: usize, seconds: f64) {
    if super::statistics_level() == 0 {
        return;
    }
    with(|r| r.stats.device_to_host.add(bytes, seconds));
}

/// A spill that freed `bytes` of device memory; `copied` when the bytes were copied to the
/// host first (the copy's time is in `seconds`).
pub(crate) fn record_spill(bytes: usize, seconds: f64, copied: bool) {
    if super::statistics_level() == 0 {
        return;
    }
    with(|r| {
        r.stats.spills.add(bytes, seconds);
        if copied {
            r.stats.spills_copied.add(bytes, seconds);
            r.stats.device_to_host.add(bytes, seconds);
        }
    });
}

pub(crate) fn record_spill_on_demand() {
    if super::statistics_level() == 0 {
        return;
    }
    with(|r| r.stats.spills_on_demand += 1);
}

/// Record that `bytes` of device memory were exposed at `site` (level 2 only).
pub(crate) fn record_exposure(site: &str, bytes: usize) {
    if super::statistics_level() < 2 {
        return;
    }
    with(|r| {
        let e = r.sites.entry(site.to_string()).or_default();
        e.0 += 1;
        e.1 += bytes as u64;
    });
}

/// A snapshot of the statistics gathered since the last reset.
pub fn statistics() -> Statistics {
    with(|r| {
        r.settle();
        let mut s = r.stats.clone();
        s.level = super::statistics_level();
        s.exposures = r
            .sites
            .iter()
            .map(|(site, &(count, bytes))| ExposureSite {
                site: site.clone(),
                count,
                bytes,
            })
            .collect();
        s.exposures
            .sort_by(|a, b| b.bytes.cmp(&a.bytes).then(a.site.cmp(&b.site)));
        s.transfers = super::audit::transfers();
        s
    })
}

/// Forget the statistics gathered so far.
pub fn reset_statistics() {
    with(|r| *r = Recorder::default());
    super::audit::reset();
}

fn gb_per_s(t: &TransferStats) -> String {
    if t.seconds > 0.0 {
        format!("{:.1} GB/s", t.rate() / 1e9)
    } else {
        "-".into()
    }
}

impl fmt::Display for Statistics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "ferrodf memory statistics (level {})", self.level)?;
        writeln!(
            f,
            "{:<22}{:>8}{:>14}{:>12}{:>12}",
            "", "count", "bytes", "seconds", "rate"
        )?;
        let rows = [
            ("host -> device", &self.host_to_device),
            ("device -> host", &self.device_to_host),
            ("spills", &self.spills),
            ("  with a copy", &self.spills_copied),
            ("unspills", &self.unspills),
        ];
        for (name, t) in rows {
            writeln!(
                f,
                "{name:<22}{:>8}{:>14}{:>12.4}{:>12}",
                t.count,
                t.bytes,
                t.seconds,
                gb_per_s(t)
            )?;
        }
        write!(
            f,
            "allocations saved by spilling: {}",
            self.spills_on_demand
        )?;
        if self.level >= 2 {
            write!(f, "\nexposed device pointers:")?;
            if self.exposures.is_empty() {
                write!(f, " none")?;
            }
            for e in &self.exposures {
                write!(f, "\n  {} x{} ({} bytes)", e.site, e.count, e.bytes)?;
            }
        }
        if self.level >= 3 {
            write!(f, "\ncopies by public function:")?;
            if self.transfers.is_empty() {
                write!(f, " none")?;
            }
            for t in &self.transfers {
                write!(
                    f,
                    "\n  {} {}: x{}, {} bytes (largest {}) from {}",
                    t.site,
                    t.direction.as_str(),
                    t.count,
                    t.bytes,
                    t.largest,
                    t.origin
                )?;
            }
        }
        Ok(())
    }
}

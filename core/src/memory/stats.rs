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
}

#[derive(Default)]
struct Recorder {
    stats: Statistics,
    sites: HashMap<String, (u64, u64)>,
}

static RECORDER: Mutex<Option<Recorder>> = Mutex::new(None);

fn with<T>(f: impl FnOnce(&mut Recorder) -> T) -> T {
    let mut g = RECORDER.lock().unwrap_or_else(|p| p.into_inner());
    f(g.get_or_insert_with(Recorder::default))
}

/// Direction of a transfer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    HostToDevice,
    DeviceToHost,
}

pub(crate) fn record_transfer(dir: Direction, bytes: usize, seconds: f64) {
    if super::statistics_level() == 0 {
        return;
    }
    with(|r| match dir {
        Direction::HostToDevice => r.stats.host_to_device.add(bytes, seconds),
        Direction::DeviceToHost => r.stats.device_to_host.add(bytes, seconds),
    });
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

pub(crate) fn record_unspill(bytes: usize, seconds: f64) {
    if super::statistics_level() == 0 {
        return;
    }
    with(|r| {
        r.stats.unspills.add(bytes, seconds);
        r.stats.host_to_device.add(bytes, seconds);
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
        s
    })
}

/// Forget the statistics gathered so far.
pub fn reset_statistics() {
    with(|r| *r = Recorder::default());
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
        Ok(())
    }
}

//! The spill manager: a registry of spillable device buffers and the policy that picks which
//! to spill. The policy is written against the [`SpillTarget`] trait so it can be tested
//! without a GPU (see the tests at the end, which drive a simulated device).

use crate::error::{Error, Result};
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};

/// Something holding device memory that can be moved to host memory.
pub trait SpillTarget: Send + Sync {
    /// Device bytes that spilling would free (0 when nothing is on the device).
    fn device_bytes(&self) -> usize;
    /// The tick of the last device access (see [`super::operation`]).
    fn last_access(&self) -> u64;
    /// Whether a raw device pointer has left ferrodf.
    fn is_exposed(&self) -> bool;
    /// Whether the device memory belongs to someone else (a CuPy array, ...).
    fn is_foreign(&self) -> bool;
    /// Spill unless the target was accessed at or after tick `in_use_since`, is exposed, is
    /// foreign, or is busy.
    fn spill(&self, in_use_since: u64) -> Result<SpillOutcome>;
}

/// What happened to one spill attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpillOutcome {
    /// The device copy was given up, freeing this many bytes.
    Spilled(usize),
    /// Nothing of it is on the device.
    NotOnDevice,
    /// Its device pointer left ferrodf: it stays.
    Exposed,
    /// A running operation uses it: it stays.
    InUse,
    /// Someone else's memory: spilling would free nothing.
    Foreign,
}

/// The result of a spill request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SpillReport {
    /// Device bytes freed.
    pub freed: usize,
    /// Buffers spilled.
    pub spilled: usize,
}

/// Device memory held by registered buffers, by whether it could be spilled now.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Census {
    /// Buffers (and bytes) that could be spilled now.
    pub spillable: (usize, usize),
    /// Buffers (and bytes) whose device pointer left ferrodf.
    pub exposed: (usize, usize),
    /// Buffers (and bytes) used by running operations.
    pub in_use: (usize, usize),
    /// Buffers (and bytes) of foreign memory.
    pub foreign: (usize, usize),
    /// Buffers (and bytes) spilled to host memory and not yet brought back.
    pub spilled: (usize, usize),
}

impl fmt::Display for Census {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = |(n, b): (usize, usize), what: &str| {
            format!("{n} {what} ({})", crate::memory::human_bytes(b))
        };
        write!(
            f,
            "{}, {}, {}, {}; {}",
            part(self.spillable, "spillable"),
            part(self.exposed, "exposed (pointer handed out)"),
            part(self.in_use, "in use by running operations"),
            part(self.foreign, "foreign (memory of CuPy, torch, ...)"),
            part(self.spilled, "spilled to host"),
        )
    }
}

/// Tracks spillable buffers. One global manager serves ferrodf ([`global_manager`]); tests
/// make their own.
#[derive(Default)]
pub struct SpillManager {
    entries: Mutex<HashMap<u64, Weak<dyn SpillTarget>>>,
    next_id: AtomicU64,
    /// Bytes and buffers currently spilled (kept by the targets through
    /// [`SpillManager::note_spilled`]).
    spilled: Mutex<(usize, usize)>,
}

/// The manager of every ferrodf device buffer.
pub fn global_manager() -> &'static SpillManager {
    static M: OnceLock<SpillManager> = OnceLock::new();
    M.get_or_init(SpillManager::default)
}

impl SpillManager {
    /// A manager with no buffers.
    pub fn new() -> Self {
        Self::default()
    }

    /// Track `target`; returns the id to [`unregister`](Self::unregister) it with.
    pub fn register(&self, target: Weak<dyn SpillTarget>) -> u64 {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed) + 1;
        self.lock().insert(id, target);
        id
    }

    /// Stop tracking a target (called when it is dropped).
    pub fn unregister(&self, id: u64) {
        self.lock().remove(&id);
    }

    /// Number of tracked targets.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether nothing is tracked.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Account for a buffer of `bytes` entering (`+1`) or leaving (`-1`) the spilled state.
    pub fn note_spilled(&self, bytes: usize, entering: bool) {
        let mut s = self.spilled.lock().unwrap_or_else(|p| p.into_inner());
        if entering {
            s.0 += 1;
            s.1 += bytes;
        } else {
            s.0 = s.0.saturating_sub(1);
            s.1 = s.1.saturating_sub(bytes);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Weak<dyn SpillTarget>>> {
        self.entries.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn live(&self) -> Vec<Arc<dyn SpillTarget>> {
        // Collect strong references, then let go of the registry: spilling drops device
        // memory and may drop targets, whose Drop unregisters.
        self.lock().values().filter_map(Weak::upgrade).collect()
    }

    /// Spill least-recently-used targets until `needed` bytes are freed or nothing more can
    /// be spilled. Targets accessed at or after tick `in_use_since` are in use.
    pub fn spill(&self, needed: usize, in_use_since: u64) -> Result<SpillReport> {
        let mut candidates: Vec<(u64, Arc<dyn SpillTarget>)> = self
            .live()
            .into_iter()
            .filter(|t| t.device_bytes() > 0 && !t.is_exposed() && !t.is_foreign())
            .map(|t| (t.last_access(), t))
            .filter(|(access, _)| *access < in_use_since)
            .collect();
        candidates.sort_by_key(|(access, _)| *access);
        let mut report = SpillReport::default();
        for (_, t) in candidates {
            if report.freed >= needed {
                break;
            }
            if let SpillOutcome::Spilled(bytes) = t.spill(in_use_since)? {
                report.freed += bytes;
                report.spilled += 1;
            }
        }
        Ok(report)
    }

    /// What the tracked targets hold on the device.
    pub fn census(&self, in_use_since: u64) -> Census {
        let mut c = Census::default();
        for t in self.live() {
            let bytes = t.device_bytes();
            if bytes == 0 {
                continue;
            }
            let slot = if t.is_foreign() {
                &mut c.foreign
            } else if t.is_exposed() {
                &mut c.exposed
            } else if t.last_access() >= in_use_since {
                &mut c.in_use
            } else {
                &mut c.spillable
            };
            slot.0 += 1;
            slot.1 += bytes;
        }
        c.spilled = *self.spilled.lock().unwrap_or_else(|p| p.into_inner());
        c
    }
}

/// How an allocation may spill: the manager, the tick from which buffers count as in use
/// (`None`: this thread runs outside any operation, so nothing it touched is protected and
/// nothing may be spilled for it), the soft limit and the bytes already allocated.
pub struct SpillContext<'a> {
    /// The manager holding the spillable buffers.
    pub manager: &'a SpillManager,
    /// See above.
    pub in_use_since: Option<u64>,
    /// Spill proactively to keep allocations under this many bytes.
    pub limit: Option<usize>,
    /// Bytes allocated now.
    pub allocated: usize,
    /// Total device memory, for the error message.
    pub total: Option<usize>,
    /// Whether spilling is on. With it off the limit is a hard one: an allocation past it
    /// fails instead of going ahead (nothing would keep the device under it).
    pub spill_enabled: bool,
}

/// Allocate `len` bytes with `try_alloc`, spilling first when the allocation would pass the
/// soft limit, and again (then retrying) each time it fails with an out-of-memory error,
/// until it succeeds or nothing more can be spilled. `settle` runs after each spill (the GPU
/// path waits there for the freed memory to return to the pool).
pub fn allocate_with_spilling<T>(
    ctx: &SpillContext<'_>,
    len: usize,
    mut try_alloc: impl FnMut() -> Result<T>,
    mut settle: impl FnMut() -> Result<()>,
) -> Result<T> {
    if let Some(limit) = ctx.limit
        && !ctx.spill_enabled
        && ctx.allocated + len > limit
    {
        return Err(over_the_limit(ctx, len, limit));
    }
    let Some(since) = ctx.in_use_since else {
        return try_alloc();
    };
    if let Some(limit) = ctx.limit {
        let over = (ctx.allocated + len).saturating_sub(limit);
        if over > 0 && ctx.manager.spill(over, since)?.freed > 0 {
            settle()?;
        }
    }
    let mut spilled_for_this = false;
    loop {
        match try_alloc() {
            Ok(v) => {
                if spilled_for_this {
                    super::stats::record_spill_on_demand();
                }
                return Ok(v);
            }
            Err(Error::OutOfMemory(why)) => {
                let report = ctx.manager.spill(len, since)?;
                if report.freed == 0 {
                    return Err(out_of_memory(ctx, len, since, &why));
                }
                spilled_for_this = true;
                settle()?;
            }
            Err(e) => return Err(e),
        }
    }
}

fn over_the_limit(ctx: &SpillContext<'_>, len: usize, limit: usize) -> Error {
    use crate::memory::human_bytes as human;
    Error::OutOfMemory(format!(
        "the device limit of {} would be passed: ferrodf holds {} on the device and needs {} \
         more, and spilling is off. Turn spilling on (option memory.spill, FERRODF_SPILL) to \
         move data to host memory, raise the limit (option memory.device_limit, \
         FERRODF_DEVICE_LIMIT), or free data you no longer need.",
        human(limit),
        human(ctx.allocated),
        human(len),
    ))
}

fn out_of_memory(ctx: &SpillContext<'_>, len: usize, since: u64, why: &str) -> Error {
    use crate::memory::human_bytes as human;
    let census = ctx.manager.census(since);
    let total = ctx
        .total
        .map_or(String::new(), |t| format!(" of {}", human(t)));
    Error::OutOfMemory(format!(
        "the GPU is out of memory: cannot allocate {} ({why}). ferrodf holds {}{total} on the \
         device and nothing more can be spilled to host memory: {census}. Free data you no \
         longer need (del frames and columns), release exposed memory (CuPy or torch views of \
         ferrodf data), or work on smaller pieces.",
        human(len),
        human(ctx.allocated),
    ))
}

#[cfg(test)]
mod tests {
    //! The policy against a simulated device: a fixed capacity, buffers that move between
    //! "device" and "host" by bookkeeping only.
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicUsize};

    struct FakeDevice {
        capacity: usize,
        used: AtomicUsize,
    }

    impl FakeDevice {
        fn alloc(&self, n: usize) -> Result<usize> {
            let used = self.used.load(Ordering::Relaxed);
            if used + n > self.capacity {
                return Err(Error::OutOfMemory("simulated".into()));
            }
            self.used.store(used + n, Ordering::Relaxed);
            Ok(n)
        }
    }

    struct FakeBuffer {
        device: Arc<FakeDevice>,
        bytes: usize,
        on_device: AtomicBool,
        exposed: AtomicBool,
        foreign: AtomicBool,
        access: AtomicU64,
        busy: AtomicBool,
    }

    impl SpillTarget for FakeBuffer {
        fn device_bytes(&self) -> usize {
            if self.on_device.load(Ordering::Relaxed) {
                self.bytes
            } else {
                0
            }
        }
        fn last_access(&self) -> u64 {
            self.access.load(Ordering::Relaxed)
        }
        fn is_exposed(&self) -> bool {
            self.exposed.load(Ordering::Relaxed)
        }
        fn is_foreign(&self) -> bool {
            self.foreign.load(Ordering::Relaxed)
        }
        fn spill(&self, since: u64) -> Result<SpillOutcome> {
            if !self.on_device.load(Ordering::Relaxed) {
                return Ok(SpillOutcome::NotOnDevice);
            }
            if self.is_exposed() {
                return Ok(SpillOutcome::Exposed);
            }
            if self.is_foreign() {
                return Ok(SpillOutcome::Foreign);
            }
            if self.last_access() >= since || self.busy.load(Ordering::Relaxed) {
                return Ok(SpillOutcome::InUse);
            }
            self.on_device.store(false, Ordering::Relaxed);
            self.device.used.fetch_sub(self.bytes, Ordering::Relaxed);
            Ok(SpillOutcome::Spilled(self.bytes))
        }
    }

    struct Setup {
        device: Arc<FakeDevice>,
        manager: SpillManager,
        buffers: Vec<Arc<FakeBuffer>>,
    }

    /// Buffers of the given sizes, all on the device, accessed at ticks 1, 2, 3, ...
    fn setup(capacity: usize, sizes: &[usize]) -> Setup {
        let device = Arc::new(FakeDevice {
            capacity,
            used: AtomicUsize::new(0),
        });
        let manager = SpillManager::new();
        let buffers: Vec<Arc<FakeBuffer>> = sizes
            .iter()
            .enumerate()
            .map(|(i, &bytes)| {
                device.alloc(bytes).unwrap();
                Arc::new(FakeBuffer {
                    device: device.clone(),
                    bytes,
                    on_device: AtomicBool::new(true),
                    exposed: AtomicBool::new(false),
                    foreign: AtomicBool::new(false),
                    access: AtomicU64::new(i as u64 + 1),
                    busy: AtomicBool::new(false),
                })
            })
            .collect();
        for b in &buffers {
            let w: Weak<dyn SpillTarget> = Arc::downgrade(&(b.clone() as Arc<dyn SpillTarget>));
            manager.register(w);
        }
        Setup {
            device,
            manager,
            buffers,
        }
    }

    fn ctx<'a>(s: &'a Setup, since: Option<u64>, limit: Option<usize>) -> SpillContext<'a> {
        SpillContext {
            manager: &s.manager,
            in_use_since: since,
            limit,
            allocated: s.device.used.load(Ordering::Relaxed),
            total: Some(s.device.capacity),
            spill_enabled: true,
        }
    }

    fn on_device(s: &Setup) -> Vec<bool> {
        s.buffers
            .iter()
            .map(|b| b.on_device.load(Ordering::Relaxed))
            .collect()
    }

    #[test]
    fn failed_allocation_spills_least_recently_used_first() {
        let s = setup(100, &[30, 30, 30]);
        let got = allocate_with_spilling(
            &ctx(&s, Some(100), None),
            40,
            || s.device.alloc(40),
            || Ok(()),
        );
        assert_eq!(got.unwrap(), 40);
        // 10 bytes were free; the oldest buffer (30) is not enough, so two are spilled.
        assert_eq!(on_device(&s), vec![false, false, true]);
        assert_eq!(s.device.used.load(Ordering::Relaxed), 70);
    }

    #[test]
    fn with_spilling_off_the_limit_is_a_hard_one() {
        let s = setup(100, &[30, 30]);
        let mut c = ctx(&s, None, Some(70));
        c.spill_enabled = false;
        let err = allocate_with_spilling(&c, 20, || s.device.alloc(20), || Ok(()));
        let Err(Error::OutOfMemory(msg)) = err else {
            panic!("{err:?}")
        };
        assert!(msg.contains("device limit of 70 B"), "{msg}");
        assert!(msg.contains("spilling is off"), "{msg}");
        assert_eq!(s.device.used.load(Ordering::Relaxed), 60); // nothing allocated
        // Under the limit it goes ahead.
        assert_eq!(
            allocate_with_spilling(&c, 10, || s.device.alloc(10), || Ok(())).unwrap(),
            10
        );
    }

    #[test]
    fn buffers_in_use_exposed_or_foreign_stay() {
        let s = setup(100, &[40, 40, 20]);
        // Buffer 0 exposed, buffer 1 touched by the running operation (tick 2 >= since 2).
        s.buffers[0].exposed.store(true, Ordering::Relaxed);
        let r = allocate_with_spilling(
            &ctx(&s, Some(2), None),
            30,
            || s.device.alloc(30),
            || Ok(()),
        );
        let err = r.unwrap_err();
        let Error::OutOfMemory(msg) = &err else {
            panic!("{err:?}")
        };
        // Buffer 2 was accessed at tick 3 >= 2 as well: nothing could be spilled.
        assert!(msg.contains("exposed"), "{msg}");
        assert!(msg.contains("in use by running operations"), "{msg}");
        assert!(msg.contains("cannot allocate 30 B"), "{msg}");
        assert_eq!(on_device(&s), vec![true, true, true]);
    }

    #[test]
    fn busy_buffers_are_skipped_but_others_spill() {
        let s = setup(100, &[50, 50]);
        s.buffers[0].busy.store(true, Ordering::Relaxed);
        let r = allocate_with_spilling(
            &ctx(&s, Some(100), None),
            50,
            || s.device.alloc(50),
            || Ok(()),
        );
        assert!(r.is_ok());
        assert_eq!(on_device(&s), vec![true, false]);
    }

    #[test]
    fn outside_an_operation_nothing_spills() {
        let s = setup(100, &[60, 40]);
        let r = allocate_with_spilling(
            &ctx(&s, None, Some(10)),
            50,
            || s.device.alloc(50),
            || Ok(()),
        );
        assert!(matches!(r, Err(Error::OutOfMemory(_))));
        assert_eq!(on_device(&s), vec![true, true]);
    }

    #[test]
    fn soft_limit_spills_proactively() {
        let s = setup(1000, &[100, 100, 100]);
        // Allocated 300 + 150 > limit 320: spill 130 → the two oldest buffers.
        let r = allocate_with_spilling(
            &ctx(&s, Some(100), Some(320)),
            150,
            || s.device.alloc(150),
            || Ok(()),
        );
        assert!(r.is_ok());
        assert_eq!(on_device(&s), vec![false, false, true]);
    }

    #[test]
    fn other_errors_pass_through_without_spilling() {
        let s = setup(100, &[50]);
        let r: Result<()> = allocate_with_spilling(
            &ctx(&s, Some(100), None),
            10,
            || Err(Error::Device("broken".into())),
            || Ok(()),
        );
        assert_eq!(r.unwrap_err(), Error::Device("broken".into()));
        assert_eq!(on_device(&s), vec![true]);
    }

    #[test]
    fn census_and_unregister() {
        let s = setup(100, &[10, 20, 30]);
        s.buffers[2].foreign.store(true, Ordering::Relaxed);
        let c = s.manager.census(2);
        assert_eq!(c.spillable, (1, 10));
        assert_eq!(c.in_use, (1, 20));
        assert_eq!(c.foreign, (1, 30));
        assert_eq!(s.manager.len(), 3);
        let Setup {
            manager, buffers, ..
        } = s;
        drop(buffers);
        // Dropped targets are skipped even before they unregister.
        assert_eq!(manager.census(100), Census::default());
        assert_eq!(manager.spill(1000, 100).unwrap(), SpillReport::default());
    }

    #[test]
    fn spill_everything_stops_at_what_is_allowed() {
        let s = setup(100, &[10, 20, 30]);
        let r = s.manager.spill(usize::MAX, 3).unwrap();
        assert_eq!(
            r,
            SpillReport {
                freed: 30,
                spilled: 2
            }
        );
        assert_eq!(on_device(&s), vec![false, false, true]);
    }
}

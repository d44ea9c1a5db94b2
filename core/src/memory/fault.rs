//! Fault injection for the reliability campaign (`scripts/fault_injection.py`): allocations
//! made to fail on purpose, to show that a failure mid-operation either spills and
//! succeeds or raises `MemoryError`, leaves the inputs intact, and leaves the process
//! usable. Off unless [`arm`] is called; when off, the cost is one relaxed atomic load per
//! allocation.
//!
//! Two kinds of allocation can be made to fail:
//! - [`Target::Device`]: device allocations ([`crate::device::DeviceMemory::alloc`]) fail
//!   as the driver's out-of-memory does, so the spill manager's retry runs as when the GPU
//!   is really full;
//! - [`Target::PinnedHost`]: page-locked host blocks (spill targets and transfer staging)
//!   are refused, as when the system will not pin more memory; callers fall back to
//!   pageable memory.
//!
//! ```
//! use ferrodf_core::memory::fault::{self, Target};
//! fault::arm(Target::Device, 2, 1); // let two allocations through, fail the third
//! assert!(!fault::should_fail(Target::Device));
//! assert!(!fault::should_fail(Target::PinnedHost)); // other kinds are not counted
//! assert!(!fault::should_fail(Target::Device));
//! assert!(fault::should_fail(Target::Device));
//! assert!(!fault::should_fail(Target::Device)); // one failure asked for, one given
//! assert_eq!(fault::injected(), 1);
//! fault::disarm();
//! ```

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Which allocations [`arm`] makes fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Device memory.
    Device,
    /// Page-locked (pinned) host memory.
    PinnedHost,
}

struct Plan {
    target: Target,
    /// Allocations of the target still to let through before failing.
    skip: u64,
    /// Failures still to inject.
    fail: u64,
}

static ARMED: AtomicBool = AtomicBool::new(false);
static PLAN: Mutex<Option<Plan>> = Mutex::new(None);
static INJECTED: AtomicU64 = AtomicU64::new(0);

/// Let `skip` allocations of `target` succeed, then fail the next `fail` ones (a large
/// `fail` makes every later one fail until [`disarm`]). Replaces any earlier plan and
/// resets [`injected`].
pub fn arm(target: Target, skip: u64, fail: u64) {
    let mut plan = PLAN.lock().unwrap_or_else(|p| p.into_inner());
    *plan = Some(Plan { target, skip, fail });
    INJECTED.store(0, Ordering::Relaxed);
    ARMED.store(fail > 0, Ordering::Release);
}

/// Stop injecting failures.
pub fn disarm() {
    let mut plan = PLAN.lock().unwrap_or_else(|p| p.into_inner());
    *plan = None;
    ARMED.store(false, Ordering::Release);
}

/// Failures injected since the last [`arm`].
pub fn injected() -> u64 {
    INJECTED.load(Ordering::Relaxed)
}

/// Whether this allocation of `target` is to fail (counts it against the plan).
pub fn should_fail(target: Target) -> bool {
    if !ARMED.load(Ordering::Acquire) {
        return false;
    }
    let mut guard = PLAN.lock().unwrap_or_else(|p| p.into_inner());
    let Some(plan) = guard.as_mut() else {
        return false;
    };
    if plan.target != target || plan.fail == 0 {
        return false;
    }
    if plan.skip > 0 {
        plan.skip -= 1;
        return false;
    }
    plan.fail -= 1;
    if plan.fail == 0 {
        ARMED.store(false, Ordering::Release);
    }
    INJECTED.fetch_add(1, Ordering::Relaxed);
    true
}

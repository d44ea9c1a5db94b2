//! Operation scopes: the implicit spill lock.
//!
//! Kernels take raw device addresses from buffers, so a buffer must not be spilled between
//! the moment an operation reads its address and the moment the operation's kernels are
//! queued. Rather than lock each buffer, every device access stamps the buffer with a
//! global tick, and an operation records the tick at which it began: a buffer stamped at or
//! after the start of the oldest running operation is in use. Scopes nest; only the
//! outermost one on a thread counts. The Python layer runs every core call in a scope.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

static TICK: AtomicU64 = AtomicU64::new(1);
/// Start tick of each running outermost operation -> how many start at that tick.
static ACTIVE: Mutex<BTreeMap<u64, usize>> = Mutex::new(BTreeMap::new());

thread_local! {
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// A new, strictly increasing tick.
pub(crate) fn tick() -> u64 {
    TICK.fetch_add(1, Ordering::Relaxed)
}

fn active() -> std::sync::MutexGuard<'static, BTreeMap<u64, usize>> {
    ACTIVE.lock().unwrap_or_else(|p| p.into_inner())
}

/// Marks a running operation until dropped (see [`enter_operation`]).
pub struct OperationGuard {
    /// The start tick when this guard is the thread's outermost scope.
    start: Option<u64>,
}

/// Begin an operation on this thread: until the guard is dropped, device buffers it touches
/// are never spilled, and allocations made on this thread may spill other buffers.
pub fn enter_operation() -> OperationGuard {
    let depth = DEPTH.with(|d| {
        let v = d.get();
        d.set(v + 1);
        v
    });
    let start = (depth == 0).then(|| {
        let t = tick();
        *active().entry(t).or_insert(0) += 1;
        t
    });
    OperationGuard { start }
}

impl Drop for OperationGuard {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
        if let Some(t) = self.start {
            let mut a = active();
            if let Some(n) = a.get_mut(&t) {
                *n -= 1;
                if *n == 0 {
                    a.remove(&t);
                }
            }
        }
    }
}

/// Run `f` as an operation (see [`enter_operation`]).
///
/// ```
/// use ferrodf_core::memory::{in_operation, operation};
/// assert!(!in_operation());
/// assert!(operation(in_operation));
/// ```
pub fn operation<T>(f: impl FnOnce() -> T) -> T {
    let _guard = enter_operation();
    f()
}

/// Whether this thread is inside an operation.
pub fn in_operation() -> bool {
    DEPTH.with(|d| d.get() > 0)
}

/// The start tick of the oldest running operation on any thread.
pub fn oldest_active_operation() -> Option<u64> {
    active().keys().next().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_scopes_count_once() {
        let outer = enter_operation();
        let start = outer.start.expect("outermost");
        assert!(oldest_active_operation().unwrap() <= start);
        {
            let inner = enter_operation();
            assert!(inner.start.is_none());
            assert!(in_operation());
        }
        assert!(in_operation());
        drop(outer);
        assert!(!in_operation());
        assert!(active().get(&start).is_none());
    }
}

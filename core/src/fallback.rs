//! Book-keeping of host fallbacks: operations that ran on the host although a GPU was in use,
//! because no device implementation exists for their inputs. Users can see the counts, and
//! each function is announced once (the Python layer turns the announcement into a warning).

use std::collections::BTreeMap;
use std::sync::Mutex;

struct State {
    counts: BTreeMap<String, u64>,
    unannounced: Vec<String>,
}

static STATE: Mutex<State> = Mutex::new(State {
    counts: BTreeMap::new(),
    unannounced: Vec::new(),
});

fn state() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|p| p.into_inner())
}

/// Count one host fallback of `function`.
pub fn record(function: &str) {
    let mut s = state();
    let n = s.counts.entry(function.to_string()).or_insert(0);
    *n += 1;
    if *n == 1 {
        s.unannounced.push(function.to_string());
    }
}

/// Functions that fell back for the first time since the last call (to warn about once).
pub fn take_unannounced() -> Vec<String> {
    std::mem::take(&mut state().unannounced)
}

/// Fallback counts per function.
pub fn counts() -> BTreeMap<String, u64> {
    state().counts.clone()
}

/// Forget all counts (functions will be announced again).
pub fn reset() {
    let mut s = state();
    s.counts.clear();
    s.unannounced.clear();
}

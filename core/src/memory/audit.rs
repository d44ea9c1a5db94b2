//! The transfer audit (statistics level 3): every copy between host and device memory,
//! recorded with the public function that caused it and the Rust code that asked for it.
//!
//! Level 1 counts the buffer transfers; the audit also sees the copies that do not go
//! through a [`Buffer`](crate::buffer::Buffer) (maps built on the host, counts read back
//! from kernels), because it is recorded where every copy happens, in the pinned copy
//! routines. Its purpose is finding hidden transfers: an operation that should run on the
//! device but moves a column through the host shows up under its public function.
//!
//! The public function is named by whoever calls the core: the Python bindings name the
//! ferrodf function the user called (`DataFrame.__setitem__`), a Rust program may call
//! [`enter_site`] itself. Copies made with no site set are recorded under `"(no site)"`.
//!
//! ```
//! use ferrodf_core::memory::audit;
//! {
//!     let _site = audit::enter_site("my_pipeline");
//!     assert_eq!(audit::current_site(), "my_pipeline");
//! }
//! assert_eq!(audit::current_site(), "(no site)");
//! ```

use std::cell::RefCell;
use std::collections::HashMap;
use std::panic::Location;
use std::sync::Mutex;

/// Which way bytes moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// From host memory to device memory.
    HostToDevice,
    /// From device memory to host memory.
    DeviceToHost,
}

impl Direction {
    /// `"host -> device"` or `"device -> host"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::HostToDevice => "host -> device",
            Direction::DeviceToHost => "device -> host",
        }
    }
}

/// The copies of one public function, from one place in the Rust code, one way.
#[derive(Clone, Debug, PartialEq)]
pub struct AuditedTransfer {
    /// The public function that was running (see [`enter_site`]).
    pub site: String,
    /// The Rust code that asked for the copy (`file:line`).
    pub origin: String,
    /// Which way the bytes moved.
    pub direction: Direction,
    /// How many copies.
    pub count: u64,
    /// Bytes moved, all copies together.
    pub bytes: u64,
    /// The largest single copy, in bytes.
    pub largest: u64,
}

const NO_SITE: &str = "(no site)";

thread_local! {
    static SITE: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Where the bytes being copied were made, when that says more than the copy's caller
    /// (see [`with_origin`]).
    static ORIGIN: RefCell<Option<&'static Location<'static>>> = const { RefCell::new(None) };
}

/// Runs `f` with copies recorded under `origin` instead of their caller: the first upload
/// of a buffer made on the host is recorded where the buffer was made (an input's
/// conversion, or the operation that built it on the host), which is what finding a hidden
/// transfer needs; the upload's own caller is always the lazy migration in `Buffer`.
pub(crate) fn with_origin<R>(origin: &'static Location<'static>, f: impl FnOnce() -> R) -> R {
    let previous = ORIGIN.with(|o| o.borrow_mut().replace(origin));
    let out = f();
    ORIGIN.with(|o| *o.borrow_mut() = previous);
    out
}

/// Restores the previous site when dropped (see [`enter_site`]).
#[must_use = "the site is named only while the guard lives"]
pub struct SiteGuard {
    previous: Option<String>,
}

impl Drop for SiteGuard {
    fn drop(&mut self) {
        let previous = self.previous.take();
        SITE.with(|s| *s.borrow_mut() = previous);
    }
}

/// Names the public function running on this thread until the guard drops; copies made
/// meanwhile are recorded under `site` (at statistics level 3).
pub fn enter_site(site: impl Into<String>) -> SiteGuard {
    let previous = SITE.with(|s| s.borrow_mut().replace(site.into()));
    SiteGuard { previous }
}

/// The site copies on this thread are recorded under now.
pub fn current_site() -> String {
    SITE.with(|s| s.borrow().clone())
        .unwrap_or_else(|| NO_SITE.to_string())
}

type Key = (String, &'static Location<'static>, Direction);

/// Count, bytes and the largest copy of one key.
type Tally = (u64, u64, u64);

static LOG: Mutex<Option<HashMap<Key, Tally>>> = Mutex::new(None);

/// Record one copy of `bytes` (at statistics level 3): the caller's caller chain up to the
/// first function without `#[track_caller]` is the origin.
#[track_caller]
pub(crate) fn record(direction: Direction, bytes: usize) {
    if super::statistics_level() < 3 || bytes == 0 {
        return;
    }
    // read here: passed as a function, `Location::caller` would name its own caller
    let caller = Location::caller();
    let origin = ORIGIN.with(|o| *o.borrow()).unwrap_or(caller);
    let key = (current_site(), origin, direction);
    let mut log = LOG.lock().unwrap_or_else(|p| p.into_inner());
    let e = log.get_or_insert_with(HashMap::new).entry(key).or_default();
    e.0 += 1;
    e.1 += bytes as u64;
    e.2 = e.2.max(bytes as u64);
}

/// The copies recorded since the last reset, most bytes first.
pub fn transfers() -> Vec<AuditedTransfer> {
    let log = LOG.lock().unwrap_or_else(|p| p.into_inner());
    let mut out: Vec<AuditedTransfer> = log
        .iter()
        .flatten()
        .map(
            |((site, loc, direction), &(count, bytes, largest))| AuditedTransfer {
                site: site.clone(),
                origin: format!("{}:{}", loc.file(), loc.line()),
                direction: *direction,
                count,
                bytes,
                largest,
            },
        )
        .collect();
    out.sort_by(|a, b| {
        b.bytes
            .cmp(&a.bytes)
            .then_with(|| a.site.cmp(&b.site))
            .then_with(|| a.origin.cmp(&b.origin))
    });
    out
}

/// Forget the recorded copies.
pub(crate) fn reset() {
    *LOG.lock().unwrap_or_else(|p| p.into_inner()) = None;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sites_nest_and_restore() {
        let outer = enter_site("outer");
        {
            let _inner = enter_site("inner");
            assert_eq!(current_site(), "inner");
        }
        assert_eq!(current_site(), "outer");
        drop(outer);
        assert_eq!(current_site(), NO_SITE);
    }
}

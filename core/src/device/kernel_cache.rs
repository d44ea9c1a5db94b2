//! An on-disk cache of compiled kernel modules (PTX), shared by every process of a user.
//!
//! NVRTC compiles a module in tens to hundreds of milliseconds; a test run or a notebook
//! session touches hundreds of modules, and every new process used to pay for all of them
//! again. The cache maps a fingerprint of everything that determines the PTX (the source,
//! the target architecture, the compile options and ferrodf's version) to the PTX text.
//! The driver keeps its own cache of the PTX -> SASS step (`~/.nv/ComputeCache`), so a
//! cached module loads in about a millisecond.
//!
//! Location: `$FERRODF_KERNEL_CACHE` when set (`off` or `0` disables the cache), otherwise
//! `$XDG_CACHE_HOME/ferrodf/kernels`, otherwise `~/.cache/ferrodf/kernels`. Entries are
//! written to a temporary file and renamed into place, so concurrent processes never read a
//! half-written entry. Any I/O problem only means the module is compiled again.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

/// Turned off by `set_enabled(false)` (pylibcudf's `context.enable_jit_cache(False)`).
static DISABLED: AtomicBool = AtomicBool::new(false);

/// Use (`true`, the default) or bypass the on-disk cache from now on, for storing and for
/// reading.
pub fn set_enabled(enabled: bool) {
    DISABLED.store(!enabled, Ordering::Relaxed);
}

/// Remove every entry of the on-disk cache (all architectures). Errors other than a
/// missing directory are reported.
pub fn clear() -> crate::error::Result<()> {
    let Some(dir) = location() else {
        return Ok(());
    };
    match std::fs::remove_dir_all(&dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(crate::error::Error::Io(
            e.kind(),
            format!("cannot clear the kernel cache at {}: {e}", dir.display()),
        )),
    }
}

/// The cache directory, or `None` when caching is disabled or no home is known.
fn cache_dir() -> Option<PathBuf> {
    if DISABLED.load(Ordering::Relaxed) {
        return None;
    }
    location()
}

/// Where the cache lives (whether or not it is switched off by `set_enabled`).
fn location() -> Option<PathBuf> {
    if let Some(v) = std::env::var_os("FERRODF_KERNEL_CACHE") {
        let s = v.to_string_lossy();
        if s.is_empty() || s == "0" || s.eq_ignore_ascii_case("off") {
            return None;
        }
        return Some(PathBuf::from(v));
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("ferrodf").join("kernels"))
}

/// 64-bit FNV-1a, seeded; two seeds give a 128-bit fingerprint, which makes an accidental
/// collision between two kernel sources practically impossible.
fn fnv1a(seed: u64, parts: &[&[u8]]) -> u64 {
    let mut h = seed;
    for part in parts {
        for &b in *part {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        // Separate the parts so ("ab", "c") and ("a", "bc") differ.
        h ^= 0xff;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The 128-bit fingerprint of everything that determines a compiled module: its source,
/// the target architecture, the compile options and ferrodf's version. The on-disk cache
/// names its entries by it, and the prebuilt kernels of the wheel (`kernel_bundle.rs`) are
/// looked up by it, so an artifact of another source, option set or release is never used.
pub(crate) fn fingerprint(source: &str, arch: &str, options: &[String]) -> u128 {
    let opts = options.join("\u{1f}");
    let parts: [&[u8]; 4] = [
        source.as_bytes(),
        arch.as_bytes(),
        opts.as_bytes(),
        env!("CARGO_PKG_VERSION").as_bytes(),
    ];
    let a = fnv1a(0xcbf2_9ce4_8422_2325, &parts);
    let b = fnv1a(0x84222325_cbf29ce4, &parts);
    (u128::from(a) << 64) | u128::from(b)
}

/// The file that holds (or will hold) the PTX of `source` compiled for `arch` with `options`.
fn entry_path(dir: &std::path::Path, source: &str, arch: &str, options: &[String]) -> PathBuf {
    let fp = fingerprint(source, arch, options);
    dir.join(arch).join(format!("{fp:032x}.ptx"))
}

/// The PTX of a module: from the cache, or compiled by `compile` and stored.
///
/// Processes started side by side (the sharded test run) tend to need the same module at
/// the same moment; a lock file next to the entry lets one of them compile it while the
/// others wait for the entry instead of compiling it too. A lock older than
/// [`STALE_LOCK`] (a crashed process) or a wait longer than that is ignored.
pub(super) fn get_or_compile(
    source: &str,
    arch: &str,
    options: &[String],
    compile: impl FnOnce() -> crate::error::Result<String>,
) -> crate::error::Result<String> {
    let Some(dir) = cache_dir() else {
        return compile();
    };
    if let Some(ptx) = load_in(&dir, source, arch, options) {
        return Ok(ptx);
    }
    let lock = entry_path(&dir, source, arch, options).with_extension("lock");
    let _ = lock.parent().map(std::fs::create_dir_all);
    let start = std::time::Instant::now();
    loop {
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&lock)
        {
            Ok(_) => {
                let ptx = compile();
                if let Ok(text) = &ptx {
                    store_in(&dir, source, arch, options, text);
                }
                let _ = std::fs::remove_file(&lock);
                return ptx;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                std::thread::sleep(std::time::Duration::from_millis(10));
                if let Some(ptx) = load_in(&dir, source, arch, options) {
                    return Ok(ptx);
                }
                let stale = std::fs::metadata(&lock)
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.elapsed().ok())
                    .is_some_and(|age| age > STALE_LOCK);
                if stale || start.elapsed() > STALE_LOCK {
                    return compile();
                }
            }
            // No lock possible here (read-only cache, ...): just compile.
            Err(_) => return compile(),
        }
    }
}

/// How long a process waits for another one's compilation before doing it itself.
const STALE_LOCK: std::time::Duration = std::time::Duration::from_secs(60);

/// The cached PTX for this module in `dir`, if present.
fn load_in(dir: &std::path::Path, source: &str, arch: &str, options: &[String]) -> Option<String> {
    let path = entry_path(dir, source, arch, options);
    let ptx = std::fs::read_to_string(path).ok()?;
    // A valid PTX file always names its target; anything else is a damaged entry.
    ptx.contains(".target").then_some(ptx)
}

/// Store the PTX of a freshly compiled module (best effort).
fn store_in(dir: &std::path::Path, source: &str, arch: &str, options: &[String], ptx: &str) {
    let path = entry_path(dir, source, arch, options);
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        std::process::id(),
        path.file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default()
    ));
    if std::fs::write(&tmp, ptx).is_ok() && std::fs::rename(&tmp, &path).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprint_depends_on_every_part() {
        let base: [&[u8]; 2] = [b"ab", b"c"];
        let shifted: [&[u8]; 2] = [b"a", b"bc"];
        assert_ne!(fnv1a(1, &base), fnv1a(1, &shifted));
        assert_ne!(fnv1a(1, &base), fnv1a(2, &base));
    }

    #[test]
    fn store_then_load_round_trips() {
        let dir = std::env::temp_dir().join(format!("ferrodf-kcache-{}", std::process::id()));
        let opts = vec!["--std=c++17".to_string()];
        assert!(load_in(&dir, "src", "sm_90", &opts).is_none());
        store_in(&dir, "src", "sm_90", &opts, "// ptx\n.target sm_90\n");
        assert_eq!(
            load_in(&dir, "src", "sm_90", &opts).as_deref(),
            Some("// ptx\n.target sm_90\n")
        );
        assert!(load_in(&dir, "src", "sm_80", &opts).is_none());
        assert!(load_in(&dir, "other", "sm_90", &opts).is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

// jemalloc as the global allocator, with its start-up options. Included (`include!`) by
// pyapi/src/lib.rs and by core/examples/io_read_timing.rs, whose timings must see the
// Python package's allocator.

/// jemalloc reuses freed extents instead of returning big column buffers to the OS, which
/// would make every new host column pay page faults (see Cargo.toml).
#[cfg(all(target_os = "linux", not(target_env = "musl")))]
#[global_allocator]
static ALLOC: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's start-up options. `dirty_decay_ms:-1` keeps freed pages for reuse: with any
/// finite decay, measured here, large freed blocks were purged before the next column was
/// allocated and a 10^7-row float64 add cost 80 ms of page faults instead of 9 ms. The
/// price is that the process keeps its peak host memory, as a pool allocator would.
/// `lg_extent_max_active_fit:10` lets a freed extent up to 1024 times (default 64) the
/// size of a request serve it: after a CSV read had left extents of hundreds of MB, a
/// Parquet read's smaller buffers were refused them and faulted in fresh pages on every
/// read (1.23 s instead of 0.32 s for 10^7 rows, bench/bench_io.py).
#[cfg(all(target_os = "linux", not(target_env = "musl")))]
#[unsafe(export_name = "_rjem_malloc_conf")]
#[allow(non_upper_case_globals)]
pub static malloc_conf: Option<&'static [u8; 46]> =
    Some(b"dirty_decay_ms:-1,lg_extent_max_active_fit:10\0");

//! Times the CSV and Parquet readers on given files (a profiling aid: run under `perf`).
//!
//!     cargo run --release --example io_read_timing -- csv FILE [REPS]
use ferrodf_core::io::{SourceInfo, csv, parquet};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (kind, path) = (&args[1], &args[2]);
    let reps: usize = args.get(3).map_or(3, |r| r.parse().expect("a count"));
    for _ in 0..reps {
        let t = Instant::now();
        let src = SourceInfo::from_paths([path]);
        let rows = match kind.as_str() {
            "csv" => csv::read_csv(&src, &Default::default())
                .expect("read")
                .table
                .num_rows(),
            _ => parquet::read_parquet(&src, &Default::default())
                .expect("read")
                .table
                .num_rows(),
        };
        println!("{kind} {rows} rows {:.3} s", t.elapsed().as_secs_f64());
    }
}

// The Python package's allocator and settings (pyapi/src/lib.rs), so that the times match.
#[cfg(all(target_os = "linux", not(target_env = "musl")))]
#[global_allocator]
static ALLOC: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[cfg(all(target_os = "linux", not(target_env = "musl")))]
#[unsafe(export_name = "_rjem_malloc_conf")]
#[allow(non_upper_case_globals)]
pub static malloc_conf: Option<&'static [u8; 46]> =
    Some(b"dirty_decay_ms:-1,lg_extent_max_active_fit:10\0");

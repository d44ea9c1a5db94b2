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

// The Python package's allocator and settings, so that the times match.
include!("../../pyapi/src/allocator.rs");

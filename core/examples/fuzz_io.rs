//! Bounded-time fuzz driver for the CSV, Parquet and JSON-lines readers (`make fuzz-io`).
//!
//! cargo-fuzz needs a nightly toolchain; this driver runs on stable. It builds seed inputs
//! with ferrodf's own writers, mutates them with a seeded xorshift generator (bit flips,
//! byte overwrites, truncation, insertion, splicing) and feeds every mutant to its reader.
//! A reader must return `Ok` or an `Err`; it must not panic past its guard, abort or hang
//! (those fail the run). Inputs whose error says a decoder panicked (caught by the guard,
//! so the caller still got a ValueError) are saved too, under
//! `target/fuzz-io/findings/` to become regression tests (core/tests/io_fuzz_regressions.rs).
//! Before each run the input is written to `target/fuzz-io/current.<ext>`, so an abort
//! leaves the culprit behind.
//!
//!     cargo run -p ferrodf-core --example fuzz_io -- [SECONDS] [SEED]

use ferrodf_core::interop::arrow::ColumnMetadata;
use ferrodf_core::io::csv::{CsvReaderOptions, CsvWriterOptions, read_csv, write_csv};
use ferrodf_core::io::json::{JsonReaderOptions, JsonWriterOptions, read_json, write_json};
use ferrodf_core::io::parquet::{
    ParquetReaderOptions, ParquetWriterOptions, read_parquet, write_parquet,
};
use ferrodf_core::io::{CompressionType, SinkInfo, SourceInfo};
use ferrodf_core::{Column, Error, Table};
use std::path::PathBuf;
use std::time::{Duration, Instant};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*: fast, deterministic for a seed, good enough for mutations.
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

fn seed_table() -> (Table, Vec<ColumnMetadata>) {
    let n: i64 = 300;
    let ints = Column::from_options(
        (0..n)
            .map(|i| (i % 7 != 0).then_some(i * 37 - 900))
            .collect(),
    );
    let floats = Column::from_options(
        (0..n)
            .map(|i| (i % 5 != 0).then_some(i as f64 / 3.0))
            .collect(),
    );
    let small = Column::from_values((0..n).map(|i| (i % 3) as i32).collect());
    let names = ["i", "f", "k"].map(ColumnMetadata::from).to_vec();
    (
        Table::new(vec![ints, floats, small]).expect("equal lengths"),
        names,
    )
}

fn seeds() -> Vec<(&'static str, Vec<u8>)> {
    let (t, names) = seed_table();
    let mut out = vec![];
    let sink = SinkInfo::memory();
    write_csv(&sink, &t, Some(&names), &CsvWriterOptions::default()).expect("csv seed");
    out.push(("csv", sink.take_bytes()));
    out.push((
        "csv",
        b"a,b,c\n\"x, \"\"y\"\"\",1,2020-01-01\n\"multi\nline\",NA,\n,3,x\n".to_vec(),
    ));
    for c in [
        CompressionType::Snappy,
        CompressionType::Zstd,
        CompressionType::None,
    ] {
        let opts = ParquetWriterOptions {
            compression: c,
            row_group_size_rows: 100,
            ..Default::default()
        };
        write_parquet(&sink, &t, Some(&names), &opts).expect("parquet seed");
        out.push(("parquet", sink.take_bytes()));
    }
    write_json(&sink, &t, Some(&names), &JsonWriterOptions::default()).expect("json seed");
    out.push(("json", sink.take_bytes()));
    out.push((
        "json",
        b"{\"a\": [1, {\"b\": null}], \"c\": \"\\u00e9\"}\n{\"a\": []}\n".to_vec(),
    ));
    out
}

fn mutate(rng: &mut Rng, data: &[u8], pool: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut d = data.to_vec();
    for _ in 0..1 + rng.below(4) {
        if d.is_empty() {
            d.push(rng.next() as u8);
            continue;
        }
        let at = rng.below(d.len());
        match rng.below(6) {
            0 => d[at] ^= 1 << rng.below(8),
            1 => d[at] = [0, 0xff, b'"', b',', b'\n', b'{', 0x80][rng.below(7)],
            2 => d.truncate(at),
            3 => {
                let bytes: Vec<u8> = (0..1 + rng.below(8)).map(|_| rng.next() as u8).collect();
                d.splice(at..at, bytes);
            }
            4 => {
                let (_, other) = &pool[rng.below(pool.len())];
                let from = rng.below(other.len());
                let len = rng.below(64).min(other.len() - from);
                d.splice(at..at, other[from..from + len].iter().copied());
            }
            _ => {
                // Overwrite a little-endian integer-sized field with an extreme value.
                let v = [0u32, 1, 0x7fff_ffff, 0xffff_ffff][rng.below(4)].to_le_bytes();
                for (k, b) in v.iter().enumerate() {
                    if at + k < d.len() {
                        d[at + k] = *b;
                    }
                }
            }
        }
    }
    d
}

fn run(kind: &str, data: &[u8]) -> Result<(), Error> {
    let src = SourceInfo::from_bytes(data.to_vec());
    match kind {
        "csv" => read_csv(&src, &CsvReaderOptions::default()).map(|_| ()),
        "parquet" => {
            read_parquet(&src, &ParquetReaderOptions::default())?;
            let opts = ParquetReaderOptions {
                skip_rows: 50,
                nrows: Some(120),
                columns: Some(vec!["f".into()]),
                ..Default::default()
            };
            read_parquet(&src, &opts).map(|_| ())
        }
        _ => read_json(&src, &JsonReaderOptions::default()).map(|_| ()),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let seconds: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(30);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(0x5eed);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/fuzz-io");
    std::fs::create_dir_all(dir.join("findings")).expect("fuzz output folder");
    // Panics are caught by the readers' guards; keep their messages off the terminal.
    std::panic::set_hook(Box::new(|_| {}));
    let pool = seeds();
    let mut rng = Rng(seed | 1);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let (mut runs, mut errors, mut findings, mut fatal) = (0u64, 0u64, 0u64, 0u64);
    let mut per_kind = std::collections::BTreeMap::<&str, u64>::new();
    while Instant::now() < deadline {
        let (kind, base) = &pool[rng.below(pool.len())];
        let input = mutate(&mut rng, base, &pool);
        let _ = std::fs::write(dir.join(format!("current.{kind}")), &input);
        let started = Instant::now();
        let outcome = std::panic::catch_unwind(|| run(kind, &input));
        runs += 1;
        *per_kind.entry(kind).or_default() += 1;
        let slow = started.elapsed() > Duration::from_secs(5);
        let finding = match &outcome {
            Err(_) => Some("panic escaped the reader"),
            Ok(Err(e)) if e.to_string().contains("the decoder failed") => {
                Some("decoder panic (caught)")
            }
            _ if slow => Some("slow input (> 5 s)"),
            _ => None,
        };
        if matches!(outcome, Ok(Err(_))) {
            errors += 1;
        }
        if let Some(what) = finding {
            findings += 1;
            if !what.contains("caught") {
                fatal += 1;
            }
            let path = dir.join(format!("findings/{kind}-{runs}.{kind}"));
            let _ = std::fs::write(&path, &input);
            eprintln!("finding: {what}: {}", path.display());
        }
    }
    println!(
        "fuzz-io: {runs} inputs in {seconds} s (seed {seed}), {per_kind:?}; {errors} rejected \
         with an error, {findings} findings ({fatal} fatal)"
    );
    // A decoder panic caught by the guard is a finding to keep, not a failure: the
    // reader returned a ValueError as it must.
    if fatal > 0 {
        std::process::exit(1);
    }
}

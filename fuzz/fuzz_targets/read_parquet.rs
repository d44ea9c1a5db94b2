//! The Parquet reader on arbitrary bytes, whole and with a projection and a row window:
//! a table or an error.
#![no_main]

use ferrodf_core::io::SourceInfo;
use ferrodf_core::io::parquet::{ParquetReaderOptions, read_parquet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    ferrodf_fuzz::quiet_guarded_panics();
    let src = SourceInfo::from_bytes(data.to_vec());
    let _ = read_parquet(&src, &ParquetReaderOptions::default());
    let window = ParquetReaderOptions {
        skip_rows: 3,
        nrows: Some(40),
        columns: Some(vec!["f".into()]),
        ..Default::default()
    };
    let _ = read_parquet(&src, &window);
});

//! The CSV reader on arbitrary bytes: it returns a table or an error, never panics past
//! its guard, aborts or hangs.
#![no_main]

use ferrodf_core::io::SourceInfo;
use ferrodf_core::io::csv::{CsvReaderOptions, read_csv};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    ferrodf_fuzz::quiet_guarded_panics();
    let src = SourceInfo::from_bytes(data.to_vec());
    let _ = read_csv(&src, &CsvReaderOptions::default());
});

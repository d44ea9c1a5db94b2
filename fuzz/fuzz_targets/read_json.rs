//! The JSON reader (JSON lines, then one array of records) on arbitrary bytes: a table or
//! an error.
#![no_main]

use ferrodf_core::io::SourceInfo;
use ferrodf_core::io::json::{JsonReaderOptions, read_json};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    ferrodf_fuzz::quiet_guarded_panics();
    let src = SourceInfo::from_bytes(data.to_vec());
    let _ = read_json(&src, &JsonReaderOptions::default());
    let records = JsonReaderOptions {
        lines: false,
        ..Default::default()
    };
    let _ = read_json(&src, &records);
});

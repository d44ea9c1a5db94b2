//! Inputs found by `make fuzz-io` (core/examples/fuzz_io.rs): each must be rejected with an
//! error (or read), never panic past the reader. Files are named `<anything>.<csv|parquet|json|avro|orc>`.

use ferrodf_core::io::SourceInfo;
use ferrodf_core::io::avro::read_avro;
use ferrodf_core::io::csv::read_csv;
use ferrodf_core::io::json::read_json;
use ferrodf_core::io::orc::read_orc;
use ferrodf_core::io::parquet::read_parquet;

#[test]
fn fuzz_findings_do_not_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("regression folder") {
        let path = entry.expect("entry").path();
        let data = std::fs::read(&path).expect("readable finding");
        let src = SourceInfo::from_bytes(data);
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let outcome = std::panic::catch_unwind(|| match ext {
            "csv" => read_csv(&src, &Default::default()).map(|_| ()),
            "parquet" => read_parquet(&src, &Default::default()).map(|_| ()),
            "json" => read_json(&src, &Default::default()).map(|_| ()),
            "avro" => read_avro(&src, &Default::default()).map(|_| ()),
            "orc" => read_orc(&src, &Default::default()).map(|_| ()),
            _ => Ok(()),
        });
        assert!(outcome.is_ok(), "{} panicked", path.display());
        n += 1;
    }
    assert!(n > 0, "no regression inputs in {}", dir.display());
}

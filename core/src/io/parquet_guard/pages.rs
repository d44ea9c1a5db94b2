//! The page headers of a Parquet file, checked before the `parquet` crate (59.3) decodes
//! them.
//!
//! The crate reads a page header by its fields' ids and skips the rest by the types the
//! bytes declare; a skip of a declared list loops over the declared count, and a skip of
//! bytes past the end of the file reads nothing and succeeds. So a header that declares a
//! list of a billion values in a few bytes cost seconds (libFuzzer found two such files,
//! `core/tests/fuzz_regressions/libfuzzer_slow_page_header_skip*.parquet`); and it
//! allocates a dictionary page's declared count of values before decoding any (a third
//! file declared 5 GB of them). Two guards:
//! - [`check_page_headers`] walks every header the decoder can reach (with the footer's
//!   bounded walker, reading the known fields as the decoder does) and refuses a count the
//!   bytes left cannot hold, or a dictionary larger than its page;
//! - [`StrictEof`] makes the decoder's reads past the end of the file an error, so any skip
//!   the walk did not foresee stops at the end of the bytes present.

use super::{Context, Part, Walk, damaged};
use crate::error::{Error, Result};
use bytes::Bytes;
use parquet::file::metadata::{ColumnChunkMetaData, ParquetMetaData};
use parquet::file::reader::{ChunkReader, Length};
use std::io::Read;

/// Page types (parquet.thrift's `PageType`) the walk treats apart.
const INDEX_PAGE: i64 = 1;
const DICTIONARY_PAGE: i64 = 2;

/// The fields of a page header the checks use.
#[derive(Clone, Copy, Default)]
pub(super) struct PageFields {
    /// PageHeader 1.
    page_type: Option<i64>,
    /// PageHeader 2: the page's bytes once decompressed.
    uncompressed_size: Option<i64>,
    /// PageHeader 3: the page's bytes after the header.
    compressed_size: Option<i64>,
    /// DictionaryPageHeader 1: the values of a dictionary page.
    dictionary_values: Option<i64>,
}

impl PageFields {
    /// Keep `value`, read for field `field` of a `context` structure, when a check uses it.
    pub(super) fn record(&mut self, context: Context, field: i16, value: i64) {
        match (context, field) {
            (Context::PageHeader, 1) => self.page_type = Some(value),
            (Context::PageHeader, 2) => self.uncompressed_size = Some(value),
            (Context::PageHeader, 3) => self.compressed_size = Some(value),
            (Context::DictionaryPageHeader, 1) => self.dictionary_values = Some(value),
            _ => {}
        }
    }
}

/// A field the decoder reads by its id, whatever type its bytes declare.
pub(super) enum Known {
    /// An i32 or enum: one variable-length integer.
    Int,
    /// A structure of this kind.
    Struct(Context),
}

/// How the decoder reads field `field` of a `context` structure of a page header
/// (`parquet::file::metadata::thrift`'s readers without statistics); `None`: skipped by
/// its declared type.
pub(super) fn known_field(context: Context, field: i16) -> Option<Known> {
    use Context::*;
    Some(match (context, field) {
        (PageHeader, 1..=4) => Known::Int,
        (PageHeader, 5) => Known::Struct(DataPageHeader),
        (PageHeader, 6) => Known::Struct(Other),
        (PageHeader, 7) => Known::Struct(DictionaryPageHeader),
        (PageHeader, 8) => Known::Struct(DataPageHeaderV2),
        (DataPageHeader, 1..=4) | (DataPageHeaderV2, 1..=6) | (DictionaryPageHeader, 1 | 2) => {
            Known::Int
        }
        _ => return None,
    })
}

/// The bytes read for a page header at first; a header that runs past them (large
/// statistics) is read again in a window sixteen times wider, up to the end of the file.
const PAGE_HEADER_WINDOW: u64 = 4096;

/// Refuse a file with a page header that declares more than its bytes can hold, walking
/// every header the decoder can reach in each column chunk: the first, the one after each
/// page, and, after an index page, the one right after its header (where the decoder's
/// `peek_next_page`, used when rows are skipped, reads the next header). A header is
/// walked in the bytes up to the end of the file, as the decoder reads it. `file` is the
/// file in memory or on disk (a file reads a small window at each header, not the pages).
/// A header this check accepts may still be invalid in other ways: the decoder says so.
///
/// ```
/// use ferrodf_core::io::parquet_guard::check_page_headers;
/// use parquet::file::reader::{FileReader, SerializedFileReader};
/// let path = concat!(
///     env!("CARGO_MANIFEST_DIR"), "/tests/fuzz_regressions/libfuzzer_slow_page_header_skip.parquet"
/// );
/// let file = std::fs::File::open(path).unwrap();
/// let meta = SerializedFileReader::new(file.try_clone().unwrap()).unwrap().metadata().clone();
/// let err = check_page_headers(&file, &meta).unwrap_err().to_string();
/// assert!(err.contains("page header at byte"), "{err}");
/// ```
pub fn check_page_headers<R: ChunkReader>(file: &R, meta: &ParquetMetaData) -> Result<()> {
    let file_len = file.len();
    for row_group in meta.row_groups() {
        for chunk in row_group.columns() {
            let (start, len) = chunk.byte_range();
            let end = start.saturating_add(len).min(file_len);
            // (offset, reached only through an index page's peek)
            let mut todo = vec![(start, false)];
            let mut seen = hashbrown::HashSet::new();
            while let Some((at, by_peek)) = todo.pop() {
                if at >= end || !seen.insert(at) {
                    continue;
                }
                let header = match walk_header(file, at, file_len) {
                    Ok(h) => h,
                    // The decoder fails on an unreadable header at once; it loops only on
                    // an oversized count. The peek path is lenient: a valid file's index
                    // page is followed there by its page, not a header.
                    Err((e, oversized)) if oversized || !by_peek => return Err(e),
                    Err(_) => continue,
                };
                // The decoder refuses a header that ends past its chunk.
                let after = at.saturating_add(header.len);
                if after > end {
                    continue;
                }
                let page = header.page;
                if page.page_type == Some(DICTIONARY_PAGE) {
                    check_dictionary_size(&page, chunk, at)?;
                }
                if page.page_type == Some(INDEX_PAGE) {
                    todo.push((after, true));
                }
                if let Some(size) = page.compressed_size.and_then(|s| u64::try_from(s).ok()) {
                    todo.push((after.saturating_add(size), by_peek));
                }
            }
        }
    }
    Ok(())
}

/// Refuse a dictionary page that declares more values than its decompressed bytes can
/// hold: the decoder allocates the declared count of values before it decodes any (a 2 KB
/// file declared 634 million INT64 values, 5 GB; libFuzzer found it:
/// `core/tests/fuzz_regressions/libfuzzer_dictionary_num_values_5gb.parquet`). A value takes
/// at least its type's width (a BYTE_ARRAY value its 4-byte length, a boolean one bit).
fn check_dictionary_size(page: &PageFields, chunk: &ColumnChunkMetaData, at: u64) -> Result<()> {
    use parquet::basic::Type;
    let values = page.dictionary_values.unwrap_or(0).max(0) as u128;
    let bytes = page.uncompressed_size.unwrap_or(0).max(0) as u128;
    let bits_per_value: u128 = match chunk.column_type() {
        Type::BOOLEAN => 1,
        Type::INT32 | Type::FLOAT | Type::BYTE_ARRAY => 32,
        Type::INT64 | Type::DOUBLE => 64,
        Type::INT96 => 96,
        Type::FIXED_LEN_BYTE_ARRAY => 8 * chunk.column_descr().type_length().max(1) as u128,
    };
    if values * bits_per_value > bytes * 8 {
        return Err(damaged(
            Part::PageHeader(at),
            format!(
                "a dictionary page declares {values} {} values in {bytes} bytes",
                chunk.column_type()
            ),
        ));
    }
    Ok(())
}

/// What a page header walk found.
struct Header {
    len: u64,
    page: PageFields,
}

/// Walk the page header at `at`; an error says whether it was an oversized count.
fn walk_header<R: ChunkReader>(
    file: &R,
    at: u64,
    file_len: u64,
) -> std::result::Result<Header, (Error, bool)> {
    let mut window = PAGE_HEADER_WINDOW.min(file_len - at);
    loop {
        let bytes = file
            .get_bytes(at, window as usize)
            .map_err(|e| (e.into(), false))?;
        let mut walk = Walk::new(&bytes, Part::PageHeader(at));
        match walk.structure(0, Context::PageHeader) {
            Ok(()) => {
                return Ok(Header {
                    len: walk.pos as u64,
                    page: walk.page,
                });
            }
            // Only the whole rest of the file can prove a header wrong: a narrower window
            // may have cut it.
            Err(e) if window == file_len - at => return Err((e, walk.oversized)),
            Err(_) => window = window.saturating_mul(16).min(file_len - at),
        }
    }
}

/// A [`ChunkReader`] whose readers fail at the end of the file where the inner ones read
/// nothing: the decoder skips a Thrift value by copying its declared length into a sink,
/// a copy that ends quietly at the end of the bytes, so a skip of a billion values past the
/// end would loop a billion times; with this reader the first of them is an error. Reads
/// of whole pages (`get_bytes`) are the inner reader's.
pub(crate) struct StrictEof<R>(pub R);

impl<R: Length> Length for StrictEof<R> {
    fn len(&self) -> u64 {
        self.0.len()
    }
}

impl<R: ChunkReader> ChunkReader for StrictEof<R> {
    type T = StrictEofRead<R::T>;

    fn get_read(&self, start: u64) -> parquet::errors::Result<Self::T> {
        Ok(StrictEofRead(self.0.get_read(start)?))
    }

    fn get_bytes(&self, start: u64, length: usize) -> parquet::errors::Result<Bytes> {
        self.0.get_bytes(start, length)
    }
}

/// The reader of [`StrictEof`].
pub(crate) struct StrictEofRead<R>(R);

impl<R: Read> Read for StrictEofRead<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self.0.read(buf)? {
            0 if !buf.is_empty() => Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "a Parquet page header runs past the end of the file",
            )),
            n => Ok(n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `batch` written to Parquet with `props`, and its metadata as the reader sees it.
    fn written(
        batch: &arrow_array::RecordBatch,
        props: parquet::file::properties::WriterProperties,
    ) -> (Bytes, ParquetMetaData) {
        use parquet::file::reader::{FileReader, SerializedFileReader};
        let mut out = vec![];
        let mut w =
            parquet::arrow::ArrowWriter::try_new(&mut out, batch.schema(), Some(props)).unwrap();
        w.write(batch).unwrap();
        w.close().unwrap();
        let file = Bytes::from(out);
        let reader = SerializedFileReader::new(file.clone()).unwrap();
        (file, reader.metadata().clone())
    }

    #[test]
    fn written_page_headers_pass() {
        use arrow_array::{ArrayRef, Float64Array, Int64Array, StringArray};
        use parquet::file::properties::WriterProperties;
        use std::sync::Arc;
        let n = 20_000;
        let batch = arrow_array::RecordBatch::try_from_iter(vec![
            (
                "i",
                Arc::new(Int64Array::from_iter_values(0..n)) as ArrayRef,
            ),
            (
                "f",
                Arc::new(Float64Array::from_iter(
                    (0..n).map(|v| (v % 7 != 0).then_some(v as f64)),
                )),
            ),
            (
                "s",
                Arc::new(StringArray::from_iter_values(
                    (0..n).map(|v| format!("s{}", v % 300)),
                )),
            ),
        ])
        .unwrap();
        // Many pages a chunk, dictionary and plain ones, several row groups, compressed.
        let props = WriterProperties::builder()
            .set_data_page_size_limit(1024)
            .set_max_row_group_row_count(Some(7_000))
            .set_compression(parquet::basic::Compression::SNAPPY)
            .build();
        let (file, meta) = written(&batch, props);
        assert!(meta.num_row_groups() > 1);
        check_page_headers(&file, &meta).unwrap();
    }

    #[test]
    fn page_headers_wider_than_the_first_window_pass() {
        use arrow_array::{ArrayRef, StringArray};
        use parquet::file::properties::{EnabledStatistics, WriterProperties};
        use parquet::file::reader::{FileReader, SerializedFileReader};
        use std::sync::Arc;
        // Values of 10 KB with untruncated page statistics: each header carries a min and
        // a max of 10 KB, so the walk must widen its window past PAGE_HEADER_WINDOW.
        let wide = |c: char| c.to_string().repeat(10_000);
        let values = StringArray::from_iter_values((0..40).map(|i| wide((b'a' + i % 26) as char)));
        let batch =
            arrow_array::RecordBatch::try_from_iter(vec![("s", Arc::new(values) as ArrayRef)])
                .unwrap();
        let props = WriterProperties::builder()
            .set_dictionary_enabled(false)
            .set_data_page_size_limit(30_000)
            .set_statistics_enabled(EnabledStatistics::Page)
            .set_statistics_truncate_length(None)
            .set_write_page_header_statistics(true)
            .build();
        let (file, meta) = written(&batch, props);
        let reader = SerializedFileReader::new(file.clone()).unwrap();
        let pages: Vec<_> = reader
            .get_row_group(0)
            .unwrap()
            .get_column_page_reader(0)
            .unwrap()
            .collect::<std::result::Result<_, _>>()
            .unwrap();
        assert!(pages.len() > 2, "{} pages", pages.len());
        let first = meta.row_group(0).column(0).byte_range().0;
        let header_len = {
            let b = file.slice(first as usize..);
            let mut walk = Walk::new(&b, Part::PageHeader(first));
            walk.structure(0, Context::PageHeader).unwrap();
            walk.pos as u64
        };
        assert!(
            header_len > PAGE_HEADER_WINDOW,
            "header of {header_len} bytes"
        );
        check_page_headers(&file, &meta).unwrap();
    }

    /// libFuzzer's page-header findings: a slow header on the path of every read, one
    /// reached only where rows are skipped (after an index page, whose page the decoder's
    /// peek does not skip, parsing the page as the next header, past the chunk's end), and
    /// a dictionary page declaring 5 GB of values.
    const PAGE_HEADER_FINDINGS: [&str; 3] = [
        "libfuzzer_slow_page_header_skip.parquet",
        "libfuzzer_slow_page_header_skip_records.parquet",
        "libfuzzer_dictionary_num_values_5gb.parquet",
    ];

    fn finding(name: &str) -> String {
        format!(
            "{}/tests/fuzz_regressions/{name}",
            env!("CARGO_MANIFEST_DIR")
        )
    }

    #[test]
    fn the_page_header_findings_are_refused_in_memory_and_from_a_path() {
        let window = crate::io::parquet::ParquetReaderOptions {
            skip_rows: 3,
            nrows: Some(40),
            ..Default::default()
        };
        for path in PAGE_HEADER_FINDINGS.map(finding) {
            for src in [
                crate::io::SourceInfo::from_bytes(std::fs::read(&path).unwrap()),
                crate::io::SourceInfo::from_paths([&path]),
            ] {
                for opts in [&Default::default(), &window] {
                    // The guard's message, not the decoder's (which took seconds to
                    // give its own, or ran out of memory).
                    let err = crate::io::parquet::read_parquet(&src, opts)
                        .unwrap_err()
                        .to_string();
                    assert!(err.contains("invalid Parquet page header at byte"), "{err}");
                }
            }
        }
    }

    #[test]
    fn a_reader_past_the_end_of_the_file_fails_instead_of_reading_nothing() {
        use std::io::Read;
        let file = StrictEof(bytes::Bytes::from_static(b"PAR1"));
        let mut r = file.get_read(2).unwrap();
        let mut buf = [0u8; 8];
        assert_eq!(r.read(&mut buf).unwrap(), 2);
        let err = r.read(&mut buf).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
        assert_eq!(r.read(&mut []).unwrap(), 0);
    }
}

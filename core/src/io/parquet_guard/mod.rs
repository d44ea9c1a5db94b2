//! A check of a Parquet footer's declared sizes before the `parquet` crate decodes it, and
//! of the page headers of every column chunk ([`check_page_headers`], in `pages.rs`).
//!
//! The crate (59.3) trusts counts in the footer when it reserves memory: a 1.3 KB file whose
//! schema claims a group of 675 million children made it reserve 5.4 GB (libFuzzer found
//! it; `core/tests/fuzz_regressions/libfuzzer_schema_num_children_5gb.parquet`). With the usual memory
//! overcommit the reservation is never touched, but under a memory cap the allocation
//! fails and the process aborts, which no `catch_unwind` can stop. So the footer (Thrift's
//! compact protocol) is walked first, without building anything, and refused when:
//! - a list, set or map declares more elements than the bytes left could hold;
//! - structures nest deeper than [`MAX_DEPTH`] (a decoder recursing that deep could
//!   overflow its stack);
//! - a schema element claims more children than the schema has elements, or a negative
//!   number of them.
//!
//! ```
//! use ferrodf_core::io::parquet_guard::check_footer;
//! // FileMetaData { 2: schema = list of 1 SchemaElement { 5: num_children = 1_000_000 } }
//! let footer = [0x29, 0x1c, 0x55, 0x80, 0x89, 0x7a, 0x00, 0x00];
//! let err = check_footer(&footer).unwrap_err().to_string();
//! assert!(err.contains("children"), "{err}");
//! ```

use super::source::Source;
use crate::error::{Error, Result};
use parquet::file::reader::ChunkReader;

mod pages;
pub(crate) use pages::StrictEof;
pub use pages::check_page_headers;

/// Structures nested deeper than this are refused (real footers nest about 6 deep).
pub const MAX_DEPTH: usize = 64;

// Thrift compact protocol type codes.
const STOP: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;
const BYTE: u8 = 3;
const I16: u8 = 4;
const I32: u8 = 5;
const I64: u8 = 6;
const DOUBLE: u8 = 7;
const BINARY: u8 = 8;
const LIST: u8 = 9;
const SET: u8 = 10;
const MAP: u8 = 11;
const STRUCT: u8 = 12;
const UUID: u8 = 13;

/// FileMetaData's field 2 is the schema, a list of SchemaElement, whose field 5 is
/// num_children.
const FILE_METADATA_SCHEMA: i16 = 2;
const SCHEMA_ELEMENT_NUM_CHILDREN: i16 = 5;

/// Refuse a footer (the Thrift bytes before the length and the magic) whose declared sizes
/// cannot be right; see the module documentation. A footer this check accepts may still be
/// invalid in other ways: the `parquet` crate's decoding says so.
pub fn check_footer(footer: &[u8]) -> Result<()> {
    Walk::new(footer, Part::Footer).structure(0, Context::FileMetaData)
}

/// The footer of a whole Parquet file, when the file ends with a plain one (`PAR1`); `None`
/// for anything else (too short, encrypted, not Parquet), which the decoder then reports.
pub fn footer_of(file: &[u8]) -> Option<&[u8]> {
    let n = file.len();
    if n < 12 || &file[n - 4..] != b"PAR1" {
        return None;
    }
    let len = u32::from_le_bytes(file[n - 8..n - 4].try_into().ok()?) as usize;
    file.get(n.checked_sub(8 + len)?..n - 8)
}

/// [`check_footer`] on the footer of a file in memory or on disk, when it ends with a plain
/// one: only the tail and the footer are read (in-memory files are not copied). Anything
/// else is left to the decoder to report.
pub fn check_file_footer<R: ChunkReader>(file: &R) -> Result<()> {
    let n = file.len();
    if n < 12 {
        return Ok(());
    }
    let tail = file.get_bytes(n - 8, 8)?;
    let len = u64::from(u32::from_le_bytes(tail[..4].try_into().expect("4 bytes")));
    if &tail[4..] != b"PAR1" || len + 8 > n {
        return Ok(());
    }
    // At most the file's size: the length was checked against it.
    check_footer(&file.get_bytes(n - 8 - len, len as usize)?)
}

/// [`check_file_footer`] on a source (a file is opened for it).
pub fn check_source(source: &Source) -> Result<()> {
    match source {
        Source::Bytes(b) => check_file_footer(b),
        Source::Path(p) => check_file_footer(&Source::open(p)?),
    }
}

/// What a structure is, where it matters for the checks.
#[derive(Clone, Copy, PartialEq)]
enum Context {
    FileMetaData,
    SchemaElement,
    /// A page header and the structures in it whose fields the decoder reads by their
    /// ids, whatever type the bytes declare (`pages.rs`).
    PageHeader,
    DataPageHeader,
    DataPageHeaderV2,
    DictionaryPageHeader,
    Other,
}

/// The part of the file a walk reads, as its errors name it.
#[derive(Clone, Copy)]
enum Part {
    Footer,
    /// A page header at this byte of the file.
    PageHeader(u64),
}

impl std::fmt::Display for Part {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Part::Footer => f.write_str("footer"),
            Part::PageHeader(at) => write!(f, "page header at byte {at}"),
        }
    }
}

/// The error for a damaged `part` of a file.
fn damaged(part: Part, what: impl std::fmt::Display) -> Error {
    Error::value(format!(
        "invalid Parquet {part} ({what}): the file is damaged or not Parquet"
    ))
}

struct Walk<'a> {
    bytes: &'a [u8],
    part: Part,
    pos: usize,
    /// The number of schema elements, once the schema's list header is read.
    schema_len: Option<i64>,
    /// The fields of a page header the checks use, once read.
    page: pages::PageFields,
    /// Whether the walk stopped on a declared count that the bytes left cannot hold (the
    /// decoder would loop over that count), rather than on bytes it cannot parse.
    oversized: bool,
}

impl<'a> Walk<'a> {
    fn new(bytes: &'a [u8], part: Part) -> Walk<'a> {
        Walk {
            bytes,
            part,
            pos: 0,
            schema_len: None,
            page: pages::PageFields::default(),
            oversized: false,
        }
    }

    fn corrupt(&self, what: impl std::fmt::Display) -> Error {
        damaged(self.part, what)
    }

    fn left(&self) -> usize {
        self.bytes.len() - self.pos
    }

    fn byte(&mut self) -> Result<u8> {
        let b = *self
            .bytes
            .get(self.pos)
            .ok_or_else(|| self.corrupt("it ends in the middle of a value"))?;
        self.pos += 1;
        Ok(b)
    }

    fn skip(&mut self, n: usize) -> Result<()> {
        if n > self.left() {
            return Err(self.corrupt(format!(
                "a value of {n} bytes where {} are left",
                self.left()
            )));
        }
        self.pos += n;
        Ok(())
    }

    fn varint(&mut self) -> Result<u64> {
        let mut v = 0u64;
        for shift in (0..70).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7f) << shift.min(63);
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(self.corrupt("a variable-length integer longer than 10 bytes"))
    }

    fn zigzag(&mut self) -> Result<i64> {
        let v = self.varint()?;
        Ok((v >> 1) as i64 ^ -((v & 1) as i64))
    }

    /// A declared element count, refused when the bytes left cannot hold that many elements
    /// of at least `min_bytes` each.
    fn count(&mut self, declared: u64, min_bytes: usize) -> Result<usize> {
        let fits = (self.left() / min_bytes.max(1)) as u64;
        if declared > fits {
            self.oversized = true;
            return Err(self.corrupt(format!(
                "a list declares {declared} elements in the {} bytes left",
                self.left()
            )));
        }
        Ok(declared as usize)
    }

    fn structure(&mut self, depth: usize, context: Context) -> Result<()> {
        if depth > MAX_DEPTH {
            return Err(self.corrupt(format!("structures nested deeper than {MAX_DEPTH}")));
        }
        let mut field: i16 = 0;
        loop {
            let header = self.byte()?;
            let kind = header & 0x0f;
            if kind == STOP {
                return Ok(());
            }
            let delta = header >> 4;
            field = if delta == 0 {
                i16::try_from(self.zigzag()?)
                    .map_err(|_| self.corrupt("a field id out of range"))?
            } else {
                field.wrapping_add(i16::from(delta))
            };
            match (context, field, kind) {
                (Context::FileMetaData, FILE_METADATA_SCHEMA, LIST) => self.schema(depth)?,
                (Context::SchemaElement, SCHEMA_ELEMENT_NUM_CHILDREN, I32) => {
                    let children = self.zigzag()?;
                    let elements = self.schema_len.unwrap_or(0);
                    if children < 0 || children >= elements.max(1) {
                        return Err(self.corrupt(format!(
                            "a schema element claims {children} children in a schema of \
                             {elements} elements"
                        )));
                    }
                }
                _ => match pages::known_field(context, field) {
                    Some(pages::Known::Int) => {
                        let v = self.zigzag()?;
                        self.page.record(context, field, v);
                    }
                    Some(pages::Known::Struct(inner)) => self.structure(depth + 1, inner)?,
                    None => self.value(kind, depth, true)?,
                },
            }
        }
    }

    /// The schema: a list header, then its elements, checked as SchemaElements.
    fn schema(&mut self, depth: usize) -> Result<()> {
        let (n, kind) = self.list_header()?;
        self.schema_len = Some(n as i64);
        for _ in 0..n {
            if kind == STRUCT {
                self.structure(depth + 1, Context::SchemaElement)?;
            } else {
                self.value(kind, depth + 1, false)?;
            }
        }
        Ok(())
    }

    fn list_header(&mut self) -> Result<(usize, u8)> {
        let h = self.byte()?;
        let kind = h & 0x0f;
        let short = u64::from(h >> 4);
        let declared = if short == 15 { self.varint()? } else { short };
        Ok((self.count(declared, 1)?, kind))
    }

    /// Skip one value of `kind`; `in_field` tells a boolean field (its value is in the
    /// header) from a boolean element of a container (one byte).
    fn value(&mut self, kind: u8, depth: usize, in_field: bool) -> Result<()> {
        match kind {
            TRUE | FALSE if in_field => Ok(()),
            TRUE | FALSE | BYTE => self.skip(1),
            I16 | I32 | I64 => self.varint().map(drop),
            DOUBLE => self.skip(8),
            UUID => self.skip(16),
            BINARY => {
                let len = self.varint()?;
                let len = self.count(len, 1)?;
                self.skip(len)
            }
            LIST | SET => {
                let (n, elem) = self.list_header()?;
                for _ in 0..n {
                    self.value(elem, depth + 1, false)?;
                }
                Ok(())
            }
            MAP => {
                let declared = self.varint()?;
                if declared == 0 {
                    return Ok(());
                }
                let n = self.count(declared, 2)?;
                let kinds = self.byte()?;
                for _ in 0..n {
                    self.value(kinds >> 4, depth + 1, false)?;
                    self.value(kinds & 0x0f, depth + 1, false)?;
                }
                Ok(())
            }
            STRUCT => self.structure(depth + 1, Context::Other),
            other => Err(self.corrupt(format!("an unknown value type {other}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written_footer() -> Vec<u8> {
        use arrow_array::types::Int64Type;
        use arrow_array::{ArrayRef, Int64Array, ListArray, StringArray, StructArray};
        use arrow_schema::{DataType, Field};
        use std::sync::Arc;
        let list = ListArray::from_iter_primitive::<Int64Type, _, _>(vec![
            Some(vec![Some(1), None]),
            None,
        ]);
        let inner = StructArray::from(vec![(
            Arc::new(Field::new("s", DataType::Utf8, true)),
            Arc::new(StringArray::from(vec![Some("a"), None])) as ArrayRef,
        )]);
        let batch = arrow_array::RecordBatch::try_from_iter(vec![
            ("i", Arc::new(Int64Array::from(vec![1, 2])) as ArrayRef),
            ("l", Arc::new(list) as ArrayRef),
            ("st", Arc::new(inner) as ArrayRef),
        ])
        .unwrap();
        let mut out = vec![];
        let mut w = parquet::arrow::ArrowWriter::try_new(&mut out, batch.schema(), None).unwrap();
        w.write(&batch).unwrap();
        w.close().unwrap();
        out
    }

    #[test]
    fn a_written_footer_passes() {
        let file = written_footer();
        let footer = footer_of(&file).expect("a plain footer");
        check_footer(footer).unwrap();
    }

    #[test]
    fn every_truncation_of_a_footer_is_an_error_not_a_panic() {
        let file = written_footer();
        let footer = footer_of(&file).unwrap();
        for cut in 0..footer.len() {
            assert!(check_footer(&footer[..cut]).is_err(), "cut at {cut}");
        }
    }

    #[test]
    fn oversized_counts_and_deep_nesting_are_refused() {
        // A list of 2^40 i32 in field 1 of the FileMetaData.
        let huge_list = [0x19, 0xf5, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20, 0x00];
        let err = check_footer(&huge_list).unwrap_err().to_string();
        assert!(err.contains("declares"), "{err}");
        // Struct in field 1, nested 100 deep.
        let mut deep = vec![0x1c; 100];
        deep.extend(vec![0x00; 101]);
        let err = check_footer(&deep).unwrap_err().to_string();
        assert!(err.contains("deeper"), "{err}");
        // A schema element with -1 children.
        let negative = [0x29, 0x1c, 0x55, 0x01, 0x00, 0x00];
        assert!(
            check_footer(&negative)
                .unwrap_err()
                .to_string()
                .contains("-1 children")
        );
    }

    #[test]
    fn the_libfuzzer_finding_is_refused() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fuzz_regressions/libfuzzer_schema_num_children_5gb.parquet"
        );
        let file = std::fs::read(path).unwrap();
        let err = check_footer(footer_of(&file).unwrap())
            .unwrap_err()
            .to_string();
        assert!(err.contains("children"), "{err}");
    }
}

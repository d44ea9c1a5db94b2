//! CSV reading and writing (pylibcudf's `io.csv`).
//!
//! - [`options`]: the reader's options and the arrow-csv format and missing-value tokens
//!   they give;
//! - [`reader`]: `read_csv`: header and names, cutting the input into pieces of whole
//!   rows, the decode loop;
//! - [`parse`]: type inference, decoding one piece with arrow-csv, error locations and the
//!   conversions applied after decoding;
//! - [`fast`]: the single-pass decoder of plain pieces that the reader tries first;
//! - [`writer`]: `write_csv` and its options.
//!
//! The reader cuts the (decompressed) input into pieces of whole rows, infers column types
//! on a sample of every piece, and decodes the pieces in parallel with `arrow-csv`; the
//! decoded pieces are concatenated once per column. Type inference follows libcudf rather
//! than arrow-csv where they differ: dates stay strings unless named in `parse_dates`,
//! and the default missing-value tokens are pandas' (`""`, `NA`, `NaN`, `null`, ...).
//!
//! Errors name the data row (0-based, not counting the header) and the column:
//!
//! ```
//! use ferrodf_core::io::{SourceInfo, csv::{CsvReaderOptions, read_csv}};
//! use ferrodf_core::{DataType, TypeId};
//! let src = SourceInfo::from_bytes(b"a,b\n1,2\n3,x\n".to_vec());
//! let opts = CsvReaderOptions {
//!     dtypes: vec![("b".into(), DataType::from(TypeId::Int64))],
//!     ..Default::default()
//! };
//! let e = read_csv(&src, &opts).unwrap_err().to_string();
//! assert!(e.contains("'x'") && e.contains("column 1") && e.contains("row 1"), "{e}");
//! ```

mod fast;
mod options;
mod parse;
mod reader;
mod writer;

pub use options::{ColumnRef, CsvReaderOptions, DEFAULT_NA_VALUES};
pub use reader::read_csv;
pub use writer::{CsvWriterOptions, write_csv};

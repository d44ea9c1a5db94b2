//! Reading and writing frames with pandas' arguments: [`read_csv`], [`read_parquet`] and
//! [`read_json`] give a [`DataFrame`](crate::DataFrame); [`DataFrame::to_csv`],
//! [`DataFrame::to_parquet`] and [`DataFrame::to_json`] write one.
//!
//! The formats are the core's readers and writers (`ferrodf::core::io`, on arrow-rs); this
//! module holds what pandas adds on top: its argument names and defaults (`header="infer"`,
//! `usecols` by name or position, `dtype` by pandas dtype name, `index_col`, compression
//! names), and how the index is written (its levels as leading columns, named after them).
//!
//! ```
//! use ferrodf::io::{ReadCsv, ToCsv, read_csv};
//! let df = read_csv(b"id,x\n1,0.5\n2,1.5\n".to_vec(), &ReadCsv::new().index_col(["id"])).unwrap();
//! assert_eq!(df.shape(), (2, 1));
//! assert_eq!(df.to_csv_string(&ToCsv::new()).unwrap(), "id,x\n1,0.5\n2,1.5\n");
//! ```

mod csv;
mod frames;
mod json;
mod parquet;

pub use csv::{Header, ReadCsv, ToCsv, read_csv};
pub use frames::UnnamedLevels;
pub use json::{ReadJson, ToJson, read_json};
pub use parquet::{ReadParquet, ToParquet, read_parquet};

use ferrodf_core::io::{CompressionType, SinkInfo, SourceInfo};
use ferrodf_core::{Error, Result};
use std::path::{Path, PathBuf};

/// What a reader reads: a path, the bytes of a file, or several of them (rows of every
/// source one after the other).
pub trait IntoSource {
    /// The core's description of the sources.
    fn into_source(self) -> SourceInfo;
}

impl IntoSource for SourceInfo {
    fn into_source(self) -> SourceInfo {
        self
    }
}

impl IntoSource for &str {
    fn into_source(self) -> SourceInfo {
        SourceInfo::from_paths([self])
    }
}

impl IntoSource for String {
    fn into_source(self) -> SourceInfo {
        SourceInfo::from_paths([self])
    }
}

impl IntoSource for &Path {
    fn into_source(self) -> SourceInfo {
        SourceInfo::from_paths([self])
    }
}

impl IntoSource for PathBuf {
    fn into_source(self) -> SourceInfo {
        SourceInfo::from_paths([self])
    }
}

impl IntoSource for Vec<u8> {
    fn into_source(self) -> SourceInfo {
        SourceInfo::from_bytes(self)
    }
}

impl IntoSource for &[u8] {
    fn into_source(self) -> SourceInfo {
        SourceInfo::from_bytes(self.to_vec())
    }
}

/// What a writer writes to: a path, or memory (the bytes are then returned by the
/// `_string`/`_bytes` forms of the writers).
pub trait IntoSink {
    /// The core's description of the sink.
    fn into_sink(self) -> SinkInfo;
}

impl IntoSink for SinkInfo {
    fn into_sink(self) -> SinkInfo {
        self
    }
}

impl IntoSink for &str {
    fn into_sink(self) -> SinkInfo {
        SinkInfo::path(self)
    }
}

impl IntoSink for &Path {
    fn into_sink(self) -> SinkInfo {
        SinkInfo::path(self)
    }
}

impl IntoSink for PathBuf {
    fn into_sink(self) -> SinkInfo {
        SinkInfo::path(self)
    }
}

/// The compression pandas calls `name` (`None`: not compressed; `"infer"`: detected from
/// the content when reading).
///
/// ```
/// use ferrodf::io::compression;
/// use ferrodf::core::io::CompressionType;
/// assert_eq!(compression(Some("gzip")).unwrap(), CompressionType::Gzip);
/// assert!(compression(Some("rar")).is_err());
/// ```
pub fn compression(name: Option<&str>) -> Result<CompressionType> {
    Ok(match name {
        None => CompressionType::None,
        Some("infer") => CompressionType::Auto,
        Some("gzip") => CompressionType::Gzip,
        Some("bz2") => CompressionType::Bzip2,
        Some("zstd") => CompressionType::Zstd,
        Some("snappy") => CompressionType::Snappy,
        Some("lz4") => CompressionType::Lz4,
        Some("brotli") => CompressionType::Brotli,
        Some(other) => {
            return Err(Error::value(format!(
                "unsupported compression {other:?}; use one of None, 'infer', 'gzip', 'bz2', \
                 'zstd', 'snappy', 'lz4', 'brotli'"
            )));
        }
    })
}

/// A one-byte separator or marker given as text (pandas takes `sep=";"`).
pub(crate) fn one_byte(what: &str, text: &str) -> Result<u8> {
    match text.as_bytes() {
        [b] if b.is_ascii() => Ok(*b),
        _ => Err(Error::value(format!(
            "{what} must be one ASCII character, got {text:?}"
        ))),
    }
}

//! Parquet file footers as values: pylibcudf's `read_parquet_footers` (one decoded footer
//! per source) and the column-chunk metadata blobs of `write_parquet` that
//! `merge_row_group_metadata` joins into one dataset `_metadata` file.
//!
//! A blob is a metadata-only Parquet file: `PAR1`, the Thrift `FileMetaData` (every column
//! chunk's `file_path` set to the path the data file will have), its length and `PAR1`, as
//! libcudf and pyarrow (`pyarrow.parquet.write_metadata`) write it. Everything here runs on
//! the host: footers are small and Thrift decoding is sequential.
//!
//! ```
//! use ferrodf_core::io::parquet_footer::{FileFooter, merge_row_group_metadata};
//! use ferrodf_core::io::{SinkInfo, SourceInfo, parquet::ParquetChunkedWriter};
//! use ferrodf_core::{Column, Table};
//! let t = Table::new(vec![Column::from_values(vec![1i64, 2, 3])]).unwrap();
//! let mut blobs = vec![];
//! for path in ["part.0.parquet", "part.1.parquet"] {
//!     let sink = SinkInfo::memory();
//!     let mut w = ParquetChunkedWriter::new(&sink, &Default::default()).unwrap();
//!     w.write(&t, Some(&["x".into()])).unwrap();
//!     blobs.push(w.close_with_metadata(&[path.to_string()]).unwrap());
//! }
//! let merged = merge_row_group_metadata(&blobs).unwrap();
//! let footer = FileFooter::parse(&merged).unwrap();
//! assert_eq!((footer.num_rows(), footer.num_row_groups()), (6, 2));
//! assert_eq!(footer.file_paths(), vec!["part.0.parquet", "part.1.parquet"]);
//! ```

use super::guard;
use super::source::{Source, SourceInfo};
use crate::error::{Error, Result};
use bytes::Bytes;
use parquet::file::metadata::{
    FileMetaData, ParquetMetaData, ParquetMetaDataReader, ParquetMetaDataWriter, RowGroupMetaData,
};

/// The magic bytes that open and close a Parquet file.
const MAGIC: &[u8; 4] = b"PAR1";

/// One decoded Parquet footer (libcudf's `parquet::FileMetaData`).
#[derive(Debug, Clone)]
pub struct FileFooter(ParquetMetaData);

impl FileFooter {
    /// The footer of a Parquet file or metadata blob held in `bytes` (`ValueError` when
    /// they are not one).
    pub fn parse(bytes: &[u8]) -> Result<FileFooter> {
        guard("reading a Parquet footer", || {
            let b = Bytes::copy_from_slice(bytes);
            if b.len() < 12 || &b[..4] != MAGIC {
                return Err(Error::value(format!(
                    "{} bytes are not a Parquet file or metadata blob (no PAR1 header)",
                    b.len()
                )));
            }
            super::parquet_guard::check_source(&Source::Bytes(b.clone()))?;
            let md = ParquetMetaDataReader::new()
                .parse_and_finish(&b)
                .map_err(|e| Error::value(format!("not a Parquet footer: {e}")))?;
            Ok(FileFooter(md))
        })
    }

    /// The footer of `source`.
    fn of(source: &Source) -> Result<FileFooter> {
        let name = source.name();
        super::parquet_guard::check_source(source)?;
        let md = match source {
            Source::Path(p) => ParquetMetaDataReader::new().parse_and_finish(&Source::open(p)?),
            Source::Bytes(b) => ParquetMetaDataReader::new().parse_and_finish(b),
        };
        md.map(FileFooter)
            .map_err(|e| Error::value(format!("{name}: not a Parquet file: {e}")))
    }

    /// The decoded metadata.
    pub fn metadata(&self) -> &ParquetMetaData {
        &self.0
    }

    /// Rows in the file.
    pub fn num_rows(&self) -> i64 {
        self.0.file_metadata().num_rows()
    }

    /// Row groups in the file.
    pub fn num_row_groups(&self) -> usize {
        self.0.num_row_groups()
    }

    /// The format version the footer declares.
    pub fn version(&self) -> i32 {
        self.0.file_metadata().version()
    }

    /// The writer that made the file, when the footer says.
    pub fn created_by(&self) -> Option<&str> {
        self.0.file_metadata().created_by()
    }

    /// The footer's key-value metadata in file order (a key without a value gives "").
    pub fn key_value_metadata(&self) -> Vec<(String, String)> {
        self.0
            .file_metadata()
            .key_value_metadata()
            .map(|kv| {
                kv.iter()
                    .map(|k| (k.key.clone(), k.value.clone().unwrap_or_default()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The `file_path` of each row group's first column chunk ("" where unset).
    pub fn file_paths(&self) -> Vec<&str> {
        self.0
            .row_groups()
            .iter()
            .map(|rg| {
                rg.columns()
                    .first()
                    .and_then(|c| c.file_path())
                    .unwrap_or("")
            })
            .collect()
    }

    /// The footer as a metadata-only Parquet file.
    pub fn to_blob(&self) -> Result<Vec<u8>> {
        let mut out = MAGIC.to_vec();
        ParquetMetaDataWriter::new(&mut out, &self.0).finish()?;
        Ok(out)
    }
}

/// The footer of every source, in order (pylibcudf's `read_parquet_footers`).
pub fn read_parquet_footers(source: &SourceInfo) -> Result<Vec<FileFooter>> {
    guard("reading Parquet footers", || {
        source.non_empty()?.iter().map(FileFooter::of).collect()
    })
}

/// The metadata blob of a written file's `metadata` with every column chunk's
/// `file_path` set to `path`.
pub(crate) fn metadata_blob(metadata: ParquetMetaData, path: &str) -> Result<Vec<u8>> {
    let file = metadata.file_metadata().clone();
    let row_groups = metadata
        .row_groups()
        .iter()
        .map(|rg| with_file_path(rg, path))
        .collect::<Result<Vec<_>>>()?;
    FileFooter(ParquetMetaData::new(file, row_groups)).to_blob()
}

/// `rg` with every column chunk's `file_path` set to `path`.
fn with_file_path(rg: &RowGroupMetaData, path: &str) -> Result<RowGroupMetaData> {
    let columns = rg
        .columns()
        .iter()
        .map(|c| {
            c.clone()
                .into_builder()
                .set_file_path(path.to_string())
                .build()
        })
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok(rg
        .clone()
        .into_builder()
        .set_column_metadata(columns)
        .build()?)
}

/// One metadata blob holding the row groups of every blob in `blobs` in order
/// (pylibcudf's `merge_row_group_metadata`): the first blob's schema, key-value
/// metadata and writer, the row counts summed. `ValueError` for an empty list, a blob
/// that is not a Parquet footer, or blobs whose schemas differ.
pub fn merge_row_group_metadata<B: AsRef<[u8]>>(blobs: &[B]) -> Result<Vec<u8>> {
    let Some((first, rest)) = blobs.split_first() else {
        return Err(Error::value(
            "merge_row_group_metadata: the list of metadata blobs is empty; pass the blobs \
             that write_parquet returned with column_chunks_file_paths set",
        ));
    };
    let first = FileFooter::parse(first.as_ref())?;
    let fm = first.0.file_metadata();
    let mut row_groups: Vec<RowGroupMetaData> = first.0.row_groups().to_vec();
    let mut num_rows = fm.num_rows();
    for (k, blob) in rest.iter().enumerate() {
        let other = FileFooter::parse(blob.as_ref())?;
        if other.0.file_metadata().schema_descr().root_schema() != fm.schema_descr().root_schema() {
            return Err(Error::value(format!(
                "merge_row_group_metadata: blob {} has another schema than blob 0; only \
                 files of one dataset (the same columns and types) can be merged",
                k + 1
            )));
        }
        num_rows += other.num_rows();
        row_groups.extend(other.0.row_groups().iter().cloned());
    }
    let file = FileMetaData::new(
        fm.version(),
        num_rows,
        fm.created_by().map(str::to_string),
        fm.key_value_metadata().cloned(),
        fm.schema_descr_ptr(),
        fm.column_orders().cloned(),
    );
    FileFooter(ParquetMetaData::new(file, row_groups)).to_blob()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_blobs_are_value_errors() {
        assert!(matches!(FileFooter::parse(b"nope"), Err(Error::Value(_))));
        assert!(matches!(
            FileFooter::parse(b"PAR1\x00\x00\x00\x00garbagePAR1"),
            Err(Error::Value(_))
        ));
        let empty: [&[u8]; 0] = [];
        assert!(matches!(
            merge_row_group_metadata(&empty),
            Err(Error::Value(_))
        ));
    }
}

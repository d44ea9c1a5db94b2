//! Readers and writers for CSV, Parquet, JSON lines, ORC and Avro, Parquet footers, and
//! text split at a delimiter (pylibcudf's `io` module).
//!
//! Decoding runs on the host through arrow-rs (`arrow-csv`, `parquet`, `arrow-json`); the
//! record batches it produces become [`Column`](crate::Column)s through
//! [`crate::interop::arrow`] without copying their buffers, and move to the GPU lazily the
//! first time a device operation needs them (see [`crate::buffer`]), so "where the data
//! lands" follows the placement policy like every other column.
//!
//! Inputs are split and decoded on several threads where the format allows it: CSV and
//! JSON lines are cut at row boundaries and the pieces parsed in parallel, Parquet row
//! groups are decoded in parallel.
//!
//! Every failure is an [`Error`](crate::Error): missing or unreadable files keep their OS
//! error kind ([`Error::Io`](crate::Error::Io)), malformed content is
//! [`Error::Value`](crate::Error::Value) with the row, column or byte offset where it was
//! found. Panics inside the decoders are caught and reported as `Value` errors too, so a
//! corrupt file never takes the process down.
//!
//! ```
//! use ferrodf_core::io::{SourceInfo, csv::{CsvReaderOptions, read_csv}};
//! let src = SourceInfo::from_bytes(b"a,b\n1,x\n2,\n".to_vec());
//! let t = read_csv(&src, &CsvReaderOptions::default()).unwrap();
//! assert_eq!(t.column_names(), vec!["a", "b"]);
//! assert_eq!(t.table.num_rows(), 2);
//! assert_eq!(t.table.columns()[1].null_count().unwrap(), 1);
//! ```

pub mod avro;
pub mod compression;
mod concat;
pub mod csv;
pub mod json;
pub mod orc;
pub mod parquet;
pub mod parquet_footer;
pub mod parquet_guard;
pub mod parquet_metadata;
mod source;
mod split;
mod table_meta;
pub mod text;

pub use compression::CompressionType;
pub use source::{SinkInfo, Source, SourceInfo};
pub use table_meta::TableWithMetadata;

use crate::error::{Error, Result};
use crate::interop::arrow::record_batch;
use crate::named_enum::named_enum;
use arrow_array::{Array, ArrayRef, RecordBatch};
use rayon::prelude::*;
use std::sync::Arc;

/// A progress hook: called with (bytes done, bytes in total) as a read or write advances,
/// from any thread, so a front end can draw a progress bar. Calls are cheap and few (one
/// per chunk or row group), and `done` never decreases.
pub type Progress = Arc<dyn Fn(u64, u64) + Send + Sync>;

named_enum! {
    /// Which CSV fields are quoted (libcudf's `quote_style`; the reader only
    /// distinguishes `NONE`, which turns quote handling off, from the rest).
    #[derive(Default)]
    pub enum QuoteStyle in "io.types" {
        /// Quote fields that contain the delimiter, a quote or a line break.
        #[default]
        Minimal,
        /// Quote every field.
        All,
        /// Quote every non-numeric field.
        NonNumeric => "NONNUMERIC",
        /// Never quote.
        None,
    }
}

/// `Debug` for an options struct, showing the listed fields (`field as T` shows it cast):
/// the structs hold a progress hook, a closure without `Debug`, so none derives it.
macro_rules! debug_fields {
    ($Options:ident { $($field:ident $(as $cast:ty)?),* $(,)? }) => {
        impl std::fmt::Debug for $Options {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($Options))
                    $(.field(stringify!($field), &(self.$field $(as $cast)?)))*
                    .finish_non_exhaustive()
            }
        }
    };
}
pub(crate) use debug_fields;

/// Run a decoder, turning a panic inside arrow-rs (possible on hostile input) into a
/// `ValueError` instead of unwinding into the caller.
pub(crate) fn guard<T>(what: &str, f: impl FnOnce() -> Result<T>) -> Result<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            Err(Error::value(format!(
                "{what}: the input is malformed (the decoder failed: {msg})"
            )))
        }
    }
}

/// Call the progress hook, if any.
pub(crate) fn report(progress: &Option<Progress>, done: u64, total: u64) {
    if let Some(p) = progress {
        p(done, total);
    }
}

/// Concatenate batches of one schema, column by column in parallel (the pieces or sources
/// of one read, for every reader).
pub(crate) fn concat_batches(mut parts: Vec<RecordBatch>) -> Result<RecordBatch> {
    if parts.len() == 1 {
        return Ok(parts.pop().expect("one part"));
    }
    let schema = parts[0].schema();
    for (i, p) in parts.iter().enumerate().skip(1) {
        if p.schema().fields() != schema.fields() {
            return Err(Error::value(format!(
                "input {i} has columns {:?} but input 0 has {:?}; all inputs of one read \
                 must have the same columns and types",
                p.schema().fields(),
                schema.fields()
            )));
        }
    }
    let columns = (0..schema.fields().len())
        .into_par_iter()
        .map(|c| {
            let arrays: Vec<&dyn Array> = parts.iter().map(|p| p.column(c).as_ref()).collect();
            concat::concat_arrays(&arrays)
        })
        .collect::<Result<Vec<ArrayRef>>>()?;
    let rows = parts.iter().map(|p| p.num_rows()).sum();
    record_batch(schema, columns, rows)
}

/// The parts of a read that hold rows, or the first part when none does: a source's
/// empty placeholder may declare its columns nullable where the decoded batches of
/// another source do not, and must not make their schemas disagree.
pub(crate) fn drop_empty_parts(parts: Vec<RecordBatch>) -> Vec<RecordBatch> {
    if parts.iter().all(|p| p.num_rows() == 0) {
        return parts.into_iter().take(1).collect();
    }
    parts.into_iter().filter(|p| p.num_rows() > 0).collect()
}

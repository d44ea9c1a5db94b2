//! [`TableWithMetadata`]: what a reader returns.

use crate::error::Result;
use crate::interop::arrow::{ColumnMetadata, table_from_record_batch};
use crate::table::Table;
use arrow_array::RecordBatch;

/// A table and the names of its columns and of their nested children (pylibcudf's
/// `TableWithMetadata`).
#[derive(Debug, Clone)]
pub struct TableWithMetadata {
    /// The columns.
    pub table: Table,
    /// One entry per column: its name and its children's names.
    pub metadata: Vec<ColumnMetadata>,
}

impl TableWithMetadata {
    /// The top-level column names.
    pub fn column_names(&self) -> Vec<&str> {
        self.metadata.iter().map(|m| m.name.as_str()).collect()
    }

    /// Convert a decoded record batch (its buffers are shared, not copied).
    pub fn from_record_batch(batch: &RecordBatch) -> Result<TableWithMetadata> {
        let (table, metadata) = table_from_record_batch(batch)?;
        Ok(TableWithMetadata { table, metadata })
    }
}

//! [`Table`]: an ordered set of columns of equal length.

use crate::column::Column;
use crate::error::{Error, Result};

/// Columns of equal length, cheap to clone.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table};
/// let t = Table::new(vec![Column::from_values(vec![1i64, 2]), Column::from_values(vec![0.5f64, 1.5])]).unwrap();
/// assert_eq!((t.num_rows(), t.num_columns()), (2, 2));
/// assert!(Table::new(vec![Column::from_values(vec![1i64]), Column::from_values(vec![1i64, 2])]).is_err());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Table {
    columns: Vec<Column>,
    num_rows: usize,
}

impl Table {
    /// A table of `columns`; errors with `ValueError` if their lengths differ.
    pub fn new(columns: Vec<Column>) -> Result<Table> {
        let num_rows = columns.first().map_or(0, Column::size);
        if let Some((i, c)) = columns
            .iter()
            .enumerate()
            .find(|(_, c)| c.size() != num_rows)
        {
            return Err(Error::value(format!(
                "all columns of a table must have the same length: column 0 has {num_rows} rows, column {i} has {}",
                c.size()
            )));
        }
        Ok(Table { columns, num_rows })
    }

    /// A table with no columns and `num_rows` rows.
    pub fn empty_with_rows(num_rows: usize) -> Table {
        Table {
            columns: vec![],
            num_rows,
        }
    }

    /// The columns.
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }
    /// Number of rows.
    pub fn num_rows(&self) -> usize {
        self.num_rows
    }
    /// Number of columns.
    pub fn num_columns(&self) -> usize {
        self.columns.len()
    }
    /// A copy sharing no buffers with this table (pylibcudf's `Table.copy`).
    pub fn deep_copy(&self) -> Result<Table> {
        let columns = self
            .columns
            .iter()
            .map(Column::deep_copy)
            .collect::<Result<Vec<_>>>()?;
        Ok(Table {
            columns,
            num_rows: self.num_rows,
        })
    }

    /// The columns, by value.
    pub fn into_columns(self) -> Vec<Column> {
        self.columns
    }
}

//! Frames to and from the readers and writers of `ferrodf::core::io`: pandas' rules for
//! the row labels (`index_col` when reading; the index written as leading columns when
//! writing, named after its levels).

use ferrodf_core::io::TableWithMetadata;
use ferrodf_core::{Column, Error, Result, Table};

use crate::DataFrame;
use crate::index::Index;
use crate::label::Label;

/// How a writer names index levels without a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnnamedLevels {
    /// An empty header (pandas' `to_csv`).
    Empty,
    /// `__index_level_<i>__` (pandas' `to_parquet`).
    Numbered,
}

impl DataFrame {
    /// A frame from the columns a reader returned and their names; the columns named or
    /// numbered (0-based) by `index_col` become the index (pandas' `index_col`).
    ///
    /// ```
    /// use ferrodf::{DataFrame, Label};
    /// use ferrodf::core::Column;
    /// let cols = vec![Column::from_values(vec![1i64, 2]), Column::from_values(vec![0.5f64, 1.5])];
    /// let df = DataFrame::from_read(cols, vec!["id".into(), "x".into()], &[Label::Int(0)]).unwrap();
    /// assert_eq!((df.shape(), df.index().names()), ((2, 1), vec![Label::from("id")]));
    /// ```
    pub fn from_read(
        columns: Vec<Column>,
        names: Vec<String>,
        index_col: &[Label],
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let pairs: Vec<(Label, Column)> = names
            .iter()
            .map(|n| Label::from(n.as_str()))
            .zip(columns)
            .collect();
        let df = DataFrame::from_columns(pairs)?;
        if index_col.is_empty() {
            return Ok(df);
        }
        let keys = index_col
            .iter()
            .map(|k| match k {
                Label::Int(i) => names
                    .get(*i as usize)
                    .filter(|_| *i >= 0)
                    .map(|n| Label::from(n.as_str()))
                    .ok_or_else(|| {
                        Error::index(format!(
                            "index_col {i} is out of range for {} columns",
                            names.len()
                        ))
                    }),
                other => Ok(other.clone()),
            })
            .collect::<Result<Vec<_>>>()?;
        df.set_index(keys, true)
    }

    /// A frame from what a core reader returned (columns named by the file), with the
    /// columns `index_col` names or numbers as the index.
    ///
    /// ```
    /// use ferrodf::DataFrame;
    /// use ferrodf::core::io::{SourceInfo, csv::{CsvReaderOptions, read_csv}};
    /// let read = read_csv(&SourceInfo::from_bytes(&b"k,v\n1,2\n"[..]), &CsvReaderOptions::default()).unwrap();
    /// let df = DataFrame::from_read_result(read, &["k".into()]).unwrap();
    /// assert_eq!(df.shape(), (1, 1));
    /// ```
    pub fn from_read_result(result: TableWithMetadata, index_col: &[Label]) -> Result<DataFrame> {
        let names = result
            .column_names()
            .into_iter()
            .map(str::to_string)
            .collect();
        DataFrame::from_read(result.table.columns().to_vec(), names, index_col)
    }

    /// The table and column names a writer takes. With `index` (`None`: unless the index
    /// is the default RangeIndex) the index levels come first, named after the levels,
    /// unnamed ones as `unnamed` says.
    ///
    /// ```
    /// use ferrodf::df;
    /// use ferrodf::io::UnnamedLevels;
    /// let df = df!("x" => [1i64, 2]).unwrap();
    /// let (_, names) = df.to_write(Some(true), UnnamedLevels::Empty).unwrap();
    /// assert_eq!(names, vec!["".to_string(), "x".to_string()]);
    /// let (_, names) = df.to_write(None, UnnamedLevels::Numbered).unwrap();
    /// assert_eq!(names, vec!["x".to_string()]);
    /// ```
    pub fn to_write(
        &self,
        index: Option<bool>,
        unnamed: UnnamedLevels,
    ) -> Result<(Table, Vec<String>)> {
        let _operation = ferrodf_core::memory::enter_operation();
        let with_index = index.unwrap_or_else(|| !self.index().is_default());
        let mut columns = Vec::new();
        let mut names = Vec::new();
        if with_index {
            let index: &Index = self.index();
            for (i, (name, column)) in index
                .names()
                .into_iter()
                .zip(index.level_columns()?)
                .enumerate()
            {
                names.push(match (name, unnamed) {
                    (Label::None, UnnamedLevels::Empty) => String::new(),
                    (Label::None, UnnamedLevels::Numbered) => format!("__index_level_{i}__"),
                    (named, _) => named.to_plain_string(),
                });
                columns.push(column);
            }
        }
        for (label, column) in self.data().iter() {
            names.push(label.to_plain_string());
            columns.push(column.clone());
        }
        Ok((Table::new(columns)?, names))
    }
}

//! pandas' `memory_usage`: the bytes each column and the index hold.
//!
//! ferrodf's columns are Arrow-layout buffers (data, offsets, validity, children), so the
//! figure is those buffers' sizes wherever they live (host or device). pandas' `deep`
//! asks it to follow the pointers of object columns; ferrodf has no object columns, so
//! `deep` changes nothing (as in cuDF). A RangeIndex holds no buffer and counts 0 bytes.

use ferrodf_core::column::Column;
use ferrodf_core::error::Result;

use crate::dataframe::DataFrame;
use crate::index::Index;
use crate::label::Label;
use crate::series::{IntoColumn, Series};

/// The bytes of a column's buffers (data, offsets, validity and its children's).
pub(crate) fn column_bytes(column: &Column) -> usize {
    let mut total = 0;
    column.visit_buffers(&mut |b| total += b.len());
    total
}

/// The bytes of an index's label columns (0 for a RangeIndex).
pub(crate) fn index_bytes(index: &Index) -> usize {
    match index {
        Index::Range { .. } => 0,
        Index::Column { column, .. } => column_bytes(column),
        Index::Multi { levels, .. } => levels.iter().map(column_bytes).sum(),
    }
}

impl DataFrame {
    /// pandas' `df.memory_usage(index=...)`: the bytes of each column, an int64 Series
    /// indexed by the column labels, led by an `"Index"` entry for the index when `index`
    /// is true. With tuple column labels the entry is `("Index", "", ...)`.
    ///
    /// ```
    /// use ferrodf::df;
    /// let df = df!("a" => [1i64, 2], "b" => [0.5f64, 1.5]).unwrap();
    /// let usage = df.memory_usage_by_column(true).unwrap();
    /// assert_eq!(usage.len(), 3); // "Index", "a", "b"
    /// assert_eq!(df.memory_usage(), 32);
    /// ```
    pub fn memory_usage_by_column(&self, index: bool) -> Result<Series> {
        let mut labels: Vec<Label> = Vec::with_capacity(self.data().len() + 1);
        let mut bytes: Vec<i64> = Vec::with_capacity(self.data().len() + 1);
        if index {
            let nlevels = self.data().names().first().map_or(1, |l| l.levels().len());
            labels.push(index_label(nlevels));
            bytes.push(index_bytes(self.index()) as i64);
        }
        for (label, column) in self.data().names().iter().zip(self.data().columns()) {
            labels.push(label.clone());
            bytes.push(column_bytes(column) as i64);
        }
        let result_index = crate::lookup::labels_index(&labels, self.data().level_names())?;
        Series::from_column(bytes.into_column(), Some(result_index), Label::None)
    }

    /// The bytes held by the columns and the index (the total of
    /// [`memory_usage_by_column`](Self::memory_usage_by_column)).
    pub fn memory_usage(&self) -> usize {
        let columns: usize = self.data().columns().iter().map(column_bytes).sum();
        columns + index_bytes(self.index())
    }
}

impl Series {
    /// pandas' `s.memory_usage(index=...)`: the bytes of the values, plus the index's
    /// when `index` is true.
    ///
    /// ```
    /// use ferrodf::Series;
    /// let s = Series::new("x", vec![1i64, 2, 3]);
    /// assert_eq!(s.memory_usage(true), 24); // a RangeIndex holds no buffer
    /// ```
    pub fn memory_usage(&self, index: bool) -> usize {
        column_bytes(self.column()) + if index { index_bytes(self.index()) } else { 0 }
    }
}

/// The label of the index's entry: `"Index"`, as a tuple padded with empty strings where
/// the column labels are tuples of `nlevels` parts (so the labels stay one MultiIndex).
fn index_label(nlevels: usize) -> Label {
    let name = Label::Str("Index".into());
    if nlevels <= 1 {
        return name;
    }
    let mut parts = vec![name];
    parts.resize(nlevels, Label::Str(String::new()));
    Label::Tuple(parts)
}

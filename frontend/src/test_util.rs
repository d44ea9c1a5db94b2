//! Small frames and readers shared by the unit tests of several modules.

use crate::{DataFrame, Label};
use ferrodf_core::Column;

/// A frame from `(label, column)` pairs.
pub fn frame(pairs: Vec<(&str, Column)>) -> DataFrame {
    DataFrame::from_columns(
        pairs
            .into_iter()
            .map(|(l, c)| (Label::from(l), c))
            .collect(),
    )
    .unwrap()
}

/// An int64 column's values, `None` where missing.
pub fn ints(c: &Column) -> Vec<Option<i64>> {
    let nulls = c.host_nulls().unwrap();
    let v = c.host_values::<i64>().unwrap();
    (0..c.size())
        .map(|i| nulls.as_ref().is_none_or(|n| n.is_valid(i)).then(|| v[i]))
        .collect()
}

//! The rows of each group: pandas' `GroupBy.groups` (every key with the row labels of its
//! group) and `get_group` (one group's rows). Dask's disk shuffle splits each partition
//! with them.

use ferrodf_core::ops::aggregation::NullPolicy;
use ferrodf_core::ops::groupby::GroupBy as CoreGroupBy;
use ferrodf_core::ops::search::{NullOrder, Order};
use ferrodf_core::ops::unary::is_null;
use ferrodf_core::{Column, Error, Result, Table};

use super::{GroupBy, fill_false};
use crate::compute::{BinaryOp, Operand, Value, binary_column};
use crate::dataframe::DataFrame;
use crate::index::Index;
use crate::label::Label;
use crate::lookup::label_of_first_row;
use crate::reshape::and_columns;
use crate::rows::RowSelection;

/// A key label as the value its key column is compared with.
fn value_of(label: &Label) -> Result<Value> {
    Ok(match label {
        Label::None => Value::Null,
        Label::Bool(b) => Value::Bool(*b),
        Label::Int(i) => Value::Int(i128::from(*i)),
        Label::Float(f) => Value::Float(*f),
        Label::Str(s) => Value::Str(s.clone()),
        Label::Tuple(_) => {
            return Err(Error::Key(format!(
                "{label} is a tuple, which is no value of one key column"
            )));
        }
    })
}

impl GroupBy {
    /// One key per group, in key order, with the labels of the group's rows in row order
    /// (pandas' `groups`, a dict there). A key is one label per key column, a tuple for
    /// several columns. Every key moves to the host: meant for a few groups.
    pub fn groups(&self) -> Result<Vec<(Label, Index)>> {
        let _operation = ferrodf_core::memory::enter_operation();
        if self.keyed.num_rows() == 0 {
            return Ok(Vec::new()); // no rows, no groups (and nothing to sort)
        }
        let keys = self.keyed.key_columns(&self.by)?;
        let n = keys.len();
        let nulls = if self.dropna {
            NullPolicy::Exclude
        } else {
            NullPolicy::Include
        };
        let grouped = CoreGroupBy::new(
            Table::new(keys)?,
            nulls,
            false,
            vec![Order::Ascending; n],
            vec![NullOrder::After; n],
        )?;
        let labels = Table::new(self.source.index().level_columns()?)?;
        let groups = grouped.get_groups(Some(&labels))?;
        let values = groups.values.expect("values were given").into_columns();
        groups
            .offsets
            .windows(2)
            .map(|w| {
                let (start, len) = (w[0], w[1] - w[0]);
                let parts = groups
                    .keys
                    .columns()
                    .iter()
                    .map(|c| label_of_first_row(&c.slice(start, 1)?))
                    .collect::<Result<Vec<_>>>()?;
                let rows = values
                    .iter()
                    .map(|c| c.slice(start, len))
                    .collect::<Result<Vec<Column>>>()?;
                Ok((Label::from_levels(parts), self.source.index().rebuild(rows)))
            })
            .collect()
    }

    /// The rows of the group whose key is `key` (a tuple for several key columns; `None`
    /// for a missing key when `dropna` is off), in row order, as pandas' `get_group`;
    /// KeyError when no group has that key.
    pub fn get_group(&self, key: &Label) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let parts = match (key, self.by.len()) {
            (_, 1) => vec![key.clone()],
            (Label::Tuple(parts), n) if parts.len() == n => parts.clone(),
            (_, n) => {
                return Err(Error::Key(format!(
                    "{key}: a groupby by {n} keys takes a tuple of {n} values in get_group"
                )));
            }
        };
        let keys = self.keyed.key_columns(&self.by)?;
        let mut mask: Option<Column> = None;
        for (column, part) in keys.iter().zip(&parts) {
            if matches!(part, Label::None) && self.dropna {
                return Err(Error::Key(format!(
                    "{key}: rows with a missing key form no group when dropna is on"
                )));
            }
            let matches = match part {
                Label::None => is_null(column)?,
                other => binary_column(
                    column,
                    BinaryOp::Eq,
                    Operand::Value(&value_of(other)?),
                    false,
                )?,
            };
            let matches = fill_false(&matches)?;
            mask = Some(match mask {
                None => matches,
                Some(previous) => and_columns(previous, &matches, false)?,
            });
        }
        let mask = mask.expect("a groupby has at least one key");
        let rows = self.source.select_rows(&RowSelection::Mask(mask))?;
        if rows.num_rows() == 0 {
            return Err(Error::Key(format!("{key}: no group has this key")));
        }
        match &self.selection {
            Some(labels) => {
                rows.select_columns(&crate::column_accessor::LabelKey::List(labels.clone()))
            }
            None => Ok(rows),
        }
    }
}

impl super::SeriesGroupBy {
    /// One key per group with the labels of its rows ([`GroupBy::groups`]).
    pub fn groups(&self) -> Result<Vec<(Label, Index)>> {
        self.grouped.groups()
    }

    /// The values of the group whose key is `key` ([`GroupBy::get_group`]).
    pub fn get_group(&self, key: &Label) -> Result<crate::Series> {
        let rows = self.grouped.get_group(key)?;
        let column = rows.data().get(&self.column)?.clone();
        crate::Series::from_column(column, Some(rows.index().clone()), self.name.clone())
    }
}

//! Label lookups of many labels at once (pandas' `get_indexer_for`, label slices): what
//! `.loc` with a list, an array or a slice of labels needs. They run where the labels are
//! (a hash join of the wanted labels against the index, a binary search on a sorted
//! index), so a GPU-resident index is not copied to the host.

use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, gather};
use ferrodf_core::ops::join::{JOIN_NONE, left_join};
use ferrodf_core::ops::search::{NullOrder, Order, lower_bound, upper_bound};
use ferrodf_core::ops::sorting::{is_sorted, stable_sorted_order};
use ferrodf_core::ops::stream_compaction::apply_boolean_mask;
use ferrodf_core::{Column, Error, Result, Table, TypeId};

use crate::compute::{BinaryOp, Operand, Value, binary_column};
use crate::index::Index;
use crate::lookup::{Location, label_of_first_row};
use crate::reshape::gather_column;

impl Index {
    /// The positions of the labels in `labels` (one level), in their order; a label found
    /// several times gives all its rows, in index order (pandas' `get_indexer_for`). A
    /// KeyError names up to five labels that are missing.
    ///
    /// ```
    /// use ferrodf::Index;
    /// use ferrodf::core::Column;
    /// let idx = Index::from_column(Column::from_values(vec![30i64, 10, 20]), None);
    /// let at = idx.get_indexer(&Column::from_values(vec![20i64, 30])).unwrap();
    /// assert_eq!(at.host_values::<i32>().unwrap().to_vec(), vec![2, 0]);
    /// assert!(idx.get_indexer(&Column::from_values(vec![40i64])).is_err());
    /// ```
    pub fn get_indexer(&self, labels: &Column) -> Result<Column> {
        self.get_indexer_levels(std::slice::from_ref(labels))
    }

    /// [`get_indexer`](Self::get_indexer) of MultiIndex keys: one column per level, or per
    /// leading level (row i of every column makes key i; a key of fewer levels matches
    /// every row under it, as pandas' `loc[["a", "c"]]` on a MultiIndex).
    pub fn get_indexer_levels(&self, labels: &[Column]) -> Result<Column> {
        let _operation = ferrodf_core::memory::enter_operation();
        let own = self.level_columns()?;
        if labels.len() > own.len() || labels.is_empty() {
            return Err(Error::Key(format!(
                "keys of {} levels for an index of {} levels",
                labels.len(),
                own.len()
            )));
        }
        if labels[0].size() == 0 {
            // no labels select no rows, whatever their type
            return Ok(Column::from_values(Vec::<i32>::new()));
        }
        let mut wanted = Vec::with_capacity(labels.len());
        let mut own_keys = Vec::with_capacity(own.len());
        for (label, level) in labels.iter().zip(own) {
            if label.dtype() == level.dtype() {
                wanted.push(label.clone());
                own_keys.push(level);
            } else if label.dtype().id().is_numeric() && level.dtype().id().is_numeric() {
                let common: ferrodf_core::DataType =
                    crate::compute::promote::result_type(level.dtype().id(), label.dtype().id())?
                        .into();
                wanted.push(cast(label, common)?);
                own_keys.push(cast(&level, common)?);
            } else {
                return Err(missing_labels(&labels[0], labels[0].size())?);
            }
        }
        let (wanted_rows, own_rows) =
            left_join(&Table::new(wanted)?, &Table::new(own_keys)?, true)?;
        // the labels' order, then index order within one label (the join's order is its
        // hash table's)
        let order = stable_sorted_order(
            &Table::new(vec![wanted_rows.clone(), own_rows.clone()])?,
            &[Order::Ascending, Order::Ascending],
            &[NullOrder::After, NullOrder::After],
        )?;
        let own_rows = gather_column(own_rows, &order, OutOfBoundsPolicy::DontCheck)?;
        let none = ferrodf_core::Scalar::from_native(JOIN_NONE);
        let absent = binary_column(
            &own_rows,
            BinaryOp::Eq,
            Operand::Value(&Value::Scalar(none)),
            false,
        )?;
        let absent_count = crate::compute::reduce_column(
            &absent,
            crate::compute::Reduction::Sum,
            crate::compute::ReduceOptions::default(),
        )?;
        if cast(absent_count.as_column(), TypeId::Int64.into())?.host_values::<i64>()?[0] > 0 {
            let wanted_rows = gather_column(wanted_rows, &order, OutOfBoundsPolicy::DontCheck)?;
            let missing_rows = apply_boolean_mask(&Table::new(vec![wanted_rows])?, &absent)?
                .into_columns()
                .remove(0);
            let missing = gather(
                &Table::new(vec![labels[0].clone()])?,
                &missing_rows,
                OutOfBoundsPolicy::DontCheck,
            )?
            .into_columns()
            .remove(0);
            return Err(missing_labels(&missing, missing.size())?);
        }
        Ok(own_rows)
    }

    /// The rows whose MultiIndex key starts with `key` (one value per level, a prefix of
    /// the levels allowed), as `get_loc` gives them; KeyError when none does.
    ///
    /// ```
    /// use ferrodf::Index;
    /// use ferrodf::lookup::Location;
    /// use ferrodf::core::Column;
    /// let idx = Index::multi(
    ///     vec![Column::from_values(vec![1i64, 1, 2]), Column::from_values(vec![7i64, 8, 7])],
    ///     None,
    /// ).unwrap();
    /// assert!(matches!(idx.get_loc_levels(&[1.into(), 8.into()]).unwrap(), Location::Row(1)));
    /// assert!(matches!(idx.get_loc_levels(&[1.into()]).unwrap(), Location::Rows(_)));
    /// assert!(idx.get_loc_levels(&[3.into()]).is_err());
    /// ```
    pub fn get_loc_levels(&self, key: &[Value]) -> Result<Location> {
        let _operation = ferrodf_core::memory::enter_operation();
        let levels = self.level_columns()?;
        let missing = || {
            Error::Key(format!(
                "({}) not found in the index",
                key.iter().map(key_text).collect::<Vec<_>>().join(", ")
            ))
        };
        if key.is_empty() || key.len() > levels.len() {
            return Err(missing());
        }
        let mut hits: Option<Column> = None;
        for (level, part) in levels.iter().zip(key) {
            let h = binary_column(level, BinaryOp::Eq, Operand::Value(part), false)
                .map_err(|_| missing())?;
            hits = Some(match hits {
                None => h,
                Some(acc) => binary_column(&acc, BinaryOp::And, Operand::Column(&h), false)?,
            });
        }
        let hits = hits.expect("at least one level");
        let n = hits.size();
        let rows = ferrodf_core::ops::filling::sequence(
            n,
            &ferrodf_core::Scalar::from_native(0i32),
            &ferrodf_core::Scalar::from_native(1i32),
        )?;
        let found = apply_boolean_mask(&Table::new(vec![rows])?, &hits)?
            .into_columns()
            .remove(0);
        match found.size() {
            0 => Err(missing()),
            1 if key.len() == levels.len() => {
                Ok(Location::Row(found.host_values::<i32>()?[0] as usize))
            }
            _ => Ok(Location::Rows(found)),
        }
    }

    /// The rows `start..=stop` of a label slice as a position range `[from, to)` (pandas'
    /// `slice_locs`): a bound present in the index is found where it is (its first row for
    /// `start`, its last for `stop`); on a sorted index a missing bound falls where it
    /// would be inserted, elsewhere it raises KeyError.
    ///
    /// ```
    /// use ferrodf::Index;
    /// use ferrodf::core::Column;
    /// let idx = Index::from_column(Column::from_values(vec![10i64, 20, 30, 40]), None);
    /// assert_eq!(idx.slice_positions(Some(&15.into()), Some(&30.into())).unwrap(), (1, 3));
    /// ```
    pub fn slice_positions(
        &self,
        start: Option<&Value>,
        stop: Option<&Value>,
    ) -> Result<(usize, usize)> {
        let _operation = ferrodf_core::memory::enter_operation();
        let from = match start {
            Some(k) => self.bound(k, false)?,
            None => 0,
        };
        let to = match stop {
            Some(k) => self.bound(k, true)?,
            None => self.len(),
        };
        Ok((from, to.max(from)))
    }

    fn bound(&self, key: &Value, upper: bool) -> Result<usize> {
        match self.get_loc(key) {
            Ok(Location::Row(i)) => return Ok(if upper { i + 1 } else { i }),
            Ok(Location::Rows(rows)) => {
                let rows = rows.host_values::<i32>()?;
                let contiguous = rows.windows(2).all(|w| w[1] == w[0] + 1);
                if !contiguous {
                    return Err(Error::Key(
                        "a label slice needs bounds that occur once or in one run; sort the \
                         index first (sort_index())"
                            .to_string(),
                    ));
                }
                let i = if upper {
                    rows[rows.len() - 1] + 1
                } else {
                    rows[0]
                };
                return Ok(i as usize);
            }
            Err(Error::Key(_)) if self.nlevels() == 1 => {}
            Err(e) => return Err(e),
        }
        // a missing bound: where it would go in a sorted index
        let own = self.level_columns()?.remove(0);
        let haystack = Table::new(vec![own.clone()])?;
        // pandas finds a missing bound in an increasing or a decreasing index
        let order = if is_sorted(&haystack, &[Order::Ascending], &[NullOrder::After])? {
            Order::Ascending
        } else if is_sorted(&haystack, &[Order::Descending], &[NullOrder::After])? {
            Order::Descending
        } else {
            return Err(Error::Key(format!(
                "{} is not in the index, and a label slice with a missing bound needs a sorted \
                 index; sort it first (sort_index())",
                key_text(key)
            )));
        };
        let needle = crate::compute::binary::fill_scalar(key, own.dtype()).map_err(|_| {
            Error::type_err(format!("cannot slice this index with {}", key_text(key)))
        })?;
        let needles = Table::new(vec![needle.as_column().clone()])?;
        let at = if upper {
            upper_bound(&haystack, &needles, &[order], &[NullOrder::After])?
        } else {
            lower_bound(&haystack, &needles, &[order], &[NullOrder::After])?
        };
        Ok(cast(&at, TypeId::Int64.into())?.host_values::<i64>()?[0] as usize)
    }
}

fn key_text(key: &Value) -> String {
    match key {
        Value::Str(s) => format!("{s:?}"),
        Value::Int(v) => v.to_string(),
        Value::Float(v) => v.to_string(),
        other => format!("{other:?}"),
    }
}

/// A KeyError naming up to five of `labels` (the first rows).
fn missing_labels(labels: &Column, n: usize) -> Result<Error> {
    let shown = n.min(5);
    let names = (0..shown)
        .map(|i| Ok(label_of_first_row(&labels.slice(i, 1)?)?.to_string()))
        .collect::<Result<Vec<_>>>()?;
    Ok(Error::Key(format!(
        "labels [{}] not found in the index",
        names.join(", ")
    )))
}

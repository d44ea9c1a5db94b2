//! Row labels: [`Index`] with its three shapes, `RangeIndex` (no data), a one-column index
//! and `MultiIndex` (one column per level, as cuDF stores it).

use ferrodf_core::ops::aggregation::Aggregation;
use ferrodf_core::ops::binaryop::{BinaryOperator, Operand, binary_operation};
use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, gather};
use ferrodf_core::ops::filling::sequence;
use ferrodf_core::ops::null_mask::copy_bitmask;
use ferrodf_core::ops::reduce::reduce;
use ferrodf_core::ops::unary::is_nan;
use ferrodf_core::{Column, DataType, Error, Result, Scalar, Table, TypeId};

use crate::label::Label;
use crate::label_map::LabelMap;
use crate::rows::RowSelection;

/// The row labels of a Series or DataFrame.
///
/// ```
/// use ferrodf::Index;
/// let idx = Index::range(0, 10, 2, None).unwrap();
/// assert_eq!(idx.len(), 5);
/// assert_eq!(idx.to_string(), "RangeIndex(start=0, stop=10, step=2)");
/// ```
#[derive(Clone, Debug)]
pub enum Index {
    /// `start, start + step, ...` below `stop` (above it when `step < 0`); holds no data.
    Range {
        start: i64,
        stop: i64,
        step: i64,
        name: Label,
    },
    /// Labels held in one column, with their label -> positions map, built on the first
    /// lookup by label and shared by the clones (see [`crate::label_map`]).
    Column {
        column: Column,
        name: Label,
        map: LabelMap,
    },
    /// One column per level, all equally long.
    Multi {
        levels: Vec<Column>,
        names: Vec<Label>,
    },
}

impl Index {
    /// A RangeIndex; `step` must not be zero.
    pub fn range(start: i64, stop: i64, step: i64, name: Option<Label>) -> Result<Index> {
        if step == 0 {
            return Err(Error::value("RangeIndex step must not be zero".to_string()));
        }
        Ok(Index::Range {
            start,
            stop,
            step,
            name: name.unwrap_or(Label::None),
        })
    }

    /// The default index of `n` rows: `RangeIndex(0, n)`.
    pub fn default_for(n: usize) -> Index {
        Index::Range {
            start: 0,
            stop: n as i64,
            step: 1,
            name: Label::None,
        }
    }

    /// An index over the labels in `column`.
    pub fn from_column(column: Column, name: Option<Label>) -> Index {
        Index::Column {
            column,
            name: name.unwrap_or(Label::None),
            map: LabelMap::default(),
        }
    }

    /// A MultiIndex over equally long level columns.
    pub fn multi(levels: Vec<Column>, names: Option<Vec<Label>>) -> Result<Index> {
        if levels.is_empty() {
            return Err(Error::value(
                "a MultiIndex needs at least one level".to_string(),
            ));
        }
        let n = levels[0].size();
        if levels.iter().any(|l| l.size() != n) {
            return Err(Error::value(
                "MultiIndex levels must be equally long".to_string(),
            ));
        }
        let names = names.unwrap_or_else(|| vec![Label::None; levels.len()]);
        if names.len() != levels.len() {
            return Err(Error::value(format!(
                "{} names for {} MultiIndex levels: give one name per level",
                names.len(),
                levels.len()
            )));
        }
        Ok(Index::Multi { levels, names })
    }

    /// The number of labels.
    pub fn len(&self) -> usize {
        match self {
            Index::Range {
                start, stop, step, ..
            } => range_len(*start, *stop, *step),
            Index::Column { column, .. } => column.size(),
            Index::Multi { levels, .. } => levels[0].size(),
        }
    }

    /// Whether there are no labels.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of levels (1 unless a MultiIndex).
    pub fn nlevels(&self) -> usize {
        match self {
            Index::Multi { levels, .. } => levels.len(),
            _ => 1,
        }
    }

    /// The level names.
    pub fn names(&self) -> Vec<Label> {
        match self {
            Index::Range { name, .. } | Index::Column { name, .. } => vec![name.clone()],
            Index::Multi { names, .. } => names.clone(),
        }
    }

    /// A copy with other level names (one per level).
    pub fn with_names(&self, new: Vec<Label>) -> Result<Index> {
        if new.len() != self.nlevels() {
            return Err(Error::value(format!(
                "{} names for an index with {} levels",
                new.len(),
                self.nlevels()
            )));
        }
        let mut out = self.clone();
        match &mut out {
            Index::Range { name, .. } | Index::Column { name, .. } => *name = new[0].clone(),
            Index::Multi { names, .. } => *names = new,
        }
        Ok(out)
    }

    /// The labels as columns, one per level (a RangeIndex is materialized as int64).
    pub fn level_columns(&self) -> Result<Vec<Column>> {
        match self {
            Index::Range { start, step, .. } => Ok(vec![sequence(
                self.len(),
                &Scalar::from_native(*start),
                &Scalar::from_native(*step),
            )?]),
            Index::Column { column, .. } => Ok(vec![column.clone()]),
            Index::Multi { levels, .. } => Ok(levels.clone()),
        }
    }

    /// Whether both indexes hold the same labels in the same order (pandas' `equals`),
    /// decided where the labels live (on the GPU for device columns) without copying them
    /// to the host. pandas' rules: nulls equal nulls and NaN equals NaN; numbers and
    /// booleans of two types compare by value (`1 == 1.0 == true`), date-times and
    /// durations of two units too; categories compare by their values, with each other
    /// and with plain labels; strings never equal numbers or date-times, nor date-times
    /// durations.
    ///
    /// ```
    /// use ferrodf::Index;
    /// use ferrodf::core::Column;
    /// let a = Index::range(0, 4, 1, None).unwrap();
    /// let b = Index::from_column(Column::from_values(vec![0i64, 1, 2, 3]), None);
    /// assert!(a.same_labels(&b).unwrap());
    /// assert!(!a.same_labels(&Index::range(1, 5, 1, None).unwrap()).unwrap());
    /// let floats = Index::from_column(Column::from_values(vec![0.0f64, 1.0, 2.0, 3.0]), None);
    /// assert!(b.same_labels(&floats).unwrap());
    /// ```
    pub fn same_labels(&self, other: &Index) -> Result<bool> {
        if self.len() != other.len() || self.nlevels() != other.nlevels() {
            return Ok(false);
        }
        if let (
            Index::Range { start, step, .. },
            Index::Range {
                start: s2,
                step: s3,
                ..
            },
        ) = (self, other)
        {
            return Ok(self.is_empty() || (start == s2 && step == s3));
        }
        let (a, b) = (self.level_columns()?, other.level_columns()?);
        for (x, y) in a.iter().zip(&b) {
            if !same_values(x, y)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether this is the default `RangeIndex(0, n)` without a name.
    pub fn is_default(&self) -> bool {
        matches!(
            self,
            Index::Range {
                start: 0,
                step: 1,
                name: Label::None,
                ..
            }
        )
    }

    /// The labels of the rows `rows` selects. A RangeIndex stays a RangeIndex under slices.
    pub fn select(&self, rows: &RowSelection) -> Result<Index> {
        if let (
            Index::Range {
                start, step, name, ..
            },
            RowSelection::Slice {
                start: s,
                len,
                step: k,
            },
        ) = (self, rows)
        {
            let first = start + (*s as i64) * step;
            let new_step = step * (*k as i64);
            return Ok(Index::Range {
                start: first,
                stop: first + (*len as i64) * new_step,
                step: new_step,
                name: name.clone(),
            });
        }
        let columns = rows.apply(&self.level_columns()?)?;
        Ok(self.rebuild(columns))
    }

    /// The same kind of index (names kept) over other level columns.
    pub fn rebuild(&self, mut columns: Vec<Column>) -> Index {
        match self {
            Index::Range { name, .. } | Index::Column { name, .. } => {
                Index::from_column(columns.remove(0), Some(name.clone()))
            }
            Index::Multi { names, .. } => Index::Multi {
                levels: columns,
                names: names.clone(),
            },
        }
    }

    /// The labels at `positions` (for display), as table rows.
    pub fn gather_levels(&self, map: &Column) -> Result<Vec<Column>> {
        let table = Table::new(self.level_columns()?)?;
        Ok(gather(&table, map, OutOfBoundsPolicy::DontCheck)?.into_columns())
    }
}

fn range_len(start: i64, stop: i64, step: i64) -> usize {
    if step > 0 && stop > start {
        ((stop - start - 1) / step + 1) as usize
    } else if step < 0 && stop < start {
        ((start - stop - 1) / (-step) + 1) as usize
    } else {
        0
    }
}

impl std::fmt::Display for Index {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Index::Range {
                start,
                stop,
                step,
                name,
            } => {
                write!(f, "RangeIndex(start={start}, stop={stop}, step={step}")?;
                if *name != Label::None {
                    write!(f, ", name={name}")?;
                }
                f.write_str(")")
            }
            Index::Column { column, name, .. } => write!(
                f,
                "Index(<{} labels of {}>, name={name})",
                column.size(),
                column.dtype()
            ),
            Index::Multi { levels, names } => {
                let names: Vec<String> = names.iter().map(Label::to_string).collect();
                write!(
                    f,
                    "MultiIndex(<{} rows, {} levels>, names=[{}])",
                    self.len(),
                    levels.len(),
                    names.join(", ")
                )
            }
        }
    }
}

/// Whether two equally long columns of one type hold the same values (nulls equal nulls,
/// NaN equals NaN); `None` for different types, and for decimals, dictionaries and nested
/// columns: pandas decides those.
fn same_values(a: &Column, b: &Column) -> Result<bool> {
    if Column::ptr_eq(a, b) {
        return Ok(true);
    }
    let (id, other) = (a.dtype().id(), b.dtype().id());
    if id == TypeId::Dictionary32 || other == TypeId::Dictionary32 {
        // categories are compared by the values they stand for
        return same_values(&decoded(a)?, &decoded(b)?);
    }
    if a.dtype() != b.dtype() {
        return match common_label_type(id, other)? {
            Some(common) => same_values(&cast(a, common)?, &cast(b, common)?),
            // pandas: empty labels of any two types are the same, but for date-times
            // and durations, which equal nothing else
            None => Ok(a.size() == 0 && !is_time(id) && !is_time(other)),
        };
    }
    if a.size() == 0 {
        return Ok(true);
    }
    let bool8: DataType = TypeId::Bool8.into();
    let both = |x: &Column, y: &Column, op| {
        binary_operation(Operand::Column(x), Operand::Column(y), op, bool8)
    };
    let mut equal = match both(a, b, BinaryOperator::NullEquals) {
        Ok(equal) => equal,
        // labels of a type without an equality (lists, structs) are never the same
        Err(Error::Type(_) | Error::NotImplemented(_)) => return Ok(false),
        Err(e) => return Err(e),
    };
    if id.is_floating() {
        let nans = both(&is_nan(a)?, &is_nan(b)?, BinaryOperator::NullLogicalAnd)?;
        equal = both(&equal, &nans, BinaryOperator::NullLogicalOr)?;
    }
    let all = reduce(&equal, &Aggregation::All, bool8)?;
    Ok(all.value::<u8>()?.unwrap_or(1) != 0)
}

/// The type in which labels of two different types compare as pandas compares them, or
/// `None` when such labels are never equal (strings against numbers, date-times against
/// durations).
fn common_label_type(a: TypeId, b: TypeId) -> Result<Option<DataType>> {
    let number = |t: TypeId| t.is_integer() || t.is_floating() || t == TypeId::Bool8;
    if number(a) && number(b) {
        let widen = |t: TypeId| if t == TypeId::Bool8 { TypeId::Uint8 } else { t };
        return Ok(Some(
            crate::compute::promote::result_type(widen(a), widen(b))?.into(),
        ));
    }
    // type ids of date-times and durations ascend with finer units
    let finer = |x: TypeId, y: TypeId| if x as i32 >= y as i32 { x } else { y };
    if (a.is_timestamp() && b.is_timestamp()) || (a.is_duration() && b.is_duration()) {
        return Ok(Some(finer(a, b).into()));
    }
    Ok(None)
}

fn is_time(t: TypeId) -> bool {
    t.is_timestamp() || t.is_duration()
}

/// A dictionary (category) column as the column of the values its keys stand for; any
/// other column as it is.
pub(crate) fn decoded(col: &Column) -> Result<Column> {
    if col.dtype().id() != TypeId::Dictionary32 {
        return Ok(col.clone());
    }
    let keys = col.children()[0].slice(col.offset(), col.size())?;
    let values = Table::new(vec![col.children()[1].clone()])?;
    let picked = gather(&values, &keys, OutOfBoundsPolicy::Nullify)?
        .into_columns()
        .remove(0);
    if !col.has_nulls()? {
        return Ok(picked);
    }
    // the keys under missing categories are arbitrary: the column's own mask decides
    Column::new(
        picked.dtype(),
        picked.size(),
        picked.data().cloned(),
        Some(copy_bitmask(col)?),
        None,
        0,
        picked.children().to_vec(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_lengths() {
        assert_eq!(range_len(0, 10, 3), 4);
        assert_eq!(range_len(10, 0, -3), 4);
        assert_eq!(range_len(5, 5, 1), 0);
        assert_eq!(range_len(5, 0, 1), 0);
    }

    #[test]
    fn range_slices_stay_ranges() {
        let idx = Index::range(10, 30, 2, None).unwrap();
        let s = idx
            .select(&RowSelection::Slice {
                start: 2,
                len: 3,
                step: 2,
            })
            .unwrap();
        assert!(matches!(
            s,
            Index::Range {
                start: 14,
                stop: 26,
                step: 4,
                ..
            }
        ));
        assert_eq!(s.len(), 3);
    }
}

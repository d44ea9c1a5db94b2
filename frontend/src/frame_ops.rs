//! DataFrame operators with pandas' alignment: a scalar meets every column; a frame is
//! aligned on the row labels and on the column labels; a Series is matched with the
//! column labels (`df - df.mean()`).

use std::cmp::Ordering;

use ferrodf_core::ops::copying::get_element;
use ferrodf_core::{Column, Error, Result, TypeId};

use crate::align::align;
use crate::column_accessor::ColumnAccessor;
use crate::compute::binary::{is_bool_value, refuse_bool_arith};
use crate::compute::{BinaryOp, Operand, Value, binary_column};
use crate::label::Label;
use crate::{DataFrame, Series};

/// The other side of a DataFrame operator.
#[derive(Clone, Debug)]
pub enum FrameOther {
    /// One value for every cell.
    Value(Value),
    /// Aligned on the rows and the columns.
    Frame(DataFrame),
    /// Its labels matched with the column labels: each column meets one value.
    Series(Series),
}

impl<T: Into<Value>> From<T> for FrameOther {
    fn from(v: T) -> FrameOther {
        FrameOther::Value(v.into())
    }
}

impl From<&DataFrame> for FrameOther {
    fn from(df: &DataFrame) -> FrameOther {
        FrameOther::Frame(df.clone())
    }
}

impl From<&Series> for FrameOther {
    fn from(s: &Series) -> FrameOther {
        FrameOther::Series(s.clone())
    }
}

impl DataFrame {
    /// `self op other` (`other op self` when `reflected`) with pandas' alignment: frames
    /// are aligned on the union of the row labels and of the column labels (sorted when
    /// they differ; a column on one side only is missing throughout); a Series is matched
    /// with the column labels. Comparisons need identically labelled operands, as pandas'
    /// operators do (ValueError otherwise).
    ///
    /// ```
    /// use ferrodf::DataFrame;
    /// use ferrodf::compute::BinaryOp;
    /// use ferrodf::core::Column;
    /// let df = DataFrame::from_columns(vec![
    ///     ("a".into(), Column::from_values(vec![1i64, 2])),
    ///     ("b".into(), Column::from_values(vec![0.5f64, 1.5])),
    /// ]).unwrap();
    /// let twice = df.binary(BinaryOp::Mul, 2.into(), false).unwrap();
    /// assert_eq!(twice.data().get(&"a".into()).unwrap().host_values::<i64>().unwrap().to_vec(), vec![2, 4]);
    /// let centered = df.binary(BinaryOp::Sub, (&df.mean().unwrap()).into(), false).unwrap();
    /// assert_eq!(centered.data().get(&"b".into()).unwrap().host_values::<f64>().unwrap().to_vec(), vec![-0.5, 0.5]);
    /// ```
    pub fn binary(&self, op: BinaryOp, other: FrameOther, reflected: bool) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.refuse_bool_columns(op, &other)?;
        match other {
            FrameOther::Value(v) => {
                let cols = self
                    .data()
                    .columns()
                    .iter()
                    .map(|c| binary_column(c, op, Operand::Value(&v), reflected))
                    .collect::<Result<Vec<_>>>()?;
                self.with_data(self.data().with_columns(cols)?)
            }
            FrameOther::Frame(o) => self.binary_frame(op, &o, reflected),
            FrameOther::Series(s) => self.binary_series(op, &s, reflected),
        }
    }

    /// pandas' refusal of `/`, `//` and `**` between booleans (see [`refuse_bool_arith`]): a
    /// bool column against a bool scalar or against the other frame's bool column of the
    /// same label. A Series operand is not checked: pandas computes those.
    pub(crate) fn refuse_bool_columns(&self, op: BinaryOp, other: &FrameOther) -> Result<()> {
        let is_bool = |c: &Column| c.dtype().id() == TypeId::Bool8;
        match other {
            FrameOther::Value(v) => {
                let any_bool = self.data().columns().iter().any(is_bool);
                refuse_bool_arith(op, any_bool, is_bool_value(v))
            }
            FrameOther::Frame(o) => {
                let own = self.data().names().iter().zip(self.data().columns());
                for (label, _) in own.filter(|(_, c)| is_bool(c)) {
                    if let Ok(theirs) = o.data().get(label) {
                        refuse_bool_arith(op, true, is_bool(theirs))?;
                    }
                }
                Ok(())
            }
            FrameOther::Series(_) => Ok(()),
        }
    }

    fn binary_frame(&self, op: BinaryOp, other: &DataFrame, reflected: bool) -> Result<DataFrame> {
        let (own, theirs) = (self.data().names(), other.data().names());
        if op.is_comparison() && (own != theirs || !self.index().same_labels(other.index())?) {
            return Err(Error::value(
                "Can only compare identically-labeled (both index and columns) DataFrame \
                 objects; align them first (e.g. with the flex methods df.eq(other))",
            ));
        }
        self.zip_aligned(other, |l, r, _| match (l, r) {
            (Some(l), Some(r)) => binary_column(&l, op, Operand::Column(&r), reflected),
            // pandas: a column on one side only is missing throughout
            (Some(c), None) | (None, Some(c)) => {
                binary_column(&c, op, Operand::Value(&Value::Null), reflected)
            }
            (None, None) => unreachable!("the name comes from one side"),
        })
    }

    /// `self` and `other` combined column by column over the union of their labels, rows
    /// aligned on the index: `combine` gets each label's two columns taken into the aligned
    /// rows (`None` for a frame without the label) and the aligned row count.
    pub(crate) fn zip_aligned(
        &self,
        other: &DataFrame,
        mut combine: impl FnMut(Option<Column>, Option<Column>, usize) -> Result<Column>,
    ) -> Result<DataFrame> {
        let al = align(self.index(), other.index())?;
        let names = union_labels(self.data().names(), other.data().names());
        let n = al.index.len();
        let mut cols = Vec::with_capacity(names.len());
        for name in &names {
            let (l, r) = (self.data().get(name).ok(), other.data().get(name).ok());
            let l = l.map(|c| al.take_left(c)).transpose()?;
            let r = r.map(|c| al.take_right(c)).transpose()?;
            cols.push(combine(l, r, n)?);
        }
        let multiindex = self.data().multiindex() || other.data().multiindex();
        let data = result_accessor(self.data(), names, cols, multiindex)?;
        DataFrame::new(data, Some(al.index))
    }

    fn binary_series(&self, op: BinaryOp, other: &Series, reflected: bool) -> Result<DataFrame> {
        let own = self.data().names();
        let by_label = values_by_label(other)?;
        let theirs: Vec<Label> = by_label.iter().map(|(l, _)| l.clone()).collect();
        if op.is_comparison() && own != theirs.as_slice() {
            return Err(Error::value(
                "Operands are not aligned: comparing a DataFrame with a Series needs the \
                 Series' labels to be the columns, in order; select them first with \
                 series.loc[list(df.columns)]",
            ));
        }
        let names = union_labels(own, &theirs);
        let n = self.num_rows();
        let mut cols = Vec::with_capacity(names.len());
        for name in &names {
            let value = by_label.iter().find(|(l, _)| l == name).map(|(_, v)| v);
            let col = match (self.data().get(name).ok(), value) {
                (Some(c), Some(v)) => binary_column(c, op, Operand::Value(v), reflected)?,
                // pandas' all-NaN column
                (Some(c), None) => binary_column(c, op, Operand::Value(&Value::Null), reflected)?,
                (None, _) => all_missing(n)?,
            };
            cols.push(col);
        }
        let data = result_accessor(self.data(), names, cols, self.data().multiindex())?;
        self.with_data(data)
    }
}

/// The column labels of a result: `own` when both sides have the same, else the sorted
/// union (pandas' column alignment).
pub(crate) fn union_labels(own: &[Label], theirs: &[Label]) -> Vec<Label> {
    if own == theirs {
        own.to_vec()
    } else {
        sorted_union(own, theirs)
    }
}

/// The accessor of a result over `names`: the level names of `own` are kept when the
/// labels are its own.
pub(crate) fn result_accessor(
    own: &ColumnAccessor,
    names: Vec<Label>,
    columns: Vec<Column>,
    multiindex: bool,
) -> Result<ColumnAccessor> {
    let level_names = if names == own.names() {
        own.level_names().to_vec()
    } else {
        vec![]
    };
    ColumnAccessor::new(names, columns, multiindex, level_names)
}

/// `n` missing float64 values (a column present on one side only).
pub(crate) fn all_missing(n: usize) -> Result<Column> {
    // built where columns are built (the device when in use), not as a host vector
    let zero = ferrodf_core::Scalar::from_native(0.0f64);
    let zeros = ferrodf_core::ops::filling::sequence(n, &zero, &zero)?;
    binary_column(&zeros, BinaryOp::Add, Operand::Value(&Value::Null), false)
}

/// A Series as (label, value) pairs, to meet the columns with those labels: one value per
/// label is read (not the data).
pub(crate) fn values_by_label(s: &Series) -> Result<Vec<(Label, Value)>> {
    let labels = crate::lookup::labels_of(s.index())?;
    let mut seen: Vec<&Label> = Vec::with_capacity(labels.len());
    for l in &labels {
        if seen.contains(&l) {
            return Err(Error::value(
                "cannot align a Series whose index has duplicate labels with the columns; \
                 drop the duplicates first",
            ));
        }
        seen.push(l);
    }
    labels
        .iter()
        .enumerate()
        .map(|(i, l)| Ok((l.clone(), Value::Scalar(get_element(s.column(), i)?))))
        .collect()
}

/// The labels of both lists, sorted when they can be compared (numbers with numbers,
/// strings with strings, tuples element by element), else in order of appearance, as
/// pandas' union of column labels.
pub(crate) fn sorted_union(a: &[Label], b: &[Label]) -> Vec<Label> {
    let mut union: Vec<Label> = Vec::with_capacity(a.len() + b.len());
    for l in a.iter().chain(b) {
        if !union.contains(l) {
            union.push(l.clone());
        }
    }
    let comparable = union
        .iter()
        .all(|x| union.iter().all(|y| label_cmp(x, y).is_some()));
    if comparable {
        union.sort_by(|x, y| label_cmp(x, y).expect("checked above"));
    }
    union
}

fn label_cmp(a: &Label, b: &Label) -> Option<Ordering> {
    use Label::*;
    let num = |l: &Label| match l {
        Int(i) => Some(*i as f64),
        Float(f) => Some(*f),
        Bool(b) => Some(f64::from(u8::from(*b))),
        _ => Option::None,
    };
    match (a, b) {
        (Str(x), Str(y)) => Some(x.cmp(y)),
        (Tuple(x), Tuple(y)) => {
            for (p, q) in x.iter().zip(y) {
                match label_cmp(p, q)? {
                    Ordering::Equal => {}
                    o => return Some(o),
                }
            }
            Some(x.len().cmp(&y.len()))
        }
        _ => num(a)?.partial_cmp(&num(b)?),
    }
}

//! pandas' flex methods on frames (`df.add(other, axis=, fill_value=)`, `df.eq(...)`):
//! the operator's alignment, a Series matched on the rows or the columns, `fill_value`
//! standing in for a value missing on one side, and comparisons false (`ne`: true) where a
//! side is missing.

use ferrodf_core::ops::cast::cast;
use ferrodf_core::{Column, Result, TypeId};

use crate::align::align;
use crate::compute::{BinaryOp, Operand, Value, binary_column};
use crate::frame_ops::{FrameOther, all_missing, result_accessor, union_labels, values_by_label};
use crate::label::Label;
use crate::reshape::nulls_like;
use crate::series::Other;
use crate::{DataFrame, Series};

/// Which labels of a Series meet a frame in a flex method: the row labels (pandas'
/// `axis=0`/`"index"`) or the column labels (`axis=1`/`"columns"`, the default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Axis {
    Rows,
    #[default]
    Columns,
}

impl Axis {
    /// pandas' axis argument: 0, "index", "rows" or 1, "columns".
    pub fn parse(axis: &str) -> Result<Axis> {
        match axis {
            "0" | "index" | "rows" => Ok(Axis::Rows),
            "1" | "columns" => Ok(Axis::Columns),
            other => Err(ferrodf_core::Error::value(format!(
                "No axis named {other:?} for object type DataFrame"
            ))),
        }
    }
}

/// Whether a label's value is missing (null, or a float NaN).
fn is_missing(v: &Value) -> Result<bool> {
    Ok(match v {
        Value::Null => true,
        Value::Float(f) => f.is_nan(),
        Value::Scalar(s) => {
            !s.is_valid()?
                || (s.dtype().id() == TypeId::Float64 && s.value::<f64>()?.is_some_and(f64::is_nan))
                || (s.dtype().id() == TypeId::Float32 && s.value::<f32>()?.is_some_and(f32::is_nan))
        }
        _ => false,
    })
}

/// `column` as float64 when `fill` is a float and the column holds integers or booleans:
/// pandas upcasts rather than truncating the fill value.
fn fillable(column: Column, fill: &Option<Value>) -> Result<Column> {
    let id = column.dtype().id();
    if matches!(fill, Some(Value::Float(_))) && (id.is_integer() || id == TypeId::Bool8) {
        return cast(&column, TypeId::Float64.into());
    }
    Ok(column)
}

impl DataFrame {
    /// pandas' flex methods: `self op other` (`other op self` when `reflected`) aligned as
    /// the operator aligns, a Series meeting the rows or the columns (`axis`), and
    /// `fill_value` for a value missing on exactly one side (a result stays missing where
    /// both are). Comparisons give false where a side is missing (`ne`: true).
    ///
    /// ```
    /// use ferrodf::df;
    /// use ferrodf::compute::{BinaryOp, Value};
    /// use ferrodf::frame_flex::Axis;
    /// let a = df!("x" => [Some(1.0), None]).unwrap();
    /// let b = df!("x" => [Some(2.0), Some(3.0)], "y" => [1.0, 1.0]).unwrap();
    /// let s = a.binary_with(BinaryOp::Add, (&b).into(), false, Axis::Columns, Some(Value::Int(0))).unwrap();
    /// assert_eq!(s.column(&"x".into()).unwrap().column().host_values::<f64>().unwrap().to_vec(), vec![3.0, 3.0]);
    /// ```
    pub fn binary_with(
        &self,
        op: BinaryOp,
        other: FrameOther,
        reflected: bool,
        axis: Axis,
        fill_value: Option<Value>,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let fill = fill_value.filter(|f| !matches!(f, Value::Null));
        let out = match other {
            FrameOther::Value(v) => {
                let base = match &fill {
                    Some(f) => self.map_columns(|s| {
                        s.with_column(fillable(s.column().clone(), &fill)?)?
                            .fillna(f.clone())
                    })?,
                    None => self.clone(),
                };
                base.binary(op, FrameOther::Value(v), reflected)?
            }
            FrameOther::Series(s) if axis == Axis::Columns => {
                self.flex_columns(op, &s, reflected, &fill)?
            }
            FrameOther::Series(s) => self.flex_rows(op, &s, reflected, &fill)?,
            FrameOther::Frame(o) => self.flex_frame(op, &o, reflected, &fill)?,
        };
        if op.is_comparison() {
            out.fillna(Value::Bool(op == BinaryOp::Ne))
        } else {
            Ok(out)
        }
    }

    /// Each column with its label's value of `other`.
    fn flex_columns(
        &self,
        op: BinaryOp,
        other: &Series,
        reflected: bool,
        fill: &Option<Value>,
    ) -> Result<DataFrame> {
        let values = values_by_label(other)?;
        let own = self.data().names();
        let theirs: Vec<Label> = values.iter().map(|(l, _)| l.clone()).collect();
        let names = union_labels(own, &theirs);
        let n = self.num_rows();
        let mut cols = Vec::with_capacity(names.len());
        for name in &names {
            let mut value = values
                .iter()
                .find(|(l, _)| l == name)
                .map(|(_, v)| v.clone());
            if let Some(v) = &value {
                if is_missing(v)? {
                    value = None;
                }
            }
            let col = match (self.data().get(name).ok(), value) {
                (Some(c), Some(v)) => {
                    let c = fillable(c.clone(), fill)?;
                    let c = match fill {
                        Some(f) => Series::from_column(c, None, Label::None)?
                            .fillna(f.clone())?
                            .column()
                            .clone(),
                        None => c,
                    };
                    binary_column(&c, op, Operand::Value(&v), reflected)?
                }
                (Some(c), None) => {
                    let v = fill.clone().unwrap_or(Value::Null);
                    binary_column(
                        &fillable(c.clone(), fill)?,
                        op,
                        Operand::Value(&v),
                        reflected,
                    )?
                }
                (None, Some(v)) if fill.is_some() => {
                    let filled = Series::from_column(all_missing(n)?, None, Label::None)?
                        .fillna(fill.clone().expect("checked"))?;
                    binary_column(filled.column(), op, Operand::Value(&v), reflected)?
                }
                (None, _) => all_missing(n)?,
            };
            cols.push(col);
        }
        let data = result_accessor(self.data(), names, cols, self.data().multiindex())?;
        self.with_data(data)
    }

    /// Each column with `other`, aligned on the row labels (`axis="index"`).
    fn flex_rows(
        &self,
        op: BinaryOp,
        other: &Series,
        reflected: bool,
        fill: &Option<Value>,
    ) -> Result<DataFrame> {
        let mut cols = Vec::with_capacity(self.data().len());
        let mut index = None;
        for (label, column) in self.data().iter() {
            let left = Series::from_column(
                fillable(column.clone(), fill)?,
                Some(self.index().clone()),
                label.clone(),
            )?;
            let out =
                left.binary_with(op, Other::Series(other.clone()), reflected, fill.clone())?;
            index = Some(out.index().clone());
            cols.push(out.column().clone());
        }
        let index = index.unwrap_or_else(|| self.index().clone());
        DataFrame::new(self.data().with_columns(cols)?, Some(index))
    }

    /// Column by column over the union of the labels, rows aligned.
    fn flex_frame(
        &self,
        op: BinaryOp,
        other: &DataFrame,
        reflected: bool,
        fill: &Option<Value>,
    ) -> Result<DataFrame> {
        if fill.is_none() && !op.is_comparison() {
            return self.binary(op, FrameOther::Frame(other.clone()), reflected);
        }
        let al = align(self.index(), other.index())?;
        let (own, theirs) = (self.data().names(), other.data().names());
        let names = union_labels(own, theirs);
        let n = al.index.len();
        let mut cols = Vec::with_capacity(names.len());
        for name in &names {
            let l = self
                .data()
                .get(name)
                .ok()
                .map(|c| al.take_left(c))
                .transpose()?;
            let r = other
                .data()
                .get(name)
                .ok()
                .map(|c| al.take_right(c))
                .transpose()?;
            let (l, r) = match (l, r) {
                (Some(l), Some(r)) => (l, r),
                (Some(l), None) => {
                    let r = nulls_like(&l, n)?;
                    (l, r)
                }
                (None, Some(r)) => (nulls_like(&r, n)?, r),
                (None, None) => unreachable!("the name comes from one side"),
            };
            let left = Series::from_column(fillable(l, fill)?, None, Label::None)?;
            let out = left.binary_with(
                op,
                Other::Column(fillable(r, fill)?),
                reflected,
                fill.clone(),
            )?;
            cols.push(out.column().clone());
        }
        let multiindex = self.data().multiindex() || other.data().multiindex();
        let data = result_accessor(self.data(), names, cols, multiindex)?;
        DataFrame::new(data, Some(al.index))
    }
}

//! pandas' flex methods on frames (`df.add(other, axis=, fill_value=)`, `df.eq(...)`):
//! the operator's alignment, a Series matched on the rows or the columns, `fill_value`
//! standing in for a value missing on one side, and comparisons false (`ne`: true) where a
//! side is missing.

use ferrodf_core::ops::cast::cast;
use ferrodf_core::{Column, Result, TypeId};

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
        self.refuse_bool_columns(op, &other)?;
        let flex = Flex {
            op,
            reflected,
            fill: fill_value.filter(|f| !matches!(f, Value::Null)),
        };
        let fill = &flex.fill;
        let out = match other {
            FrameOther::Value(v) => {
                let base = match fill {
                    Some(f) => self.map_columns(|s| {
                        s.with_column(fillable(s.column().clone(), fill)?)?
                            .fillna(f.clone())
                    })?,
                    None => self.clone(),
                };
                base.binary(op, FrameOther::Value(v), reflected)?
            }
            FrameOther::Series(s) if axis == Axis::Columns => flex.columns(self, &s)?,
            FrameOther::Series(s) => flex.rows(self, &s)?,
            FrameOther::Frame(o) => flex.frame(self, &o)?,
        };
        if op.is_comparison() {
            out.fillna(Value::Bool(op == BinaryOp::Ne))
        } else {
            Ok(out)
        }
    }
}

/// One flex operation: the operator, whether its operands swap, and the fill value of a
/// value missing on one side.
struct Flex {
    op: BinaryOp,
    reflected: bool,
    fill: Option<Value>,
}

impl Flex {
    /// Each column with its label's value of `other`.
    fn columns(&self, df: &DataFrame, other: &Series) -> Result<DataFrame> {
        let fill = &self.fill;
        let values = values_by_label(other)?;
        let own = df.data().names();
        let theirs: Vec<Label> = values.iter().map(|(l, _)| l.clone()).collect();
        let names = union_labels(own, &theirs);
        let n = df.num_rows();
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
            let col = match (df.data().get(name).ok(), value) {
                (Some(c), Some(v)) => {
                    let c = fillable(c.clone(), fill)?;
                    let c = match fill {
                        Some(f) => Series::from_column(c, None, Label::None)?
                            .fillna(f.clone())?
                            .column()
                            .clone(),
                        None => c,
                    };
                    binary_column(&c, self.op, Operand::Value(&v), self.reflected)?
                }
                (Some(c), None) => {
                    let v = fill.clone().unwrap_or(Value::Null);
                    binary_column(
                        &fillable(c.clone(), fill)?,
                        self.op,
                        Operand::Value(&v),
                        self.reflected,
                    )?
                }
                (None, Some(v)) if fill.is_some() => {
                    let filled = Series::from_column(all_missing(n)?, None, Label::None)?
                        .fillna(fill.clone().expect("checked"))?;
                    binary_column(filled.column(), self.op, Operand::Value(&v), self.reflected)?
                }
                // A label only `other` has is a column of missing values here: compared,
                // it is False (`ne`: True) and boolean, as pandas' NaN column compares.
                (None, _) if self.op.is_comparison() => binary_column(
                    &all_missing(n)?,
                    self.op,
                    Operand::Value(&Value::Null),
                    self.reflected,
                )?,
                (None, _) => all_missing(n)?,
            };
            cols.push(col);
        }
        let data = result_accessor(df.data(), names, cols, df.data().multiindex())?;
        df.with_data(data)
    }

    /// Each column with `other`, aligned on the row labels (`axis="index"`).
    fn rows(&self, df: &DataFrame, other: &Series) -> Result<DataFrame> {
        let fill = &self.fill;
        let mut cols = Vec::with_capacity(df.data().len());
        let mut index = None;
        for (label, column) in df.data().iter() {
            let left = Series::from_column(
                fillable(column.clone(), fill)?,
                Some(df.index().clone()),
                label.clone(),
            )?;
            let out = left.binary_with(
                self.op,
                Other::Series(other.clone()),
                self.reflected,
                fill.clone(),
            )?;
            index = Some(out.index().clone());
            cols.push(out.column().clone());
        }
        let index = index.unwrap_or_else(|| df.index().clone());
        DataFrame::new(df.data().with_columns(cols)?, Some(index))
    }

    /// Column by column over the union of the labels, rows aligned.
    fn frame(&self, df: &DataFrame, other: &DataFrame) -> Result<DataFrame> {
        let fill = &self.fill;
        if fill.is_none() && !self.op.is_comparison() {
            return df.binary(self.op, FrameOther::Frame(other.clone()), self.reflected);
        }
        df.zip_aligned(other, |l, r, n| {
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
                self.op,
                Other::Column(fillable(r, fill)?),
                self.reflected,
                fill.clone(),
            )?;
            Ok(out.column().clone())
        })
    }
}

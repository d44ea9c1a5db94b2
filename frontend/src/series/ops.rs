//! Series arithmetic, comparison and logical operators (with index alignment), missing
//! values, reductions and cumulative operations, with pandas' semantics.

use ferrodf_core::TypeId;
use std::ops::{Add, BitAnd, BitOr, BitXor, Div, Mul, Neg, Not, Rem, Sub};

use ferrodf_core::ops::copying::{Side, copy_if_else};
use ferrodf_core::ops::filling::column_from_scalar;
use ferrodf_core::ops::replace::{Replacement, clamp, replace_nulls};
use ferrodf_core::ops::unary::{UnaryOperator, is_null, is_valid, unary_operation};
use ferrodf_core::{Column, Error, Result, Scalar};

use super::Series;
use crate::align::align;
use crate::compute::binary::{fill_scalar, is_bool_value, refuse_bool_arith};
use crate::compute::{
    BinaryOp, Operand, ReduceOptions, Reduction, ScanOp, Value, binary_column, reduce_column,
    scan_column,
};
use crate::label::Label;
use crate::rows::RowSelection;

/// The other side of a Series operation: a Series (aligned on the labels), a column of the
/// same length (by position), or a scalar.
#[derive(Clone, Debug)]
pub enum Other {
    /// Aligned with the Series on the row labels.
    Series(Series),
    /// Row i meets row i.
    Column(Column),
    /// One value for every row.
    Value(Value),
}

from_impls!(Other {
    &Series => |s| Other::Series(s.clone()),
    Series => |s| Other::Series(s),
    Column => |c| Other::Column(c),
});

impl<T: Into<Value>> From<T> for Other {
    fn from(v: T) -> Other {
        Other::Value(v.into())
    }
}

/// Series methods that are one binary operator: `name => BinaryOp;`, each with its docs.
macro_rules! binary_methods {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(&self, other: impl Into<Other>) -> Result<Series> {
            self.binary(BinaryOp::$op, other)
        }
    )*};
}

/// Series methods that are one reduction with the default options: `name => Reduction;`.
macro_rules! default_reductions {
    ($($(#[$doc:meta])* $name:ident => $how:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(&self) -> Result<Scalar> {
            self.reduce(Reduction::$how, ReduceOptions::default())
        }
    )*};
}

impl Series {
    /// `self op other` with pandas' rules (see [`binary_column`]); Series operands are
    /// aligned on their labels first (the result has the union of the labels, missing
    /// where one side lacks a label). The name is kept when both names agree.
    ///
    /// ```
    /// use ferrodf::Series;
    /// use ferrodf::compute::BinaryOp;
    /// let a = Series::from_vec("a", vec![1i64, 2, 3]);
    /// let q = a.binary(BinaryOp::TrueDiv, 2).unwrap();
    /// assert_eq!(q.column().host_values::<f64>().unwrap().to_vec(), vec![0.5, 1.0, 1.5]);
    /// ```
    pub fn binary(&self, op: BinaryOp, other: impl Into<Other>) -> Result<Series> {
        self.operator(op, other.into(), false)
    }

    /// `other op self` (pandas' `radd`, `rsub`, ...).
    pub fn rbinary(&self, op: BinaryOp, other: impl Into<Other>) -> Result<Series> {
        self.operator(op, other.into(), true)
    }

    /// pandas' operators: the flex path without a fill value, and `/`, `//`, `**` between
    /// booleans refused whatever the other side is.
    fn operator(&self, op: BinaryOp, other: Other, reflected: bool) -> Result<Series> {
        if let Other::Series(o) = &other {
            refuse_bool_arith(op, self.is_bool(), o.is_bool())?;
        }
        self.binary_with(op, other, reflected, None)
    }

    fn is_bool(&self) -> bool {
        self.column.dtype().id() == ferrodf_core::TypeId::Bool8
    }

    /// pandas' flex methods (`s.add(other, fill_value=0)`): `fill_value` stands in for a
    /// value missing on exactly one side (after alignment); `reflected` computes
    /// `other op self`.
    ///
    /// ```
    /// use ferrodf::Series;
    /// use ferrodf::compute::{BinaryOp, Value};
    /// let a = Series::from_options("a", vec![Some(1.0f64), None]);
    /// let b = Series::from_options("a", vec![None, None::<f64>]);
    /// let s = a.binary_with(BinaryOp::Add, (&b).into(), false, Some(Value::Int(0))).unwrap();
    /// assert_eq!(s.column().null_count().unwrap(), 1); // missing on both sides stays missing
    /// ```
    pub fn binary_with(
        &self,
        op: BinaryOp,
        other: Other,
        reflected: bool,
        fill_value: Option<Value>,
    ) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        // pandas' flex methods compute these against a Series (see `refuse_bool_arith`)
        match &other {
            Other::Column(c) => {
                let right = c.dtype().id() == ferrodf_core::TypeId::Bool8;
                refuse_bool_arith(op, self.is_bool(), right)?;
            }
            Other::Value(v) => refuse_bool_arith(op, self.is_bool(), is_bool_value(v))?,
            Other::Series(_) => {}
        }
        match other {
            Other::Series(o) => {
                let al = align(&self.index, &o.index)?;
                let mut l = al.take_left(&self.column)?;
                let mut r = al.take_right(&o.column)?;
                if let Some(fill) = &fill_value {
                    (l, r) = fill_one_side(&l, &r, fill)?;
                }
                let col = binary_column(&l, op, Operand::Column(&r), reflected)?;
                let name = if self.name == o.name {
                    self.name.clone()
                } else {
                    Label::None
                };
                Series::from_column(col, Some(al.index), name)
            }
            Other::Column(c) => {
                let (l, r) = match &fill_value {
                    Some(fill) if c.size() == self.len() => fill_one_side(&self.column, &c, fill)?,
                    _ => (self.column.clone(), c),
                };
                self.with_column(binary_column(&l, op, Operand::Column(&r), reflected)?)
            }
            Other::Value(v) => {
                let l = match &fill_value {
                    Some(fill) if !matches!(v, Value::Null) => fill_missing(&self.column, fill)?,
                    _ => self.column.clone(),
                };
                self.with_column(binary_column(&l, op, Operand::Value(&v), reflected)?)
            }
        }
    }

    binary_methods! {
        /// `self == other` as a boolean Series (False where a side is missing).
        eq => Eq;
        /// `self != other` (True where a side is missing).
        ne => Ne;
        /// `self < other`.
        lt => Lt;
        /// `self <= other`.
        le => Le;
        /// `self > other`.
        ///
        /// ```
        /// use ferrodf::Series;
        /// let s = Series::from_options("x", vec![Some(1.0f64), None, Some(-1.0)]);
        /// let m = s.gt(0).unwrap();
        /// assert_eq!(m.column().host_values::<u8>().unwrap().to_vec(), vec![1, 0, 0]);
        /// ```
        gt => Gt;
        /// `self >= other`.
        ge => Ge;
        /// `self // other` (floor division).
        floordiv => FloorDiv;
        /// `self ** other`.
        pow => Pow;
    }

    /// Whether each value is missing.
    pub fn isna(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.with_column(is_null(&self.column)?)
    }

    /// Whether each value is present.
    pub fn notna(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.with_column(is_valid(&self.column)?)
    }

    /// Missing values replaced by `value` (which takes the column's type where it can).
    ///
    /// ```
    /// use ferrodf::Series;
    /// let s = Series::from_options("x", vec![Some(1i64), None]).fillna(0).unwrap();
    /// assert_eq!(s.column().host_values::<i64>().unwrap().to_vec(), vec![1, 0]);
    /// ```
    pub fn fillna(&self, value: impl Into<Value>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let value = value.into();
        // A column of nulls without a type (what `df[col] = None` makes) has no type to
        // cast the value to: as in pandas, every row becomes the value, of its own type.
        if self.column.dtype().id() == ferrodf_core::TypeId::Empty && !matches!(value, Value::Null)
        {
            let n = self.column.size();
            return self.with_column(column_from_scalar(&value.to_scalar()?, n)?);
        }
        self.with_column(fill_missing(&self.column, &value)?)
    }

    /// Values limited to `[lower, upper]` (a missing bound is no bound).
    ///
    /// ```
    /// use ferrodf::Series;
    /// use ferrodf::compute::Value;
    /// let s = Series::from_vec("x", vec![-2i64, 5, 9]).clip(0, Value::Null).unwrap();
    /// assert_eq!(s.column().host_values::<i64>().unwrap().to_vec(), vec![0, 5, 9]);
    /// ```
    pub fn clip(&self, lower: impl Into<Value>, upper: impl Into<Value>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let dtype = self.dtype();
        let lo = fill_scalar(&lower.into(), dtype)?;
        let hi = fill_scalar(&upper.into(), dtype)?;
        self.with_column(clamp(&self.column, &lo, &hi, None, None)?)
    }

    /// The rows whose value is present.
    pub fn dropna(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        if self.column.null_count()? == 0 {
            return Ok(self.clone());
        }
        let mask = is_valid(&self.column)?;
        self.select_rows(&RowSelection::Mask(mask))
    }

    /// A reduction with pandas' options (see [`reduce_column`]).
    pub fn reduce(&self, how: Reduction, options: ReduceOptions) -> Result<Scalar> {
        let id = self.column.dtype().id();
        if options.numeric_only && !(id.is_numeric() || id.is_decimal()) {
            return Err(Error::type_err(format!(
                "Series.{}(numeric_only=True) of a {} Series; drop numeric_only or \
                 select numeric data",
                how.name(),
                crate::dtype_name(self.column.dtype())
            )));
        }
        reduce_column(&self.column, how, options)
    }

    default_reductions! {
        /// The sum of the values present (0 for none).
        ///
        /// ```
        /// use ferrodf::Series;
        /// let s = Series::from_options("x", vec![Some(1.5f64), None, Some(2.0)]);
        /// assert_eq!(s.sum().unwrap().value::<f64>().unwrap(), Some(3.5));
        /// assert_eq!(s.count().unwrap(), 2);
        /// ```
        sum => Sum;
        /// The arithmetic mean of the values present (NaN for none).
        mean => Mean;
        /// The smallest value present.
        min => Min;
        /// The largest value present.
        max => Max;
        /// The sample standard deviation (`ddof = 1`).
        std => Std;
    }

    /// The number of values present.
    pub fn count(&self) -> Result<i64> {
        let n = self.reduce(Reduction::Count, ReduceOptions::default())?;
        Ok(n.value::<i64>()?.unwrap_or(0))
    }

    /// A cumulative operation (missing values stay missing and are skipped).
    pub fn cumulative(&self, how: ScanOp) -> Result<Series> {
        self.with_column(scan_column(&self.column, how)?)
    }

    /// The running sum.
    pub fn cumsum(&self) -> Result<Series> {
        self.cumulative(ScanOp::CumSum)
    }
}

/// `col` with missing values replaced by `fill`.
fn fill_missing(col: &Column, fill: &Value) -> Result<Column> {
    if col.null_count()? == 0 || matches!(fill, Value::Null) {
        return Ok(col.clone());
    }
    let scalar = fill_scalar(fill, col.dtype())?;
    replace_nulls(col, Replacement::Scalar(&scalar))
}

/// `fill` where exactly one of `l`, `r` is missing, on that side.
fn fill_one_side(l: &Column, r: &Column, fill: &Value) -> Result<(Column, Column)> {
    let (l_valid, r_valid) = (is_valid(l)?, is_valid(r)?);
    // keep a value where it is present or where the other side is missing too
    let fill_into = |target: &Column, own_valid: &Column, other_valid: &Column| {
        if target.null_count()? == 0 {
            return Ok(target.clone());
        }
        let scalar = fill_scalar(fill, target.dtype())?;
        let other_missing = unary_operation(other_valid, UnaryOperator::Not)?;
        let keep = binary_column(
            own_valid,
            BinaryOp::Or,
            Operand::Column(&other_missing),
            false,
        )?;
        copy_if_else(Side::Column(target), Side::Scalar(&scalar), &keep)
    };
    Ok((
        fill_into(l, &l_valid, &r_valid)?,
        fill_into(r, &r_valid, &l_valid)?,
    ))
}

macro_rules! std_op {
    ($trait:ident, $method:ident, $op:expr) => {
        impl<T: Into<Other>> $trait<T> for &Series {
            type Output = Result<Series>;
            fn $method(self, other: T) -> Result<Series> {
                self.binary($op, other)
            }
        }
        impl<T: Into<Other>> $trait<T> for Series {
            type Output = Result<Series>;
            fn $method(self, other: T) -> Result<Series> {
                (&self).binary($op, other)
            }
        }
    };
}

std_op!(Add, add, BinaryOp::Add);
std_op!(Sub, sub, BinaryOp::Sub);
std_op!(Mul, mul, BinaryOp::Mul);
std_op!(Div, div, BinaryOp::TrueDiv);
std_op!(Rem, rem, BinaryOp::Mod);
std_op!(BitAnd, bitand, BinaryOp::And);
std_op!(BitOr, bitor, BinaryOp::Or);
std_op!(BitXor, bitxor, BinaryOp::Xor);

impl Neg for &Series {
    type Output = Result<Series>;
    /// `-s`: numbers and durations negated; a boolean Series is inverted, as pandas does.
    /// Other types are a TypeError.
    fn neg(self) -> Result<Series> {
        let id = self.dtype().id();
        match id {
            TypeId::Bool8 => self.unary(UnaryOperator::Not),
            // NumPy negates unsigned integers modulo 2^bits: ~x + 1
            _ if id.is_integer() && !id.is_signed_integer() => {
                let inverted = unary_operation(&self.column, UnaryOperator::BitInvert)?;
                let one = crate::compute::binary::number_scalar(id, 1.0)?;
                let out = ferrodf_core::ops::binaryop::binary_operation(
                    ferrodf_core::ops::binaryop::Operand::Column(&inverted),
                    ferrodf_core::ops::binaryop::Operand::Scalar(&one),
                    ferrodf_core::ops::binaryop::BinaryOperator::Add,
                    self.dtype(),
                )?;
                self.with_column(out)
            }
            _ if id.is_numeric() || id.is_duration() => self.unary(UnaryOperator::Negate),
            _ => Err(unary_type_error("-", self)),
        }
    }
}

impl Not for &Series {
    type Output = Result<Series>;
    /// `!s` (pandas' `~s`): logical not of a boolean Series, bitwise not of integers; other
    /// types are a TypeError, as in pandas.
    fn not(self) -> Result<Series> {
        let id = self.dtype().id();
        match id {
            TypeId::Bool8 => self.unary(UnaryOperator::Not),
            _ if id.is_integer() => self.unary(UnaryOperator::BitInvert),
            _ => Err(unary_type_error("~", self)),
        }
    }
}

fn unary_type_error(symbol: &str, s: &Series) -> ferrodf_core::Error {
    ferrodf_core::Error::type_err(format!(
        "bad operand type for unary {symbol}: a {} Series; {symbol} takes numbers{}",
        crate::dtype_name(s.dtype()),
        if symbol == "~" {
            " of integer or boolean type"
        } else {
            ", booleans or durations"
        }
    ))
}

impl Series {
    /// An elementwise function of the values (the core's unary operators); a NaN computed
    /// in a float result is missing.
    pub fn unary(&self, op: UnaryOperator) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let out = unary_operation(&self.column, op)?;
        self.with_column(crate::compute::nan_as_null(&out)?)
    }
}

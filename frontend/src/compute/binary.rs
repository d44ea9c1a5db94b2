//! pandas' binary operators on columns: type promotion, missing values, division by zero,
//! strings and date-times.

use ferrodf_core::ops::aggregation::Aggregation;
use ferrodf_core::ops::binaryop::{self, BinaryOperator, Operand as CoreOperand};
use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::copying::{Side as CopySide, copy_if_else};
use ferrodf_core::ops::filling::sequence;
use ferrodf_core::ops::reduce::reduce;
use ferrodf_core::ops::replace::{Replacement, replace_nulls};
use ferrodf_core::ops::strings::combine::{Separator, concatenate};
use ferrodf_core::ops::unary::unary_operation;
use ferrodf_core::unary_operator::UnaryOperator;
use ferrodf_core::{Column, DataType, Error, Result, Scalar, Table, TypeId};

use super::missing::nan_as_null;
use super::promote::{integer_bounds, result_type, true_div_type};
use super::value::Value;
use crate::dtype::dtype_name;

/// A pandas binary operator (the dunder and flex method names: `add`, `truediv`, `eq`, ...).
///
/// ```
/// use ferrodf::compute::BinaryOp;
/// assert_eq!(BinaryOp::parse("floordiv").unwrap(), BinaryOp::FloorDiv);
/// assert_eq!(BinaryOp::FloorDiv.symbol(), "//");
/// assert!(BinaryOp::parse("matmul").is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `+` (strings: concatenation).
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`: always a float result.
    TrueDiv,
    /// `//`: floor division.
    FloorDiv,
    /// `%`: Python's modulo (the sign of the divisor).
    Mod,
    /// `**`.
    Pow,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `&`: logical for bools, bitwise for integers.
    And,
    /// `|`.
    Or,
    /// `^`.
    Xor,
}

impl BinaryOp {
    /// Every operator, in the order of pandas' dunder methods.
    pub const ALL: [BinaryOp; 16] = [
        BinaryOp::Add,
        BinaryOp::Sub,
        BinaryOp::Mul,
        BinaryOp::TrueDiv,
        BinaryOp::FloorDiv,
        BinaryOp::Mod,
        BinaryOp::Pow,
        BinaryOp::Eq,
        BinaryOp::Ne,
        BinaryOp::Lt,
        BinaryOp::Le,
        BinaryOp::Gt,
        BinaryOp::Ge,
        BinaryOp::And,
        BinaryOp::Or,
        BinaryOp::Xor,
    ];

    /// pandas' name of the operator (`"add"`, `"truediv"`, `"eq"`, ...).
    pub fn name(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Add => "add",
            Sub => "sub",
            Mul => "mul",
            TrueDiv => "truediv",
            FloorDiv => "floordiv",
            Mod => "mod",
            Pow => "pow",
            Eq => "eq",
            Ne => "ne",
            Lt => "lt",
            Le => "le",
            Gt => "gt",
            Ge => "ge",
            And => "and",
            Or => "or",
            Xor => "xor",
        }
    }

    /// Python's symbol for the operator.
    pub fn symbol(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            TrueDiv => "/",
            FloorDiv => "//",
            Mod => "%",
            Pow => "**",
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            And => "&",
            Or => "|",
            Xor => "^",
        }
    }

    /// The operator named `name` (pandas' names; `div` is `truediv`).
    pub fn parse(name: &str) -> Result<BinaryOp> {
        let name = if name == "div" { "truediv" } else { name };
        BinaryOp::ALL
            .into_iter()
            .find(|op| op.name() == name)
            .ok_or_else(|| {
                Error::value(format!(
                    "unknown operator {name:?}; use one of add, sub, mul, truediv, floordiv, \
                     mod, pow, eq, ne, lt, le, gt, ge, and, or, xor"
                ))
            })
    }

    /// `==`, `!=`, `<`, `<=`, `>`, `>=`.
    pub fn is_comparison(self) -> bool {
        use BinaryOp::*;
        matches!(self, Eq | Ne | Lt | Le | Gt | Ge)
    }

    fn core(self) -> BinaryOperator {
        use BinaryOp::*;
        match self {
            Add => BinaryOperator::Add,
            Sub => BinaryOperator::Sub,
            Mul => BinaryOperator::Mul,
            TrueDiv => BinaryOperator::TrueDiv,
            FloorDiv => BinaryOperator::FloorDiv,
            Mod => BinaryOperator::Pymod,
            Pow => BinaryOperator::Pow,
            Eq => BinaryOperator::Equal,
            Ne => BinaryOperator::NotEqual,
            Lt => BinaryOperator::Less,
            Le => BinaryOperator::LessEqual,
            Gt => BinaryOperator::Greater,
            Ge => BinaryOperator::GreaterEqual,
            And => BinaryOperator::BitwiseAnd,
            Or => BinaryOperator::BitwiseOr,
            Xor => BinaryOperator::BitwiseXor,
        }
    }
}

/// pandas' NotImplementedError for `/`, `//` and `**` between two booleans, which NumPy
/// would compute. pandas' operators refuse them, and so do its flex methods except against
/// a Series: the callers decide which operands are checked.
///
/// ```
/// use ferrodf::compute::binary::refuse_bool_arith;
/// use ferrodf::compute::BinaryOp;
/// assert!(refuse_bool_arith(BinaryOp::TrueDiv, true, true).is_err());
/// assert!(refuse_bool_arith(BinaryOp::Add, true, true).is_ok());
/// assert!(refuse_bool_arith(BinaryOp::Pow, true, false).is_ok());
/// ```
pub fn refuse_bool_arith(op: BinaryOp, left_bool: bool, right_bool: bool) -> Result<()> {
    let refused = matches!(op, BinaryOp::TrueDiv | BinaryOp::FloorDiv | BinaryOp::Pow);
    if refused && left_bool && right_bool {
        return Err(Error::not_implemented(format!(
            "operator '{}' not implemented for bool dtypes (as in pandas); convert one side \
             first, e.g. s.astype('int64')",
            op.name()
        )));
    }
    Ok(())
}

/// Whether a scalar operand is a boolean (for [`refuse_bool_arith`]).
pub fn is_bool_value(v: &Value) -> bool {
    match v {
        Value::Bool(_) => true,
        Value::Scalar(s) => s.dtype().id() == TypeId::Bool8,
        _ => false,
    }
}

/// The right-hand side of [`binary_column`]: a column of the same length, or a scalar.
#[derive(Clone, Copy)]
pub enum Operand<'a> {
    /// Row i meets row i.
    Column(&'a Column),
    /// One value for every row.
    Value(&'a Value),
}

/// `lhs op rhs` (`rhs op lhs` when `reflected`) with pandas' rules:
///
/// - numbers promote as NumPy does; a Rust/Python number takes the column's type
///   (`int8 + 1` is int8; a number the type cannot hold raises OverflowError);
/// - `/` gives floats; integer `//` and `%` with a zero divisor give float64 `inf`, `-inf`
///   or a missing value, as pandas does; a float result's NaN is a missing value;
/// - a comparison with a missing value is False (`!=`: True), never missing;
/// - `&`, `|`, `^` are logical on bools and bitwise on integers;
/// - string `+` string concatenates; timestamps subtract to durations and move by them,
///   and compare with date strings (`"2024-06-01"`).
///
/// ```
/// use ferrodf::compute::{binary_column, BinaryOp, Operand, Value};
/// use ferrodf::core::Column;
/// let a = Column::from_values(vec![1i64, -1, 0]);
/// let zero = Column::from_values(vec![0i64, 0, 0]);
/// let q = binary_column(&a, BinaryOp::FloorDiv, Operand::Column(&zero), false).unwrap();
/// let v = q.host_values::<f64>().unwrap();
/// assert_eq!((v[0], v[1], q.null_count().unwrap()), (f64::INFINITY, f64::NEG_INFINITY, 1));
///
/// let x = Column::from_options(vec![Some(1.0f64), None]);
/// let gt = binary_column(&x, BinaryOp::Gt, Operand::Value(&Value::Int(0)), false).unwrap();
/// assert_eq!(gt.null_count().unwrap(), 0); // [true, false]
/// ```
pub fn binary_column(lhs: &Column, op: BinaryOp, rhs: Operand, reflected: bool) -> Result<Column> {
    let _operation = ferrodf_core::memory::enter_operation();
    let scalar;
    let right = match rhs {
        Operand::Column(c) => {
            if c.size() != lhs.size() {
                return Err(Error::value(format!(
                    "lengths must match to {} ({}): {} and {} rows",
                    op.name(),
                    op.symbol(),
                    lhs.size(),
                    c.size()
                )));
            }
            Side::Column(c)
        }
        Operand::Value(v) => {
            scalar = weak_scalar(v, lhs.dtype(), op)?;
            Side::Scalar(&scalar)
        }
    };
    let left = Side::Column(lhs);
    let (a, b) = if reflected {
        (right, left)
    } else {
        (left, right)
    };
    compute(a, b, op, lhs.size())
}

/// One operand while computing (a column or a typed scalar).
#[derive(Clone, Copy)]
enum Side<'a> {
    Column(&'a Column),
    Scalar(&'a Scalar),
}

impl<'a> Side<'a> {
    fn dtype(&self) -> DataType {
        match self {
            Side::Column(c) => c.dtype(),
            Side::Scalar(s) => s.dtype(),
        }
    }
    fn id(&self) -> TypeId {
        self.dtype().id()
    }
    fn core(&self) -> CoreOperand<'a> {
        match *self {
            Side::Column(c) => CoreOperand::Column(c),
            Side::Scalar(s) => CoreOperand::Scalar(s),
        }
    }
}

fn dtype_label(t: DataType) -> String {
    match t.id() {
        TypeId::String => "str".to_string(),
        _ => dtype_name(t),
    }
}

fn unsupported(op: BinaryOp, a: DataType, b: DataType) -> Error {
    Error::type_err(format!(
        "unsupported operand types for {} ({}): '{}' and '{}'; convert one side with \
         astype() first",
        op.symbol(),
        op.name(),
        dtype_label(a),
        dtype_label(b)
    ))
}

fn core_op(a: Side, b: Side, op: BinaryOperator, out: TypeId) -> Result<Column> {
    binaryop::binary_operation(a.core(), b.core(), op, out.into())
}

fn compute(a: Side, b: Side, op: BinaryOp, n: usize) -> Result<Column> {
    if a.id() == TypeId::Empty || b.id() == TypeId::Empty {
        return with_all_missing(a, b, op, n);
    }
    if op.is_comparison() {
        return compare(a, b, op, n);
    }
    let (ta, tb) = (a.id(), b.id());
    if ta.is_numeric() && tb.is_numeric() {
        return numeric(a, b, op);
    }
    if ta == TypeId::String && tb == TypeId::String && op == BinaryOp::Add {
        return concat_strings(a, b, n);
    }
    if is_time(ta) && is_time(tb) {
        return time(a, b, op);
    }
    if ta.is_decimal() || tb.is_decimal() {
        return Err(Error::not_implemented(format!(
            "{} ({}) on decimal columns is not in the pandas layer yet; use \
             ferrodf.plc.binaryop.binary_operation with an explicit output type, or astype(float)",
            op.name(),
            op.symbol()
        )));
    }
    Err(unsupported(op, a.dtype(), b.dtype()))
}

fn is_time(t: TypeId) -> bool {
    t.is_timestamp() || t.is_duration()
}

fn numeric(a: Side, b: Side, op: BinaryOp) -> Result<Column> {
    use BinaryOp::*;
    let (ta, tb) = (a.id(), b.id());
    let both_bool = ta == TypeId::Bool8 && tb == TypeId::Bool8;
    let common = result_type(ta, tb)?;
    let out = match op {
        And | Or | Xor if both_bool => {
            let logical = match op {
                And => BinaryOperator::LogicalAnd,
                Or => BinaryOperator::LogicalOr,
                _ => BinaryOperator::NotEqual,
            };
            return core_op(a, b, logical, TypeId::Bool8);
        }
        And | Or | Xor => {
            if common.is_floating() {
                return Err(unsupported(op, a.dtype(), b.dtype()));
            }
            return core_op(a, b, op.core(), common);
        }
        // NumPy's bool arithmetic: + is or, * is and, - is refused
        Add if both_bool => return core_op(a, b, BinaryOperator::LogicalOr, TypeId::Bool8),
        Mul if both_bool => return core_op(a, b, BinaryOperator::LogicalAnd, TypeId::Bool8),
        Sub if both_bool => {
            return Err(Error::type_err(
                "boolean subtract, the `-` operator, is not supported; use the `^` operator \
                 (xor) instead",
            ));
        }
        TrueDiv => true_div_type(common),
        // NumPy's int8 rules between booleans, where x // False and x % False are 0: so
        // a // b is a AND b, and a % b is always 0
        FloorDiv | Mod if both_bool => {
            let and = core_op(a, b, BinaryOperator::LogicalAnd, TypeId::Bool8)?;
            let int8 = cast(&and, TypeId::Int8.into())?;
            if op == FloorDiv {
                return Ok(int8);
            }
            let zero = Scalar::from_native(0i8);
            return binaryop::binary_operation(
                CoreOperand::Column(&int8),
                CoreOperand::Scalar(&zero),
                BinaryOperator::Mul,
                TypeId::Int8.into(),
            );
        }
        // NumPy's floor_divide (pandas' `//` of floats), not libcudf's floor(a / b)
        FloorDiv if common.is_floating() => {
            return nan_as_null(&numpy_floor_divide(a, b, common)?);
        }
        // (pandas' `//` converts only where a zero divides some row, so not for no rows;
        // its `%` converts whatever the rows)
        FloorDiv | Mod
            if !common.is_floating() && (op == Mod || rows(a, b) > 0) && has_zero(b)? =>
        {
            // pandas: an integer division by zero gives inf/-inf/NaN in float64
            let fa = to_float64(a)?;
            let fb = to_float64(b)?;
            let r = core_op(fa.side(), fb.side(), op.core(), TypeId::Float64)?;
            return nan_as_null(&r);
        }
        Pow if !common.is_floating() => {
            // NumPy refuses a negative exponent in its loop, so never on no rows.
            if rows(a, b) > 0 && has_negative(b)? {
                return Err(Error::value(
                    "Integers to negative integer powers are not allowed; use astype(float) \
                     on the base first",
                ));
            }
            // NumPy computes `x ** 2` as np.square, which keeps a boolean base in int8
            // (any other exponent goes through np.power and the common type)
            if both_bool || (ta == TypeId::Bool8 && is_integer_two(b)?) {
                TypeId::Int8
            } else {
                // np.power of integers multiplies in the common type and wraps around on
                // overflow (100 ** 100 is 0 in int64); libcudf's POW goes through doubles
                // and saturates, its INT_POW is the wrapping integer power.
                let base = cast_side(a, common.into())?;
                return core_op(base.side(), b, BinaryOperator::IntPow, common);
            }
        }
        _ => common,
    };
    let r = core_op(a, b, op.core(), out)?;
    if out.is_floating() && may_make_nan(a, b, op)? {
        nan_as_null(&r)
    } else {
        Ok(r)
    }
}

/// NumPy's `floor_divide` of floats, which pandas' `//` is: the quotient of `a - fmod(a, b)`
/// by `b`, stepped down where the remainder's sign differs from `b`'s and rounded to the
/// nearest integer (so `1.0 // 0.1` is 9, not `floor(1.0 / 0.1)` = 10, and `inf // 1` is
/// NaN, not inf); a division by zero is `a / b` (inf, -inf or NaN). Every step is a core
/// operation, so it runs where the data is.
fn numpy_floor_divide(a: Side, b: Side, out: TypeId) -> Result<Column> {
    use BinaryOperator::{Add, Div, Equal, Greater, Less, LogicalAnd, Mod, NotEqual, Sub};
    use Side::{Column as C, Scalar as S};
    let bools = TypeId::Bool8;
    let (zero, one, half) = (
        Scalar::from_native(0f64),
        Scalar::from_native(1f64),
        Scalar::from_native(0.5f64),
    );
    // a test of the divisor: a column of flags, or one flag for a scalar divisor
    let test_b = |op: BinaryOperator| -> Result<Owned> {
        match b {
            Side::Column(_) => core_op(b, S(&zero), op, bools).map(Owned::Column),
            Side::Scalar(v) => {
                let x = Scalar::from_column(cast(v.as_column(), TypeId::Float64.into())?)?;
                let flag = match (x.value::<f64>()?, op) {
                    (Some(x), Less) => Some(u8::from(x < 0.0)),
                    (Some(x), Equal) => Some(u8::from(x == 0.0)),
                    _ => None,
                };
                Scalar::from_native_as(bools.into(), flag).map(Owned::Scalar)
            }
        }
    };
    let by_zero = test_b(Equal)?;
    let any_zero = match &by_zero {
        Owned::Column(c) => c.size() > 0 && any_true(c)?,
        Owned::Scalar(s) => s.value::<u8>()? == Some(1),
    };
    if any_zero && out == TypeId::Float32 {
        // pandas fills the divisions by zero in float64
        return numpy_floor_divide(a, b, TypeId::Float64);
    }
    let pick = |yes: &Column, no: &Column, mask: &Column| {
        copy_if_else(CopySide::Column(yes), CopySide::Column(no), mask)
    };
    let rem = core_op(a, b, Mod, out)?;
    let numerator = core_op(a, C(&rem), Sub, out)?;
    let div = core_op(C(&numerator), b, Div, out)?;
    // the remainder is not zero and its sign differs from the divisor's: one step down
    let b_negative = test_b(Less)?;
    let rem_negative = core_op(C(&rem), S(&zero), Less, bools)?;
    let signs_differ = core_op(b_negative.side(), C(&rem_negative), NotEqual, bools)?;
    let rem_nonzero = core_op(C(&rem), S(&zero), NotEqual, bools)?;
    let step_down = core_op(C(&rem_nonzero), C(&signs_differ), LogicalAnd, bools)?;
    let div = pick(&core_op(C(&div), S(&one), Sub, out)?, &div, &step_down)?;
    // the nearest integer: floor, and one up where the fraction is above a half
    let floor = unary_operation(&div, UnaryOperator::Floor)?;
    let fraction = core_op(C(&div), C(&floor), Sub, out)?;
    let round_up = core_op(C(&fraction), S(&half), Greater, bools)?;
    let quotient = pick(&core_op(C(&floor), S(&one), Add, out)?, &floor, &round_up)?;
    // by zero: a / b
    match by_zero {
        _ if !any_zero => Ok(quotient),
        Owned::Scalar(_) => core_op(a, b, Div, out),
        Owned::Column(mask) => pick(&core_op(a, b, Div, out)?, &quotient, &mask),
    }
}

/// Whether a boolean column has a true row.
fn any_true(flags: &Column) -> Result<bool> {
    let any = reduce(flags, &Aggregation::Any, TypeId::Bool8.into())?;
    Ok(any.is_valid()? && any.value::<u8>()? == Some(1))
}

/// Whether `a op b` can compute a NaN from values that are not NaN. Columns of the pandas
/// layer hold no NaN (it is missing), so with a finite scalar `+` and `-` cannot (only
/// `inf - inf` makes one), nor `*` and `/` by a finite non-zero scalar; skipping the pass
/// saves a kernel and a device-to-host count on the common `s + 1`, `s * 2`, `s / 100`.
fn may_make_nan(a: Side, b: Side, op: BinaryOp) -> Result<bool> {
    let finite = |s: Side| -> Result<Option<f64>> {
        let Side::Scalar(v) = s else { return Ok(None) };
        if !v.is_valid()? {
            return Ok(None);
        }
        let x = match v.dtype().id() {
            TypeId::Float64 => v.value::<f64>()?,
            TypeId::Float32 => v.value::<f32>()?.map(f64::from),
            t if t.is_integer() || t == TypeId::Bool8 => {
                Scalar::from_column(cast(v.as_column(), TypeId::Float64.into())?)?.value::<f64>()?
            }
            _ => None,
        };
        Ok(x.filter(|x| x.is_finite()))
    };
    let (fa, fb) = (finite(a)?, finite(b)?);
    Ok(match op {
        BinaryOp::Add | BinaryOp::Sub => fa.is_none() && fb.is_none(),
        BinaryOp::Mul => !(fa.is_some_and(|x| x != 0.0) || fb.is_some_and(|x| x != 0.0)),
        // column / scalar only: a scalar numerator over a column of zeros gives 0 / 0
        BinaryOp::TrueDiv => !(matches!(a, Side::Column(_)) && fb.is_some_and(|x| x != 0.0)),
        _ => true,
    })
}

/// The number of rows of an operation (a scalar with a scalar is one row).
fn rows(a: Side, b: Side) -> usize {
    match (a, b) {
        (Side::Column(c), _) | (_, Side::Column(c)) => c.size(),
        _ => 1,
    }
}

/// Whether `s` is a valid integer scalar equal to 2.
fn is_integer_two(s: Side) -> Result<bool> {
    let Side::Scalar(v) = s else { return Ok(false) };
    if !v.dtype().id().is_integer() || !v.is_valid()? {
        return Ok(false);
    }
    let as_i64 = cast(v.as_column(), TypeId::Int64.into())?;
    Ok(Scalar::from_column(as_i64)?.value::<i64>()? == Some(2))
}

/// A column or scalar converted to float64 (kept alive for the computation).
enum Owned {
    Column(Column),
    Scalar(Scalar),
}

impl Owned {
    fn side(&self) -> Side<'_> {
        match self {
            Owned::Column(c) => Side::Column(c),
            Owned::Scalar(s) => Side::Scalar(s),
        }
    }
}

fn to_float64(s: Side) -> Result<Owned> {
    cast_side(s, TypeId::Float64.into())
}

fn cast_side(s: Side, t: DataType) -> Result<Owned> {
    Ok(match s {
        Side::Column(c) => Owned::Column(cast(c, t)?),
        Side::Scalar(v) => Owned::Scalar(Scalar::from_column(cast(v.as_column(), t)?)?),
    })
}

/// Whether any valid value of an integer operand is zero.
fn has_zero(s: Side) -> Result<bool> {
    any_compare(s, BinaryOperator::Equal)
}

/// Whether any valid value of an integer operand is negative.
fn has_negative(s: Side) -> Result<bool> {
    if !s.id().is_signed_integer() {
        return Ok(false);
    }
    any_compare(s, BinaryOperator::Less)
}

/// Whether `value op 0` holds for any valid value of `s`.
fn any_compare(s: Side, op: BinaryOperator) -> Result<bool> {
    let zero = Scalar::from_native(0i64);
    let operand = match s {
        Side::Column(c) => CoreOperand::Column(c),
        Side::Scalar(v) => CoreOperand::Column(v.as_column()),
    };
    let flags = binaryop::binary_operation(
        operand,
        CoreOperand::Scalar(&zero),
        op,
        TypeId::Bool8.into(),
    )?;
    if flags.size() == flags.null_count()? {
        return Ok(false);
    }
    let any = reduce(&flags, &Aggregation::Any, TypeId::Bool8.into())?;
    Ok(any.value::<u8>()?.unwrap_or(0) != 0)
}

/// pandas' comparison: False where a side is missing (`!=`: True); values of types that
/// cannot be ordered against each other are unequal (`==` all False), and ordering them
/// raises TypeError.
fn compare(a: Side, b: Side, op: BinaryOp, n: usize) -> Result<Column> {
    let (ta, tb) = (a.dtype(), b.dtype());
    let comparable = binaryop::is_supported_operation(TypeId::Bool8.into(), ta, tb, op.core());
    if !comparable {
        return match op {
            BinaryOp::Eq | BinaryOp::Ne => constant_bool(n, op == BinaryOp::Ne),
            _ => Err(Error::type_err(format!(
                "Invalid comparison between dtype={} and {}: {} needs values of comparable \
                 types; convert one side with astype() first",
                dtype_label(ta),
                dtype_label(tb),
                op.symbol()
            ))),
        };
    }
    let r = core_op(a, b, op.core(), TypeId::Bool8)?;
    if r.null_count()? == 0 {
        return Ok(r);
    }
    let fill = Scalar::from_native_as(TypeId::Bool8.into(), Some(u8::from(op == BinaryOp::Ne)))?;
    replace_nulls(&r, Replacement::Scalar(&fill))
}

/// An untyped all-missing column (pandas' object column of `None`, as `df[c] = None` makes)
/// with anything: comparisons are false (`!=` true), as pandas compares `None`; arithmetic
/// gives missing values (pandas' object column of NaN, here untyped again); the logical
/// operators have no rule for a missing value and are a TypeError.
fn with_all_missing(a: Side, b: Side, op: BinaryOp, n: usize) -> Result<Column> {
    use BinaryOp::*;
    match op {
        _ if op.is_comparison() => constant_bool(n, op == Ne),
        And | Or | Xor => Err(unsupported(op, a.dtype(), b.dtype())),
        _ => Column::new(TypeId::Empty.into(), n, None, None, Some(n), 0, vec![]),
    }
}

/// `n` rows of one boolean value, built where columns are built (the device when in use).
fn constant_bool(n: usize, value: bool) -> Result<Column> {
    let init = Scalar::from_native(i8::from(value));
    let step = Scalar::from_native(0i8);
    let ints = sequence(n, &init, &step)?;
    cast(&ints, TypeId::Bool8.into())
}

/// String `+`: row-wise concatenation; a missing side gives a missing row.
fn concat_strings(a: Side, b: Side, n: usize) -> Result<Column> {
    let broadcast = |s: Side| -> Result<Column> {
        match s {
            Side::Column(c) => Ok(c.clone()),
            Side::Scalar(v) => {
                let map = sequence(n, &Scalar::from_native(0i32), &Scalar::from_native(0i32))?;
                let t = Table::new(vec![v.as_column().clone()])?;
                let policy = ferrodf_core::ops::copying::OutOfBoundsPolicy::DontCheck;
                Ok(ferrodf_core::ops::copying::gather(&t, &map, policy)?.columns()[0].clone())
            }
        }
    };
    let table = Table::new(vec![broadcast(a)?, broadcast(b)?])?;
    let empty = Value::string_scalar("")?;
    concatenate(&table, Separator::Scalar(&empty), None, None, true)
}

/// Nanoseconds per tick of a timestamp or duration type.
pub(crate) fn ns_per_tick(t: TypeId) -> i64 {
    use TypeId::*;
    match t {
        TimestampDays | DurationDays => 86_400_000_000_000,
        TimestampSeconds | DurationSeconds => 1_000_000_000,
        TimestampMilliseconds | DurationMilliseconds => 1_000_000,
        TimestampMicroseconds | DurationMicroseconds => 1_000,
        _ => 1,
    }
}

pub(crate) fn time_type(timestamp: bool, ns: i64) -> TypeId {
    use TypeId::*;
    let (ts, dur) = match ns {
        86_400_000_000_000 => (TimestampDays, DurationDays),
        1_000_000_000 => (TimestampSeconds, DurationSeconds),
        1_000_000 => (TimestampMilliseconds, DurationMilliseconds),
        1_000 => (TimestampMicroseconds, DurationMicroseconds),
        _ => (TimestampNanoseconds, DurationNanoseconds),
    };
    if timestamp { ts } else { dur }
}

/// Timestamps and durations: `ts - ts` is a duration, `ts ± duration` a timestamp,
/// `duration ± duration` a duration, each in the finer unit of the two (days become
/// seconds, the coarsest unit pandas keeps).
fn time(a: Side, b: Side, op: BinaryOp) -> Result<Column> {
    let (ta, tb) = (a.id(), b.id());
    let unit = ns_per_tick(ta).min(ns_per_tick(tb)).min(1_000_000_000);
    let result_is_timestamp = match (op, ta.is_timestamp(), tb.is_timestamp()) {
        (BinaryOp::Sub, true, true) => false,
        (BinaryOp::Add, true, false) | (BinaryOp::Add, false, true) => true,
        (BinaryOp::Sub, true, false) => true,
        (BinaryOp::Add | BinaryOp::Sub, false, false) => false,
        _ => return Err(unsupported(op, a.dtype(), b.dtype())),
    };
    core_op(a, b, op.core(), time_type(result_is_timestamp, unit))
}

/// A typed scalar for a weak value meeting a column of `column` type.
fn weak_scalar(v: &Value, column: DataType, op: BinaryOp) -> Result<Scalar> {
    let ct = column.id();
    Ok(match v {
        Value::Scalar(s) => s.clone(),
        Value::Null => {
            let t = if ct.is_floating() || is_time(ct) || ct == TypeId::String {
                column
            } else {
                TypeId::Float64.into()
            };
            null_scalar(t)?
        }
        Value::Bool(b) => match ct {
            t if t.is_integer() || t.is_floating() => number_scalar(t, i128::from(*b) as f64)?,
            _ => v.to_scalar()?,
        },
        Value::Int(i) => {
            if ct.is_integer() {
                let (lo, hi) = integer_bounds(ct);
                if (lo..=hi).contains(i) {
                    number_scalar(ct, *i as f64).and_then(|s| exact_int(s, ct, *i))?
                } else if op.is_comparison() {
                    // compared exactly, whatever the column's width
                    match i64::try_from(*i) {
                        Ok(x) => Scalar::from_native(x),
                        Err(_) => Scalar::from_native(*i as f64),
                    }
                } else {
                    return Err(Error::overflow(format!(
                        "Python integer {i} out of bounds for {}; cast the column to a wider \
                         type with astype() first",
                        dtype_name(column)
                    )));
                }
            } else if ct.is_floating() {
                number_scalar(ct, *i as f64)?
            } else {
                v.to_scalar()?
            }
        }
        Value::Float(f) => {
            if ct.is_floating() {
                number_scalar(ct, *f)?
            } else {
                Scalar::from_native(*f)
            }
        }
        Value::Str(s) if ct.is_timestamp() => {
            let ns = parse_timestamp(s).map_err(|e| {
                Error::value(format!(
                    "cannot read {s:?} as a date-time to compare with a {} column: {e}",
                    dtype_name(column)
                ))
            })?;
            Scalar::from_native_as(TypeId::TimestampNanoseconds.into(), Some(ns))?
        }
        Value::Str(_) => v.to_scalar()?,
    })
}

/// `value` as a scalar of exactly `dtype` (for `fillna` and flex `fill_value`): numbers
/// are converted to the column's type; TypeError when the types cannot meet.
pub fn fill_scalar(value: &Value, dtype: DataType) -> Result<Scalar> {
    let s = match value {
        Value::Int(_) | Value::Float(_) | Value::Bool(_) if dtype.id().is_numeric() => {
            weak_scalar(value, dtype, BinaryOp::Eq)?
        }
        Value::Null => null_scalar(dtype)?,
        _ => weak_scalar(value, dtype, BinaryOp::Eq)?,
    };
    if s.dtype() == dtype {
        return Ok(s);
    }
    if ferrodf_core::ops::cast::is_supported_cast(s.dtype(), dtype)
        && (dtype.id().is_numeric() || is_time(dtype.id()))
    {
        return Scalar::from_column(cast(s.as_column(), dtype)?);
    }
    Err(Error::type_err(format!(
        "a {} column cannot take a {} value; convert the column with astype() first",
        dtype_label(dtype),
        dtype_label(s.dtype())
    )))
}

/// Nanoseconds since the epoch of a date-time string as pandas reads them ("2024-06-01",
/// "2024-06-01 12:00", "2024-06-01T12:00:00.5Z").
fn parse_timestamp(s: &str) -> std::result::Result<i64, arrow_schema::ArrowError> {
    use arrow_cast::parse::string_to_timestamp_nanos;
    string_to_timestamp_nanos(s).or_else(|e| {
        // arrow wants seconds where pandas also takes "HH:MM"
        let t = s.trim();
        let hh_mm = t.len() >= 5 && t.as_bytes()[t.len() - 3] == b':' && {
            let tail = &t[t.len() - 5..];
            tail[..2].bytes().all(|b| b.is_ascii_digit())
                && tail[3..].bytes().all(|b| b.is_ascii_digit())
        };
        if hh_mm && (t.contains(' ') || t.contains('T')) {
            string_to_timestamp_nanos(&format!("{t}:00"))
        } else {
            Err(e)
        }
    })
}

/// A null scalar of type `t`.
fn null_scalar(t: DataType) -> Result<Scalar> {
    if t.id() == TypeId::String {
        let c = ferrodf_core::interop::arrow::from_arrow(&arrow_array::StringArray::from(vec![
            None::<&str>,
        ]))?;
        return Scalar::from_column(c);
    }
    let width = ferrodf_core::types::size_of(t)?;
    let data = ferrodf_core::buffer::Buffer::zeroed(width);
    let mask = ferrodf_core::bitmask::new_mask(1, false);
    Scalar::from_column(Column::new(
        t,
        1,
        Some(data),
        Some(mask),
        Some(1),
        0,
        vec![],
    )?)
}

/// A scalar of numeric type `t` holding `v` (converted as `as` converts).
pub(crate) fn number_scalar(t: TypeId, v: f64) -> Result<Scalar> {
    use TypeId::*;
    let d: DataType = t.into();
    match t {
        Int8 => Scalar::from_native_as(d, Some(v as i8)),
        Int16 => Scalar::from_native_as(d, Some(v as i16)),
        Int32 => Scalar::from_native_as(d, Some(v as i32)),
        Int64 => Scalar::from_native_as(d, Some(v as i64)),
        Uint8 => Scalar::from_native_as(d, Some(v as u8)),
        Uint16 => Scalar::from_native_as(d, Some(v as u16)),
        Uint32 => Scalar::from_native_as(d, Some(v as u32)),
        Uint64 => Scalar::from_native_as(d, Some(v as u64)),
        Float32 => Scalar::from_native_as(d, Some(v as f32)),
        Float64 => Scalar::from_native_as(d, Some(v)),
        Bool8 => Scalar::from_native_as(d, Some(u8::from(v != 0.0))),
        _ => Err(Error::type_err(format!("{t} is not a numeric type"))),
    }
}

/// 64-bit integers beyond 2^53 lose digits through f64: build those exactly.
fn exact_int(s: Scalar, t: TypeId, v: i128) -> Result<Scalar> {
    match t {
        TypeId::Int64 => Scalar::from_native_as(t.into(), Some(v as i64)),
        TypeId::Uint64 => Scalar::from_native_as(t.into(), Some(v as u64)),
        _ => Ok(s),
    }
}

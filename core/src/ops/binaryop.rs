//! `binary_operation`: element-wise `lhs op rhs` over columns and scalars (pylibcudf's
//! `binaryop` module).
//!
//! Type rules follow libcudf: the operation is computed in C++'s common type of the two
//! operand types (so `int8 + int8` is computed in int32), then converted to the output type
//! you pass. TRUE_DIV and POW compute in float64; POW of two integer operands multiplies by
//! repeated squaring, which is exact while the result is below 2^53 (a library `pow()` may
//! be an ulp off, which truncation to an integer output would turn into an error of one).
//! Integer arithmetic wraps on overflow.
//! Conversions of a float result to an integer output saturate (NaN gives 0).
//!
//! Deliberate differences from libcudf, which are both about correctness on every input:
//! - integer DIV, FLOOR_DIV, MOD and PYMOD by zero give a null row (libcudf leaves the
//!   value undefined);
//! - comparisons between a signed and an unsigned integer are exact (C++ would first
//!   convert the signed value to unsigned, so that -1 > 0u).
//!
//! A row is null when either input row is null; a null scalar makes every row null.

pub use super::numeric::common_type;
use super::numeric::{Num, column_values_as, convert, with_num_type};
use crate::bitmask::new_mask;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::binaryop::{self as dev, DeviceOperand};
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId, fixed_width};
use arrow_buffer::{BooleanBuffer, NullBuffer, ScalarBuffer};
use rayon::prelude::*;

/// pylibcudf's `BinaryOperator`, with its numeric values.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum BinaryOperator {
    Add = 0,
    Sub,
    Mul,
    Div,
    TrueDiv,
    FloorDiv,
    Mod,
    Pmod,
    Pymod,
    Pow,
    IntPow,
    LogBase,
    Atan2,
    ShiftLeft,
    ShiftRight,
    ShiftRightUnsigned,
    BitwiseAnd,
    BitwiseOr,
    BitwiseXor,
    LogicalAnd,
    LogicalOr,
    Equal,
    NotEqual,
    Less,
    Greater,
    LessEqual,
    GreaterEqual,
    NullEquals,
    NullNotEquals,
    NullMax,
    NullMin,
    GenericBinary,
    NullLogicalAnd,
    NullLogicalOr,
    InvalidBinary,
}

impl BinaryOperator {
    /// The operator with numeric value `v`.
    pub fn from_i32(v: i32) -> Result<BinaryOperator> {
        use BinaryOperator::*;
        const ALL: [BinaryOperator; 35] = [
            Add,
            Sub,
            Mul,
            Div,
            TrueDiv,
            FloorDiv,
            Mod,
            Pmod,
            Pymod,
            Pow,
            IntPow,
            LogBase,
            Atan2,
            ShiftLeft,
            ShiftRight,
            ShiftRightUnsigned,
            BitwiseAnd,
            BitwiseOr,
            BitwiseXor,
            LogicalAnd,
            LogicalOr,
            Equal,
            NotEqual,
            Less,
            Greater,
            LessEqual,
            GreaterEqual,
            NullEquals,
            NullNotEquals,
            NullMax,
            NullMin,
            GenericBinary,
            NullLogicalAnd,
            NullLogicalOr,
            InvalidBinary,
        ];
        usize::try_from(v)
            .ok()
            .and_then(|i| ALL.get(i).copied())
            .ok_or_else(|| Error::value(format!("{v} is not a BinaryOperator")))
    }
    fn is_comparison(self) -> bool {
        (BinaryOperator::Equal as i32..=BinaryOperator::GreaterEqual as i32)
            .contains(&(self as i32))
    }
    fn is_implemented(self) -> bool {
        dev::kernel_name(self as i32).is_some()
    }
    /// Whether the operator can turn valid integer inputs into a null (division by zero).
    fn may_null(self, common: TypeId) -> bool {
        use BinaryOperator::*;
        common.is_integer() && matches!(self, Div | FloorDiv | Mod | Pymod)
    }
}

/// One side of a binary operation.
#[derive(Clone, Copy)]
pub enum Operand<'a> {
    Column(&'a Column),
    Scalar(&'a Scalar),
}

impl Operand<'_> {
    fn dtype(&self) -> DataType {
        match self {
            Operand::Column(c) => c.dtype(),
            Operand::Scalar(s) => s.dtype(),
        }
    }
}

/// Whether `binary_operation` supports `lhs op rhs -> out` (pylibcudf's
/// `is_supported_operation`).
pub fn is_supported_operation(
    out: DataType,
    lhs: DataType,
    rhs: DataType,
    op: BinaryOperator,
) -> bool {
    check(out, lhs, rhs, op).is_ok()
}

fn check(out: DataType, lhs: DataType, rhs: DataType, op: BinaryOperator) -> Result<TypeId> {
    if !op.is_implemented() {
        return Err(Error::not_implemented(format!(
            "binary_operation with {op:?} is not implemented yet; implemented: ADD, SUB, MUL, \
             DIV, TRUE_DIV, FLOOR_DIV, MOD, PYMOD, POW and the six comparisons"
        )));
    }
    for t in [lhs, rhs] {
        if !t.id().is_numeric() {
            return Err(Error::not_implemented(format!(
                "binary_operation {op:?} on {} operands is not implemented yet; it supports \
                 integer, float and BOOL8 operands",
                t.id()
            )));
        }
    }
    if !out.id().is_numeric() {
        return Err(Error::type_err(format!(
            "binary_operation {op:?} cannot produce {}; pass a numeric output type{}",
            out.id(),
            if op.is_comparison() {
                " (BOOL8 for comparisons)"
            } else {
                ""
            }
        )));
    }
    common_type(lhs.id(), rhs.id())
}

/// Compute `lhs op rhs` row by row into a column of `output`.
///
/// ```
/// use ferrodf_core::{column::Column, scalar::Scalar, types::*};
/// use ferrodf_core::ops::binaryop::{binary_operation, BinaryOperator, Operand};
/// let a = Column::from_options(vec![Some(7i32), None, Some(-7)]);
/// let two = Scalar::from_native(2i32);
/// let q = binary_operation(Operand::Column(&a), Operand::Scalar(&two), BinaryOperator::FloorDiv,
///                          TypeId::Int32.into()).unwrap();
/// assert_eq!(q.null_count().unwrap(), 1);
/// assert_eq!(q.host_values::<i32>().unwrap()[2], -4);
/// ```
pub fn binary_operation(
    lhs: Operand,
    rhs: Operand,
    op: BinaryOperator,
    output: DataType,
) -> Result<Column> {
    let common = check(output, lhs.dtype(), rhs.dtype(), op)?;
    let n = match (lhs, rhs) {
        (Operand::Column(a), Operand::Column(b)) => {
            if a.size() != b.size() {
                return Err(Error::value(format!(
                    "binary_operation needs columns of equal length, got {} and {}",
                    a.size(),
                    b.size()
                )));
            }
            a.size()
        }
        (Operand::Column(a), Operand::Scalar(_)) | (Operand::Scalar(_), Operand::Column(a)) => {
            a.size()
        }
        (Operand::Scalar(_), Operand::Scalar(_)) => {
            return Err(Error::type_err(
                "binary_operation needs at least one column operand",
            ));
        }
    };
    for side in [lhs, rhs] {
        if let Operand::Scalar(s) = side
            && !s.is_valid()?
        {
            return all_null(output, n);
        }
    }
    if use_device()? {
        let l = device_operand(&lhs)?;
        let r = device_operand(&rhs)?;
        return dev::binary(&l, &r, op as i32, common, output, n, op.may_null(common));
    }
    host_binary(lhs, rhs, op, common, output, n)
}

fn device_operand<'a>(o: &Operand<'a>) -> Result<DeviceOperand<'a>> {
    Ok(match o {
        Operand::Column(c) => DeviceOperand::Column(c),
        Operand::Scalar(s) => {
            let width = fixed_width(s.dtype().id()).expect("numeric");
            let col = s.as_column();
            let bytes = col.data().expect("fixed width").host()?;
            let mut raw = [0u8; 8];
            raw[..width].copy_from_slice(
                &bytes.as_slice()[col.offset() * width..(col.offset() + 1) * width],
            );
            DeviceOperand::Scalar(s.dtype().id(), u64::from_le_bytes(raw))
        }
    })
}

fn all_null(output: DataType, n: usize) -> Result<Column> {
    let width = fixed_width(output.id()).expect("numeric");
    let data = Buffer::zeroed(n * width);
    Column::new(
        output,
        n,
        Some(data),
        Some(new_mask(n, false)),
        Some(n),
        0,
        vec![],
    )
}

/// Values of one side in the computation type: a column's values or a broadcast scalar.
enum Values<T: Num> {
    Column(ScalarBuffer<T>),
    Scalar(T),
}

impl<T: Num> Values<T> {
    fn of(o: &Operand) -> Result<Self> {
        Ok(match o {
            Operand::Column(c) => Values::Column(column_values_as::<T>(c)?),
            Operand::Scalar(s) => Values::Scalar(column_values_as::<T>(s.as_column())?[0]),
        })
    }
    #[inline]
    fn get(&self, i: usize) -> T {
        match self {
            Values::Column(v) => v[i],
            Values::Scalar(s) => *s,
        }
    }
}

/// `f(lhs[i], rhs[i])` for every row, with loops specialised per operand shape so they
/// vectorise, in parallel for large inputs.
fn zip_map<C: Num, T: Send>(
    n: usize,
    l: &Values<C>,
    r: &Values<C>,
    f: impl Fn(C, C) -> T + Sync + Send,
) -> Vec<T> {
    const PAR: usize = 1 << 16;
    const MIN_LEN: usize = 1 << 14;
    match (l, r) {
        (Values::Column(a), Values::Column(b)) if n >= PAR => a
            .par_iter()
            .zip(b.par_iter())
            .with_min_len(MIN_LEN)
            .map(|(x, y)| f(*x, *y))
            .collect(),
        (Values::Column(a), Values::Column(b)) => {
            a.iter().zip(b.iter()).map(|(x, y)| f(*x, *y)).collect()
        }
        (Values::Column(a), Values::Scalar(y)) if n >= PAR => a
            .par_iter()
            .with_min_len(MIN_LEN)
            .map(|x| f(*x, *y))
            .collect(),
        (Values::Column(a), Values::Scalar(y)) => a.iter().map(|x| f(*x, *y)).collect(),
        (Values::Scalar(x), Values::Column(b)) if n >= PAR => b
            .par_iter()
            .with_min_len(MIN_LEN)
            .map(|y| f(*x, *y))
            .collect(),
        (Values::Scalar(x), Values::Column(b)) => b.iter().map(|y| f(*x, *y)).collect(),
        (Values::Scalar(x), Values::Scalar(y)) => (0..n).map(|_| f(*x, *y)).collect(),
    }
}

fn host_binary(
    lhs: Operand,
    rhs: Operand,
    op: BinaryOperator,
    common: TypeId,
    output: DataType,
    n: usize,
) -> Result<Column> {
    let (l_id, r_id) = (lhs.dtype().id(), rhs.dtype().id());
    let mixed_sign = l_id.is_integer()
        && r_id.is_integer()
        && l_id.is_signed_integer() != r_id.is_signed_integer();
    let (values, op_valid): (Buffer, Option<Vec<bool>>) = if op.is_comparison() {
        let truth = if mixed_sign {
            compare::<i128>(op, &Values::of(&lhs)?, &Values::of(&rhs)?, n)
        } else {
            with_num_type!(common, C => { compare::<C>(op, &Values::of(&lhs)?, &Values::of(&rhs)?, n) })
        };
        (output_buffer::<u8>(truth, output)?, None)
    } else if op == BinaryOperator::Pow && !l_id.is_floating() && !r_id.is_floating() {
        let (l, r) = (Values::<f64>::of(&lhs)?, Values::<i128>::of(&rhs)?);
        let v: Vec<f64> = (0..n).map(|i| int_pow(l.get(i), r.get(i))).collect();
        (output_buffer::<f64>(v, output)?, None)
    } else if matches!(op, BinaryOperator::TrueDiv | BinaryOperator::Pow) {
        let (l, r) = (Values::<f64>::of(&lhs)?, Values::<f64>::of(&rhs)?);
        let v = if op == BinaryOperator::TrueDiv {
            zip_map(n, &l, &r, |a, b| a / b)
        } else {
            zip_map(n, &l, &r, f64::powf)
        };
        (output_buffer::<f64>(v, output)?, None)
    } else {
        with_num_type!(common, C => {
            let (v, valid) = arith::<C>(op, &Values::of(&lhs)?, &Values::of(&rhs)?, n);
            (output_buffer::<C>(v, output)?, valid)
        })
    };
    let mut nulls: Option<NullBuffer> = None;
    for side in [lhs, rhs] {
        if let Operand::Column(c) = side {
            nulls = NullBuffer::union(nulls.as_ref(), c.host_nulls()?.as_ref());
        }
    }
    if let Some(valid) = op_valid {
        let op_nulls = NullBuffer::new(BooleanBuffer::from(valid));
        nulls = NullBuffer::union(nulls.as_ref(), Some(&op_nulls));
    }
    let (mask, null_count) = match nulls {
        Some(nb) if nb.null_count() > 0 => {
            let count = nb.null_count();
            (
                Some(Buffer::from_arrow(nb.into_inner().sliced())),
                Some(count),
            )
        }
        _ => (None, Some(0)),
    };
    Column::new(output, n, Some(values), mask, null_count, 0, vec![])
}

/// `base ** e` by repeated squaring in float64, the same multiplications as the kernel.
fn int_pow(base: f64, e: i128) -> f64 {
    let mut m = e.unsigned_abs();
    let (mut r, mut b) = (1.0f64, base);
    while m != 0 {
        if m & 1 == 1 {
            r *= b;
        }
        m >>= 1;
        if m != 0 {
            b *= b;
        }
    }
    if e < 0 { 1.0 / r } else { r }
}

/// Convert computed values to the output type's storage.
fn output_buffer<C: Num>(v: Vec<C>, output: DataType) -> Result<Buffer> {
    let to_bool = output.id() == TypeId::Bool8;
    with_num_type!(output.id(), O => {
        if !to_bool && std::any::TypeId::of::<O>() == std::any::TypeId::of::<C>() {
            return Ok(Buffer::from_vec(v));
        }
        Ok(Buffer::from_vec(convert::<C, O>(&v, false, to_bool)))
    })
}

fn compare<C: Num>(op: BinaryOperator, l: &Values<C>, r: &Values<C>, n: usize) -> Vec<u8> {
    use BinaryOperator::*;
    macro_rules! rows {
        ($f:expr) => {
            zip_map(n, l, r, |a, b| u8::from($f(a, b)))
        };
    }
    match op {
        Equal => rows!(|a: C, b: C| a == b),
        NotEqual => rows!(|a: C, b: C| a != b),
        Less => rows!(|a: C, b: C| a < b),
        Greater => rows!(|a: C, b: C| a > b),
        LessEqual => rows!(|a: C, b: C| a <= b),
        GreaterEqual => rows!(|a: C, b: C| a >= b),
        _ => unreachable!("not a comparison"),
    }
}

/// Arithmetic in the common type; the second result marks rows an integer division by zero
/// made null.
fn arith<C: Num>(
    op: BinaryOperator,
    l: &Values<C>,
    r: &Values<C>,
    n: usize,
) -> (Vec<C>, Option<Vec<bool>>) {
    use BinaryOperator::*;
    let zero = C::zero();
    let divides = !C::IS_FLOAT && matches!(op, Div | FloorDiv | Mod | Pymod);
    let v = match op {
        Add => zip_map(n, l, r, C::wadd),
        Sub => zip_map(n, l, r, C::wsub),
        Mul => zip_map(n, l, r, C::wmul),
        Div => zip_map(n, l, r, |a, b| {
            if divides && b == zero {
                zero
            } else {
                a.wdiv(b)
            }
        }),
        FloorDiv => zip_map(n, l, r, |a, b| {
            if C::IS_FLOAT {
                a.wdiv(b).floor()
            } else if b == zero {
                zero
            } else {
                let q = a.wdiv(b);
                let m = a.wrem(b);
                if m != zero && ((m < zero) != (b < zero)) {
                    q.wsub(C::one())
                } else {
                    q
                }
            }
        }),
        Mod => zip_map(n, l, r, |a, b| {
            if divides && b == zero {
                zero
            } else {
                a.wrem(b)
            }
        }),
        Pymod => zip_map(n, l, r, |a, b| {
            if divides && b == zero {
                return zero;
            }
            let m = a.wrem(b);
            if m != zero && ((m < zero) != (b < zero)) {
                m.wadd(b)
            } else {
                m
            }
        }),
        _ => unreachable!("checked by is_implemented"),
    };
    let valid = if divides {
        let any_zero = match r {
            Values::Column(c) => c.contains(&zero),
            Values::Scalar(s) => *s == zero,
        };
        any_zero.then(|| (0..n).map(|i| r.get(i) != zero).collect())
    } else {
        None
    };
    (v, valid)
}

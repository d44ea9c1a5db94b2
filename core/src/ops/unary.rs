//! pylibcudf's `unary` module: `unary_operation`, `is_null`, `is_valid`, `is_nan`,
//! `is_not_nan` (casts live in [`super::cast`]).
//!
//! Type rules follow libcudf:
//! - the math functions (SIN ... FLOOR), ABS and CEIL/FLOOR take integers, floats and BOOL8
//!   and keep the input type. Integer (and BOOL8) inputs are computed in float64, as C++'s
//!   integral overloads of `<cmath>` do, and converted back: float -> integer saturates and
//!   NaN gives 0 (C++ leaves out-of-range conversions undefined), anything -> BOOL8 is `!= 0`;
//! - RINT takes floats only; BIT_COUNT takes integers and BOOL8 and gives INT32;
//!   BIT_INVERT takes integers and BOOL8 (on BOOL8 every result is true, as `~` on a
//!   promoted `bool` is never 0); NOT takes numbers and gives BOOL8; NEGATE takes signed
//!   integers, floats and durations;
//! - decimals support CEIL, FLOOR, ABS and NEGATE (the value keeps its scale);
//! - integer ABS and NEGATE wrap (`-MIN == MIN`).
//!
//! The output keeps the input's null mask. Unsupported (operator, type) pairs raise
//! `TypeError` even for empty columns (libcudf returns an empty column for those).
//! DICTIONARY32 inputs are not implemented.

use super::numeric::{Num, with_num_type};
use crate::bitmask::mask_from_bools;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::transform as dev_mask;
use crate::device::kernels::unary::{self as dev, UnaryKernel};
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::types::{DataType, TypeId};
use rayon::prelude::*;

/// Run `$body` with `$T` the storage type of decimal type id `$id`.
macro_rules! with_decimal_type {
    ($id:expr, $T:ident => $body:block) => {
        match $id {
            TypeId::Decimal32 => {
                type $T = i32;
                $body
            }
            TypeId::Decimal64 => {
                type $T = i64;
                $body
            }
            _ => {
                type $T = i128;
                $body
            }
        }
    };
}
pub(crate) use with_decimal_type;

pub use crate::unary_operator::UnaryOperator;

impl UnaryOperator {
    fn is_math(self) -> bool {
        (self as i32) <= UnaryOperator::Floor as i32
    }
}

/// The output type of `op` on `input`, or a `TypeError` when libcudf does not support it.
pub fn output_type(op: UnaryOperator, input: DataType) -> Result<DataType> {
    use UnaryOperator::*;
    let id = input.id();
    let unsupported = || {
        Err(Error::type_err(format!(
            "unary_operation {op:?} is not supported for {input}"
        )))
    };
    if id == TypeId::Dictionary32 {
        return Err(Error::not_implemented(
            "unary_operation on DICTIONARY32 columns is not implemented; decode the keys first",
        ));
    }
    if id.is_decimal() {
        return match op {
            Ceil | Floor | Abs | Negate => Ok(input),
            _ => unsupported(),
        };
    }
    let integral = id.is_integer() || id == TypeId::Bool8;
    let ok = match op {
        _ if op.is_math() || op == Abs => id.is_numeric(),
        Rint => id.is_floating(),
        BitCount => integral,
        BitInvert => integral,
        Not => id.is_numeric(),
        Negate => id.is_signed_integer() || id.is_floating() || id.is_duration(),
        _ => false,
    };
    if !ok {
        return unsupported();
    }
    Ok(match op {
        BitCount => TypeId::Int32.into(),
        Not => TypeId::Bool8.into(),
        _ => input,
    })
}

/// Apply `op` to every row of `input`.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::ops::unary::{unary_operation, UnaryOperator};
/// let c = Column::from_options(vec![Some(-3i32), None, Some(4)]);
/// let a = unary_operation(&c, UnaryOperator::Abs).unwrap();
/// assert_eq!(a.host_values::<i32>().unwrap()[0], 3);
/// assert_eq!(a.null_count().unwrap(), 1);
/// ```
pub fn unary_operation(input: &Column, op: UnaryOperator) -> Result<Column> {
    let out_type = output_type(op, input.dtype())?;
    let id = input.dtype().id();
    if id.is_decimal() {
        let p = decimal_unit(input.dtype());
        if matches!(op, UnaryOperator::Ceil | UnaryOperator::Floor) && input.dtype().scale() >= 0 {
            return Ok(input.clone());
        }
        if use_device()? {
            return dev::unary(input, UnaryKernel::Decimal(op as i32, p), out_type);
        }
        return with_decimal_type!(id, T => {
            let pt = T::from_i128(p);
            let v = map_values(&input.host_values::<T>()?, |x: T| decimal_op(op, x, pt));
            host_column(input, out_type, v)
        });
    }
    if use_device()? {
        let kernel = match op {
            UnaryOperator::BitCount => UnaryKernel::BitCount,
            UnaryOperator::Not => UnaryKernel::Not,
            _ => UnaryKernel::Same(op as i32),
        };
        return dev::unary(input, kernel, out_type);
    }
    if id.is_duration() {
        // NEGATE is the only operator on durations.
        return if id == TypeId::DurationDays {
            let v = map_values(&input.host_values::<i32>()?, i32::wrapping_neg);
            host_column(input, out_type, v)
        } else {
            let v = map_values(&input.host_values::<i64>()?, i64::wrapping_neg);
            host_column(input, out_type, v)
        };
    }
    let is_bool = id == TypeId::Bool8;
    with_num_type!(id, T => {
        let src = input.host_values::<T>()?;
        match op {
            UnaryOperator::BitCount => {
                let v = map_values(&src, |x: T| if is_bool { i32::from(x != T::zero()) } else { x.popcount() });
                host_column(input, out_type, v)
            }
            UnaryOperator::Not => {
                let v = map_values(&src, |x: T| u8::from(x == T::zero()));
                host_column(input, out_type, v)
            }
            _ if is_bool => {
                let v = map_values(&src, |x: T| {
                    let b = f64::from(u8::from(x != T::zero()));
                    match op {
                        UnaryOperator::BitInvert => 1u8,
                        UnaryOperator::Abs => b as u8,
                        _ => u8::from(math_f64(op, b) != 0.0),
                    }
                });
                host_column(input, out_type, v)
            }
            _ => {
                let v = map_values(&src, |x: T| x.unary(op));
                host_column(input, out_type, v)
            }
        }
    })
}

/// libcudf's `n` for decimal CEIL/FLOOR: 10^max(1, -scale), computed with wrapping in the
/// storage type (returned sign-extended).
fn decimal_unit(t: DataType) -> i128 {
    let k = (-t.scale()).max(1) as u32;
    let mut n: i128 = 1;
    for _ in 0..k {
        n = n.wrapping_mul(10);
    }
    with_decimal_type!(t.id(), T => { T::from_i128(n).to_i128() })
}

fn decimal_op<T: Num + WrapInt>(op: UnaryOperator, v: T, n: T) -> T {
    match op {
        // n wraps to 0 only for scales beyond the storage's 2-adic range (e.g. -32 for
        // DECIMAL32); leave such values unchanged instead of dividing by zero.
        UnaryOperator::Ceil | UnaryOperator::Floor if n == T::zero() => v,
        UnaryOperator::Ceil | UnaryOperator::Floor => {
            let a = v.wdiv(n).wmul(n);
            if op == UnaryOperator::Ceil && v > T::zero() && a != v {
                a.wadd(n)
            } else if op == UnaryOperator::Floor && v < T::zero() && a != v {
                a.wsub(n)
            } else {
                a
            }
        }
        UnaryOperator::Abs => {
            if v < T::zero() {
                T::zero().wsub(v)
            } else {
                v
            }
        }
        _ => T::zero().wsub(v),
    }
}

/// Integer helpers the numeric trait does not have.
pub(crate) trait WrapInt: Copy {
    fn popcount(self) -> i32;
}
macro_rules! wrap_int {
    ($($t:ty),*) => {$(
        impl WrapInt for $t {
            fn popcount(self) -> i32 { self.count_ones() as i32 }
        }
    )*};
}
wrap_int!(i8, i16, i32, i64, i128, u8, u16, u32, u64);
impl WrapInt for f32 {
    fn popcount(self) -> i32 {
        0
    }
}
impl WrapInt for f64 {
    fn popcount(self) -> i32 {
        0
    }
}

/// asinh without the overflow of `f64::asinh` for |x| near the largest finite values.
fn asinh(x: f64) -> f64 {
    if x.abs() > 268_435_456.0 {
        (x.abs().ln() + std::f64::consts::LN_2).copysign(x)
    } else {
        x.asinh()
    }
}

/// acosh without the overflow of `f64::acosh` for x near the largest finite values.
fn acosh(x: f64) -> f64 {
    if x > 268_435_456.0 {
        x.ln() + std::f64::consts::LN_2
    } else {
        x.acosh()
    }
}

/// The math functions in float64 (C++'s integral overloads compute in double).
fn math_f64(op: UnaryOperator, x: f64) -> f64 {
    use UnaryOperator::*;
    match op {
        Sin => x.sin(),
        Cos => x.cos(),
        Tan => x.tan(),
        Arcsin => x.asin(),
        Arccos => x.acos(),
        Arctan => x.atan(),
        Sinh => x.sinh(),
        Cosh => x.cosh(),
        Tanh => x.tanh(),
        Arcsinh => asinh(x),
        Arccosh => acosh(x),
        Arctanh => x.atanh(),
        Exp => x.exp(),
        Log => x.ln(),
        Sqrt => x.sqrt(),
        Cbrt => x.cbrt(),
        Ceil => x.ceil(),
        Floor => x.floor(),
        Abs => x.abs(),
        Rint => x.round_ties_even(),
        _ => x,
    }
}

fn math_f32(op: UnaryOperator, x: f32) -> f32 {
    use UnaryOperator::*;
    match op {
        Sin => x.sin(),
        Cos => x.cos(),
        Tan => x.tan(),
        Arcsin => x.asin(),
        Arccos => x.acos(),
        Arctan => x.atan(),
        Sinh => x.sinh(),
        Cosh => x.cosh(),
        Tanh => x.tanh(),
        Arcsinh => asinh(f64::from(x)) as f32,
        Arccosh => acosh(f64::from(x)) as f32,
        Arctanh => x.atanh(),
        Exp => x.exp(),
        Log => x.ln(),
        Sqrt => x.sqrt(),
        Cbrt => x.cbrt(),
        Ceil => x.ceil(),
        Floor => x.floor(),
        Abs => x.abs(),
        Rint => x.round_ties_even(),
        _ => x,
    }
}

/// Operators whose output type is the input type, per storage type.
trait UnaryValue: Num + WrapInt {
    fn unary(self, op: UnaryOperator) -> Self;
}
macro_rules! unary_int {
    ($($t:ty),*) => {$(
        impl UnaryValue for $t {
            #[allow(unused_comparisons)]
            fn unary(self, op: UnaryOperator) -> Self {
                match op {
                    UnaryOperator::Abs => if self < 0 { (0 as $t).wrapping_sub(self) } else { self },
                    UnaryOperator::BitInvert => !self,
                    UnaryOperator::Negate => (0 as $t).wrapping_sub(self),
                    _ => <$t as Num>::from_f64(math_f64(op, self as f64)),
                }
            }
        }
    )*};
}
unary_int!(i8, i16, i32, i64, u8, u16, u32, u64);
impl UnaryValue for f32 {
    fn unary(self, op: UnaryOperator) -> Self {
        if op == UnaryOperator::Negate {
            -self
        } else {
            math_f32(op, self)
        }
    }
}
impl UnaryValue for f64 {
    fn unary(self, op: UnaryOperator) -> Self {
        if op == UnaryOperator::Negate {
            -self
        } else {
            math_f64(op, self)
        }
    }
}

/// `f` over every value, in parallel for large inputs.
pub(crate) fn map_values<S: Copy + Sync, D: Send>(
    src: &[S],
    f: impl Fn(S) -> D + Sync + Send,
) -> Vec<D> {
    if src.len() >= 1 << 16 {
        src.par_iter()
            .with_min_len(1 << 14)
            .map(|x| f(*x))
            .collect()
    } else {
        src.iter().map(|x| f(*x)).collect()
    }
}

/// The validity of `c`'s rows as a host mask starting at bit 0, and its null count.
pub(crate) fn host_mask_copy(c: &Column) -> Result<(Option<Buffer>, usize)> {
    Ok(match c.host_nulls()? {
        Some(nb) if nb.null_count() > 0 => {
            let nulls = nb.null_count();
            (Some(Buffer::from_arrow(nb.into_inner().sliced())), nulls)
        }
        _ => (None, 0),
    })
}

/// A host column of `values` with `like`'s validity.
pub(crate) fn host_column<T: arrow_buffer::ArrowNativeType>(
    like: &Column,
    dtype: DataType,
    values: Vec<T>,
) -> Result<Column> {
    let (mask, nulls) = host_mask_copy(like)?;
    Column::new(
        dtype,
        values.len(),
        Some(Buffer::from_vec(values)),
        mask,
        Some(nulls),
        0,
        vec![],
    )
}

/// A non-nullable host BOOL8 column.
fn bool_column(values: Vec<u8>) -> Result<Column> {
    let n = values.len();
    Column::new(
        TypeId::Bool8.into(),
        n,
        Some(Buffer::from_vec(values)),
        None,
        Some(0),
        0,
        vec![],
    )
}

fn validity(input: &Column, want_valid: bool) -> Result<Column> {
    let n = input.size();
    let all_null = input.dtype().id() == TypeId::Empty;
    if use_device()? {
        let (mask, off) = if all_null {
            (0, 0)
        } else {
            dev_mask::mask_arg(input)?
        };
        // No mask means every row has the same answer: valid, unless the type is EMPTY.
        let invert = want_valid == all_null;
        return dev_mask::mask_to_bools(mask, off as usize, n, invert);
    }
    let v = if all_null {
        vec![u8::from(!want_valid); n]
    } else {
        match input.host_nulls()? {
            Some(nb) => nb.iter().map(|ok| u8::from(ok == want_valid)).collect(),
            None => vec![u8::from(want_valid); n],
        }
    };
    bool_column(v)
}

/// A non-nullable BOOL8 column: true where `input` is null. Works for every type.
///
/// ```
/// use ferrodf_core::column::Column;
/// let c = Column::from_options(vec![Some(1i8), None]);
/// let m = ferrodf_core::ops::unary::is_null(&c).unwrap();
/// assert_eq!(m.host_values::<u8>().unwrap().to_vec(), vec![0, 1]);
/// ```
pub fn is_null(input: &Column) -> Result<Column> {
    validity(input, false)
}

/// A non-nullable BOOL8 column: true where `input` is valid. Works for every type.
pub fn is_valid(input: &Column) -> Result<Column> {
    validity(input, true)
}

fn nan_check(input: &Column, negate: bool) -> Result<Column> {
    let id = input.dtype().id();
    if !id.is_floating() {
        return Err(Error::type_err(format!(
            "{} needs a FLOAT32 or FLOAT64 column, got {}",
            if negate { "is_not_nan" } else { "is_nan" },
            input.dtype()
        )));
    }
    if use_device()? {
        return dev_mask::is_nan(input, negate);
    }
    let nulls = input.host_nulls()?;
    let valid = |i: usize| nulls.as_ref().is_none_or(|nb| nb.is_valid(i));
    let v: Vec<u8> = if id == TypeId::Float32 {
        let src = input.host_values::<f32>()?;
        (0..src.len())
            .map(|i| u8::from((valid(i) && src[i].is_nan()) != negate))
            .collect()
    } else {
        let src = input.host_values::<f64>()?;
        (0..src.len())
            .map(|i| u8::from((valid(i) && src[i].is_nan()) != negate))
            .collect()
    };
    bool_column(v)
}

/// A non-nullable BOOL8 column: true where `input` is valid and NaN. Floats only.
pub fn is_nan(input: &Column) -> Result<Column> {
    nan_check(input, false)
}

/// A non-nullable BOOL8 column: false where `input` is valid and NaN (nulls give true).
/// Floats only.
pub fn is_not_nan(input: &Column) -> Result<Column> {
    nan_check(input, true)
}

/// Pack validity flags into a host mask (used by transform and cast).
pub(crate) fn host_mask(n: usize, valid: impl IntoIterator<Item = bool>) -> (Buffer, usize) {
    mask_from_bools(n, valid)
}

//! The host path of `unary`: per-value loops over arrow-rs buffers (C++'s `<cmath>` in
//! float64 for the integer overloads, wrapping integer ABS and NEGATE).

use super::{UnaryOperator, decimal_unit};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::Result;
use crate::ops::numeric::{Num, host_column, map_values, with_decimal_type, with_num_type};
use crate::types::{DataType, TypeId};

/// `op` on every row of `input` into `out_type` (checked by [`super::output_type`]).
pub(super) fn unary_operation(
    input: &Column,
    op: UnaryOperator,
    out_type: DataType,
) -> Result<Column> {
    let id = input.dtype().id();
    if id.is_decimal() {
        let p = decimal_unit(input.dtype());
        return with_decimal_type!(id, T => {
            let pt = T::from_i128(p);
            let v = map_values(&input.host_values::<T>()?, |x: T| decimal_op(op, x, pt));
            host_column(input, out_type, v)
        });
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

/// [`asinh`] of a float32, computed in float64.
fn asinh_f32(x: f32) -> f32 {
    asinh(f64::from(x)) as f32
}

/// [`acosh`] of a float32, computed in float64.
fn acosh_f32(x: f32) -> f32 {
    acosh(f64::from(x)) as f32
}

/// `math_f64` and `math_f32`: the math functions in one float type (C++'s integral
/// overloads compute in double, so integers go through `math_f64`); `$asinh` and `$acosh`
/// are the overflow-free versions above in that type.
macro_rules! math_fn {
    ($name:ident, $t:ty, $asinh:ident, $acosh:ident) => {
        fn $name(op: UnaryOperator, x: $t) -> $t {
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
                Arcsinh => $asinh(x),
                Arccosh => $acosh(x),
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
    };
}
math_fn!(math_f64, f64, asinh, acosh);
math_fn!(math_f32, f32, asinh_f32, acosh_f32);

/// Operators whose output type is the input type, per storage type.
trait UnaryValue: Num + WrapInt {
    fn unary(self, op: UnaryOperator) -> Self;
}
/// Floats negate exactly; everything else is the math function.
macro_rules! float_unary {
    ($t:ty, $math:ident) => {
        impl UnaryValue for $t {
            fn unary(self, op: UnaryOperator) -> Self {
                if op == UnaryOperator::Negate {
                    -self
                } else {
                    $math(op, self)
                }
            }
        }
    };
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
float_unary!(f32, math_f32);
float_unary!(f64, math_f64);

/// A non-nullable host BOOL8 column.
fn bool_column(values: Vec<u8>) -> Result<Column> {
    let n = values.len();
    Column::without_nulls(TypeId::Bool8.into(), n, Buffer::from_vec(values))
}

/// A BOOL8 column of the rows' validity (`want_valid`) or nullness.
pub(super) fn validity(input: &Column, want_valid: bool) -> Result<Column> {
    let n = input.size();
    let v = if input.dtype().id() == TypeId::Empty {
        vec![u8::from(!want_valid); n]
    } else {
        match input.host_nulls()? {
            Some(nb) => nb.iter().map(|ok| u8::from(ok == want_valid)).collect(),
            None => vec![u8::from(want_valid); n],
        }
    };
    bool_column(v)
}

/// A BOOL8 column: valid and NaN, or (`negate`) not that, for a float column.
pub(super) fn is_nan(input: &Column, negate: bool) -> Result<Column> {
    let id = input.dtype().id();
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

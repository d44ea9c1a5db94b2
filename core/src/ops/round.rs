//! pylibcudf's `round` module: `round` and `round_decimal`.
//!
//! Semantics follow libcudf's formulas, so results match it bit for bit:
//! - floats, `decimal_places == 0`: `round` (half away from zero) or `rint` (half even);
//!   `> 0`: `trunc(x) + round(frac(x) * n) / n`; `< 0`: `round(x / n) * n`, with
//!   `n = 10^|decimal_places|` in the column's float type;
//! - integers: unchanged for `decimal_places >= 0`; otherwise rounded to a multiple of
//!   `10^-decimal_places` (exactly, in 128-bit arithmetic, then wrapped to the type;
//!   a power of ten beyond 128 bits gives 0, where libcudf's result is undefined);
//! - decimals: the result has scale `-decimal_places`; rounding to more digits than the
//!   column has is a cast (exact rescale), to fewer rounds the unscaled integer.
//!
//! BOOL8 and non-numeric types raise `TypeError`. Nulls stay null.

use super::cast::{cast, pow10_divisor, pow10_f64};
use super::numeric::{Num, with_num_type};
use super::unary::{host_column, map_values, with_decimal_type};
use crate::column::Column;
use crate::device::kernels::unary as dev;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::types::{DataType, TypeId};

pub use crate::params::RoundingMethod;

/// Round `e` to a multiple of `p` (> 0) with libcudf's integer formulas.
pub(crate) fn round_to_multiple(e: i128, p: i128, half_even: bool) -> i128 {
    let q = e / p;
    let down = q * p;
    let diff = (e - down).abs();
    let up = if half_even {
        diff > p / 2 || (diff == p / 2 && q.abs() % 2 == 1)
    } else {
        diff >= p / 2
    };
    let adj = if up { p } else { 0 };
    if e < 0 { down - adj } else { down + adj }
}

/// C's `modf`: (fractional part, integral part), both with the sign of `x`.
trait FloatRound: Num {
    fn modf(self) -> (Self, Self);
    fn round_half(self, half_even: bool) -> Self;
    fn from_scale(v: f64) -> Self;
}
macro_rules! float_round {
    ($($t:ty),*) => {$(
        impl FloatRound for $t {
            fn modf(self) -> (Self, Self) {
                let ip = self.trunc();
                if self.is_infinite() { ((0.0 as $t).copysign(self), ip) } else { (self - ip, ip) }
            }
            fn round_half(self, half_even: bool) -> Self {
                if half_even { self.round_ties_even() } else { self.round() }
            }
            fn from_scale(v: f64) -> Self { v as $t }
        }
    )*};
}
float_round!(f32, f64);

fn round_float<T: FloatRound>(e: T, dp: i32, n: T, half_even: bool) -> T {
    if dp == 0 {
        e.round_half(half_even)
    } else if dp > 0 {
        let (frac, ip) = e.modf();
        ip.wadd(frac.wmul(n).round_half(half_even).wdiv(n))
    } else {
        e.wdiv(n).round_half(half_even).wmul(n)
    }
}

fn host_round_float<T: FloatRound>(
    input: &Column,
    dp: i32,
    scale: f64,
    half_even: bool,
) -> Result<Column> {
    let n = T::from_scale(scale);
    let v = map_values(&input.host_values::<T>()?, |e: T| {
        round_float(e, dp, n, half_even)
    });
    host_column(input, input.dtype(), v)
}

fn check(input: DataType) -> Result<()> {
    let id = input.id();
    if (id.is_numeric() && id != TypeId::Bool8) || id.is_decimal() {
        Ok(())
    } else {
        Err(Error::type_err(format!(
            "round supports integers, floats and decimals, not {input}"
        )))
    }
}

/// Round every value to `decimal_places` digits after the decimal point (negative: to the
/// left of it).
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::ops::round::{round, RoundingMethod};
/// let c = Column::from_values(vec![2.5f64, -2.5, 1.2345]);
/// let r = round(&c, 0, RoundingMethod::HalfEven).unwrap();
/// assert_eq!(r.host_values::<f64>().unwrap().to_vec(), vec![2.0, -2.0, 1.0]);
/// let r = round(&Column::from_values(vec![1250i32, -1250]), -2, RoundingMethod::HalfUp).unwrap();
/// assert_eq!(r.host_values::<i32>().unwrap().to_vec(), vec![1300, -1300]);
/// ```
pub fn round(input: &Column, decimal_places: i32, method: RoundingMethod) -> Result<Column> {
    check(input.dtype())?;
    let half_even = method == RoundingMethod::HalfEven;
    let id = input.dtype().id();
    if id.is_decimal() {
        return round_decimal_type(input, decimal_places, half_even);
    }
    if id.is_floating() {
        let scale = pow10_f64(decimal_places.unsigned_abs());
        if use_device()? {
            return dev::round_float(input, half_even, decimal_places, scale);
        }
        return if id == TypeId::Float32 {
            host_round_float::<f32>(input, decimal_places, scale, half_even)
        } else {
            host_round_float::<f64>(input, decimal_places, scale, half_even)
        };
    }
    if decimal_places >= 0 {
        return Ok(input.clone());
    }
    let p = pow10_divisor(decimal_places.unsigned_abs());
    if use_device()? {
        return dev::round_integer(input, half_even, p, false, input.dtype());
    }
    with_num_type!(id, T => {
        let v = map_values(&input.host_values::<T>()?, |e: T| {
            if p == 0 { T::zero() } else { T::from_i128(round_to_multiple(e.to_i128(), p, half_even)) }
        });
        host_column(input, input.dtype(), v)
    })
}

fn round_decimal_type(input: &Column, decimal_places: i32, half_even: bool) -> Result<Column> {
    let dt = input.dtype();
    let target = DataType::new(dt.id(), decimal_places.saturating_neg());
    if dt.scale() == target.scale() {
        return Ok(input.clone());
    }
    if dt.scale() > target.scale() {
        return cast(input, target);
    }
    let movement = (target.scale() - dt.scale()) as u32;
    let digits10 = match dt.id() {
        TypeId::Decimal32 => 9,
        TypeId::Decimal64 => 18,
        _ => 38,
    };
    let p = if movement > digits10 {
        0
    } else {
        10i128.pow(movement)
    };
    if use_device()? {
        return dev::round_integer(input, half_even, p, true, target);
    }
    with_decimal_type!(dt.id(), T => {
        let v = map_values(&input.host_values::<T>()?, |e: T| {
            if p == 0 { T::zero() } else { T::from_i128(round_to_multiple(e.to_i128(), p, half_even) / p) }
        });
        host_column(input, target, v)
    })
}

/// libcudf's `round_decimal`: `round` restricted to integers and decimals (ValueError for
/// other types, as libcudf raises `std::invalid_argument`).
pub fn round_decimal(
    input: &Column,
    decimal_places: i32,
    method: RoundingMethod,
) -> Result<Column> {
    let id = input.dtype().id();
    if !(id.is_integer() || id.is_decimal()) {
        return Err(Error::value(format!(
            "round_decimal supports integers and decimals, not {}",
            input.dtype()
        )));
    }
    round(input, decimal_places, method)
}

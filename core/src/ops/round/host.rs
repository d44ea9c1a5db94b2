//! The host path of `round`: libcudf's rounding formulas per value over arrow-rs buffers.

use super::Plan;
use crate::column::Column;
use crate::error::Result;
use crate::ops::numeric::{Num, host_column, map_values, with_decimal_type, with_num_type};
use crate::types::TypeId;

/// Round `e` to a multiple of `p` (> 0) with libcudf's integer formulas.
fn round_to_multiple(e: i128, p: i128, half_even: bool) -> i128 {
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

/// Round every value of `input` as `plan` says.
pub(super) fn round(input: &Column, plan: Plan, half_even: bool) -> Result<Column> {
    match plan {
        Plan::Float {
            decimal_places,
            scale,
        } => {
            if input.dtype().id() == TypeId::Float32 {
                host_round_float::<f32>(input, decimal_places, scale, half_even)
            } else {
                host_round_float::<f64>(input, decimal_places, scale, half_even)
            }
        }
        Plan::Multiple {
            p,
            decimal: false,
            output,
        } => with_num_type!(input.dtype().id(), T => {
            let v = map_values(&input.host_values::<T>()?, |e: T| {
                if p == 0 { T::zero() } else { T::from_i128(round_to_multiple(e.to_i128(), p, half_even)) }
            });
            host_column(input, output, v)
        }),
        Plan::Multiple {
            p,
            decimal: true,
            output,
        } => with_decimal_type!(input.dtype().id(), T => {
            let v = map_values(&input.host_values::<T>()?, |e: T| {
                if p == 0 { T::zero() } else { T::from_i128(round_to_multiple(e.to_i128(), p, half_even) / p) }
            });
            host_column(input, output, v)
        }),
    }
}

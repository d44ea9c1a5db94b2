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
//!
//! [`round`] checks the type and works out the rounding (a [`Plan`]) here, then runs it on
//! the host ([`host`]) or with the rounding launchers of `device/kernels/unary.rs`.

mod host;

use crate::column::Column;
use crate::device::kernels::unary as dev;
use crate::error::{Error, Result};
use crate::ops::cast::{cast, pow10_divisor, pow10_f64};
use crate::placement::use_device;
use crate::types::{DataType, TypeId};

pub use crate::params::RoundingMethod;

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
    let plan = if id.is_decimal() {
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
        Plan::Multiple {
            p,
            decimal: true,
            output: target,
        }
    } else if id.is_floating() {
        Plan::Float {
            decimal_places,
            scale: pow10_f64(decimal_places.unsigned_abs()),
        }
    } else {
        if decimal_places >= 0 {
            return Ok(input.clone());
        }
        Plan::Multiple {
            p: pow10_divisor(decimal_places.unsigned_abs()),
            decimal: false,
            output: input.dtype(),
        }
    };
    if use_device()? {
        match plan {
            Plan::Float {
                decimal_places,
                scale,
            } => dev::round_float(input, half_even, decimal_places, scale),
            Plan::Multiple { p, decimal, output } => {
                dev::round_integer(input, half_even, p, decimal, output)
            }
        }
    } else {
        host::round(input, plan, half_even)
    }
}

/// How `round` rounds a column that changes.
#[derive(Clone, Copy)]
enum Plan {
    /// Floats, with `scale = 10^|decimal_places|` as the nearest float64.
    Float { decimal_places: i32, scale: f64 },
    /// Integers and decimals: round the (unscaled) integer to a multiple of `p` (0 when the
    /// power of ten exceeds the type: every value becomes 0); a decimal is then divided by
    /// `p`, into `output` (its new scale).
    Multiple {
        p: i128,
        decimal: bool,
        output: DataType,
    },
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

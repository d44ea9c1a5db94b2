//! `cast` and `is_supported_cast` (part of pylibcudf's `unary` module).
//!
//! Supported casts, as in libcudf: between any two fixed-width types except timestamp <->
//! number (BOOL8 counts as a number), plus decimal <-> number and decimal <-> decimal.
//! Semantics:
//! - number -> number: C++ conversion; integer narrowing wraps, anything -> BOOL8 is `!= 0`,
//!   float -> integer saturates and NaN gives 0 (deliberate: C++ leaves out-of-range
//!   conversions undefined; `binary_operation` converts the same way);
//! - timestamp/duration unit changes floor towards negative infinity (so times before the
//!   epoch round down); timestamp <-> duration keep the tick count since the epoch;
//!   number <-> duration convert the tick count like a number;
//! - decimal -> decimal: more fractional digits multiply (wrapping on overflow), fewer
//!   truncate towards zero; a change of width wraps like libcudf (widen then rescale, or
//!   rescale then narrow);
//! - decimal -> integer truncates towards zero, then wraps; decimal -> BOOL8 is `!= 0`
//!   after truncation; decimal -> float is `unscaled * 10^scale` in float64 (one multiply
//!   or divide by an exactly rounded power of ten, then rounding to FLOAT32 if asked);
//! - integer -> decimal multiplies (wrapping) or truncates; float -> decimal rounds
//!   `value * 10^-scale` half away from zero after one float64 multiply or divide and
//!   saturates to the storage range (libcudf uses a more exact conversion and leaves
//!   out-of-range values undefined); NaN and infinities become null.
//!
//! Nulls stay null.

//!
//! [`cast`] checks the types and works out the conversion (a [`Plan`]) here, then runs it
//! either on the host ([`host`]) or with the launchers of `device/kernels/cast.rs`.

mod host;

use crate::column::Column;
use crate::device::kernels::cast::{self as dev, CastMode};
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::types::{DataType, TypeId, fixed_width};

/// Whether `cast` supports `from -> to` (libcudf's `is_supported_cast`).
///
/// ```
/// use ferrodf_core::ops::cast::is_supported_cast;
/// use ferrodf_core::types::TypeId;
/// assert!(is_supported_cast(TypeId::Int8.into(), TypeId::DurationSeconds.into()));
/// assert!(!is_supported_cast(TypeId::Int64.into(), TypeId::TimestampSeconds.into()));
/// ```
pub fn is_supported_cast(from: DataType, to: DataType) -> bool {
    let (f, t) = (from.id(), to.id());
    if !f.is_fixed_width() || !t.is_fixed_width() {
        return false;
    }
    if f.is_decimal() || t.is_decimal() {
        return (f.is_decimal() && (t.is_numeric() || t.is_decimal()))
            || (f.is_numeric() && t.is_decimal());
    }
    let chrono_number =
        (f.is_timestamp() && t.is_numeric()) || (t.is_timestamp() && f.is_numeric());
    !chrono_number
}

/// Ticks of a chrono type per nanosecond multiple: the unit's length in nanoseconds.
fn unit_ns(id: TypeId) -> i64 {
    use TypeId::*;
    match id {
        TimestampDays | DurationDays => 86_400_000_000_000,
        TimestampSeconds | DurationSeconds => 1_000_000_000,
        TimestampMilliseconds | DurationMilliseconds => 1_000_000,
        TimestampMicroseconds | DurationMicroseconds => 1_000,
        _ => 1,
    }
}

/// 10^k with wrapping (for multiplications), as i128.
pub(crate) fn pow10_wrapping(k: u32) -> i128 {
    let mut p: i128 = 1;
    for _ in 0..k {
        p = p.wrapping_mul(10);
    }
    p
}

/// 10^k for a truncating division, or 0 when it exceeds 128 bits (every quotient is 0).
pub(crate) fn pow10_divisor(k: u32) -> i128 {
    if k > 38 { 0 } else { 10i128.pow(k) }
}

/// 10^k as the nearest float64 (exact up to 10^22).
pub(crate) fn pow10_f64(k: u32) -> f64 {
    format!("1e{k}").parse().expect("a valid float literal")
}

fn bits_of(id: TypeId) -> i32 {
    (fixed_width(id).expect("fixed width") * 8) as i32
}

/// The multiplier or divisor that moves a value from scale `from` to scale `to`.
fn scale_step(from: i32, to: i32) -> (i128, bool) {
    if from >= to {
        (pow10_wrapping((from - to) as u32), true)
    } else {
        (pow10_divisor((to - from) as u32), false)
    }
}

/// Convert every row of `input` to `to`.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::ops::cast::cast;
/// use ferrodf_core::types::TypeId;
/// let c = Column::from_values(vec![1.9f64, -1.9, f64::NAN, 1e300]);
/// let i = cast(&c, TypeId::Int32.into()).unwrap();
/// assert_eq!(i.host_values::<i32>().unwrap().to_vec(), vec![1, -1, 0, i32::MAX]);
/// ```
pub fn cast(input: &Column, to: DataType) -> Result<Column> {
    let from = input.dtype();
    if !is_supported_cast(from, to) {
        return Err(Error::type_err(format!(
            "cannot cast {from} to {to}: cast supports fixed-width types (numbers, BOOL8, \
             timestamps, durations, decimals), but not timestamp <-> number"
        )));
    }
    let plan = plan(from, to);
    if use_device()? {
        match plan {
            Plan::Kernel(mode) => dev::cast(input, mode, to),
            Plan::FloatToDecimal { pf, p_mul } => dev::float_to_decimal(input, pf, p_mul, to),
        }
    } else {
        host::cast(input, plan, to)
    }
}

/// How `cast` converts: a mode of the device's cast kernel, or float -> decimal (which has
/// a kernel of its own, as it also nulls NaN and infinities).
#[derive(Clone, Copy)]
enum Plan {
    Kernel(CastMode),
    /// Multiply (`p_mul`) or divide by `pf`, round half away from zero, saturate.
    FloatToDecimal {
        pf: f64,
        p_mul: bool,
    },
}

/// The plan of the (supported) cast `from -> to`.
fn plan(from: DataType, to: DataType) -> Plan {
    let (f, t) = (from.id(), to.id());
    if f.is_decimal() && t.is_decimal() {
        let (p, p_mul) = scale_step(from.scale(), to.scale());
        let work_bits = bits_of(f).max(bits_of(t));
        return Plan::Kernel(CastMode::Decimal {
            p,
            p_mul,
            work_bits,
        });
    }
    if f.is_decimal() {
        if t.is_floating() {
            let k = from.scale().unsigned_abs();
            let (pf, p_mul) = (pow10_f64(k), from.scale() > 0);
            return Plan::Kernel(CastMode::DecimalToFloat { pf, p_mul });
        }
        // Decimal -> integer or BOOL8: shift to scale 0 in the decimal's width.
        let (p, p_mul) = scale_step(from.scale(), 0);
        return Plan::Kernel(CastMode::DecimalToInt {
            p,
            p_mul,
            work_bits: bits_of(f),
        });
    }
    if t.is_decimal() {
        if f.is_floating() {
            let k = to.scale().unsigned_abs();
            // value * 10^-scale: multiply for negative scales, divide for positive ones.
            let (pf, p_mul) = (pow10_f64(k), to.scale() <= 0);
            return Plan::FloatToDecimal { pf, p_mul };
        }
        let (p, p_mul) = scale_step(0, to.scale());
        return Plan::Kernel(CastMode::IntToDecimal {
            p,
            p_mul,
            work_bits: bits_of(t),
        });
    }
    let chrono = |id: TypeId| id.is_timestamp() || id.is_duration();
    let mode = if chrono(f) && chrono(t) {
        let (a, b) = (unit_ns(f), unit_ns(t));
        if a >= b {
            CastMode::Chrono { mul: a / b, div: 1 }
        } else {
            CastMode::Chrono { mul: 1, div: b / a }
        }
    } else {
        CastMode::Numeric
    };
    Plan::Kernel(mode)
}

/// Reinterpret the bytes of `input` as `to` without copying (libcudf's `bit_cast`): both
/// types must be fixed-width with storage of the same size (see
/// [`crate::traits::is_bit_castable`]); TypeError otherwise.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::ops::cast::bit_cast;
/// use ferrodf_core::types::TypeId;
/// let c = Column::from_values(vec![1.0f32]);
/// let bits = bit_cast(&c, TypeId::Int32.into()).unwrap();
/// assert_eq!(bits.host_values::<i32>().unwrap()[0], 0x3f80_0000);
/// ```
pub fn bit_cast(input: &Column, to: DataType) -> Result<Column> {
    if !crate::traits::is_bit_castable(input.dtype(), to) {
        return Err(Error::type_err(format!(
            "cannot bit_cast {} to {to}: both types must be fixed-width with the same size",
            input.dtype()
        )));
    }
    let nulls = if input.nullable() {
        Some(input.null_count()?)
    } else {
        Some(0)
    };
    Column::new(
        to,
        input.size(),
        input.data().cloned(),
        input.mask().cloned(),
        nulls,
        input.offset(),
        vec![],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::{Placement, placement};

    fn host_only() -> bool {
        // These check host semantics; the device path is covered by the Python suite.
        placement().map(|p| p == Placement::Cpu).unwrap_or(false) || !crate::device::gpu_available()
    }

    fn retype(c: Column, t: DataType) -> Column {
        Column::new(
            t,
            c.size(),
            c.data().cloned(),
            c.mask().cloned(),
            None,
            0,
            vec![],
        )
        .unwrap()
    }

    #[test]
    fn chrono_units_floor_before_the_epoch() {
        if !host_only() {
            return;
        }
        let ms = retype(
            Column::from_values(vec![-1i64, 1999, -86_400_001]),
            TypeId::TimestampMilliseconds.into(),
        );
        let s = cast(&ms, TypeId::TimestampSeconds.into()).unwrap();
        assert_eq!(
            s.host_values::<i64>().unwrap().to_vec(),
            vec![-1, 1, -86_401]
        );
        let d = cast(&ms, TypeId::TimestampDays.into()).unwrap();
        assert_eq!(d.host_values::<i32>().unwrap().to_vec(), vec![-1, 0, -2]);
    }

    #[test]
    fn decimal_rescale_truncates_and_float_to_decimal_nulls_nan() {
        if !host_only() {
            return;
        }
        let d = retype(
            Column::from_values(vec![12_345i64, -12_345]),
            DataType::new(TypeId::Decimal64, -3),
        );
        let r = cast(&d, DataType::new(TypeId::Decimal32, -1)).unwrap();
        assert_eq!(r.host_values::<i32>().unwrap().to_vec(), vec![123, -123]);
        let i = cast(&d, TypeId::Int8.into()).unwrap();
        assert_eq!(i.host_values::<i8>().unwrap().to_vec(), vec![12, -12]);
        let f = Column::from_values(vec![1.25f64, f64::NAN, -0.005]);
        let x = cast(&f, DataType::new(TypeId::Decimal128, -2)).unwrap();
        assert_eq!(x.null_count().unwrap(), 1);
        let v = x.host_values::<i128>().unwrap();
        assert_eq!((v[0], v[2]), (125, -1));
        assert!(cast(&f, TypeId::TimestampDays.into()).is_err());
    }
}

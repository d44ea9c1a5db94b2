//! The host path of `cast`: per-value conversions over arrow-rs buffers, one loop per
//! [`Plan`] (the plans the device kernels run).

use super::Plan;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::cast::CastMode;
use crate::error::Result;
use crate::ops::numeric::{
    Num, convert, host_column, host_mask, map_values, with_decimal_type, with_num_type,
};
use crate::types::{DataType, TypeId, fixed_width};

/// Wrap an i128 to `bits` (32, 64 or 128) and sign-extend it back.
fn wrap_bits(v: i128, bits: i32) -> i128 {
    match bits {
        32 => v as i32 as i128,
        64 => v as i64 as i128,
        _ => v,
    }
}

/// Rescale an unscaled value by `p` (multiply or truncating divide, `p = 0` gives 0) and
/// wrap to `bits`.
fn rescale(v: i128, p: i128, p_mul: bool, bits: i32) -> i128 {
    if p == 0 {
        return 0;
    }
    wrap_bits(if p_mul { v.wrapping_mul(p) } else { v / p }, bits)
}

/// Convert every row of `input` to `to` as `plan` says.
pub(super) fn cast(input: &Column, plan: Plan, to: DataType) -> Result<Column> {
    let (f, t) = (input.dtype().id(), to.id());
    match plan {
        Plan::Kernel(CastMode::Chrono { mul, div }) => {
            let ticks: Vec<i64> = if fixed_width(f) == Some(4) {
                input
                    .host_values::<i32>()?
                    .iter()
                    .map(|&v| v as i64)
                    .collect()
            } else {
                input.host_values::<i64>()?.to_vec()
            };
            let conv = |v: i64| {
                let v = if div > 1 { v.div_euclid(div) } else { v };
                v.wrapping_mul(mul)
            };
            if fixed_width(t) == Some(4) {
                host_column(input, to, map_values(&ticks, |v| conv(v) as i32))
            } else {
                host_column(input, to, map_values(&ticks, conv))
            }
        }
        Plan::Kernel(CastMode::Numeric) => {
            let storage = |id: TypeId| match id {
                TypeId::TimestampDays | TypeId::DurationDays => TypeId::Int32,
                _ if id.is_duration() || id.is_timestamp() => TypeId::Int64,
                other => other,
            };
            let (sf, st) = (storage(f), storage(t));
            let (from_bool, to_bool) = (f == TypeId::Bool8, t == TypeId::Bool8);
            with_num_type!(sf, S => {
                let src = input.host_values::<S>()?;
                with_num_type!(st, D => {
                    let v: Vec<D> = convert::<S, D>(&src, from_bool, to_bool);
                    host_column(input, to, v)
                })
            })
        }
        Plan::Kernel(CastMode::Decimal {
            p,
            p_mul,
            work_bits,
        }) => with_decimal_type!(f, S => {
            let src = input.host_values::<S>()?;
            with_decimal_type!(t, D => {
                let v = map_values(&src, |x: S| D::from_i128(rescale(x.to_i128(), p, p_mul, work_bits)));
                host_column(input, to, v)
            })
        }),
        Plan::Kernel(CastMode::DecimalToFloat { pf, p_mul }) => {
            let conv = move |v: i128| {
                let d = v as f64;
                if p_mul { d * pf } else { d / pf }
            };
            with_decimal_type!(f, S => {
                let src = input.host_values::<S>()?;
                if t == TypeId::Float32 {
                    host_column(input, to, map_values(&src, |x: S| conv(x.to_i128()) as f32))
                } else {
                    host_column(input, to, map_values(&src, |x: S| conv(x.to_i128())))
                }
            })
        }
        Plan::Kernel(CastMode::DecimalToInt {
            p,
            p_mul,
            work_bits,
        }) => {
            let to_bool = t == TypeId::Bool8;
            with_decimal_type!(f, S => {
                let src = input.host_values::<S>()?;
                with_num_type!(t, D => {
                    let v = map_values(&src, |x: S| {
                        let r = rescale(x.to_i128(), p, p_mul, work_bits);
                        if to_bool { D::from_i128(i128::from(r != 0)) } else { D::from_i128(r) }
                    });
                    host_column(input, to, v)
                })
            })
        }
        Plan::FloatToDecimal { pf, p_mul } => {
            let vals: Vec<f64> = if f == TypeId::Float32 {
                input
                    .host_values::<f32>()?
                    .iter()
                    .map(|&v| v as f64)
                    .collect()
            } else {
                input.host_values::<f64>()?.to_vec()
            };
            let nulls = input.host_nulls()?;
            let ok =
                |i: usize| vals[i].is_finite() && nulls.as_ref().is_none_or(|nb| nb.is_valid(i));
            let (mask, null_count) = host_mask(vals.len(), (0..vals.len()).map(ok));
            let scaled = map_values(&vals, |d| {
                if d.is_finite() {
                    (if p_mul { d * pf } else { d / pf }).round()
                } else {
                    0.0
                }
            });
            let n = vals.len();
            let data = with_decimal_type!(t, D => {
                Buffer::from_vec(map_values(&scaled, <D as Num>::from_f64))
            });
            let mask = (null_count > 0).then_some(mask);
            Column::new(to, n, Some(data), mask, Some(null_count), 0, vec![])
        }
        Plan::Kernel(CastMode::IntToDecimal {
            p,
            p_mul,
            work_bits,
        }) => {
            let from_bool = f == TypeId::Bool8;
            with_num_type!(f, S => {
                let src = input.host_values::<S>()?;
                with_decimal_type!(t, D => {
                    let v = map_values(&src, |x: S| {
                        let x = if from_bool { i128::from(x != S::zero()) } else { x.to_i128() };
                        D::from_i128(rescale(x, p, p_mul, work_bits))
                    });
                    host_column(input, to, v)
                })
            })
        }
    }
}

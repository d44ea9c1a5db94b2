//! The host path of `datetime`: the civil-calendar and rounding formulas per tick value
//! (the same formulas as `device/kernels/cuda/datetime.cu`).

use crate::column::Column;
use crate::error::Result;
use crate::ops::numeric::{host_column, map_values};
use crate::types::TypeId;

/// Days since 1970-01-01 -> (year, month, day).
pub(crate) fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// (year, month, day) -> days since 1970-01-01.
pub(crate) fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = y - i64::from(m <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Component `comp` (10: day of year) of tick value `v`; mirrors `dt_extract`.
fn component(v: i64, comp: i32, tpd: i64, tps: i64) -> i16 {
    let days = v.div_euclid(tpd);
    let rem = v.rem_euclid(tpd);
    let r = match comp {
        0..=2 | 10 => {
            let (y, m, d) = civil_from_days(days);
            match comp {
                0 => y,
                1 => m,
                2 => d,
                _ => days - days_from_civil(y, 1, 1) + 1,
            }
        }
        3 => (days + 3).rem_euclid(7) + 1,
        _ if tps == 0 => 0,
        4 => rem / (3600 * tps),
        5 => (rem / (60 * tps)) % 60,
        6 => (rem / tps) % 60,
        7 if tps >= 1_000 => (rem % tps) / (tps / 1_000) % 1_000,
        8 if tps >= 1_000_000 => (rem % tps) / (tps / 1_000_000) % 1_000,
        9 if tps >= 1_000_000_000 => (rem % tps) % 1_000,
        _ => 0,
    };
    r as i16
}

/// Component `comp` of every timestamp (`tps` ticks per second, 0 for days; `tpd` ticks
/// per day), as INT16.
pub(super) fn extract(input: &Column, comp: i32, tpd: i64, tps: i64) -> Result<Column> {
    let v = if tps == 0 {
        map_values(&input.host_values::<i32>()?, |x| {
            component(i64::from(x), comp, tpd, tps)
        })
    } else {
        map_values(&input.host_values::<i64>()?, |x| {
            component(x, comp, tpd, tps)
        })
    };
    host_column(input, TypeId::Int16.into(), v)
}

/// Floor (0), ceil (1) or round half to even (2) `v` to a multiple of `f`; mirrors `dt_round`.
fn round_value(v: i64, mode: i32, f: i64) -> i64 {
    let q = v.div_euclid(f);
    let r = v.rem_euclid(f);
    let up = match mode {
        1 => r != 0,
        2 => 2 * r > f || (2 * r == f && q & 1 != 0),
        _ => false,
    };
    let fl = v.wrapping_sub(r);
    if up { fl.wrapping_add(f) } else { fl }
}

/// Every timestamp rounded (`mode` as [`round_value`]) to a multiple of `f` ticks.
pub(super) fn round(input: &Column, mode: i32, f: i64) -> Result<Column> {
    if input.dtype().id() == TypeId::TimestampDays {
        let v = map_values(&input.host_values::<i32>()?, |x| {
            round_value(i64::from(x), mode, f) as i32
        });
        host_column(input, input.dtype(), v)
    } else {
        let v = map_values(&input.host_values::<i64>()?, |x| round_value(x, mode, f));
        host_column(input, input.dtype(), v)
    }
}

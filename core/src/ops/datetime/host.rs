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

/// Whether year `y` is a leap year (proleptic Gregorian).
pub(crate) fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// The days in month `m` of year `y`.
pub(crate) fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The largest number of months added at once: beyond it no timestamp type can hold the
/// result, and the calendar arithmetic stays within i64 (mirrors `dt_add_months`).
const MONTHS_LIMIT: i64 = 1_000_000_000_000;

/// Tick value `v` (`tpd` ticks per day) plus `k` calendar months, the day clamped to the
/// new month's last; mirrors `dt_add_months`.
pub(super) fn add_months_value(v: i64, tpd: i64, k: i64) -> i64 {
    let days = v.div_euclid(tpd);
    let rem = v.rem_euclid(tpd);
    let k = k.clamp(-MONTHS_LIMIT, MONTHS_LIMIT);
    let (y, m, d) = civil_from_days(days);
    let total = y * 12 + (m - 1) + k;
    let (ny, nm) = (total.div_euclid(12), total.rem_euclid(12) + 1);
    let nd = days_from_civil(ny, nm, d.min(days_in_month(ny, nm)));
    nd.wrapping_mul(tpd).wrapping_add(rem)
}

/// The calendar fact `op` of every timestamp, as `dt_calendar`: 0 leap year (BOOL8), 1 last
/// day of the month (TIMESTAMP_DAYS), 2 days in the month and 3 quarter (INT16).
pub(super) fn calendar(input: &Column, op: i32, tpd: i64) -> Result<Column> {
    let days: Vec<i64> = if input.dtype().id() == TypeId::TimestampDays {
        map_values(&input.host_values::<i32>()?, |x| {
            i64::from(x).div_euclid(tpd)
        })
    } else {
        map_values(&input.host_values::<i64>()?, |x| x.div_euclid(tpd))
    };
    match op {
        0 => {
            let v = map_values(&days, |d| u8::from(is_leap(civil_from_days(d).0)));
            host_column(input, TypeId::Bool8.into(), v)
        }
        1 => {
            let v = map_values(&days, |d| {
                let (y, m, _) = civil_from_days(d);
                days_from_civil(y, m, days_in_month(y, m)) as i32
            });
            host_column(input, TypeId::TimestampDays.into(), v)
        }
        _ => {
            let v = map_values(&days, |d| {
                let (y, m, _) = civil_from_days(d);
                (if op == 2 {
                    days_in_month(y, m)
                } else {
                    (m - 1) / 3 + 1
                }) as i16
            });
            host_column(input, TypeId::Int16.into(), v)
        }
    }
}

/// Every timestamp plus the months of the same row (`months` INT64 values, nulls already
/// folded into the validity by the caller) or `scalar` months.
pub(super) fn add_months(
    input: &Column,
    tpd: i64,
    months: Option<&[i64]>,
    scalar: i64,
) -> Result<Column> {
    let at = |i: usize| months.map_or(scalar, |m| m[i]);
    if input.dtype().id() == TypeId::TimestampDays {
        let src = input.host_values::<i32>()?;
        let v: Vec<i32> = (0..src.len())
            .map(|i| add_months_value(i64::from(src[i]), tpd, at(i)) as i32)
            .collect();
        host_column(input, input.dtype(), v)
    } else {
        let src = input.host_values::<i64>()?;
        let v: Vec<i64> = (0..src.len())
            .map(|i| add_months_value(src[i], tpd, at(i)))
            .collect();
        host_column(input, input.dtype(), v)
    }
}

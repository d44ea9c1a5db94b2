//! The host path of `ops::datetime`: the components against `arrow_arith::temporal::
//! date_part` (chrono underneath; arrow-rs counts sub-second parts within the second,
//! libcudf within the next larger unit, hence `% 1000`), `day_of_year` against
//! `DatePart::DayOfYear`. Timestamp rounding has no arrow-rs kernel: its oracle is a plain
//! loop with Euclidean division.

use crate::common::*;
use arrow_arith::arity::unary;
use arrow_arith::temporal::{DatePart, date_part};
use arrow_array::types::Int32Type;
use arrow_array::{
    Array, ArrayRef, Int16Array, Int32Array, TimestampMicrosecondArray, TimestampNanosecondArray,
};
use ferrodf_core::Error;
use ferrodf_core::ops::datetime::{
    DatetimeComponent as C, RoundingFrequency as F, ceil_datetimes, day_of_year,
    extract_datetime_component, floor_datetimes, round_datetimes,
};

fn times() -> TimestampNanosecondArray {
    TimestampNanosecondArray::from(vec![
        Some(0),
        None,
        Some(1_700_000_000_123_456_789),
        Some(-1),
        Some(-86_400_000_000_001),
        Some(951_782_400_000_000_000), // 2000-02-29
        None,
        Some(-2_208_988_800_000_000_000), // 1900-01-01
        Some(4_102_444_799_999_999_999),  // 2099-12-31 23:59:59.999999999
    ])
}

fn part(a: &dyn Array, p: DatePart, modulo: i32) -> Int16Array {
    let v = date_part(a, p).unwrap();
    let v = v.as_any().downcast_ref::<Int32Array>().unwrap();
    let v = unary::<Int32Type, _, Int32Type>(v, |x| x % modulo);
    arrow_cast::cast(&v, &arrow_schema::DataType::Int16)
        .unwrap()
        .as_any()
        .downcast_ref::<Int16Array>()
        .unwrap()
        .clone()
}

const PARTS: [(C, DatePart, i32); 10] = [
    (C::Year, DatePart::Year, i32::MAX),
    (C::Month, DatePart::Month, i32::MAX),
    (C::Day, DatePart::Day, i32::MAX),
    (C::Weekday, DatePart::DayOfWeekMonday1, i32::MAX),
    (C::Hour, DatePart::Hour, i32::MAX),
    (C::Minute, DatePart::Minute, i32::MAX),
    (C::Second, DatePart::Second, i32::MAX),
    (C::Millisecond, DatePart::Millisecond, 1000),
    (C::Microsecond, DatePart::Microsecond, 1000),
    (C::Nanosecond, DatePart::Nanosecond, 1000),
];

#[test]
fn components_match_date_part() {
    host();
    let t = times();
    let micro: TimestampMicrosecondArray =
        t.iter().map(|x| x.map(|x| x.div_euclid(1000))).collect();
    for (c, part_of) in [
        (col(&t), t.clone()),
        (col(&t).slice(2, 7).unwrap(), t.slice(2, 7)),
        (col(&t.slice(3, 5)), t.slice(3, 5)),
        (col(&t.slice(0, 0)), t.slice(0, 0)),
    ] {
        for (comp, dp, m) in PARTS {
            assert_col(
                &extract_datetime_component(&c, comp).unwrap(),
                &part(&part_of, dp, m),
            );
        }
        assert_col(
            &day_of_year(&c).unwrap(),
            &part(&part_of, DatePart::DayOfYear, i32::MAX),
        );
    }
    for (comp, dp, m) in PARTS {
        assert_col(
            &extract_datetime_component(&col(&micro), comp).unwrap(),
            &part(&micro, dp, m),
        );
    }
}

fn round_oracle(t: &TimestampNanosecondArray, f: i64, mode: u8) -> ArrayRef {
    let out: TimestampNanosecondArray = t
        .iter()
        .map(|x| {
            x.map(|x| {
                let (q, r) = (x.div_euclid(f), x.rem_euclid(f));
                let down = q * f;
                match mode {
                    0 => down,
                    1 if r == 0 => down,
                    1 => down + f,
                    _ if 2 * r < f || (2 * r == f && q % 2 == 0) => down,
                    _ => down + f,
                }
            })
        })
        .collect();
    std::sync::Arc::new(out)
}

#[test]
fn floor_ceil_round_against_euclidean_division() {
    host();
    let t = times();
    let halves = TimestampNanosecondArray::from(vec![
        Some(1_500_000_000),
        Some(2_500_000_000),
        Some(-1_500_000_000),
        None,
    ]);
    let freqs = [
        (F::Day, 86_400_000_000_000),
        (F::Hour, 3_600_000_000_000),
        (F::Minute, 60_000_000_000),
        (F::Second, 1_000_000_000),
        (F::Millisecond, 1_000_000),
        (F::Nanosecond, 1),
    ];
    for a in [t.clone(), t.slice(2, 6), halves] {
        let c = col(&a);
        for (freq, f) in freqs {
            assert_col(
                &floor_datetimes(&c, freq).unwrap(),
                round_oracle(&a, f, 0).as_ref(),
            );
            assert_col(
                &ceil_datetimes(&c, freq).unwrap(),
                round_oracle(&a, f, 1).as_ref(),
            );
            assert_col(
                &round_datetimes(&c, freq).unwrap(),
                round_oracle(&a, f, 2).as_ref(),
            );
        }
    }
    let c = col(&t).slice(1, 8).unwrap();
    assert_col(
        &floor_datetimes(&c, F::Hour).unwrap(),
        round_oracle(&t.slice(1, 8), 3_600_000_000_000, 0).as_ref(),
    );
}

#[test]
fn datetime_errors() {
    host();
    assert_err!(
        extract_datetime_component(&col(&sample_i64()), C::Year),
        Error::Type(_)
    );
    assert_err!(floor_datetimes(&col(&sample_str()), F::Day), Error::Type(_));
    assert_err!(C::from_i32(10), Error::Value(_));
}

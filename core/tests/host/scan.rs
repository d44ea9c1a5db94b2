//! The host path of `ops::scan`. arrow-rs has no cumulative kernels: the oracle is a plain
//! loop over `Option` values (nulls skipped by the running value and kept null, integers
//! wrapping), as pylibcudf's scan with null policy EXCLUDE.

use crate::common::*;
use ferrodf_core::Error;
use ferrodf_core::ops::aggregation::{Aggregation, NullPolicy};
use ferrodf_core::ops::scan::scan;
use proptest::prelude::*;

fn scan_oracle(v: &[Option<i64>], agg: &Aggregation, inclusive: bool) -> Vec<Option<i64>> {
    let (identity, f): (i64, fn(i64, i64) -> i64) = match agg {
        Aggregation::Sum => (0, i64::wrapping_add),
        Aggregation::Product => (1, i64::wrapping_mul),
        Aggregation::Min => (i64::MAX, i64::min),
        Aggregation::Max => (i64::MIN, i64::max),
        _ => unreachable!(),
    };
    let mut acc = identity;
    v.iter()
        .map(|x| {
            let before = acc;
            acc = f(acc, x.unwrap_or(identity));
            x.map(|_| if inclusive { acc } else { before })
        })
        .collect()
}

const AGGS: [Aggregation; 4] = [
    Aggregation::Sum,
    Aggregation::Product,
    Aggregation::Min,
    Aggregation::Max,
];

fn check(v: &[Option<i64>]) {
    let a = i64s(v);
    for agg in &AGGS {
        for inclusive in [true, false] {
            let got = scan(&col(&a), agg, inclusive).unwrap();
            assert_col(&got, i64s(&scan_oracle(v, agg, inclusive)).as_ref());
        }
    }
}

#[test]
fn scans_with_nulls_and_wrapping() {
    host();
    check(&[Some(3), None, Some(-7), Some(12), None, Some(0), Some(5)]);
    check(&[Some(i64::MAX), Some(1), None, Some(i64::MIN), Some(-1)]);
    check(&[None, None]);
    check(&[]);
}

#[test]
fn scans_of_sliced_columns() {
    host();
    let a = sample_i64();
    let v = i64_values(a.as_ref());
    for c in sliced(a.as_ref(), 3, 8) {
        for agg in &AGGS {
            assert_col(
                &scan(&c, agg, true).unwrap(),
                i64s(&scan_oracle(&v[3..11], agg, true)).as_ref(),
            );
        }
    }
}

#[test]
fn float_scans_skip_nulls() {
    host();
    let values = col(&f64s(&[Some(1.5), None, Some(-0.5), Some(2.0)]));
    for (agg, inclusive, want) in [
        (
            Aggregation::Sum,
            true,
            [Some(1.5), None, Some(1.0), Some(3.0)],
        ),
        (
            Aggregation::Max,
            false,
            [Some(f64::NEG_INFINITY), None, Some(1.5), Some(1.5)],
        ),
    ] {
        let got = scan(&values, &agg, inclusive).unwrap();
        assert_col(&got, f64s(&want).as_ref());
    }
}

#[test]
fn scan_errors() {
    host();
    assert_err!(
        scan(&col(&sample_str()), &Aggregation::Sum, true),
        Error::Type(_)
    );
    assert_err!(
        scan(&col(&bools(&[Some(true)])), &Aggregation::Sum, true),
        Error::Type(_)
    );
    assert_err!(
        scan(
            &col(&sample_i64()),
            &Aggregation::Count(NullPolicy::Include),
            true
        ),
        Error::NotImplemented(_)
    );
}

proptest! {
    #![proptest_config(cases(48))]

    #[test]
    fn scans_match_a_loop(v in proptest::collection::vec(proptest::option::weighted(0.8, any::<i64>()), 0..80)) {
        host();
        check(&v);
    }
}

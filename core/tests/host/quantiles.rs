//! The host path of `ops::quantiles`. arrow-rs has no quantile kernel: the values are
//! sorted by `arrow_ord::sort::sort_to_indices` (nulls last, then left out) and the oracle
//! applies libcudf's documented formulas in a plain loop (`pos = q * (n - 1)`, LINEAR,
//! LOWER, HIGHER, MIDPOINT, NEAREST half to even). `quantiles` of a table is checked
//! against `arrow_select::take` of the rows at those positions.

use crate::common::*;
use arrow_array::{Array, ArrayRef, Float64Array, Int32Array, UInt32Array};
use arrow_ord::sort::{SortOptions, sort_to_indices};
use arrow_select::take::take;
use ferrodf_core::Error;
use ferrodf_core::ops::aggregation::Interpolation as I;
use ferrodf_core::ops::quantiles::{quantile, quantiles};
use ferrodf_core::ops::sorting::{NullOrder, Order};

const QS: [f64; 7] = [0.0, 0.1, 0.25, 0.5, 0.75, 0.99, 1.0];

/// The ascending order of the valid rows of `a`, as INT32.
fn valid_order(a: &dyn Array) -> Int32Array {
    let idx = sort_to_indices(
        a,
        Some(SortOptions {
            descending: false,
            nulls_first: false,
        }),
        None,
    )
    .unwrap();
    let valid = a.len() - a.null_count();
    Int32Array::from_iter_values(idx.values()[..valid].iter().map(|&i| i as i32))
}

fn quantile_oracle(sorted: &[f64], q: f64, interp: I) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let pos = q.clamp(0.0, 1.0) * (sorted.len() as f64 - 1.0);
    let (lo, hi) = (sorted[pos.floor() as usize], sorted[pos.ceil() as usize]);
    let f = pos - pos.floor();
    Some(match interp {
        I::Linear => (1.0 - f) * lo + f * hi,
        I::Lower => lo,
        I::Higher => hi,
        I::Midpoint => lo / 2.0 + hi / 2.0,
        I::Nearest => sorted[pos.round_ties_even() as usize],
    })
}

fn check(a: &ArrayRef) {
    let order = valid_order(a.as_ref());
    let as_f64 = arrow_cast::cast(a, &arrow_schema::DataType::Float64).unwrap();
    let sorted_arr = take(&as_f64, &order, None).unwrap();
    let sorted: Vec<f64> = sorted_arr
        .as_any()
        .downcast_ref::<Float64Array>()
        .unwrap()
        .values()
        .to_vec();
    for interp in I::ALL {
        let want: Float64Array = QS
            .iter()
            .map(|&q| quantile_oracle(&sorted, q, interp))
            .collect();
        let got = quantile(&col(a.as_ref()), &QS, interp, Some(&col(&order)), true).unwrap();
        assert_col(&got, &want);
        // Without indices the column is read in row order: pass the sorted values.
        let got = quantile(&col(sorted_arr.as_ref()), &QS, interp, None, true).unwrap();
        assert_col(&got, &want);
    }
}

#[test]
fn quantiles_of_ints_and_floats_with_nulls() {
    host();
    check(&sample_i64());
    check(&f64s(&[
        Some(0.5),
        None,
        Some(-2.25),
        Some(1e3),
        Some(3.0),
        Some(3.0),
        None,
    ]));
    check(&f64s(&[Some(7.0)]));
}

#[test]
fn sliced_and_empty_inputs() {
    host();
    let a = sample_i64();
    for c in sliced(a.as_ref(), 2, 9) {
        let part = a.slice(2, 9);
        let order = valid_order(part.as_ref());
        let got = quantile(&c, &[0.5], I::Linear, Some(&col(&order)), true).unwrap();
        let got_whole = quantile(
            &col(part.as_ref()),
            &[0.5],
            I::Linear,
            Some(&col(&order)),
            true,
        )
        .unwrap();
        assert_col(&got, arr(&got_whole).as_ref());
    }
    // Nothing to read: every quantile is null.
    let got = quantile(&col(&i64s(&[])), &[0.1, 0.9], I::Linear, None, true).unwrap();
    assert_col(&got, &Float64Array::from(vec![None, None]));
    // Not exact: the input's type.
    let got = quantile(
        &col(&i32s(&[Some(1), Some(4), Some(10)])),
        &[0.5, 0.25],
        I::Lower,
        None,
        false,
    )
    .unwrap();
    assert_col(&got, &Int32Array::from(vec![4, 1]));
}

#[test]
fn table_quantiles_pick_whole_rows() {
    host();
    let (a, s) = (
        i64s(&[Some(4), Some(1), Some(3), Some(2), Some(5)]),
        strs(&[Some("d"), Some("a"), Some("c"), Some("b"), Some("e")]),
    );
    let order = sort_to_indices(&a, None, None).unwrap();
    for (interp, pos) in [
        (I::Lower, [0u32, 1, 2, 3]),
        (I::Higher, [0, 2, 2, 4]),
        (I::Nearest, [0, 1, 2, 4]),
    ] {
        let got = quantiles(
            &table(&[a.as_ref(), s.as_ref()]),
            &[0.0, 0.3, 0.5, 0.9],
            interp,
            false,
            &[Order::Ascending, Order::Ascending],
            &[NullOrder::After, NullOrder::After],
        )
        .unwrap();
        let rows = take(&order, &UInt32Array::from(pos.to_vec()), None).unwrap();
        let rows = rows.as_any().downcast_ref::<UInt32Array>().unwrap();
        assert_table(
            &got,
            &[take(&a, rows, None).unwrap(), take(&s, rows, None).unwrap()],
        );
    }
}

#[test]
fn quantile_errors() {
    host();
    let t = table(&[sample_i64().as_ref()]);
    assert_err!(
        quantiles(&t, &[0.5], I::Linear, false, &[], &[]),
        Error::Value(_)
    );
    assert_err!(
        quantiles(
            &table(&[i64s(&[]).as_ref()]),
            &[0.5],
            I::Lower,
            false,
            &[],
            &[]
        ),
        Error::Value(_)
    );
    assert_err!(
        quantile(&col(&sample_str()), &[0.5], I::Linear, None, true),
        Error::Type(_)
    );
    assert_err!(
        quantile(
            &col(&sample_i64()),
            &[0.5],
            I::Linear,
            Some(&col(&sample_i64())),
            true
        ),
        Error::Type(_)
    );
}

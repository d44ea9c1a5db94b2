//! The host path of `ops::transform`: `bools_to_mask` against
//! `arrow_select::filter::prep_null_mask_filter` (nulls as false), `mask_to_bools` against
//! `BooleanBuffer::slice`, `nans_to_nulls` against a plain loop (arrow-rs has no NaN
//! kernel).

use crate::common::*;
use arrow_array::{BooleanArray, Float64Array};
use arrow_buffer::BooleanBuffer;
use arrow_select::filter::prep_null_mask_filter;
use ferrodf_core::Error;
use ferrodf_core::buffer::Buffer;
use ferrodf_core::ops::transform::{
    bools_to_mask, column_nans_to_nulls, mask_to_bools, nans_to_nulls,
};

fn bits(b: &Buffer, n: usize) -> BooleanBuffer {
    BooleanBuffer::new(b.host().unwrap(), 0, n)
}

#[test]
fn bools_to_mask_and_back() {
    host();
    let b = BooleanArray::from(vec![
        Some(true),
        None,
        Some(false),
        Some(true),
        Some(true),
        None,
        Some(true),
        Some(false),
        Some(true),
        Some(true),
    ]);
    for (off, len) in [(0usize, 10usize), (3, 7), (1, 0)] {
        for c in sliced(&b, off, len) {
            let (m, nulls) = bools_to_mask(&c).unwrap();
            let want = prep_null_mask_filter(&b.slice(off, len));
            assert_eq!(
                (bits(&m, len), nulls),
                (want.values().clone(), len - want.true_count())
            );
        }
    }
    let (m, _) = bools_to_mask(&col(&b)).unwrap();
    let whole = prep_null_mask_filter(&b);
    for (s, e) in [(0i64, 10i64), (3, 9), (5, 5)] {
        let got = mask_to_bools(&m, s, e).unwrap();
        let want = BooleanArray::new(whole.values().slice(s as usize, (e - s) as usize), None);
        assert_col(&got, &want);
    }
    assert_err!(bools_to_mask(&col(&sample_i64())), Error::Type(_));
    assert_err!(mask_to_bools(&m, 4, 2), Error::Value(_));
    assert_err!(mask_to_bools(&m, 0, 1000), Error::Index(_));
}

#[test]
fn nans_to_nulls_with_nulls_and_slices() {
    host();
    let f = Float64Array::from(vec![
        Some(1.0),
        Some(f64::NAN),
        None,
        Some(-0.0),
        Some(f64::NAN),
        Some(f64::INFINITY),
        None,
        Some(2.5),
        Some(f64::NAN),
    ]);
    for (off, len) in [(0usize, 9usize), (1, 7), (4, 5), (2, 0)] {
        let part = f.slice(off, len);
        let keep: Vec<bool> = part
            .iter()
            .map(|x| x.is_some_and(|x| !x.is_nan()))
            .collect();
        let want = Float64Array::new(
            part.values().clone(),
            Some(BooleanBuffer::from(keep.clone()).into()),
        );
        for c in sliced(&f, off, len) {
            let (m, nulls) = nans_to_nulls(&c).unwrap();
            if len > 0 {
                assert_eq!(
                    (bits(&m, len), nulls),
                    (
                        BooleanBuffer::from(keep.clone()),
                        keep.iter().filter(|k| !**k).count()
                    )
                );
            }
            assert_col(&column_nans_to_nulls(&c).unwrap(), &want);
        }
    }
    assert_err!(nans_to_nulls(&col(&sample_i64())), Error::Type(_));
}

//! The host path of `ops::filling`: `fill` and `repeat` against `arrow_select::concat` and
//! `arrow_select::take` of the expected rows; `sequence` against a plain loop (arrow-rs has
//! no sequence kernel).

use crate::common::*;
use arrow_array::{Array, Int32Array, Int64Array, UInt32Array, new_null_array};
use arrow_select::concat::concat;
use arrow_select::take::take;
use ferrodf_core::Error;
use ferrodf_core::ops::filling::{RepeatCount, fill, fill_in_place, repeat, sequence};

#[test]
fn fill_a_range_with_a_value_or_null() {
    host();
    let a = sample_i64();
    for c in sliced(a.as_ref(), 2, 9) {
        let part = a.slice(2, 9);
        let got = fill(&c, 3, 7, &scalar(i64s(&[Some(-9)]).as_ref())).unwrap();
        let want = concat(&[
            &part.slice(0, 3),
            &Int64Array::from(vec![-9; 4]),
            &part.slice(7, 2),
        ])
        .unwrap();
        assert_col(&got, want.as_ref());
        let got = fill(&c, 0, 2, &scalar(i64s(&[None]).as_ref())).unwrap();
        let want = concat(&[&new_null_array(part.data_type(), 2), &part.slice(2, 7)]).unwrap();
        assert_col(&got, want.as_ref());
        // An empty range leaves the column as it is.
        assert_col(
            &fill(&c, 4, 4, &scalar(i64s(&[Some(1)]).as_ref())).unwrap(),
            part.as_ref(),
        );
    }
    let s = sample_str();
    let got = fill(&col(&s), 8, 10, &scalar(strs(&[Some("zz")]).as_ref())).unwrap();
    let want = concat(&[
        &s.slice(0, 8),
        &arrow_array::StringArray::from(vec!["zz", "zz"]),
    ])
    .unwrap();
    assert_col(&got, want.as_ref());
}

#[test]
fn fill_in_place_writes_the_column() {
    host();
    let c = col(&Int64Array::from(vec![Some(1), None, Some(3), Some(4)]))
        .deep_copy()
        .unwrap();
    fill_in_place(&c, 1, 3, &scalar(i64s(&[Some(7)]).as_ref())).unwrap();
    assert_col(
        &c,
        &Int64Array::from(vec![Some(1), Some(7), Some(7), Some(4)]),
    );
    let no_mask = col(&Int64Array::from(vec![1, 2])).deep_copy().unwrap();
    assert_err!(
        fill_in_place(&no_mask, 0, 1, &scalar(i64s(&[None]).as_ref())),
        Error::Value(_)
    );
}

#[test]
fn fill_errors() {
    host();
    let c = col(&sample_i64());
    assert_err!(
        fill(&c, 5, 13, &scalar(i64s(&[Some(1)]).as_ref())),
        Error::Index(_)
    );
    assert_err!(
        fill(&c, 0, 1, &scalar(f64s(&[Some(1.0)]).as_ref())),
        Error::Type(_)
    );
}

#[test]
fn sequence_against_a_loop() {
    host();
    let got = sequence(
        6,
        &scalar(i32s(&[Some(-4)]).as_ref()),
        &scalar(i32s(&[Some(3)]).as_ref()),
    )
    .unwrap();
    assert_col(
        &got,
        &Int32Array::from_iter_values((0..6).map(|i| -4 + 3 * i)),
    );
    // Integers wrap.
    let got = sequence(
        3,
        &scalar(i64s(&[Some(i64::MAX)]).as_ref()),
        &scalar(i64s(&[Some(1)]).as_ref()),
    )
    .unwrap();
    assert_col(
        &got,
        &Int64Array::from(vec![i64::MAX, i64::MIN, i64::MIN + 1]),
    );
    let got = sequence(
        0,
        &scalar(f64s(&[Some(0.5)]).as_ref()),
        &scalar(f64s(&[Some(0.25)]).as_ref()),
    )
    .unwrap();
    assert_eq!(got.size(), 0);
    // ferrodf reports mismatched and non-numeric init and step types as ValueErrors.
    assert_err!(
        sequence(
            3,
            &scalar(i32s(&[Some(1)]).as_ref()),
            &scalar(i64s(&[Some(1)]).as_ref())
        ),
        Error::Value(_)
    );
    assert_err!(
        sequence(
            3,
            &scalar(i32s(&[None]).as_ref()),
            &scalar(i32s(&[Some(1)]).as_ref())
        ),
        Error::Value(_)
    );
    assert_err!(
        sequence(
            3,
            &scalar(strs(&[Some("a")]).as_ref()),
            &scalar(strs(&[Some("a")]).as_ref())
        ),
        Error::Value(_)
    );
}

#[test]
fn repeat_all_and_per_row() {
    host();
    let (a, s) = (sample_i64(), sample_str());
    let s12 = concat(&[&s, &s.slice(0, 2)]).unwrap();
    for k in [0usize, 1, 3] {
        let got = repeat(&table(&[a.as_ref(), s12.as_ref()]), RepeatCount::All(k)).unwrap();
        let idx = UInt32Array::from_iter_values((0..12u32).flat_map(|i| std::iter::repeat_n(i, k)));
        assert_table(
            &got,
            &[
                take(&a, &idx, None).unwrap(),
                take(&s12, &idx, None).unwrap(),
            ],
        );
    }
    let counts = [2usize, 0, 1, 3, 0, 1, 1, 0];
    let cc = col(&Int32Array::from_iter_values(
        counts.iter().map(|&c| c as i32),
    ));
    for c in sliced(a.as_ref(), 3, 8) {
        let got = repeat(
            &ferrodf_core::Table::new(vec![c]).unwrap(),
            RepeatCount::PerRow(&cc),
        )
        .unwrap();
        let idx = UInt32Array::from_iter_values(
            (0..8u32).flat_map(|i| std::iter::repeat_n(i, counts[i as usize])),
        );
        assert_table(&got, &[take(&a.slice(3, 8), &idx, None).unwrap()]);
    }
    let e = i64s(&[]);
    assert_table(
        &repeat(&table(&[e.as_ref()]), RepeatCount::All(4)).unwrap(),
        &[e],
    );
    assert_err!(
        repeat(&table(&[a.as_ref()]), RepeatCount::PerRow(&cc)),
        Error::Value(_)
    );
    let with_null = col(&Int32Array::from(vec![Some(1), None]));
    assert_err!(
        repeat(
            &table(&[a.slice(0, 2).as_ref()]),
            RepeatCount::PerRow(&with_null)
        ),
        Error::Value(_)
    );
}

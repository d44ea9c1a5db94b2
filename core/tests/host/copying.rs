//! The host path of `ops::copying` against arrow-rs: `gather` against `arrow_select::take`,
//! `copy_if_else` against `arrow_select::zip`, `shift`, `copy_range`, `slice` and `split`
//! against `Array::slice` and `arrow_select::concat`. `scatter` and `boolean_mask_scatter`
//! have no arrow-rs kernel; their oracle is a plain loop over `Option` values.

use crate::common::*;
use arrow_array::{Array, ArrayRef, BooleanArray, Int64Array, UInt32Array, new_null_array};
use arrow_select::{concat::concat, take::take, zip::zip};
use ferrodf_core::Error;
use ferrodf_core::ops::copying::{
    MaskAllocationPolicy, OutOfBoundsPolicy, Side, Source, allocate_like, boolean_mask_scatter,
    copy_if_else, copy_range, empty_like, gather, get_element, scatter, shift, slice, split,
};
use ferrodf_core::types::TypeId;
use proptest::prelude::*;
use std::sync::Arc;

/// `take` with libcudf's map: negative entries count from the end, entries outside
/// `[-rows, rows)` give null rows (`Nullify`).
fn take_oracle(values: &dyn Array, map: &[i32]) -> ArrayRef {
    let n = values.len() as i64;
    let idx = UInt32Array::from_iter(map.iter().map(|&i| {
        let i = i as i64;
        let i = if i < 0 { i + n } else { i };
        (0..n).contains(&i).then_some(i as u32)
    }));
    take(values, &idx, None).unwrap()
}

fn check_gather(values: &[ArrayRef], map: &[i32]) {
    let t = table(&values.iter().map(|a| a.as_ref()).collect::<Vec<_>>());
    let m = col(&arrow_array::Int32Array::from(map.to_vec()));
    let got = gather(&t, &m, OutOfBoundsPolicy::Nullify).unwrap();
    let want: Vec<ArrayRef> = values.iter().map(|v| take_oracle(v, map)).collect();
    assert_table(&got, &want);
}

#[test]
fn gather_matches_take_with_nulls_negatives_and_out_of_bounds() {
    host();
    let map = [0, 11, -1, 3, 1, -12, 12, 5, 5, -13, 2];
    check_gather(&[sample_i64()], &map);
    let s = sample_str();
    let map = [9, 0, -1, 1, 10, 6, 3, 3];
    check_gather(&[s.clone(), Arc::new(sample_mask().slice(2, 10))], &map);
    check_gather(&[f64s(&[Some(1.5), None, Some(f64::NAN)])], &[2, 1, 0, -3]);
}

#[test]
fn gather_empty_map_and_empty_table() {
    host();
    check_gather(&[sample_i64().slice(0, 10), sample_str()], &[]);
    check_gather(&[i64s(&[])], &[]);
    // Every entry out of bounds of an empty table: all null.
    check_gather(&[i64s(&[])], &[0, -1, 3]);
}

#[test]
fn gather_sliced_values_and_map() {
    host();
    let values = sample_i64();
    let map = arrow_array::Int32Array::from(vec![9, 0, 1, 2, -1, 4, -8, 3, 6]);
    for v in sliced(values.as_ref(), 3, 8) {
        for m in sliced(&map, 2, 6) {
            let got = gather(
                &ferrodf_core::Table::new(vec![v.clone()]).unwrap(),
                &m,
                OutOfBoundsPolicy::Nullify,
            )
            .unwrap();
            let m_vals: Vec<i32> = map.slice(2, 6).values().to_vec();
            assert_col(
                &got.columns()[0],
                take_oracle(&values.slice(3, 8), &m_vals).as_ref(),
            );
        }
    }
    let s = sample_str();
    for v in sliced(s.as_ref(), 1, 7) {
        let m = col(&arrow_array::Int32Array::from(vec![6, 0, 5, 1]));
        let got = gather(
            &ferrodf_core::Table::new(vec![v]).unwrap(),
            &m,
            OutOfBoundsPolicy::DontCheck,
        )
        .unwrap();
        assert_col(
            &got.columns()[0],
            take_oracle(&s.slice(1, 7), &[6, 0, 5, 1]).as_ref(),
        );
    }
}

#[test]
fn gather_errors() {
    host();
    let t = table(&[sample_i64().as_ref()]);
    let with_null = col(&arrow_array::Int32Array::from(vec![Some(1), None]));
    assert_err!(
        gather(&t, &with_null, OutOfBoundsPolicy::Nullify),
        Error::Value(_)
    );
    let past = col(&arrow_array::Int32Array::from(vec![0, 12]));
    assert_err!(
        gather(&t, &past, OutOfBoundsPolicy::DontCheck),
        Error::Index(_)
    );
}

/// `target` with row `map[i]` replaced by `source[i]` (negative entries from the end).
fn scatter_oracle(source: &[Option<i64>], map: &[i32], target: &[Option<i64>]) -> ArrayRef {
    let mut out = target.to_vec();
    let n = target.len() as i32;
    for (s, &m) in source.iter().zip(map) {
        out[if m < 0 { m + n } else { m } as usize] = *s;
    }
    Arc::new(Int64Array::from(out))
}

#[test]
fn scatter_table_and_scalars_against_a_loop() {
    host();
    let target = [Some(1), None, Some(3), Some(4), None, Some(6)];
    let source = [None, Some(20), Some(30)];
    let map = [4, -6, 2];
    let t = table(&[i64s(&target).as_ref()]);
    let src = table(&[i64s(&source).as_ref()]);
    let m = col(&arrow_array::Int32Array::from(map.to_vec()));
    let got = scatter(Source::Table(&src), &m, &t).unwrap();
    assert_col(
        &got.columns()[0],
        scatter_oracle(&source, &map, &target).as_ref(),
    );
    // Scalars, valid and null, for every mapped row.
    for s in [Some(9), None] {
        let sc = [scalar(i64s(&[s]).as_ref())];
        let got = scatter(Source::Scalars(&sc), &m, &t).unwrap();
        assert_col(
            &got.columns()[0],
            scatter_oracle(&[s; 3], &map, &target).as_ref(),
        );
    }
    // Sliced target and source, empty map.
    let big = sample_i64();
    let tv = i64_values(&big.slice(2, 8));
    for tc in sliced(big.as_ref(), 2, 8) {
        for sc in sliced(big.as_ref(), 5, 3) {
            let got = scatter(
                Source::Table(&ferrodf_core::Table::new(vec![sc]).unwrap()),
                &m,
                &ferrodf_core::Table::new(vec![tc.clone()]).unwrap(),
            )
            .unwrap();
            let sv = i64_values(&big.slice(5, 3));
            assert_col(&got.columns()[0], scatter_oracle(&sv, &map, &tv).as_ref());
        }
    }
    let empty = col(&arrow_array::Int32Array::from(Vec::<i32>::new()));
    let none = table(&[i64s(&[]).as_ref()]);
    assert_table(
        &scatter(Source::Table(&none), &empty, &t).unwrap(),
        &[i64s(&target)],
    );
}

#[test]
fn scatter_errors() {
    host();
    let t = table(&[i64s(&[Some(1), Some(2)]).as_ref()]);
    let m = col(&arrow_array::Int32Array::from(vec![0]));
    let strings = table(&[strs(&[Some("a")]).as_ref()]);
    assert_err!(scatter(Source::Table(&strings), &m, &t), Error::Type(_));
    let two = table(&[i64s(&[Some(1), Some(2)]).as_ref()]);
    assert_err!(scatter(Source::Table(&two), &m, &t), Error::Value(_));
    let past = col(&arrow_array::Int32Array::from(vec![2]));
    let one = table(&[i64s(&[Some(1)]).as_ref()]);
    assert_err!(scatter(Source::Table(&one), &past, &t), Error::Index(_));
}

#[test]
fn copy_if_else_matches_zip() {
    host();
    let (l, r) = (
        sample_i64(),
        i64s(&[
            Some(100),
            Some(101),
            None,
            Some(103),
            Some(104),
            Some(105),
            None,
            Some(107),
            Some(108),
            Some(109),
            Some(110),
            None,
        ]),
    );
    let mask = sample_mask();
    let got = copy_if_else(Side::Column(&col(&l)), Side::Column(&col(&r)), &col(&mask)).unwrap();
    assert_col(&got, zip(&mask, &l, &r).unwrap().as_ref());
    // Scalars on either side, one of them null.
    let s = i64s(&[Some(-1)]);
    let null = i64s(&[None]);
    let (ss, sn) = (scalar(s.as_ref()), scalar(null.as_ref()));
    let got = copy_if_else(Side::Scalar(&ss), Side::Column(&col(&r)), &col(&mask)).unwrap();
    assert_col(
        &got,
        zip(&mask, &arrow_array::Scalar::new(s.clone()), &r)
            .unwrap()
            .as_ref(),
    );
    let got = copy_if_else(Side::Column(&col(&l)), Side::Scalar(&sn), &col(&mask)).unwrap();
    assert_col(
        &got,
        zip(&mask, &l, &arrow_array::Scalar::new(null))
            .unwrap()
            .as_ref(),
    );
    // Strings (the gather path), sliced inputs and mask.
    let (a, b) = (
        sample_str(),
        strs(&[
            Some("x"),
            None,
            Some("y"),
            Some("z"),
            None,
            Some("w"),
            Some("v"),
            Some("u"),
            None,
            Some("t"),
        ]),
    );
    let mask = sample_mask().slice(0, 10);
    for (ac, (bc, mc)) in sliced(a.as_ref(), 2, 7).into_iter().zip(
        sliced(b.as_ref(), 3, 7)
            .into_iter()
            .zip(sliced(&mask, 1, 7)),
    ) {
        let got = copy_if_else(Side::Column(&ac), Side::Column(&bc), &mc).unwrap();
        let want = zip(&mask.slice(1, 7), &a.slice(2, 7), &b.slice(3, 7)).unwrap();
        assert_col(&got, want.as_ref());
    }
    // Empty.
    let e = i64s(&[]);
    let em = BooleanArray::from(Vec::<bool>::new());
    assert_col(
        &copy_if_else(Side::Column(&col(&e)), Side::Column(&col(&e)), &col(&em)).unwrap(),
        e.as_ref(),
    );
}

#[test]
fn copy_if_else_errors() {
    host();
    let (l, r) = (col(&i64s(&[Some(1)])), col(&f64s(&[Some(1.0)])));
    let m = col(&BooleanArray::from(vec![true]));
    assert_err!(
        copy_if_else(Side::Column(&l), Side::Column(&r), &m),
        Error::Type(_)
    );
    assert_err!(
        copy_if_else(Side::Column(&l), Side::Column(&l), &l),
        Error::Type(_)
    );
    let m2 = col(&BooleanArray::from(vec![true, false]));
    assert_err!(
        copy_if_else(Side::Column(&l), Side::Column(&l), &m2),
        Error::Value(_)
    );
}

#[test]
fn boolean_mask_scatter_against_a_loop() {
    host();
    let target = [Some(1i64), None, Some(3), Some(4), None, Some(6)];
    let mask = [
        Some(true),
        Some(false),
        None,
        Some(true),
        Some(true),
        Some(false),
    ];
    let source = [Some(10i64), None, Some(30)];
    let mut want = target.to_vec();
    let mut k = 0;
    for (i, m) in mask.iter().enumerate() {
        if *m == Some(true) {
            want[i] = source[k];
            k += 1;
        }
    }
    let got = boolean_mask_scatter(
        Source::Table(&table(&[i64s(&source).as_ref()])),
        &table(&[i64s(&target).as_ref()]),
        &col(&BooleanArray::from(mask.to_vec())),
    )
    .unwrap();
    assert_table(&got, &[i64s(&want)]);
    let bad = col(&BooleanArray::from(vec![true]));
    assert_err!(
        boolean_mask_scatter(
            Source::Table(&table(&[i64s(&source).as_ref()])),
            &table(&[i64s(&target).as_ref()]),
            &bad
        ),
        Error::Value(_)
    );
}

#[test]
fn shift_copy_range_slice_and_split() {
    host();
    let a = sample_i64();
    let fill = i64s(&[Some(-9)]);
    for c in sliced(a.as_ref(), 2, 9) {
        let want_base = a.slice(2, 9);
        for k in [-12i64, -3, 0, 4, 9, 20] {
            let got = shift(&c, k, &scalar(fill.as_ref())).unwrap();
            let m = k.unsigned_abs().min(9) as usize;
            let f = Int64Array::from(vec![-9; m]);
            let want = if k >= 0 {
                concat(&[&f, &want_base.slice(0, 9 - m)]).unwrap()
            } else {
                concat(&[&want_base.slice(m, 9 - m), &f]).unwrap()
            };
            assert_col(&got, want.as_ref());
        }
        // copy_range: rows 1..4 of `a` over rows 5..8 of the slice.
        let got = copy_range(&col(&a), &c, 1, 4, 5).unwrap();
        let want = concat(&[
            &want_base.slice(0, 5),
            &a.slice(1, 3),
            &want_base.slice(8, 1),
        ])
        .unwrap();
        assert_col(&got, want.as_ref());
        // slice and split are views of the same rows.
        let parts = slice(&c, &[0, 2, 3, 3, 4, 9]).unwrap();
        for (p, (b, e)) in parts.iter().zip([(0, 2), (3, 3), (4, 9)]) {
            assert_col(p, want_base.slice(b, e - b).as_ref());
        }
        let parts = split(&c, &[0, 4, 4, 9]).unwrap();
        assert_eq!(parts.len(), 5);
        assert_col(&parts[1], want_base.slice(0, 4).as_ref());
        assert_col(&parts[4], want_base.slice(9, 0).as_ref());
    }
    let null_fill = scalar(i64s(&[None]).as_ref());
    let got = shift(&col(&a), 2, &null_fill).unwrap();
    let want = concat(&[&new_null_array(a.data_type(), 2), &a.slice(0, 10)]).unwrap();
    assert_col(&got, want.as_ref());
    let e = col(&i64s(&[]));
    assert_col(&shift(&e, 3, &null_fill).unwrap(), i64s(&[]).as_ref());
}

#[test]
fn shift_copy_range_slice_split_errors() {
    host();
    let c = col(&sample_i64());
    assert_err!(
        shift(&c, 1, &scalar(f64s(&[Some(1.0)]).as_ref())),
        Error::Type(_)
    );
    assert_err!(copy_range(&c, &c, 3, 2, 0), Error::Index(_));
    assert_err!(copy_range(&c, &c, 0, 5, 10), Error::Index(_));
    assert_err!(copy_range(&col(&sample_str()), &c, 0, 1, 0), Error::Type(_));
    assert_err!(slice(&c, &[1]), Error::Value(_));
    assert_err!(slice(&c, &[3, 2]), Error::Value(_));
    assert_err!(slice(&c, &[0, 13]), Error::Index(_));
    assert_err!(split(&c, &[5, 4]), Error::Value(_));
    assert_err!(split(&c, &[13]), Error::Index(_));
}

#[test]
fn get_element_empty_like_and_allocate_like() {
    host();
    let a = sample_str();
    for c in sliced(a.as_ref(), 1, 8) {
        for i in 0..8 {
            let s = get_element(&c, i).unwrap();
            assert_col(s.as_column(), a.slice(1 + i, 1).as_ref());
        }
        assert_err!(get_element(&c, 8), Error::Index(_));
        let e = empty_like(&c).unwrap();
        assert_eq!((e.size(), e.dtype()), (0, c.dtype()));
    }
    let i = col(&sample_i64());
    let lk = allocate_like(&i, MaskAllocationPolicy::Retain, Some(3)).unwrap();
    assert_eq!(
        (lk.size(), lk.dtype().id(), lk.nullable()),
        (3, TypeId::Int64, true)
    );
    let lk = allocate_like(&i, MaskAllocationPolicy::Never, None).unwrap();
    assert_eq!((lk.size(), lk.nullable()), (12, false));
    assert_err!(
        allocate_like(&col(&sample_str()), MaskAllocationPolicy::Never, None),
        Error::Type(_)
    );
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn gather_matches_take(values in opt_i64s(80), raw in proptest::collection::vec(any::<i32>(), 0..60), off in 0usize..9) {
        host();
        let (v, c) = tail(i64s(&values).as_ref(), off);
        let n = v.len() as i32;
        // Mostly in bounds (either sign), some out of bounds.
        let map: Vec<i32> = raw.iter().map(|&r| if n == 0 { r % 3 } else { r % (n + n / 4 + 1) }).collect();
        let m = col(&arrow_array::Int32Array::from(map.clone()));
        let got = gather(&ferrodf_core::Table::new(vec![c]).unwrap(), &m, OutOfBoundsPolicy::Nullify).unwrap();
        assert_table(&got, &[take_oracle(v.as_ref(), &map)]);
    }
}

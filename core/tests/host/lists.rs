//! The host path of `ops::lists` against arrow-rs's `length` kernel, or a plain Rust loop
//! over the lists where arrow-rs has no kernel: null rows, null elements, empty lists,
//! sliced inputs and the typed error of a bad input.

use crate::common::*;
use arrow_array::types::Int64Type;
use arrow_array::{Array, Int32Array, ListArray};
use ferrodf_core::Error;
use ferrodf_core::keys::{NullOrder, Order};
use ferrodf_core::ops::lists::*;
use ferrodf_core::scalar::Scalar;

/// One list of INT64 elements.
type List = Vec<Option<i64>>;
type Lists = Vec<Option<List>>;

fn sample() -> Lists {
    vec![
        Some(vec![Some(3), None, Some(1), Some(3)]),
        None,
        Some(vec![]),
        Some(vec![Some(5)]),
        Some(vec![Some(2), Some(2), Some(-1), None, None]),
        Some(vec![]),
        None,
        Some(vec![Some(0), Some(7)]),
    ]
}

fn list_array(v: &Lists) -> ListArray {
    ListArray::from_iter_primitive::<Int64Type, _, _>(v.clone())
}

/// The lists of a LIST<INT64> column, read back through arrow.
fn lists_of(c: &ferrodf_core::Column) -> Lists {
    let a = arr(c);
    let l = a
        .as_any()
        .downcast_ref::<ListArray>()
        .expect("a list array");
    (0..l.len())
        .map(|i| l.is_valid(i).then(|| i64_values(l.value(i).as_ref())))
        .collect()
}

/// Every test input: the whole sample, and rows 1.. sliced both ways.
fn inputs() -> Vec<(Lists, ferrodf_core::Column)> {
    let v = sample();
    let a = list_array(&v);
    let mut out = vec![(v.clone(), col(&a))];
    for c in sliced(&a, 1, v.len() - 1) {
        out.push((v[1..].to_vec(), c));
    }
    out.push((vec![], col(&a.slice(0, 0))));
    out
}

#[test]
fn count_elements_matches_arrow_length() {
    host();
    for (v, c) in inputs() {
        let want = arrow_string::length::length(&list_array(&v)).unwrap();
        assert_col(&count_elements(&c).unwrap(), want.as_ref());
    }
}

#[test]
fn extract_list_element_by_position_and_column() {
    host();
    for (v, c) in inputs() {
        for k in [0i64, 1, -1, -4, 6] {
            let want: Vec<Option<i64>> = v
                .iter()
                .map(|r| {
                    let r = r.as_ref()?;
                    let n = r.len() as i64;
                    let j = if k < 0 { k + n } else { k };
                    (0..n).contains(&j).then(|| r[j as usize]).flatten()
                })
                .collect();
            assert_col(
                &extract_list_element(&c, ExtractIndex::All(k)).unwrap(),
                i64s(&want).as_ref(),
            );
        }
    }
    let c = col(&list_array(&sample()));
    let idx = col(&Int32Array::from(vec![
        Some(-1),
        Some(0),
        Some(0),
        None,
        Some(3),
        Some(0),
        Some(0),
        Some(1),
    ]));
    let got = extract_list_element(&c, ExtractIndex::PerRow(&idx)).unwrap();
    let want = [Some(3), None, None, None, None, None, None, Some(7)];
    assert_col(&got, i64s(&want).as_ref());
    let bad = col(i64s(&[Some(0); 8]).as_ref());
    assert_err!(
        extract_list_element(&c, ExtractIndex::PerRow(&bad)),
        Error::Type(_)
    );
}

#[test]
fn explode_outer_and_positions() {
    host();
    for (v, c) in inputs() {
        let ids: Vec<Option<i32>> = (0..v.len() as i32).map(Some).collect();
        let t = ferrodf_core::table::Table::new(vec![col(i32s(&ids).as_ref()), c]).unwrap();
        let (mut rows, mut vals, mut pos) = (vec![], vec![], vec![]);
        let (mut inner_rows, mut inner_vals) = (vec![], vec![]);
        for (i, r) in v.iter().enumerate() {
            match r.as_ref().filter(|r| !r.is_empty()) {
                Some(r) => {
                    for (j, x) in r.iter().enumerate() {
                        rows.push(Some(i as i32));
                        vals.push(*x);
                        pos.push(Some(j as i32));
                        inner_rows.push(Some(i as i32));
                        inner_vals.push(*x);
                    }
                }
                None => {
                    rows.push(Some(i as i32));
                    vals.push(None);
                    pos.push(Some(0));
                }
            }
        }
        let got = explode_outer_position(&t, 1).unwrap();
        assert_table(&got, &[i32s(&rows), i32s(&pos), i64s(&vals)]);
        let got = explode(&t, 1).unwrap();
        assert_table(&got, &[i32s(&inner_rows), i64s(&inner_vals)]);
        assert_err!(explode_outer(&t, 0), Error::Type(_));
        assert_err!(explode_outer(&t, 2), Error::Index(_));
    }
}

#[test]
fn contains_and_index_of() {
    host();
    for (v, c) in inputs() {
        for key in [Some(3i64), Some(2), Some(9), None] {
            let s = scalar(i64s(&[key]).as_ref());
            let find = |last: bool| -> Vec<Option<i32>> {
                v.iter()
                    .map(|r| {
                        let (r, k) = (r.as_ref()?, key?);
                        let hits: Vec<usize> = (0..r.len()).filter(|&i| r[i] == Some(k)).collect();
                        let hit = if last { hits.last() } else { hits.first() };
                        Some(hit.map_or(-1, |&i| i as i32))
                    })
                    .collect()
            };
            let first = index_of(&c, SearchKey::Scalar(&s), DuplicateFindOption::FindFirst);
            assert_col(&first.unwrap(), i32s(&find(false)).as_ref());
            let last = index_of(&c, SearchKey::Scalar(&s), DuplicateFindOption::FindLast);
            assert_col(&last.unwrap(), i32s(&find(true)).as_ref());
            let want: Vec<Option<bool>> = find(false).iter().map(|f| f.map(|f| f >= 0)).collect();
            let got = contains(&c, SearchKey::Scalar(&s)).unwrap();
            assert_col(&got, bools(&want).as_ref());
        }
        let nulls: Vec<Option<bool>> = v
            .iter()
            .map(|r| r.as_ref().map(|r| r.iter().any(Option::is_none)))
            .collect();
        assert_col(&contains_nulls(&c).unwrap(), bools(&nulls).as_ref());
    }
    let c = col(&list_array(&sample()));
    let wrong = Scalar::from_native(1i32);
    assert_err!(contains(&c, SearchKey::Scalar(&wrong)), Error::Type(_));
}

#[test]
fn reorder_within_lists() {
    host();
    for (v, c) in inputs() {
        let map =
            |f: &dyn Fn(&List) -> List| -> Lists { v.iter().map(|r| r.as_ref().map(f)).collect() };
        let rev = map(&|r| r.iter().rev().copied().collect());
        assert_eq!(lists_of(&reverse(&c).unwrap()), rev);
        let sorted = map(&|r| {
            let mut s: List = r.clone();
            s.sort_by(|a, b| match (a, b) {
                (Some(x), Some(y)) => y.cmp(x),
                _ => a.is_some().cmp(&b.is_some()),
            });
            s
        });
        // Descending with nulls AFTER (above every value): nulls first.
        let got = sort_lists(&c, Order::Descending, NullOrder::After, true).unwrap();
        assert_eq!(lists_of(&got), sorted);
        let distinct = map(&|r| {
            let mut seen = vec![];
            r.iter()
                .filter(|x| {
                    !seen.contains(*x) && {
                        seen.push(**x);
                        true
                    }
                })
                .copied()
                .collect()
        });
        assert_eq!(lists_of(&distinct_lists(&c)), distinct);
    }
}

fn distinct_lists(c: &ferrodf_core::Column) -> ferrodf_core::Column {
    distinct(c, true, true).unwrap()
}

#[test]
fn concatenate_rows_and_elements() {
    host();
    let v = sample();
    let a = col(&list_array(&v));
    let w: Lists = v.iter().rev().cloned().collect();
    let b = col(&list_array(&w));
    let t = ferrodf_core::table::Table::new(vec![a.clone(), b]).unwrap();
    let want: Lists = v
        .iter()
        .zip(&w)
        .map(|(x, y)| {
            (x.is_some() || y.is_some()).then(|| {
                let mut out = x.clone().unwrap_or_default();
                out.extend(y.clone().unwrap_or_default());
                out
            })
        })
        .collect();
    assert_eq!(lists_of(&concatenate_rows(&t).unwrap()), want);
    assert_err!(
        concatenate_list_elements(&a, ConcatenateNullPolicy::Ignore),
        Error::Type(_)
    );
}

#[test]
fn sequences_of_starts_sizes_and_steps() {
    host();
    let starts = col(i64s(&[Some(1), Some(-4), Some(10)]).as_ref());
    let sizes = col(i32s(&[Some(3), Some(0), Some(2)]).as_ref());
    let steps = col(i64s(&[Some(2), Some(1), Some(-5)]).as_ref());
    let got = sequences(&starts, &sizes, Some(&steps)).unwrap();
    let want: Lists = vec![
        Some(vec![Some(1), Some(3), Some(5)]),
        Some(vec![]),
        Some(vec![Some(10), Some(5)]),
    ];
    assert_eq!(lists_of(&got), want);
    let negative = col(i32s(&[Some(1), Some(-1), Some(0)]).as_ref());
    assert_err!(sequences(&starts, &negative, None), Error::Value(_));
}

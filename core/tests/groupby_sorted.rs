//! `GroupBy::aggregate_sorted` (groups in ascending key order, nulls last) against a plain
//! loop over a `BTreeMap`, on the placement the tests run with (the host here; the device
//! path, one launch for up to 1,024 rows, runs the same cases through the Python suite on
//! the GPU machine). Covers null keys kept and dropped, null values, sliced inputs, empty
//! keys, several quantiles per group (a LIST per group), and the row-count error.

use arrow_array::cast::AsArray;
use arrow_array::types::{ArrowPrimitiveType, Float64Type, Int64Type};
use arrow_array::{Array, Int32Array, Int64Array, ListArray};
use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
use ferrodf_core::ops::aggregation::{Aggregation, Interpolation, NullPolicy};
use ferrodf_core::ops::groupby::{GroupBy, GroupByRequest};
use ferrodf_core::{Column, Error, Table};
use std::collections::BTreeMap;

/// Keys in 0..7 with a null every 5th row, values with a null every 7th row.
fn data(n: usize) -> (Vec<Option<i64>>, Vec<Option<i64>>) {
    let keys = (0..n)
        .map(|i| (i % 5 != 3).then_some(((i * 7919) % 7) as i64))
        .collect();
    let values = (0..n)
        .map(|i| (i % 7 != 2).then_some((i * 31 % 101) as i64 - 50))
        .collect();
    (keys, values)
}

/// The values of a primitive column, nulls as `None`.
fn primitive_values<T: ArrowPrimitiveType>(c: &Column) -> Vec<Option<T::Native>> {
    to_arrow(c).unwrap().as_primitive::<T>().iter().collect()
}

fn ints(c: &Column) -> Vec<Option<i64>> {
    primitive_values::<Int64Type>(c)
}

fn floats(c: &Column) -> Vec<Option<f64>> {
    primitive_values::<Float64Type>(c)
}

/// Per key (nulls last: `None` sorts first in Rust, so the map key puts it last), the
/// non-null values of the group.
fn oracle(
    keys: &[Option<i64>],
    values: &[Option<i64>],
    keep_null_keys: bool,
) -> Vec<(Option<i64>, Vec<i64>)> {
    let mut groups: BTreeMap<(bool, i64), (Option<i64>, Vec<i64>)> = BTreeMap::new();
    for (k, v) in keys.iter().zip(values) {
        if k.is_none() && !keep_null_keys {
            continue;
        }
        let entry = groups
            .entry((k.is_none(), k.unwrap_or(0)))
            .or_insert((*k, vec![]));
        entry.1.extend(v);
    }
    groups.into_values().collect()
}

fn sum_request(values: &Column) -> GroupByRequest {
    GroupByRequest {
        values: values.clone(),
        aggregations: vec![Aggregation::Sum, Aggregation::Count(NullPolicy::Exclude)],
    }
}

/// A groupby of one key column with default options: unsorted keys, libcudf's column order
/// and null order.
fn grouped_by(key_col: Column, policy: NullPolicy) -> GroupBy {
    GroupBy::new(
        Table::new(vec![key_col]).unwrap(),
        policy,
        false,
        vec![],
        vec![],
    )
    .unwrap()
}

fn check_sums(keys: &[Option<i64>], values: &[Option<i64>], key_col: &Column, val_col: &Column) {
    for policy in [NullPolicy::Exclude, NullPolicy::Include] {
        let gb = grouped_by(key_col.clone(), policy);
        let (k, r) = gb.aggregate_sorted(&[sum_request(val_col)]).unwrap();
        let want = oracle(keys, values, policy == NullPolicy::Include);
        let got_keys = ints(&k.columns()[0]);
        assert_eq!(
            got_keys,
            want.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
            "{policy:?}"
        );
        let sums: Vec<Option<i64>> = want
            .iter()
            .map(|(_, v)| (!v.is_empty()).then(|| v.iter().sum()))
            .collect();
        assert_eq!(ints(&r[0].columns()[0]), sums, "{policy:?}");
        let counts = to_arrow(&r[0].columns()[1]).unwrap();
        let counts = counts.as_any().downcast_ref::<Int32Array>().unwrap();
        assert_eq!(
            counts.values().to_vec(),
            want.iter().map(|(_, v)| v.len() as i32).collect::<Vec<_>>()
        );
    }
}

#[test]
fn groups_come_in_key_order_with_nulls_last() {
    for n in [1, 9, 300, 2000] {
        let (keys, values) = data(n);
        let key_col = from_arrow(&Int64Array::from(keys.clone())).unwrap();
        let val_col = from_arrow(&Int64Array::from(values.clone())).unwrap();
        check_sums(&keys, &values, &key_col, &val_col);
    }
}

#[test]
fn sliced_inputs_group_only_their_rows() {
    let (keys, values) = data(400);
    let key_col = from_arrow(&Int64Array::from(keys.clone())).unwrap();
    let val_col = from_arrow(&Int64Array::from(values.clone())).unwrap();
    let (off, len) = (37, 250);
    check_sums(
        &keys[off..off + len],
        &values[off..off + len],
        &key_col.slice(off, len).unwrap(),
        &val_col.slice(off, len).unwrap(),
    );
}

#[test]
fn empty_keys_give_empty_results() {
    let empty = from_arrow(&Int64Array::from(Vec::<i64>::new())).unwrap();
    let gb = grouped_by(empty.clone(), NullPolicy::Exclude);
    let (k, r) = gb.aggregate_sorted(&[sum_request(&empty)]).unwrap();
    assert_eq!(k.num_rows(), 0);
    assert_eq!(r[0].num_rows(), 0);
}

#[test]
fn several_quantiles_per_group_stay_with_their_group() {
    let keys = vec![Some(3i64), Some(1), Some(3), Some(2), Some(1), Some(3)];
    let values = vec![Some(1i64), Some(10), Some(5), Some(7), Some(20), Some(9)];
    let key_col = from_arrow(&Int64Array::from(keys.clone())).unwrap();
    let val_col = from_arrow(&Int64Array::from(values.clone())).unwrap();
    let gb = grouped_by(key_col, NullPolicy::Exclude);
    let req = GroupByRequest {
        values: val_col,
        aggregations: vec![Aggregation::Quantile {
            quantiles: vec![0.0, 1.0],
            interpolation: Interpolation::Linear,
        }],
    };
    let (k, r) = gb.aggregate_sorted(&[req]).unwrap();
    assert_eq!(ints(&k.columns()[0]), vec![Some(1), Some(2), Some(3)]);
    // per group: the smallest then the largest value
    let want: Vec<Option<f64>> = oracle(&keys, &values, false)
        .iter()
        .flat_map(|(_, v)| {
            let (lo, hi) = (v.iter().min().unwrap(), v.iter().max().unwrap());
            [Some(*lo as f64), Some(*hi as f64)]
        })
        .collect();
    // one LIST of the quantiles per group
    let lists = to_arrow(&r[0].columns()[0]).unwrap();
    let lists = lists.as_any().downcast_ref::<ListArray>().unwrap();
    assert_eq!(lists.len(), 3);
    let flat = from_arrow(lists.values().as_ref()).unwrap();
    assert_eq!(floats(&flat), want);
}

#[test]
fn values_of_another_length_are_a_value_error() {
    let key_col = from_arrow(&Int64Array::from(vec![1i64, 2, 3])).unwrap();
    let val_col = from_arrow(&Int64Array::from(vec![1i64, 2])).unwrap();
    let gb = grouped_by(key_col, NullPolicy::Exclude);
    let err = gb.aggregate_sorted(&[sum_request(&val_col)]).unwrap_err();
    assert!(matches!(err, Error::Value(_)), "{err:?}");
}

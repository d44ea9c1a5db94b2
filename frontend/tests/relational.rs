//! The groupby and merge builders from Rust, against plain-loop oracles (a BTreeMap of
//! groups, a nested-loop join) on keys with nulls, empty frames and sliced columns.

use std::collections::BTreeMap;

use arrow_array::types::{Float64Type, Int64Type};
use arrow_array::{Array, ArrowPrimitiveType, PrimitiveArray};
use ferrodf::core::Column;
use ferrodf::core::interop::arrow::to_arrow;
use ferrodf::{AggSpec, DataFrame, JoinHow, Label, Series, df};

/// The values of a column of Arrow type `T`, `None` for nulls.
fn values<T: ArrowPrimitiveType>(c: &Column) -> Vec<Option<T::Native>> {
    let a = to_arrow(c).unwrap();
    let a = a
        .as_any()
        .downcast_ref::<PrimitiveArray<T>>()
        .expect("the column's type");
    a.iter().collect()
}

fn int_values(c: &Column) -> Vec<Option<i64>> {
    values::<Int64Type>(c)
}

fn float_values(c: &Column) -> Vec<Option<f64>> {
    values::<Float64Type>(c)
}

type Rows = Vec<(Option<i64>, Option<i64>)>;

fn cases() -> Vec<Rows> {
    vec![
        vec![],
        vec![
            (Some(2), Some(5)),
            (None, Some(1)),
            (Some(1), None),
            (Some(2), Some(-3)),
        ],
        (0..500)
            .map(|i| {
                (
                    (i % 11 != 0).then_some(i % 7),
                    (i % 5 != 0).then_some(i - 250),
                )
            })
            .collect(),
    ]
}

/// The frame of `rows` from row `offset` on: columns sliced, not copied.
fn frame(rows: &Rows, offset: usize) -> DataFrame {
    let mut keys = vec![Some(0); offset];
    let mut values = vec![Some(0); offset];
    keys.extend(rows.iter().map(|r| r.0));
    values.extend(rows.iter().map(|r| r.1));
    let n = rows.len();
    let k = Column::from_options(keys).slice(offset, n).unwrap();
    let v = Column::from_options(values).slice(offset, n).unwrap();
    df!("k" => k, "v" => v).unwrap()
}

/// sum, count and size per non-null key, in key order (pandas: sum of no values is 0).
fn oracle(rows: &Rows) -> BTreeMap<i64, (i64, i64, i64)> {
    let mut groups = BTreeMap::new();
    for (k, v) in rows {
        if let Some(k) = k {
            let e = groups.entry(*k).or_insert((0, 0, 0));
            e.0 += v.unwrap_or(0);
            e.1 += v.is_some() as i64;
            e.2 += 1;
        }
    }
    groups
}

#[test]
fn groupby_aggregations_match_a_loop() {
    for rows in cases() {
        for offset in [0, 3] {
            let df = frame(&rows, offset);
            let expected = oracle(&rows);
            let keys: Vec<Option<i64>> = expected.keys().map(|k| Some(*k)).collect();
            let out = df
                .groupby(["k"])
                .unwrap()
                .agg(AggSpec::named([("s", "v", "sum"), ("c", "v", "count")]))
                .unwrap();
            let ferrodf::Index::Column { column, .. } = out.index() else {
                panic!("keys become the index")
            };
            assert_eq!(int_values(column), keys);
            let sums: Vec<Option<i64>> = expected.values().map(|e| Some(e.0)).collect();
            let counts: Vec<Option<i64>> = expected.values().map(|e| Some(e.1)).collect();
            assert_eq!(int_values(out.data().get(&"s".into()).unwrap()), sums);
            assert_eq!(int_values(out.data().get(&"c".into()).unwrap()), counts);
            let size = df.groupby(["k"]).unwrap().size().unwrap();
            let sizes: Vec<Option<i64>> = expected.values().map(|e| Some(e.2)).collect();
            assert_eq!(int_values(size.column()), sizes);
            let mean = df
                .groupby(["k"])
                .unwrap()
                .column("v")
                .unwrap()
                .mean()
                .unwrap();
            let means: Vec<Option<f64>> = expected
                .values()
                .map(|e| (e.1 > 0).then(|| e.0 as f64 / e.1 as f64))
                .collect();
            assert_eq!(float_values(mean.column()), means);
        }
    }
}

#[test]
fn groupby_keeps_null_keys_without_dropna_and_flat_keys_without_as_index() {
    let df = frame(&cases()[1], 0);
    let out = df
        .groupby(["k"])
        .unwrap()
        .dropna(false)
        .as_index(false)
        .sum()
        .unwrap();
    assert_eq!(out.data().names(), &[Label::from("k"), Label::from("v")]);
    assert_eq!(
        int_values(&out.data().columns()[0]),
        vec![Some(1), Some(2), None]
    );
    assert_eq!(
        int_values(&out.data().columns()[1]),
        vec![Some(0), Some(2), Some(1)]
    );
}

#[test]
fn head_cumcount_and_errors() {
    let rows = &cases()[2];
    let df = frame(rows, 1);
    let gb = df.groupby(["k"]).unwrap();
    let position = gb.cumcount().unwrap();
    let mut seen: BTreeMap<i64, i64> = BTreeMap::new();
    let expected: Vec<Option<i64>> = rows
        .iter()
        .map(|(k, _)| {
            k.map(|k| {
                let e = seen.entry(k).or_insert(0);
                *e += 1;
                *e - 1
            })
        })
        .collect();
    assert_eq!(int_values(position.column()), expected);
    let head = gb.head(2).unwrap();
    let kept = expected.iter().filter(|p| p.is_some_and(|p| p < 2)).count();
    assert_eq!(head.num_rows(), kept);
    assert!(df.groupby(["nope"]).is_err());
    assert!(gb.agg("mode").is_err());
    assert!(gb.column("nope").is_err());
}

#[test]
fn merge_matches_a_nested_loop() {
    for rows in cases() {
        let left = frame(&rows, 2);
        let right =
            df!("k" => vec![Some(1i64), Some(2), None, Some(9)], "w" => [10i64, 20, 30, 40])
                .unwrap();
        let right_rows = [(Some(1), 10), (Some(2), 20), (None, 30), (Some(9), 40)];
        let out = left
            .merge(&right)
            .on(["k"])
            .how(JoinHow::Left)
            .run()
            .unwrap();
        // pandas: left order, every match in right order; null keys match each other
        let mut expected = Vec::new();
        for (k, _) in &rows {
            let matches: Vec<i64> = right_rows
                .iter()
                .filter(|(rk, _)| rk == k)
                .map(|(_, w)| *w)
                .collect();
            if matches.is_empty() {
                expected.push(None);
            }
            expected.extend(matches.into_iter().map(Some));
        }
        assert_eq!(int_values(out.data().get(&"w".into()).unwrap()), expected);
    }
}

#[test]
fn series_and_frames_from_plain_values() {
    let s = Series::new("x", vec![Some(1.5), None]);
    assert_eq!(float_values(s.column()), vec![Some(1.5), None]);
    let df = df!("a" => [true, false], "b" => ["x", "y"]).unwrap();
    assert_eq!(df.shape(), (2, 2));
    let indexed = df.set_index(["b"], true).unwrap();
    assert_eq!(
        indexed.reset_index(false).unwrap().data().names(),
        &["b".into(), "a".into()]
    );
}

#[test]
fn get_indexer_and_label_slices_match_a_loop() {
    use ferrodf::Index;
    let labels: Vec<i64> = vec![30, 10, 20, 10, 50];
    let idx = Index::from_column(Column::from_values(labels.clone()), None);
    let wanted = vec![10i64, 50, 30];
    let got = idx
        .get_indexer(&Column::from_values(wanted.clone()))
        .unwrap();
    let expected: Vec<i32> = wanted
        .iter()
        .flat_map(|w| {
            labels
                .iter()
                .enumerate()
                .filter(move |(_, l)| *l == w)
                .map(|(i, _)| i as i32)
        })
        .collect();
    assert_eq!(got.host_values::<i32>().unwrap().to_vec(), expected);
    assert!(idx.get_indexer(&Column::from_values(vec![99i64])).is_err());
    // a sorted index takes missing slice bounds where they would be inserted
    let sorted = Index::from_column(Column::from_values(vec![10i64, 20, 20, 30]), None);
    let (from, to) = sorted
        .slice_positions(Some(&15.into()), Some(&25.into()))
        .unwrap();
    assert_eq!((from, to), (1, 3));
    assert!(idx.slice_positions(Some(&15.into()), None).is_err());
}

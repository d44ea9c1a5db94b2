//! Assignments and row-label edits from Rust (`ferrodf::assign`, `drop_rows`,
//! `rename_index`), against plain-loop oracles over the same values as vectors: nulls,
//! empty frames and sliced (offset != 0) frames.

use arrow_array::{Array, Int64Array};
use ferrodf::assign::Values;
use ferrodf::compute::Value;
use ferrodf::core::Column;
use ferrodf::core::interop::arrow::to_arrow;
use ferrodf::rows::RowSelection;
use ferrodf::selection::Rows;
use ferrodf::{DataFrame, LabelKey, PositionKey, df};

fn ints(df: &DataFrame, label: &str) -> Vec<Option<i64>> {
    let c = df.column(&label.into()).unwrap().column().clone();
    let a = to_arrow(&c).unwrap();
    let a = a.as_any().downcast_ref::<Int64Array>().expect("int64");
    (0..a.len())
        .map(|i| a.is_valid(i).then(|| a.value(i)))
        .collect()
}

/// Frames of 0, 7 and 300 rows, each also sliced by one row (offset != 0).
fn frames() -> Vec<(DataFrame, Vec<Option<i64>>)> {
    let mut out = Vec::new();
    for n in [0usize, 7, 300] {
        let values: Vec<Option<i64>> = (0..n as i64)
            .map(|i| (i % 5 != 3).then_some(i * 7 - 11))
            .collect();
        let df = DataFrame::from_columns(vec![("a".into(), Column::from_options(values.clone()))])
            .unwrap();
        if n > 1 {
            let sliced = df
                .iloc(
                    &RowSelection::Slice {
                        start: 1,
                        len: n - 1,
                        step: 1,
                    },
                    &PositionKey::Slice {
                        start: None,
                        stop: None,
                        step: None,
                    },
                )
                .unwrap();
            out.push((sliced, values[1..].to_vec()));
        }
        out.push((df, values));
    }
    out
}

#[test]
fn iloc_set_matches_a_loop() {
    for (df, values) in frames() {
        let n = values.len() as i64;
        let positions: Vec<i64> = (0..n).filter(|i| i % 3 == 1).collect();
        let out = df
            .iloc_set(
                &RowSelection::Take(Column::from_values(positions.clone())),
                &PositionKey::Position(0),
                &Values::Scalar(Value::Int(42)),
            )
            .unwrap();
        let mut expected = values.clone();
        for p in &positions {
            expected[*p as usize] = Some(42);
        }
        assert_eq!(ints(&out, "a"), expected);
        assert_eq!(ints(&df, "a"), values); // the source frame is unchanged
    }
}

#[test]
fn loc_set_by_mask_and_missing_values() {
    for (df, values) in frames() {
        let mask = df.column(&"a".into()).unwrap().gt(0).unwrap();
        let out = df
            .loc_set(
                &Rows::Mask(mask),
                &LabelKey::Label("a".into()),
                &Values::Scalar(Value::Null),
            )
            .unwrap();
        // pandas: a comparison with a missing value is False, so those rows stay
        let expected: Vec<Option<i64>> = values
            .iter()
            .map(|v| if v.is_some_and(|x| x > 0) { None } else { *v })
            .collect();
        assert_eq!(ints(&out, "a"), expected);
    }
}

#[test]
fn drop_rows_matches_a_loop() {
    for (df, values) in frames() {
        let n = values.len() as i64;
        let positions: Vec<i64> = (0..n).filter(|i| i % 4 == 0).collect();
        let out = df
            .drop_rows(&Column::from_values(positions.clone()))
            .unwrap();
        let expected: Vec<Option<i64>> = values
            .iter()
            .enumerate()
            .filter(|(i, _)| !positions.contains(&(*i as i64)))
            .map(|(_, v)| *v)
            .collect();
        assert_eq!(ints(&out, "a"), expected);
    }
}

#[test]
fn append_and_rename_rows() {
    let df = df!("a" => [1i64, 2, 3]).unwrap();
    let grown = df
        .loc_set(
            &Rows::Label(Value::Int(10)),
            &LabelKey::Label("a".into()),
            &Values::Scalar(Value::Int(9)),
        )
        .unwrap();
    assert_eq!(ints(&grown, "a"), vec![Some(1), Some(2), Some(3), Some(9)]);
    let renamed = grown
        .rename_index(
            &[
                (Value::Int(10), Value::Int(3)),
                (Value::Str("x".into()), Value::Int(0)),
            ],
            None,
        )
        .unwrap();
    let labels = renamed.index().level_columns().unwrap().remove(0);
    assert_eq!(
        labels.host_values::<i64>().unwrap().to_vec(),
        vec![0, 1, 2, 3]
    );
    // a value the int column cannot hold is refused, and nothing changes
    assert!(
        df.loc_set(
            &Rows::All,
            &LabelKey::Label("a".into()),
            &Values::Scalar(Value::Float(0.5))
        )
        .is_err()
    );
}

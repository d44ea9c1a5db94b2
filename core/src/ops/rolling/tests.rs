//! Unit tests of the host path against a plain loop over each window.

use super::*;
use crate::ops::aggregation::NullPolicy;

fn ints(v: &[Option<i32>]) -> Column {
    Column::from_options(v.to_vec())
}

/// (value, valid) of every row of an INT64/INT32/FLOAT64 result, as f64.
fn rows(c: &Column) -> Vec<Option<f64>> {
    let nulls = c.host_nulls().unwrap();
    let v: Vec<f64> = match c.dtype().id() {
        TypeId::Int64 => c
            .host_values::<i64>()
            .unwrap()
            .iter()
            .map(|&x| x as f64)
            .collect(),
        TypeId::Int32 => c
            .host_values::<i32>()
            .unwrap()
            .iter()
            .map(|&x| f64::from(x))
            .collect(),
        TypeId::Float64 => c.host_values::<f64>().unwrap().to_vec(),
        other => panic!("unexpected {other}"),
    };
    v.into_iter()
        .enumerate()
        .map(|(i, x)| nulls.as_ref().is_none_or(|m| m.is_valid(i)).then_some(x))
        .collect()
}

/// The window of row i by libcudf's definition, written independently.
fn oracle_window(i: i64, p: i64, f: i64, n: i64) -> std::ops::Range<usize> {
    let lo = (i - p + 1).max(0).min(n);
    let hi = (i + f + 1).max(0).min(n);
    let (a, b) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    a as usize..b as usize
}

#[test]
fn fixed_windows_match_a_loop() {
    let data = [Some(3), None, Some(-1), Some(7), Some(2), None, Some(5)];
    let c = ints(&data);
    let n = data.len() as i64;
    for (p, f) in [(1, 0), (2, 1), (3, 3), (0, 2), (-1, 2), (10, 10), (2, -1)] {
        for mp in [0, 1, 2, 4] {
            let run = |agg: Aggregation| {
                rows(
                    &rolling_window(&c, WindowSize::Fixed(p), WindowSize::Fixed(f), mp, &agg)
                        .unwrap(),
                )
            };
            let min_rows = mp.max(1) as usize;
            // The loop: each row's window, its valid values, and the result when the
            // window is long enough (`all`: count every row, else the valid ones).
            let want = |all: bool, fold: fn(&[i32]) -> f64| -> Vec<Option<f64>> {
                (0..n)
                    .map(|i| {
                        let range = oracle_window(i, p.into(), f.into(), n);
                        let len = range.len();
                        let w: Vec<i32> = data[range].iter().flatten().copied().collect();
                        let seen = if all { len } else { w.len() };
                        (seen >= min_rows).then(|| if all { len as f64 } else { fold(&w) })
                    })
                    .collect()
            };
            let sum = |w: &[i32]| w.iter().map(|&x| f64::from(x)).sum();
            let max = |w: &[i32]| f64::from(*w.iter().max().unwrap());
            assert_eq!(
                run(Aggregation::Sum),
                want(false, sum),
                "sum p={p} f={f} mp={mp}"
            );
            assert_eq!(
                run(Aggregation::Max),
                want(false, max),
                "max p={p} f={f} mp={mp}"
            );
            assert_eq!(
                run(Aggregation::Count(NullPolicy::Include)),
                want(true, sum),
                "count p={p} f={f} mp={mp}"
            );
        }
    }
}

#[test]
fn per_row_windows_lead_lag_and_variance() {
    let c = Column::from_options(vec![Some(1.0f64), Some(2.0), None, Some(4.0), Some(8.0)]);
    let pre = Column::from_values(vec![1i32, 2, 3, 1, 5]);
    let fol = Column::from_values(vec![1i32, 0, 0, 1, 0]);
    let (p, f) = (WindowSize::PerRow(&pre), WindowSize::PerRow(&fol));
    let mean = rolling_window(&c, p, f, 1, &Aggregation::Mean).unwrap();
    assert_eq!(
        rows(&mean),
        [Some(1.5), Some(1.5), Some(1.5), Some(6.0), Some(15.0 / 4.0)]
    );
    let var = rolling_window(&c, p, f, 1, &Aggregation::Variance { ddof: 1 }).unwrap();
    let v = rows(&var);
    assert_eq!(v[0], Some(0.5));
    assert!(v[2].is_some_and(f64::is_nan) || v[2] == Some(0.5));
    let lead = rolling_window(
        &Column::from_values(vec![10i32, 20, 30, 40]),
        WindowSize::Fixed(1),
        WindowSize::Fixed(3),
        1,
        &Aggregation::Lead { offset: 2 },
    )
    .unwrap();
    assert_eq!(rows(&lead), [Some(30.0), Some(40.0), None, None]);
    let lag = rolling_window(
        &Column::from_values(vec![10i32, 20, 30, 40]),
        WindowSize::Fixed(2),
        WindowSize::Fixed(0),
        1,
        &Aggregation::Lag { offset: 1 },
    )
    .unwrap();
    assert_eq!(rows(&lag), [None, Some(10.0), Some(20.0), Some(30.0)]);
}

#[test]
fn invalid_arguments_are_rejected() {
    let c = ints(&[Some(1), Some(2)]);
    let w = WindowSize::Fixed(1);
    assert!(matches!(
        rolling_window(&c, w, w, -1, &Aggregation::Sum),
        Err(Error::Value(_))
    ));
    assert!(matches!(
        rolling_window(&c, w, w, 1, &Aggregation::Median),
        Err(Error::Type(_))
    ));
    let short = Column::from_values(vec![1i32]);
    assert!(rolling_window(&c, WindowSize::PerRow(&short), w, 1, &Aggregation::Sum).is_err());
    let empty = Column::from_values(Vec::<i32>::new());
    let out = rolling_window(&c, WindowSize::PerRow(&empty), w, 1, &Aggregation::Sum).unwrap();
    assert_eq!(out.size(), 0);
}

#[test]
fn range_windows_group_and_nulls() {
    let keys = Table::new(vec![Column::from_values(vec![1i32, 1, 1, 2, 2])]).unwrap();
    let by = Column::from_options(vec![None, Some(1i64), Some(3), Some(1), Some(2)]);
    let d = RangeWindowType::BoundedClosed(crate::scalar::Scalar::from_native(1i64));
    let (p, f) =
        make_range_windows(&keys, &by, Order::Ascending, NullOrder::Before, &d, &d).unwrap();
    assert_eq!(p.host_values::<i32>().unwrap()[..], [1, 1, 1, 1, 2]);
    assert_eq!(f.host_values::<i32>().unwrap()[..], [0, 0, 0, 1, 0]);
    let out = grouped_range_rolling_window(
        &keys,
        &by,
        Order::Ascending,
        NullOrder::Before,
        &RangeWindowType::Unbounded,
        &RangeWindowType::CurrentRow,
        &[RollingRequest {
            values: Column::from_values(vec![1i32, 2, 3, 4, 5]),
            min_periods: 1,
            aggregation: Aggregation::Sum,
        }],
    )
    .unwrap();
    assert_eq!(
        rows(&out.columns()[0]),
        [Some(1.0), Some(3.0), Some(6.0), Some(4.0), Some(9.0)]
    );
}

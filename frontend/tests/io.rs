//! `ferrodf::io` from Rust: pandas' reader and writer arguments against plain-loop oracles
//! (the CSV text a loop formats, the values a loop parses), with nulls, empty frames,
//! sliced columns and the errors bad arguments give.

use arrow_array::types::{Float64Type, Int64Type};
use arrow_array::{Array, ArrowPrimitiveType, PrimitiveArray};
use ferrodf::core::interop::arrow::to_arrow;
use ferrodf::core::{Column, Error};
use ferrodf::io::{
    Header, ReadCsv, ReadJson, ReadParquet, ToCsv, ToJson, ToParquet, read_csv, read_json,
    read_parquet,
};
use ferrodf::{DataFrame, Label, Series, df};

fn values<T: ArrowPrimitiveType>(c: &Column) -> Vec<Option<T::Native>> {
    let a = to_arrow(c).unwrap();
    let a = a.as_any().downcast_ref::<PrimitiveArray<T>>().unwrap();
    a.iter().collect()
}

fn column(df: &DataFrame, name: &str) -> Column {
    df.column(&Label::from(name)).unwrap().column().clone()
}

fn cases() -> Vec<Vec<(Option<i64>, Option<f64>)>> {
    vec![
        vec![],
        vec![(Some(1), Some(0.5))],
        vec![(None, Some(-2.25)), (Some(7), None), (Some(-3), Some(1e10))],
    ]
}

/// The CSV text of `rows` as a loop writes it (pandas' format: empty fields for nulls).
fn csv_text(rows: &[(Option<i64>, Option<f64>)], sep: char) -> String {
    let mut out = format!("a{sep}b\n");
    for (a, b) in rows {
        let a = a.map(|v| v.to_string()).unwrap_or_default();
        let b = b.map(|v| format!("{v:?}")).unwrap_or_default();
        out.push_str(&format!("{a}{sep}{b}\n"));
    }
    out
}

#[test]
fn csv_reads_what_a_loop_writes_and_writes_it_back() {
    for rows in cases() {
        for sep in [',', ';', '\t'] {
            let text = csv_text(&rows, sep);
            let opts = ReadCsv::new()
                .sep(sep.to_string())
                .dtype_of("a", "int64")
                .dtype_of("b", "float64");
            let df = read_csv(text.clone().into_bytes(), &opts).unwrap();
            assert_eq!(df.shape(), (rows.len(), 2));
            let a: Vec<Option<i64>> = rows.iter().map(|r| r.0).collect();
            let b: Vec<Option<f64>> = rows.iter().map(|r| r.1).collect();
            assert_eq!(values::<Int64Type>(&column(&df, "a")), a);
            assert_eq!(values::<Float64Type>(&column(&df, "b")), b);
            if !rows.is_empty() {
                let back = df
                    .to_csv_string(&ToCsv::new().index(false).sep(sep.to_string()))
                    .unwrap();
                let reread = read_csv(back.into_bytes(), &opts).unwrap();
                assert_eq!(values::<Int64Type>(&column(&reread, "a")), a);
                assert_eq!(values::<Float64Type>(&column(&reread, "b")), b);
            }
        }
    }
}

#[test]
fn csv_header_names_usecols_and_index_col() {
    let text = b"x,y,z\n1,2,3\n4,5,6\n".to_vec();
    let df = read_csv(text.clone(), &ReadCsv::new().usecols([2i64, 0])).unwrap();
    assert_eq!(df.data().names(), vec![Label::from("x"), Label::from("z")]);
    let df = read_csv(text.clone(), &ReadCsv::new().header(Header::None)).unwrap();
    assert_eq!(df.shape(), (3, 3));
    let df = read_csv(text.clone(), &ReadCsv::new().names(["p", "q", "r"])).unwrap();
    assert_eq!(df.shape(), (3, 3)); // names given: the first line is data, as pandas
    let df = read_csv(text.clone(), &ReadCsv::new().index_col(["y"]).nrows(1)).unwrap();
    assert_eq!(df.index().names(), vec![Label::from("y")]);
    assert_eq!(df.shape(), (1, 2));
    let df = read_csv(text, &ReadCsv::new().dtype("str")).unwrap();
    assert_eq!(ferrodf::dtype_name(column(&df, "x").dtype()), "str");
}

#[test]
fn csv_bad_arguments_are_errors_not_panics() {
    let text = || b"a\n1\n".to_vec();
    let is_value = |r: ferrodf::core::Result<DataFrame>| matches!(r, Err(Error::Value(_)));
    assert!(is_value(read_csv(text(), &ReadCsv::new().sep(";;"))));
    assert!(is_value(read_csv(
        text(),
        &ReadCsv::new().compression(Some("rar"))
    )));
    assert!(read_csv(text(), &ReadCsv::new().dtype("float16")).is_err());
    assert!(matches!(
        read_csv(text(), &ReadCsv::new().index_col([5i64])),
        Err(Error::Index(_))
    ));
    assert!(matches!(
        read_csv("/no/such/dir/x.csv", &ReadCsv::new()),
        Err(Error::Io(..))
    ));
    let df = df!("a" => [1i64]).unwrap();
    assert!(
        df.to_csv_string(&ToCsv::new().compression(Some("gzip")))
            .is_err()
    );
}

#[test]
fn parquet_round_trip_keeps_a_named_index_and_sliced_columns() {
    let s = Series::new("v", vec![Some(1.5), None, Some(3.0), Some(4.5)]);
    let sliced = Series::from_column(s.column().slice(1, 3).unwrap(), None, "v".into()).unwrap();
    let mut framed = df!("k" => [10i64, 20, 30]).unwrap();
    framed
        .set_column("v".into(), sliced.column().clone())
        .unwrap();
    let indexed = framed.set_index(["k"], true).unwrap();
    let bytes = indexed.to_parquet_bytes(&ToParquet::new()).unwrap();
    let back = read_parquet(bytes, &ReadParquet::new().index_col(["k"])).unwrap();
    assert_eq!(back.index().names(), vec![Label::from("k")]);
    assert_eq!(
        values::<Float64Type>(&column(&back, "v")),
        vec![None, Some(3.0), Some(4.5)]
    );
    let empty = df!("x" => Vec::<i64>::new()).unwrap();
    let bytes = empty
        .to_parquet_bytes(&ToParquet::new().compression(None))
        .unwrap();
    assert_eq!(
        read_parquet(bytes, &ReadParquet::new()).unwrap().shape(),
        (0, 1)
    );
}

#[test]
fn json_lines_round_trip() {
    let df = df!("a" => [Some(1i64), None, Some(3)]).unwrap();
    let text = df.to_json_string(&ToJson::new()).unwrap();
    let expected: String = [Some(1), None, Some(3)]
        .iter()
        .map(|v: &Option<i64>| match v {
            Some(v) => format!("{{\"a\":{v}}}\n"),
            None => "{}\n".to_string(),
        })
        .collect();
    assert_eq!(text, expected);
    let back = read_json(text.into_bytes(), &ReadJson::new()).unwrap();
    assert_eq!(
        values::<Int64Type>(&column(&back, "a")),
        vec![Some(1), None, Some(3)]
    );
    // lines(false): an array of records reads as the same frame; an object document
    // (pandas' other layouts) is refused.
    let array = b"[{\"a\": 1}, {}, {\"a\": 3}]".to_vec();
    let records = read_json(array, &ReadJson::new().lines(false)).unwrap();
    assert_eq!(
        values::<Int64Type>(&column(&records, "a")),
        vec![Some(1), None, Some(3)]
    );
    assert!(matches!(
        read_json(
            b"{\"a\": {\"0\": 1}}".to_vec(),
            &ReadJson::new().lines(false)
        ),
        Err(Error::NotImplemented(_))
    ));
}

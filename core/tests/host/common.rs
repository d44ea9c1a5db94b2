//! Shared helpers of the host-path tests: columns built from arrow-rs arrays, results
//! compared as arrow-rs arrays, sliced inputs, and the proptest strategies of random inputs
//! with nulls.

use arrow_array::types::ArrowPrimitiveType;
use arrow_array::{
    Array, ArrayRef, BooleanArray, Float64Array, Int32Array, Int64Array, PrimitiveArray,
    StringArray,
};
use arrow_ord::sort::{SortColumn, SortOptions};
use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
use ferrodf_core::ops::sorting::{NullOrder, Order};
use ferrodf_core::placement::{Placement, set_placement};
use ferrodf_core::{Column, Scalar, Table};
use proptest::prelude::*;
use std::sync::Arc;

/// Force the host path, so the tests run without a GPU (and test the host code even where
/// one is present).
pub fn host() {
    set_placement(Placement::Cpu).unwrap();
}

/// A ferrodf column of an arrow-rs array (zero-copy, keeping a slice's offset).
pub fn col(a: &dyn Array) -> Column {
    from_arrow(a).unwrap()
}

/// A ferrodf column back as an arrow-rs array.
pub fn arr(c: &Column) -> ArrayRef {
    to_arrow(c).unwrap()
}

/// Row 0 of a one-row arrow-rs array as a ferrodf scalar (null when that row is null).
pub fn scalar(a: &dyn Array) -> Scalar {
    Scalar::from_column(col(a)).unwrap()
}

/// Which rows of `a` are valid (arrays without nulls may or may not carry a null buffer).
pub fn validity(a: &dyn Array) -> Vec<bool> {
    (0..a.len()).map(|i| a.is_valid(i)).collect()
}

/// A table of the given arrow-rs arrays.
pub fn table(cols: &[&dyn Array]) -> Table {
    Table::new(cols.iter().map(|a| col(*a)).collect()).unwrap()
}

/// The columns of a table as arrow-rs arrays.
pub fn arrays(t: &Table) -> Vec<ArrayRef> {
    t.columns().iter().map(arr).collect()
}

/// `got` equals the arrow-rs array `want` (type, values, nulls).
#[track_caller]
pub fn assert_col(got: &Column, want: &dyn Array) {
    let got = arr(got);
    assert_eq!(got.as_ref(), want, "got {got:?}, want {want:?}");
}

/// Every column of `got` equals the matching array of `want`.
#[track_caller]
pub fn assert_table(got: &Table, want: &[ArrayRef]) {
    assert_eq!(got.num_columns(), want.len(), "number of columns");
    for (g, w) in got.columns().iter().zip(want) {
        assert_col(g, w.as_ref());
    }
}

/// Every column order with every null order.
pub const ORDERS: [(Order, NullOrder); 4] = [
    (Order::Ascending, NullOrder::Before),
    (Order::Ascending, NullOrder::After),
    (Order::Descending, NullOrder::Before),
    (Order::Descending, NullOrder::After),
];

/// arrow-rs's options for libcudf's order and null order (`After`: nulls are larger).
pub fn sort_options(order: Order, nulls: NullOrder) -> SortOptions {
    let descending = order == Order::Descending;
    SortOptions {
        descending,
        nulls_first: (nulls == NullOrder::Before) != descending,
    }
}

/// arrow-rs sort columns of `keys`, each with its libcudf order and null order: the oracle
/// of the sorting, searching and merging tests.
pub fn sort_columns(
    keys: impl IntoIterator<Item = ArrayRef>,
    orders: &[Order],
    nulls: &[NullOrder],
) -> Vec<SortColumn> {
    keys.into_iter()
        .zip(orders.iter().zip(nulls))
        .map(|(values, (&o, &n))| SortColumn {
            values,
            options: Some(sort_options(o, n)),
        })
        .collect()
}

/// Rows `offset..offset + len` of `a` as ferrodf columns two ways: imported from the sliced
/// arrow-rs array, and sliced after import (`Column::slice`). Both have `offset != 0`.
pub fn sliced(a: &dyn Array, offset: usize, len: usize) -> [Column; 2] {
    let from_slice = col(&a.slice(offset, len));
    let column_slice = col(a).slice(offset, len).unwrap();
    assert!(offset == 0 || column_slice.offset() != 0);
    [from_slice, column_slice]
}

/// A primitive array as ferrodf columns three ways, each with the arrow-rs rows it holds:
/// whole, sliced after import (`Column::slice`) to rows `sliced`, and imported from the
/// arrow-rs slice of rows `imported` (both `(offset, len)`).
pub fn whole_and_sliced<T: ArrowPrimitiveType>(
    a: &PrimitiveArray<T>,
    (offset, len): (usize, usize),
    imported: (usize, usize),
) -> [(Column, PrimitiveArray<T>); 3] {
    let part = a.slice(imported.0, imported.1);
    [
        (col(a), a.clone()),
        (col(a).slice(offset, len).unwrap(), a.slice(offset, len)),
        (col(&part), part),
    ]
}

/// Rows `off..` of `a` (all of them when `off` is past the end) as the arrow-rs slice and a
/// ferrodf column: imported from the slice for an even `off`, sliced after import
/// (`Column::slice`) for an odd one. For property tests over sliced inputs.
pub fn tail(a: &dyn Array, off: usize) -> (ArrayRef, Column) {
    let off = if off > a.len() { 0 } else { off };
    let len = a.len() - off;
    let s = a.slice(off, len);
    let c = if off % 2 == 0 {
        col(&s)
    } else {
        col(a).slice(off, len).unwrap()
    };
    (s, c)
}

/// `r` failed with the expected variant of `ferrodf_core::Error` (`Error::Value(_)`, ...).
macro_rules! assert_err {
    ($r:expr, $pat:pat) => {
        match $r {
            Err(e) => assert!(matches!(e, $pat), "unexpected error {e:?}"),
            Ok(_) => panic!("expected an error matching {}", stringify!($pat)),
        }
    };
}

pub fn i32s(v: &[Option<i32>]) -> ArrayRef {
    Arc::new(Int32Array::from(v.to_vec()))
}

pub fn i64s(v: &[Option<i64>]) -> ArrayRef {
    Arc::new(Int64Array::from(v.to_vec()))
}

pub fn f64s(v: &[Option<f64>]) -> ArrayRef {
    Arc::new(Float64Array::from(v.to_vec()))
}

pub fn bools(v: &[Option<bool>]) -> ArrayRef {
    Arc::new(BooleanArray::from(v.to_vec()))
}

pub fn strs(v: &[Option<&str>]) -> ArrayRef {
    Arc::new(StringArray::from(v.to_vec()))
}

/// Twelve int64s with nulls at rows 1, 5 and 10, duplicates, and both signs.
pub fn sample_i64() -> ArrayRef {
    i64s(&[
        Some(5),
        None,
        Some(-3),
        Some(5),
        Some(0),
        None,
        Some(42),
        Some(-3),
        Some(7),
        Some(i64::MAX),
        None,
        Some(i64::MIN),
    ])
}

/// The values of an int64 array, nulls as `None`.
pub fn i64_values(a: &dyn Array) -> Vec<Option<i64>> {
    a.as_any()
        .downcast_ref::<Int64Array>()
        .unwrap()
        .iter()
        .collect()
}

/// A twelve-row condition: true, false and null rows, not byte-aligned runs.
pub fn sample_mask() -> BooleanArray {
    BooleanArray::from(vec![
        Some(true),
        Some(false),
        None,
        Some(true),
        Some(true),
        None,
        Some(false),
        Some(true),
        Some(false),
        Some(true),
        Some(true),
        Some(false),
    ])
}

/// Ten strings with nulls, an empty string, duplicates and a multi-byte character.
pub fn sample_str() -> ArrayRef {
    strs(&[
        Some("pear"),
        None,
        Some(""),
        Some("apple"),
        Some("pear"),
        Some("Zed"),
        None,
        Some("é"),
        Some("apple"),
        Some("fig"),
    ])
}

/// [`sample_str`] with its first two rows again: twelve strings, as many rows as
/// [`sample_i64`], for tables and requests that pair them.
pub fn sample_str12() -> ArrayRef {
    arrow_select::concat::concat(&[&sample_str(), &sample_str().slice(0, 2)]).unwrap()
}

/// One-column tables of [`sample_i64`] and of [`sample_str`]: keys of different types.
pub fn int_and_string_tables() -> (Table, Table) {
    (
        table(&[sample_i64().as_ref()]),
        table(&[sample_str().as_ref()]),
    )
}

/// Strategy: up to `max_len` small int64s (so groups and duplicates occur), ~20% null.
pub fn opt_i64s(max_len: usize) -> impl Strategy<Value = Vec<Option<i64>>> {
    proptest::collection::vec(proptest::option::weighted(0.8, -20i64..20), 0..max_len)
}

/// Strategy: up to `max_len` int32s over the whole range, ~20% null.
pub fn opt_wide_i32s(max_len: usize) -> impl Strategy<Value = Vec<Option<i32>>> {
    proptest::collection::vec(proptest::option::weighted(0.8, any::<i32>()), 0..max_len)
}

/// Strategy: up to `max_len` float64s (NaN and infinities included), ~20% null.
pub fn opt_f64s(max_len: usize) -> impl Strategy<Value = Vec<Option<f64>>> {
    let value = prop_oneof![
        8 => -1e3f64..1e3,
        1 => Just(f64::NAN),
        1 => Just(f64::INFINITY),
        1 => Just(f64::NEG_INFINITY),
        1 => Just(-0.0f64),
    ];
    proptest::collection::vec(proptest::option::weighted(0.8, value), 0..max_len)
}

/// Strategy: up to `max_len` short strings over a small alphabet, ~20% null.
pub fn opt_strs(max_len: usize) -> impl Strategy<Value = Vec<Option<String>>> {
    proptest::collection::vec(
        proptest::option::weighted(0.8, "[ab\u{e9}]{0,3}"),
        0..max_len,
    )
}

/// A proptest config of `cases` cases (the default 256 is slow in debug builds), unless
/// `PROPTEST_CASES` asks for another count (a longer hunt: `PROPTEST_CASES=2000`).
pub fn cases(cases: u32) -> ProptestConfig {
    let default = ProptestConfig::default();
    let cases = if std::env::var_os("PROPTEST_CASES").is_some() {
        default.cases
    } else {
        cases
    };
    ProptestConfig { cases, ..default }
}

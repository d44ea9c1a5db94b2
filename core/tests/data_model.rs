//! The data model: buffers, columns, tables, scalars and Arrow conversion on the host.

use arrow_array::{
    Array, BooleanArray, Int32Array, Int64Array, LargeStringArray, ListArray, StringArray,
    StructArray, types::Int32Type,
};
use ferrodf_core::bitmask::{bitmask_allocation_size_bytes, new_mask};
use ferrodf_core::buffer::{Buffer, Residency};
use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
use ferrodf_core::ops::binaryop::common_type;
use ferrodf_core::{Column, DataType, Error, Scalar, Table, TypeId};
use std::sync::Arc;

#[test]
fn buffer_slices_share_the_owner_and_check_bounds() {
    let b = Buffer::from_vec(vec![1u8, 2, 3, 4]);
    let s = b.slice(1, 2).unwrap();
    assert!(s.same_owner(&b));
    assert_eq!(s.host().unwrap().as_slice(), &[2, 3]);
    assert!(matches!(b.slice(3, 2), Err(Error::Index(_))));
    assert_eq!(b.residency(), Residency::Host);
    let copy = b.deep_copy().unwrap();
    assert!(!copy.same_owner(&b));
    assert_eq!(
        copy.host().unwrap().as_slice(),
        b.host().unwrap().as_slice()
    );
}

#[test]
fn masks_are_padded_to_64_bytes() {
    assert_eq!(bitmask_allocation_size_bytes(1), 64);
    assert_eq!(bitmask_allocation_size_bytes(512), 64);
    assert_eq!(bitmask_allocation_size_bytes(513), 128);
    assert_eq!(new_mask(10, true).len(), 64);
}

#[test]
fn column_construction_is_validated() {
    let data = Buffer::from_vec(vec![0i32; 4]);
    // (size, null count, offset) of an INT32 column over four values: too many rows, an
    // offset past the data, a null count without a mask.
    for (size, null_count, offset) in [(5, None, 0), (2, None, 3), (4, Some(1), 0)] {
        let bad = Column::new(
            TypeId::Int32.into(),
            size,
            Some(data.clone()),
            None,
            null_count,
            offset,
            vec![],
        );
        assert!(
            matches!(bad, Err(Error::Value(_))),
            "{size} rows, {null_count:?} nulls, offset {offset}"
        );
    }
    let ok = Column::new(TypeId::Int32.into(), 2, Some(data), None, None, 2, vec![]).unwrap();
    assert_eq!(ok.null_count().unwrap(), 0);
    let strings_without_offsets =
        Column::new(TypeId::String.into(), 1, None, None, None, 0, vec![]);
    assert!(strings_without_offsets.is_err());
}

#[test]
fn null_count_is_counted_lazily_over_the_slice() {
    let c = Column::from_options(vec![Some(1i64), None, Some(3), None, None]);
    assert_eq!(c.null_count().unwrap(), 3);
    assert_eq!(c.slice(0, 3).unwrap().null_count().unwrap(), 1);
    assert_eq!(c.slice(2, 3).unwrap().null_count().unwrap(), 2);
    assert!(matches!(c.slice(4, 2), Err(Error::Index(_))));
}

#[test]
fn tables_need_equal_lengths() {
    let a = Column::from_values(vec![1i32, 2]);
    let b = Column::from_values(vec![1.0f64]);
    assert!(matches!(
        Table::new(vec![a.clone(), b]),
        Err(Error::Value(_))
    ));
    let t = Table::new(vec![a.clone(), a]).unwrap();
    assert_eq!((t.num_rows(), t.num_columns()), (2, 2));
}

#[test]
fn scalars_are_one_row_columns() {
    let s = Scalar::from_native(2.5f64);
    assert_eq!(s.value::<f64>().unwrap(), Some(2.5));
    let null = Scalar::from_native_as::<i8>(TypeId::Int8.into(), None).unwrap();
    assert!(!null.is_valid().unwrap());
    assert!(Scalar::from_column(Column::from_values(vec![1i32, 2])).is_err());
}

fn round_trip(a: &dyn Array) {
    let c = from_arrow(a).unwrap();
    assert_eq!(c.size(), a.len());
    assert_eq!(c.null_count().unwrap(), a.null_count());
    let back = to_arrow(&c).unwrap();
    assert_eq!(back.as_ref(), a, "round trip of {:?}", a.data_type());
}

#[test]
fn arrow_round_trips_with_nulls_and_slices() {
    let ints = Int64Array::from(vec![
        Some(1),
        None,
        Some(3),
        Some(4),
        None,
        Some(6),
        Some(7),
        None,
        Some(9),
    ]);
    round_trip(&ints);
    round_trip(&ints.slice(3, 5));
    round_trip(&ints.slice(8, 1));
    round_trip(&ints.slice(2, 0));
    let bools = BooleanArray::from(vec![Some(true), None, Some(false), Some(true)]);
    round_trip(&bools);
    round_trip(&bools.slice(1, 3));
    let strings = StringArray::from(vec![Some("a"), None, Some("ccc"), Some("")]);
    round_trip(&strings);
    round_trip(&strings.slice(1, 3));
    round_trip(&LargeStringArray::from(vec![Some("x"), None]));
    let lists = ListArray::from_iter_primitive::<Int32Type, _, _>(vec![
        Some(vec![Some(1), None]),
        None,
        Some(vec![]),
        Some(vec![Some(4)]),
    ]);
    round_trip(&lists);
    round_trip(&lists.slice(1, 3));
}

#[test]
fn arrow_import_shares_host_buffers() {
    let a = Int32Array::from(vec![1, 2, 3, 4]);
    let c = from_arrow(&a).unwrap();
    let ours = c.data().unwrap().host().unwrap();
    assert_eq!(ours.as_ptr(), a.values().inner().as_ptr());
}

#[test]
fn struct_children_follow_the_parent_slice() {
    let s = StructArray::from(vec![(
        Arc::new(arrow_schema::Field::new(
            "",
            arrow_schema::DataType::Int32,
            true,
        )),
        Arc::new(Int32Array::from(vec![Some(1), None, Some(3)])) as Arc<dyn Array>,
    )]);
    let c = from_arrow(&s.slice(1, 2)).unwrap();
    assert_eq!(c.dtype(), DataType::from(TypeId::Struct));
    let back = to_arrow(&c).unwrap();
    assert_eq!(back.as_ref(), &s.slice(1, 2) as &dyn Array);
}

#[test]
fn unsupported_arrow_types_are_type_errors() {
    let f16 = arrow_array::Float16Array::from(vec![half::f16::from_f32(1.0)]);
    assert!(matches!(from_arrow(&f16), Err(Error::Type(_))));
}

#[test]
fn common_type_follows_cpp() {
    use TypeId::*;
    assert_eq!(common_type(Int8, Int8).unwrap(), Int32);
    assert_eq!(common_type(Int32, Uint32).unwrap(), Uint32);
    assert_eq!(common_type(Int64, Uint32).unwrap(), Int64);
    assert_eq!(common_type(Int64, Uint64).unwrap(), Uint64);
    assert_eq!(common_type(Bool8, Uint16).unwrap(), Int32);
    assert_eq!(common_type(Int64, Float32).unwrap(), Float32);
    assert!(common_type(String, Int32).is_err());
}

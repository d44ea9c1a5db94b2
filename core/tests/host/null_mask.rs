//! The host path of `ops::null_mask` against arrow-rs's bitmaps: `bitmask_and` against
//! `NullBuffer::union`, `bitmask_or` against `&BooleanBuffer | &BooleanBuffer`, `null_count`
//! and `copy_bitmask` against `BooleanBuffer::count_set_bits` and the column's arrow
//! validity.

use crate::common::*;
use arrow_array::Array;
use arrow_buffer::{BooleanBuffer, NullBuffer};
use ferrodf_core::Error;
use ferrodf_core::buffer::Buffer;
use ferrodf_core::ops::null_mask::{
    MaskState, allocation_size_bytes, bitmask_and, bitmask_or, copy_bitmask, create_null_mask,
    null_count,
};

fn bits(b: &Buffer, n: usize) -> BooleanBuffer {
    BooleanBuffer::new(b.host().unwrap(), 0, n)
}

fn validity(a: &dyn Array) -> BooleanBuffer {
    a.logical_nulls()
        .map_or_else(|| BooleanBuffer::new_set(a.len()), NullBuffer::into_inner)
}

#[test]
fn create_and_count() {
    host();
    for n in [0usize, 1, 13, 512, 513] {
        let valid = create_null_mask(n, MaskState::AllValid).unwrap();
        assert_eq!(valid.len(), allocation_size_bytes(n));
        assert_eq!(null_count(&valid, 0, n).unwrap(), 0);
        let null = create_null_mask(n, MaskState::AllNull).unwrap();
        assert_eq!(null_count(&null, 0, n).unwrap(), n);
    }
    assert_eq!(
        create_null_mask(9, MaskState::Unallocated).unwrap().len(),
        0
    );
    // Counts over ranges that start and end inside bytes.
    let a = sample_i64();
    let m = copy_bitmask(&col(&a)).unwrap();
    let v = validity(a.as_ref());
    for (s, e) in [(0, 12), (1, 11), (3, 3), (5, 6), (9, 12)] {
        assert_eq!(
            null_count(&m, s, e).unwrap(),
            (e - s) - v.slice(s, e - s).count_set_bits()
        );
    }
    assert_err!(null_count(&m, 5, 4), Error::Index(_));
    assert_err!(
        null_count(&create_null_mask(8, MaskState::AllValid).unwrap(), 0, 513),
        Error::Index(_)
    );
}

#[test]
fn copy_bitmask_of_sliced_columns_starts_at_bit_zero() {
    host();
    let a = sample_i64();
    for (off, len) in [(3usize, 8usize), (1, 11), (10, 1), (4, 0)] {
        for c in sliced(a.as_ref(), off, len) {
            let m = copy_bitmask(&c).unwrap();
            assert_eq!(bits(&m, len), validity(&a.slice(off, len)));
        }
    }
    let no_nulls = col(&arrow_array::Int32Array::from(vec![1, 2]));
    assert_eq!(copy_bitmask(&no_nulls).unwrap().len(), 0);
}

#[test]
fn and_or_of_sliced_masks() {
    host();
    let a = sample_i64();
    let b = i64s(&[
        None,
        Some(1),
        Some(2),
        None,
        Some(4),
        Some(5),
        Some(6),
        None,
        Some(8),
        Some(9),
        Some(10),
        Some(11),
    ]);
    let (pa, pb) = (a.slice(2, 9), b.slice(3, 9));
    for (ca, cb) in sliced(a.as_ref(), 2, 9)
        .into_iter()
        .zip(sliced(b.as_ref(), 3, 9))
    {
        let (m, nulls) = bitmask_and(&[ca.clone(), cb.clone()]).unwrap();
        let want =
            NullBuffer::union(pa.logical_nulls().as_ref(), pb.logical_nulls().as_ref()).unwrap();
        assert_eq!(
            (bits(&m, 9), nulls),
            (want.inner().clone(), want.null_count())
        );
        let (m, nulls) = bitmask_or(&[ca, cb]).unwrap();
        let want = &validity(&pa) | &validity(&pb);
        assert_eq!(
            (bits(&m, 9), nulls),
            (want.clone(), 9 - want.count_set_bits())
        );
    }
    // Columns without a mask: all valid for AND, an empty result for OR.
    let full = col(&arrow_array::Int64Array::from(vec![1; 12]));
    let (m, nulls) = bitmask_and(&[col(&a), full.clone()]).unwrap();
    assert_eq!((bits(&m, 12), nulls), (validity(a.as_ref()), 3));
    assert_eq!(bitmask_or(&[col(&a), full]).unwrap().1, 0);
    assert_eq!(bitmask_and(&[]).unwrap().1, 0);
    assert_err!(
        bitmask_and(&[col(&a), col(&b.slice(0, 3))]),
        Error::Value(_)
    );
}

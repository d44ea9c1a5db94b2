//! Joining the decoded pieces of one read (row groups, CSV chunks) into one array per
//! column, copying the pieces in parallel.
//!
//! arrow-rs's `concat` copies piece after piece on one thread; for a file of one or two
//! columns that serial copy was a third of a Parquet read (5*10^6 float64 rows: the
//! decode runs on both cores, the 40 MB copy on one). Fixed-width values and UTF-8
//! strings (32-bit offsets) are copied here with one task a piece; every other type
//! still goes through arrow-rs.

use crate::error::Result;
use arrow_array::{Array, ArrayRef, StringArray, make_array};
use arrow_buffer::{
    BooleanBufferBuilder, Buffer, MutableBuffer, NullBuffer, OffsetBuffer, ScalarBuffer,
};
use arrow_data::ArrayDataBuilder;
use arrow_schema::DataType as ArrowType;
use rayon::prelude::*;
use std::sync::Arc;

/// Below this many bytes the pieces are joined by arrow-rs on the calling thread (waking
/// rayon's workers costs more than copying them).
const PARALLEL_MIN_BYTES: usize = 1 << 20;

/// The pieces of one column joined, in order (at least two pieces, of one type).
pub(crate) fn concat_arrays(parts: &[&dyn Array]) -> Result<ArrayRef> {
    let t = parts[0].data_type();
    let rows: usize = parts.iter().map(|p| p.len()).sum();
    let fast = match t {
        ArrowType::Utf8 => concat_utf8(parts, rows),
        _ if t.is_primitive() => {
            let width = t.primitive_width().expect("a primitive type has a width");
            (rows * width >= PARALLEL_MIN_BYTES).then(|| concat_fixed(parts, rows, width))
        }
        _ => None,
    };
    match fast {
        Some(a) => a,
        None => Ok(arrow_select::concat::concat(parts)?),
    }
}

/// The pieces' validity bits one after the other, or `None` when no piece has a null.
fn concat_nulls(parts: &[&dyn Array], rows: usize) -> Option<NullBuffer> {
    if parts.iter().all(|p| p.null_count() == 0) {
        return None;
    }
    let mut bits = BooleanBufferBuilder::new(rows);
    for p in parts {
        match p.logical_nulls() {
            Some(n) => bits.append_buffer(n.inner()),
            None => bits.append_n(p.len(), true),
        }
    }
    Some(NullBuffer::new(bits.finish()))
}

/// Fixed-width values: one output buffer, each piece's bytes copied into its part of it
/// in parallel.
fn concat_fixed(parts: &[&dyn Array], rows: usize, width: usize) -> Result<ArrayRef> {
    // Not zeroed: every byte is written by the copies below, and zeroing is a pass of
    // its own.
    let mut data = MutableBuffer::with_capacity(rows * width);
    // SAFETY: u8 has no invalid values, and the pieces tile the buffer exactly, so every
    // byte is overwritten before the buffer is read.
    unsafe { data.set_len(rows * width) };
    let mut jobs = Vec::with_capacity(parts.len());
    let mut rest: &mut [u8] = &mut data;
    for p in parts {
        let (head, tail) = rest.split_at_mut(p.len() * width);
        let d = p.to_data();
        jobs.push((head, d));
        rest = tail;
    }
    jobs.into_par_iter().for_each(|(dst, d)| {
        let src = &d.buffers()[0].as_slice()[d.offset() * width..(d.offset() + d.len()) * width];
        dst.copy_from_slice(src);
    });
    let data = ArrayDataBuilder::new(parts[0].data_type().clone())
        .len(rows)
        .add_buffer(data.into())
        .nulls(concat_nulls(parts, rows))
        .build()?;
    Ok(make_array(data))
}

/// UTF-8 strings with 32-bit offsets: the characters copied and the offsets rebased
/// piece by piece in parallel. `None` when the characters would not fit 32-bit offsets
/// (arrow-rs then reports the overflow) or the pieces are small.
fn concat_utf8(parts: &[&dyn Array], rows: usize) -> Option<Result<ArrayRef>> {
    let strings: Vec<&StringArray> = parts
        .iter()
        .map(|p| p.as_any().downcast_ref::<StringArray>())
        .collect::<Option<_>>()?;
    let span = |s: &StringArray| {
        let o = s.value_offsets();
        (o[0] as usize, o[o.len() - 1] as usize)
    };
    let chars: usize = strings
        .iter()
        .map(|s| {
            let (a, b) = span(s);
            b - a
        })
        .sum();
    if chars > i32::MAX as usize || chars + rows * 4 < PARALLEL_MIN_BYTES {
        return None;
    }
    let mut values = MutableBuffer::with_capacity(chars);
    // SAFETY: as in `concat_fixed`: the pieces' characters tile the buffer exactly.
    unsafe { values.set_len(chars) };
    let mut offsets = vec![0i32; rows + 1];
    offsets[rows] = chars as i32;
    let mut jobs = Vec::with_capacity(strings.len());
    let (mut rest_v, mut rest_o): (&mut [u8], &mut [i32]) = (&mut values, &mut offsets[..rows]);
    let mut base = 0usize;
    for s in &strings {
        let (a, b) = span(s);
        let (hv, tv) = rest_v.split_at_mut(b - a);
        let (ho, to) = rest_o.split_at_mut(s.len());
        jobs.push((hv, ho, *s, base));
        base += b - a;
        rest_v = tv;
        rest_o = to;
    }
    jobs.into_par_iter().for_each(|(dv, dof, s, base)| {
        let (a, b) = span(s);
        dv.copy_from_slice(&s.value_data()[a..b]);
        let shift = base as i64 - a as i64;
        for (o, &i) in dof.iter_mut().zip(s.value_offsets()) {
            // Fits: `base + (i - a)` is at most `chars`, checked above.
            *o = (i as i64 + shift) as i32;
        }
    });
    let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
    let values: Buffer = values.into();
    // SAFETY: the offsets are each piece's valid, non-decreasing offsets shifted by the
    // characters before the piece, and each piece's characters are copied whole, so every
    // string is the same valid UTF-8 as in its piece.
    let out = unsafe { StringArray::new_unchecked(offsets, values, concat_nulls(parts, rows)) };
    Some(Ok(Arc::new(out) as ArrayRef))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::{BooleanArray, Float64Array, Int32Array};

    fn check(parts: Vec<ArrayRef>) {
        let refs: Vec<&dyn Array> = parts.iter().map(|a| a.as_ref()).collect();
        let want = arrow_select::concat::concat(&refs).unwrap();
        let got = concat_arrays(&refs).unwrap();
        assert_eq!(got.as_ref(), want.as_ref());
    }

    #[test]
    fn joins_like_arrow() {
        let n = 300_000;
        let f = |k: usize| -> ArrayRef {
            Arc::new(Float64Array::from_iter(
                (0..n).map(|i| (i % (k + 3) != 0).then_some(i as f64 * 0.5)),
            ))
        };
        // Sliced pieces (offset != 0), with and without nulls.
        check(vec![f(1), f(2).slice(7, 1000), f(4)]);
        let ints: ArrayRef = Arc::new(Int32Array::from_iter_values(0..n as i32));
        check(vec![ints.slice(3, n - 3), ints.clone()]);
        let s = |k: usize| -> ArrayRef {
            Arc::new(StringArray::from_iter(
                (0..n).map(|i| (i % (k + 5) != 0).then(|| format!("é{}", i * k))),
            ))
        };
        check(vec![s(1), s(2).slice(11, 70_000), s(3)]);
        check(vec![s(1).slice(0, 0), s(2)]);
        // Small pieces and other types: arrow-rs.
        check(vec![s(1).slice(5, 3), s(2).slice(9, 2)]);
        let b: ArrayRef = Arc::new(BooleanArray::from(vec![Some(true), None, Some(false)]));
        check(vec![b.clone(), b.slice(1, 2)]);
    }
}

//! The host path of `reduce`: a deterministic chunked fold over arrow-rs buffers.

use super::{accumulator, finish};
use crate::column::Column;
use crate::error::Result;
use crate::ops::aggregation::{BitwiseOp, Kind};
use crate::ops::numeric::{Num, column_values_as, with_num_type};
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId};
use arrow_buffer::NullBuffer;
use rayon::prelude::*;

/// `kind` (a fold the host computes: SUM ... ALL) of `col` into `output`.
pub(super) fn reduce(col: &Column, kind: Kind, output: DataType) -> Result<Scalar> {
    let acc = accumulator(col.dtype().id(), kind, output.id());
    let nulls = col.host_nulls()?;
    with_num_type!(acc, A => {
        let values = column_values_as::<A>(col)?;
        let (v, count) = host_fold::<A>(&values, nulls.as_ref(), kind);
        finish::<A>(v, count, kind, output)
    })
}

/// Fold the valid values in fixed-size chunks (so float results do not depend on the
/// number of threads), then combine the chunk results in order.
fn host_fold<A: Num>(values: &[A], nulls: Option<&NullBuffer>, kind: Kind) -> (A, u64) {
    let truth = |v: A| if v != A::zero() { A::one() } else { A::zero() };
    match kind {
        Kind::Sum | Kind::Mean => fold(values, nulls, A::zero(), A::wadd, |v| v),
        Kind::Product => fold(values, nulls, A::one(), A::wmul, |v| v),
        Kind::SumOfSquares => fold(values, nulls, A::zero(), A::wadd, |v: A| v.wmul(v)),
        Kind::Min => fold(values, nulls, min_identity::<A>(), A::fmin, |v| v),
        Kind::Max => fold(values, nulls, max_identity::<A>(), A::fmax, |v| v),
        // Any/all reduce the truth values (v != 0) with max/min.
        Kind::Any => fold(values, nulls, max_identity::<A>(), A::fmax, truth),
        Kind::All => fold(values, nulls, min_identity::<A>(), A::fmin, truth),
        _ => unreachable!("checked by check_types"),
    }
}

/// Independent accumulators per chunk: lets the compiler keep several additions in flight
/// (and use SIMD) without reassociating anything, so results stay deterministic.
const LANES: usize = 8;
const CHUNK: usize = 1 << 16;

fn fold<A, C, L>(
    values: &[A],
    nulls: Option<&NullBuffer>,
    identity: A,
    combine: C,
    lift: L,
) -> (A, u64)
where
    A: Num,
    C: Fn(A, A) -> A + Sync,
    L: Fn(A) -> A + Sync,
{
    let partial = |(ci, chunk): (usize, &[A])| -> (A, u64) {
        let base = ci * CHUNK;
        let mut lanes = [identity; LANES];
        let mut n = 0u64;
        match nulls {
            None => {
                let mut blocks = chunk.chunks_exact(LANES);
                for block in &mut blocks {
                    for j in 0..LANES {
                        lanes[j] = combine(lanes[j], lift(block[j]));
                    }
                }
                for (j, &v) in blocks.remainder().iter().enumerate() {
                    lanes[j] = combine(lanes[j], lift(v));
                }
                n = chunk.len() as u64;
            }
            Some(m) => {
                for (j, &v) in chunk.iter().enumerate() {
                    if m.is_valid(base + j) {
                        lanes[j % LANES] = combine(lanes[j % LANES], lift(v));
                        n += 1;
                    }
                }
            }
        }
        (lanes.into_iter().fold(identity, &combine), n)
    };
    let parts: Vec<(A, u64)> = if values.len() > CHUNK {
        values.par_chunks(CHUNK).enumerate().map(partial).collect()
    } else {
        values.chunks(CHUNK).enumerate().map(partial).collect()
    };
    parts
        .into_iter()
        .fold((identity, 0), |(a, n), (b, m)| (combine(a, b), n + m))
}

fn min_identity<A: Num>() -> A {
    if A::IS_FLOAT {
        nan::<A>()
    } else {
        A::highest()
    }
}
fn max_identity<A: Num>() -> A {
    if A::IS_FLOAT { nan::<A>() } else { A::lowest() }
}
fn nan<A: Num>() -> A {
    // 0/0 in the float type.
    A::zero().wdiv(A::zero())
}

/// BITWISE_AGG of an integer column into the integer type `output`: the fold of the valid
/// values' 64-bit two's complement words (narrow signed values sign-extended, so the low
/// bits are the narrow fold), converted (wrapping) to `output`.
pub(super) fn bitwise(col: &Column, op: BitwiseOp, output: DataType) -> Result<Scalar> {
    let nulls = col.host_nulls()?;
    // The wrapping conversion keeps every integer's low 64 bits.
    let values = column_values_as::<i64>(col)?;
    let (identity, f): (i64, fn(i64, i64) -> i64) = match op {
        BitwiseOp::And => (-1, |a, b| a & b),
        BitwiseOp::Or => (0, |a, b| a | b),
        BitwiseOp::Xor => (0, |a, b| a ^ b),
    };
    let (v, count) = fold(&values, nulls.as_ref(), identity, f, |v| v);
    with_num_type!(output.id(), O => {
        let value = (count > 0).then(|| O::from_i128(v as i128));
        Scalar::from_native_as::<O>(output, value)
    })
}

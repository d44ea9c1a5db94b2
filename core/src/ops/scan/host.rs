//! The host path of `scan`: one sequential loop over the values.

use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::scan::ScanOp;
use crate::error::Result;
use crate::ops::numeric::{Num, with_num_type};
use crate::types::TypeId;

/// The running values of `col` (storage type `st`), nulls skipped.
pub(super) fn scan(col: &Column, st: TypeId, op: ScanOp, inclusive: bool) -> Result<Buffer> {
    let n = col.size();
    let nulls = col.host_nulls()?;
    with_num_type!(st, S => {
        let vals = col.host_values::<S>()?;
        let (identity, f): (S, fn(S, S) -> S) = match op {
            ScanOp::Sum => (S::zero(), |a, b| a.wadd(b)),
            ScanOp::Product => (S::one(), |a, b| a.wmul(b)),
            ScanOp::Max => (S::lowest(), |a, b| if b > a { b } else { a }),
            ScanOp::Min => (S::highest(), |a, b| if b < a { b } else { a }),
        };
        let mut acc = identity;
        let out: Vec<S> = (0..n)
            .map(|i| {
                let v = if nulls.as_ref().is_none_or(|nb| nb.is_valid(i)) { vals[i] } else { identity };
                let before = acc;
                acc = f(acc, v);
                if inclusive { acc } else { before }
            })
            .collect();
        Ok(Buffer::from_vec(out))
    })
}

/// The EWMA scan of a FLOAT32/FLOAT64 column (see [`ewma_rows`]), in the column's type.
pub(super) fn ewma(col: &Column, beta: f64, adjust: bool) -> Result<Buffer> {
    let nulls = col.host_nulls()?;
    let x = crate::ops::numeric::column_values_as::<f64>(col)?;
    let rows = (0..col.size()).map(|i| {
        let null = nulls.as_ref().is_some_and(|b| b.is_null(i));
        (!null).then(|| x[i])
    });
    let out = ewma_rows(rows, beta, adjust);
    Ok(match col.dtype().id() {
        TypeId::Float32 => Buffer::from_vec(out.iter().map(|&v| v as f32).collect::<Vec<_>>()),
        _ => Buffer::from_vec(out),
    })
}

/// The EWMA of `rows` (None: a null row): the state `(N, D, R)` of `cuda/ewm.cu` run
/// through each row's linear map in order, `N / D` per row, in f64 (the device applies the
/// same maps in tiles). `beta = com / (com + 1)`; `adjust`: libcudf's INFINITE history.
pub(crate) fn ewma_rows(
    rows: impl Iterator<Item = Option<f64>>,
    beta: f64,
    adjust: bool,
) -> Vec<f64> {
    let (mut n, mut d, mut r) = (0.0f64, 0.0f64, 1.0f64);
    let alpha = 1.0 - beta;
    // A null row repeats the last valid row's output (NaN before the first): its decayed
    // N / D is that value too, but may have underflowed to 0 / 0.
    let mut last = f64::NAN;
    rows.map(|x| {
        let valid = x.is_some();
        match x {
            // com = 0 keeps no history: a null row must not wipe N / D to 0 / 0.
            None if beta == 0.0 => {}
            None => (n, d) = (beta * n, beta * d),
            Some(x) if adjust => (n, d) = (beta * n + x * r, beta * d + r),
            Some(x) => {
                let nd = beta * d + alpha * r;
                (n, d, r) = (beta * n + alpha * x * r, nd, nd);
            }
        }
        if valid {
            last = n / d;
        }
        last
    })
    .collect()
}

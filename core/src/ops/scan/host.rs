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

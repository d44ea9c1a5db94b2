//! Host row selection for fixed-width columns: every output row takes the row of one of two
//! inputs (a column, or a scalar repeated), chosen per row by a condition bitmap.
//!
//! `copy_if_else` and `replace_nulls` are this one loop. Doing it directly reads each
//! input once and writes the output once; composing it from `concatenate` and a gather map
//! (the generic path, still used for strings) costs three passes and two temporaries. The
//! condition is a bitmap so that validity masks serve as conditions as they are and the
//! output validity is computed 64 rows at a time.

use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::numeric::with_width_type;
use crate::types::{DataType, fixed_width};
use arrow_buffer::{ArrowNativeType, BooleanBuffer, ScalarBuffer};
use rayon::prelude::*;

/// One input of a selection: a column of `n` rows, or a 1-row column standing for a scalar.
#[derive(Clone, Copy)]
pub(crate) struct Choice<'a> {
    pub column: &'a Column,
    pub scalar: bool,
}

impl<'a> Choice<'a> {
    pub fn column(column: &'a Column) -> Self {
        Choice {
            column,
            scalar: false,
        }
    }
    pub fn scalar(column: &'a Column) -> Self {
        Choice {
            column,
            scalar: true,
        }
    }

    /// This input's validity for `n` output rows (`None`: all valid).
    fn validity(&self, n: usize) -> Result<Option<BooleanBuffer>> {
        let nulls = self.column.host_nulls()?;
        Ok(match (nulls, self.scalar) {
            (None, _) => None,
            (Some(nb), true) => nb.is_null(0).then(|| BooleanBuffer::new_unset(n)),
            (Some(nb), false) => Some(nb.into_inner()),
        })
    }
}

/// Rows per rayon task (a multiple of 64, so tasks start on bitmap word boundaries).
const CHUNK: usize = 1 << 16;

/// Row `i` from `when_true` where bit `i` of `cond` is set, else from `when_false`, for
/// fixed-width columns of type `dtype` on the host. A row is null when the chosen input's
/// row is.
pub(crate) fn select_host(
    dtype: DataType,
    cond: &BooleanBuffer,
    when_true: Choice,
    when_false: Choice,
) -> Result<Column> {
    let n = cond.len();
    let width = fixed_width(dtype.id())
        .ok_or_else(|| Error::type_err(format!("{dtype} has no fixed-width values")))?;
    let values = with_width_type!(width, T => { values::<T>(cond, when_true, when_false)? }, _ => {
        return Err(Error::not_implemented(format!(
            "no host selection for {width}-byte values ({dtype})"
        )));
    });
    let mask = match (when_true.validity(n)?, when_false.validity(n)?) {
        (None, None) => None,
        (t, f) => {
            let all = || BooleanBuffer::new_set(n);
            let t = t.unwrap_or_else(all);
            let f = f.unwrap_or_else(all);
            let valid = &(cond & &t) | &(&!cond & &f);
            Some(Buffer::from_arrow(valid.into_inner()))
        }
    };
    Column::new(dtype, n, Some(values), mask, None, 0, vec![])
}

fn values<T: ArrowNativeType>(cond: &BooleanBuffer, t: Choice, f: Choice) -> Result<Buffer> {
    let n = cond.len();
    let (tv, fv): (ScalarBuffer<T>, ScalarBuffer<T>) =
        (t.column.host_values()?, f.column.host_values()?);
    // A scalar side reads row 0 for every output row.
    let (ts, fs) = (usize::from(!t.scalar), usize::from(!f.scalar));
    // Written into uninitialised capacity: a zeroed allocation would take fresh pages
    // from the OS (a page fault per 4 KiB) instead of reusing freed memory.
    let mut out: Vec<T> = Vec::with_capacity(n);
    out.spare_capacity_mut()[..n]
        .par_chunks_mut(CHUNK)
        .enumerate()
        .for_each(|(c, chunk)| {
            let base = c * CHUNK;
            let bits = cond.slice(base, chunk.len());
            for (w, word) in bits.bit_chunks().iter_padded().enumerate() {
                let lo = w * 64;
                let hi = (lo + 64).min(chunk.len());
                let dst = &mut chunk[lo..hi];
                let (start, len) = (base + lo, hi - lo);
                // Whole words from one side copy straight; mixed words select per row,
                // branch-free (both inputs are read, one is kept).
                if word == u64::MAX && ts == 1 {
                    write_all(dst, &tv[start..start + len]);
                } else if word == 0 && fs == 1 {
                    write_all(dst, &fv[start..start + len]);
                } else {
                    for (r, d) in dst.iter_mut().enumerate() {
                        let i = start + r;
                        let (a, b) = (tv[i * ts], fv[i * fs]);
                        d.write(if word >> r & 1 == 1 { a } else { b });
                    }
                }
            }
        });
    // SAFETY: the chunks cover `0..n` and every element was written above.
    unsafe { out.set_len(n) };
    Ok(Buffer::from_vec(out))
}

fn write_all<T: Copy>(dst: &mut [std::mem::MaybeUninit<T>], src: &[T]) {
    for (d, s) in dst.iter_mut().zip(src) {
        d.write(*s);
    }
}

//! Host row selection for fixed-width columns: every output row takes the row of one of two
//! inputs (a column, or a scalar repeated), chosen per row by a condition.
//!
//! `copy_if_else`, `replace_nulls` and (per side) `clamp` are this one loop. Doing it
//! directly reads each input once and writes the output once; composing it from
//! `concatenate` and a gather map (the generic path, still used for strings) costs three
//! passes and two temporary columns.

use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::types::{DataType, fixed_width};
use arrow_buffer::{ArrowNativeType, BooleanBuffer, NullBuffer, ScalarBuffer};
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
}

/// Rows per rayon task: large enough that scheduling costs nothing next to the copy.
const CHUNK: usize = 1 << 16;

/// Row `i` from `when_true` where `cond(i)`, else from `when_false`, for fixed-width
/// columns of type `dtype` on the host. A row is null when the chosen input's row is.
pub(crate) fn select_host<F>(
    dtype: DataType,
    n: usize,
    cond: F,
    when_true: Choice,
    when_false: Choice,
) -> Result<Column>
where
    F: Fn(usize) -> bool + Sync,
{
    let width = fixed_width(dtype.id())
        .ok_or_else(|| Error::type_err(format!("{dtype} has no fixed-width values")))?;
    let values = match width {
        1 => values::<u8, _>(n, &cond, when_true, when_false)?,
        2 => values::<u16, _>(n, &cond, when_true, when_false)?,
        4 => values::<u32, _>(n, &cond, when_true, when_false)?,
        8 => values::<u64, _>(n, &cond, when_true, when_false)?,
        16 => values::<i128, _>(n, &cond, when_true, when_false)?,
        w => {
            return Err(Error::not_implemented(format!(
                "no host selection for {w}-byte values ({dtype})"
            )));
        }
    };
    let mask = validity(n, &cond, when_true, when_false)?;
    Column::new(dtype, n, Some(values), mask, None, 0, vec![])
}

fn values<T: ArrowNativeType, F: Fn(usize) -> bool + Sync>(
    n: usize,
    cond: &F,
    t: Choice,
    f: Choice,
) -> Result<Buffer> {
    let (tv, fv): (ScalarBuffer<T>, ScalarBuffer<T>) =
        (t.column.host_values()?, f.column.host_values()?);
    // A scalar side reads row 0 for every output row.
    let (ts, fs) = (usize::from(!t.scalar), usize::from(!f.scalar));
    // Collected (not `vec![0; n]` then written): a zeroed allocation takes fresh pages
    // from the OS and pays a page fault per 4 KiB instead of reusing freed memory.
    let out: Vec<T> = (0..n)
        .into_par_iter()
        .with_min_len(CHUNK)
        .map(|i| if cond(i) { tv[i * ts] } else { fv[i * fs] })
        .collect();
    Ok(Buffer::from_vec(out))
}

/// The output validity, or `None` when neither input has nulls.
fn validity<F: Fn(usize) -> bool + Sync>(
    n: usize,
    cond: &F,
    t: Choice,
    f: Choice,
) -> Result<Option<Buffer>> {
    let (tn, fnull) = (t.column.host_nulls()?, f.column.host_nulls()?);
    if tn.is_none() && fnull.is_none() {
        return Ok(None);
    }
    let valid =
        |nulls: &Option<NullBuffer>, row: usize| nulls.as_ref().is_none_or(|b| b.is_valid(row));
    let (ts, fs) = (usize::from(!t.scalar), usize::from(!f.scalar));
    let bits = BooleanBuffer::collect_bool(n, |i| {
        if cond(i) {
            valid(&tn, i * ts)
        } else {
            valid(&fnull, i * fs)
        }
    });
    Ok(Some(Buffer::from_arrow(bits.into_inner())))
}

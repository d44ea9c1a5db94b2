//! The filling family's host path: fill maps and sequences built with rayon, and repeats
//! of fixed-width tables written directly (no row map).

use super::{Repeats, gather_repeated};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::gather::host_map;
use crate::ops::numeric::{Num, with_num_type};
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{TypeId, fixed_width};
use rayon::prelude::*;

/// The fill map: rows `begin..end` take row `n` (the value after the column), others stay.
pub(super) fn fill_map(n: usize, begin: usize, end: usize) -> Column {
    host_map(
        (0..n)
            .into_par_iter()
            .map(|i| {
                if (begin..end).contains(&i) {
                    n as i32
                } else {
                    i as i32
                }
            })
            .collect(),
    )
}

/// Below this many rows a host sequence is written without splitting it into tasks.
const PARALLEL_MIN_ROWS: usize = 1 << 16;

/// The values `init + i * step` of a sequence (integers wrap).
pub(super) fn sequence(size: usize, init: &Scalar, step: &Scalar) -> Result<Buffer> {
    Ok(with_num_type!(init.dtype().id(), S => {
        let (a, d) = (init.as_column().host_values::<S>()?[0], step.as_column().host_values::<S>()?[0]);
        // small sequences (row numbers of a lookup, say) stay on this thread: waking
        // rayon's pool costs more than writing them
        let v: Vec<S> = (0..size).into_par_iter().with_min_len(PARALLEL_MIN_ROWS).map(|i| a.wadd(S::from_i128(i as i128).wmul(d))).collect();
        Buffer::from_vec(v)
    }))
}

/// Each row of `table` repeated: fixed-width tables written directly when every row
/// repeats the same number of times, anything else through a repeat map.
pub(super) fn repeat(table: &Table, repeats: &Repeats, total: usize) -> Result<Table> {
    let map = match repeats {
        &Repeats::Uniform(k) => {
            if k > 0
                && table.num_columns() > 0
                && table
                    .columns()
                    .iter()
                    .all(|c| fixed_width(c.dtype().id()).is_some())
            {
                let cols = table
                    .columns()
                    .iter()
                    .map(|c| repeat_fixed_host(c, k))
                    .collect::<Result<Vec<_>>>()?;
                return Table::new(cols);
            }
            host_map(
                (0..total)
                    .into_par_iter()
                    .map(|p| (p / k.max(1)) as i32)
                    .collect(),
            )
        }
        Repeats::PerRow(c) => {
            let mut out = Vec::with_capacity(total);
            for (i, &v) in c.iter().enumerate() {
                out.extend(std::iter::repeat_n(i as i32, v as usize));
            }
            host_map(out)
        }
    };
    gather_repeated(table, &map)
}

/// Every row of a fixed-width column `k` times, on the host: each task writes the copies
/// of a run of input rows (no row map).
fn repeat_fixed_host(col: &Column, k: usize) -> Result<Column> {
    const ROWS_PER_TASK: usize = 1 << 14;
    fn values<T: arrow_buffer::ArrowNativeType>(col: &Column, k: usize) -> Result<Buffer> {
        let src = col.host_values::<T>()?;
        let total = src.len() * k;
        let mut out: Vec<T> = Vec::with_capacity(total);
        out.spare_capacity_mut()[..total]
            .par_chunks_mut(ROWS_PER_TASK * k)
            .zip(src.par_chunks(ROWS_PER_TASK))
            .for_each(|(dst, rows)| {
                for (copies, &v) in dst.chunks_mut(k).zip(rows) {
                    for d in copies {
                        d.write(v);
                    }
                }
            });
        // SAFETY: the tasks cover all `total` elements, each written once.
        unsafe { out.set_len(total) };
        Ok(Buffer::from_vec(out))
    }
    let data = match fixed_width(col.dtype().id()) {
        Some(1) => values::<u8>(col, k)?,
        Some(2) => values::<u16>(col, k)?,
        Some(4) => values::<u32>(col, k)?,
        Some(8) => values::<u64>(col, k)?,
        Some(16) => values::<i128>(col, k)?,
        _ => {
            return Err(Error::not_implemented(format!(
                "no host repeat for {} values",
                col.dtype()
            )));
        }
    };
    let total = col.size() * k;
    let mask = match col.host_nulls()? {
        None => None,
        Some(nulls) => {
            let bits = arrow_buffer::BooleanBuffer::collect_bool(total, |j| nulls.is_valid(j / k));
            Some(Buffer::from_arrow(bits.into_inner()))
        }
    };
    Column::new(col.dtype(), total, Some(data), mask, None, 0, vec![])
}

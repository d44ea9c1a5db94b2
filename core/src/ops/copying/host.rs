//! The copying family's host path: row maps built with rayon, and scatter and
//! copy_if_else of fixed-width columns written directly (no concatenation, no map).

use super::{gather_concatenated, gather_pairs};
use crate::bitmask::new_mask;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::Result;
use crate::ops::gather::host_map;
use crate::ops::numeric::with_width_type;
use crate::ops::select::{Choice, select_host};
use crate::types::fixed_width;
use arrow_buffer::BooleanBuffer;
use rayon::prelude::*;

/// The scattered target columns: fixed-width ones written at their positions, others
/// gathered through a full-size map. `norm` is the normalised map, `step` 0 for scalars.
pub(super) fn scatter(
    targets: &[Column],
    sources: &[Column],
    norm: &Column,
    step: i64,
) -> Result<Vec<Column>> {
    let positions = norm.host_values::<i32>()?;
    targets
        .iter()
        .zip(sources)
        .map(|(t, s)| match fixed_width(t.dtype().id()) {
            Some(w) => scatter_fixed_host(t, s, step == 0, &positions, w),
            None => scatter_generic_host(t, s, step, &positions),
        })
        .collect()
}

/// Scatter into a fixed-width column on the host: copy the target's values, then write
/// the source rows at their positions (no concatenation, no full-size map).
fn scatter_fixed_host(
    target: &Column,
    source: &Column,
    scalar: bool,
    positions: &[i32],
    width: usize,
) -> Result<Column> {
    fn values<T: arrow_buffer::ArrowNativeType>(
        t: &Column,
        s: &Column,
        step: usize,
        positions: &[i32],
    ) -> Result<Buffer> {
        let mut out = t.host_values::<T>()?.to_vec();
        let src = s.host_values::<T>()?;
        for (i, &j) in positions.iter().enumerate() {
            out[j as usize] = src[i * step];
        }
        Ok(Buffer::from_vec(out))
    }
    let step = usize::from(!scalar);
    let data = with_width_type!(width, T => { values::<T>(target, source, step, positions)? }, _ => {
        return scatter_generic_host(target, source, step as i64, positions)
    });
    let (t_nulls, s_nulls) = (target.host_nulls()?, source.host_nulls()?);
    let mask = if t_nulls.is_none() && s_nulls.is_none() {
        None
    } else {
        let n = target.size();
        let mut bits = arrow_buffer::BooleanBufferBuilder::new(n);
        match &t_nulls {
            Some(nb) => bits.append_buffer(nb.inner()),
            None => bits.append_n(n, true),
        }
        for (i, &j) in positions.iter().enumerate() {
            bits.set_bit(
                j as usize,
                s_nulls.as_ref().is_none_or(|b| b.is_valid(i * step)),
            );
        }
        Some(Buffer::from_arrow(bits.finish().into_inner()))
    };
    Column::new(
        target.dtype(),
        target.size(),
        Some(data),
        mask,
        None,
        0,
        vec![],
    )
}

/// Scatter into a column of any type on the host: gather the target concatenated with the
/// source through a full-size map.
fn scatter_generic_host(
    target: &Column,
    source: &Column,
    step: i64,
    positions: &[i32],
) -> Result<Column> {
    let n = target.size();
    let mut out: Vec<i32> = (0..n as i32).collect();
    for (i, &j) in positions.iter().enumerate() {
        out[j as usize] = (n as i64 + step * i as i64) as i32;
    }
    Ok(gather_pairs(
        std::slice::from_ref(target),
        std::slice::from_ref(source),
        &host_map(out),
    )?
    .remove(0))
}

/// Zeroed values of `n` rows of `width` bytes and, with `with_mask`, an all-valid mask.
pub(super) fn allocate(n: usize, width: usize, with_mask: bool) -> (Buffer, Option<Buffer>) {
    (
        Buffer::zeroed(n * width),
        with_mask.then(|| new_mask(n, true)),
    )
}

/// The copy_range map: rows `begin..end` take rows `source..`, others stay.
pub(super) fn range_map(n: usize, begin: usize, end: usize, source: i64) -> Column {
    host_map(
        (0..n)
            .into_par_iter()
            .map(|i| {
                if (begin..end).contains(&i) {
                    (source + (i - begin) as i64) as i32
                } else {
                    i as i32
                }
            })
            .collect(),
    )
}

/// The condition on the host: row i is true when valid and non-zero.
fn host_cond(mask: &Column) -> Result<Vec<bool>> {
    let vals = mask.host_values::<u8>()?;
    let nulls = mask.host_nulls()?;
    Ok((0..mask.size())
        .into_par_iter()
        .map(|i| vals[i] != 0 && nulls.as_ref().is_none_or(|n| n.is_valid(i)))
        .collect())
}

/// The condition on the host as a bitmap: bit i is set when row i is valid and non-zero.
pub(crate) fn host_cond_bits(mask: &Column) -> Result<BooleanBuffer> {
    let vals = mask.host_values::<u8>()?;
    let bits = BooleanBuffer::collect_bool(mask.size(), |i| vals[i] != 0);
    Ok(match mask.host_nulls()? {
        Some(nulls) => &bits & nulls.inner(),
        None => bits,
    })
}

/// copy_if_else on the host: fixed-width values selected directly, other types gathered
/// from both sides concatenated.
pub(super) fn copy_if_else(
    l: &Column,
    ls: bool,
    r: &Column,
    rs: bool,
    mask: &Column,
) -> Result<Column> {
    if fixed_width(l.dtype().id()).is_some() {
        let side = |c, scalar| Choice { column: c, scalar };
        return select_host(l.dtype(), &host_cond_bits(mask)?, side(l, ls), side(r, rs));
    }
    let n_left = l.size();
    let cond = host_cond(mask)?;
    let map = host_map(
        cond.par_iter()
            .enumerate()
            .map(|(i, &t)| {
                if t {
                    if ls { 0 } else { i as i32 }
                } else {
                    (n_left + if rs { 0 } else { i }) as i32
                }
            })
            .collect(),
    );
    gather_concatenated(l, r, &map)
}

/// The boolean_mask_scatter map (true row k takes source row `n + step * k`) and the
/// number of true rows.
pub(super) fn mask_scatter_map(mask: &Column, n: usize, step: i64) -> Result<(Column, usize)> {
    let cond = host_cond(mask)?;
    let mut k = 0i64;
    let map = cond
        .iter()
        .enumerate()
        .map(|(i, &t)| {
            if t {
                k += 1;
                (n as i64 + step * (k - 1)) as i32
            } else {
                i as i32
            }
        })
        .collect();
    Ok((host_map(map), k as usize))
}

/// A map of the one row `index`.
pub(super) fn row_map(index: usize) -> Column {
    host_map(vec![index as i32])
}

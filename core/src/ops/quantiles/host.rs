//! The host path of `quantile`: the values read as FLOAT64 in the given order, one
//! interpolation per quantile.

use super::{QuantileIndex, interpolate};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::Result;
use crate::ops::aggregation::Interpolation;
use crate::ops::numeric::{Num, column_values_as, with_num_type};
use crate::ops::unary::host_mask;
use crate::types::{DataType, TypeId};

/// The quantiles `q` of `input` read in the order of `indices` (row order without), on the
/// host.
pub(super) fn quantile(
    input: &Column,
    indices: Option<&Column>,
    q: &[f64],
    interp: Interpolation,
    exact: bool,
    out_type: DataType,
) -> Result<Column> {
    let values = column_values_as::<f64>(input)?;
    let nulls = input.host_nulls()?;
    let ix = indices.map(|c| c.host_values::<i32>()).transpose()?;
    let size = ix.as_ref().map_or(input.size(), |v| v.len());
    let n = input.size();
    // (value, valid) at sorted position p
    let at = |p: usize| -> (f64, bool) {
        let row = match &ix {
            Some(v) => v[p],
            None => p as i32,
        };
        if row < 0 || row as usize >= n {
            return (0.0, false);
        }
        let r = row as usize;
        (values[r], nulls.as_ref().is_none_or(|m| m.is_valid(r)))
    };
    let mut out = Vec::with_capacity(q.len());
    let mut valid = Vec::with_capacity(q.len());
    for &qv in q {
        let idx = QuantileIndex::new(size, qv);
        let (v, ok) = if interp == Interpolation::Nearest {
            at(idx.nearest)
        } else {
            let (lo, lo_ok) = at(idx.lower);
            let (hi, hi_ok) = at(idx.higher);
            let ok = match interp {
                Interpolation::Lower => lo_ok,
                Interpolation::Higher => hi_ok,
                _ => lo_ok && hi_ok,
            };
            (interpolate(interp, lo, hi, idx.fraction), ok)
        };
        out.push(v);
        valid.push(ok);
    }
    let (mask, null_count) = host_mask(q.len(), valid.iter().copied());
    let mask = (null_count > 0).then_some(mask);
    let data = if exact {
        Buffer::from_vec(out)
    } else {
        with_num_type!(out_type.id(), O => {
            let conv: Vec<O> = out.iter().map(|&v| O::from_f64(v)).collect();
            Buffer::from_vec(conv)
        })
    };
    Column::new(
        out_type,
        q.len(),
        Some(data),
        mask,
        Some(null_count),
        0,
        vec![],
    )
}

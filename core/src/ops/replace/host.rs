//! The host path of `replace`: arrow-rs buffers with rayon, arrow-row keys for
//! find-and-replace, and the one-pass selection of `ops/select.rs` for fixed-width columns.

use super::Replacement;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::interop::arrow::to_arrow;
use crate::ops::gather::{NULL_ROW, host_map};
use crate::ops::numeric::with_num_type;
use crate::ops::select::{Choice, select_host};
use crate::scalar::Scalar;
use crate::types::{TypeId, fixed_width};
use rayon::prelude::*;

/// A fixed-width `col` (with nulls) whose nulls are replaced from a column or scalar, in
/// one selection pass; `None` for other columns and for a policy.
pub(super) fn select_replacement(col: &Column, replacement: Replacement) -> Result<Option<Column>> {
    if fixed_width(col.dtype().id()).is_none() {
        return Ok(None);
    }
    let other = match replacement {
        Replacement::Column(r) => Choice::column(r),
        Replacement::Scalar(s) => Choice::scalar(s.as_column()),
        Replacement::Policy { .. } => return Ok(None),
    };
    let nulls = col.host_nulls()?.expect("has nulls");
    select_host(col.dtype(), nulls.inner(), Choice::column(col), other).map(Some)
}

/// The validity of `col` as a host BOOL8 column (row valid = true).
pub(super) fn validity_condition(col: &Column) -> Result<Column> {
    let n = col.size();
    let nulls = col.host_nulls()?;
    let v: Vec<u8> = (0..n)
        .into_par_iter()
        .map(|i| nulls.as_ref().is_none_or(|b| b.is_valid(i)) as u8)
        .collect();
    Column::without_nulls(TypeId::Bool8.into(), n, Buffer::from_vec(v))
}

/// The row map of the nearest valid row before (or, `following`, after) each row of `col`
/// (which has nulls).
pub(super) fn nearest_valid_map(col: &Column, following: bool) -> Result<Column> {
    let n = col.size();
    let nulls = col.host_nulls()?.expect("has nulls");
    let mut out = vec![NULL_ROW; n];
    let mut last = NULL_ROW;
    let order: Box<dyn Iterator<Item = usize>> = if following {
        Box::new((0..n).rev())
    } else {
        Box::new(0..n)
    };
    for i in order {
        if nulls.is_valid(i) {
            last = i as i32;
        }
        out[i] = last;
    }
    Ok(host_map(out))
}

/// The find_and_replace_all row map into `[col, new]`, from arrow-row keys.
pub(super) fn find_replace_map(col: &Column, old: &Column) -> Result<Column> {
    use crate::ops::stream_compaction::host_distinct::normalize_float_keys;
    use arrow_row::{RowConverter, SortField};
    let (a, k) = (
        normalize_float_keys(to_arrow(col)?),
        normalize_float_keys(to_arrow(old)?),
    );
    // one arrow layout for both (a STRING column may be Utf8 or LargeUtf8 underneath)
    let k = if k.data_type() == a.data_type() {
        k
    } else {
        arrow_cast::cast(&k, a.data_type()).map_err(|e| Error::value(e.to_string()))?
    };
    let conv = RowConverter::new(vec![SortField::new(a.data_type().clone())]).map_err(|e| {
        Error::not_implemented(format!("find_and_replace_all on {}: {e}", col.dtype()))
    })?;
    let rows = conv
        .convert_columns(std::slice::from_ref(&a))
        .map_err(|e| Error::value(e.to_string()))?;
    let keys = conv
        .convert_columns(&[k])
        .map_err(|e| Error::value(e.to_string()))?;
    // == semantics: a NaN row matches nothing.
    let nan: Vec<bool> = match col.dtype().id() {
        TypeId::Float64 => col
            .host_values::<f64>()?
            .iter()
            .map(|v| v.is_nan())
            .collect(),
        TypeId::Float32 => col
            .host_values::<f32>()?
            .iter()
            .map(|v| v.is_nan())
            .collect(),
        _ => vec![false; col.size()],
    };
    let mut lookup: hashbrown::HashMap<&[u8], usize> = hashbrown::HashMap::new();
    for j in (0..old.size()).rev() {
        // Later duplicates lose to the first one, as a linear search would find.
        lookup.insert(keys.row(j).data(), j);
    }
    let n = col.size();
    let nulls = col.host_nulls()?;
    let out = (0..n)
        .map(|i| {
            if nulls.as_ref().is_some_and(|b| b.is_null(i)) {
                return i as i32;
            }
            match lookup.get(rows.row(i).data()) {
                // == semantics: NaN matches nothing.
                Some(&j) if !nan[i] => (n + j) as i32,
                _ => i as i32,
            }
        })
        .collect();
    Ok(host_map(out))
}

/// The values of a clamped fixed-width column of storage type `storage`, in one parallel
/// loop.
pub(super) fn clamp(
    col: &Column,
    storage: TypeId,
    (lo, hi): (&Scalar, &Scalar),
    (lo_r, hi_r): (&Scalar, &Scalar),
) -> Result<Buffer> {
    Ok(with_num_type!(storage, T => {
        let bound = |s: &Scalar| -> Result<Option<T>> {
            Ok(if s.is_valid()? { Some(s.as_column().host_values::<T>()?[0]) } else { None })
        };
        let (lo, hi) = (bound(lo)?, bound(hi)?);
        let (lo_r, hi_r) = (
            lo_r.as_column().host_values::<T>()?[0],
            hi_r.as_column().host_values::<T>()?[0],
        );
        let vals = col.host_values::<T>()?;
        // `hi` is tested first: when lo > hi a value can be on both sides and, as in the
        // composed path, the upper replacement wins. NaN compares false and stays.
        let out: Vec<T> = vals
            .par_iter()
            .map(|&v| match (lo, hi) {
                (_, Some(h)) if v > h => hi_r,
                (Some(l), _) if v < l => lo_r,
                _ => v,
            })
            .collect();
        Buffer::from_vec(out)
    }))
}

/// The values of a float column with -0.0 as +0.0 and every NaN canonical.
pub(super) fn normalize_nans_and_zeros(col: &Column) -> Result<Buffer> {
    Ok(if col.dtype().id() == TypeId::Float64 {
        Buffer::from_vec(
            col.host_values::<f64>()?
                .par_iter()
                .map(|&v| if v.is_nan() { f64::NAN } else { v + 0.0 })
                .collect::<Vec<_>>(),
        )
    } else {
        Buffer::from_vec(
            col.host_values::<f32>()?
                .par_iter()
                .map(|&v| if v.is_nan() { f32::NAN } else { v + 0.0 })
                .collect::<Vec<_>>(),
        )
    })
}

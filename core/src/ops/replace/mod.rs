//! pylibcudf's `replace` module: `replace_nulls`, `find_and_replace_all`, `clamp` and
//! `normalize_nans_and_zeros`, on the host and the device.
//!
//! Each public function checks its arguments here and decides once between the host path
//! ([`host`]) and the device path ([`device`]); the steps both paths share (a
//! `copy_if_else` or a gather through a row map, building the output column) are written
//! here once. Where no single-pass kernel exists (`clamp` of other types) the function
//! is composed of other families' operations, which decide for themselves.

mod device;
mod host;

use crate::binary_operator::BinaryOperator;
use crate::column::Column;
use crate::device::kernels::storage_id;
use crate::error::{Error, Result};
use crate::ops::binaryop::{Operand, binary_operation};
use crate::ops::concatenate::concatenate;
use crate::ops::copying::{Side, copy_if_else, write_rows_in_place};
use crate::ops::gather::{copy_rows, gather_internal, gather_internal_nullable, mask_copy};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId, fixed_width};

/// Where `replace_nulls` takes replacement values from.
#[derive(Clone, Copy)]
pub enum Replacement<'a> {
    /// Row i of a column of the same size.
    Column(&'a Column),
    /// One value (a null scalar leaves the column unchanged).
    Scalar(&'a Scalar),
    /// The nearest valid row before (`false`) or after (`true`) each null.
    Policy { following: bool },
}

fn check_type(what: &str, a: DataType, b: DataType) -> Result<()> {
    if a != b {
        return Err(Error::type_err(format!(
            "{what}: the column is {a} but the replacement is {b}"
        )));
    }
    Ok(())
}

/// Nulls of `col` replaced (see [`Replacement`]).
///
/// ```
/// use ferrodf_core::{column::Column, scalar::Scalar, ops::replace::*};
/// let c = Column::from_options(vec![Some(1i32), None, Some(3)]);
/// let r = replace_nulls(&c, Replacement::Scalar(&Scalar::from_native(0i32))).unwrap();
/// assert_eq!(r.host_values::<i32>().unwrap().to_vec(), vec![1, 0, 3]);
/// ```
pub fn replace_nulls(col: &Column, replacement: Replacement) -> Result<Column> {
    match replacement {
        Replacement::Column(r) => {
            check_type("replace_nulls", col.dtype(), r.dtype())?;
            if r.size() != col.size() {
                return Err(Error::value(format!(
                    "replace_nulls: the replacement has {} rows but the column has {}",
                    r.size(),
                    col.size()
                )));
            }
        }
        Replacement::Scalar(s) => check_type("replace_nulls", col.dtype(), s.dtype())?,
        Replacement::Policy { .. } => {}
    }
    let unchanged =
        !col.has_nulls()? || matches!(replacement, Replacement::Scalar(s) if !s.is_valid()?);
    if unchanged {
        return copy_rows(col);
    }
    if use_device()? {
        replace_with(
            col,
            replacement,
            device::validity_condition,
            device::nearest_valid_map,
        )
    } else {
        if let Some(out) = host::select_replacement(col, replacement)? {
            return Ok(out);
        }
        replace_with(
            col,
            replacement,
            host::validity_condition,
            host::nearest_valid_map,
        )
    }
}

/// The nulls of `col` replaced with the path's `validity` (the validity of `col` as a
/// BOOL8 column) and `nearest` (the nearest-valid-row map of a policy).
fn replace_with(
    col: &Column,
    replacement: Replacement,
    validity: fn(&Column) -> Result<Column>,
    nearest: fn(&Column, bool) -> Result<Column>,
) -> Result<Column> {
    match replacement {
        Replacement::Column(r) => copy_if_else(Side::Column(col), Side::Column(r), &validity(col)?),
        Replacement::Scalar(s) => copy_if_else(Side::Column(col), Side::Scalar(s), &validity(col)?),
        Replacement::Policy { following } => {
            gather_internal_nullable(col, &nearest(col, following)?)
        }
    }
}

/// Rows equal to `old[k]` replaced by `new[k]` (a null `new[k]` gives null); nulls stay.
pub fn find_and_replace_all(col: &Column, old: &Column, new: &Column) -> Result<Column> {
    check_type("find_and_replace_all", col.dtype(), old.dtype())?;
    check_type("find_and_replace_all", col.dtype(), new.dtype())?;
    if old.size() != new.size() {
        return Err(Error::value(format!(
            "find_and_replace_all: {} values to replace but {} replacements; they must match",
            old.size(),
            new.size()
        )));
    }
    if old.has_nulls()? {
        return Err(Error::value(
            "find_and_replace_all: the values to replace must not be null",
        ));
    }
    let n = col.size();
    if n == 0 || old.size() == 0 {
        return copy_rows(col);
    }
    let map = if use_device()? {
        device::find_replace_map(col, old)?
    } else {
        host::find_replace_map(col, old)?
    };
    gather_internal(&concatenate(&[col.clone(), new.clone()])?, &map)
}

/// Values below `lo` replaced by `lo_replace` (default `lo`), above `hi` by `hi_replace`
/// (default `hi`). A null bound means no bound on that side; nulls stay null.
pub fn clamp(
    col: &Column,
    lo: &Scalar,
    hi: &Scalar,
    lo_replace: Option<&Scalar>,
    hi_replace: Option<&Scalar>,
) -> Result<Column> {
    if lo_replace.is_some() != hi_replace.is_some() {
        return Err(Error::value(
            "clamp: give both lo_replace and hi_replace, or neither",
        ));
    }
    let lo_r = lo_replace.unwrap_or(lo);
    let hi_r = hi_replace.unwrap_or(hi);
    for s in [lo, hi, lo_r, hi_r] {
        if s.dtype() != col.dtype() {
            return Err(Error::type_err(format!(
                "clamp: the column is {} but a bound or replacement is {}",
                col.dtype(),
                s.dtype()
            )));
        }
    }
    // Numeric, timestamp, duration and DECIMAL32/64 columns with valid replacements are
    // clamped in one pass (one kernel on the device, one parallel loop on the host); other
    // types and null replacements are composed.
    if let Some(storage) = storage_id(col.dtype().id())
        && storage != TypeId::Bool8
        && lo_r.is_valid()?
        && hi_r.is_valid()?
    {
        let values = if use_device()? {
            device::clamp(col, storage, (lo, hi), (lo_r, hi_r))?
        } else {
            host::clamp(col, storage, (lo, hi), (lo_r, hi_r))?
        };
        return Column::new(
            col.dtype(),
            col.size(),
            Some(values),
            mask_copy(col)?,
            col.known_null_count(),
            0,
            vec![],
        );
    }
    // Other types: rows below `lo` become `lo_r`, then rows above `hi` become `hi_r`.
    let mut out = col.clone();
    for (bound, replacement, beyond) in [
        (lo, lo_r, BinaryOperator::Less),
        (hi, hi_r, BinaryOperator::Greater),
    ] {
        if bound.is_valid()? {
            let outside = binary_operation(
                Operand::Column(col),
                Operand::Scalar(bound),
                beyond,
                TypeId::Bool8.into(),
            )?;
            out = copy_if_else(Side::Scalar(replacement), Side::Column(&out), &outside)?;
        }
    }
    Ok(out)
}

/// -0.0 becomes +0.0 and every NaN the canonical NaN (floating-point columns).
pub fn normalize_nans_and_zeros(col: &Column) -> Result<Column> {
    let id = col.dtype().id();
    if !id.is_floating() {
        return Err(Error::type_err(format!(
            "normalize_nans_and_zeros needs a floating-point column, got {}",
            col.dtype()
        )));
    }
    let n = col.size();
    let data = if use_device()? {
        device::normalize_nans_and_zeros(col)?
    } else {
        host::normalize_nans_and_zeros(col)?
    };
    let mask = mask_copy(col)?;
    let nc = if mask.is_some() { col.null_count()? } else { 0 };
    Column::new(col.dtype(), n, Some(data), mask, Some(nc), 0, vec![])
}

/// [`normalize_nans_and_zeros`] written into the column's own memory.
pub fn normalize_nans_and_zeros_in_place(col: &Column) -> Result<()> {
    let out = normalize_nans_and_zeros(col)?;
    let w = fixed_width(col.dtype().id()).expect("float");
    let plain = Column::new(
        out.dtype(),
        out.size(),
        out.data().cloned(),
        None,
        Some(0),
        0,
        vec![],
    )?;
    // Only the values change; write them without touching the mask.
    let target = Column::new(
        col.dtype(),
        col.size(),
        col.data().cloned(),
        None,
        Some(0),
        col.offset(),
        vec![],
    )?;
    write_rows_in_place(&plain, &target, 0, w)
}

//! pylibcudf's `replace` module: `replace_nulls`, `find_and_replace_all`, `clamp` and
//! `normalize_nans_and_zeros`, on the host and the device.

use super::binaryop::{BinaryOperator, Operand, binary_operation};
use super::concatenate::concatenate;
use super::copying::{Side, copy_if_else, write_rows_in_place};
use super::gather::{
    NULL_ROW, copy_rows, device_map, gather_internal, gather_internal_nullable, host_map, mask_copy,
};
use super::numeric::with_num_type;
use super::select::{Choice, select_host};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::{movement as mv, scan as dscan, storage_id};
use crate::error::{Error, Result};
use crate::interop::arrow::to_arrow;
use crate::placement::{host_fallback, use_device};
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId, fixed_width};
use rayon::prelude::*;

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

/// The validity of `col` as a BOOL8 column (row valid = true), where the data lives.
fn validity_condition(col: &Column) -> Result<Column> {
    let n = col.size();
    if use_device()? {
        let ones = DeviceMemory::alloc(n)?;
        let rt = crate::device::runtime()?;
        if n > 0 {
            // SAFETY: `ones` holds n bytes.
            unsafe {
                cudarc::driver::result::memset_d8_async(ones.ptr(), 1, n, rt.stream().cu_stream())?
            };
        }
        return Column::new(
            TypeId::Bool8.into(),
            n,
            Some(Buffer::from_device(ones)),
            mask_copy(col)?,
            None,
            0,
            vec![],
        );
    }
    let nulls = col.host_nulls()?;
    let v: Vec<u8> = (0..n)
        .into_par_iter()
        .map(|i| nulls.as_ref().is_none_or(|b| b.is_valid(i)) as u8)
        .collect();
    Column::new(
        TypeId::Bool8.into(),
        n,
        Some(Buffer::from_vec(v)),
        None,
        Some(0),
        0,
        vec![],
    )
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
    if !use_device()? && fixed_width(col.dtype().id()).is_some() {
        let other = match replacement {
            Replacement::Column(r) => Some(Choice::column(r)),
            Replacement::Scalar(s) => Some(Choice::scalar(s.as_column())),
            Replacement::Policy { .. } => None,
        };
        if let Some(other) = other {
            let nulls = col.host_nulls()?.expect("has nulls");
            return select_host(col.dtype(), nulls.inner(), Choice::column(col), other);
        }
    }
    match replacement {
        Replacement::Column(r) => copy_if_else(
            Side::Column(col),
            Side::Column(r),
            &validity_condition(col)?,
        ),
        Replacement::Scalar(s) => copy_if_else(
            Side::Column(col),
            Side::Scalar(s),
            &validity_condition(col)?,
        ),
        Replacement::Policy { following } => {
            let n = col.size();
            let map = if use_device()? {
                let mask = col.mask().expect("has nulls").device_ptr()?;
                device_map(
                    mv::nearest_valid_map(mask, col.offset() as i64, n, following)?,
                    n,
                )?
            } else {
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
                host_map(out)
            };
            gather_internal_nullable(col, &map)
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
    let id = col.dtype().id();
    let map = if use_device()? && storage_id(id).is_some() {
        let st = storage_id(id).expect("checked");
        let w = fixed_width(id).expect("fixed");
        let data = col.data().expect("data").device_ptr()? + (col.offset() * w) as u64;
        let (m, off) = match col.mask() {
            Some(b) if col.null_count()? > 0 => (b.device_ptr()?, col.offset() as i64),
            _ => (0, 0),
        };
        let keys = old.data().expect("data").device_ptr()? + (old.offset() * w) as u64;
        device_map(
            dscan::find_replace_map(st, data, m, off, n, keys, old.size(), n as i64)?,
            n,
        )?
    } else if use_device()? && matches!(id, TypeId::String | TypeId::Decimal128) {
        joined_find_replace_map(col, old)?
    } else {
        if use_device()? {
            host_fallback(
                "replace.find_and_replace_all",
                &format!("{} columns", col.dtype()),
            )?;
        }
        host_find_replace_map(col, old)?
    };
    gather_internal(&concatenate(&[col.clone(), new.clone()])?, &map)
}

/// The find_and_replace_all row map from device operations, for keys the map kernel does
/// not compare (STRING, DECIMAL128): an inner join of the rows with the first occurrence of
/// each old value gives the matched rows, which are scattered over the identity map.
fn joined_find_replace_map(col: &Column, old: &Column) -> Result<Column> {
    use super::copying::{OutOfBoundsPolicy, Source, gather, scatter};
    use super::stream_compaction::{DuplicateKeepOption, distinct_indices};
    use crate::table::Table;
    let int32: DataType = TypeId::Int32.into();
    let n = col.size();
    // Later duplicates lose to the first one, as a linear search would find.
    let old_table = Table::new(vec![old.clone()])?;
    let first = distinct_indices(&old_table, DuplicateKeepOption::KeepFirst, true, true)?;
    let keys = gather(&old_table, &first, OutOfBoundsPolicy::DontCheck)?;
    // Null rows match nothing (nulls unequal), so they keep their row.
    let (rows, pos) = super::join::inner_join(&Table::new(vec![col.clone()])?, &keys, false)?;
    let k = gather(
        &Table::new(vec![first])?,
        &pos,
        OutOfBoundsPolicy::DontCheck,
    )?;
    let replacement = binary_operation(
        Operand::Column(&k.columns()[0]),
        Operand::Scalar(&Scalar::from_native(n as i32)),
        BinaryOperator::Add,
        int32,
    )?;
    let identity =
        super::filling::sequence(n, &Scalar::from_native(0i32), &Scalar::from_native(1i32))?;
    let map = scatter(
        Source::Table(&Table::new(vec![replacement])?),
        &rows,
        &Table::new(vec![identity])?,
    )?;
    Ok(map.columns()[0].clone())
}

fn host_find_replace_map(col: &Column, old: &Column) -> Result<Column> {
    use super::stream_compaction::normalize_float_keys;
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
    if let Some(out) = clamp_fixed(col, lo, hi, lo_r, hi_r)? {
        return Ok(out);
    }
    let bool8 = TypeId::Bool8.into();
    let mut out = col.clone();
    if lo.is_valid()? {
        let below = binary_operation(
            Operand::Column(col),
            Operand::Scalar(lo),
            BinaryOperator::Less,
            bool8,
        )?;
        out = copy_if_else(Side::Scalar(lo_r), Side::Column(&out), &below)?;
    }
    if hi.is_valid()? {
        let above = binary_operation(
            Operand::Column(col),
            Operand::Scalar(hi),
            BinaryOperator::Greater,
            bool8,
        )?;
        out = copy_if_else(Side::Scalar(hi_r), Side::Column(&out), &above)?;
    }
    Ok(out)
}

/// clamp of a numeric, timestamp, duration or DECIMAL32/64 column in one pass (one
/// kernel on the device, one parallel loop on the host); `None` for other types or a null
/// replacement (the composed path handles those).
fn clamp_fixed(
    col: &Column,
    lo: &Scalar,
    hi: &Scalar,
    lo_r: &Scalar,
    hi_r: &Scalar,
) -> Result<Option<Column>> {
    let Some(storage) = storage_id(col.dtype().id()) else {
        return Ok(None);
    };
    if !lo_r.is_valid()? || !hi_r.is_valid()? || storage == TypeId::Bool8 {
        return Ok(None);
    }
    if use_device()? {
        let width = fixed_width(storage).expect("numeric");
        let bits = |s: &Scalar| -> Result<u64> {
            let b = s
                .as_column()
                .data()
                .expect("numeric")
                .host_range(0, width)?;
            let mut v = [0u8; 8];
            v[..width].copy_from_slice(b.as_slice());
            Ok(u64::from_le_bytes(v))
        };
        let bound = |s: &Scalar| -> Result<Option<u64>> {
            if s.is_valid()? {
                bits(s).map(Some)
            } else {
                Ok(None)
            }
        };
        let bounds = dscan::ClampBounds {
            lo: bound(lo)?,
            hi: bound(hi)?,
            lo_replace: bits(lo_r)?,
            hi_replace: bits(hi_r)?,
        };
        let input = match col.data() {
            Some(d) if col.size() > 0 => d.device_ptr()? + (col.offset() * width) as u64,
            _ => 0,
        };
        let out = dscan::clamp(storage, input, col.size(), &bounds)?;
        return Ok(Some(Column::new(
            col.dtype(),
            col.size(),
            Some(Buffer::from_device(out)),
            mask_copy(col)?,
            col.known_null_count(),
            0,
            vec![],
        )?));
    }
    let values = with_num_type!(storage, T => {
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
    });
    Ok(Some(Column::new(
        col.dtype(),
        col.size(),
        Some(values),
        mask_copy(col)?,
        col.known_null_count(),
        0,
        vec![],
    )?))
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
    let w = fixed_width(id).expect("float");
    let data = if use_device()? {
        let src = match col.data() {
            Some(d) if n > 0 => d.device_ptr()? + (col.offset() * w) as u64,
            _ => 0,
        };
        Buffer::from_device(dscan::normalize_nans_and_zeros(id, src, n)?)
    } else if id == TypeId::Float64 {
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

//! pylibcudf's `filling` module: `fill`, `fill_in_place`, `sequence` and `repeat`, on the
//! host and the device.
//!
//! Each public function validates its arguments here and decides once between the host
//! path (`host.rs`: maps and sequences built with rayon, fixed-width repeats written
//! directly) and the device path (`device.rs`: sequences from the scan module, repeat maps
//! from `device/kernels/filling.rs`). `fill` and `repeat` then gather through the map
//! (`ops/gather.rs`).

mod device;
mod host;

use super::concatenate::concatenate;
use super::copying::{check_rows_in, write_rows_in_place};
use super::gather::{Bounds, gather_columns, gather_internal};
use super::null_mask::create_null_mask;
use super::numeric::{Num, with_num_type};
use crate::column::{Column, MAX_ROWS};
use crate::copy_options::MaskState;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{DataType, TypeId, check_same_type, fixed_width};

fn check_fill(what: &str, dest: &Column, begin: usize, end: usize, value: &Scalar) -> Result<()> {
    check_same_type(
        what,
        ("the value", value.dtype()),
        ("the column", dest.dtype()),
    )?;
    check_rows_in(what, "range", begin..end, dest)?;
    Ok(())
}

/// A copy of `dest` with rows `begin..end` set to `value` (null when the scalar is null).
///
/// ```
/// use ferrodf_core::{column::Column, scalar::Scalar, ops::filling::fill};
/// let c = fill(&Column::from_values(vec![1i32, 2, 3]), 1, 3, &Scalar::from_native(9i32)).unwrap();
/// assert_eq!(c.host_values::<i32>().unwrap().to_vec(), vec![1, 9, 9]);
/// ```
pub fn fill(dest: &Column, begin: usize, end: usize, value: &Scalar) -> Result<Column> {
    check_fill("fill", dest, begin, end, value)?;
    let n = dest.size();
    let map = if use_device()? {
        device::fill_map(n, begin, end)?
    } else {
        host::fill_map(n, begin, end)
    };
    gather_internal(
        &concatenate(&[dest.clone(), value.as_column().clone()])?,
        &map,
    )
}

/// [`fill`] written into `dest`'s own memory (fixed-width columns only). A null value
/// needs a column with a null mask.
pub fn fill_in_place(dest: &Column, begin: usize, end: usize, value: &Scalar) -> Result<()> {
    check_fill("fill_in_place", dest, begin, end, value)?;
    let width = fixed_width(dest.dtype().id()).ok_or_else(|| {
        Error::type_err(format!(
            "fill_in_place works on fixed-width columns only, got {}; use fill",
            dest.dtype()
        ))
    })?;
    if !value.is_valid()? && !dest.nullable() {
        return Err(Error::value(
            "fill_in_place: the value is null but the column has no null mask; use fill",
        ));
    }
    let filled = fill(&dest.slice(begin, end - begin)?, 0, end - begin, value)?;
    write_rows_in_place(&filled, dest, begin, width)
}

/// `size` values `init + i * step` of the scalars' numeric type (integers wrap).
pub fn sequence(size: usize, init: &Scalar, step: &Scalar) -> Result<Column> {
    let t = init.dtype();
    if step.dtype() != t {
        return Err(Error::value(format!(
            "sequence: init is {} but step is {}",
            t,
            step.dtype()
        )));
    }
    if !t.id().is_numeric() || t.id() == TypeId::Bool8 {
        return Err(Error::value(format!(
            "sequence needs a numeric type other than BOOL8, got {t}"
        )));
    }
    if !init.is_valid()? || !step.is_valid()? {
        return Err(Error::value(
            "sequence: init and step must be valid (not null)",
        ));
    }
    if size > MAX_ROWS {
        return Err(Error::overflow(format!(
            "sequence of {size} rows exceeds {MAX_ROWS}"
        )));
    }
    let data = if use_device()? {
        device::sequence(size, init, step)?
    } else {
        host::sequence(size, init, step)?
    };
    Column::without_nulls(t, size, data)
}

/// A column of `size` rows, each `value` (all null when the scalar is null): pylibcudf's
/// `Column.from_scalar`, libcudf's `make_column_from_scalar`.
///
/// On the device, fixed-width values of 1, 2, 4 or 8 bytes are written by one kernel from
/// the scalar's bits (so `-0.0` and NaN payloads survive); other types repeat the scalar's
/// one-row column. Nothing of `size` rows is built on the host.
///
/// ```
/// use ferrodf_core::{scalar::Scalar, ops::filling::column_from_scalar};
/// let c = column_from_scalar(&Scalar::from_native(-0.0f64), 3).unwrap();
/// let v = c.host_values::<f64>().unwrap().to_vec();
/// assert!(v.iter().all(|x| *x == 0.0 && x.is_sign_negative()));
/// ```
pub fn column_from_scalar(value: &Scalar, size: usize) -> Result<Column> {
    if size > MAX_ROWS {
        return Err(Error::overflow(format!(
            "a column of {size} rows exceeds the {MAX_ROWS} rows a column holds"
        )));
    }
    let t = value.dtype();
    if t.id() == TypeId::Empty {
        // Arrow's null type: no buffers, every row null
        return Column::new(t, size, None, None, Some(size), 0, vec![]);
    }
    if !value.is_valid()? && fixed_width(t.id()).is_some() {
        return all_null(t, size);
    }
    if use_device()? {
        if let Some(bits) = device::fill_bits(t.id()) {
            let data = device::filled_values(value, bits, size)?;
            return Column::without_nulls(t, size, data);
        }
    }
    let one = Table::new(vec![value.as_column().clone()])?;
    Ok(repeat(&one, RepeatCount::All(size))?
        .into_columns()
        .remove(0))
}

/// A column of `size` nulls of the fixed-width type `t` (zeroed values under an all-null
/// mask), allocated where columns are computed.
///
/// ```
/// use ferrodf_core::{TypeId, ops::filling::all_null};
/// let c = all_null(TypeId::Float64.into(), 4).unwrap();
/// assert_eq!(c.null_count().unwrap(), 4);
/// ```
pub fn all_null(t: DataType, size: usize) -> Result<Column> {
    let width = fixed_width(t.id()).ok_or_else(|| {
        Error::type_err(format!(
            "all_null builds fixed-width columns, not {t}; use column_from_scalar"
        ))
    })?;
    let data = if use_device()? {
        device::zeroed(size * width)?
    } else {
        crate::buffer::Buffer::zeroed(size * width)
    };
    let mask = create_null_mask(size, MaskState::AllNull)?;
    Column::new(t, size, Some(data), Some(mask), Some(size), 0, vec![])
}

/// How many times `repeat` repeats each row.
pub enum RepeatCount<'a> {
    /// Every row the same number of times.
    All(usize),
    /// Row i `counts[i]` times (a non-null integer column, one entry per row).
    PerRow(&'a Column),
}

/// Repeat counts after validation: every row `k` times, or row i `counts[i]` times (read
/// on the host, non-negative); with the number of output rows.
enum Repeats {
    /// Every row the same number of times.
    Uniform(usize),
    /// Row i `counts[i]` times.
    PerRow(Vec<i128>),
}

/// Each row repeated (see [`RepeatCount`]).
pub fn repeat(table: &Table, count: RepeatCount) -> Result<Table> {
    let n = table.num_rows();
    let (repeats, total) = match count {
        RepeatCount::All(k) => {
            let total = n.checked_mul(k).filter(|&t| t <= MAX_ROWS).ok_or_else(|| {
                Error::overflow(format!(
                    "repeat: {n} rows x {k} exceeds the {MAX_ROWS} rows a column holds"
                ))
            })?;
            (Repeats::Uniform(k), total)
        }
        RepeatCount::PerRow(counts) => {
            if !counts.dtype().id().is_integer() || counts.dtype().id() == TypeId::Bool8 {
                return Err(Error::type_err(format!(
                    "repeat counts must be integers, got {}",
                    counts.dtype()
                )));
            }
            if counts.size() != n {
                return Err(Error::value(format!(
                    "repeat: {} counts for {n} rows; they must match",
                    counts.size()
                )));
            }
            if counts.has_nulls()? {
                return Err(Error::value("repeat counts must not be null"));
            }
            // Counts are read on the host to validate them (negative or overflowing totals
            // are errors here, not undefined behaviour).
            let c: Vec<i128> = with_num_type!(counts.dtype().id(), S => {
                counts.host_values::<S>()?.iter().map(|v| v.to_i128()).collect()
            });
            if let Some(bad) = c.iter().find(|&&v| v < 0) {
                return Err(Error::value(format!(
                    "repeat counts must not be negative, got {bad}"
                )));
            }
            let total: i128 = c.iter().sum();
            if total > MAX_ROWS as i128 {
                return Err(Error::overflow(format!(
                    "repeat would give {total} rows, more than {MAX_ROWS}"
                )));
            }
            (Repeats::PerRow(c), total as usize)
        }
    };
    if use_device()? {
        device::repeat(table, &repeats, total)
    } else {
        host::repeat(table, &repeats, total)
    }
}

/// The rows of `table` gathered through a repeat map (whose size is the output's rows).
fn gather_repeated(table: &Table, map: &Column) -> Result<Table> {
    let total = map.size();
    let cols = gather_columns(table.columns(), table.num_rows(), map, Bounds::Trusted)?;
    if cols.is_empty() {
        return Ok(Table::empty_with_rows(total));
    }
    Table::new(cols)
}

/// `size` timestamps starting at `init`, each `months` calendar months after the one
/// before (libcudf's `calendrical_month_sequence`): row `i` is `init` plus `i * months`
/// months, with the day clamped to the month's last day as in
/// [`add_calendrical_months`](crate::ops::datetime::add_calendrical_months), so a
/// sequence from January 31 keeps landing on month ends.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::ops::filling::calendrical_month_sequence;
/// use ferrodf_core::scalar::Scalar;
/// use ferrodf_core::types::TypeId;
/// // 2024-01-31, in days since 1970
/// let v = Column::from_values(vec![19_753i32]);
/// let c = Column::new(TypeId::TimestampDays.into(), 1, v.data().cloned(), None, Some(0), 0, vec![]).unwrap();
/// let s = calendrical_month_sequence(3, &Scalar::from_column(c).unwrap(), 1).unwrap();
/// // 2024-01-31, 2024-02-29, 2024-03-31
/// assert_eq!(s.host_values::<i32>().unwrap().to_vec(), vec![19_753, 19_782, 19_813]);
/// ```
pub fn calendrical_month_sequence(size: usize, init: &Scalar, months: i64) -> Result<Column> {
    if !init.dtype().id().is_timestamp() {
        return Err(Error::type_err(format!(
            "calendrical_month_sequence needs a TIMESTAMP scalar, got {}",
            init.dtype()
        )));
    }
    if !init.is_valid()? {
        return Err(Error::value(
            "calendrical_month_sequence: init must be valid (not null)",
        ));
    }
    let steps = sequence(
        size,
        &Scalar::from_native(0i64),
        &Scalar::from_native(months),
    )?;
    let base = column_from_scalar(init, size)?;
    crate::ops::datetime::add_calendrical_months(
        &base,
        crate::ops::datetime::Months::Column(&steps),
    )
}

/// A column of `size` nulls of `like`'s type, nested types included (pylibcudf's
/// `Column.all_null_like`): strings and lists get empty rows (zero offsets of `like`'s
/// offsets width), structs children of nulls, dictionaries null indices over `like`'s
/// keys. Allocated where columns are computed.
///
/// ```
/// use ferrodf_core::{column::Column, ops::filling::all_null_like};
/// let like = Column::from_values(vec![1.5f64, 2.5]);
/// let c = all_null_like(&like, 3).unwrap();
/// assert_eq!((c.size(), c.null_count().unwrap()), (3, 3));
/// ```
pub fn all_null_like(like: &Column, size: usize) -> Result<Column> {
    if size > MAX_ROWS {
        return Err(Error::overflow(format!(
            "all_null_like: {size} rows exceed {MAX_ROWS}"
        )));
    }
    let t = like.dtype();
    let zeroed = |bytes: usize| -> Result<crate::buffer::Buffer> {
        if use_device()? {
            device::zeroed(bytes)
        } else {
            Ok(crate::buffer::Buffer::zeroed(bytes))
        }
    };
    let mask = || create_null_mask(size, MaskState::AllNull);
    match t.id() {
        TypeId::Empty => Column::new(t, size, None, None, Some(size), 0, vec![]),
        id if id.is_fixed_width() => all_null(t, size),
        TypeId::String | TypeId::List => {
            let wide = like
                .children()
                .first()
                .is_some_and(|o| o.dtype().id() == TypeId::Int64);
            let (offsets_type, width) = if wide {
                (TypeId::Int64, 8)
            } else {
                (TypeId::Int32, 4)
            };
            let offsets =
                Column::without_nulls(offsets_type.into(), size + 1, zeroed((size + 1) * width)?)?;
            if t.id() == TypeId::String {
                let chars = Some(zeroed(0)?);
                Column::new(t, size, chars, Some(mask()?), Some(size), 0, vec![offsets])
            } else {
                let child = super::copying::empty_like(&like.children()[1])?;
                Column::new(
                    t,
                    size,
                    None,
                    Some(mask()?),
                    Some(size),
                    0,
                    vec![offsets, child],
                )
            }
        }
        TypeId::Struct => {
            let children = like
                .children()
                .iter()
                .map(|c| all_null_like(c, size))
                .collect::<Result<Vec<_>>>()?;
            Column::new(t, size, None, Some(mask()?), Some(size), 0, children)
        }
        _ => {
            // DICTIONARY32: null indices over the same keys.
            let indices = all_null_like(&like.children()[0], size)?;
            let keys = like.children()[1].clone();
            Column::new(
                t,
                size,
                None,
                Some(mask()?),
                Some(size),
                0,
                vec![indices, keys],
            )
        }
    }
}

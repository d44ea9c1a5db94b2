//! pylibcudf's `strings.convert` modules: strings to and from numbers, booleans and URL
//! encoding, one file per pylibcudf module.
//!
//! Where libcudf leaves a malformed row's result undefined (its parsers read up to the
//! first unexpected character and wrap on overflow), ferrodf makes the row null: a value
//! in an output always is what its string says, and `to_*` gives a null exactly where the
//! matching `is_*` says false. Valid rows give libcudf's (and pyarrow's) values.

pub mod convert_booleans;
pub mod convert_datetime;
pub mod convert_durations;
pub mod convert_fixed_point;
pub mod convert_floats;
pub mod convert_integers;
pub mod convert_ipv4;
pub mod convert_lists;
pub mod convert_urls;

use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::numeric::host_column;
use crate::types::{DataType, TypeId};

/// `TypeError` unless `col` has a type that `ok` accepts (`what` names the expected types).
pub(crate) fn check_type(
    col: &Column,
    ok: impl Fn(TypeId) -> bool,
    function: &str,
    what: &str,
) -> Result<()> {
    check_dtype(col.dtype(), ok, function, what)
}

/// `TypeError` unless `ok` accepts `dtype` (`what` names the expected types).
pub(crate) fn check_dtype(
    dtype: DataType,
    ok: impl Fn(TypeId) -> bool,
    function: &str,
    what: &str,
) -> Result<()> {
    if !ok(dtype.id()) {
        return Err(Error::type_err(format!(
            "strings.{function}: expected {what}, got {dtype}"
        )));
    }
    Ok(())
}

/// A host column of `dtype` from `values`, null where `valid` is false.
pub(crate) fn host_values_column<T: arrow_buffer::ArrowNativeType>(
    dtype: DataType,
    values: Vec<T>,
    valid: &[bool],
) -> Result<Column> {
    let (mask, nulls) = super::mask_of(valid);
    let n = values.len();
    let data = Some(Buffer::from_vec(values));
    Column::new(dtype, n, data, mask, Some(nulls), 0, vec![])
}

/// A host BOOL8 column of `flags` with `like`'s validity (the `is_*` functions).
pub(crate) fn host_flags(like: &Column, flags: Vec<bool>) -> Result<Column> {
    let v: Vec<u8> = flags.into_iter().map(u8::from).collect();
    host_column(like, TypeId::Bool8.into(), v)
}

/// A STRING column with `col`'s rows and validity on the host: `f(i, out)` appends valid
/// row i's text (the `from_*` formatters).
pub(crate) fn format_rows(col: &Column, f: impl Fn(usize, &mut Vec<u8>) + Sync) -> Result<Column> {
    let nulls = col.host_nulls()?;
    let (chars, ends, _) = super::build_rows(col.size(), |i, out| {
        if nulls.as_ref().is_none_or(|nb| nb.is_valid(i)) {
            f(i, out);
        }
        true
    });
    let (mask, nulls) = crate::ops::numeric::host_mask_copy(col)?;
    super::host_string_column(chars, ends, mask, nulls)
}

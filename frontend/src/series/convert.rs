//! `astype` between strings and other types, as pandas converts them: strings to numbers
//! and timestamps must all parse (ValueError naming the first that does not), integers and
//! booleans become their Python `str()` text, and an empty or all-missing column takes
//! any type. The conversions are the core's `strings.convert` functions.

use ferrodf_core::interop::arrow::to_arrow;
use ferrodf_core::ops::filling::all_null;
use ferrodf_core::ops::stream_compaction::{apply_boolean_mask, drop_nulls};
use ferrodf_core::ops::strings::convert::convert_booleans::from_booleans;
use ferrodf_core::ops::strings::convert::convert_datetime::to_timestamps;
use ferrodf_core::ops::strings::convert::convert_floats::to_floats;
use ferrodf_core::ops::strings::convert::convert_integers::{from_integers, to_integers};
use ferrodf_core::{Column, DataType, Error, Result, Table, TypeId};

use crate::compute::Value;

/// `column` converted to `target` where one side is a string (or the column holds no valid
/// value); `None` when the plain cast applies.
pub(super) fn convert(column: &Column, target: DataType) -> Result<Option<Column>> {
    let (from, to) = (column.dtype().id(), target.id());
    if column.size() == column.null_count()? && from != to {
        return Ok(Some(all_null(target, column.size())?));
    }
    let converted = match (from, to) {
        (TypeId::String, t) if t.is_integer() => {
            parsed(column, to_integers(column, target)?, "an integer")?
        }
        (TypeId::String, TypeId::Float32 | TypeId::Float64) => {
            parsed(column, to_floats(column, target)?, "a number")?
        }
        (TypeId::String, t) if t.is_timestamp() => {
            let format = timestamp_format(column)?;
            parsed(
                column,
                to_timestamps(column, target, &format)?,
                "a date-time",
            )?
        }
        (f, TypeId::String) if f.is_integer() => from_integers(column)?,
        (TypeId::Bool8, TypeId::String) => from_booleans(
            column,
            &Value::string_scalar("True")?,
            &Value::string_scalar("False")?,
        )?,
        _ => return Ok(None),
    };
    Ok(Some(converted))
}

/// `out`, unless a valid string of `input` gave no value (it does not spell `what`):
/// then pandas' ValueError naming that string.
fn parsed(input: &Column, out: Column, what: &str) -> Result<Column> {
    if out.null_count()? == input.null_count()? {
        return Ok(out);
    }
    // the first string that did not parse, for the message
    let failed = ferrodf_core::ops::unary::is_null(&out)?;
    let rows = apply_boolean_mask(&Table::new(vec![input.clone()])?, &failed)?;
    let bad = first_string(&drop_nulls(&rows, &[0], 1)?.columns()[0])?.unwrap_or_default();
    Err(Error::value(format!(
        "could not convert string to {what}: {bad:?}; clean the values first (the .str \
         methods), then astype"
    )))
}

/// The first string of a STRING column (read to the host: one value, for a message or a
/// format).
fn first_string(column: &Column) -> Result<Option<String>> {
    if column.size() == 0 {
        return Ok(None);
    }
    let array = to_arrow(&column.slice(0, 1)?)?;
    Ok(array
        .as_any()
        .downcast_ref::<arrow_array::StringArray>()
        .and_then(|a| a.iter().next().flatten().map(str::to_string)))
}

/// The strftime format of the first valid string (pandas infers the format from the first
/// value too): ISO 8601 dates, with a time after `T` or a space, seconds optional, and 3, 6
/// or 9 fraction digits.
fn timestamp_format(column: &Column) -> Result<String> {
    let valid = drop_nulls(&Table::new(vec![column.clone()])?, &[0], 1)?;
    let Some(first) = first_string(&valid.columns()[0])? else {
        return Ok("%Y-%m-%d".into());
    };
    let unsupported = || {
        Error::value(format!(
            "could not infer the date-time format of {first:?}: astype reads ISO 8601 \
             (2024-06-30, 2024-06-30 12:00:00, 2024-06-30T12:00:00.123); parse other formats \
             with .str and plc.strings.convert.convert_datetime.to_timestamps"
        ))
    };
    let bytes = first.as_bytes();
    if bytes.len() == 10 {
        return Ok("%Y-%m-%d".into());
    }
    if bytes.len() < 16 || !matches!(bytes[10], b'T' | b' ') {
        return Err(unsupported());
    }
    let sep = bytes[10] as char;
    let time = &first[11..];
    let format = match time.len() {
        5 => "%H:%M".to_string(),
        8 => "%H:%M:%S".to_string(),
        n if n > 9 && time.as_bytes()[8] == b'.' && matches!(n - 9, 3 | 6 | 9) => {
            format!("%H:%M:%S.%{}f", n - 9)
        }
        _ => return Err(unsupported()),
    };
    Ok(format!("%Y-%m-%d{sep}{format}"))
}

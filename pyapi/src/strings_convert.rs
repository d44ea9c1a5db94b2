//! `plc.strings.convert` bindings: `convert_integers`, `convert_floats`,
//! `convert_booleans`, `convert_urls`, `convert_ipv4`, `convert_datetime`,
//! `convert_durations`, `convert_fixed_point` and `convert_lists`.

use crate::args::{add_functions, column_fns, plc_fn};
use crate::column::PyColumn;
use crate::errors::run;
use crate::scalar::PyScalar;
use crate::strings::scalar_arg;
use crate::types::PyDataType;
use ferrodf_core::ops::strings::convert::{
    convert_booleans, convert_datetime, convert_durations, convert_fixed_point, convert_floats,
    convert_integers, convert_ipv4, convert_lists, convert_urls,
};
use pyo3::prelude::*;

column_fns! {
    /// Every integer row in decimal.
    from_integers = convert_integers::from_integers;
    /// BOOL8: whether each row is hex.
    is_hex = convert_integers::is_hex;
    /// Every integer row as upper-case hex of its bytes.
    integers_to_hex = convert_integers::integers_to_hex;
    /// Every float row as pyarrow's cast writes it.
    from_floats = convert_floats::from_floats;
    /// BOOL8: whether each row is a float literal.
    is_float = convert_floats::is_float;
    /// Percent-encoding of every byte but the unreserved ones.
    url_encode = convert_urls::url_encode;
    /// Percent-decoding (null where the bytes are not UTF-8).
    url_decode = convert_urls::url_decode;
    /// UINT32: every row's IPv4 address.
    ipv4_to_integers = convert_ipv4::ipv4_to_integers;
    /// BOOL8: whether each row is an IPv4 address.
    is_ipv4 = convert_ipv4::is_ipv4;
    /// Every DECIMAL row as text.
    from_fixed_point = convert_fixed_point::from_fixed_point;
}

plc_fn! {
    /// Every list row written as text (`[a,b]`).
    fn format_list_column(
        py,
        input: PyColumn,
        na_rep: Option<PyScalar> = None,
        separators: Option<PyColumn> = None,
    ) [stream, mr] -> PyColumn {
        run(py, move || {
            convert_lists::format_list_column(
                &input.0,
                na_rep.as_ref().map(|s| &s.0),
                separators.as_ref().map(|c| &c.0),
            )
        })
        .map(PyColumn)
    }

    /// The timestamps the rows spell in `format` (null where they do not).
    fn to_timestamps(py, input: PyColumn, timestamp_type: PyDataType, format: String)
        [stream, mr] -> PyColumn
    {
        run(py, move || convert_datetime::to_timestamps(&input.0, timestamp_type.0, &format))
            .map(PyColumn)
    }

    /// Every timestamp as `format` writes it.
    fn from_timestamps(py, timestamps: PyColumn, format: String, input_strings_names: PyColumn)
        [stream, mr] -> PyColumn
    {
        run(py, move || {
            convert_datetime::from_timestamps(&timestamps.0, &format, &input_strings_names.0)
        })
        .map(PyColumn)
    }

    /// BOOL8: whether each row matches `format`.
    fn is_timestamp(py, input: PyColumn, format: String) [stream, mr] -> PyColumn {
        run(py, move || convert_datetime::is_timestamp(&input.0, &format)).map(PyColumn)
    }

    /// The durations the rows spell in `format` (null where they do not).
    fn to_durations(py, input: PyColumn, duration_type: PyDataType, format: String)
        [stream, mr] -> PyColumn
    {
        run(py, move || convert_durations::to_durations(&input.0, duration_type.0, &format))
            .map(PyColumn)
    }

    /// Every duration as `format` writes it (libcudf's default `%D days %H:%M:%S`).
    fn from_durations(py, durations: PyColumn, format: Option<String> = None) [stream, mr]
        -> PyColumn
    {
        let format = format.unwrap_or_else(|| "%D days %H:%M:%S".to_string());
        run(py, move || convert_durations::from_durations(&durations.0, &format)).map(PyColumn)
    }

    /// The decimals the rows spell, truncated to the type's scale (null where they do not).
    fn to_fixed_point(py, input: PyColumn, output_type: PyDataType) [stream, mr] -> PyColumn {
        run(py, move || convert_fixed_point::to_fixed_point(&input.0, output_type.0))
            .map(PyColumn)
    }

    /// BOOL8: whether each row is a decimal number that fits `decimal_type`.
    fn is_fixed_point(py, input: PyColumn, decimal_type: Option<PyDataType> = None)
        [stream, mr] -> PyColumn
    {
        run(py, move || convert_fixed_point::is_fixed_point(&input.0, decimal_type.map(|t| t.0)))
            .map(PyColumn)
    }

    /// Every UINT32 (or INT64) row as `a.b.c.d`.
    fn integers_to_ipv4(py, integers: PyColumn) [stream, mr] -> PyColumn {
        run(py, move || convert_ipv4::integers_to_ipv4(&integers.0)).map(PyColumn)
    }
}

plc_fn! {
    /// The integers the rows spell in decimal (null where they do not).
    fn to_integers(py, input: PyColumn, output_type: PyDataType) [stream, mr] -> PyColumn {
        run(py, move || convert_integers::to_integers(&input.0, output_type.0)).map(PyColumn)
    }

    /// BOOL8: whether each row is a decimal integer (that fits `int_type`).
    fn is_integer(py, input: PyColumn, int_type: Option<PyDataType> = None) [stream, mr]
        -> PyColumn
    {
        run(py, move || convert_integers::is_integer(&input.0, int_type.map(|t| t.0)))
            .map(PyColumn)
    }

    /// The integers the rows spell in hex (null where they do not).
    fn hex_to_integers(py, input: PyColumn, output_type: PyDataType) [stream, mr] -> PyColumn {
        run(py, move || convert_integers::hex_to_integers(&input.0, output_type.0))
            .map(PyColumn)
    }

    /// The floats the rows spell (null where they do not).
    fn to_floats(py, strings: PyColumn, output_type: PyDataType) [stream, mr] -> PyColumn {
        run(py, move || convert_floats::to_floats(&strings.0, output_type.0)).map(PyColumn)
    }

    /// BOOL8: whether each row equals `true_string`.
    fn to_booleans(py, input: PyColumn, true_string: &Bound<'_, PyAny>) [stream, mr]
        -> PyColumn
    {
        const NAME: &str = "convert_booleans.to_booleans";
        let t = scalar_arg(true_string, NAME, "true_string")?;
        run(py, move || convert_booleans::to_booleans(&input.0, &t.0)).map(PyColumn)
    }

    /// Every BOOL8 row as `true_string` or `false_string`.
    fn from_booleans(
        py,
        booleans: PyColumn,
        true_string: &Bound<'_, PyAny>,
        false_string: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyColumn {
        const NAME: &str = "convert_booleans.from_booleans";
        let t = scalar_arg(true_string, NAME, "true_string")?;
        let f = scalar_arg(false_string, NAME, "false_string")?;
        run(py, move || convert_booleans::from_booleans(&booleans.0, &t.0, &f.0))
            .map(PyColumn)
    }
}

/// Add these bindings to the extension module's `strings`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        to_integers,
        from_integers,
        is_integer,
        hex_to_integers,
        is_hex,
        integers_to_hex,
        to_floats,
        from_floats,
        is_float,
        to_booleans,
        from_booleans,
        url_encode,
        url_decode,
        ipv4_to_integers,
        integers_to_ipv4,
        is_ipv4,
        to_timestamps,
        from_timestamps,
        is_timestamp,
        format_list_column,
        to_durations,
        from_durations,
        to_fixed_point,
        from_fixed_point,
        is_fixed_point,
    )
}

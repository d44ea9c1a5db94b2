//! Cell text for values, formatted as pandas formats them: `<NA>` for nulls, floats with a
//! shared number of decimals, `True`/`False`, timestamps with a space.

use arrow_array::Array;
use arrow_array::cast::AsArray;
use arrow_array::types::{Float32Type, Float64Type};
use arrow_cast::display::{ArrayFormatter, FormatOptions};
use arrow_schema::DataType as ArrowType;
use ferrodf_core::Result;

/// What a null shows as (cuDF's and pandas' nullable dtypes' marker).
pub const NULL_TEXT: &str = "<NA>";

/// One string per value of `array`.
pub fn format_array(array: &dyn Array, precision: usize) -> Result<Vec<String>> {
    let n = array.len();
    match array.data_type() {
        ArrowType::Float64 => {
            let a = array.as_primitive::<Float64Type>();
            Ok(format_floats(
                &(0..n)
                    .map(|i| a.is_valid(i).then(|| a.value(i)))
                    .collect::<Vec<_>>(),
                precision,
            ))
        }
        ArrowType::Float32 => {
            let a = array.as_primitive::<Float32Type>();
            Ok(format_floats(
                &(0..n)
                    .map(|i| a.is_valid(i).then(|| a.value(i) as f64))
                    .collect::<Vec<_>>(),
                precision,
            ))
        }
        ArrowType::Boolean => {
            let a = array.as_boolean();
            Ok((0..n)
                .map(|i| match a.is_valid(i).then(|| a.value(i)) {
                    None => NULL_TEXT.to_string(),
                    Some(true) => "True".to_string(),
                    Some(false) => "False".to_string(),
                })
                .collect())
        }
        dt => {
            let options = FormatOptions::default().with_null(NULL_TEXT);
            let formatter = ArrayFormatter::try_new(array, &options)?;
            let is_time = matches!(
                dt,
                ArrowType::Timestamp(..) | ArrowType::Date32 | ArrowType::Date64
            );
            Ok((0..n)
                .map(|i| {
                    let s = formatter.value(i).to_string();
                    if is_time && array.is_valid(i) {
                        s.replacen('T', " ", 1)
                    } else {
                        s
                    }
                })
                .collect())
        }
    }
}

/// Floats as pandas shows a column of them: one number of decimals for the whole column
/// (the fewest that show every value to `precision` digits, at least one), or scientific
/// notation when a value is too large or too small for that.
pub fn format_floats(values: &[Option<f64>], precision: usize) -> Vec<String> {
    let finite = values.iter().flatten().filter(|v| v.is_finite());
    let scientific = finite.clone().any(|v| {
        let a = v.abs();
        a >= 1e16 || (a != 0.0 && a < 10f64.powi(-(precision as i32)))
    });
    let decimals = if scientific {
        precision
    } else {
        finite
            .map(|v| {
                let s = format!("{v:.precision$}");
                let frac = s.split('.').nth(1).unwrap_or("");
                frac.trim_end_matches('0').len()
            })
            .max()
            .unwrap_or(1)
            .max(1)
    };
    values
        .iter()
        .map(|v| match v {
            None => NULL_TEXT.to_string(),
            Some(v) if v.is_nan() => "NaN".to_string(),
            Some(v) if v.is_infinite() => (if *v > 0.0 { "inf" } else { "-inf" }).to_string(),
            Some(v) if scientific => python_exponent(&format!("{v:.decimals$e}")),
            Some(v) => format!("{v:.decimals$}"),
        })
        .collect()
}

/// Rust's `1.5e-7` as Python's `1.5e-07`.
fn python_exponent(s: &str) -> String {
    match s.split_once('e') {
        Some((mantissa, exp)) => {
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exp),
            };
            format!("{mantissa}e{sign}{digits:0>2}")
        }
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_share_decimals() {
        let v = format_floats(&[Some(1.0), Some(2.25), None, Some(f64::NAN)], 6);
        assert_eq!(v, ["1.00", "2.25", "<NA>", "NaN"]);
        assert_eq!(format_floats(&[Some(3.0)], 6), ["3.0"]);
        assert_eq!(
            format_floats(&[Some(1e20), Some(1.0)], 6),
            ["1.000000e+20", "1.000000e+00"]
        );
        assert_eq!(format_floats(&[Some(1.0 / 3.0)], 6), ["0.333333"]);
    }
}

//! pylibcudf's `strings.convert.convert_booleans`.

use super::super::{check_strings, scalar_bytes};
use super::{check_type, format_rows};
use crate::binary_operator::BinaryOperator;
use crate::column::Column;
use crate::device::kernels::strings_convert as dev;
use crate::error::{Error, Result};
use crate::ops::binaryop::{Operand, binary_operation};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::TypeId;

/// BOOL8: whether each row equals `true_string` (a valid, non-empty string, `ValueError`
/// otherwise); every other row is false, as in libcudf (pyarrow's cast instead takes
/// true/false/1/0 in any case and fails on anything else). Null rows stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_booleans::to_booleans;
/// use ferrodf_core::scalar::Scalar;
/// let t = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec!["yes"])).unwrap()).unwrap();
/// let c = from_arrow(&arrow_array::StringArray::from(vec![Some("yes"), Some("no"), None])).unwrap();
/// let r = to_arrow(&to_booleans(&c, &t).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::BooleanArray>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some(true), Some(false), None]);
/// ```
pub fn to_booleans(input: &Column, true_string: &Scalar) -> Result<Column> {
    const NAME: &str = "convert_booleans.to_booleans";
    check_strings(input, NAME, "input")?;
    if scalar_bytes(true_string, NAME, "true_string")?.is_empty() {
        return Err(Error::value(format!(
            "strings.{NAME}: true_string must not be empty"
        )));
    }
    binary_operation(
        Operand::Column(input),
        Operand::Scalar(true_string),
        BinaryOperator::Equal,
        TypeId::Bool8.into(),
    )
}

/// Every row of a BOOL8 column as `true_string` or `false_string` (valid strings,
/// `ValueError` otherwise); nulls stay null.
pub fn from_booleans(
    booleans: &Column,
    true_string: &Scalar,
    false_string: &Scalar,
) -> Result<Column> {
    const NAME: &str = "convert_booleans.from_booleans";
    check_type(booleans, |t| t == TypeId::Bool8, NAME, "a BOOL8 column")?;
    let t = scalar_bytes(true_string, NAME, "true_string")?;
    let f = scalar_bytes(false_string, NAME, "false_string")?;
    if use_device()? {
        return dev::from_booleans(booleans, &t, &f);
    }
    let v = booleans.host_values::<u8>()?;
    format_rows(booleans, |i, out| {
        out.extend_from_slice(if v[i] != 0 { &t } else { &f });
    })
}

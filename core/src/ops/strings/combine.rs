//! pylibcudf's `strings.combine.concatenate` (pandas' `str.cat` of several columns) and
//! `SeparatorOnNulls`. `join_strings` and `join_list_elements` are in [`super::join`].

use super::{HostStrs, build_rows, check_strings, host_string_column, mask_of, scalar_bytes};
use crate::column::Column;
use crate::device::kernels::strings as dev;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::TypeId;

/// The separator of [`concatenate`]: one string, or a column row by row.
#[derive(Clone, Copy)]
pub enum Separator<'a> {
    /// The same (valid) separator for every row.
    Scalar(&'a Scalar),
    /// Row i's separator for row i (a null row uses `narep`, see [`concatenate`]).
    Column(&'a Column),
}

/// The bytes of an optional replacement scalar: None for None or a null scalar.
fn opt_bytes(s: Option<&Scalar>, what: &str) -> Result<Option<Vec<u8>>> {
    match s {
        Some(s) if s.is_valid()? => scalar_bytes(s, "combine.concatenate", what).map(Some),
        Some(s) if s.dtype().id() != TypeId::String => Err(Error::type_err(format!(
            "strings.combine.concatenate: {what} must be a STRING scalar, got {}",
            s.dtype()
        ))),
        _ => Ok(None),
    }
}

/// Join the rows of `strings_columns` side by side with `separator`.
///
/// With a scalar separator, `narep` replaces null entries; without a valid `narep` a row
/// with a null entry is null, and `col_narep` must be None. With a column separator,
/// `narep` replaces null separator rows (a null separator row without it gives a null
/// row) and `col_narep` replaces null entries (without it a null entry gives a null
/// row). When nulls are replaced, `separate_nulls = false` leaves null entries out
/// altogether (with their separator) instead of writing the replacement.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::combine::{concatenate, Separator};
/// use ferrodf_core::scalar::Scalar;
/// use ferrodf_core::table::Table;
/// let s = |v: &str| Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![v])).unwrap()).unwrap();
/// let a = from_arrow(&arrow_array::StringArray::from(vec![Some("a"), None])).unwrap();
/// let b = from_arrow(&arrow_array::StringArray::from(vec!["b", "c"])).unwrap();
/// let t = Table::new(vec![a, b]).unwrap();
/// let r = concatenate(&t, Separator::Scalar(&s("-")), Some(&s("?")), None, true).unwrap();
/// let r = to_arrow(&r).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!((r.value(0), r.value(1)), ("a-b", "?-c"));
/// ```
pub fn concatenate(
    strings_columns: &Table,
    separator: Separator,
    narep: Option<&Scalar>,
    col_narep: Option<&Scalar>,
    separate_nulls: bool,
) -> Result<Column> {
    const NAME: &str = "combine.concatenate";
    let cols = strings_columns.columns();
    if cols.is_empty() {
        return Err(Error::value(
            "strings.combine.concatenate: the table has no columns; pass at least one",
        ));
    }
    for c in cols {
        check_strings(c, NAME, "every column of strings_columns")?;
    }
    let n = strings_columns.num_rows();
    let narep = opt_bytes(narep, "narep")?;
    let scalar_sep;
    let (sep_col, sep_scalar, sep_narep, col_narep) = match separator {
        Separator::Scalar(s) => {
            scalar_bytes(s, NAME, "separator")?;
            if col_narep.is_some() {
                return Err(Error::value(
                    "strings.combine.concatenate: col_narep needs a column separator; with a \
                     scalar separator pass narep",
                ));
            }
            scalar_sep = s.as_column().clone();
            (&scalar_sep, true, None, narep)
        }
        Separator::Column(c) => {
            check_strings(c, NAME, "separator")?;
            if c.size() != n {
                return Err(Error::value(format!(
                    "strings.combine.concatenate: the separator column has {} rows but the \
                     table has {n}",
                    c.size()
                )));
            }
            (c, false, narep, opt_bytes(col_narep, "col_narep")?)
        }
    };
    if use_device()? {
        return dev::concat(
            cols,
            (sep_col, sep_scalar),
            sep_narep.as_deref(),
            col_narep.as_deref(),
            separate_nulls,
        );
    }
    let hs = cols.iter().map(HostStrs::of).collect::<Result<Vec<_>>>()?;
    let sep = HostStrs::of(sep_col)?;
    let (chars, ends, valid) = build_rows(n, |i, out| {
        let si = if sep_scalar { 0 } else { i };
        let s: &[u8] = if sep.valid(si) {
            sep.get(si).as_bytes()
        } else {
            match &sep_narep {
                Some(b) => b,
                None => return false,
            }
        };
        if col_narep.is_none() && hs.iter().any(|h| !h.valid(i)) {
            return false;
        }
        let mut first = true;
        for h in &hs {
            let p: &[u8] = match h.opt(i) {
                Some(v) => v.as_bytes(),
                None if separate_nulls => col_narep.as_deref().expect("checked above"),
                None => continue,
            };
            if !first {
                out.extend_from_slice(s);
            }
            out.extend_from_slice(p);
            first = false;
        }
        true
    });
    // Null rows return before writing, so they hold no bytes.
    let (mask, nulls) = mask_of(&valid);
    host_string_column(chars, ends, mask, nulls)
}

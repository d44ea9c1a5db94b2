//! pylibcudf's `nvtext.replace`: `replace_tokens` and `filter_tokens`.

use super::{char_tokens, check_strings, delimiter_chars, string_arg};
use crate::column::Column;
use crate::device::kernels::nvtext as dev;
use crate::error::{Error, Result};
use crate::ops::nvtext::tokenize::codes;
use crate::ops::strings::{HostStrs, map_rows};
use crate::placement::use_device;
use crate::scalar::Scalar;
use std::collections::HashMap;

/// Copy `s` into `out` with every token (see [`char_tokens`]) passed through `f`, which
/// gives its replacement or None to keep it; the delimiters between tokens stay.
fn edit_tokens<'b>(
    s: &str,
    delims: &[char],
    out: &mut Vec<u8>,
    f: impl Fn(&str) -> Option<&'b [u8]>,
) {
    let mut last = 0;
    for (a, b) in char_tokens(s, delims) {
        out.extend_from_slice(&s.as_bytes()[last..a]);
        match f(&s[a..b]) {
            Some(r) => out.extend_from_slice(r),
            None => out.extend_from_slice(&s.as_bytes()[a..b]),
        }
        last = b;
    }
    out.extend_from_slice(&s.as_bytes()[last..]);
}

/// The rows of a STRING column without nulls (`ValueError` when it has some).
fn rows_of(col: &Column, function: &str, what: &str) -> Result<Vec<Vec<u8>>> {
    check_strings(col, function, what)?;
    if col.null_count()? > 0 {
        return Err(Error::value(format!(
            "nvtext.{function}: {what} must not contain nulls"
        )));
    }
    let h = HostStrs::of(col)?;
    Ok((0..h.len()).map(|i| h.get(i).as_bytes().to_vec()).collect())
}

/// Every token (at the characters of `delimiter`; None or empty: whitespace) of every row
/// that equals a row of `targets` replaced by the same row of `replacements` (or its only
/// row when it has one); delimiters are kept. Nulls stay null. `targets` and
/// `replacements` must be STRING columns without nulls, `replacements` of `targets`'
/// length or of one row (`ValueError`).
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::replace::replace_tokens;
/// let s = |v: Vec<&str>| from_arrow(&arrow_array::StringArray::from(v)).unwrap();
/// let r = replace_tokens(&s(vec!["this is me", "theme"]), &s(vec!["is", "me"]), &s(vec!["X", "Y"]), None).unwrap();
/// let r = to_arrow(&r).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().flatten().collect::<Vec<_>>(), ["this X Y", "theme"]);
/// ```
pub fn replace_tokens(
    input: &Column,
    targets: &Column,
    replacements: &Column,
    delimiter: Option<&Scalar>,
) -> Result<Column> {
    const NAME: &str = "replace.replace_tokens";
    check_strings(input, NAME, "input")?;
    let t = rows_of(targets, NAME, "targets")?;
    let r = rows_of(replacements, NAME, "replacements")?;
    if r.len() != t.len() && r.len() != 1 {
        return Err(Error::value(format!(
            "nvtext.{NAME}: replacements has {} rows; it must have the targets' {} or 1",
            r.len(),
            t.len()
        )));
    }
    let delims = delimiter_chars(delimiter, NAME)?;
    if use_device()? {
        return dev::replace_tokens(input, targets, replacements, &codes(&delims));
    }
    // The first target row that matches wins (as a linear search over targets would).
    let mut lookup: HashMap<&[u8], &[u8]> = HashMap::new();
    for (k, target) in t.iter().enumerate() {
        let rep = if r.len() == 1 { &r[0] } else { &r[k] };
        lookup.entry(target.as_slice()).or_insert(rep.as_slice());
    }
    map_rows(input, |s, out| {
        edit_tokens(s, &delims, out, |tok| lookup.get(tok.as_bytes()).copied());
    })
}

/// Every token (as [`replace_tokens`] finds them) of fewer than `min_token_length`
/// characters replaced by `replacement` (None: removed); delimiters are kept. Nulls stay
/// null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::replace::filter_tokens;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["one two three"])).unwrap();
/// let r = to_arrow(&filter_tokens(&c, 4, None, None).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "  three");
/// ```
pub fn filter_tokens(
    input: &Column,
    min_token_length: i64,
    replacement: Option<&Scalar>,
    delimiter: Option<&Scalar>,
) -> Result<Column> {
    const NAME: &str = "replace.filter_tokens";
    check_strings(input, NAME, "input")?;
    let rep = match replacement {
        Some(s) => string_arg(s, NAME, "replacement")?,
        None => vec![],
    };
    let delims = delimiter_chars(delimiter, NAME)?;
    if use_device()? {
        return dev::filter_tokens(input, &codes(&delims), min_token_length, &rep);
    }
    map_rows(input, |s, out| {
        edit_tokens(s, &delims, out, |tok| {
            ((tok.chars().count() as i64) < min_token_length).then_some(rep.as_slice())
        });
    })
}

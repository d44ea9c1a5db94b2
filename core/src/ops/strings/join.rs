//! pylibcudf's `strings.combine.join_strings` (every row of a column joined into one
//! string) and `join_list_elements` (every list of a LIST<STRING> column joined).

use super::combine::Separator;
use super::{HostStrs, build_rows, check_strings, host_string_column, scalar_bytes};
use crate::column::Column;
use crate::device::kernels::strings_edit::{self as dev, JoinListOptions};
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::string_options::{OutputIfEmptyList, SeparatorOnNulls};
use crate::types::TypeId;

/// One row: the rows of `input` joined with `separator` (a valid string). A null row is
/// written as `narep` when that is a valid string and left out (with its separator) when
/// it is null. An empty input gives an empty column; an input whose rows are all left out
/// gives one null row.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::join::join_strings;
/// use ferrodf_core::scalar::Scalar;
/// let s = |v: Option<&str>| Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![v])).unwrap()).unwrap();
/// let c = from_arrow(&arrow_array::StringArray::from(vec![Some("a"), None, Some("日")])).unwrap();
/// let r = to_arrow(&join_strings(&c, &s(Some("-")), &s(None)).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "a-日");
/// let r = to_arrow(&join_strings(&c, &s(Some("-")), &s(Some("?"))).unwrap()).unwrap();
/// assert_eq!(r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap().value(0), "a-?-日");
/// ```
pub fn join_strings(input: &Column, separator: &Scalar, narep: &Scalar) -> Result<Column> {
    const NAME: &str = "combine.join_strings";
    check_strings(input, NAME, "input")?;
    let sep = scalar_bytes(separator, NAME, "separator")?;
    if narep.dtype().id() != TypeId::String {
        return Err(Error::type_err(format!(
            "strings.{NAME}: narep must be a STRING scalar, got {}",
            narep.dtype()
        )));
    }
    let narep = if narep.is_valid()? {
        Some(scalar_bytes(narep, NAME, "narep")?)
    } else {
        None
    };
    if input.size() == 0 {
        return host_string_column(vec![], vec![], None, 0);
    }
    if narep.is_none() && input.null_count()? == input.size() {
        let (mask, nulls) = super::mask_of(&[false]);
        return host_string_column(vec![], vec![0], mask, nulls);
    }
    if use_device()? {
        return dev::join_strings(input, &sep, narep.as_deref());
    }
    let h = HostStrs::of(input)?;
    let mut out: Vec<u8> = Vec::new();
    let mut any = false;
    for i in 0..h.len() {
        let piece = match h.opt(i) {
            Some(s) => s.as_bytes(),
            None => match &narep {
                Some(n) => n.as_slice(),
                None => continue,
            },
        };
        if any {
            out.extend_from_slice(&sep);
        }
        out.extend_from_slice(piece);
        any = true;
    }
    let end = out.len() as i64;
    host_string_column(out, vec![end], None, 0)
}

/// pylibcudf's `combine.join_list_elements`: every list of a LIST<STRING> column joined
/// into one string with `separator`, as libcudf.
///
/// With a Scalar separator (a valid string, `ValueError` otherwise) `separator_narep`
/// replaces null elements and `string_narep` is ignored (pylibcudf passes them so); with a
/// Column separator (one row per list) `separator_narep` replaces null separators and
/// `string_narep` null elements. A null element without a valid replacement, a null
/// separator without one and a null list give a null row. With `SeparatorOnNulls::No` a
/// replaced null element gets no separator before it and asks for none after it. A list
/// without a valid element (empty, or all null) gives an empty string, or null with
/// `OutputIfEmptyList::NullElement`.
///
/// ```
/// use arrow_array::builder::{ListBuilder, StringBuilder};
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::combine::Separator;
/// use ferrodf_core::ops::strings::join::join_list_elements;
/// use ferrodf_core::scalar::Scalar;
/// use ferrodf_core::string_options::{OutputIfEmptyList, SeparatorOnNulls};
/// let s = |v: Option<&str>| Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![v])).unwrap()).unwrap();
/// let mut b = ListBuilder::new(StringBuilder::new());
/// b.append_value([Some("a"), None, Some("日")]);
/// b.append_value(Vec::<Option<&str>>::new());
/// let lists = from_arrow(&b.finish()).unwrap();
/// let (yes, empty) = (SeparatorOnNulls::Yes, OutputIfEmptyList::EmptyString);
/// let r = join_list_elements(&lists, Separator::Scalar(&s(Some("-"))), &s(Some("?")), &s(None), yes, empty).unwrap();
/// let r = to_arrow(&r).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some("a-?-日"), Some("")]);
/// ```
pub fn join_list_elements(
    lists_strings_column: &Column,
    separator: Separator,
    separator_narep: &Scalar,
    string_narep: &Scalar,
    separate_nulls: SeparatorOnNulls,
    empty_list_policy: OutputIfEmptyList,
) -> Result<Column> {
    const NAME: &str = "combine.join_list_elements";
    let lists = lists_strings_column;
    let is_strings = lists.dtype().id() == TypeId::List
        && lists
            .children()
            .get(1)
            .is_none_or(|c| c.dtype().id() == TypeId::String);
    if !is_strings {
        return Err(Error::type_err(format!(
            "strings.{NAME}: lists_strings_column must be a LIST<STRING> column, got {}",
            lists.dtype()
        )));
    }
    let optional = |s: &Scalar, what: &str| -> Result<Option<Vec<u8>>> {
        if s.dtype().id() == TypeId::String && !s.is_valid()? {
            return Ok(None);
        }
        scalar_bytes(s, NAME, what).map(Some)
    };
    let (sep_col, sep_is_scalar, sep_narep, narep) = match separator {
        Separator::Scalar(s) => {
            scalar_bytes(s, NAME, "separator")?;
            let narep = optional(separator_narep, "separator_narep")?;
            (s.as_column().clone(), true, None, narep)
        }
        Separator::Column(c) => {
            check_strings(c, NAME, "separator")?;
            if c.size() != lists.size() {
                return Err(Error::value(format!(
                    "strings.{NAME}: separator has {} rows, the lists {}",
                    c.size(),
                    lists.size()
                )));
            }
            let sep_narep = optional(separator_narep, "separator_narep")?;
            (
                c.clone(),
                false,
                sep_narep,
                optional(string_narep, "string_narep")?,
            )
        }
    };
    let n = lists.size();
    if n == 0 {
        return host_string_column(vec![], vec![], None, 0);
    }
    let o = JoinListOptions {
        sep_narep: sep_narep.as_deref(),
        narep: narep.as_deref(),
        separate_nulls: separate_nulls == SeparatorOnNulls::Yes,
        empty_null: empty_list_policy == OutputIfEmptyList::NullElement,
    };
    if use_device()? {
        return dev::join_list_elements(lists, &sep_col, sep_is_scalar, &o);
    }
    let offs = lists.host_offsets(n)?;
    let list_nulls = lists.host_nulls()?;
    let h = HostStrs::of(&lists.children()[1])?;
    let seps = HostStrs::of(&sep_col)?;
    let (chars, ends, valid) = build_rows(n, |i, out| {
        if list_nulls.as_ref().is_some_and(|nb| nb.is_null(i)) {
            return false;
        }
        let sep = match seps.opt(if sep_is_scalar { 0 } else { i }) {
            Some(s) => s.as_bytes(),
            None => match o.sep_narep {
                Some(s) => s,
                None => return false,
            },
        };
        let (s, e) = (offs[i] as usize, offs[i + 1] as usize);
        let elements: Vec<Option<&str>> = (s..e).map(|j| h.opt(j)).collect();
        if elements.iter().any(Option::is_none) && o.narep.is_none() {
            return false;
        }
        if elements.iter().all(Option::is_none) {
            return !o.empty_null;
        }
        let mut want_sep = false;
        for el in elements {
            if want_sep && (o.separate_nulls || el.is_some()) {
                out.extend_from_slice(sep);
                want_sep = false;
            }
            out.extend_from_slice(el.map_or(o.narep.unwrap_or(&[]), str::as_bytes));
            want_sep = want_sep || o.separate_nulls || el.is_some();
        }
        true
    });
    let (mask, nulls) = super::mask_of(&valid);
    host_string_column(chars, ends, mask, nulls)
}

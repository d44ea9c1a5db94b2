//! pylibcudf's `strings.convert.convert_lists`: a LIST column of strings (nested to any
//! depth) written as text, on the device (`str_format_lists` in
//! `cuda/strings_convert.cu`, one thread per row walking its nesting with a stack) up to
//! 16 levels deep, and on the host (a counted fallback on a GPU) for deeper nesting.

use super::super::{HostStrs, build_rows, check_strings, host_string_column, scalar_bytes};
use crate::column::Column;
use crate::device::kernels::strings_convert as dev;
use crate::error::{Error, Result};
use crate::placement::{host_fallback, use_device};
use crate::scalar::Scalar;
use crate::types::TypeId;

/// One list level on the host: the offsets of its rows into the next level and validity.
struct Level {
    offsets: Vec<i64>,
    nulls: Option<arrow_buffer::NullBuffer>,
}

/// The pieces libcudf writes: element separator, left and right enclosure.
struct Marks<'a> {
    sep: &'a [u8],
    left: &'a [u8],
    right: &'a [u8],
    na: &'a [u8],
}

/// Row `j` of list level `l` into `out`.
fn write(levels: &[Level], strs: &HostStrs, m: &Marks, l: usize, j: usize, out: &mut Vec<u8>) {
    let level = &levels[l];
    if level.nulls.as_ref().is_some_and(|nb| nb.is_null(j)) {
        out.extend_from_slice(m.na);
        return;
    }
    out.extend_from_slice(m.left);
    let (s, e) = (level.offsets[j] as usize, level.offsets[j + 1] as usize);
    for k in s..e {
        if k > s {
            out.extend_from_slice(m.sep);
        }
        if l + 1 < levels.len() {
            write(levels, strs, m, l + 1, k, out);
        } else {
            out.extend_from_slice(strs.opt(k).map_or(m.na, str::as_bytes));
        }
    }
    out.extend_from_slice(m.right);
}

/// Every row of a LIST column whose innermost child is STRING as libcudf writes it:
/// `[a,b,c]`, nested lists inside, `[]` for an empty list, and `na_rep` (None: an empty
/// string; a null Scalar is a `ValueError`) for a null list or string at any depth, the
/// top level included (the output has no nulls). `separators` (None or empty: `,` `[` `]`)
/// holds the element separator and the left and right enclosures, in that order.
///
/// ```
/// use arrow_array::builder::{ListBuilder, StringBuilder};
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_lists::format_list_column;
/// let mut b = ListBuilder::new(StringBuilder::new());
/// b.append_value([Some("a"), None, Some("日")]);
/// b.append_null();
/// let r = to_arrow(&format_list_column(&from_arrow(&b.finish()).unwrap(), None, None).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some("[a,,日]"), Some("")]);
/// ```
pub fn format_list_column(
    input: &Column,
    na_rep: Option<&Scalar>,
    separators: Option<&Column>,
) -> Result<Column> {
    const NAME: &str = "convert_lists.format_list_column";
    let bad = || {
        Error::type_err(format!(
            "strings.{NAME}: input must be a LIST column of STRING (at any depth), got {}",
            input.dtype()
        ))
    };
    if input.dtype().id() != TypeId::List {
        return Err(bad());
    }
    let na = match na_rep {
        Some(s) => scalar_bytes(s, NAME, "na_rep")?,
        None => vec![],
    };
    if let Some(c) = separators {
        check_strings(c, NAME, "separators")?;
        if c.size() != 0 && c.size() != 3 {
            return Err(Error::value(format!(
                "strings.{NAME}: separators must have 0 or 3 rows, got {}",
                c.size()
            )));
        }
    }
    let seps = separators.map(HostStrs::of).transpose()?;
    let seps = seps.as_ref().filter(|s| s.len() == 3);
    let mark = |k: usize, default: &'static str| seps.map_or(default, |s| s.get(k)).as_bytes();
    let m = Marks {
        sep: mark(0, ","),
        left: mark(1, "["),
        right: mark(2, "]"),
        na: &na,
    };
    let n = input.size();
    if n == 0 {
        return host_string_column(vec![], vec![], None, 0);
    }
    // The list levels, outermost first, and the strings inside them (no data read yet).
    let mut lists = Vec::new();
    let mut col = input.clone();
    while col.dtype().id() == TypeId::List {
        let child = col.children().get(1).cloned().ok_or_else(bad)?;
        lists.push(col);
        col = child;
    }
    if col.dtype().id() != TypeId::String {
        return Err(bad());
    }
    if use_device()? {
        if lists.len() <= dev::FORMAT_LISTS_MAX_DEPTH {
            return dev::format_lists(&lists, &col, [m.na, m.sep, m.left, m.right]);
        }
        host_fallback(
            &format!("strings.{NAME}"),
            &format!(
                "lists nested deeper than {} levels",
                dev::FORMAT_LISTS_MAX_DEPTH
            ),
        )?;
    }
    let levels = lists
        .iter()
        .map(|c| {
            Ok(Level {
                offsets: c.host_offsets(c.size())?,
                nulls: c.host_nulls()?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let strs = HostStrs::of(&col)?;
    let (chars, ends, _) = build_rows(n, |i, out| {
        write(&levels, &strs, &m, 0, i, out);
        true
    });
    host_string_column(chars, ends, None, 0)
}

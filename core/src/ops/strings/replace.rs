//! pylibcudf's `strings.replace`: literal (not regex) `replace`, `replace_multiple` and
//! `replace_slice`.

use super::{HostStrs, check_strings, map_rows, scalar_bytes};
use crate::column::Column;
use crate::device::kernels::strings as dev;
use crate::device::kernels::strings_edit as dev_edit;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;

/// Replace the first `maxrepl` (all when negative) non-overlapping occurrences of `target`
/// in every row by `repl`, scanning left to right; nulls stay null. `target` must be a
/// valid, non-empty string (`ValueError` otherwise), `repl` a valid string.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::replace::replace;
/// use ferrodf_core::scalar::Scalar;
/// let s = |v: &str| Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![v])).unwrap()).unwrap();
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a-b-c"])).unwrap();
/// let r = to_arrow(&replace(&c, &s("-"), &s("+"), 1).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "a+b-c");
/// ```
pub fn replace(input: &Column, target: &Scalar, repl: &Scalar, maxrepl: i64) -> Result<Column> {
    const NAME: &str = "replace.replace";
    check_strings(input, NAME, "input")?;
    let t = scalar_bytes(target, NAME, "target")?;
    let r = scalar_bytes(repl, NAME, "repl")?;
    if t.is_empty() {
        return Err(Error::value(
            "strings.replace.replace: target must not be empty; pass the string to replace",
        ));
    }
    if use_device()? {
        return dev::replace(input, &t, &r, maxrepl);
    }
    let (t, r) = (
        String::from_utf8(t).expect("STRING scalar"),
        String::from_utf8(r).expect("STRING scalar"),
    );
    map_rows(input, |s, out| {
        let replaced = if maxrepl < 0 {
            s.replace(&t, &r)
        } else {
            s.replacen(&t, &r, maxrepl as usize)
        };
        out.extend_from_slice(replaced.as_bytes());
    })
}

/// Characters `[start, stop)` of every row replaced by `repl` (None: removed); `stop < 0`
/// means the end of the row, and both ends are clamped to the row (a `start` past the end
/// appends). `start` must be at least 0 and not above a non-negative `stop` (`ValueError`).
/// Unlike pyarrow's `utf8_replace_slice`, negative positions do not count from the end.
/// Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::replace::replace_slice;
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["héllo", "a"])).unwrap();
/// let r = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec!["_"])).unwrap()).unwrap();
/// let out = to_arrow(&replace_slice(&c, Some(&r), 1, 3).unwrap()).unwrap();
/// let out = out.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!((out.value(0), out.value(1)), ("h_lo", "a_"));
/// ```
pub fn replace_slice(
    input: &Column,
    repl: Option<&Scalar>,
    start: i64,
    stop: i64,
) -> Result<Column> {
    const NAME: &str = "replace.replace_slice";
    check_strings(input, NAME, "input")?;
    if start < 0 || (stop >= 0 && start > stop) {
        return Err(Error::value(format!(
            "strings.{NAME}: start ({start}) must be >= 0 and <= stop ({stop}) unless stop < 0"
        )));
    }
    let r = match repl {
        Some(r) => scalar_bytes(r, NAME, "repl")?,
        None => vec![],
    };
    if use_device()? {
        return dev_edit::replace_slice(input, &r, start, stop);
    }
    map_rows(input, |s, out| {
        let byte_at = |c: i64| s.char_indices().nth(c as usize).map_or(s.len(), |(b, _)| b);
        let bs = byte_at(start);
        let be = if stop < 0 { s.len() } else { byte_at(stop) }.max(bs);
        out.extend_from_slice(&s.as_bytes()[..bs]);
        out.extend_from_slice(&r);
        out.extend_from_slice(&s.as_bytes()[be..]);
    })
}

/// Replace, scanning every row left to right, the first of `target`'s rows found at each
/// position by the same row of `repl` (or by its only row), up to `maxrepl` replacements
/// (negative: all). `target` must be a STRING column without nulls or empty rows, `repl`
/// one without nulls with as many rows as `target` or one (`ValueError` otherwise).
/// Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::replace::replace_multiple;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["the cat sat"])).unwrap();
/// let t = from_arrow(&arrow_array::StringArray::from(vec!["cat", "at", "the"])).unwrap();
/// let r = from_arrow(&arrow_array::StringArray::from(vec!["dog", "@", "a"])).unwrap();
/// let out = to_arrow(&replace_multiple(&c, &t, &r, -1).unwrap()).unwrap();
/// let out = out.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(out.value(0), "a dog s@");
/// ```
pub fn replace_multiple(
    input: &Column,
    target: &Column,
    repl: &Column,
    maxrepl: i64,
) -> Result<Column> {
    const NAME: &str = "replace.replace_multiple";
    check_strings(input, NAME, "input")?;
    check_strings(target, NAME, "target")?;
    check_strings(repl, NAME, "repl")?;
    if repl.size() != target.size() && repl.size() != 1 {
        return Err(Error::value(format!(
            "strings.{NAME}: repl must have as many rows as target ({}) or one, got {}",
            target.size(),
            repl.size()
        )));
    }
    let (th, rh) = (HostStrs::of(target)?, HostStrs::of(repl)?);
    if target.null_count()? > 0 || repl.null_count()? > 0 {
        return Err(Error::value(format!(
            "strings.{NAME}: target and repl must not have nulls"
        )));
    }
    if (0..th.len()).any(|j| th.get(j).is_empty()) {
        return Err(Error::value(format!(
            "strings.{NAME}: target must not have empty strings"
        )));
    }
    if use_device()? {
        return dev_edit::replace_multiple(input, target, repl, maxrepl);
    }
    let targets: Vec<&str> = (0..th.len()).map(|j| th.get(j)).collect();
    let repls: Vec<&str> = (0..th.len())
        .map(|j| rh.get(if rh.len() == 1 { 0 } else { j }))
        .collect();
    map_rows(input, |s, out| {
        let (mut k, mut done) = (0, 0i64);
        while k < s.len() {
            let hit = (maxrepl < 0 || done < maxrepl)
                .then(|| targets.iter().position(|t| s[k..].starts_with(t)))
                .flatten();
            if let Some(j) = hit {
                out.extend_from_slice(repls[j].as_bytes());
                k += targets[j].len();
                done += 1;
            } else {
                let e = k + s[k..].chars().next().map_or(1, char::len_utf8);
                out.extend_from_slice(&s.as_bytes()[k..e]);
                k = e;
            }
        }
    })
}

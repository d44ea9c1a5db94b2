//! pylibcudf's `strings.contains.like`: SQL `LIKE` patterns (`%` any run of characters,
//! `_` one character, an escape character making the next one literal).

use super::{HostStrs, check_strings, scalar_bytes};
use crate::column::Column;
use crate::device::kernels::strings_edit as dev;
use crate::error::{Error, Result};
use crate::ops::numeric::host_column;
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::TypeId;

/// `%` in a parsed pattern (not a code point).
const ANY_RUN: u32 = u32::MAX;
/// `_` in a parsed pattern.
const ANY_ONE: u32 = u32::MAX - 1;

/// The pattern as code points and wildcard markers, escapes resolved (an escape character
/// at the end stands for itself).
fn parse(pattern: &str, escape: Option<char>) -> Vec<u32> {
    let mut out = Vec::with_capacity(pattern.len());
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        out.push(match c {
            c if Some(c) == escape => chars.next().unwrap_or(c) as u32,
            '%' => ANY_RUN,
            '_' => ANY_ONE,
            c => c as u32,
        });
    }
    out
}

/// Whether `s` matches the parsed pattern: greedy, backtracking to the last `%` (the
/// algorithm of `str_like` in `cuda/strings_edit.cu`).
fn matches(s: &str, pat: &[u32]) -> bool {
    let text: Vec<u32> = s.chars().map(|c| c as u32).collect();
    let (mut t, mut k, mut star) = (0, 0, None::<(usize, usize)>);
    while t < text.len() {
        if k < pat.len() && (pat[k] == ANY_ONE || pat[k] == text[t]) {
            t += 1;
            k += 1;
        } else if k < pat.len() && pat[k] == ANY_RUN {
            star = Some((k, t));
            k += 1;
        } else if let Some((sk, st)) = star {
            star = Some((sk, st + 1));
            k = sk + 1;
            t = st + 1;
        } else {
            return false;
        }
    }
    pat[k..].iter().all(|&p| p == ANY_RUN)
}

/// BOOL8: whether every row matches the SQL `LIKE` `pattern` as a whole; the one
/// character of `escape_character` (None or empty: no escape) makes the character after it
/// literal. Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::like::like;
/// use ferrodf_core::scalar::Scalar;
/// let s = |v: &str| Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![v])).unwrap()).unwrap();
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["abc", "a%c", "xbc"])).unwrap();
/// let r = like(&c, &s("a_c"), None).unwrap();
/// assert_eq!(r.host_values::<u8>().unwrap(), vec![1, 1, 0]);
/// let r = like(&c, &s("a\\%%"), Some(&s("\\"))).unwrap();
/// assert_eq!(r.host_values::<u8>().unwrap(), vec![0, 1, 0]);
/// ```
pub fn like(input: &Column, pattern: &Scalar, escape_character: Option<&Scalar>) -> Result<Column> {
    const NAME: &str = "contains.like";
    check_strings(input, NAME, "input")?;
    let pattern = String::from_utf8(scalar_bytes(pattern, NAME, "pattern")?).expect("UTF-8");
    let escape = match escape_character {
        Some(e) => {
            let e = String::from_utf8(scalar_bytes(e, NAME, "escape_character")?).expect("UTF-8");
            if e.chars().count() > 1 {
                return Err(Error::value(format!(
                    "strings.{NAME}: escape_character must be one character or empty, got {e:?}"
                )));
            }
            e.chars().next()
        }
        None => None,
    };
    let pat = parse(&pattern, escape);
    if use_device()? {
        return dev::like(input, &pat);
    }
    let h = HostStrs::of(input)?;
    let v: Vec<u8> = (0..h.len())
        .map(|i| h.opt(i).is_some_and(|s| matches(s, &pat)).into())
        .collect();
    host_column(input, TypeId::Bool8.into(), v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str, p: &str) -> bool {
        matches(s, &parse(p, Some('\\')))
    }

    #[test]
    fn wildcards_and_escapes() {
        assert!(m("", ""));
        assert!(m("", "%"));
        assert!(!m("", "_"));
        assert!(m("日本語", "_本%"));
        assert!(m("abcabc", "%abc"));
        assert!(m("aXbXc", "a%b%c"));
        assert!(!m("abd", "a%c"));
        assert!(m("a%", "a\\%"));
        assert!(!m("ab", "a\\%"));
        assert!(m("a_b", "a\\_b"));
        assert!(m("a\\", "a\\"), "a trailing escape is literal");
        assert!(m("mississippi", "%iss%pi"));
    }
}

//! pylibcudf's `strings.replace_re`: `replace_re` and `replace_with_backrefs`.

use super::contains::on_device;
use super::{RegexProgram, for_each_match};
use crate::column::Column;
use crate::device::kernels::regex as dev;
use crate::error::{Error, Result};
use crate::ops::strings::{check_strings, map_rows, scalar_bytes};
use crate::placement::use_device;
use crate::scalar::Scalar;

/// Replace the first `max_replace_count` (all when negative) successive matches of `prog`
/// in every row by `replacement` (a valid string scalar, inserted as it is: `$1` or `\1`
/// are not group references here); nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, replace::replace_re};
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a1b22c333"])).unwrap();
/// let r = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec!["#"])).unwrap()).unwrap();
/// let p = RegexProgram::create(r"\d+", flags::DEFAULT).unwrap();
/// let out = to_arrow(&replace_re(&c, &p, &r, 2).unwrap()).unwrap();
/// let out = out.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(out.value(0), "a#b#c333");
/// ```
pub fn replace_re(
    input: &Column,
    prog: &RegexProgram,
    replacement: &Scalar,
    max_replace_count: i64,
) -> Result<Column> {
    const NAME: &str = "strings.replace_re.replace_re";
    check_strings(input, "replace_re.replace_re", "input")?;
    let r = scalar_bytes(replacement, "replace_re.replace_re", "replacement")?;
    if let Some(c) = on_device(NAME, prog, |p| {
        dev::replace(input, p, &r, max_replace_count)
    })? {
        return Ok(c);
    }
    let limit = usize::try_from(max_replace_count).ok();
    let re = prog.host();
    map_rows(input, |s, out| {
        let mut prev = 0;
        for_each_match(re, s, limit, |b, e| {
            out.extend_from_slice(&s.as_bytes()[prev..b]);
            out.extend_from_slice(&r);
            prev = e;
        });
        out.extend_from_slice(&s.as_bytes()[prev..]);
    })
}

/// A piece of a replacement template.
#[derive(Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    Group(usize),
}

/// Parse libcudf's template syntax: `\N` (one or two digits) or `${N}` insert group N
/// (0 is the whole match); everything else is literal.
fn parse_template(t: &str, groups: usize) -> Result<Vec<Piece>> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let (group, next) = if b[i] == b'\\' && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
            let mut j = i + 1;
            while j < b.len() && j < i + 3 && b[j].is_ascii_digit() {
                j += 1;
            }
            (t[i + 1..j].parse::<usize>().ok(), j)
        } else if t[i..].starts_with("${") {
            match t[i + 2..].find('}') {
                Some(k) => (t[i + 2..i + 2 + k].parse::<usize>().ok(), i + 3 + k),
                None => (None, i),
            }
        } else {
            (None, i)
        };
        match group {
            Some(g) => {
                if g > groups {
                    return Err(Error::value(format!(
                        "strings.replace_re.replace_with_backrefs: the replacement refers to \
                         group {g} but the pattern has {groups} capture group(s)"
                    )));
                }
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                pieces.push(Piece::Group(g));
                i = next;
            }
            None => {
                let c = t[i..].chars().next().expect("in bounds");
                text.push(c);
                i += c.len_utf8();
            }
        }
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok(pieces)
}

/// Replace every match of `prog` by `replacement` with its group references filled in:
/// `\1` or `${1}` is the text of capture group 1 (empty when the group did not take part),
/// `\0` the whole match. On the device the DFAs find the matches and, when the template
/// names a group, the Pike VM of [`super::capture`] finds the groups inside each match.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, replace::replace_with_backrefs};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["2024-01-31"])).unwrap();
/// let p = RegexProgram::create(r"(\d+)-(\d+)-(\d+)", flags::DEFAULT).unwrap();
/// let out = to_arrow(&replace_with_backrefs(&c, &p, r"\3/\2/${1}").unwrap()).unwrap();
/// let out = out.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(out.value(0), "31/01/2024");
/// ```
pub fn replace_with_backrefs(
    input: &Column,
    prog: &RegexProgram,
    replacement: &str,
) -> Result<Column> {
    replace_with_backrefs_n(input, prog, replacement, -1)
}

/// [`replace_with_backrefs`] of the first `max_replace_count` (all when negative) matches
/// per row (pandas' `str.replace(..., n=)` with group references).
pub fn replace_with_backrefs_n(
    input: &Column,
    prog: &RegexProgram,
    replacement: &str,
    max_replace_count: i64,
) -> Result<Column> {
    const NAME: &str = "strings.replace_re.replace_with_backrefs";
    check_strings(input, "replace_re.replace_with_backrefs", "input")?;
    let pieces = parse_template(replacement, prog.groups_count())?;
    if let Some(c) = device_backrefs(NAME, input, prog, &pieces, max_replace_count)? {
        return Ok(c);
    }
    let re = prog.host();
    map_rows(input, |s, out| {
        let mut prev = 0;
        let limit = usize::try_from(max_replace_count).unwrap_or(usize::MAX);
        for caps in re.captures_iter(s).take(limit) {
            let whole = caps.get_match().expect("a match");
            out.extend_from_slice(&s.as_bytes()[prev..whole.start()]);
            for p in &pieces {
                match p {
                    Piece::Text(t) => out.extend_from_slice(t.as_bytes()),
                    Piece::Group(g) => {
                        if let Some(span) = caps.get_group(*g) {
                            out.extend_from_slice(&s.as_bytes()[span.range()]);
                        }
                    }
                }
            }
            prev = whole.end();
        }
        out.extend_from_slice(&s.as_bytes()[prev..]);
    })
}

/// [`replace_with_backrefs_n`] on the device when placement says so (`None`: compute on
/// the host, after a counted fallback where the engines cannot take the pattern).
fn device_backrefs(
    name: &str,
    input: &Column,
    prog: &RegexProgram,
    pieces: &[Piece],
    max_replace_count: i64,
) -> Result<Option<Column>> {
    if !use_device()? {
        return Ok(None);
    }
    let mut bytes = Vec::new();
    let encoded: Vec<[i64; 3]> = pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => {
                let start = bytes.len() as i64;
                bytes.extend_from_slice(t.as_bytes());
                [0, start, bytes.len() as i64]
            }
            Piece::Group(g) => [1, *g as i64, 0],
        })
        .collect();
    let template = dev::Template {
        bytes: &bytes,
        pieces: &encoded,
    };
    let needs_groups = pieces
        .iter()
        .any(|p| matches!(p, Piece::Group(g) if *g > 0));
    let cap = if needs_groups {
        match super::capture::device_tables(name, prog)? {
            Some(c) => Some(c),
            None => return Ok(None),
        }
    } else {
        None
    };
    let words = cap.as_ref().map(|c| c.on_device()).transpose()?;
    let vm = cap
        .as_ref()
        .zip(words.as_ref())
        .map(|(c, w)| c.vm_tables(w));
    on_device(name, prog, |p| {
        dev::replace_with_backrefs(input, p, vm, &template, max_replace_count)
    })
}

#[cfg(test)]
mod tests {
    use super::{Piece, parse_template};

    #[test]
    fn templates_parse() {
        assert_eq!(
            parse_template(r"<\1|${2}>\x", 2).unwrap(),
            vec![
                Piece::Text("<".into()),
                Piece::Group(1),
                Piece::Text("|".into()),
                Piece::Group(2),
                Piece::Text(">\\x".into()),
            ]
        );
        assert!(parse_template(r"\3", 2).is_err());
        assert_eq!(
            parse_template("${x}", 0).unwrap(),
            vec![Piece::Text("${x}".into())]
        );
    }
}

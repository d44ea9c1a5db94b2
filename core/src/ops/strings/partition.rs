//! pylibcudf's `strings.split.partition`: `partition` and `rpartition` (pandas'
//! `str.partition` / `str.rpartition`).

use super::{check_strings, is_white, map_rows, scalar_bytes};
use crate::column::Column;
use crate::device::kernels::strings_edit as dev;
use crate::error::Result;
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::table::Table;

/// The byte range of the first (`rev`: last) `delim` of `s`, or of its first (last)
/// whitespace character when `delim` is empty.
fn find_delim(s: &str, delim: &str, rev: bool) -> Option<(usize, usize)> {
    if !delim.is_empty() {
        let at = if rev { s.rfind(delim) } else { s.find(delim) };
        return at.map(|a| (a, a + delim.len()));
    }
    let white = |(_, c): &(usize, char)| is_white(*c);
    let hit = if rev {
        s.char_indices().rev().find(white)
    } else {
        s.char_indices().find(white)
    };
    hit.map(|(a, c)| (a, a + c.len_utf8()))
}

fn parts(input: &Column, delimiter: Option<&Scalar>, rev: bool, name: &str) -> Result<Table> {
    check_strings(input, name, "input")?;
    let delim = match delimiter {
        Some(d) => String::from_utf8(scalar_bytes(d, name, "delimiter")?).expect("UTF-8"),
        None => String::new(),
    };
    let columns = (0..3)
        .map(|part| {
            if use_device()? {
                return dev::partition(input, delim.as_bytes(), rev, part);
            }
            map_rows(input, |s, out| {
                let piece = match find_delim(s, &delim, rev) {
                    Some((a, b)) => [&s[..a], &s[a..b], &s[b..]][part as usize],
                    None if part == if rev { 2 } else { 0 } => s,
                    None => "",
                };
                out.extend_from_slice(piece.as_bytes());
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Table::new(columns)
}

/// Three columns: the part of every row before its first `delimiter`, the delimiter and
/// the part after it; a row without the delimiter is all in the first column (the others
/// empty). None or an empty delimiter splits at the first whitespace character. Null rows
/// are null in all three.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::partition::partition;
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a-b-c", "abc"])).unwrap();
/// let d = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec!["-"])).unwrap()).unwrap();
/// let t = partition(&c, Some(&d)).unwrap();
/// let after = to_arrow(&t.columns()[2]).unwrap();
/// let after = after.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!((after.value(0), after.value(1)), ("b-c", ""));
/// ```
pub fn partition(input: &Column, delimiter: Option<&Scalar>) -> Result<Table> {
    parts(input, delimiter, false, "split.partition.partition")
}

/// [`partition`] at the last delimiter; a row without it is all in the third column.
pub fn rpartition(input: &Column, delimiter: Option<&Scalar>) -> Result<Table> {
    parts(input, delimiter, true, "split.partition.rpartition")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delimiters_and_whitespace() {
        assert_eq!(find_delim("a,b,c", ",", false), Some((1, 2)));
        assert_eq!(find_delim("a,b,c", ",", true), Some((3, 4)));
        assert_eq!(find_delim("日 本\u{3000}x", "", false), Some((3, 4)));
        assert_eq!(find_delim("日 本\u{3000}x", "", true), Some((7, 10)));
        assert_eq!(find_delim("abc", "", false), None);
        assert_eq!(find_delim("", "x", true), None);
    }
}

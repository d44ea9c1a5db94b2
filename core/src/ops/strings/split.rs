//! pylibcudf's `strings.split.split`: `split` (a table of token columns) and
//! `split_record` (a LIST<STRING> column), with a literal delimiter or, for an empty
//! delimiter, runs of whitespace (Python's `str.split()`). Regex splits are not
//! implemented; neither are `rsplit` and `rsplit_record`.

use super::{HostStrs, build_rows, check_strings, host_string_column, is_white, mask_of};
use crate::column::Column;
use crate::device::kernels::strings as dev;
use crate::error::Result;
use crate::ops::unary::host_mask_copy;
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::TypeId;

/// The tokens of one row; mirrors `Tokens` in `cuda/strings.cu`. With a delimiter every
/// row has at least one token; without one tokens are whitespace-separated runs. After
/// `maxtok - 1` tokens the rest of the row (leading whitespace skipped) is the last one.
struct Tokens<'a> {
    s: &'a str,
    d: &'a str,
    maxtok: i64,
    pos: usize,
    count: i64,
    done: bool,
}

impl<'a> Tokens<'a> {
    fn new(s: &'a str, d: &'a str, maxtok: i64) -> Self {
        Tokens {
            s,
            d,
            maxtok,
            pos: 0,
            count: 0,
            done: false,
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        if self.done {
            return None;
        }
        let s = self.s;
        let last = self.count + 1 >= self.maxtok;
        self.count += 1;
        if !self.d.is_empty() {
            let start = self.pos;
            let m = if last { None } else { s[start..].find(self.d) };
            return Some(match m {
                Some(m) => {
                    self.pos = start + m + self.d.len();
                    &s[start..start + m]
                }
                None => {
                    self.done = true;
                    &s[start..]
                }
            });
        }
        let rest = &s[self.pos..];
        let skip = rest.len() - rest.trim_start_matches(is_white).len();
        self.pos += skip;
        if self.pos >= s.len() {
            self.done = true;
            return None;
        }
        let start = self.pos;
        if last {
            self.done = true;
            return Some(&s[start..]);
        }
        let end = s[start..].find(is_white).map_or(s.len(), |k| start + k);
        self.pos = end;
        Some(&s[start..end])
    }
}

/// At most this many tokens per row for `maxsplit` (<= 0: no limit, as pandas and libcudf).
fn max_tokens(maxsplit: i64) -> i64 {
    if maxsplit > 0 {
        maxsplit.saturating_add(1)
    } else {
        i64::MAX
    }
}

fn delimiter(function: &str, delimiter: &Scalar) -> Result<String> {
    Ok(
        String::from_utf8(super::scalar_bytes(delimiter, function, "delimiter")?)
            .expect("STRING scalar"),
    )
}

/// Split every row at `delimiter` (empty: at whitespace runs) into at most `maxsplit + 1`
/// tokens (`maxsplit <= 0`: all). Column j of the result holds token j of each row, null
/// where the row is null or has fewer tokens; there is one column per token of the row
/// with the most (at least one).
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::split::split;
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a,b,c", "d"])).unwrap();
/// let d = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![","])).unwrap()).unwrap();
/// let t = split(&c, &d, -1).unwrap();
/// assert_eq!(t.num_columns(), 3);
/// assert_eq!(t.columns()[1].null_count().unwrap(), 1);
/// ```
pub fn split(input: &Column, delimiter_: &Scalar, maxsplit: i64) -> Result<Table> {
    const NAME: &str = "split.split.split";
    check_strings(input, NAME, "input")?;
    let d = delimiter(NAME, delimiter_)?;
    let maxtok = max_tokens(maxsplit);
    if use_device()? {
        let sp = dev::Split::new(input, d.as_bytes(), maxtok)?;
        let ncols = sp.max_count.max(1);
        return Table::new((0..ncols).map(|j| sp.column(j)).collect::<Result<_>>()?);
    }
    let h = HostStrs::of(input)?;
    let n = h.len();
    let ncols = (0..n)
        .filter_map(|i| h.opt(i))
        .map(|s| Tokens::new(s, &d, maxtok).count())
        .max()
        .unwrap_or(0)
        .max(1);
    let cols = (0..ncols)
        .map(|j| {
            let (chars, ends, valid) = build_rows(n, |i, out| match h.opt(i) {
                Some(s) => match Tokens::new(s, &d, maxtok).nth(j) {
                    Some(t) => {
                        out.extend_from_slice(t.as_bytes());
                        true
                    }
                    None => false,
                },
                None => false,
            });
            let (mask, nulls) = mask_of(&valid);
            host_string_column(chars, ends, mask, nulls)
        })
        .collect::<Result<Vec<_>>>()?;
    Table::new(cols)
}

/// Like [`split`], but every row's tokens become one LIST<STRING> row (null rows stay null).
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::split::split_record;
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a b  c"])).unwrap();
/// let d = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![""])).unwrap()).unwrap();
/// let l = split_record(&c, &d, -1).unwrap();
/// assert_eq!(l.children()[1].size(), 3);
/// ```
pub fn split_record(input: &Column, delimiter_: &Scalar, maxsplit: i64) -> Result<Column> {
    const NAME: &str = "split.split.split_record";
    check_strings(input, NAME, "input")?;
    let d = delimiter(NAME, delimiter_)?;
    let maxtok = max_tokens(maxsplit);
    if use_device()? {
        let mask = crate::device::kernels::transform::copy_mask(input)?;
        let nulls = if mask.is_some() {
            input.null_count()?
        } else {
            0
        };
        return dev::Split::new(input, d.as_bytes(), maxtok)?.record(mask, nulls);
    }
    let h = HostStrs::of(input)?;
    let n = h.len();
    let mut list_offsets: Vec<i64> = Vec::with_capacity(n + 1);
    list_offsets.push(0);
    let mut chars = Vec::new();
    let mut ends = Vec::new();
    for i in 0..n {
        if let Some(s) = h.opt(i) {
            for t in Tokens::new(s, &d, maxtok) {
                chars.extend_from_slice(t.as_bytes());
                ends.push(chars.len() as i64);
            }
        }
        list_offsets.push(ends.len() as i64);
    }
    let child = host_string_column(chars, ends, None, 0)?;
    let offsets = if child.size() <= i32::MAX as usize {
        Column::from_values(list_offsets.iter().map(|&o| o as i32).collect::<Vec<_>>())
    } else {
        Column::from_values(list_offsets)
    };
    let (mask, nulls) = host_mask_copy(input)?;
    Column::new(
        TypeId::List.into(),
        n,
        None,
        mask,
        Some(nulls),
        0,
        vec![offsets, child],
    )
}

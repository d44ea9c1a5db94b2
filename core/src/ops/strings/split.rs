//! pylibcudf's `strings.split.split`: `split` / `rsplit` (a table of token columns) and
//! `split_record` / `rsplit_record` (a LIST<STRING> column), with a literal delimiter or,
//! for an empty delimiter, runs of whitespace (Python's `str.split()`). Regex splits are not
//! implemented.

use super::{HostStrs, build_rows, check_strings, host_string_column, is_white, mask_of};
use crate::column::Column;
use crate::device::kernels::strings as dev;
use crate::error::Result;
use crate::ops::numeric::host_mask_copy;
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::table::Table;
use rayon::prelude::*;

/// The tokens of one row; mirrors `Tokens` in `cuda/strings.cu`. With a delimiter every
/// row has at least one token; without one tokens are whitespace-separated runs. After
/// `maxtok - 1` tokens the rest of the row is the last one (leading whitespace skipped).
/// `rev` (rsplit) walks from the end: tokens come last first and the rest is the
/// beginning of the row (trailing whitespace skipped).
struct Tokens<'a> {
    s: &'a str,
    d: &'a str,
    maxtok: i64,
    rev: bool,
    /// Forward: the start of the rest; reverse: its end.
    pos: usize,
    count: i64,
    done: bool,
}

impl<'a> Tokens<'a> {
    fn new(s: &'a str, d: &'a str, maxtok: i64, rev: bool) -> Self {
        Tokens {
            s,
            d,
            maxtok,
            rev,
            pos: if rev { s.len() } else { 0 },
            count: 0,
            done: false,
        }
    }

    fn next_delimited(&mut self, last: bool) -> &'a str {
        let s = self.s;
        let found = if last {
            None
        } else if self.rev {
            s[..self.pos].rfind(self.d)
        } else {
            s[self.pos..].find(self.d).map(|m| self.pos + m)
        };
        let (start, end) = match (found, self.rev) {
            (Some(m), false) => {
                let r = (self.pos, m);
                self.pos = m + self.d.len();
                r
            }
            (Some(m), true) => {
                let r = (m + self.d.len(), self.pos);
                self.pos = m;
                r
            }
            (None, false) => (self.pos, s.len()),
            (None, true) => (0, self.pos),
        };
        self.done |= found.is_none();
        &s[start..end]
    }

    fn next_white(&mut self, last: bool) -> Option<&'a str> {
        let s = self.s;
        if !self.rev {
            self.pos = s.len() - s[self.pos..].trim_start_matches(is_white).len();
            if self.pos >= s.len() {
                self.done = true;
                return None;
            }
            let start = self.pos;
            let end = if last {
                self.done = true;
                s.len()
            } else {
                s[start..].find(is_white).map_or(s.len(), |k| start + k)
            };
            self.pos = end;
            return Some(&s[start..end]);
        }
        self.pos = s[..self.pos].trim_end_matches(is_white).len();
        if self.pos == 0 {
            self.done = true;
            return None;
        }
        let end = self.pos;
        let start = if last {
            self.done = true;
            0
        } else {
            s[..end]
                .rfind(is_white)
                .map_or(0, |k| k + s[k..].chars().next().map_or(1, char::len_utf8))
        };
        self.pos = start;
        Some(&s[start..end])
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        if self.done {
            return None;
        }
        let last = self.count + 1 >= self.maxtok;
        self.count += 1;
        if self.d.is_empty() {
            self.next_white(last)
        } else {
            Some(self.next_delimited(last))
        }
    }
}

/// The tokens of a row from left to right (for rsplit too).
fn tokens<'a>(s: &'a str, d: &'a str, maxtok: i64, rev: bool) -> Vec<&'a str> {
    let mut t: Vec<&str> = Tokens::new(s, d, maxtok, rev).collect();
    if rev {
        t.reverse();
    }
    t
}

/// The checked arguments of a split, shared by the table and the record forms.
struct Splitting {
    /// The literal delimiter (empty: runs of whitespace).
    delimiter: String,
    /// At most this many tokens per row (`maxsplit` <= 0: no limit, as pandas and libcudf).
    max_tokens: i64,
    /// Split from the end of each row.
    rev: bool,
}

impl Splitting {
    /// Check the arguments of `function` (a STRING input and a STRING delimiter).
    fn new(
        function: &str,
        input: &Column,
        delimiter: &Scalar,
        maxsplit: i64,
        rev: bool,
    ) -> Result<Self> {
        check_strings(input, function, "input")?;
        let delimiter = String::from_utf8(super::scalar_bytes(delimiter, function, "delimiter")?)
            .expect("STRING scalar");
        let max_tokens = if maxsplit > 0 {
            maxsplit.saturating_add(1)
        } else {
            i64::MAX
        };
        Ok(Splitting {
            delimiter,
            max_tokens,
            rev,
        })
    }
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
pub fn split(input: &Column, delimiter: &Scalar, maxsplit: i64) -> Result<Table> {
    let args = Splitting::new("split.split.split", input, delimiter, maxsplit, false)?;
    split_table(input, &args)
}

/// Like [`split`], but the `maxsplit` splits are made from the end of each row (Python's
/// `str.rsplit`); the tokens still fill the columns from the left.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::split::rsplit;
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a,b,c"])).unwrap();
/// let d = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![","])).unwrap()).unwrap();
/// let t = rsplit(&c, &d, 1).unwrap();
/// assert_eq!(t.num_columns(), 2);
/// ```
pub fn rsplit(input: &Column, delimiter: &Scalar, maxsplit: i64) -> Result<Table> {
    let args = Splitting::new("split.split.rsplit", input, delimiter, maxsplit, true)?;
    split_table(input, &args)
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
pub fn split_record(input: &Column, delimiter: &Scalar, maxsplit: i64) -> Result<Column> {
    let args = Splitting::new(
        "split.split.split_record",
        input,
        delimiter,
        maxsplit,
        false,
    )?;
    record(input, &args)
}

/// Like [`rsplit`], but every row's tokens become one LIST<STRING> row.
pub fn rsplit_record(input: &Column, delimiter: &Scalar, maxsplit: i64) -> Result<Column> {
    let args = Splitting::new(
        "split.split.rsplit_record",
        input,
        delimiter,
        maxsplit,
        true,
    )?;
    record(input, &args)
}

fn split_table(input: &Column, args: &Splitting) -> Result<Table> {
    let (d, maxtok, rev) = (&args.delimiter, args.max_tokens, args.rev);
    if use_device()? {
        let sp = dev::Split::new(input, d.as_bytes(), maxtok, rev)?;
        let ncols = sp.max_count.max(1);
        return Table::new((0..ncols).map(|j| sp.column(j)).collect::<Result<_>>()?);
    }
    let h = HostStrs::of(input)?;
    let n = h.len();
    // Tokenize every row once, then build the columns from the token lists.
    let rows: Vec<Option<Vec<&str>>> = (0..n)
        .into_par_iter()
        .with_min_len(1 << 12)
        .map(|i| h.opt(i).map(|s| tokens(s, d, maxtok, rev)))
        .collect();
    let ncols = rows
        .iter()
        .flatten()
        .map(Vec::len)
        .max()
        .unwrap_or(0)
        .max(1);
    let cols = (0..ncols)
        .map(|j| {
            let (chars, ends, valid) =
                build_rows(n, |i, out| match rows[i].as_ref().and_then(|t| t.get(j)) {
                    Some(t) => {
                        out.extend_from_slice(t.as_bytes());
                        true
                    }
                    None => false,
                });
            let (mask, nulls) = mask_of(&valid);
            host_string_column(chars, ends, mask, nulls)
        })
        .collect::<Result<Vec<_>>>()?;
    Table::new(cols)
}

fn record(input: &Column, args: &Splitting) -> Result<Column> {
    let (d, maxtok, rev) = (&args.delimiter, args.max_tokens, args.rev);
    if use_device()? {
        let mask = crate::device::kernels::transform::copy_mask(input)?;
        let nulls = if mask.is_some() {
            input.null_count()?
        } else {
            0
        };
        return dev::Split::new(input, d.as_bytes(), maxtok, rev)?.record(mask, nulls);
    }
    let h = HostStrs::of(input)?;
    let n = h.len();
    let mut list_offsets: Vec<i64> = Vec::with_capacity(n + 1);
    list_offsets.push(0);
    let mut chars = Vec::new();
    let mut ends = Vec::new();
    for i in 0..n {
        if let Some(s) = h.opt(i) {
            for t in tokens(s, d, maxtok, rev) {
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
    Column::list(offsets, child, mask, nulls)
}

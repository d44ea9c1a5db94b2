//! pylibcudf's regex splits of `strings.split.split`: `split_re`, `rsplit_re` (a table of
//! token columns) and `split_record_re`, `rsplit_record_re` (a LIST<STRING> column). The
//! delimiters are the successive matches of the pattern; the device finds them with the
//! pattern's DFAs.

use super::RegexProgram;
use super::items::{device_items, device_list, host_items, host_list, host_table, split_spans};
use crate::column::Column;
use crate::device::kernels::regex::ItemKind;
use crate::error::{Error, Result};
use crate::ops::strings::{HostStrs, check_strings};
use crate::table::Table;

/// The checks shared by the four splits.
fn check(input: &Column, prog: &RegexProgram, function: &str) -> Result<()> {
    check_strings(input, function, "input")?;
    if prog.pattern().is_empty() {
        return Err(Error::value(format!(
            "strings.{function}: the pattern must not be empty"
        )));
    }
    Ok(())
}

fn table(input: &Column, prog: &RegexProgram, maxsplit: i64, reverse: bool) -> Result<Table> {
    let (function, kind) = if reverse {
        ("split.split.rsplit_re", ItemKind::RSplit)
    } else {
        ("split.split.split_re", ItemKind::Split)
    };
    check(input, prog, function)?;
    let name = format!("strings.{function}");
    if let Some(items) = device_items(&name, input, prog, kind, maxsplit)? {
        let ncols = items.max_count.max(1);
        return Table::new((0..ncols).map(|j| items.column(j)).collect::<Result<_>>()?);
    }
    let h = HostStrs::of(input)?;
    let re = prog.host();
    let rows = host_items(&h, |s| {
        Some(
            split_spans(re, s, maxsplit, reverse)
                .into_iter()
                .map(Some)
                .collect(),
        )
    });
    let ncols = rows.iter().flatten().map(Vec::len).max().unwrap_or(0);
    host_table(&h, &rows, ncols.max(1))
}

fn record(input: &Column, prog: &RegexProgram, maxsplit: i64, reverse: bool) -> Result<Column> {
    let (function, kind) = if reverse {
        ("split.split.rsplit_record_re", ItemKind::RSplit)
    } else {
        ("split.split.split_record_re", ItemKind::Split)
    };
    check(input, prog, function)?;
    let name = format!("strings.{function}");
    if let Some(items) = device_items(&name, input, prog, kind, maxsplit)? {
        return device_list(input, items);
    }
    let h = HostStrs::of(input)?;
    let re = prog.host();
    let rows = host_items(&h, |s| {
        Some(
            split_spans(re, s, maxsplit, reverse)
                .into_iter()
                .map(Some)
                .collect(),
        )
    });
    host_list(&h, &rows)
}

/// Split every row at the successive matches of `prog` into at most `maxsplit + 1`
/// tokens (`maxsplit <= 0`: no limit; after `maxsplit` splits the rest of the row is the
/// last token). Column j of the result holds token j of each row, null where the row is
/// null or has fewer tokens; there are as many columns as the most tokens of a row (at
/// least one). An empty row has one empty token. `ValueError` for an empty pattern.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, split::split_re};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a_bc def_g", "a__bc"])).unwrap();
/// let p = RegexProgram::create("[_ ]", flags::DEFAULT).unwrap();
/// let t = split_re(&c, &p, -1).unwrap();
/// assert_eq!(t.num_columns(), 4);
/// assert_eq!(t.columns()[3].null_count().unwrap(), 1);
/// ```
pub fn split_re(input: &Column, prog: &RegexProgram, maxsplit: i64) -> Result<Table> {
    table(input, prog, maxsplit, false)
}

/// Like [`split_re`], but the `maxsplit` splits are made at the last matches of each row
/// (the rest, at the start of the row, is the first token).
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, split::rsplit_re};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a_bc def_g"])).unwrap();
/// let p = RegexProgram::create("[_ ]", flags::DEFAULT).unwrap();
/// let t = rsplit_re(&c, &p, 1).unwrap();
/// assert_eq!(t.num_columns(), 2);
/// ```
pub fn rsplit_re(input: &Column, prog: &RegexProgram, maxsplit: i64) -> Result<Table> {
    table(input, prog, maxsplit, true)
}

/// Like [`split_re`], but every row's tokens become one LIST<STRING> row (null rows stay
/// null).
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, split::split_record_re};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a1b22c"])).unwrap();
/// let p = RegexProgram::create(r"\d+", flags::DEFAULT).unwrap();
/// let l = split_record_re(&c, &p, -1).unwrap();
/// assert_eq!(l.children()[1].size(), 3);
/// ```
pub fn split_record_re(input: &Column, prog: &RegexProgram, maxsplit: i64) -> Result<Column> {
    record(input, prog, maxsplit, false)
}

/// Like [`rsplit_re`], but every row's tokens become one LIST<STRING> row.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, split::rsplit_record_re};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a1b22c"])).unwrap();
/// let p = RegexProgram::create(r"\d+", flags::DEFAULT).unwrap();
/// let l = rsplit_record_re(&c, &p, 1).unwrap();
/// assert_eq!(l.children()[1].size(), 2); // "a1b" and "c"
/// ```
pub fn rsplit_record_re(input: &Column, prog: &RegexProgram, maxsplit: i64) -> Result<Column> {
    record(input, prog, maxsplit, true)
}

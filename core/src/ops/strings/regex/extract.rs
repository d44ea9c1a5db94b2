//! pylibcudf's `strings.extract`: `extract` (a column per capture group of each row's
//! first match), `extract_single` (one of those columns) and `extract_all_record` (the
//! groups of every match, as a list per row).
//!
//! A DFA knows where a match is but not where its groups are: the device path finds the
//! match with the pattern's DFAs, then runs a Pike VM over the pattern's Thompson NFA
//! inside it (see [`super::capture`]); a pattern too large for that engine is a counted
//! host fallback.

use super::RegexProgram;
use super::capture;
use super::items::{Spans, host_items, host_list, host_table};
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::strings::{HostStrs, check_strings};
use crate::table::Table;

/// The checks shared by the extracts: a STRING input and a pattern with groups.
fn check(input: &Column, prog: &RegexProgram, function: &str) -> Result<usize> {
    check_strings(input, function, "input")?;
    let groups = prog.groups_count();
    if groups == 0 {
        return Err(Error::value(format!(
            "strings.{function}: the pattern {:?} has no capture groups; extract needs at \
             least one (group indicators such as \"(\\d+)\")",
            prog.pattern()
        )));
    }
    Ok(groups)
}

/// The capture-group spans of the first match of every row (`None` without one).
fn first_groups(h: &HostStrs, prog: &RegexProgram, groups: usize) -> Vec<Option<Spans>> {
    let re = prog.host();
    host_items(h, |s| {
        let mut caps = re.create_captures();
        re.captures(s, &mut caps);
        caps.is_match().then(|| {
            (1..=groups)
                .map(|g| caps.get_group(g).map(|sp| (sp.start, sp.end)))
                .collect()
        })
    })
}

/// A table with one STRING column per capture group of `prog`: row i holds the text the
/// group captured in the first match of row i, null where the row is null, has no match,
/// or the group took no part in the match. `ValueError` for a pattern without groups.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, extract::extract};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a1", "b2", "c3"])).unwrap();
/// let p = RegexProgram::create(r"([ab])(\d)", flags::DEFAULT).unwrap();
/// let t = extract(&c, &p).unwrap();
/// assert_eq!(t.num_columns(), 2);
/// assert_eq!(t.columns()[1].null_count().unwrap(), 1); // "c3" does not match
/// ```
pub fn extract(input: &Column, prog: &RegexProgram) -> Result<Table> {
    const NAME: &str = "strings.extract.extract";
    let groups = check(input, prog, "extract.extract")?;
    if let Some(items) = capture::device_first(NAME, input, prog)? {
        return Table::new(
            (0..groups)
                .map(|j| items.column(j))
                .collect::<Result<_>>()?,
        );
    }
    let h = HostStrs::of(input)?;
    let rows = first_groups(&h, prog, groups);
    host_table(&h, &rows, groups)
}

/// Column `group` (0 is the first capture group) of [`extract`]. `IndexError` when the
/// pattern has no such group.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, extract::extract_single};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a1", "b2"])).unwrap();
/// let p = RegexProgram::create(r"([ab])(\d)", flags::DEFAULT).unwrap();
/// let r = extract_single(&c, &p, 1).unwrap();
/// assert_eq!(r.size(), 2);
/// assert!(extract_single(&c, &p, 2).is_err());
/// ```
pub fn extract_single(input: &Column, prog: &RegexProgram, group: i64) -> Result<Column> {
    const NAME: &str = "strings.extract.extract_single";
    let groups = check(input, prog, "extract.extract_single")?;
    let g = usize::try_from(group)
        .ok()
        .filter(|&g| g < groups)
        .ok_or_else(|| {
            Error::index(format!(
                "strings.extract.extract_single: group {group} is out of range for a pattern \
                 with {groups} capture group(s) (0 is the first group)"
            ))
        })?;
    if let Some(items) = capture::device_first(NAME, input, prog)? {
        return items.column(g);
    }
    let h = HostStrs::of(input)?;
    let rows = first_groups(&h, prog, groups);
    let t = host_table(&h, &rows, groups)?;
    Ok(t.columns()[g].clone())
}

/// LIST<STRING>: for every row, the text of every capture group of every successive match
/// (groups of a match in order, then the next match); an item is null where its group took
/// no part in the match, a row is null where the input row is null or has no match.
/// `ValueError` for a pattern without groups.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, extract::extract_all_record};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a1 b2", "none"])).unwrap();
/// let p = RegexProgram::create(r"([ab])(\d)", flags::DEFAULT).unwrap();
/// let l = extract_all_record(&c, &p).unwrap();
/// assert_eq!(l.children()[1].size(), 4); // a, 1, b, 2
/// assert_eq!(l.null_count().unwrap(), 1);
/// ```
pub fn extract_all_record(input: &Column, prog: &RegexProgram) -> Result<Column> {
    const NAME: &str = "strings.extract.extract_all_record";
    let groups = check(input, prog, "extract.extract_all_record")?;
    if let Some(c) = capture::device_all(NAME, input, prog)? {
        return Ok(c);
    }
    let h = HostStrs::of(input)?;
    let re = prog.host();
    let rows = host_items(&h, |s| {
        let mut spans = Vec::new();
        for caps in re.captures_iter(s) {
            spans.extend((1..=groups).map(|g| caps.get_group(g).map(|sp| (sp.start, sp.end))));
        }
        (!spans.is_empty()).then_some(spans)
    });
    host_list(&h, &rows)
}

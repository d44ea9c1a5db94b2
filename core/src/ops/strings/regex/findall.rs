//! pylibcudf's `strings.findall`: `findall` (every match of each row as a list) and
//! `find_re` (where the first match starts). Both need only match spans, which the
//! device finds with the pattern's DFAs.

use super::RegexProgram;
use super::contains::on_device;
use super::items::{device_items, device_list, host_items, host_list};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::regex::{self as dev, ItemKind};
use crate::error::Result;
use crate::ops::numeric::host_mask_copy;
use crate::ops::strings::{HostStrs, check_strings};
use crate::types::TypeId;
use rayon::prelude::*;

/// LIST<STRING>: the successive non-overlapping matches of `prog` in each row (whole
/// matches: capture groups play no part); a row without a match gives an empty list, a
/// null row null.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, findall::findall};
/// let c = from_arrow(&arrow_array::StringArray::from(vec![Some("a1b22"), Some("x"), None])).unwrap();
/// let p = RegexProgram::create(r"\d+", flags::DEFAULT).unwrap();
/// let l = findall(&c, &p).unwrap();
/// assert_eq!(l.children()[1].size(), 2); // "1" and "22"
/// assert_eq!(l.null_count().unwrap(), 1);
/// ```
pub fn findall(input: &Column, prog: &RegexProgram) -> Result<Column> {
    const NAME: &str = "strings.findall.findall";
    check_strings(input, "findall.findall", "input")?;
    if let Some(items) = device_items(NAME, input, prog, ItemKind::Matches, 0)? {
        return device_list(input, items);
    }
    let h = HostStrs::of(input)?;
    let re = prog.host();
    let rows = host_items(&h, |s| {
        Some(
            re.find_iter(s)
                .map(|m| Some((m.start(), m.end())))
                .collect(),
        )
    });
    host_list(&h, &rows)
}

/// INT32: the character (code point) position where the first match of `prog` starts in
/// each row, -1 without a match; null rows give null.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, findall::find_re};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["éa1", "xyz"])).unwrap();
/// let p = RegexProgram::create(r"\d", flags::DEFAULT).unwrap();
/// let r = find_re(&c, &p).unwrap();
/// assert_eq!(r.host_values::<i32>().unwrap().to_vec(), vec![2, -1]);
/// ```
pub fn find_re(input: &Column, prog: &RegexProgram) -> Result<Column> {
    const NAME: &str = "strings.findall.find_re";
    check_strings(input, "findall.find_re", "input")?;
    if let Some(c) = on_device(NAME, prog, |p| dev::search(input, p, 3))? {
        return Ok(c);
    }
    let h = HostStrs::of(input)?;
    let re = prog.host();
    let v: Vec<i32> = (0..h.len())
        .into_par_iter()
        .map(
            |i| match h.opt(i).and_then(|s| re.find(s).map(|m| (s, m.start()))) {
                Some((s, b)) => s[..b].chars().count() as i32,
                None => -1,
            },
        )
        .collect();
    let (mask, nulls) = host_mask_copy(input)?;
    Column::new(
        TypeId::Int32.into(),
        h.len(),
        Some(Buffer::from_vec(v)),
        mask,
        Some(nulls),
        0,
        vec![],
    )
}

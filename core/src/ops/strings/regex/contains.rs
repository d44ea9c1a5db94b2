//! pylibcudf's `strings.contains` regex functions: `contains_re`, `matches_re`,
//! `count_re`.

use super::RegexProgram;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::regex as dev;
use crate::error::Result;
use crate::ops::numeric::host_mask_copy;
use crate::ops::strings::{HostStrs, check_strings};
use crate::placement::{host_fallback, use_device};
use crate::types::TypeId;
use rayon::prelude::*;
use regex_automata::{Anchored, Input};

/// What a search computes per row.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Search {
    /// BOOL8: a match anywhere.
    Contains = 0,
    /// BOOL8: a match starting at the first character.
    Matches = 1,
    /// INT32: the number of successive non-overlapping matches.
    Count = 2,
}

impl Search {
    fn name(self) -> &'static str {
        match self {
            Search::Contains => "strings.contains.contains_re",
            Search::Matches => "strings.contains.matches_re",
            Search::Count => "strings.contains.count_re",
        }
    }
}

/// Run `search` on the device when placement says so; `Ok(None)` when the device cannot
/// (a recorded host fallback in `auto` mode, an error in `gpu` mode).
pub(crate) fn on_device<T>(
    name: &str,
    prog: &RegexProgram,
    run: impl FnOnce(dev::DfaTables) -> Result<Option<T>>,
) -> Result<Option<T>> {
    if !use_device()? {
        return Ok(None);
    }
    match prog.device() {
        Ok(p) => {
            let tables = p.on_device()?;
            let tables = dev::DfaTables {
                tables: &tables,
                reverse_offset: p.reverse_offset(),
            };
            if let Some(out) = run(tables)? {
                return Ok(Some(out));
            }
            host_fallback(
                name,
                "a Unicode word boundary (\\b) next to non-ASCII text (use RegexFlags.ASCII \
                 for ASCII word boundaries on the GPU)",
            )?;
        }
        Err(why) => host_fallback(name, &why)?,
    }
    Ok(None)
}

fn search(input: &Column, prog: &RegexProgram, op: Search) -> Result<Column> {
    check_strings(input, op.name().trim_start_matches("strings."), "input")?;
    if let Some(c) = on_device(op.name(), prog, |p| dev::search(input, p, op as i32))? {
        return Ok(c);
    }
    let h = HostStrs::of(input)?;
    let re = prog.host();
    let n = h.len();
    let (mask, nulls) = host_mask_copy(input)?;
    let data = match op {
        Search::Count => {
            let v: Vec<i32> = (0..n)
                .into_par_iter()
                .map(|i| match h.opt(i) {
                    Some(s) => re.find_iter(s).count() as i32,
                    None => 0,
                })
                .collect();
            Buffer::from_vec(v)
        }
        _ => {
            let anchored = if op == Search::Matches {
                Anchored::Yes
            } else {
                Anchored::No
            };
            let v: Vec<u8> = (0..n)
                .into_par_iter()
                .map(|i| match h.opt(i) {
                    Some(s) => u8::from(re.is_match(Input::new(s).anchored(anchored))),
                    None => 0,
                })
                .collect();
            Buffer::from_vec(v)
        }
    };
    let dtype = if op == Search::Count {
        TypeId::Int32
    } else {
        TypeId::Bool8
    };
    Column::new(dtype.into(), n, Some(data), mask, Some(nulls), 0, vec![])
}

/// BOOL8: whether `prog` matches anywhere in each row; null rows give null.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, contains::contains_re};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["ab12", "xyz"])).unwrap();
/// let p = RegexProgram::create(r"\d", flags::DEFAULT).unwrap();
/// let r = contains_re(&c, &p).unwrap();
/// assert_eq!(r.host_values::<u8>().unwrap().to_vec(), vec![1, 0]);
/// ```
pub fn contains_re(input: &Column, prog: &RegexProgram) -> Result<Column> {
    search(input, prog, Search::Contains)
}

/// BOOL8: whether `prog` matches at the start of each row (Python's `re.match`).
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, contains::matches_re};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["ab12", "12ab"])).unwrap();
/// let p = RegexProgram::create(r"\d", flags::DEFAULT).unwrap();
/// let r = matches_re(&c, &p).unwrap();
/// assert_eq!(r.host_values::<u8>().unwrap().to_vec(), vec![0, 1]);
/// ```
pub fn matches_re(input: &Column, prog: &RegexProgram) -> Result<Column> {
    search(input, prog, Search::Matches)
}

/// INT32: the number of successive non-overlapping matches of `prog` in each row.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags, contains::count_re};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a1b22c333", ""])).unwrap();
/// let p = RegexProgram::create(r"\d+", flags::DEFAULT).unwrap();
/// let r = count_re(&c, &p).unwrap();
/// assert_eq!(r.host_values::<i32>().unwrap().to_vec(), vec![3, 0]);
/// ```
pub fn count_re(input: &Column, prog: &RegexProgram) -> Result<Column> {
    search(input, prog, Search::Count)
}

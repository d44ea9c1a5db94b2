//! The shared shape of findall, the regex splits and the capture-group extracts: every row
//! yields a list of *items* (byte spans of the row, an item possibly null), which become
//! either a LIST<STRING> column (the `_record` forms) or a table whose column j holds item
//! j of every row.
//!
//! The host path computes the spans with `regex-automata`; the device path with the
//! kernels of `cuda/regex.cu`, which follow the same rules (see [`split_spans`]).

use super::contains::on_device;
use super::{RegexProgram, for_each_match};
use crate::column::Column;
use crate::device::kernels::regex::{self as dev, ItemKind};
use crate::error::Result;
use crate::ops::strings::{HostStrs, build_rows, host_string_column, mask_of};
use crate::table::Table;
use rayon::prelude::*;

/// The items of one row: byte spans, `None` for a null item (a capture group that took no
/// part in the match).
pub(crate) type Spans = Vec<Option<(usize, usize)>>;

/// The spans of the tokens of `s` around the successive matches of `re`: around the first
/// `maxsplit` matches (`maxsplit <= 0`: all), or the last `maxsplit` ones when `reverse`.
/// A row always has one token more than the splits made (an empty row: one empty token).
/// This is libcudf's rule; `re_items` in `cuda/regex.cu` is the device twin.
pub(crate) fn split_spans(
    re: &regex_automata::meta::Regex,
    s: &str,
    maxsplit: i64,
    reverse: bool,
) -> Vec<(usize, usize)> {
    let mut matches = Vec::new();
    let limit = (!reverse && maxsplit > 0).then_some(maxsplit as usize);
    for_each_match(re, s, limit, |b, e| matches.push((b, e)));
    let splits = if maxsplit > 0 {
        matches.len().min(maxsplit as usize)
    } else {
        matches.len()
    };
    let used = if reverse {
        &matches[matches.len() - splits..]
    } else {
        &matches[..splits]
    };
    let mut out = Vec::with_capacity(used.len() + 1);
    let mut prev = 0;
    for &(b, e) in used {
        out.push((prev, b));
        prev = e;
    }
    out.push((prev, s.len()));
    out
}

/// The items of every row on the host: `f(row)` gives a valid row's items, or `None` to
/// make that row null (null input rows are null without calling `f`).
pub(crate) fn host_items(
    h: &HostStrs,
    f: impl Fn(&str) -> Option<Spans> + Sync,
) -> Vec<Option<Spans>> {
    (0..h.len())
        .into_par_iter()
        .with_min_len(1 << 12)
        .map(|i| h.opt(i).and_then(&f))
        .collect()
}

/// A table whose column j holds item j of every row (null where the row is null, has
/// fewer items or the item is null); `ncols` columns.
pub(crate) fn host_table(h: &HostStrs, rows: &[Option<Spans>], ncols: usize) -> Result<Table> {
    let cols = (0..ncols)
        .map(|j| {
            let (chars, ends, valid) = build_rows(h.len(), |i, out| {
                match rows[i].as_ref().and_then(|r| r.get(j).copied().flatten()) {
                    Some((b, e)) => {
                        out.extend_from_slice(&h.get(i).as_bytes()[b..e]);
                        true
                    }
                    None => false,
                }
            });
            let (mask, nulls) = mask_of(&valid);
            host_string_column(chars, ends, mask, nulls)
        })
        .collect::<Result<Vec<_>>>()?;
    Table::new(cols)
}

/// A LIST<STRING> column of every row's items (a `None` row is null).
pub(crate) fn host_list(h: &HostStrs, rows: &[Option<Spans>]) -> Result<Column> {
    let n = h.len();
    let mut list_offsets: Vec<i64> = Vec::with_capacity(n + 1);
    list_offsets.push(0);
    let (mut chars, mut ends, mut valid) = (Vec::new(), Vec::new(), Vec::new());
    let mut row_valid = Vec::with_capacity(n);
    for (i, r) in rows.iter().enumerate() {
        row_valid.push(r.is_some());
        for item in r.iter().flatten() {
            if let Some((b, e)) = *item {
                chars.extend_from_slice(&h.get(i).as_bytes()[b..e]);
            }
            ends.push(chars.len() as i64);
            valid.push(item.is_some());
        }
        list_offsets.push(ends.len() as i64);
    }
    let (cmask, cnulls) = mask_of(&valid);
    let child = host_string_column(chars, ends, cmask, cnulls)?;
    let offsets = if child.size() <= i32::MAX as usize {
        Column::from_values(list_offsets.iter().map(|&o| o as i32).collect::<Vec<_>>())
    } else {
        Column::from_values(list_offsets)
    };
    let (mask, nulls) = mask_of(&row_valid);
    Column::list(offsets, child, mask, nulls)
}

/// The items of `kind` of every row of `input` on the device when placement says so
/// (`Ok(None)`: compute on the host; a counted fallback or, in `gpu` mode, an error, as
/// [`on_device`] decides).
pub(crate) fn device_items(
    name: &str,
    input: &Column,
    prog: &RegexProgram,
    kind: ItemKind,
    maxsplit: i64,
) -> Result<Option<dev::Items>> {
    on_device(name, prog, |p| dev::Items::find(input, p, kind, maxsplit))
}

/// A LIST<STRING> column of device items with the input's validity.
pub(crate) fn device_list(input: &Column, items: dev::Items) -> Result<Column> {
    let mask = crate::device::kernels::transform::copy_mask(input)?;
    let nulls = if mask.is_some() {
        input.null_count()?
    } else {
        0
    };
    items.record(mask, nulls)
}

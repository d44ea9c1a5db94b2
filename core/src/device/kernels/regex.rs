//! Device regex kernels (`cuda/regex.cu`, compiled with the strings module): one thread
//! per row walks the DFA tables of [`crate::ops::strings::regex::dfa`].
//!
//! Every function returns `Ok(None)` when some row made the DFA quit (a Unicode word
//! boundary next to a non-ASCII byte); the caller then redoes the call on the host.

use super::args;
use super::gather::{flag_is_set, narrow_offsets};
use super::scan::exclusive_sum_with_total;
use super::strings::{Descs, build_flagged_strings, build_rows, map_rows, run, run_blocks};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::Result;
use crate::types::TypeId;

/// A pattern's DFA tables on the device, as [`crate::ops::strings::regex::dfa`] lays them
/// out: the forward and the reverse tables in one allocation, the reverse ones from word
/// `reverse_offset`.
#[derive(Clone, Copy)]
pub struct DfaTables<'a> {
    /// The uploaded table words.
    pub tables: &'a DeviceMemory,
    /// The word where the reverse tables start.
    pub reverse_offset: usize,
}

/// A capture program (the Pike VM of `crate::ops::strings::regex::capture`) on the
/// device: its instruction words, the number of capture slots (two per group, group 0
/// included) and the scratch words one VM needs.
#[derive(Clone, Copy)]
pub struct VmTables<'a> {
    /// The uploaded instruction words.
    pub words: &'a DeviceMemory,
    /// Two slots per capture group, the whole match (group 0) included.
    pub slots: usize,
    /// The scratch words one thread's VM needs.
    pub scratch_words: usize,
}

/// contains (op 0), matches at the start (1) as BOOL8, the count of matches (2) or the
/// character position of the first match (3, -1 without one) as INT32, with the input's
/// validity.
pub fn search(col: &Column, prog: DfaTables, op: i32) -> Result<Option<Column>> {
    let flag = DeviceMemory::zeroed(4)?;
    let dtype = if op >= 2 {
        TypeId::Int32
    } else {
        TypeId::Bool8
    };
    let out = map_rows(
        col,
        "re_search",
        dtype,
        &args![
            prog.tables.ptr(),
            prog.reverse_offset as i64,
            op,
            flag.ptr()
        ],
    )?;
    Ok(if flag_is_set(&flag)? { None } else { Some(out) })
}

/// Replace the first `maxrepl` (< 0: all) successive matches in every row by `repl`.
pub fn replace(col: &Column, prog: DfaTables, repl: &[u8], maxrepl: i64) -> Result<Option<Column>> {
    let r = DeviceMemory::from_host(if repl.is_empty() { &[0] } else { repl })?;
    let flag = DeviceMemory::zeroed(4)?;
    let out = build_rows(
        col,
        "re_replace",
        &args![
            prog.tables.ptr(),
            prog.reverse_offset as i64,
            r.ptr(),
            repl.len() as i64,
            maxrepl,
            flag.ptr()
        ],
    )?;
    Ok(if flag_is_set(&flag)? { None } else { Some(out) })
}

/// What the items of a row are (the `kind` of `re_items` in `cuda/regex.cu`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// Every match (findall).
    Matches = 0,
    /// The tokens around the first `maxsplit` matches (split_re).
    Split = 1,
    /// The tokens around the last `maxsplit` matches (rsplit_re).
    RSplit = 2,
    /// The capture groups of every match (extract_all_record; counted only).
    Groups = 3,
}

/// The items of every row of a STRING column as byte spans on the device: what findall
/// and the regex splits build their columns from.
pub struct Items {
    d: Descs,
    /// Exclusive sums of the rows' item counts (int64, n + 1 entries).
    offsets: DeviceMemory,
    /// (begin, end) byte pairs, `total` of them.
    spans: DeviceMemory,
    total: usize,
    /// The most items of a row.
    pub max_count: usize,
    n: usize,
    /// Per row: whether it had a match (extract_all_record only).
    row_valid: Option<DeviceMemory>,
}

impl Items {
    /// Find the items of `kind` of every row of `col` (`maxsplit` <= 0: no limit); `None`
    /// when a row made the DFA quit.
    pub fn find(
        col: &Column,
        prog: DfaTables,
        kind: ItemKind,
        maxsplit: i64,
    ) -> Result<Option<Items>> {
        let n = col.size();
        let Some((offsets, total, max_count)) = Items::count(col, prog, kind, maxsplit)? else {
            return Ok(None);
        };
        let d = Descs::new(&[(col, false)])?;
        let quit = DeviceMemory::zeroed(4)?;
        let spans = DeviceMemory::alloc(total.max(1) * 16)?;
        run(
            "re_items_spans",
            n,
            &args![
                d.ptr(),
                n as i64,
                prog.tables.ptr(),
                prog.reverse_offset as i64,
                kind as i32,
                maxsplit,
                quit.ptr(),
                offsets.ptr(),
                spans.ptr()
            ],
        )?;
        if flag_is_set(&quit)? {
            return Ok(None);
        }
        Ok(Some(Items {
            d,
            offsets,
            spans,
            total,
            max_count,
            n,
            row_valid: None,
        }))
    }

    /// The capture groups of the first match of every row (`all == false`: `groups` items
    /// per row, all null without a match) or of every match (`all`), found by the DFAs
    /// and the Pike VM of `cap`; `None` when a row made an engine quit.
    pub fn captures(
        col: &Column,
        prog: DfaTables,
        cap: VmTables,
        all: bool,
    ) -> Result<Option<Items>> {
        let n = col.size();
        let groups = cap.slots / 2 - 1;
        let (offsets, total, max_count) = if all {
            let Some(counted) = Items::count(col, prog, ItemKind::Groups, groups as i64)? else {
                return Ok(None);
            };
            counted
        } else {
            let total = n * groups;
            (DeviceMemory::zeroed((n + 1) * 8)?, total, groups)
        };
        let d = Descs::new(&[(col, false)])?;
        let quit = DeviceMemory::zeroed(4)?;
        let spans = DeviceMemory::alloc(total.max(1) * 16)?;
        let row_valid = DeviceMemory::zeroed(n.max(1))?;
        // One VM's scratch per GPU thread: at most 256 MiB in all, at least one block.
        let per_thread = cap.scratch_words;
        let threads =
            ((256usize << 20) / (per_thread * 8)).clamp(128, n.div_ceil(128).max(1) * 128);
        let blocks = threads / 128;
        let scratch = DeviceMemory::alloc(blocks * 128 * per_thread * 8)?;
        run_blocks(
            "re_capture_spans",
            blocks,
            128,
            &args![
                d.ptr(),
                n as i64,
                prog.tables.ptr(),
                prog.reverse_offset as i64,
                cap.words.ptr(),
                i32::from(all),
                groups as i64,
                quit.ptr(),
                offsets.ptr(),
                spans.ptr(),
                row_valid.ptr(),
                scratch.ptr(),
                per_thread as i64
            ],
        )?;
        if flag_is_set(&quit)? {
            return Ok(None);
        }
        Ok(Some(Items {
            d,
            offsets,
            spans,
            total,
            max_count,
            n,
            row_valid: all.then_some(row_valid),
        }))
    }

    /// Count the items of `kind` of every row into scanned offsets: the offsets, the
    /// total and the most items of a row; `None` when a row made the DFA quit.
    fn count(
        col: &Column,
        prog: DfaTables,
        kind: ItemKind,
        maxsplit: i64,
    ) -> Result<Option<(DeviceMemory, usize, usize)>> {
        let n = col.size();
        let d = Descs::new(&[(col, false)])?;
        let quit = DeviceMemory::zeroed(4)?;
        let offsets = DeviceMemory::zeroed((n + 1) * 8)?;
        let max = DeviceMemory::zeroed(8)?;
        run(
            "re_items_count",
            n + 1,
            &args![
                d.ptr(),
                n as i64,
                prog.tables.ptr(),
                prog.reverse_offset as i64,
                kind as i32,
                maxsplit,
                quit.ptr(),
                offsets.ptr(),
                max.ptr()
            ],
        )?;
        if flag_is_set(&quit)? {
            return Ok(None);
        }
        let b = max.copy_to_host(0, 8)?;
        let max_count = u64::from_le_bytes(b.as_slice().try_into().expect("8 bytes")) as usize;
        let total = exclusive_sum_with_total(&offsets, n)? as usize;
        Ok(Some((offsets, total, max_count)))
    }

    /// [`Items::record`] with the rows without a match null (extract_all_record): the
    /// validity of `input` and the capture kernel's per-row flags.
    pub fn record_nonempty(mut self, input: &Column) -> Result<Column> {
        let n = self.n;
        let (mask, nulls) = match self.row_valid.take() {
            Some(flags) if n > 0 => {
                let flags = super::device_values(TypeId::Bool8.into(), n, flags)?;
                let (m, nulls) = super::transform::bools_to_mask(&flags)?;
                ((nulls > 0).then_some(m), nulls)
            }
            _ => {
                let mask = super::transform::copy_mask(input)?;
                let nulls = if mask.is_some() {
                    input.null_count()?
                } else {
                    0
                };
                (mask, nulls)
            }
        };
        self.record(mask, nulls)
    }

    /// Item `j` of every row (null where a row is null or has fewer items).
    pub fn column(&self, j: usize) -> Result<Column> {
        build_flagged_strings(
            "re_span_column",
            self.n,
            &args![
                self.d.ptr(),
                self.n as i64,
                self.offsets.ptr(),
                self.spans.ptr(),
                j as i64
            ],
        )
    }

    /// Every item of every row as a LIST<STRING> column with validity `mask`.
    pub fn record(self, mask: Option<Buffer>, null_count: usize) -> Result<Column> {
        let (n, total) = (self.n, self.total);
        let rows = if total > 0 {
            super::filling::repeat_map(self.offsets.ptr(), n, total)?
        } else {
            DeviceMemory::alloc(0)?
        };
        let child = build_flagged_strings(
            "re_span_strings",
            total,
            &args![self.d.ptr(), total as i64, rows.ptr(), self.spans.ptr()],
        )?;
        let (offsets, _, _) = narrow_offsets(self.offsets, n + 1, total > i32::MAX as usize)?;
        Column::list(offsets, child, mask, null_count)
    }
}

/// A replacement template for [`replace_with_backrefs`]: its literal bytes and its pieces,
/// each `[0, begin, end]` (template bytes) or `[1, group, 0]` (group 0: the whole match).
pub struct Template<'a> {
    /// The literal bytes the pieces point into.
    pub bytes: &'a [u8],
    /// The pieces in order.
    pub pieces: &'a [[i64; 3]],
}

/// Every row with its first `maxrepl` (all when negative) matches replaced by `template`,
/// the groups it names found by the Pike VM `cap` (None: the template names no group but
/// 0); the input's validity. `None` when a row made an engine quit.
pub fn replace_with_backrefs(
    col: &Column,
    prog: DfaTables,
    cap: Option<VmTables>,
    template: &Template,
    maxrepl: i64,
) -> Result<Option<Column>> {
    let n = col.size();
    let Some(matches) = Items::find(col, prog, ItemKind::Matches, 0)? else {
        return Ok(None);
    };
    let groups = match cap {
        Some(vm) => match Items::captures(col, prog, vm, true)? {
            Some(g) => Some((g, vm.slots / 2 - 1)),
            None => return Ok(None),
        },
        None => None,
    };
    let words: Vec<u8> = template
        .pieces
        .iter()
        .flatten()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    let pieces = super::strings::upload(&[words.as_slice(), &[0; 8]].concat())?;
    let tmpl = super::strings::upload(&[template.bytes, &[0]].concat())?;
    let (gspans, ngroups) = groups.as_ref().map_or((0, 0), |(g, k)| (g.spans.ptr(), *k));
    let (mask, nulls) = super::transform::copied_validity(col)?;
    let a = args![
        matches.d.ptr(),
        n as i64,
        matches.offsets.ptr(),
        matches.spans.ptr(),
        gspans,
        ngroups as i64,
        pieces.ptr(),
        template.pieces.len() as i64,
        tmpl.ptr(),
        maxrepl
    ];
    super::strings::build_strings("re_backrefs", n, mask, nulls, &a).map(Some)
}

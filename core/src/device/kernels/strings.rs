//! Device string kernels of `plc.strings` (see `cuda/strings.cu`).
//!
//! Kernels that build STRING columns run twice: sizes per row, an exclusive scan of the
//! sizes into offsets (the shared scan machinery), then the bytes.

use super::gather::narrow_offsets;
use super::scan::exclusive_sum_with_total;
use super::transform::{bools_to_mask, copied_validity};
use super::{Arg, COMMON, args, device_column, device_values, grid, launch, string_parts};
use std::sync::Arc;

use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::types::{DataType, TypeId, fixed_width};
use cudarc::driver::CudaFunction;

const HELPERS: &str = include_str!("cuda/strings.cuh");
const SOURCE: &str = include_str!("cuda/strings.cu");
const REGEX: &str = include_str!("cuda/regex.cu");
const CHARS: &str = include_str!("cuda/strings_chars.cu");
const EDIT: &str = include_str!("cuda/strings_edit.cu");
const CALENDAR: &str = include_str!("cuda/calendar.cuh");
const CONVERT: &str = include_str!("cuda/strings_convert.cu");
const POW5_128: &str = include_str!("cuda/pow5_128.cuh");
const FLOATS: &str = include_str!("cuda/strings_floats.cu");
const NVTEXT: &str = include_str!("cuda/nvtext.cu");
const NVTEXT_UNICODE: &str = include_str!("cuda/nvtext_unicode.cu");
const NVTEXT_TOKENIZERS: &str = include_str!("cuda/nvtext_tokenizers.cu");
const NVTEXT_DEDUP: &str = include_str!("cuda/nvtext_dedup.cu");
const TEXT_SPLIT: &str = include_str!("cuda/text_split.cu");

/// The CUDA source of the strings module: the string helpers of `strings.cuh`, then the
/// string and the regex kernels, which both build on them, then the character-class
/// (`strings_chars.rs`), row-editing (`strings_edit.rs`) and conversion
/// (`strings_convert.rs`; the float conversions of `strings_floats.cu` after their
/// generated table `pow5_128.cuh`) kernels, the nvtext kernels (`nvtext.rs`,
/// `nvtext_unicode.rs`, `nvtext_tokenizers.rs`, `nvtext_dedup.rs`) and io.text's
/// `text_split.rs`.
pub fn module_source() -> String {
    format!(
        "{COMMON}\n{HELPERS}\n{SOURCE}\n{REGEX}\n{CHARS}\n{EDIT}\n{CALENDAR}\n{CONVERT}\n{POW5_128}\n\
         {FLOATS}\n{NVTEXT}\n{NVTEXT_UNICODE}\n{NVTEXT_TOKENIZERS}\n{NVTEXT_DEDUP}\n{TEXT_SPLIT}"
    )
}

fn function(name: &str) -> Result<CudaFunction> {
    runtime()?.function("strings", module_source, name)
}

/// Launch `name` over `n` threads (grid-stride) with `args`.
pub(crate) fn run(name: &str, n: usize, args: &[Arg]) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    let f = function(name)?;
    // SAFETY: every caller passes descriptors and buffers sized for the rows launched;
    // the kernels read rows inside their offsets and write inside the outputs.
    unsafe { launch(&f, grid(n)?, args) }
}

/// Launch `name` on `count` blocks of `threads` threads: for kernels whose per-thread
/// scratch bounds how many threads may run (the capture VM of `cuda/regex.cu`).
pub(crate) fn run_blocks(name: &str, count: usize, threads: u32, args: &[Arg]) -> Result<()> {
    if count == 0 {
        return Ok(());
    }
    let f = function(name)?;
    // SAFETY: the caller passes buffers sized for the rows and for `count * threads`
    // threads' scratch.
    unsafe { launch(&f, super::blocks(count, threads), args) }
}

/// Descriptors of string operands in device memory (with anything they point into that
/// had to be made here).
pub struct Descs {
    mem: DeviceMemory,
    _keep: Vec<DeviceMemory>,
}

impl Descs {
    /// Descriptors of `(column, is_scalar)` pairs; a scalar operand's row 0 serves every row.
    pub fn new(cols: &[(&Column, bool)]) -> Result<Descs> {
        let mut words: Vec<u64> = Vec::with_capacity(cols.len() * 6);
        let mut keep = Vec::new();
        for &(c, scalar) in cols {
            let (mask, mask_off) = match c.mask() {
                Some(m) if c.size() > 0 && c.null_count()? > 0 => {
                    (m.device_ptr()?, c.offset() as u64)
                }
                _ => (0, 0),
            };
            let (chars, offs, off64) = if c.children().is_empty() {
                // No offsets child (every row empty): point at zeroed offsets.
                let z = DeviceMemory::zeroed((c.size() + 1) * 4)?;
                let p = z.ptr();
                keep.push(z);
                (0, p, 0)
            } else {
                // The descriptor's offsets start at the column's row 0.
                let (chars, offs, wide) = string_parts(c)?;
                let w = if wide { 8 } else { 4 };
                (chars, offs + (c.offset() * w) as u64, u64::from(wide))
            };
            words.extend([chars, offs, mask, mask_off, off64, u64::from(scalar)]);
        }
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        Ok(Descs {
            mem: DeviceMemory::from_host(&bytes)?,
            _keep: keep,
        })
    }
    pub(crate) fn ptr(&self) -> u64 {
        self.mem.ptr()
    }
}

/// Host bytes on the device (kept alive with the returned memory).
#[track_caller]
pub(crate) fn upload(bytes: &[u8]) -> Result<DeviceMemory> {
    DeviceMemory::from_host(bytes)
}

/// Host `u32`s on the device.
#[track_caller]
pub(crate) fn upload_u32(v: &[u32]) -> Result<DeviceMemory> {
    let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    upload(&bytes)
}

/// A STRING column of `n` rows built by the two-pass kernel `name`. Both passes launch
/// it over the `n` rows with `args` followed by the arguments every such kernel ends with
/// (`write`, `sizes`, `out_off`, `out_chars`): the first stores the row sizes (write = 0),
/// the second, once they are scanned into offsets, writes the bytes (write = 1).
pub(crate) fn build_strings(
    name: &str,
    n: usize,
    mask: Option<Buffer>,
    null_count: Option<usize>,
    args: &[Arg],
) -> Result<Column> {
    let pass = |write: i32, sizes: u64, out_off: u64, out_chars: u64| {
        let mut all = args.to_vec();
        all.extend([
            Arg::I32(write),
            Arg::P(sizes),
            Arg::P(out_off),
            Arg::P(out_chars),
        ]);
        run(name, n, &all)
    };
    let sizes = DeviceMemory::zeroed((n + 1) * 8)?;
    if n > 0 {
        pass(0, sizes.ptr(), 0, 0)?;
    }
    let total = exclusive_sum_with_total(&sizes, n)? as usize;
    let chars = DeviceMemory::alloc(total)?;
    if total > 0 {
        pass(1, 0, sizes.ptr(), chars.ptr())?;
    }
    let (offsets, _, _) = narrow_offsets(sizes, n + 1, total > i32::MAX as usize)?;
    Column::new(
        TypeId::String.into(),
        n,
        Some(Buffer::from_device(chars)),
        mask,
        null_count,
        0,
        vec![offsets],
    )
}

/// A STRING column built by the two-pass kernel `name` (see [`build_strings`]) whose size
/// pass also says which rows are valid: one byte per row, in a zeroed allocation passed
/// after `args`. The flags become the column's validity.
pub(crate) fn build_flagged_strings(name: &str, n: usize, args: &[Arg]) -> Result<Column> {
    let flags = DeviceMemory::zeroed(n)?;
    let mut all = args.to_vec();
    all.push(Arg::P(flags.ptr()));
    let col = build_strings(name, n, None, Some(0), &all)?;
    if n == 0 {
        return Ok(col);
    }
    let flags = device_values(TypeId::Bool8.into(), n, flags)?;
    let (mask, nulls) = bools_to_mask(&flags)?;
    let mask = (nulls > 0).then_some(mask);
    col.with_mask(mask, Some(nulls))
}

/// Characters (`bytes == false`) or bytes per row, INT32, with the input's validity.
pub fn count(col: &Column, bytes: bool) -> Result<Column> {
    map_rows(col, "str_count", TypeId::Int32, &args![i32::from(bytes)])
}

/// A column of `dtype`, one value per row of `col` with `col`'s validity, from the kernel
/// `name`: its arguments are `col`'s descriptor and row count, then `rest`, then the
/// output (the kernels that run `map_rows` of `strings.cuh`).
pub(crate) fn map_rows(col: &Column, name: &str, dtype: TypeId, rest: &[Arg]) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let out = DeviceMemory::alloc(n * fixed_width(dtype).expect("fixed-width output"))?;
    let mut args = vec![Arg::P(d.ptr()), Arg::I(n as i64)];
    args.extend_from_slice(rest);
    args.push(Arg::P(out.ptr()));
    run(name, n, &args)?;
    let (mask, nulls) = copied_validity(col)?;
    device_column(dtype.into(), n, out, mask, nulls)
}

/// A STRING column of `col`'s rows with `col`'s validity, built by the two-pass kernel
/// `name` (see [`build_strings`]) whose arguments start with `col`'s descriptor and row
/// count, then `rest` (the kernels that run `build_rows` of `strings.cuh`).
pub(crate) fn build_rows(col: &Column, name: &str, rest: &[Arg]) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let (mask, nulls) = copied_validity(col)?;
    let mut args = vec![Arg::P(d.ptr()), Arg::I(n as i64)];
    args.extend_from_slice(rest);
    build_strings(name, n, mask, nulls, &args)
}

/// The case tables on the device, uploaded once per direction: they are constants
/// (`ops::strings::case::table`), and uploading them on every call was the largest hidden
/// transfer of the string functions in the transfer audit.
fn case_tables(
    upper: bool,
    keys: &[u32],
    vals: &[u32],
) -> Result<(Arc<DeviceMemory>, Arc<DeviceMemory>)> {
    type Tables = (Arc<DeviceMemory>, Arc<DeviceMemory>);
    static CACHE: std::sync::Mutex<[Option<Tables>; 2]> = std::sync::Mutex::new([None, None]);
    let mut cache = CACHE.lock().unwrap_or_else(|p| p.into_inner());
    let slot = &mut cache[usize::from(upper)];
    if let Some(t) = slot {
        return Ok(t.clone());
    }
    let t = (Arc::new(upload_u32(keys)?), Arc::new(upload_u32(vals)?));
    *slot = Some(t.clone());
    Ok(t)
}

/// Case mapping with the non-ASCII table `keys` (sorted code points) and `vals` (three
/// code points per key, 0-padded).
pub fn case(col: &Column, upper: bool, keys: &[u32], vals: &[u32]) -> Result<Column> {
    let (k, v) = case_tables(upper, keys, vals)?;
    build_rows(
        col,
        "str_case",
        &args![i32::from(upper), k.ptr(), v.ptr(), keys.len() as i64],
    )
}

/// contains (op 0), starts_with (1), ends_with (2) as BOOL8 or find (3) / rfind (4) as INT32 of `col`
/// against `target` (a column, or a valid scalar's column when `scalar`); the caller
/// supplies the output validity.
#[allow(clippy::too_many_arguments)]
pub fn find(
    col: &Column,
    target: &Column,
    scalar: bool,
    op: i32,
    start: i64,
    stop: i64,
    mask: Option<Buffer>,
    null_count: usize,
) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false), (target, scalar)])?;
    let (t, w): (DataType, usize) = if op >= 3 {
        (TypeId::Int32.into(), 4)
    } else {
        (TypeId::Bool8.into(), 1)
    };
    let out = DeviceMemory::alloc(n * w)?;
    run(
        "str_find",
        n,
        &args![d.ptr(), n as i64, op, start, stop, out.ptr()],
    )?;
    device_column(t, n, out, mask, Some(null_count))
}

/// Literal replace of up to `maxrepl` (< 0: all) occurrences of `target` (not empty).
pub fn replace(col: &Column, target: &[u8], repl: &[u8], maxrepl: i64) -> Result<Column> {
    let (t, r) = (upload(target)?, upload(repl)?);
    build_rows(
        col,
        "str_replace",
        &args![
            t.ptr(),
            target.len() as i64,
            r.ptr(),
            repl.len() as i64,
            maxrepl
        ],
    )
}

/// Characters `[start:stop:step]` of every row (Python slice semantics; step != 0).
pub fn slice(col: &Column, start: Option<i64>, stop: Option<i64>, step: i64) -> Result<Column> {
    build_rows(
        col,
        "str_slice",
        &args![
            i32::from(start.is_some()),
            start.unwrap_or(0),
            i32::from(stop.is_some()),
            stop.unwrap_or(0),
            step
        ],
    )
}

/// Strip code points of `set` (empty: whitespace) from side 0 (left), 1 (right) or 2 (both).
pub fn strip(col: &Column, side: i32, set: &[u32]) -> Result<Column> {
    let s = upload_u32(set)?;
    build_rows(col, "str_strip", &args![side, s.ptr(), set.len() as i64])
}

/// A prepared split: the descriptor, the delimiter on the device and the token counts.
pub struct Split {
    d: Descs,
    delim: DeviceMemory,
    dlen: i64,
    maxtok: i64,
    rev: i32,
    /// Tokens per row (int64, n + 1 entries, the last 0).
    pub counts: DeviceMemory,
    /// The largest token count of a row.
    pub max_count: usize,
    n: usize,
}

impl Split {
    /// Count the tokens of every row (`delim` empty: whitespace runs; at most `maxtok`,
    /// counted from the end when `reverse`).
    pub fn new(col: &Column, delim: &[u8], maxtok: i64, reverse: bool) -> Result<Split> {
        let rev = i32::from(reverse);
        let n = col.size();
        let d = Descs::new(&[(col, false)])?;
        let dm = upload(delim)?;
        let counts = DeviceMemory::zeroed((n + 1) * 8)?;
        let max = DeviceMemory::zeroed(8)?;
        run(
            "str_split_count",
            n + 1,
            &args![
                d.ptr(),
                n as i64,
                dm.ptr(),
                delim.len() as i64,
                maxtok,
                rev,
                counts.ptr(),
                max.ptr()
            ],
        )?;
        let b = max.copy_to_host(0, 8)?;
        let max_count = u64::from_le_bytes(b.as_slice().try_into().expect("8 bytes")) as usize;
        Ok(Split {
            d,
            delim: dm,
            dlen: delim.len() as i64,
            maxtok,
            rev,
            counts,
            max_count,
            n,
        })
    }

    /// Token `j` of every row (null where a row has fewer tokens or is null).
    pub fn column(&self, j: usize) -> Result<Column> {
        let n = self.n;
        build_flagged_strings(
            "str_split_column",
            n,
            &args![
                self.d.ptr(),
                n as i64,
                self.delim.ptr(),
                self.dlen,
                self.maxtok,
                self.rev,
                self.counts.ptr(),
                j as i64
            ],
        )
    }

    /// Every token of every row as a LIST<STRING> column with `mask` (the input's nulls).
    pub fn record(self, mask: Option<Buffer>, null_count: usize) -> Result<Column> {
        let n = self.n;
        let total = exclusive_sum_with_total(&self.counts, n)? as usize;
        let rows = if total > 0 {
            super::filling::repeat_map(self.counts.ptr(), n, total)?
        } else {
            DeviceMemory::alloc(0)?
        };
        let list_off = self.counts.ptr();
        let child = build_strings(
            "str_split_tokens",
            total,
            None,
            Some(0),
            &args![
                self.d.ptr(),
                total as i64,
                rows.ptr(),
                list_off,
                self.delim.ptr(),
                self.dlen,
                self.maxtok,
                self.rev
            ],
        )?;
        let (offsets, _, _) = narrow_offsets(self.counts, n + 1, total > i32::MAX as usize)?;
        Column::list(offsets, child, mask, null_count)
    }
}

/// Row-wise concatenation of `cols` with separator `sep` (a column or a scalar's column);
/// see `str_concat` in `cuda/strings.cu` for the null rules.
pub fn concat(
    cols: &[Column],
    sep: (&Column, bool),
    sep_narep: Option<&[u8]>,
    col_narep: Option<&[u8]>,
    separate_nulls: bool,
) -> Result<Column> {
    let n = cols[0].size();
    let pairs: Vec<(&Column, bool)> = cols.iter().map(|c| (c, false)).collect();
    let d = Descs::new(&pairs)?;
    let s = Descs::new(&[sep])?;
    let sn = upload(sep_narep.unwrap_or(&[]))?;
    let cn = upload(col_narep.unwrap_or(&[]))?;
    build_flagged_strings(
        "str_concat",
        n,
        &args![
            d.ptr(),
            cols.len() as i64,
            s.ptr(),
            sn.ptr(),
            sep_narep.map_or(0, <[u8]>::len) as i64,
            i32::from(sep_narep.is_some()),
            cn.ptr(),
            col_narep.map_or(0, <[u8]>::len) as i64,
            i32::from(col_narep.is_some()),
            i32::from(separate_nulls),
            n as i64
        ],
    )
}

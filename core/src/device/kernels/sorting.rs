//! Device sorting: a stable LSD radix sort of (key, row) pairs written for ferrodf (no CUB
//! under NVRTC), and rank / is_sorted built from it with a few small kernels.
//!
//! A multi-column sort is a list of key *specs* applied least significant first (the last
//! column first, each column's null flag after its values). Each spec extracts one
//! order-preserving unsigned key per position through the current permutation (a gather),
//! then sorts by 8-bit digits, skipping every digit all keys share (found from one
//! histogram read of the keys, so small-range keys cost few passes). Strings are several
//! specs: their length (the final tie-breaker), then 8-byte big-endian chunks from the last
//! to the first, up to the longest string.

use super::scan::{ScanOp, scan_in_place};
use super::{COMMON, SCAN_CUH, args, grid, launch};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::keys::{KeyKind, NullOrder, Order};
use crate::params::RankMethod;
use crate::types::{TypeId, fixed_width};

const SOURCE: &str = include_str!("cuda/sorting.cu");
const RADIX: usize = 256;
/// Keys per thread of a onesweep tile (256 threads), unless `FERRODF_SORT_ITEMS` (4 to 14;
/// more does not fit 48 KiB of static shared memory) says otherwise, for tuning. 13 with 4
/// blocks per SM measured best on an H200 (bench/profile_sort_passes.py through
/// bench/sort_variants/run.sh: 1.21 ms a pass of 10^8 int64 keys, against 1.23 for 12,
/// 1.31 for 14, 1.43 for 8; docs/gpu.md, "The GPU sort").
const DEFAULT_SORT_ITEMS: usize = 13;

fn sort_items() -> usize {
    static ITEMS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *ITEMS.get_or_init(|| super::tuning_knob("FERRODF_SORT_ITEMS", 4..=14, DEFAULT_SORT_ITEMS))
}

/// The minimum resident blocks per SM the onesweep pass is compiled for (its
/// `__launch_bounds__`), unless `FERRODF_SORT_MIN_BLOCKS` (1 to 8) says otherwise: more
/// caps the registers per thread, trading spills for occupancy. For tuning; the default
/// is 4.
fn sort_min_blocks() -> usize {
    static BLOCKS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    // 4 (64 registers a thread) measured best on an H200 with 12-13 keys a thread; 5
    // capped the pass at 48 registers, and Nsight Compute counted 4.7 million spill
    // requests a pass with 8 keys a thread.
    *BLOCKS.get_or_init(|| super::tuning_knob("FERRODF_SORT_MIN_BLOCKS", 1..=8, 4))
}

/// Keys per onesweep tile.
fn tile() -> usize {
    256 * sort_items()
}

/// The text of sorting.cu, or, for kernel tuning on a GPU machine without rebuilding the
/// wheel, of the file `FERRODF_SORT_SOURCE` names (a variant of sorting.cu with the same
/// kernels and arguments; bench/sort_variants/ holds the ones measured). Read once per
/// process. An unreadable file is ignored with a warning on stderr.
fn sort_source() -> &'static str {
    static TEXT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| {
        let path = std::env::var_os("FERRODF_SORT_SOURCE")?;
        match std::fs::read_to_string(&path) {
            Ok(text) => Some(text),
            Err(e) => {
                eprintln!("ferrodf: FERRODF_SORT_SOURCE {path:?} ignored: {e}");
                None
            }
        }
    })
    .as_deref()
    .unwrap_or(SOURCE)
}

/// The CUDA source of the sort module for 32-bit (`wide == false`) or 64-bit keys.
pub fn module_source(wide: bool) -> String {
    let kt = if wide { "uint64_t" } else { "uint32_t" };
    format!(
        "{COMMON}\n#define KEY_T {kt}\n#define SORT_ITEMS {}\n#define SORT_MIN_BLOCKS {}\n\
         {SCAN_CUH}\n{}\n{}",
        sort_items(),
        sort_min_blocks(),
        super::search::SOURCE,
        sort_source()
    )
}

/// The key of the module [`module_source`] builds (the tuning knobs change its source).
pub fn module_key(wide: bool) -> String {
    let variant = if std::ptr::eq(sort_source(), SOURCE) {
        ""
    } else {
        "_variant"
    };
    format!(
        "sort_u{}_{}_{}{variant}",
        if wide { 64 } else { 32 },
        sort_items(),
        sort_min_blocks()
    )
}

fn function(wide: bool, name: &str) -> Result<cudarc::driver::CudaFunction> {
    runtime()?.function(&module_key(wide), || module_source(wide), name)
}

/// One key of the sort (see the spec kinds in sorting.cu).
#[derive(Clone, Copy, Debug)]
struct Spec {
    kind: i32,
    data: u64,
    offsets: u64,
    mask: u64,
    mask_off: i64,
    row_off: i64,
    off64: i32,
    chunk: i32,
    descending: bool,
    nulls_first: bool,
    nseg: i64,
    /// 64-bit keys (else 32-bit).
    wide: bool,
}

const NULL_FLAG: i32 = 15;
const SEGMENT: i32 = 16;
const STR_CHUNK: i32 = 13;
const STR_LEN: i32 = 14;

impl Spec {
    fn empty(kind: i32, wide: bool) -> Spec {
        Spec {
            kind,
            data: 0,
            offsets: 0,
            mask: 0,
            mask_off: 0,
            row_off: 0,
            off64: 0,
            chunk: 0,
            descending: false,
            nulls_first: false,
            nseg: 0,
            wide,
        }
    }
}

/// (chars pointer, offsets pointer at the child's offset, row offset, 64-bit offsets)
fn string_parts(c: &Column) -> Result<(u64, u64, i64, i32)> {
    let (data, offs, wide) = super::string_parts(c)?;
    Ok((data, offs, c.offset() as i64, i32::from(wide)))
}

/// The longest string among the column's rows (one 8-byte read back).
fn max_string_length(c: &Column) -> Result<u64> {
    let (_, offs, row_off, off64) = string_parts(c)?;
    let out = DeviceMemory::zeroed(8)?;
    let f = function(true, "max_string_length")?;
    // SAFETY: reads size + 1 offsets of the column, writes one u64.
    unsafe {
        launch(
            &f,
            grid(c.size())?,
            &args![offs, off64, row_off, c.size() as i64, out.ptr()],
        )?;
    }
    let b = out.copy_to_host(0, 8)?;
    Ok(u64::from_le_bytes(
        b.as_slice().try_into().expect("8 bytes"),
    ))
}

/// The specs of one column, least significant first (its null flag last).
fn column_specs(c: &Column, kind: KeyKind, order: Order, nulls: NullOrder) -> Result<Vec<Spec>> {
    let desc = order == Order::Descending;
    let mut out = vec![];
    match kind {
        KeyKind::Str => {
            let (data, offsets, row_off, off64) = string_parts(c)?;
            let base = Spec {
                data,
                offsets,
                row_off,
                off64,
                descending: desc,
                ..Spec::empty(STR_LEN, true)
            };
            out.push(base);
            let chunks = max_string_length(c)?.div_ceil(8);
            for chunk in (0..chunks).rev() {
                out.push(Spec {
                    kind: STR_CHUNK,
                    chunk: chunk as i32,
                    ..base
                });
            }
        }
        _ => {
            let w = fixed_width(c.dtype().id()).expect("fixed width");
            let data = match c.data() {
                Some(d) => d.device_ptr()? + (c.offset() * w) as u64,
                None => 0,
            };
            let spec = |k: i32, wide: bool| Spec {
                data,
                descending: desc,
                ..Spec::empty(k, wide)
            };
            if kind == KeyKind::I128 {
                out.push(spec(11, true));
                out.push(spec(12, true));
            } else {
                let k = kind as i32;
                let wide = matches!(kind, KeyKind::I64 | KeyKind::U64 | KeyKind::F64);
                out.push(spec(k, wide));
            }
        }
    }
    if c.has_nulls()? {
        let mask = c.mask().expect("mask").device_ptr()?;
        let mask_off = c.offset() as i64;
        // Value keys of null rows are made constant (see extract_keys).
        for s in &mut out {
            s.mask = mask;
            s.mask_off = mask_off;
        }
        out.push(Spec {
            mask,
            mask_off,
            nulls_first: crate::keys::nulls_first(order, nulls),
            ..Spec::empty(NULL_FLAG, false)
        });
    }
    Ok(out)
}

/// The double-buffered state of one radix sort.
struct Sorter {
    n: usize,
    ntiles: usize,
    keys: [DeviceMemory; 2],
    vals: [DeviceMemory; 2],
    /// Look-back state of the onesweep passes (RADIX words per tile; zeroed once, see
    /// `onesweep_pass`).
    status: DeviceMemory,
    /// Passes run so far over all specs (tells this pass's status words from older ones).
    passes_run: usize,
    /// Which `vals` buffer holds the permutation (None: still the identity).
    perm: Option<usize>,
}

/// Inputs of at most this many rows are ranked in one block (sorting.cu's `SMALL_SORT`).
const SMALL_SORT: usize = 1024;

impl Sorter {
    fn new(n: usize) -> Result<Sorter> {
        let ntiles = n.div_ceil(tile()).max(1);
        Ok(Sorter {
            n,
            ntiles,
            keys: [DeviceMemory::alloc(n * 8)?, DeviceMemory::alloc(n * 8)?],
            vals: [DeviceMemory::alloc(n * 4)?, DeviceMemory::alloc(n * 4)?],
            status: DeviceMemory::zeroed(RADIX * ntiles * 8)?,
            passes_run: 0,
            perm: None,
        })
    }

    fn perm_ptr(&self) -> u64 {
        self.perm.map_or(0, |b| self.vals[b].ptr())
    }

    /// Stably re-sort the current permutation by one spec.
    fn apply(&mut self, s: &Spec) -> Result<()> {
        let n = self.n as i64;
        let w = s.wide;
        let digits = if w { 8 } else { 4 };
        let totals = DeviceMemory::zeroed(digits * RADIX * 4)?;
        let extract = function(w, "extract_keys")?;
        // Eight blocks per SM (all the warps an SM holds), each reading several keys a
        // thread per round (sorting.cu's EXTRACT_ITEMS): the digit counting costs
        // instructions, and the latency of the loads needs warps to hide it. Each block adds
        // its histogram to the totals only once, at the end.
        let cfg = runtime()?.grid_stride_config(self.n, 256, 8);
        // SAFETY: reads rows perm[i] (< n) of the spec's column, writes n keys and adds
        // into digits * RADIX counters.
        unsafe {
            launch(
                &extract,
                cfg,
                &args![
                    s.kind,
                    s.data,
                    s.offsets,
                    s.mask,
                    s.mask_off,
                    s.row_off,
                    s.off64,
                    s.chunk,
                    i32::from(s.descending),
                    i32::from(s.nulls_first),
                    s.nseg,
                    self.perm_ptr(),
                    n,
                    self.keys[0].ptr(),
                    totals.ptr()
                ],
            )?;
        }
        if self.n <= SMALL_SORT {
            return self.rank_small(w);
        }
        let host = totals.copy_to_host(0, digits * RADIX * 4)?;
        let counts: Vec<u32> = host
            .as_slice()
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
            .collect();
        // A digit every key shares moves nothing: skip its pass.
        let passes: Vec<usize> = (0..digits)
            .filter(|&p| {
                !counts[p * RADIX..(p + 1) * RADIX]
                    .iter()
                    .any(|&c| c as usize == self.n)
            })
            .collect();
        // Where each digit's run starts at every digit position (exclusive prefixes of
        // the totals), and one tile counter per pass.
        let mut starts = Vec::with_capacity(digits * RADIX * 4);
        for p in 0..digits {
            let mut acc = 0u32;
            for &c in &counts[p * RADIX..(p + 1) * RADIX] {
                starts.extend_from_slice(&acc.to_le_bytes());
                acc = acc.wrapping_add(c);
            }
        }
        let starts = DeviceMemory::from_host(&starts)?;
        let counters = DeviceMemory::zeroed(passes.len().max(1) * 4)?;
        let sweep = function(w, "onesweep_pass")?;
        let cfg = super::blocks(self.ntiles, 256);
        let mut cur = 0;
        for (i, &p) in passes.iter().enumerate() {
            let shift = (8 * p) as i32;
            let out_vals = match self.perm {
                Some(b) => 1 - b,
                None => 0,
            };
            // SAFETY: the pass reads n keys/rows, writes each of the n output positions once
            // (the digit starts and look-back counts partition them) and RADIX status words
            // per tile; `starts` holds RADIX entries per digit position, `counters` one per
            // pass.
            unsafe {
                launch(
                    &sweep,
                    cfg,
                    &args![
                        self.keys[cur].ptr(),
                        self.perm_ptr(),
                        self.keys[1 - cur].ptr(),
                        self.vals[out_vals].ptr(),
                        n,
                        shift,
                        self.passes_run as i32,
                        starts.ptr() + (p * RADIX * 4) as u64,
                        counters.ptr() + (i * 4) as u64,
                        self.status.ptr(),
                        i32::from(i + 1 < passes.len())
                    ],
                )?;
            }
            self.passes_run += 1;
            cur = 1 - cur;
            self.perm = Some(out_vals);
        }
        Ok(())
    }

    /// The stable order of the extracted keys (`keys[0]`) of a small input, in one block
    /// (sorting.cu's `rank_small`), composed with the current permutation.
    fn rank_small(&mut self, wide: bool) -> Result<()> {
        let out_vals = match self.perm {
            Some(b) => 1 - b,
            None => 0,
        };
        let rank = function(wide, "rank_small")?;
        let cfg = super::one_block();
        // SAFETY: n <= SMALL_SORT keys and (current) rows are read; each of the n output
        // positions is written once (the ranks are a permutation of 0..n).
        unsafe {
            launch(
                &rank,
                cfg,
                &args![
                    self.keys[0].ptr(),
                    self.perm_ptr(),
                    self.vals[out_vals].ptr(),
                    self.n as i64
                ],
            )?;
        }
        self.perm = Some(out_vals);
        Ok(())
    }

    /// The permutation as an INT32 column.
    fn into_map(self) -> Result<Column> {
        let Sorter {
            n,
            vals: [a, c],
            perm,
            ..
        } = self;
        let mem = match perm {
            Some(0) => a,
            Some(_) => c,
            None => super::movement::iota(n, 0)?,
        };
        super::gather::device_map(mem, n)
    }
}

/// The stable sorted order of the rows of `columns` (all of the same length, at least one
/// row) as an INT32 column; with `segments` (INT32 offsets, checked by the caller) rows are
/// only sorted within each segment `[offsets[i], offsets[i+1])`.
pub(crate) fn sorted_order(
    columns: &[Column],
    kinds: &[KeyKind],
    orders: &[Order],
    nulls: &[NullOrder],
    segments: Option<&Column>,
) -> Result<Column> {
    let n = columns[0].size();
    let mut specs = vec![];
    for c in (0..columns.len()).rev() {
        specs.extend(column_specs(&columns[c], kinds[c], orders[c], nulls[c])?);
    }
    if let Some(seg) = segments {
        let data = seg.data().expect("offsets").device_ptr()? + (seg.offset() * 4) as u64;
        specs.push(Spec {
            data,
            nseg: seg.size() as i64 - 1,
            ..Spec::empty(SEGMENT, false)
        });
    }
    let mut sorter = Sorter::new(n)?;
    for s in &specs {
        sorter.apply(s)?;
    }
    sorter.into_map()
}

/// Whether the rows are sorted (one flag read back).
pub(crate) fn is_sorted(
    columns: &[Column],
    kinds: &[KeyKind],
    orders: &[Order],
    nulls: &[NullOrder],
) -> Result<bool> {
    let n = columns[0].size();
    let t = crate::table::Table::new(columns.to_vec())?;
    let descs = super::search::upload(&super::search::descriptors(&t, kinds, orders, nulls)?)?;
    let flag = DeviceMemory::zeroed(4)?;
    let f = function(false, "unsorted_flag")?;
    // SAFETY: compares rows i and i + 1 < n through the descriptors; writes one flag.
    unsafe {
        launch(
            &f,
            grid(n)?,
            &args![descs.ptr(), columns.len() as i32, n as i64, flag.ptr()],
        )?;
    }
    Ok(!super::gather::flag_is_set(&flag)?)
}

/// Ranks of a column's rows (FLOAT64 when `float_out`, else INT32 values), see
/// `ops::sorting::rank`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn rank(
    col: &Column,
    kind: KeyKind,
    order: Order,
    nulls: NullOrder,
    method: RankMethod,
    percentage: bool,
    count: usize,
    float_out: bool,
) -> Result<Buffer> {
    let n = col.size();
    let perm = sorted_order(std::slice::from_ref(col), &[kind], &[order], &[nulls], None)?;
    let perm_ptr = perm.data().expect("map").device_ptr()?;
    let t = crate::table::Table::new(vec![col.clone()])?;
    let descs = super::search::upload(&super::search::descriptors(
        &t,
        &[kind],
        &[order],
        &[nulls],
    )?)?;
    let dense = DeviceMemory::alloc(n * 4)?;
    let starts = DeviceMemory::alloc(n * 4)?;
    let ends = DeviceMemory::alloc(n * 4)?;
    let out = DeviceMemory::alloc(n * if float_out { 8 } else { 4 })?;
    let g = grid(n)?;
    let (n64, cfg_ptrs) = (n as i64, descs.ptr());
    // SAFETY: each kernel reads and writes n entries of the buffers allocated above (group
    // numbers are in 1..=n) and compares rows of the column through its descriptor.
    unsafe {
        launch(
            &function(false, "group_starts")?,
            g,
            &args![cfg_ptrs, 1i32, perm_ptr, n64, dense.ptr()],
        )?;
        scan_in_place(&dense, n, TypeId::Int32, ScanOp::Sum, false)?;
        launch(
            &function(false, "group_bounds")?,
            g,
            &args![dense.ptr(), n64, starts.ptr(), ends.ptr()],
        )?;
        launch(
            &function(false, "rank_values")?,
            g,
            &args![
                perm_ptr,
                dense.ptr(),
                starts.ptr(),
                ends.ptr(),
                n64,
                method as i32,
                i32::from(percentage),
                count as i64,
                i32::from(float_out),
                out.ptr()
            ],
        )?;
    }
    Ok(Buffer::from_device(out))
}

/// The number of distinct rows of one column (nulls equal), from its sorted order.
pub(crate) fn count_distinct(col: &Column, kind: KeyKind) -> Result<usize> {
    let n = col.size();
    let (o, nl) = (Order::Ascending, NullOrder::Before);
    let perm = sorted_order(std::slice::from_ref(col), &[kind], &[o], &[nl], None)?;
    let t = crate::table::Table::new(vec![col.clone()])?;
    let descs = super::search::upload(&super::search::descriptors(&t, &[kind], &[o], &[nl])?)?;
    let flags = DeviceMemory::alloc(n * 4)?;
    // SAFETY: compares rows perm[p - 1], perm[p] (< n) and writes n flags.
    unsafe {
        launch(
            &function(false, "group_starts")?,
            grid(n)?,
            &args![
                descs.ptr(),
                1i32,
                perm.data().expect("map").device_ptr()?,
                n as i64,
                flags.ptr()
            ],
        )?;
    }
    // The sum of the INT32 flags, accumulated in INT64 (the device reduction `ops::reduce`
    // runs for a SUM of INT32 into INT64).
    let flags = super::gather::device_map(flags, n)?;
    let (sum, _) = super::reduce::reduce(&flags, super::reduce::DeviceReduce::Sum, TypeId::Int64)?;
    let total = i64::from_le_bytes(sum.as_slice().try_into().expect("8 bytes"));
    Ok(total as usize)
}

/// Whether INT32 segment offsets (no nulls) are non-decreasing values in `[0, rows]`,
/// checked on the device (one flag read back).
pub(crate) fn segment_offsets_valid(seg: &Column, rows: usize) -> Result<bool> {
    let m = seg.size();
    if m == 0 {
        return Ok(true);
    }
    let data = seg.data().expect("offsets").device_ptr()? + (seg.offset() * 4) as u64;
    let flag = DeviceMemory::zeroed(4)?;
    // SAFETY: reads m INT32 offsets, writes one flag.
    unsafe {
        launch(
            &function(false, "check_offsets")?,
            grid(m)?,
            &args![data, m as i64, rows as i64, flag.ptr()],
        )?;
    }
    Ok(!super::gather::flag_is_set(&flag)?)
}

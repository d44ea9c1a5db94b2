//! Launchers of the rolling-window kernels in `cuda/rolling.cu`: the windows of the rows,
//! the counts, the gather maps (LEAD/LAG, NTH_ELEMENT, the rows of MIN/MAX), COLLECT_LIST's
//! sizes and map, and the typed SUM and MEAN/VARIANCE/STD. Windows are two INT32 arrays
//! `start`, `end` (one entry per row); per-row validity comes back as a byte per row.

use super::movement::{MOVEMENT_CUH, run_grid};
use super::{Arg, COMMON, args, cuda_type, grid, launch};
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::types::TypeId;

const SOURCE: &str = include_str!("cuda/rolling.cu");

/// The CUDA source of the untyped rolling module.
pub fn module_source() -> String {
    format!("{COMMON}\n{MOVEMENT_CUH}\n{SOURCE}")
}

/// The CUDA source of the rolling module for values of type `t` summed into `acc`.
pub fn typed_module_source(t: TypeId, acc: TypeId) -> Result<String> {
    let (ct, is_bool) = cuda_type(t)?;
    let (at, _) = cuda_type(acc)?;
    Ok(format!(
        "{COMMON}\n{MOVEMENT_CUH}\n#define ROLL_T {ct}\n#define ROLL_IS_BOOL {is_bool}\n\
         #define ROLL_ACC {at}\n{SOURCE}"
    ))
}

/// The key of the module [`typed_module_source`] builds.
pub fn typed_module_key(t: TypeId, acc: TypeId) -> Result<String> {
    let (ct, is_bool) = cuda_type(t)?;
    let (at, _) = cuda_type(acc)?;
    Ok(format!("rolling_{ct}_{is_bool}_{at}"))
}

/// The (value type, SUM accumulator) pairs the typed modules are built for: each numeric
/// type with its libcudf SUM type, and INT32 into INT32 (DURATION_DAYS).
pub fn typed_variants() -> Vec<(TypeId, TypeId)> {
    use TypeId::*;
    let mut out: Vec<(TypeId, TypeId)> = [Int8, Int16, Int32, Int64, Bool8]
        .into_iter()
        .map(|t| (t, Int64))
        .chain(
            [Uint8, Uint16, Uint32, Uint64]
                .into_iter()
                .map(|t| (t, Uint64)),
        )
        .chain([(Float32, Float32), (Float64, Float64)])
        .collect();
    out.push((Int32, Int32));
    out
}

/// A validity mask as the kernels read it: address (0: all valid) and bit of row 0.
#[derive(Clone, Copy)]
pub struct Mask {
    /// Device address of the mask bytes, or 0.
    pub ptr: u64,
    /// The bit of the first row.
    pub offset: i64,
}

/// Run untyped kernel `name` over `n` rows.
fn run(name: &str, n: usize, args: &[Arg]) -> Result<()> {
    // SAFETY: every caller passes buffers of one entry per row (n rows).
    unsafe { run_grid("rolling", module_source, name, n, args) }
}

/// Run typed kernel `name` of the module for (`t`, `acc`) over `n` rows.
fn run_typed(t: TypeId, acc: TypeId, name: &str, n: usize, args: &[Arg]) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    let key = typed_module_key(t, acc)?;
    let f = runtime()?.function(&key, || typed_module_source(t, acc).expect("numeric"), name)?;
    // SAFETY: every caller passes buffers of one entry per row (n rows).
    unsafe { launch(&f, grid(n)?, args) }
}

/// The windows `(start, end)` of `n` rows from INT32 size arrays `pre`/`fol` (address 0:
/// the sizes `p0`/`f0` for every row).
pub fn bounds(
    pre: u64,
    fol: u64,
    p0: i64,
    f0: i64,
    n: usize,
) -> Result<(DeviceMemory, DeviceMemory)> {
    let start = DeviceMemory::alloc(n * 4)?;
    let end = DeviceMemory::alloc(n * 4)?;
    let a = args![pre, fol, p0, f0, n as i64, start.ptr(), end.ptr()];
    run("rolling_bounds", n, &a)?;
    Ok((start, end))
}

/// The windows of `n` rows over a source with validity `mask`: the arguments the untyped
/// kernels below take first.
#[derive(Clone, Copy)]
pub struct Windows {
    /// Device address of the INT32 window starts.
    pub start: u64,
    /// Device address of the INT32 window ends.
    pub end: u64,
    /// The source's validity.
    pub mask: Mask,
    /// The rows.
    pub n: usize,
}

impl Windows {
    /// Run untyped kernel `name` with the windows' arguments followed by `rest`.
    fn run(&self, name: &str, rest: &[Arg]) -> Result<()> {
        let w = args![
            self.start,
            self.end,
            self.mask.ptr,
            self.mask.offset,
            self.n as i64
        ];
        run(name, self.n, &[&w[..], rest].concat())
    }
}

/// COUNT_VALID (`mode` 0), COUNT_ALL (1) or ROW_NUMBER (2) per row (INT32) and validity.
pub fn count(w: &Windows, min_periods: i32, mode: i32) -> Result<(DeviceMemory, DeviceMemory)> {
    let out = DeviceMemory::alloc(w.n * 4)?;
    let valid = DeviceMemory::alloc(w.n)?;
    w.run(
        "rolling_count",
        &args![min_periods, mode, out.ptr(), valid.ptr()],
    )?;
    Ok((out, valid))
}

/// LEAD (`lead`) or LAG map by `k >= 0` rows.
pub fn shift_map(start: u64, end: u64, n: usize, lead: bool, k: i64) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * 4)?;
    let a = args![start, end, n as i64, i32::from(lead), k, out.ptr()];
    run("rolling_shift_map", n, &a)?;
    Ok(out)
}

/// NTH_ELEMENT map.
pub fn nth_map(w: &Windows, nth: i64, exclude: bool, min_periods: i32) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(w.n * 4)?;
    let a = args![nth, i32::from(exclude), min_periods, out.ptr()];
    w.run("rolling_nth_map", &a)?;
    Ok(out)
}

/// COLLECT_LIST: each row's list size (`n + 1` INT32 entries, the last 0, ready for an
/// exclusive scan into offsets) and validity.
pub fn collect_sizes(
    w: &Windows,
    exclude: bool,
    min_periods: i32,
) -> Result<(DeviceMemory, DeviceMemory)> {
    let sizes = DeviceMemory::zeroed((w.n + 1) * 4)?;
    let valid = DeviceMemory::alloc(w.n)?;
    let a = args![i32::from(exclude), min_periods, sizes.ptr(), valid.ptr()];
    w.run("rolling_collect_sizes", &a)?;
    Ok((sizes, valid))
}

/// COLLECT_LIST's map of `total` source rows, row `i`'s from `offs[i]` on.
pub fn collect_map(
    w: &Windows,
    exclude: bool,
    valid: u64,
    offs: u64,
    total: usize,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(total * 4)?;
    let a = args![i32::from(exclude), valid, offs, out.ptr()];
    w.run("rolling_collect_map", &a)?;
    Ok(out)
}

/// The source rows a typed kernel reads: its values and mask, the windows and the rows.
#[derive(Clone, Copy)]
pub struct Source {
    /// Device address of the first value.
    pub values: u64,
    /// The values' validity.
    pub mask: Mask,
    /// The window starts (INT32 per row).
    pub start: u64,
    /// The window ends (INT32 per row).
    pub end: u64,
    /// The rows.
    pub n: usize,
}

/// Run typed kernel `name` over the rows of `src` with the arguments every typed kernel
/// starts with (values, mask, windows, rows, `min_periods`) followed by `rest`.
fn run_over(
    t: TypeId,
    acc: TypeId,
    name: &str,
    src: Source,
    min_periods: i32,
    rest: &[Arg],
) -> Result<()> {
    let mut a = args![
        src.values,
        src.mask.ptr,
        src.mask.offset,
        src.start,
        src.end,
        src.n as i64,
        min_periods
    ]
    .to_vec();
    a.extend_from_slice(rest);
    run_typed(t, acc, name, src.n, &a)
}

/// SUM of `t` values into `acc` per row, and validity.
pub fn sum(
    t: TypeId,
    acc: TypeId,
    src: Source,
    min_periods: i32,
) -> Result<(DeviceMemory, DeviceMemory)> {
    let width = crate::types::fixed_width(acc).expect("numeric");
    let out = DeviceMemory::alloc(src.n * width)?;
    let valid = DeviceMemory::alloc(src.n)?;
    let rest = args![out.ptr(), valid.ptr()];
    run_over(t, acc, "rolling_sum", src, min_periods, &rest)?;
    Ok((out, valid))
}

/// MEAN (`var` 0), VARIANCE (1) or STD (2) of `t` values per row (FLOAT64), and validity.
pub fn moment(
    t: TypeId,
    acc: TypeId,
    src: Source,
    min_periods: i32,
    var: i32,
    ddof: i64,
) -> Result<(DeviceMemory, DeviceMemory)> {
    let out = DeviceMemory::alloc(src.n * 8)?;
    let valid = DeviceMemory::alloc(src.n)?;
    let rest = args![var, ddof, out.ptr(), valid.ptr()];
    run_over(t, acc, "rolling_moment", src, min_periods, &rest)?;
    Ok((out, valid))
}

/// The row of each window's MIN (or MAX when `is_max`) of `t` values.
pub fn extreme_map(
    t: TypeId,
    acc: TypeId,
    src: Source,
    min_periods: i32,
    is_max: bool,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(src.n * 4)?;
    let rest = args![i32::from(is_max), out.ptr()];
    run_over(t, acc, "rolling_extreme_map", src, min_periods, &rest)?;
    Ok(out)
}

/// One end of a range window as `rolling_range_windows` reads it.
#[derive(Clone, Copy, Debug)]
pub struct RangeReach {
    /// 0 unbounded, 1 current row, 2 bounded closed, 3 bounded open.
    pub kind: i32,
    /// The delta's low 64 bits (an integer delta widened to 128 bits), or a float delta's
    /// `f64` bits.
    pub lo: u64,
    /// The delta's high 64 bits (integers only).
    pub hi: u64,
}

/// The preceding and following INT32 sizes of the range windows of `n` order-by values of
/// storage type `t` (its typed module is the one of (`t`, `acc`)), sorted within the groups
/// that the ascending INT32 ids at `gid` mark (0: one group), `desc` for a descending
/// order, `nulls_before` when the null rows of a group come first.
#[allow(clippy::too_many_arguments)]
pub fn range_windows(
    t: TypeId,
    acc: TypeId,
    values: u64,
    mask: Mask,
    gid: u64,
    n: usize,
    desc: bool,
    nulls_before: bool,
    pre: RangeReach,
    fol: RangeReach,
) -> Result<(DeviceMemory, DeviceMemory)> {
    let p = DeviceMemory::alloc(n * 4)?;
    let f = DeviceMemory::alloc(n * 4)?;
    let a = args![
        values,
        mask.ptr,
        mask.offset,
        gid,
        n as i64,
        i32::from(desc),
        i32::from(nulls_before),
        pre.kind,
        pre.lo,
        pre.hi,
        fol.kind,
        fol.lo,
        fol.hi,
        p.ptr(),
        f.ptr()
    ];
    run_typed(t, acc, "rolling_range_windows", n, &a)?;
    Ok((p, f))
}

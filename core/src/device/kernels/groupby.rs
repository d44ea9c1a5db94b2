//! Hash groupby kernels: grouping key rows into dense, first-appearance-ordered group ids
//! (`cuda/groupby.cu`, on top of the search module's column descriptors) and per-group
//! atomics for one value type (`cuda/groupby_agg.cu`).

use super::{Arg, COMMON, cuda_type, grid, launch};
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::{Error, Result};
use crate::ops::search::{KeyKind, NullOrder, Order};
use crate::table::Table;
use crate::types::TypeId;
use cudarc::driver::LaunchConfig;

const KEYS: &str = include_str!("cuda/groupby.cu");
const SEARCH: &str = include_str!("cuda/search.cu");
const AGG: &str = include_str!("cuda/groupby_agg.cu");

/// Groups with at most this many accumulators per block use shared-memory privatisation
/// (8-byte accumulators: 32 KiB).
pub const SMEM_GROUPS: usize = 4096;

/// The CUDA source of the grouping module (one variant).
pub fn keys_module_source() -> String {
    format!("{COMMON}\n{SEARCH}\n{KEYS}")
}

/// The CUDA source of the aggregation module for values stored as numeric type `t`.
pub fn agg_module_source(t: TypeId) -> Result<String> {
    let (ct, is_bool) = cuda_type(t)?;
    Ok(format!(
        "{COMMON}\n#define VAL_T {ct}\n#define VAL_BOOL {is_bool}\n#define VAL_IS_FLOAT {}\n\
         #define VAL_SIGNED {}\n{AGG}",
        i32::from(t.is_floating()),
        i32::from(t.is_signed_integer())
    ))
}

fn keys_fn(name: &str) -> Result<cudarc::driver::CudaFunction> {
    runtime()?.function("groupby_keys", keys_module_source, name)
}

fn agg_fn(t: TypeId, name: &str) -> Result<cudarc::driver::CudaFunction> {
    let (ct, is_bool) = cuda_type(t)?;
    let key = format!("groupby_agg_{ct}_{is_bool}");
    runtime()?.function(&key, || agg_module_source(t).expect("numeric"), name)
}

/// Dense group ids of the rows of a key table on the device.
pub struct DeviceGroups {
    /// INT32 group id per row (-1: in no group).
    pub gid: DeviceMemory,
    /// INT32 first row of each group, in group order.
    pub reps: DeviceMemory,
    /// Number of groups.
    pub groups: usize,
}

/// Group the `n > 0` rows of `keys` (fixed-width or STRING columns of the given kinds).
pub(crate) fn group(keys: &Table, kinds: &[KeyKind], include_nulls: bool) -> Result<DeviceGroups> {
    let n = keys.num_rows();
    let descs = keys
        .columns()
        .iter()
        .zip(kinds)
        .map(|(c, &k)| super::search::descriptor(c, k, Order::Ascending, NullOrder::Before))
        .collect::<Result<Vec<_>>>()?;
    let descs = super::search::upload(&descs)?;
    let cap = (2 * n).next_power_of_two().max(64);
    if cap > i32::MAX as usize {
        return Err(Error::overflow(
            "groupby on the device supports at most 2^30 rows",
        ));
    }
    let table = DeviceMemory::zeroed(cap * 4)?;
    let rep_of_row = DeviceMemory::alloc(n * 4)?;
    // n + 1 flags: the exclusive scan's total lands in the last one.
    let flags = DeviceMemory::zeroed((n + 1) * 8)?;
    let (ncols, n64, mask, inc) = (
        keys.num_columns() as i32,
        n as i64,
        (cap - 1) as i64,
        i32::from(include_nulls),
    );
    let cfg = grid(n)?;
    // SAFETY: the descriptors cover rows 0..n of each key column; the table holds `cap`
    // INT32 slots and at most n < cap are filled, so probing always ends; rep_of_row holds
    // n INT32 and flags n + 1 INT64 values.
    unsafe {
        launch(
            &keys_fn("gb_build")?,
            cfg,
            &[
                Arg::P(descs.ptr()),
                Arg::I32(ncols),
                Arg::I(n64),
                Arg::P(table.ptr()),
                Arg::I(mask),
                Arg::I32(inc),
            ],
        )?;
        launch(
            &keys_fn("gb_find")?,
            cfg,
            &[
                Arg::P(descs.ptr()),
                Arg::I32(ncols),
                Arg::I(n64),
                Arg::P(table.ptr()),
                Arg::I(mask),
                Arg::I32(inc),
                Arg::P(rep_of_row.ptr()),
                Arg::P(flags.ptr()),
            ],
        )?;
    }
    drop(table);
    let groups = super::scan::exclusive_sum_with_total(&flags, n)? as usize;
    let gid = DeviceMemory::alloc(n * 4)?;
    let reps = DeviceMemory::alloc(groups.max(1) * 4)?;
    // SAFETY: reads n reps and n + 1 positions; writes n ids and one rep per group
    // (positions of first rows are < groups).
    unsafe {
        launch(
            &keys_fn("gb_assign")?,
            cfg,
            &[
                Arg::P(rep_of_row.ptr()),
                Arg::P(flags.ptr()),
                Arg::I(n64),
                Arg::P(gid.ptr()),
                Arg::P(reps.ptr()),
            ],
        )?;
    }
    Ok(DeviceGroups { gid, reps, groups })
}

/// A value column's pointers for the aggregation kernels: (data at row 0, mask, mask bit
/// offset); mask 0 when the column has no nulls.
pub type ValueArgs = (u64, u64, i64);

/// The pointers of a fixed-width column (`n > 0`).
pub fn value_args(c: &Column) -> Result<ValueArgs> {
    let w = crate::types::size_of(c.dtype())?;
    let data = c.data().expect("n > 0").device_ptr()? + (c.offset() * w) as u64;
    let (mask, off) = match c.mask() {
        Some(m) if c.has_nulls()? => (m.device_ptr()?, c.offset() as i64),
        _ => (0, 0),
    };
    Ok((data, mask, off))
}

/// The per-row aggregation kernels of `groupby_agg.cu`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowKernel {
    /// Valid values per group (INT32).
    Count,
    /// SUM in the SUM accumulator.
    Sum,
    /// SUM_OF_SQUARES in the SUM accumulator.
    SumOfSquares,
    /// PRODUCT in the SUM accumulator.
    Product,
    /// SUM in double.
    SumF64,
    /// MIN in the MIN/MAX accumulator.
    Min,
    /// MAX in the MIN/MAX accumulator.
    Max,
}

/// Run one per-row aggregation kernel of values of storage type `t` into `out` (already
/// initialised, `groups` accumulators). Privatised in shared memory when few groups allow.
pub fn accumulate(
    t: TypeId,
    kernel: RowKernel,
    values: ValueArgs,
    g: &DeviceGroups,
    n: usize,
    out: &DeviceMemory,
) -> Result<()> {
    let (data, mask, off) = values;
    let small = g.groups <= SMEM_GROUPS;
    let (name, smem_width) = match kernel {
        RowKernel::Count if small => ("gb_count_smem", 4),
        RowKernel::Count => ("gb_count", 0),
        RowKernel::Sum if small => ("gb_sum_smem", 8),
        RowKernel::Sum => ("gb_sum", 0),
        RowKernel::SumF64 if small => ("gb_sum_f64_smem", 8),
        RowKernel::SumF64 => ("gb_sum_f64", 0),
        RowKernel::SumOfSquares => ("gb_sumsq", 0),
        RowKernel::Product => ("gb_prod", 0),
        RowKernel::Min => ("gb_min", 0),
        RowKernel::Max => ("gb_max", 0),
    };
    let f = agg_fn(t, name)?;
    let mut cfg: LaunchConfig = grid(n)?;
    let mut args = vec![
        Arg::P(data),
        Arg::P(g.gid.ptr()),
        Arg::I(n as i64),
        Arg::P(mask),
        Arg::I(off),
        Arg::P(out.ptr()),
    ];
    if kernel == RowKernel::Count {
        // gb_count has no values argument.
        args.remove(0);
        if small {
            args.insert(0, Arg::P(0));
        }
    }
    if smem_width > 0 {
        cfg.shared_mem_bytes = (g.groups.max(1) * smem_width) as u32;
        args.push(Arg::I32(g.groups as i32));
    }
    // SAFETY: the value pointers cover n rows (and mask bits), gid holds n ids below
    // `groups`, `out` holds `groups` accumulators of the kernel's type, and the shared
    // memory holds `groups` accumulators.
    unsafe { launch(&f, cfg, &args) }
}

/// The squared deviations from `means` (double per group) added into `out`.
pub fn squared_deviations(
    t: TypeId,
    values: ValueArgs,
    g: &DeviceGroups,
    n: usize,
    means: &DeviceMemory,
    out: &DeviceMemory,
) -> Result<()> {
    let (data, mask, off) = values;
    // SAFETY: as in `accumulate`; `means` and `out` hold `groups` doubles.
    unsafe {
        launch(
            &agg_fn(t, "gb_sqdev")?,
            grid(n)?,
            &[
                Arg::P(data),
                Arg::P(g.gid.ptr()),
                Arg::I(n as i64),
                Arg::P(mask),
                Arg::I(off),
                Arg::P(means.ptr()),
                Arg::P(out.ptr()),
            ],
        )
    }
}

/// `groups` SUM accumulators of values of type `t`, set to 0 (or 1 for PRODUCT).
pub fn sum_accumulators(t: TypeId, groups: usize, one: bool) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(groups.max(1) * 8)?;
    // SAFETY: writes `groups` accumulators of at most 8 bytes.
    unsafe {
        launch(
            &agg_fn(t, "gb_fill_sum")?,
            grid(groups)?,
            &[
                Arg::P(out.ptr()),
                Arg::I(groups as i64),
                Arg::I32(i32::from(one)),
            ],
        )?;
    }
    Ok(out)
}

/// `groups` MIN (or MAX) accumulators of values of type `t`, set to the identity.
pub fn minmax_accumulators(t: TypeId, groups: usize, is_min: bool) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(groups.max(1) * 8)?;
    // SAFETY: writes `groups` 8-byte accumulators.
    unsafe {
        launch(
            &agg_fn(t, "gb_fill_minmax")?,
            grid(groups)?,
            &[
                Arg::P(out.ptr()),
                Arg::I(groups as i64),
                Arg::I32(i32::from(is_min)),
            ],
        )?;
    }
    Ok(out)
}

/// MIN/MAX accumulators converted to `groups` values of type `t`.
pub fn store_minmax(t: TypeId, acc: &DeviceMemory, groups: usize) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(groups.max(1) * crate::types::size_of(t.into())?)?;
    // SAFETY: reads `groups` accumulators, writes `groups` values.
    unsafe {
        launch(
            &agg_fn(t, "gb_store_minmax")?,
            grid(groups)?,
            &[Arg::P(acc.ptr()), Arg::I(groups as i64), Arg::P(out.ptr())],
        )?;
    }
    Ok(out)
}

/// A validity mask of the groups whose count is at least `min_count`.
pub fn valid_mask(counts: &DeviceMemory, groups: usize, min_count: i32) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(crate::bitmask::bitmask_allocation_size_bytes(groups).max(4))?;
    // SAFETY: reads `groups` counts; writes ceil(groups / 32) words inside the allocation.
    unsafe {
        launch(
            &keys_fn("gb_valid_mask")?,
            grid(groups.div_ceil(32))?,
            &[
                Arg::P(counts.ptr()),
                Arg::I(groups as i64),
                Arg::I32(min_count),
                Arg::P(out.ptr()),
            ],
        )?;
    }
    Ok(out)
}

/// Group means from double sums and counts.
pub fn means(sums: &DeviceMemory, counts: &DeviceMemory, groups: usize) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(groups.max(1) * 8)?;
    // SAFETY: reads and writes `groups` values.
    unsafe {
        launch(
            &keys_fn("gb_mean")?,
            grid(groups)?,
            &[
                Arg::P(sums.ptr()),
                Arg::P(counts.ptr()),
                Arg::I(groups as i64),
                Arg::P(out.ptr()),
            ],
        )?;
    }
    Ok(out)
}

/// Variances (or standard deviations) from squared deviations and counts.
pub fn variances(
    ss: &DeviceMemory,
    counts: &DeviceMemory,
    groups: usize,
    ddof: i32,
    std: bool,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(groups.max(1) * 8)?;
    // SAFETY: reads and writes `groups` values.
    unsafe {
        launch(
            &keys_fn("gb_var")?,
            grid(groups)?,
            &[
                Arg::P(ss.ptr()),
                Arg::P(counts.ptr()),
                Arg::I(groups as i64),
                Arg::I32(ddof),
                Arg::I32(i32::from(std)),
                Arg::P(out.ptr()),
            ],
        )?;
    }
    Ok(out)
}

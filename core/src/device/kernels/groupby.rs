//! Hash groupby kernels: grouping key rows into dense, first-appearance-ordered group ids
//! (`cuda/groupby.cu`, on top of the search module's column descriptors) and per-group
//! atomics for one value type (`cuda/groupby_agg.cu`).

use super::scan::{ScanOp, scan_in_place};
use super::{Arg, COMMON, args, cuda_type, grid, launch};
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::{Error, Result};
use crate::keys::{KeyKind, NullOrder, Order};
use crate::memory::pinned::MappedHost;
use crate::table::Table;
use crate::types::TypeId;
use cudarc::driver::{LaunchConfig, PushKernelArg};

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

/// The key of the module [`agg_module_source`] builds.
pub fn agg_module_key(t: TypeId) -> Result<String> {
    let (ct, is_bool) = cuda_type(t)?;
    Ok(format!("groupby_agg_{ct}_{is_bool}"))
}

fn agg_fn(t: TypeId, name: &str) -> Result<cudarc::driver::CudaFunction> {
    let key = agg_module_key(t)?;
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

impl DeviceGroups {
    /// The group ids of the `n` rows as an INT32 column (a copy; -1: in no group).
    pub fn gid_column(&self, n: usize) -> Result<Column> {
        super::device_values(
            TypeId::Int32.into(),
            n,
            DeviceMemory::copy_of(self.gid.ptr(), n * 4)?,
        )
    }
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
            &args![descs.ptr(), ncols, n64, table.ptr(), mask, inc],
        )?;
        launch(
            &keys_fn("gb_find")?,
            cfg,
            &args![
                descs.ptr(),
                ncols,
                n64,
                table.ptr(),
                mask,
                inc,
                rep_of_row.ptr(),
                flags.ptr()
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
            &args![rep_of_row.ptr(), flags.ptr(), n64, gid.ptr(), reps.ptr()],
        )?;
    }
    Ok(DeviceGroups { gid, reps, groups })
}

/// At most this many rows are grouped by [`group_small_sorted`] (one block; the kernel's
/// `SMALL_GROUPS`).
pub const SMALL_GROUPS: usize = 1024;

/// Group the `0 < n <= SMALL_GROUPS` rows of `keys` in one launch, numbering the groups in
/// ascending key order with nulls last (what a sorted groupby returns), so the caller needs
/// no sort of the result. One device-to-host read (the number of groups).
pub(crate) fn group_small_sorted(
    keys: &Table,
    kinds: &[KeyKind],
    include_nulls: bool,
) -> Result<DeviceGroups> {
    let n = keys.num_rows();
    debug_assert!(n > 0 && n <= SMALL_GROUPS);
    let descs = keys
        .columns()
        .iter()
        .zip(kinds)
        .map(|(c, &k)| super::search::descriptor(c, k, Order::Ascending, NullOrder::After))
        .collect::<Result<Vec<_>>>()?;
    let descs = super::search::upload(&descs)?;
    let gid = DeviceMemory::alloc(n * 4)?;
    // n slots for the first rows of at most n groups, then the number of groups.
    let reps = DeviceMemory::alloc((n + 1) * 4)?;
    let cfg = super::one_block();
    // SAFETY: the descriptors cover rows 0..n of each key column; gid holds n INT32, reps
    // n + 1 (group numbers are < n, the count goes to slot n).
    unsafe {
        launch(
            &keys_fn("gb_small_sorted")?,
            cfg,
            &args![
                descs.ptr(),
                keys.num_columns() as i32,
                n as i64,
                i32::from(include_nulls),
                gid.ptr(),
                reps.ptr(),
                reps.ptr() + (n * 4) as u64
            ],
        )?;
    }
    let count = reps.copy_to_host(n * 4, 4)?;
    let groups = i32::from_le_bytes(count.as_slice().try_into().expect("4 bytes")) as usize;
    Ok(DeviceGroups { gid, reps, groups })
}

/// At most this many key columns and aggregations go to [`small_fused`].
pub const SMALL_KEYS: usize = 4;
/// See [`SMALL_KEYS`].
pub const SMALL_AGGS: usize = 8;

/// What [`small_fused`] computes per group (the kernel's `op`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmallOp {
    Sum = 0,
    Product = 1,
    SumOfSquares = 2,
    Min = 3,
    Max = 4,
    /// Valid values.
    CountValid = 5,
    /// Rows.
    CountAll = 6,
    Mean = 7,
}

/// One aggregation of [`small_fused`]: the kernel's `SmallAgg`, eight words.
pub struct SmallAgg {
    /// The values (`n` rows; their data and mask pointers are read here).
    pub data: u64,
    pub mask: u64,
    pub mask_offset: i64,
    /// Search-descriptor kinds (0-7 integers, 8 FLOAT32, 9 FLOAT64, 10 BOOL8).
    pub in_kind: i64,
    pub op: SmallOp,
    pub out_kind: i64,
    /// One slot per row (the groups are at most the rows), and validity bits or 0.
    pub out: u64,
    pub out_mask: u64,
}

/// The mapped host slot the fused kernel writes the number of groups into (None inside
/// when the driver cannot map host memory: the count is then copied back).
static GROUP_COUNT: std::sync::Mutex<Option<Option<MappedHost>>> = std::sync::Mutex::new(None);

/// Group the `0 < n <= SMALL_GROUPS` rows of `keys` (at most [`SMALL_KEYS`] columns) in
/// ascending key order, nulls last, and compute `aggs` per group, in one launch with no
/// upload (keys and aggregations travel as kernel parameters) and no copy back (the
/// number of groups lands in mapped host memory). `reps` receives the first row of each
/// group (`n` INT32 slots). Returns the number of groups.
pub(crate) fn small_fused(
    keys: &Table,
    kinds: &[KeyKind],
    include_nulls: bool,
    aggs: &[SmallAgg],
    reps: u64,
) -> Result<usize> {
    let n = keys.num_rows();
    assert!(n > 0 && n <= SMALL_GROUPS && keys.num_columns() <= SMALL_KEYS);
    assert!(aggs.len() <= SMALL_AGGS);
    let mut key_words = [0u64; 9 * SMALL_KEYS];
    for (i, (c, &k)) in keys.columns().iter().zip(kinds).enumerate() {
        let d = super::search::descriptor(c, k, Order::Ascending, NullOrder::After)?;
        key_words[i * 9..(i + 1) * 9].copy_from_slice(&d);
    }
    let mut agg_words = [0u64; 8 * SMALL_AGGS];
    for (i, a) in aggs.iter().enumerate() {
        agg_words[i * 8..(i + 1) * 8].copy_from_slice(&[
            a.data,
            a.mask,
            a.mask_offset as u64,
            a.in_kind as u64,
            a.op as u64,
            a.out_kind as u64,
            a.out,
            a.out_mask,
        ]);
    }
    let mut slot = GROUP_COUNT.lock().unwrap_or_else(|p| p.into_inner());
    let mapped = slot.get_or_insert_with(|| MappedHost::alloc(64)).as_ref();
    let fallback;
    let count_ptr = match mapped {
        Some(m) => m.device,
        None => {
            fallback = DeviceMemory::alloc(4)?;
            fallback.ptr()
        }
    };
    let f = keys_fn("gb_small_fused")?;
    let rt = runtime()?;
    let (ncols, n64, inc, naggs) = (
        keys.num_columns() as i32,
        n as i64,
        i32::from(include_nulls),
        aggs.len() as i32,
    );
    let mut b = rt.stream().launch_builder(&f);
    b.arg(&key_words)
        .arg(&ncols)
        .arg(&n64)
        .arg(&inc)
        .arg(&agg_words)
        .arg(&naggs)
        .arg(&reps)
        .arg(&count_ptr);
    let cfg = super::one_block();
    // SAFETY: the key descriptors cover rows 0..n; every aggregation's values hold n rows
    // and its output n slots of its out kind (and bits for n rows); reps holds n INT32; the
    // count pointer is 4 writable bytes (mapped host or device).
    unsafe { b.launch(cfg)? };
    let bytes = match mapped {
        Some(m) => {
            rt.synchronize()?;
            m.read(0, 4)
        }
        None => {
            // SAFETY of the read: `fallback` was set above when there is no mapped slot.
            let mut host = [0u8; 4];
            crate::memory::pinned::device_to_host(&mut host, count_ptr)?;
            host.to_vec()
        }
    };
    Ok(i32::from_le_bytes(bytes.try_into().expect("4 bytes")) as usize)
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
    /// BITWISE_AGG AND on the 64 bits of the MIN/MAX accumulator (integers only).
    BitAnd,
    /// BITWISE_AGG OR (as [`RowKernel::BitAnd`]).
    BitOr,
    /// BITWISE_AGG XOR (as [`RowKernel::BitAnd`]).
    BitXor,
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
        RowKernel::BitAnd => ("gb_bit_and", 0),
        RowKernel::BitOr => ("gb_bit_or", 0),
        RowKernel::BitXor => ("gb_bit_xor", 0),
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
            &args![
                data,
                g.gid.ptr(),
                n as i64,
                mask,
                off,
                means.ptr(),
                out.ptr()
            ],
        )
    }
}

/// `groups` SUM accumulators of values of type `t`, set to 0 (or 1 for PRODUCT).
pub fn sum_accumulators(t: TypeId, groups: usize, one: bool) -> Result<DeviceMemory> {
    filled_accumulators(t, groups, "gb_fill_sum", one)
}

/// `groups` MIN (or MAX) accumulators of values of type `t`, set to the identity.
pub fn minmax_accumulators(t: TypeId, groups: usize, is_min: bool) -> Result<DeviceMemory> {
    filled_accumulators(t, groups, "gb_fill_minmax", is_min)
}

/// `groups` BITWISE_AGG accumulators of values of type `t`: all ones for AND (`ones`),
/// zero for OR and XOR. [`store_minmax`] turns them into values of type `t`.
pub fn bits_accumulators(t: TypeId, groups: usize, ones: bool) -> Result<DeviceMemory> {
    filled_accumulators(t, groups, "gb_fill_bits", ones)
}

/// The co-deviations `sum (v - mv[g]) (w - mw[g])` per group of two value columns of
/// storage type `t` sharing the mask of `v` (`w`'s mask is ignored), added into `out`.
#[allow(clippy::too_many_arguments)]
pub fn co_deviations(
    t: TypeId,
    v: ValueArgs,
    w: u64,
    g: &DeviceGroups,
    n: usize,
    mv: &DeviceMemory,
    mw: &DeviceMemory,
    out: &DeviceMemory,
) -> Result<()> {
    let (data, mask, off) = v;
    // SAFETY: both value pointers cover n rows (and the mask n bits), gid holds n ids
    // below `groups`; `mv`, `mw` and `out` hold `groups` doubles.
    unsafe {
        launch(
            &agg_fn(t, "gb_codev")?,
            grid(n)?,
            &args![
                data,
                w,
                g.gid.ptr(),
                n as i64,
                mask,
                off,
                mv.ptr(),
                mw.ptr(),
                out.ptr()
            ],
        )
    }
}

/// COVARIANCE (`codev / (count - ddof)`, 0 where that is not positive) or, with `corr`,
/// the Pearson correlation `codev / (sqrt(ssv) sqrt(ssw))` of `groups` groups, as doubles.
pub fn covariances(
    codev: &DeviceMemory,
    ss: Option<(&DeviceMemory, &DeviceMemory)>,
    counts: &DeviceMemory,
    groups: usize,
    ddof: i32,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(groups.max(1) * 8)?;
    let (ssv, ssw) = ss.map_or((0, 0), |(a, b)| (a.ptr(), b.ptr()));
    let corr = i32::from(ss.is_some());
    // SAFETY: reads `groups` doubles of each input (the sums of squares only for a
    // correlation) and `groups` counts; writes `groups` doubles.
    unsafe {
        launch(
            &agg_fn(TypeId::Float64, "gb_cov_finish")?,
            grid(groups)?,
            &args![
                codev.ptr(),
                ssv,
                ssw,
                counts.ptr(),
                groups as i64,
                ddof,
                corr,
                out.ptr()
            ],
        )?;
    }
    Ok(out)
}

/// `groups` 8-byte accumulators initialised by the fill kernel `kernel` with its flag.
fn filled_accumulators(t: TypeId, groups: usize, kernel: &str, flag: bool) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(groups.max(1) * 8)?;
    // SAFETY: the fill kernels write `groups` accumulators of at most 8 bytes.
    unsafe {
        launch(
            &agg_fn(t, kernel)?,
            grid(groups)?,
            &args![out.ptr(), groups as i64, i32::from(flag)],
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
            &args![acc.ptr(), groups as i64, out.ptr()],
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
            &args![counts.ptr(), groups as i64, min_count, out.ptr()],
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
            &args![sums.ptr(), counts.ptr(), groups as i64, out.ptr()],
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
            &args![
                ss.ptr(),
                counts.ptr(),
                groups as i64,
                ddof,
                i32::from(std),
                out.ptr()
            ],
        )?;
    }
    Ok(out)
}

/// The grouped order on the device (see `groupby.cu`): `order` holds the `m` rows that
/// belong to a group, group by group; `offsets` the `groups + 1` INT32 group starts.
pub struct DeviceOrder<'a> {
    /// INT32 input row of each grouped position.
    pub order: u64,
    /// Number of grouped positions.
    pub m: usize,
    /// INT32 group starts (`groups + 1` entries).
    pub offsets: &'a DeviceMemory,
    /// The grouping.
    pub groups: &'a DeviceGroups,
}

/// `groups + 1` INT32 group starts: the rows per group, exclusively scanned (the last
/// entry is the number of grouped rows).
pub fn group_offsets(g: &DeviceGroups, n: usize) -> Result<DeviceMemory> {
    let counts = DeviceMemory::zeroed((g.groups + 1) * 4)?;
    accumulate(TypeId::Int32, RowKernel::Count, (0, 0, 0), g, n, &counts)?;
    scan_in_place(&counts, g.groups + 1, TypeId::Int32, ScanOp::Sum, true)?;
    Ok(counts)
}

impl DeviceOrder<'_> {
    /// Launch the grouped-order kernel `name` over the `m` grouped positions with the
    /// arguments every such kernel starts with (order, group ids, group offsets, m), then
    /// `rest`.
    ///
    /// # Safety
    /// `rest` must match the kernel's remaining parameters and cover `m` positions.
    unsafe fn launch_grouped(&self, name: &str, rest: &[Arg]) -> Result<()> {
        let mut args = vec![
            Arg::P(self.order),
            Arg::P(self.groups.gid.ptr()),
            Arg::P(self.offsets.ptr()),
            Arg::I(self.m as i64),
        ];
        args.extend_from_slice(rest);
        // SAFETY: the kernel reads m order entries, the ids of their rows and the offsets
        // of their groups; the caller vouches for `rest`.
        unsafe { launch(&keys_fn(name)?, grid(self.m)?, &args) }
    }

    /// Launch the kernel `name` that lifts each grouped position's row into `m` values
    /// for a scan: its arguments are the order and `m`, then `rest`.
    ///
    /// # Safety
    /// As [`Self::launch_grouped`].
    unsafe fn launch_lift(&self, name: &str, rest: &[Arg]) -> Result<()> {
        let mut args = vec![Arg::P(self.order), Arg::I(self.m as i64)];
        args.extend_from_slice(rest);
        // SAFETY: the kernel reads m order entries; the caller vouches for `rest`.
        unsafe { launch(&keys_fn(name)?, grid(self.m)?, &args) }
    }
}

/// The groupby.shift gather map (`fill_row` where the shifted position leaves the group).
pub fn shift_map(o: &DeviceOrder, shift: i64, fill_row: i32) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(o.m.max(1) * 4)?;
    // SAFETY: writes m entries.
    unsafe { o.launch_grouped("gb_shift_map", &args![shift, fill_row, out.ptr()])? };
    Ok(out)
}

/// The groupby.replace_nulls gather map of a column with validity `mask` (bit offset
/// `mask_off`): the nearest valid row of the same group before (or, `following`, after)
/// each grouped position, else `null_row`.
pub fn fill_map(
    o: &DeviceOrder,
    mask: u64,
    mask_off: i64,
    following: bool,
    null_row: i32,
) -> Result<DeviceMemory> {
    let m = o.m;
    let nearest = DeviceMemory::alloc(m.max(1) * 4)?;
    let out = DeviceMemory::alloc(m.max(1) * 4)?;
    let rev = Arg::I32(i32::from(following));
    // SAFETY: reads the mask bits of the m rows; writes m positions.
    unsafe {
        o.launch_lift(
            "gb_valid_positions",
            &args![mask, mask_off, rev, nearest.ptr()],
        )?;
    }
    scan_in_place(&nearest, m, TypeId::Int32, ScanOp::Max, false)?;
    // SAFETY: reads m positions (each < m); writes m.
    unsafe {
        o.launch_grouped(
            "gb_fill_map",
            &args![nearest.ptr(), rev, null_row, out.ptr()],
        )?;
    }
    Ok(out)
}

/// What a device group scan computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupScan {
    /// Rows so far in the group (INT32).
    CountAll = 0,
    /// Valid values so far in the group (INT32).
    CountValid = 1,
    /// Running sum of integer values (INT64, wrapping).
    Sum = 2,
}

/// A running COUNT or integer SUM within each group, in grouped order: `m` INT32 (counts)
/// or INT64 (sums) values. `data` points at row 0 of a `width`-byte integer column.
#[allow(clippy::too_many_arguments)]
pub fn group_scan(
    o: &DeviceOrder,
    kind: GroupScan,
    data: u64,
    width: usize,
    signed: bool,
    mask: u64,
    mask_off: i64,
) -> Result<DeviceMemory> {
    let m = o.m;
    let lifted = DeviceMemory::alloc(m.max(1) * 8)?;
    // SAFETY: reads the values and mask bits of the m rows; writes m int64 values.
    unsafe {
        o.launch_lift(
            "gb_scan_lift",
            &args![
                data,
                width as i32,
                i32::from(signed),
                mask,
                mask_off,
                kind as i32,
                lifted.ptr()
            ],
        )?;
    }
    scan_in_place(&lifted, m, TypeId::Int64, ScanOp::Sum, false)?;
    let to_int32 = kind != GroupScan::Sum;
    let out = DeviceMemory::alloc(m.max(1) * if to_int32 { 4 } else { 8 })?;
    // SAFETY: reads m scanned values; writes m values.
    unsafe {
        o.launch_grouped(
            "gb_scan_finish",
            &args![lifted.ptr(), i32::from(to_int32), out.ptr()],
        )?;
    }
    Ok(out)
}

/// The type code of `gb_seg_scan` for a numeric storage type (None for others).
pub fn seg_scan_code(t: TypeId) -> Option<i32> {
    Some(match t {
        TypeId::Int8 => 0,
        TypeId::Int16 => 1,
        TypeId::Int32 => 2,
        TypeId::Int64 => 3,
        TypeId::Uint8 => 4,
        TypeId::Uint16 => 5,
        TypeId::Uint32 => 6,
        TypeId::Uint64 => 7,
        TypeId::Float32 => 8,
        TypeId::Float64 => 9,
        _ => return None,
    })
}

/// Which running aggregation `gb_seg_scan` computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SegScan {
    Sum = 0,
    Product = 1,
    Max = 2,
    Min = 3,
}

/// A running SUM/PRODUCT/MAX/MIN within each group, in grouped order: `m` values of the
/// accumulator type `acc` (codes of [`seg_scan_code`]) from values of type `input` at
/// `data` (validity `mask` at bit `mask_off`, 0 for none). One thread walks each group.
#[allow(clippy::too_many_arguments)]
pub fn group_seg_scan(
    o: &DeviceOrder,
    op: SegScan,
    data: u64,
    input: i32,
    acc: i32,
    acc_width: usize,
    mask: u64,
    mask_off: i64,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(o.m.max(1) * acc_width)?;
    let groups = o.groups.groups;
    if groups == 0 || o.m == 0 {
        return Ok(out);
    }
    // SAFETY: each thread reads its group's order entries (inside the m grouped rows),
    // their values and mask bits, and writes those m positions of `out`.
    unsafe {
        launch(
            &keys_fn("gb_seg_scan")?,
            grid(groups)?,
            &args![
                o.order,
                o.offsets.ptr(),
                groups as i64,
                data,
                input,
                acc,
                op as i32,
                mask,
                mask_off,
                out.ptr()
            ],
        )?;
    }
    Ok(out)
}

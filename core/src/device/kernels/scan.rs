//! Device-wide scans (prefix sums, products, minima and maxima) of one value type, in one
//! pass with decoupled look-back (see `cuda/scan.cu`).

use super::{Arg, COMMON, SCAN_CUH, args, cuda_type, launch};
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::types::{TypeId, fixed_width};

const SOURCE: &str = include_str!("cuda/scan.cu");
/// Threads per block of the one-pass scan (OP_THREADS in `cuda/scan.cu`).
const ONE_PASS_THREADS: u32 = 256;

/// Values per thread of a one-pass scan tile (OP_ITEMS), unless `FERRODF_SCAN_ITEMS` (an
/// odd number from 3 to 23, which keeps a tile of 8-byte values within 48 KiB of static
/// shared memory) says otherwise, for tuning.
fn scan_items() -> usize {
    static ITEMS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *ITEMS.get_or_init(|| {
        // 19 measured best on an H200 (bench/tune_kernels.py: 78% of copy bandwidth
        // against 74% for 15 and 72% for 11; 23 was no faster).
        let items = super::tuning_knob("FERRODF_SCAN_ITEMS", 3..=23, 19);
        // An even count would make the shared-memory transposes conflict on banks.
        if items % 2 == 1 { items } else { 19 }
    })
}

/// The associative operation of a scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanOp {
    /// Running sum.
    Sum,
    /// Running product.
    Product,
    /// Running maximum.
    Max,
    /// Running minimum.
    Min,
}

impl ScanOp {
    fn suffix(self) -> &'static str {
        match self {
            ScanOp::Sum => "sum",
            ScanOp::Product => "prod",
            ScanOp::Max => "max",
            ScanOp::Min => "min",
        }
    }
}

/// The CUDA source of the scan module for values of type `t`.
pub fn module_source(t: TypeId) -> Result<String> {
    let (ct, _) = cuda_type(t)?;
    Ok(format!(
        "{COMMON}\n#define SCAN_T {ct}\n#define OP_ITEMS {}\n{SCAN_CUH}\n{SOURCE}",
        scan_items()
    ))
}

/// Scan `n` values of type `t` at device address `input` into `output` (which may equal
/// `input`), reading rows whose bit `mask_off + i` of `mask` is clear as `op`'s identity
/// (`mask == 0`: every row is valid). One read and one write of each value.
#[allow(clippy::too_many_arguments)]
pub fn scan_skipping_nulls(
    input: u64,
    mask: u64,
    mask_off: i64,
    output: u64,
    n: usize,
    t: TypeId,
    op: ScanOp,
    exclusive: bool,
) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    let f = typed_function(t, &format!("scan_one_pass_{}", op.suffix()))?;
    let ntiles = n.div_ceil(ONE_PASS_THREADS as usize * scan_items());
    // Look-back state: the tile counter, then one 16-byte status word per tile (zeroed).
    let state = DeviceMemory::zeroed(16 + ntiles * 16)?;
    let cfg = super::blocks(ntiles, ONE_PASS_THREADS);
    // SAFETY: `input`/`output` hold n values of type t (caller); `state` holds the counter
    // and ntiles 16-byte (aligned) status words.
    unsafe {
        launch(
            &f,
            cfg,
            &args![
                input,
                mask,
                mask_off,
                output,
                n as i64,
                exclusive as i32,
                state.ptr(),
                state.ptr() + 16
            ],
        )?;
    }
    Ok(())
}

/// Scan the first `n` values of type `t` in `values` in place; every value takes part
/// (see [`scan_skipping_nulls`]).
pub fn scan_in_place(
    values: &DeviceMemory,
    n: usize,
    t: TypeId,
    op: ScanOp,
    exclusive: bool,
) -> Result<()> {
    scan_skipping_nulls(values.ptr(), 0, 0, values.ptr(), n, t, op, exclusive)
}

/// Exclusive running sum of `n` int64 values, in place; returns the total (one
/// device-to-host read). `values` must hold `n + 1` entries with the last one zero.
pub fn exclusive_sum_with_total(values: &DeviceMemory, n: usize) -> Result<i64> {
    scan_in_place(values, n + 1, TypeId::Int64, ScanOp::Sum, true)?;
    let bytes = values.copy_to_host(n * 8, 8)?;
    Ok(i64::from_le_bytes(
        bytes.as_slice().try_into().expect("8 bytes"),
    ))
}

/// The key of the module [`module_source`] builds (the tuning knob changes its source).
pub fn module_key(t: TypeId) -> Result<String> {
    let (ct, _) = cuda_type(t)?;
    Ok(format!("scan_{ct}_{}", scan_items()))
}

fn typed_function(t: TypeId, name: &str) -> Result<cudarc::driver::CudaFunction> {
    runtime()?.function(&module_key(t)?, || module_source(t).expect("numeric"), name)
}

/// The bounds and replacements of a device clamp, as value bits (little-endian in u64);
/// `None` bounds are absent.
pub struct ClampBounds {
    pub lo: Option<u64>,
    pub hi: Option<u64>,
    pub lo_replace: u64,
    pub hi_replace: u64,
}

/// A new allocation of `n` values of `width` bytes written by kernel `name` of the
/// module for type `t`, launched over the `n` items with `args(output address)`.
///
/// # Safety
/// The arguments must match the kernel's parameters and cover the `n` items.
unsafe fn typed_output(
    t: TypeId,
    name: &str,
    n: usize,
    width: usize,
    args: impl FnOnce(u64) -> Vec<Arg>,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * width)?;
    if n > 0 {
        let f = typed_function(t, name)?;
        // SAFETY: the caller vouches for the arguments; `out` holds n values.
        unsafe { launch(&f, super::grid(n)?, &args(out.ptr()))? };
    }
    Ok(out)
}

/// `n` values of numeric type `t` at `input` clamped into a new allocation.
pub fn clamp(t: TypeId, input: u64, n: usize, b: &ClampBounds) -> Result<DeviceMemory> {
    let width = fixed_width(t).expect("numeric");
    // SAFETY: reads and writes n values.
    unsafe {
        typed_output(t, "clamp_values", n, width, |out| {
            vec![
                Arg::P(input),
                Arg::P(out),
                Arg::I(n as i64),
                Arg::P(b.lo.unwrap_or(0)),
                Arg::P(b.hi.unwrap_or(0)),
                Arg::P(b.lo_replace),
                Arg::P(b.hi_replace),
                Arg::I32(b.lo.is_some() as i32),
                Arg::I32(b.hi.is_some() as i32),
            ]
        })
    }
}

/// `n` values `init + i * step` of numeric type `t` (value bits little-endian in u64).
pub fn sequence(t: TypeId, n: usize, init_bits: u64, step_bits: u64) -> Result<DeviceMemory> {
    let width = fixed_width(t).expect("numeric");
    // SAFETY: writes n values.
    unsafe {
        typed_output(t, "sequence", n, width, |out| {
            vec![
                Arg::P(out),
                Arg::I(n as i64),
                Arg::P(init_bits),
                Arg::P(step_bits),
            ]
        })
    }
}

/// -0.0 -> +0.0 and NaN -> canonical NaN over `n` floats of type `t`.
pub fn normalize_nans_and_zeros(t: TypeId, input: u64, n: usize) -> Result<DeviceMemory> {
    let width = fixed_width(t).expect("float");
    // SAFETY: reads and writes n values.
    unsafe {
        typed_output(t, "normalize_nans_and_zeros", n, width, |out| {
            vec![Arg::P(input), Arg::P(out), Arg::I(n as i64)]
        })
    }
}

/// The find_and_replace_all map: rows equal to key k map to `base + k`, others to themselves.
#[allow(clippy::too_many_arguments)]
pub fn find_replace_map(
    t: TypeId,
    data: u64,
    mask: u64,
    off: i64,
    n: usize,
    keys: u64,
    nkeys: usize,
    base: i64,
) -> Result<DeviceMemory> {
    // SAFETY: reads n values (and mask bits) and nkeys keys; writes n INT32 entries.
    unsafe {
        typed_output(t, "find_replace_map", n, 4, |out| {
            vec![
                Arg::P(data),
                Arg::P(mask),
                Arg::I(off),
                Arg::I(n as i64),
                Arg::P(keys),
                Arg::I(nkeys as i64),
                Arg::I(base),
                Arg::P(out),
            ]
        })
    }
}

const EWM_SOURCE: &str = include_str!("cuda/ewm.cu");
/// Rows per EWMA tile (EWM_THREADS * EWM_ITEMS in `cuda/ewm.cu`).
const EWM_TILE: usize = 256 * 8;

/// The CUDA source of the EWMA module for FLOAT32 or FLOAT64 values.
pub fn ewm_module_source(t: TypeId) -> Result<String> {
    let (ct, _) = cuda_type(t)?;
    Ok(format!("{COMMON}\n#define EWM_T {ct}\n{EWM_SOURCE}"))
}

/// The key of the module [`ewm_module_source`] builds.
pub fn ewm_module_key(t: TypeId) -> Result<String> {
    let (ct, _) = cuda_type(t)?;
    Ok(format!("ewm_{ct}"))
}

/// The EWMA scan (see `cuda/ewm.cu`) of `n` values of the float type `t` at `input` (row
/// `i` valid when bit `mask_off + i` of `mask` is set; `mask == 0`: all valid) into
/// `output` (`n` values of `t`), with `beta = com / (com + 1)`; `adjust` is libcudf's
/// INFINITE history. Three launches: tile products, their running state, the outputs.
#[allow(clippy::too_many_arguments)]
pub fn ewma(
    input: u64,
    mask: u64,
    mask_off: i64,
    output: u64,
    n: usize,
    t: TypeId,
    beta: f64,
    adjust: bool,
) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    let key = ewm_module_key(t)?;
    let source = || ewm_module_source(t).expect("float");
    let rt = runtime()?;
    let tiles_fn = rt.function(&key, source, "ewm_tiles")?;
    let prefix_fn = rt.function(&key, source, "ewm_prefix")?;
    let ntiles = n.div_ceil(EWM_TILE);
    // Per tile a 3x3 map (9 doubles), then per tile the incoming state (3 doubles).
    let scratch = DeviceMemory::alloc(ntiles * 12 * 8)?;
    let maps = scratch.ptr();
    let states = maps + (ntiles * 9 * 8) as u64;
    let cfg = super::blocks(ntiles, 256);
    let run = |mode: i32| -> Result<()> {
        // SAFETY: `input`/`output` hold n values of type t and `mask` n bits from
        // `mask_off` (caller); `maps`/`states` hold 9 and 3 doubles per tile.
        unsafe {
            launch(
                &tiles_fn,
                cfg,
                &args![
                    input,
                    mask,
                    mask_off,
                    n as i64,
                    beta.to_bits(),
                    i32::from(adjust),
                    maps,
                    states,
                    output,
                    mode
                ],
            )
        }
    };
    run(0)?;
    // SAFETY: reads ntiles maps and writes ntiles states, all in `scratch`.
    unsafe {
        launch(
            &prefix_fn,
            super::blocks(1, 32),
            &args![maps, ntiles as i64, states],
        )?;
    }
    run(1)
}

//! Reduction kernels: two deterministic passes (per-block partials, then one block).

use super::{COMMON, cuda_type};
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::memory::pinned::MappedHost;
use crate::types::{TypeId, fixed_width};
use cudarc::driver::PushKernelArg;

const SOURCE: &str = include_str!("cuda/reduce.cu");
const BLOCK: u32 = 256;

/// The device reductions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceReduce {
    Sum,
    Product,
    Min,
    Max,
    SumOfSquares,
    /// BITWISE_AGG AND (integer accumulators only).
    BitAnd,
    /// BITWISE_AGG OR (integer accumulators only).
    BitOr,
    /// BITWISE_AGG XOR (integer accumulators only).
    BitXor,
}

impl DeviceReduce {
    fn kernel(self) -> &'static str {
        match self {
            DeviceReduce::Sum => "sum",
            DeviceReduce::Product => "product",
            DeviceReduce::Min => "min",
            DeviceReduce::Max => "max",
            DeviceReduce::SumOfSquares => "sum_of_squares",
            DeviceReduce::BitAnd => "bit_and",
            DeviceReduce::BitOr => "bit_or",
            DeviceReduce::BitXor => "bit_xor",
        }
    }
}

/// The CUDA source of the reduction module for `input` values accumulated in `acc`.
pub fn module_source(input: TypeId, acc: TypeId) -> Result<String> {
    let (in_t, in_bool) = cuda_type(input)?;
    let (acc_t, _) = cuda_type(acc)?;
    Ok(format!(
        "{COMMON}\n#define IN_T {in_t}\n#define IN_IS_BOOL {in_bool}\n#define ACC_T {acc_t}\n{SOURCE}"
    ))
}

/// The key of the module [`module_source`] builds.
pub fn module_key(input: TypeId, acc: TypeId) -> Result<String> {
    let (in_t, in_bool) = cuda_type(input)?;
    let (acc_t, _) = cuda_type(acc)?;
    Ok(format!(
        "reduce_{in_t}{}_{acc_t}",
        if in_bool { "b" } else { "" }
    ))
}

/// Reduce the valid rows of a numeric column, accumulating in `acc` (each value converted to
/// `acc` first, as libcudf does). Returns the accumulator's bytes (little endian, `acc`'s
/// width) and the number of valid rows.
pub fn reduce(col: &Column, kind: DeviceReduce, acc: TypeId) -> Result<(Vec<u8>, u64)> {
    let (mut values, count) = run(col, kind.kernel(), 1, acc)?;
    Ok((values.swap_remove(0), count))
}

/// The smallest and the largest valid value of a numeric column in one read, as `acc`'s
/// bytes (little endian), and the number of valid rows.
pub fn minmax(col: &Column, acc: TypeId) -> Result<(Vec<u8>, Vec<u8>, u64)> {
    let (mut values, count) = run(col, "minmax", 2, acc)?;
    let hi = values.pop().expect("two results");
    let lo = values.pop().expect("two results");
    Ok((lo, hi, count))
}

/// The size of the scratch area kept for reductions of a few blocks.
const SCRATCH_BYTES: usize = 4096;

/// The reductions' shared scratch: a device area for the partials of a few blocks, and a
/// mapped host slot the one-block pass writes its results into (allocated on first use).
struct Scratch {
    device: DeviceMemory,
    /// None when the driver cannot map host memory: results are then copied back.
    mapped: Option<MappedHost>,
}

static SCRATCH: std::sync::Mutex<Option<Scratch>> = std::sync::Mutex::new(None);

/// Launch `{kernel}_pass1` and `{kernel}_pass2`, which produce `outputs` results.
fn run(col: &Column, kernel: &str, outputs: usize, acc: TypeId) -> Result<(Vec<Vec<u8>>, u64)> {
    let rt = runtime()?;
    let key = module_key(col.dtype().id(), acc)?;
    let source = || module_source(col.dtype().id(), acc).expect("types checked above");
    let pass1 = rt.function(&key, source, &format!("{kernel}_pass1"))?;

    let n = col.size();
    let width = fixed_width(col.dtype().id()).expect("numeric");
    let acc_width = fixed_width(acc).expect("numeric");
    let data = match col.data() {
        Some(d) if n > 0 => d.device_ptr()? + (col.offset() * width) as u64,
        _ => 0,
    };
    let (mask, mask_offset) = match col.mask() {
        Some(m) if col.null_count()? > 0 => (m.device_ptr()?, col.offset() as i64),
        _ => (0u64, 0i64),
    };
    let grid = rt.grid_stride_config(n, BLOCK, 8).grid_dim.0 as usize;
    // Scratch: partials (8-byte slots), counts (per output), then the results (8-byte
    // slots) and their counts.
    let slots = grid * outputs;
    let bytes = slots * 16 + outputs * 16;
    // A reduction waits for its result before returning, so one scratch area, held for
    // the whole call, serves every small reduction (no allocation and free per scalar).
    let mut reused = SCRATCH.lock().unwrap_or_else(|p| p.into_inner());
    if reused.is_none() {
        *reused = Some(Scratch {
            device: DeviceMemory::alloc(SCRATCH_BYTES)?,
            mapped: MappedHost::alloc(SCRATCH_BYTES),
        });
    }
    let kept = reused.as_ref().expect("allocated above");
    let fresh;
    let scratch = if bytes <= SCRATCH_BYTES {
        &kept.device
    } else {
        fresh = DeviceMemory::alloc(bytes)?;
        &fresh
    };
    // One block writes its results straight into mapped host memory: no copy back.
    let mapped = kept.mapped.as_ref().filter(|_| grid == 1);
    let partials = scratch.ptr();
    let counts = partials + (slots * 8) as u64;
    let out = match mapped {
        Some(m) => m.device,
        None => counts + (slots * 8) as u64,
    };
    let out_count = out + (outputs * 8) as u64;
    let n64 = n as i64;
    let grid64 = grid as i64;
    let cfg1 = super::blocks(grid, BLOCK);
    let cfg2 = super::blocks(1, BLOCK);
    // One block covers small columns: pass 1 then writes its block result straight into
    // the result slots and pass 2 (a second launch) is skipped.
    let (partials, counts) = if grid == 1 {
        (out, out_count)
    } else {
        (partials, counts)
    };
    let mut l1 = rt.stream().launch_builder(&pass1);
    l1.arg(&data)
        .arg(&mask)
        .arg(&mask_offset)
        .arg(&n64)
        .arg(&partials)
        .arg(&counts);
    // SAFETY: pass 1 reads n values (and their mask bits) that the column owns and writes
    // `outputs * grid` partials; pass 2 reads them and writes the result slots, all in
    // `scratch`.
    unsafe {
        l1.launch(cfg1)?;
    }
    if grid > 1 {
        let pass2 = rt.function(&key, source, &format!("{kernel}_pass2"))?;
        let mut l2 = rt.stream().launch_builder(&pass2);
        l2.arg(&partials)
            .arg(&counts)
            .arg(&grid64)
            .arg(&out)
            .arg(&out_count);
        // SAFETY: as above; pass 2 reads the `grid` partials of each output.
        unsafe {
            l2.launch(cfg2)?;
        }
    }
    // The results are ACC_T values packed from `out` (at most 8 bytes each).
    let bytes = match mapped {
        Some(m) => {
            rt.synchronize()?;
            m.read(0, outputs * 16)
        }
        None => scratch.copy_to_host(slots * 16, outputs * 16)?.to_vec(),
    };
    let values = (0..outputs)
        .map(|k| bytes[k * acc_width..(k + 1) * acc_width].to_vec())
        .collect();
    let count = u64::from_le_bytes(
        bytes[outputs * 8..outputs * 8 + 8]
            .try_into()
            .expect("8 bytes"),
    );
    Ok((values, count))
}

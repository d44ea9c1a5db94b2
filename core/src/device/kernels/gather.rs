//! Device gathers: every column type through one row map (an integer column on the device).
//! Fixed-width values move with one kernel per width, strings with sizes -> scan -> bytes,
//! lists by gathering their child through an expanded map, structs field by field,
//! dictionaries through their indices.
//!
//! A shared kernel module, not a family's: `ops/gather.rs` (the row-map primitive that the
//! copying, filling, stream_compaction, sorting, join, groupby and other families gather
//! through) launches it, and the join, sort and strings launchers use its [`device_map`],
//! [`flag_is_set`] and [`narrow_offsets`].

use super::scan::exclusive_sum_with_total;
use super::{Arg, COMMON, args, cuda_type, device_column, device_values, grid, launch};
use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::{Error, Result};
use crate::types::{DataType, TypeId, fixed_width};

const SOURCE: &str = include_str!("cuda/gather.cu");

/// The fixed-width gather's tuning: rows per thread (`FERRODF_GATHER_UNROLL`, 1 to 16,
/// default 1), streaming hints on the map and output (`FERRODF_GATHER_STREAM`, 0 or 1,
/// default 0), the grid's cap in blocks per SM (`FERRODF_GATHER_BLOCKS`, 1 to 4096,
/// default 4096) and threads per block (`FERRODF_GATHER_THREADS`, 64 to 1024, default
/// 128). Read once per process; bench/tune_kernels.py sweeps them. The defaults, one row
/// per thread in 128-thread blocks and a grid that covers the map (CuPy's `take` layout),
/// measured best on an H200: 2.61 ms for 10^8 random rows against 2.65 ms for 8 rows per
/// thread in a grid of 64 blocks per SM, the earlier layout (docs/gpu.md).
fn gather_tuning() -> (usize, usize, u32, u32) {
    static KNOBS: std::sync::OnceLock<(usize, usize, u32, u32)> = std::sync::OnceLock::new();
    *KNOBS.get_or_init(|| {
        (
            super::tuning_knob("FERRODF_GATHER_UNROLL", 1..=16, 1),
            super::tuning_knob("FERRODF_GATHER_STREAM", 0..=1, 0),
            super::tuning_knob("FERRODF_GATHER_BLOCKS", 1..=4096, 4096) as u32,
            super::tuning_knob("FERRODF_GATHER_THREADS", 64..=1024, 128) as u32,
        )
    })
}

/// The CUDA source of the gather module for maps of integer type `idx`.
pub fn module_source(idx: TypeId) -> Result<String> {
    let (it, _) = cuda_type(idx)?;
    let (unroll, stream, ..) = gather_tuning();
    Ok(format!(
        "{COMMON}\n#define IDX_T {it}\n#define GATHER_UNROLL {unroll}\n\
         #define GATHER_STREAM {stream}\n{SOURCE}"
    ))
}

/// The key of the module [`module_source`] builds (the tuning knobs change its source).
pub fn module_key(idx: TypeId) -> Result<String> {
    let (it, _) = cuda_type(idx)?;
    let (unroll, stream, ..) = gather_tuning();
    Ok(format!("gather_{it}_{unroll}_{stream}"))
}

/// A row map on the device, with how to treat its entries.
pub struct DeviceMap<'a> {
    map: &'a Column,
    /// Out-of-bounds entries give null rows (else they set the flag and give null rows).
    pub nullify: bool,
    /// Set to 1 by kernels that met an out-of-bounds entry (4 bytes, zeroed).
    pub flag: &'a DeviceMemory,
    /// Whether kernels set `flag` at all. A caller that never reads it (explicit NULLIFY
    /// maps, such as a left join's) turns it off: many out-of-bounds entries touching one
    /// word cost a gather several times its plain time.
    pub report: bool,
    /// The caller guarantees every entry is valid and in bounds (internal maps), so the
    /// output needs a null mask only where the source has nulls.
    pub in_bounds: bool,
}

impl<'a> DeviceMap<'a> {
    /// A map over an integer column (negative entries count from the end, as in libcudf).
    pub fn new(map: &'a Column, nullify: bool, flag: &'a DeviceMemory) -> Result<Self> {
        if !map.dtype().id().is_integer() {
            return Err(Error::type_err(format!(
                "a gather map must hold integers, got {}",
                map.dtype()
            )));
        }
        Ok(DeviceMap {
            map,
            nullify,
            flag,
            report: true,
            in_bounds: false,
        })
    }
    /// The flag's address for the kernels, 0 when nothing reads it.
    fn flag_ptr(&self) -> u64 {
        if self.report { self.flag.ptr() } else { 0 }
    }
    fn len(&self) -> usize {
        self.map.size()
    }
    /// Whether some output rows may be null because of the map itself.
    fn may_null(&self) -> Result<bool> {
        Ok(!self.in_bounds && (self.nullify || self.map.has_nulls()?))
    }
    fn function(&self, name: &str) -> Result<cudarc::driver::CudaFunction> {
        let idx = self.map.dtype().id();
        runtime()?.function(
            &module_key(idx)?,
            || module_source(idx).expect("integer"),
            name,
        )
    }
    /// (map pointer, map mask pointer, map mask bit offset)
    fn args(&self) -> Result<[Arg; 3]> {
        let width = fixed_width(self.map.dtype().id()).expect("integer");
        let data = match self.map.data() {
            Some(d) if self.len() > 0 => d.device_ptr()? + (self.map.offset() * width) as u64,
            _ => 0,
        };
        let (mask, off) = match self.map.mask() {
            Some(m) if self.map.null_count()? > 0 => (m.device_ptr()?, self.map.offset() as i64),
            _ => (0, 0),
        };
        Ok([Arg::P(data), Arg::P(mask), Arg::I(off)])
    }
}

/// (mask pointer or 0 when the column has no nulls, bit offset)
fn mask_args(col: &Column) -> Result<(u64, i64)> {
    match col.mask() {
        Some(m) if col.null_count()? > 0 => Ok((m.device_ptr()?, col.offset() as i64)),
        _ => Ok((0, 0)),
    }
}

/// The validity of the gathered rows, or None when every row is valid.
fn gather_validity(src: &Column, map: &DeviceMap) -> Result<Option<Buffer>> {
    let n = map.len();
    let (smask, soff) = mask_args(src)?;
    if smask == 0 && !map.may_null()? {
        return Ok(None);
    }
    let out = DeviceMemory::alloc(bitmask_allocation_size_bytes(n))?;
    if n > 0 {
        let f = map.function("gather_mask")?;
        let [mp, mm, mo] = map.args()?;
        // SAFETY: reads n map entries and source bits of in-bounds rows; writes ceil(n/32)
        // words of a mask allocated for n bits.
        unsafe {
            launch(
                &f,
                grid(n.div_ceil(32) * 32)?,
                &args![
                    smask,
                    soff,
                    mp,
                    mm,
                    mo,
                    n as i64,
                    src.size() as i64,
                    map.nullify as i32,
                    out.ptr(),
                    map.flag_ptr(),
                    0u64
                ],
            )?;
        }
    }
    Ok(Some(Buffer::from_device(out)))
}

/// Gather rows of `src` through `map` on the device.
pub fn gather_column(src: &Column, map: &DeviceMap) -> Result<Column> {
    let n = map.len();
    let id = src.dtype().id();
    let rows = src.size() as i64;
    let nullify = Arg::I32(map.nullify as i32);
    let flag = Arg::P(map.flag_ptr());
    if id == TypeId::Empty {
        return Column::new(src.dtype(), n, None, None, Some(n), 0, vec![]);
    }
    let mask = gather_validity(src, map)?;
    if let Some(width) = fixed_width(id) {
        let out = DeviceMemory::alloc(n * width)?;
        if n > 0 {
            let data =
                src.data().map_or(Ok(0), |d| d.device_ptr())? + (src.offset() * width) as u64;
            let f = map.function(&format!("gather_w{width}"))?;
            let [mp, mm, mo] = map.args()?;
            // SAFETY: reads in-bounds source rows only (resolve_row), writes n values.
            // Random reads are latency bound: a grid covering the map keeps the most
            // loads in flight (see gather_tuning).
            let rt = runtime()?;
            unsafe {
                launch(
                    &f,
                    {
                        let (unroll, _, blocks, threads) = gather_tuning();
                        rt.grid_stride_config(n.div_ceil(unroll), threads, blocks)
                    },
                    &args![data, mp, mm, mo, n as i64, rows, nullify, out.ptr(), flag],
                )?;
            }
        }
        return device_column(src.dtype(), n, out, mask, None);
    }
    match id {
        TypeId::String | TypeId::List => gather_offsets_column(src, map, mask),
        TypeId::Struct => {
            let children = src
                .children()
                .iter()
                .map(|c| gather_column(&c.slice(src.offset(), src.size())?, map))
                .collect::<Result<Vec<_>>>()?;
            Column::new(src.dtype(), n, None, mask, None, 0, children)
        }
        TypeId::Dictionary32 => {
            let indices = gather_column(&src.children()[0].slice(src.offset(), src.size())?, map)?;
            Column::new(
                src.dtype(),
                n,
                None,
                mask,
                None,
                0,
                vec![indices, src.children()[1].clone()],
            )
        }
        other => Err(Error::not_implemented(format!(
            "gather of {other} columns on the device"
        ))),
    }
}

/// Strings and lists: sizes of the gathered rows, their offsets, then the bytes (strings)
/// or the child rows (lists).
fn gather_offsets_column(src: &Column, map: &DeviceMap, mask: Option<Buffer>) -> Result<Column> {
    let n = map.len();
    let is_string = src.dtype().id() == TypeId::String;
    if src.children().is_empty() || src.size() == 0 && n == 0 {
        return empty_offsets_column(src.dtype(), n, mask, is_string, src);
    }
    let offsets = &src.children()[0];
    let wide = offsets.dtype().id() == TypeId::Int64;
    let (ow, suffix) = if wide { (8, "o64") } else { (4, "o32") };
    let off_ptr = offsets.data().expect("offsets data").device_ptr()?
        + ((offsets.offset() + src.offset()) * ow) as u64;
    let (smask, soff) = mask_args(src)?;
    let [mp, mm, mo] = map.args()?;
    let rows = Arg::I(src.size() as i64);
    let sizes = DeviceMemory::alloc((n + 1) * 8)?;
    let f = map.function(&format!("gather_sizes_{suffix}"))?;
    // SAFETY: reads offsets of in-bounds source rows; writes n + 1 sizes.
    unsafe {
        launch(
            &f,
            grid(n + 1)?,
            &args![
                off_ptr,
                mp,
                mm,
                mo,
                smask,
                soff,
                n as i64,
                rows,
                map.nullify as i32,
                sizes.ptr(),
                map.flag_ptr()
            ],
        )?;
    }
    let total = exclusive_sum_with_total(&sizes, n)? as usize;
    let out_offsets = narrow_offsets(sizes, n + 1, wide || total > i32::MAX as usize)?;
    // The second pass starts from the source offsets, the map and the gathered offsets.
    let placed = [
        Arg::P(off_ptr),
        mp,
        mm,
        mo,
        Arg::I(n as i64),
        rows,
        Arg::P(out_offsets.1),
    ];
    if is_string {
        let chars = DeviceMemory::alloc(total)?;
        if total > 0 {
            let chars_ptr = src
                .data()
                .expect("chars of non-empty strings")
                .device_ptr()?;
            let f = map.function(&format!("gather_chars_{suffix}"))?;
            let group_log2 = lanes_per_string(total, n);
            let args = [
                &placed[..],
                &args![chars_ptr, group_log2 as i32, chars.ptr()],
            ]
            .concat();
            // SAFETY: copies the bytes of in-bounds rows into the ranges the offsets assign.
            unsafe { launch(&f, grid(n << group_log2)?, &args)? };
        }
        Column::new(
            src.dtype(),
            n,
            Some(Buffer::from_device(chars)),
            mask,
            None,
            0,
            vec![out_offsets.0],
        )
    } else {
        let child_map = DeviceMemory::alloc(total * 4)?;
        if total > 0 {
            let f = map.function(&format!("gather_list_child_map_{suffix}"))?;
            let args = [&placed[..], &args![total as i64, child_map.ptr()]].concat();
            // SAFETY: writes `total` child rows; reads offsets of in-bounds rows.
            unsafe { launch(&f, grid(total)?, &args)? };
        }
        let child_map = device_values(TypeId::Int32.into(), total, child_map)?;
        let flag = DeviceMemory::zeroed(4)?;
        let mut child_map = DeviceMap::new(&child_map, true, &flag)?;
        child_map.in_bounds = true;
        let child = gather_column(&src.children()[1], &child_map)?;
        Column::new(
            src.dtype(),
            n,
            None,
            mask,
            None,
            0,
            vec![out_offsets.0, child],
        )
    }
}

/// log2 of the lanes that copy one string's bytes: about one lane per 8 bytes of the mean
/// length, at most a warp (a warp per 8-byte id leaves 31 lanes idle and was 4x slower).
fn lanes_per_string(total_bytes: usize, rows: usize) -> u32 {
    let mean = total_bytes.div_ceil(rows.max(1));
    mean.div_ceil(8).next_power_of_two().trailing_zeros().min(5)
}

/// The int64 offsets in `sizes` as an offsets column (INT64 when `wide`, else INT32), and
/// the device address of an int64 copy for kernels that read them.
pub(crate) fn narrow_offsets(
    sizes: DeviceMemory,
    len: usize,
    wide: bool,
) -> Result<(Column, u64, Option<DeviceMemory>)> {
    let ptr = sizes.ptr();
    if wide {
        let col = device_values(TypeId::Int64.into(), len, sizes)?;
        return Ok((col, ptr, None));
    }
    let out = super::concatenate::rebase_offsets(ptr, true, len, 0, 0, false)?;
    let col = device_values(TypeId::Int32.into(), len, out)?;
    Ok((col, ptr, Some(sizes)))
}

fn empty_offsets_column(
    dtype: DataType,
    n: usize,
    mask: Option<Buffer>,
    is_string: bool,
    src: &Column,
) -> Result<Column> {
    // Every gathered row is null or the source has no rows: all rows are empty. The
    // offsets keep the source's width (INT64 for large strings and lists).
    let wide = src
        .children()
        .first()
        .is_some_and(|o| o.dtype().id() == TypeId::Int64);
    let offsets = DeviceMemory::zeroed((n + 1) * if wide { 8 } else { 4 })?;
    let offsets = device_values(
        if wide { TypeId::Int64 } else { TypeId::Int32 }.into(),
        n + 1,
        offsets,
    )?;
    if is_string {
        Column::new(
            dtype,
            n,
            Some(Buffer::from_device(DeviceMemory::alloc(0)?)),
            mask,
            None,
            0,
            vec![offsets],
        )
    } else {
        let child = src
            .children()
            .get(1)
            .map_or(Ok(None), |c| c.slice(0, 0).map(Some))?;
        let child = child.ok_or_else(|| Error::value("a LIST column needs a values child"))?;
        Column::new(dtype, n, None, mask, None, 0, vec![offsets, child])
    }
}

/// The map with negative entries wrapped, as INT32 row numbers on the device; null and
/// out-of-bounds entries become `NULL_ROW` (and set the flag unless `map.nullify`).
pub fn normalize_map(map: &DeviceMap, rows: usize) -> Result<DeviceMemory> {
    let n = map.len();
    let out = DeviceMemory::alloc(n * 4)?;
    if n > 0 {
        let f = map.function("normalize_map")?;
        let [mp, mm, mo] = map.args()?;
        // SAFETY: reads and writes n entries.
        unsafe {
            launch(
                &f,
                grid(n)?,
                &args![
                    mp,
                    mm,
                    mo,
                    n as i64,
                    rows as i64,
                    map.nullify as i32,
                    out.ptr(),
                    map.flag_ptr()
                ],
            )?;
        }
    }
    Ok(out)
}

/// Whether a kernel set the out-of-bounds flag (one device-to-host read).
pub fn flag_is_set(flag: &DeviceMemory) -> Result<bool> {
    let b = flag.copy_to_host(0, 4)?;
    Ok(b.as_slice() != [0, 0, 0, 0])
}

/// An INT32 column over a device map allocation of `n` entries.
pub(crate) fn device_map(mem: DeviceMemory, n: usize) -> Result<Column> {
    device_values(TypeId::Int32.into(), n, mem)
}

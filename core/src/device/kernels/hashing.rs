//! Row hashing kernels (`murmurhash3_x86_32`, `xxhash_64`): one launch per column.

use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::ops::hashing::{ElementKind, element_kind};
use crate::table::Table;
use crate::types::{TypeId, fixed_width};
use cudarc::driver::PushKernelArg;

const SOURCE: &str = include_str!("cuda/hashing.cu");

/// The CUDA source of the hashing module (one variant for every type).
pub fn module_source() -> String {
    format!("{}\n{SOURCE}", super::COMMON)
}

/// Kernel arguments of one column: (data, width, kind, off32, off64, row offset, mask,
/// mask bit offset).
type ColumnArgs = (u64, i32, i32, u64, u64, i64, u64, i64);

fn column_args(function: &str, c: &Column) -> Result<ColumnArgs> {
    let kind = element_kind(function, c.dtype())?;
    let (mask, mask_off) = match c.mask() {
        Some(m) if c.has_nulls()? => (m.device_ptr()?, c.offset() as i64),
        _ => (0, 0),
    };
    if kind == ElementKind::Str {
        let data = match c.data() {
            Some(d) if !d.is_empty() => d.device_ptr()?,
            _ => 0,
        };
        let child = &c.children()[0];
        let width = fixed_width(child.dtype().id()).expect("integer offsets");
        let offs = child.data().expect("offsets").device_ptr()? + (child.offset() * width) as u64;
        let (o32, o64) = if child.dtype().id() == TypeId::Int64 {
            (0, offs)
        } else {
            (offs, 0)
        };
        return Ok((
            data,
            0,
            kind as i32,
            o32,
            o64,
            c.offset() as i64,
            mask,
            mask_off,
        ));
    }
    let width = fixed_width(c.dtype().id()).expect("fixed width");
    let data = c.data().expect("n > 0").device_ptr()? + (c.offset() * width) as u64;
    Ok((data, width as i32, kind as i32, 0, 0, 0, mask, mask_off))
}

fn run<S: cudarc::driver::DeviceRepr>(
    input: &Table,
    function: &str,
    kernel: &str,
    seed: S,
    width: usize,
    dtype: TypeId,
    seed_bits: u64,
) -> Result<Column> {
    let rt = runtime()?;
    let n = input.num_rows();
    let out = DeviceMemory::alloc(n * width)?;
    let out_ptr = out.ptr();
    let n64 = n as i64;
    let cfg = rt.grid_stride_config(n, 256, 8);
    if input.num_columns() == 0 {
        let f = rt.function("hashing", module_source, "fill_u64")?;
        let is32 = i32::from(width == 4);
        let mut launch = rt.stream().launch_builder(&f);
        launch.arg(&out_ptr).arg(&n64).arg(&seed_bits).arg(&is32);
        // SAFETY: writes n values of `width` bytes into `out`.
        unsafe { launch.launch(cfg)? };
    }
    let f = rt.function("hashing", module_source, kernel)?;
    for (j, c) in input.columns().iter().enumerate() {
        let (data, w, kind, o32, o64, row_off, mask, mask_off) = column_args(function, c)?;
        let first = i32::from(j == 0);
        let mut launch = rt.stream().launch_builder(&f);
        launch
            .arg(&data)
            .arg(&w)
            .arg(&kind)
            .arg(&o32)
            .arg(&o64)
            .arg(&row_off)
            .arg(&mask)
            .arg(&mask_off)
            .arg(&n64)
            .arg(&seed)
            .arg(&out_ptr)
            .arg(&first);
        // SAFETY: reads rows offset..offset+n of the column (checked at its construction)
        // and reads/writes n hash values of `out`.
        unsafe { launch.launch(cfg)? };
    }
    Column::new(
        dtype.into(),
        n,
        Some(Buffer::from_device(out)),
        None,
        Some(0),
        0,
        vec![],
    )
}

/// MurmurHash3_x86_32 of every row (see [`crate::ops::hashing`]); `n > 0`.
pub fn murmurhash3_x86_32(input: &Table, seed: u32) -> Result<Column> {
    run(
        input,
        "hashing.murmurhash3_x86_32",
        "murmur_column",
        seed,
        4,
        TypeId::Uint32,
        u64::from(seed),
    )
}

/// XXH64 of every row, chained across columns; `n > 0`.
pub fn xxhash_64(input: &Table, seed: u64) -> Result<Column> {
    run(
        input,
        "hashing.xxhash_64",
        "xxhash64_column",
        seed,
        8,
        TypeId::Uint64,
        seed,
    )
}

//! Row hashing kernels: `murmurhash3_x86_32`, `xxhash_64`, `xxhash_32` and
//! `murmurhash3_x64_128` launch once per column (for a LIST or STRUCT column of the first
//! two, once per decomposed column); the row digests (`md5`, `sha1`, ..., `sha512`) launch
//! once for the table, one thread per row (see [`crate::ops::hashing`]).

use super::{chars_ptr, device_values, string_parts};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::{Error, Result};
use crate::table::Table;
use crate::types::{DataType, TypeId, fixed_width};
use cudarc::driver::PushKernelArg;

/// How the bytes of one element are obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ElementKind {
    /// The value's bytes as stored.
    Raw = 0,
    /// BOOL8: one byte, 0 or 1.
    Bool = 1,
    /// FLOAT32, NaN (and for MurmurHash3 -0.0) normalised.
    F32 = 2,
    /// FLOAT64, likewise.
    F64 = 3,
    /// STRING: the UTF-8 bytes.
    Str = 4,
}

/// How the elements of a non-nested column are hashed; errors for types without a hash.
pub(crate) fn element_kind(function: &str, dtype: DataType) -> Result<ElementKind> {
    let id = dtype.id();
    Ok(match id {
        TypeId::Bool8 => ElementKind::Bool,
        TypeId::Float32 => ElementKind::F32,
        TypeId::Float64 => ElementKind::F64,
        TypeId::String => ElementKind::Str,
        _ if id.is_fixed_width() => ElementKind::Raw,
        _ => {
            return Err(Error::not_implemented(format!(
                "{function} does not support {id} columns; it hashes fixed-width, STRING, \
                 LIST and STRUCT columns (cast or decode the column first)"
            )));
        }
    })
}

/// Whether `id` is a type [`decompose`] walks into.
pub(crate) fn is_nested(id: TypeId) -> bool {
    matches!(id, TypeId::List | TypeId::Struct)
}

/// One decomposed column of a nested column: the nodes it walks, top-down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Branch {
    /// Each node as its path from the top-level column (child numbers: 0 below a LIST,
    /// the field number below a STRUCT) and whether its element validity is hashed (not
    /// for the LIST ancestors a later branch carries, which libcudf gives no mask: the
    /// first branch hashes their validity, so here every element counts as valid).
    pub levels: Vec<(Vec<usize>, bool)>,
}

/// libcudf's `decompose_structs` (with lists decomposed) of nested column `c`: the
/// decomposed columns in order (see [`crate::ops::hashing`]).
pub(crate) fn decompose(c: &Column) -> Vec<Branch> {
    // `ancestors` holds the path of every nested node above the current one and whether
    // it is a LIST.
    fn visit(
        c: &Column,
        path: &mut Vec<usize>,
        ancestors: &mut Vec<(Vec<usize>, bool)>,
        cur: usize,
        out: &mut Vec<Branch>,
    ) {
        out[cur].levels.push((path.clone(), true));
        match c.dtype().id() {
            TypeId::List => {
                ancestors.push((path.clone(), true));
                path.push(0);
                visit(&c.children()[1], path, ancestors, cur, out);
                path.pop();
                ancestors.pop();
            }
            TypeId::Struct => {
                ancestors.push((path.clone(), false));
                let first_is_list = c
                    .children()
                    .first()
                    .is_some_and(|f| f.dtype().id() == TypeId::List);
                for (i, field) in c.children().iter().enumerate() {
                    let mut target = cur;
                    if i > 0 || first_is_list {
                        // A new branch carries the LIST ancestors (sizes only).
                        let lists = ancestors
                            .iter()
                            .filter(|(_, is_list)| *is_list)
                            .map(|(p, _)| (p.clone(), false))
                            .collect();
                        out.push(Branch { levels: lists });
                        target = out.len() - 1;
                    }
                    path.push(i);
                    visit(field, path, ancestors, target, out);
                    path.pop();
                }
                ancestors.pop();
            }
            _ => {}
        }
    }
    let mut out = vec![Branch { levels: vec![] }];
    visit(c, &mut vec![], &mut vec![], 0, &mut out);
    out
}

const SOURCE: &str = include_str!("cuda/hashing.cu");
const DIGEST: &str = include_str!("cuda/digest.cuh");

/// The CUDA source of the hashing module (one variant for every type).
pub fn module_source() -> String {
    format!("{}\n{DIGEST}\n{SOURCE}", super::COMMON)
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
        let (data, offs, wide) = string_parts(c)?;
        let (o32, o64) = if wide { (0, offs) } else { (offs, 0) };
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

/// The eight per-column arguments the chained-hash kernels start with, in order.
fn push_column<'a, 'b>(
    launch: &'b mut cudarc::driver::LaunchArgs<'a>,
    a: &'a ColumnArgs,
) -> &'b mut cudarc::driver::LaunchArgs<'a> {
    launch
        .arg(&a.0)
        .arg(&a.1)
        .arg(&a.2)
        .arg(&a.3)
        .arg(&a.4)
        .arg(&a.5)
        .arg(&a.6)
        .arg(&a.7)
}

/// 64-bit words per level of a nested descriptor (`LEVEL_WORDS` in hashing.cu).
const LEVEL_WORDS: usize = 32;
/// Levels of a decomposed column the kernel walks at most (`MAX_LEVELS` in hashing.cu).
const MAX_LEVELS: usize = 16;
/// Masks one level can and together (words 11.. of a level).
const MAX_MASKS: usize = (LEVEL_WORDS - 11) / 2;

/// A node of a nested column as the kernel sees it: physical row = `base` + the index its
/// parent gives, and the masks (with their bit bases) whose and is its validity.
struct NodeView<'a> {
    col: &'a Column,
    base: u64,
    masks: Vec<(u64, u64)>,
}

/// The node at `path` below `root`: STRUCT fields are indexed by the struct's physical row
/// and inherit its masks; a LIST's child is indexed by the offsets' values.
fn node_view<'a>(root: &'a Column, path: &[usize]) -> Result<NodeView<'a>> {
    let own = |c: &Column, base: u64| -> Result<Option<(u64, u64)>> {
        Ok(match c.mask() {
            Some(m) if c.has_nulls()? => Some((m.device_ptr()?, base)),
            _ => None,
        })
    };
    let mut view = NodeView {
        col: root,
        base: root.offset() as u64,
        masks: own(root, root.offset() as u64)?.into_iter().collect(),
    };
    for &i in path {
        if view.col.dtype().id() == TypeId::List {
            view.col = &view.col.children()[1];
            view.base = view.col.offset() as u64;
            view.masks.clear();
        } else {
            view.col = &view.col.children()[i];
            view.base += view.col.offset() as u64;
        }
        view.masks.extend(own(view.col, view.base)?);
    }
    Ok(view)
}

/// The descriptor words of one level (layout in hashing.cu).
fn level_words(function: &str, v: &NodeView, hash_validity: bool) -> Result<[u64; LEVEL_WORDS]> {
    let mut w = [0u64; LEVEL_WORDS];
    if v.masks.len() > MAX_MASKS {
        return Err(Error::not_implemented(format!(
            "{function} on the GPU handles at most {MAX_MASKS} directly nested STRUCT levels"
        )));
    }
    w[1] = u64::from(hash_validity);
    w[2] = v.masks.len() as u64;
    for (j, (ptr, base)) in v.masks.iter().enumerate() {
        w[11 + 2 * j] = *ptr;
        w[12 + 2 * j] = *base;
    }
    let offsets = |c: &Column, at: u64| -> Result<(u64, u64)> {
        let o = &c.children()[0];
        let width = fixed_width(o.dtype().id()).expect("integer offsets") as u64;
        let ptr = match o.data() {
            Some(d) if !d.is_empty() => d.device_ptr()? + (o.offset() as u64 + at) * width,
            _ => 0,
        };
        Ok((ptr, u64::from(width == 8)))
    };
    let c = v.col;
    match c.dtype().id() {
        TypeId::Struct => w[0] = 1,
        TypeId::List => {
            w[0] = 2;
            (w[3], w[4]) = offsets(c, v.base)?;
        }
        _ => {
            let kind = element_kind(function, c.dtype())?;
            w[7] = kind as u64;
            let data = chars_ptr(c)?;
            if kind == ElementKind::Str {
                w[5] = data;
                if !c.children().is_empty() {
                    (w[8], w[9]) = offsets(c, 0)?;
                }
                w[10] = v.base;
            } else {
                let width = fixed_width(c.dtype().id()).expect("fixed width") as u64;
                w[5] = if data == 0 { 0 } else { data + v.base * width };
                w[6] = width;
            }
        }
    }
    Ok(w)
}

/// One launch of `kernel` (`murmur_nested` or `xxhash64_nested`) per decomposed column of
/// nested column `c`.
fn run_nested<S: cudarc::driver::DeviceRepr>(
    function: &str,
    kernel: &cudarc::driver::CudaFunction,
    c: &Column,
    seed: &S,
    check: bool,
    out_ptr: u64,
    first: &mut bool,
) -> Result<()> {
    let rt = runtime()?;
    let n = c.size();
    for branch in decompose(c) {
        if branch.levels.len() > MAX_LEVELS {
            return Err(Error::not_implemented(format!(
                "{function} on the GPU handles at most {MAX_LEVELS} nested levels"
            )));
        }
        let mut words = Vec::with_capacity(branch.levels.len() * LEVEL_WORDS);
        for (path, hash_validity) in &branch.levels {
            words.extend(level_words(function, &node_view(c, path)?, *hash_validity)?);
        }
        let nlevels = branch.levels.len() as i32;
        let direct = i32::from(
            nlevels == 1 && !is_nested(node_view(c, &branch.levels[0].0)?.col.dtype().id()),
        );
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let desc = DeviceMemory::from_host(&bytes)?;
        let (dp, chk, n64, fst) = (desc.ptr(), i32::from(check), n as i64, i32::from(*first));
        let mut launch = rt.stream().launch_builder(kernel);
        launch
            .arg(&dp)
            .arg(&nlevels)
            .arg(&direct)
            .arg(&chk)
            .arg(&n64)
            .arg(seed)
            .arg(&out_ptr)
            .arg(&fst);
        // SAFETY: the descriptor points into the column's buffers at offsets checked at the
        // column's construction; the kernel reads rows 0..n of it and reads/writes n hashes.
        // (Dropping `desc` frees it in stream order, after this launch.)
        unsafe { launch.launch(rt.grid_stride_config(n, 256, 8))? };
        *first = false;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn run<S: cudarc::driver::DeviceRepr>(
    input: &Table,
    function: &str,
    kernel: &str,
    nested_kernel: Option<&str>,
    seed: S,
    width: usize,
    dtype: TypeId,
    seed_bits: u64,
    check: bool,
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
    let mut first_launch = true;
    for c in input.columns() {
        if is_nested(c.dtype().id()) {
            let Some(nested_kernel) = nested_kernel else {
                return Err(Error::type_err(format!(
                    "{function} does not support {} columns",
                    c.dtype().id()
                )));
            };
            let g = rt.function("hashing", module_source, nested_kernel)?;
            run_nested(function, &g, c, &seed, check, out_ptr, &mut first_launch)?;
            continue;
        }
        let args = column_args(function, c)?;
        let first = i32::from(first_launch);
        first_launch = false;
        let mut launch = rt.stream().launch_builder(&f);
        push_column(&mut launch, &args)
            .arg(&n64)
            .arg(&seed)
            .arg(&out_ptr)
            .arg(&first);
        // SAFETY: reads rows offset..offset+n of the column (checked at its construction)
        // and reads/writes n hash values of `out`.
        unsafe { launch.launch(cfg)? };
    }
    device_values(dtype.into(), n, out)
}

/// MurmurHash3_x86_32 of every row (see [`crate::ops::hashing`]); `n > 0`. `check`:
/// whether nested validity is hashed (some top-level column has nulls).
pub fn murmurhash3_x86_32(input: &Table, seed: u32, check: bool) -> Result<Column> {
    run(
        input,
        "hashing.murmurhash3_x86_32",
        "murmur_column",
        Some("murmur_nested"),
        seed,
        4,
        TypeId::Uint32,
        u64::from(seed),
        check,
    )
}

/// XXH64 of every row, chained across columns; `n > 0`. `check` as for
/// [`murmurhash3_x86_32`].
pub fn xxhash_64(input: &Table, seed: u64, check: bool) -> Result<Column> {
    run(
        input,
        "hashing.xxhash_64",
        "xxhash64_column",
        Some("xxhash64_nested"),
        seed,
        8,
        TypeId::Uint64,
        seed,
        check,
    )
}

/// XXH32 of every row, chained across columns like [`xxhash_64`]; flat columns only
/// (checked by the caller); `n > 0`.
pub fn xxhash_32(input: &Table, seed: u32) -> Result<Column> {
    run(
        input,
        "hashing.xxhash_32",
        "xxhash32_column",
        None,
        seed,
        4,
        TypeId::Uint32,
        u64::from(seed),
        false,
    )
}

/// MurmurHash3_x64_128 of every row as its two UINT64 halves: each column's element is
/// hashed with the first half so far as the seed; flat columns only (checked by the
/// caller); `n > 0`.
pub fn murmurhash3_x64_128(input: &Table, seed: u64) -> Result<(Column, Column)> {
    let function = "hashing.murmurhash3_x64_128";
    let rt = runtime()?;
    let n = input.num_rows();
    let (out1, out2) = (DeviceMemory::alloc(n * 8)?, DeviceMemory::alloc(n * 8)?);
    let (p1, p2) = (out1.ptr(), out2.ptr());
    let n64 = n as i64;
    let cfg = rt.grid_stride_config(n, 256, 8);
    if input.num_columns() == 0 {
        // libcudf's row fold starts at (seed, 0).
        let f = rt.function("hashing", module_source, "fill_u64")?;
        for (ptr, v) in [(p1, seed), (p2, 0u64)] {
            let is32 = 0i32;
            let mut launch = rt.stream().launch_builder(&f);
            launch.arg(&ptr).arg(&n64).arg(&v).arg(&is32);
            // SAFETY: writes n u64 values into an allocation of n * 8 bytes.
            unsafe { launch.launch(cfg)? };
        }
    }
    let f = rt.function("hashing", module_source, "murmur128_column")?;
    for (j, c) in input.columns().iter().enumerate() {
        let args = column_args(function, c)?;
        let first = i32::from(j == 0);
        let mut launch = rt.stream().launch_builder(&f);
        push_column(&mut launch, &args)
            .arg(&n64)
            .arg(&seed)
            .arg(&p1)
            .arg(&p2)
            .arg(&first);
        // SAFETY: reads rows offset..offset+n of the column (checked at its construction)
        // and reads/writes n values of each output.
        unsafe { launch.launch(cfg)? };
    }
    Ok((
        device_values(TypeId::Uint64.into(), n, out1)?,
        device_values(TypeId::Uint64.into(), n, out2)?,
    ))
}

/// A row digest of `hashing`: the algorithm, its kernel and the length of its hex string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Digest {
    /// MD5 (32 hex digits).
    Md5,
    /// SHA-1 (40).
    Sha1,
    /// SHA-224 (56).
    Sha224,
    /// SHA-256 (64).
    Sha256,
    /// SHA-384 (96).
    Sha384,
    /// SHA-512 (128).
    Sha512,
}

impl Digest {
    /// The function's name, as errors give it.
    pub fn function(self) -> &'static str {
        match self {
            Digest::Md5 => "hashing.md5",
            Digest::Sha1 => "hashing.sha1",
            Digest::Sha224 => "hashing.sha224",
            Digest::Sha256 => "hashing.sha256",
            Digest::Sha384 => "hashing.sha384",
            Digest::Sha512 => "hashing.sha512",
        }
    }

    /// Hex digits of one digest (twice its bytes).
    pub fn hex_len(self) -> usize {
        match self {
            Digest::Md5 => 32,
            Digest::Sha1 => 40,
            Digest::Sha224 => 56,
            Digest::Sha256 => 64,
            Digest::Sha384 => 96,
            Digest::Sha512 => 128,
        }
    }

    fn kernel(self) -> &'static str {
        match self {
            Digest::Md5 => "md5_rows",
            Digest::Sha1 => "sha1_rows",
            Digest::Sha224 => "sha224_rows",
            Digest::Sha256 => "sha256_rows",
            Digest::Sha384 => "sha384_rows",
            Digest::Sha512 => "sha512_rows",
        }
    }
}

/// 64-bit words per column of a digest descriptor (`DIGEST_WORDS` in hashing.cu).
const DIGEST_WORDS: usize = 16;
/// The descriptor kind of a LIST of leaves (after the element kinds).
const DIGEST_LIST: u64 = 5;

/// Words 0..8 of a leaf column's digest descriptor (layout in hashing.cu).
fn digest_leaf_words(function: &str, c: &Column) -> Result<[u64; 8]> {
    let mut w = [0u64; 8];
    let (data, width, kind, o32, o64, row_off, mask, mask_off) = if c.size() == 0 {
        // An empty LIST child: nothing is read.
        (
            0,
            0,
            element_kind(function, c.dtype())? as i32,
            0,
            0,
            0,
            0,
            0,
        )
    } else {
        column_args(function, c)?
    };
    w[0] = kind as u64;
    w[1] = data;
    w[2] = width as u64;
    (w[3], w[4]) = if o64 != 0 { (o64, 1) } else { (o32, 0) };
    w[5] = row_off as u64;
    w[6] = mask;
    w[7] = mask_off as u64;
    Ok(w)
}

/// The row digest `digest` of every row of `input` (column types checked by the caller),
/// a STRING column of hex strings; `n > 0`.
pub fn digest(input: &Table, digest: Digest) -> Result<Column> {
    let function = digest.function();
    let rt = runtime()?;
    let n = input.num_rows();
    let mut words = Vec::with_capacity(input.num_columns() * DIGEST_WORDS);
    for c in input.columns() {
        let mut w = [0u64; DIGEST_WORDS];
        if c.dtype().id() == TypeId::List {
            let o = &c.children()[0];
            let width = fixed_width(o.dtype().id()).expect("integer offsets");
            w[0] = DIGEST_LIST;
            w[3] = o.data().expect("n > 0").device_ptr()? + (o.offset() * width) as u64;
            w[4] = u64::from(width == 8);
            w[5] = c.offset() as u64;
            match c.mask() {
                Some(m) if c.has_nulls()? => (w[6], w[7]) = (m.device_ptr()?, c.offset() as u64),
                _ => {}
            }
            w[8..].copy_from_slice(&digest_leaf_words(function, &c.children()[1])?);
        } else {
            w[..8].copy_from_slice(&digest_leaf_words(function, c)?);
        }
        words.extend(w);
    }
    let hex = digest.hex_len();
    let total = n * hex;
    let wide = total > i32::MAX as usize;
    let chars = DeviceMemory::alloc(total)?;
    let offsets = DeviceMemory::alloc((n + 1) * if wide { 8 } else { 4 })?;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let desc = DeviceMemory::from_host(&bytes)?;
    let f = rt.function("hashing", module_source, digest.kernel())?;
    let (dp, ncols, n64, cp, op, wd) = (
        desc.ptr(),
        input.num_columns() as i32,
        n as i64,
        chars.ptr(),
        offsets.ptr(),
        i32::from(wide),
    );
    let mut launch = rt.stream().launch_builder(&f);
    launch
        .arg(&dp)
        .arg(&ncols)
        .arg(&n64)
        .arg(&cp)
        .arg(&op)
        .arg(&wd);
    // SAFETY: the descriptor points into the columns' buffers at offsets checked at their
    // construction; each thread writes its row's `hex` chars and offset (row 0 also the
    // leading 0), inside allocations of n * hex bytes and n + 1 offsets.
    unsafe { launch.launch(rt.grid_stride_config(n, 128, 4))? };
    let offsets_type = if wide { TypeId::Int64 } else { TypeId::Int32 };
    let offsets = device_values(offsets_type.into(), n + 1, offsets)?;
    Column::new(
        TypeId::String.into(),
        n,
        Some(Buffer::from_device(chars)),
        None,
        Some(0),
        0,
        vec![offsets],
    )
}

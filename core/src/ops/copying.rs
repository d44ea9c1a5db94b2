//! pylibcudf's `copying` module: gather, scatter, slices and splits, conditional and range
//! copies, shifts and single elements, for every column type on the host and the device.
//!
//! Most functions build an INT32 row map and gather through it (see `ops::gather`); sources
//! with two inputs are concatenated first (target rows, then source rows), so strings,
//! lists and structs work everywhere with one mechanism.

use super::concatenate::concatenate;
use super::gather::{
    Bounds, device_map, gather_columns, gather_internal, host_map, normalized_scatter_map,
};
use super::select::{Choice, select_host};
use crate::bitmask::{bitmask_allocation_size_bytes, new_mask};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::movement::{self as mv, DeviceCond};
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{TypeId, fixed_width};
use arrow_buffer::BooleanBuffer;
use rayon::prelude::*;

pub use crate::copy_options::{MaskAllocationPolicy, OutOfBoundsPolicy};

/// The rows `map` selects from every column of `table` (negative entries count from the
/// end). The map must not have nulls (ValueError).
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::copying::*};
/// let t = Table::new(vec![Column::from_values(vec![10i64, 20, 30])]).unwrap();
/// let g = gather(&t, &Column::from_values(vec![2i32, -3, 5]), OutOfBoundsPolicy::Nullify).unwrap();
/// let c = &g.columns()[0];
/// assert_eq!(c.host_values::<i64>().unwrap()[..2], [30, 10]);
/// assert_eq!(c.null_count().unwrap(), 1);
/// ```
pub fn gather(table: &Table, map: &Column, policy: OutOfBoundsPolicy) -> Result<Table> {
    if map.has_nulls()? {
        return Err(Error::value(
            "the gather map has nulls; drop or fill them first",
        ));
    }
    let bounds = match policy {
        OutOfBoundsPolicy::Nullify => Bounds::NullifyRare,
        OutOfBoundsPolicy::DontCheck => Bounds::Check,
    };
    let cols = gather_columns(table.columns(), table.num_rows(), map, bounds)?;
    table_of(cols, map.size())
}

/// Gather a few rows to read them on the host (display, previews): columns whose bytes are
/// in host memory only, spilled data included, are gathered there, so that showing rows
/// never moves a whole column to the GPU (nor brings spilled data back); the others are
/// gathered where the placement says. Out-of-bounds map entries are an error.
///
/// ```
/// use ferrodf_core::{Column, Table};
/// use ferrodf_core::ops::copying::gather_for_host;
/// let t = Table::new(vec![Column::from_values(vec![10i64, 20, 30])]).unwrap();
/// let rows = gather_for_host(&t, &Column::from_values(vec![2i64, 0])).unwrap();
/// assert_eq!(&rows.columns()[0].host_values::<i64>().unwrap()[..], &[30, 10]);
/// ```
pub fn gather_for_host(table: &Table, map: &Column) -> Result<Table> {
    use crate::buffer::Residency;
    if map.has_nulls()? {
        return Err(Error::value(
            "the gather map has nulls; drop or fill them first",
        ));
    }
    let rows = table.num_rows();
    let mut out = Vec::with_capacity(table.num_columns());
    for c in table.columns() {
        let one = std::slice::from_ref(c);
        let mut g = if c.residency() == Residency::Host {
            crate::ops::gather::host_gather_columns(one, rows, map, Bounds::Check)?
        } else {
            gather_columns(one, rows, map, Bounds::Check)?
        };
        out.push(g.remove(0));
    }
    table_of(out, map.size())
}

fn table_of(cols: Vec<Column>, rows: usize) -> Result<Table> {
    if cols.is_empty() {
        return Ok(Table::empty_with_rows(rows));
    }
    Table::new(cols)
}

/// Where `scatter` and `boolean_mask_scatter` take their values from.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// One row per map entry (or per true mask row).
    Table(&'a Table),
    /// One value per target column, used for every selected row.
    Scalars(&'a [Scalar]),
}

impl Source<'_> {
    fn columns(&self) -> Vec<Column> {
        match self {
            Source::Table(t) => t.columns().to_vec(),
            Source::Scalars(s) => s.iter().map(|s| s.as_column().clone()).collect(),
        }
    }
    fn is_scalars(&self) -> bool {
        matches!(self, Source::Scalars(_))
    }
}

fn check_same_types(what: &str, a: &[Column], b: &[Column]) -> Result<()> {
    if a.len() != b.len() {
        return Err(Error::value(format!(
            "{what}: the source has {} columns but the target has {}",
            a.len(),
            b.len()
        )));
    }
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        if x.dtype() != y.dtype() {
            return Err(Error::type_err(format!(
                "{what}: column {i} of the source is {} but the target's is {}",
                x.dtype(),
                y.dtype()
            )));
        }
    }
    Ok(())
}

/// Gather every target column concatenated with its source column through `map`.
fn gather_pairs(targets: &[Column], sources: &[Column], map: &Column) -> Result<Vec<Column>> {
    targets
        .iter()
        .zip(sources)
        .map(|(t, s)| gather_internal(&concatenate(&[t.clone(), s.clone()])?, map))
        .collect()
}

/// Rows of `target` replaced by source rows: row `map[i]` takes source row `i` (or the
/// scalars). Negative entries count from the end; out-of-range entries raise IndexError.
/// With duplicate entries one of the rows wins (which one is unspecified, as in libcudf).
pub fn scatter(source: Source, map: &Column, target: &Table) -> Result<Table> {
    let sources = source.columns();
    check_same_types("scatter", &sources, target.columns())?;
    if let Source::Table(t) = source
        && t.num_rows() != map.size()
    {
        return Err(Error::value(format!(
            "scatter: the map has {} entries but the source has {} rows; they must match",
            map.size(),
            t.num_rows()
        )));
    }
    let n = target.num_rows();
    let norm = normalized_scatter_map(map, n)?;
    let step = if source.is_scalars() { 0 } else { 1 };
    let device = use_device()?;
    if !device {
        let positions = norm.host_values::<i32>()?;
        let cols = target
            .columns()
            .iter()
            .zip(&sources)
            .map(|(t, s)| match fixed_width(t.dtype().id()) {
                Some(w) => scatter_fixed_host(t, s, step == 0, &positions, w),
                None => scatter_generic_host(t, s, step, &positions),
            })
            .collect::<Result<Vec<_>>>()?;
        return table_of(cols, n);
    }
    let full = {
        let out = mv::iota(n, 0)?;
        let m = norm.data().map_or(Ok(0), Buffer::device_ptr)?;
        mv::scatter_positions(m, norm.size(), n as i64, step, out.ptr())?;
        device_map(out, n)?
    };
    table_of(gather_pairs(target.columns(), &sources, &full)?, n)
}

/// Scatter into a fixed-width column on the host: copy the target's values, then write
/// the source rows at their positions (no concatenation, no full-size map).
fn scatter_fixed_host(
    target: &Column,
    source: &Column,
    scalar: bool,
    positions: &[i32],
    width: usize,
) -> Result<Column> {
    fn values<T: arrow_buffer::ArrowNativeType>(
        t: &Column,
        s: &Column,
        step: usize,
        positions: &[i32],
    ) -> Result<Buffer> {
        let mut out = t.host_values::<T>()?.to_vec();
        let src = s.host_values::<T>()?;
        for (i, &j) in positions.iter().enumerate() {
            out[j as usize] = src[i * step];
        }
        Ok(Buffer::from_vec(out))
    }
    let step = usize::from(!scalar);
    let data = match width {
        1 => values::<u8>(target, source, step, positions)?,
        2 => values::<u16>(target, source, step, positions)?,
        4 => values::<u32>(target, source, step, positions)?,
        8 => values::<u64>(target, source, step, positions)?,
        16 => values::<i128>(target, source, step, positions)?,
        _ => return scatter_generic_host(target, source, step as i64, positions),
    };
    let (t_nulls, s_nulls) = (target.host_nulls()?, source.host_nulls()?);
    let mask = if t_nulls.is_none() && s_nulls.is_none() {
        None
    } else {
        let n = target.size();
        let mut bits = arrow_buffer::BooleanBufferBuilder::new(n);
        match &t_nulls {
            Some(nb) => bits.append_buffer(nb.inner()),
            None => bits.append_n(n, true),
        }
        for (i, &j) in positions.iter().enumerate() {
            bits.set_bit(
                j as usize,
                s_nulls.as_ref().is_none_or(|b| b.is_valid(i * step)),
            );
        }
        Some(Buffer::from_arrow(bits.finish().into_inner()))
    };
    Column::new(
        target.dtype(),
        target.size(),
        Some(data),
        mask,
        None,
        0,
        vec![],
    )
}

/// Scatter into a column of any type on the host: gather the target concatenated with the
/// source through a full-size map.
fn scatter_generic_host(
    target: &Column,
    source: &Column,
    step: i64,
    positions: &[i32],
) -> Result<Column> {
    let n = target.size();
    let mut out: Vec<i32> = (0..n as i32).collect();
    for (i, &j) in positions.iter().enumerate() {
        out[j as usize] = (n as i64 + step * i as i64) as i32;
    }
    Ok(gather_pairs(
        std::slice::from_ref(target),
        std::slice::from_ref(source),
        &host_map(out),
    )?
    .remove(0))
}

/// An empty column of the same type (children included).
pub fn empty_like(col: &Column) -> Result<Column> {
    let dtype = col.dtype();
    // Keep the offsets width (INT64 for large strings and lists).
    let wide = col
        .children()
        .first()
        .is_some_and(|o| o.dtype().id() == TypeId::Int64);
    let offsets = || {
        if wide {
            Column::from_values(vec![0i64])
        } else {
            Column::from_values(vec![0i32])
        }
    };
    match dtype.id() {
        TypeId::Empty => Column::new(dtype, 0, None, None, Some(0), 0, vec![]),
        id if id.is_fixed_width() => {
            Column::new(dtype, 0, Some(Buffer::zeroed(0)), None, Some(0), 0, vec![])
        }
        TypeId::String => Column::new(
            dtype,
            0,
            Some(Buffer::zeroed(0)),
            None,
            Some(0),
            0,
            vec![offsets()],
        ),
        TypeId::List => Column::new(
            dtype,
            0,
            None,
            None,
            Some(0),
            0,
            vec![offsets(), empty_like(&col.children()[1])?],
        ),
        TypeId::Struct => {
            let children = col
                .children()
                .iter()
                .map(empty_like)
                .collect::<Result<Vec<_>>>()?;
            Column::new(dtype, 0, None, None, Some(0), 0, children)
        }
        _ => {
            // DICTIONARY32: no indices, the same keys.
            let indices = empty_like(&col.children()[0])?;
            Column::new(
                dtype,
                0,
                None,
                None,
                Some(0),
                0,
                vec![indices, col.children()[1].clone()],
            )
        }
    }
}

/// A column of `size` rows (default: the input's) of the same fixed-width type, values
/// zeroed, with a null mask (all valid) as `policy` says.
pub fn allocate_like(
    col: &Column,
    policy: MaskAllocationPolicy,
    size: Option<usize>,
) -> Result<Column> {
    let id = col.dtype().id();
    let width = fixed_width(id).ok_or_else(|| {
        Error::type_err(format!(
            "allocate_like needs a fixed-width column, got {}",
            col.dtype()
        ))
    })?;
    let n = size.unwrap_or(col.size());
    let with_mask = match policy {
        MaskAllocationPolicy::Never => false,
        MaskAllocationPolicy::Retain => col.nullable(),
        MaskAllocationPolicy::Always => true,
    };
    let (data, mask) = if use_device()? {
        let data = Buffer::from_device(DeviceMemory::zeroed(n * width)?);
        let mask = if with_mask {
            let m = DeviceMemory::alloc(bitmask_allocation_size_bytes(n))?;
            mv::set_bits(m.ptr(), 0, bitmask_allocation_size_bytes(n) * 8, true)?;
            Some(Buffer::from_device(m))
        } else {
            None
        };
        (data, mask)
    } else {
        (
            Buffer::zeroed(n * width),
            with_mask.then(|| new_mask(n, true)),
        )
    };
    Column::new(col.dtype(), n, Some(data), mask, Some(0), 0, vec![])
}

fn check_range(
    what: &str,
    source: &Column,
    target: &Column,
    sb: usize,
    se: usize,
    tb: usize,
) -> Result<()> {
    if source.dtype() != target.dtype() {
        return Err(Error::type_err(format!(
            "{what}: the source is {} but the target is {}",
            source.dtype(),
            target.dtype()
        )));
    }
    if sb > se || se > source.size() {
        return Err(Error::index(format!(
            "{what}: source range {sb}..{se} is not inside a column of {} rows",
            source.size()
        )));
    }
    if tb.checked_add(se - sb).is_none_or(|e| e > target.size()) {
        return Err(Error::index(format!(
            "{what}: {} rows from target row {tb} do not fit in a column of {} rows",
            se - sb,
            target.size()
        )));
    }
    Ok(())
}

/// A copy of `target` with rows `tb..tb + (se - sb)` replaced by source rows `sb..se`.
pub fn copy_range(
    source: &Column,
    target: &Column,
    sb: usize,
    se: usize,
    tb: usize,
) -> Result<Column> {
    check_range("copy_range", source, target, sb, se, tb)?;
    let n = target.size();
    let (te, from) = (tb + (se - sb), n as i64 + sb as i64);
    let map = if use_device()? {
        device_map(mv::range_map(n, tb, te, from)?, n)?
    } else {
        host_map(
            (0..n)
                .into_par_iter()
                .map(|i| {
                    if (tb..te).contains(&i) {
                        (from + (i - tb) as i64) as i32
                    } else {
                        i as i32
                    }
                })
                .collect(),
        )
    };
    gather_internal(&concatenate(&[target.clone(), source.clone()])?, &map)
}

/// [`copy_range`] written into `target`'s own memory (fixed-width columns only, as in
/// libcudf). A source range with nulls needs a target with a null mask.
pub fn copy_range_in_place(
    source: &Column,
    target: &Column,
    sb: usize,
    se: usize,
    tb: usize,
) -> Result<()> {
    check_range("copy_range_in_place", source, target, sb, se, tb)?;
    let width = fixed_width(target.dtype().id()).ok_or_else(|| {
        Error::type_err(format!(
            "copy_range_in_place works on fixed-width columns only, got {}; use copy_range",
            target.dtype()
        ))
    })?;
    let len = se - sb;
    let part = source.slice(sb, len)?;
    if part.has_nulls()? && !target.nullable() {
        return Err(Error::value(
            "copy_range_in_place: the source rows have nulls but the target has no null mask; \
             use copy_range, or give the target a mask first",
        ));
    }
    write_rows_in_place(&part, target, tb, width)
}

/// Write the rows of `part` (same type) over rows `at..` of `target`, in place.
pub(crate) fn write_rows_in_place(
    part: &Column,
    target: &Column,
    at: usize,
    width: usize,
) -> Result<()> {
    let len = part.size();
    if len == 0 {
        return Ok(());
    }
    let data = target.data().expect("fixed-width data");
    let src = part.data().expect("fixed-width data");
    data.write_from(
        (target.offset() + at) * width,
        src,
        part.offset() * width,
        len * width,
    )?;
    if let Some(mask) = target.mask() {
        let src_mask = if part.has_nulls()? { part.mask() } else { None };
        mask.write_bits_from(target.offset() + at, src_mask, part.offset(), len)?;
        target.invalidate_null_count();
    }
    Ok(())
}

/// Rows moved down by `offset` (up when negative); rows shifted in are `fill`.
pub fn shift(col: &Column, offset: i64, fill: &Scalar) -> Result<Column> {
    if fill.dtype() != col.dtype() {
        return Err(Error::type_err(format!(
            "shift: the fill value is {} but the column is {}",
            fill.dtype(),
            col.dtype()
        )));
    }
    // Two pieces, each copied once: `k` copies of the fill value and the rows that stay,
    // in the order the direction gives. (A gather through a shift map read every row
    // through an index and built the map first.)
    let n = col.size();
    let k = offset.unsigned_abs().min(n as u64) as usize;
    let filler = super::filling::repeat(
        &Table::new(vec![fill.as_column().clone()])?,
        super::filling::RepeatCount::All(k),
    )?
    .columns()[0]
        .clone();
    let pieces = if offset >= 0 {
        [filler, col.slice(0, n - k)?]
    } else {
        [col.slice(k, n - k)?, filler]
    };
    concatenate(&pieces)
}

/// Zero-copy views of rows `[indices[0], indices[1])`, `[indices[2], indices[3])`, ...
pub fn slice(col: &Column, indices: &[usize]) -> Result<Vec<Column>> {
    slice_bounds(col.size(), indices)?
        .into_iter()
        .map(|(b, e)| col.slice(b, e - b))
        .collect()
}

/// [`slice`] of every column of a table.
pub fn slice_table(table: &Table, indices: &[usize]) -> Result<Vec<Table>> {
    slice_bounds(table.num_rows(), indices)?
        .into_iter()
        .map(|(b, e)| table_slice(table, b, e))
        .collect()
}

fn table_slice(table: &Table, b: usize, e: usize) -> Result<Table> {
    let cols = table
        .columns()
        .iter()
        .map(|c| c.slice(b, e - b))
        .collect::<Result<Vec<_>>>()?;
    table_of(cols, e - b)
}

fn slice_bounds(rows: usize, indices: &[usize]) -> Result<Vec<(usize, usize)>> {
    if indices.len() % 2 != 0 {
        return Err(Error::value(format!(
            "slice takes pairs of [begin, end) indices, got {} numbers",
            indices.len()
        )));
    }
    indices
        .chunks(2)
        .map(|p| {
            let (b, e) = (p[0], p[1]);
            if b > e {
                return Err(Error::value(format!(
                    "slice begin {b} is after its end {e}"
                )));
            }
            if e > rows {
                return Err(Error::index(format!(
                    "slice end {e} is past the last of {rows} rows"
                )));
            }
            Ok((b, e))
        })
        .collect()
}

/// Zero-copy views split before each index in `splits` (`len(splits) + 1` parts).
pub fn split(col: &Column, splits: &[usize]) -> Result<Vec<Column>> {
    let idx = split_indices(col.size(), splits)?;
    slice(col, &idx)
}

/// [`split`] of every column of a table.
pub fn split_table(table: &Table, splits: &[usize]) -> Result<Vec<Table>> {
    let idx = split_indices(table.num_rows(), splits)?;
    slice_table(table, &idx)
}

fn split_indices(rows: usize, splits: &[usize]) -> Result<Vec<usize>> {
    let mut out = Vec::with_capacity(2 * splits.len() + 2);
    let mut prev = 0;
    for &s in splits {
        if s < prev {
            return Err(Error::value(format!(
                "split points must not decrease, got {s} after {prev}"
            )));
        }
        if s > rows {
            return Err(Error::index(format!(
                "split point {s} is past the last of {rows} rows"
            )));
        }
        out.extend([prev, s]);
        prev = s;
    }
    out.extend([prev, rows]);
    Ok(out)
}

/// One side of `copy_if_else`.
#[derive(Clone, Copy)]
pub enum Side<'a> {
    /// Row i of a column.
    Column(&'a Column),
    /// The same value for every row.
    Scalar(&'a Scalar),
}

impl Side<'_> {
    fn column(&self) -> &Column {
        match self {
            Side::Column(c) => c,
            Side::Scalar(s) => s.as_column(),
        }
    }
}

/// A BOOL8 condition column (valid and non-zero = true).
pub(crate) fn check_condition(what: &str, mask: &Column, rows: usize) -> Result<()> {
    if mask.dtype().id() != TypeId::Bool8 {
        return Err(Error::type_err(format!(
            "{what}: the boolean mask must be BOOL8, got {}",
            mask.dtype()
        )));
    }
    if mask.size() != rows {
        return Err(Error::value(format!(
            "{what}: the boolean mask has {} rows but the input has {rows}",
            mask.size()
        )));
    }
    Ok(())
}

/// The condition on the device.
pub(crate) fn device_cond(mask: &Column) -> Result<DeviceCond> {
    let data = match mask.data() {
        Some(d) if mask.size() > 0 => d.device_ptr()? + mask.offset() as u64,
        _ => 0,
    };
    let (m, off) = match mask.mask() {
        Some(b) if mask.null_count()? > 0 => (b.device_ptr()?, mask.offset() as i64),
        _ => (0, 0),
    };
    Ok(DeviceCond {
        data,
        mask: m,
        offset: off,
    })
}

/// The condition on the host: row i is true when valid and non-zero.
pub(crate) fn host_cond(mask: &Column) -> Result<Vec<bool>> {
    let vals = mask.host_values::<u8>()?;
    let nulls = mask.host_nulls()?;
    Ok((0..mask.size())
        .into_par_iter()
        .map(|i| vals[i] != 0 && nulls.as_ref().is_none_or(|n| n.is_valid(i)))
        .collect())
}

/// The condition on the host as a bitmap: bit i is set when row i is valid and non-zero.
pub(crate) fn host_cond_bits(mask: &Column) -> Result<BooleanBuffer> {
    let vals = mask.host_values::<u8>()?;
    let bits = BooleanBuffer::collect_bool(mask.size(), |i| vals[i] != 0);
    Ok(match mask.host_nulls()? {
        Some(nulls) => &bits & nulls.inner(),
        None => bits,
    })
}

/// Row i from `lhs` where `mask` is true, else from `rhs` (a null mask row counts as false).
pub fn copy_if_else(lhs: Side, rhs: Side, mask: &Column) -> Result<Column> {
    let (l, r) = (lhs.column(), rhs.column());
    if l.dtype() != r.dtype() {
        return Err(Error::type_err(format!(
            "copy_if_else: lhs is {} but rhs is {}",
            l.dtype(),
            r.dtype()
        )));
    }
    let n = mask.size();
    for (side, name) in [(&lhs, "lhs"), (&rhs, "rhs")] {
        if let Side::Column(c) = side
            && c.size() != n
        {
            return Err(Error::value(format!(
                "copy_if_else: {name} has {} rows but the boolean mask has {n}",
                c.size()
            )));
        }
    }
    check_condition("copy_if_else", mask, n)?;
    let (ls, rs) = (
        matches!(lhs, Side::Scalar(_)),
        matches!(rhs, Side::Scalar(_)),
    );
    let n_left = l.size();
    if let Some(width) = fixed_width(l.dtype().id())
        && use_device()?
    {
        return select_fixed_width(l, ls, r, rs, mask, width);
    }
    let device = use_device()?;
    if !device && fixed_width(l.dtype().id()).is_some() {
        let side = |c, scalar| Choice { column: c, scalar };
        return select_host(l.dtype(), &host_cond_bits(mask)?, side(l, ls), side(r, rs));
    }
    let map = if device {
        device_map(mv::select_map(device_cond(mask)?, n, ls, rs, n_left)?, n)?
    } else {
        let cond = host_cond(mask)?;
        host_map(
            cond.par_iter()
                .enumerate()
                .map(|(i, &t)| {
                    if t {
                        if ls { 0 } else { i as i32 }
                    } else {
                        (n_left + if rs { 0 } else { i }) as i32
                    }
                })
                .collect(),
        )
    };
    gather_internal(&concatenate(&[l.clone(), r.clone()])?, &map)
}

/// copy_if_else of fixed-width values on the device in one pass (no concatenation).
fn select_fixed_width(
    l: &Column,
    ls: bool,
    r: &Column,
    rs: bool,
    mask: &Column,
    width: usize,
) -> Result<Column> {
    let n = mask.size();
    let side = |c: &Column, scalar: bool| -> Result<mv::SelectSide> {
        let data = match c.data() {
            Some(d) if c.size() > 0 => d.device_ptr()? + (c.offset() * width) as u64,
            _ => 0,
        };
        let (m, off) = match c.mask() {
            Some(b) if c.null_count()? > 0 => (b.device_ptr()?, c.offset() as i64),
            _ => (0, 0),
        };
        Ok(mv::SelectSide {
            data,
            stride: if scalar { 0 } else { 1 },
            mask: m,
            offset: off,
        })
    };
    let (lside, rside) = (side(l, ls)?, side(r, rs)?);
    let out = DeviceMemory::alloc(n * width)?;
    let out_mask = if lside.mask != 0 || rside.mask != 0 {
        Some(DeviceMemory::alloc(bitmask_allocation_size_bytes(n))?)
    } else {
        None
    };
    let mask_ptr = out_mask.as_ref().map_or(0, DeviceMemory::ptr);
    mv::select_values(
        device_cond(mask)?,
        lside,
        rside,
        n,
        width,
        out.ptr(),
        mask_ptr,
    )?;
    Column::new(
        l.dtype(),
        n,
        Some(Buffer::from_device(out)),
        out_mask.map(Buffer::from_device),
        None,
        0,
        vec![],
    )
}

/// Target rows where `mask` is true replaced, in order, by the source rows (a table with
/// one row per true mask row) or by the scalars.
pub fn boolean_mask_scatter(source: Source, target: &Table, mask: &Column) -> Result<Table> {
    let sources = source.columns();
    check_same_types("boolean_mask_scatter", &sources, target.columns())?;
    let n = target.num_rows();
    check_condition("boolean_mask_scatter", mask, n)?;
    let step = if source.is_scalars() { 0 } else { 1 };
    let (map, trues) = if use_device()? {
        let (flags, prefix, total) = mv::cond_prefix(device_cond(mask)?, n)?;
        (
            device_map(mv::mask_scatter_map(&flags, &prefix, n, n as i64, step)?, n)?,
            total,
        )
    } else {
        let cond = host_cond(mask)?;
        let mut k = 0i64;
        let map = cond
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                if t {
                    k += 1;
                    (n as i64 + step * (k - 1)) as i32
                } else {
                    i as i32
                }
            })
            .collect();
        (host_map(map), k as usize)
    };
    if let Source::Table(t) = source
        && t.num_rows() < trues
    {
        return Err(Error::value(format!(
            "boolean_mask_scatter: the mask selects {trues} rows but the source has only {}",
            t.num_rows()
        )));
    }
    table_of(gather_pairs(target.columns(), &sources, &map)?, n)
}

/// Row `index` as a scalar (a copy).
pub fn get_element(col: &Column, index: usize) -> Result<Scalar> {
    if index >= col.size() {
        return Err(Error::index(format!(
            "index {index} is out of bounds for a column of {} rows",
            col.size()
        )));
    }
    let map = if use_device()? {
        device_map(mv::iota(1, index as i64)?, 1)?
    } else {
        host_map(vec![index as i32])
    };
    Scalar::from_column(gather_internal(col, &map)?)
}

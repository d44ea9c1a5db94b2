//! pylibcudf's `copying` module: gather, scatter, slices and splits, conditional and range
//! copies, shifts and single elements, for every column type on the host and the device.
//!
//! Most functions build an INT32 row map and gather through it (see `ops::gather`); sources
//! with two inputs are concatenated first (target rows, then source rows), so strings,
//! lists and structs work everywhere with one mechanism.
//!
//! Each public function here validates its arguments and then decides once between the
//! host path (`host.rs`: maps built with rayon, fixed-width scatter and select without a
//! map) and the device path (`device.rs`: maps built by the launchers of
//! `device/kernels/copying.rs`, fixed-width select in one kernel). Gathers go through the
//! shared `ops/gather.rs`, which places them itself.

pub(crate) mod device;
pub(crate) mod host;
mod sample;

pub use sample::sample;

use super::concatenate::concatenate;
use super::gather::{Bounds, gather_columns, gather_internal, normalized_scatter_map};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{TypeId, check_same_type, fixed_width};

pub use crate::copy_options::{MaskAllocationPolicy, OutOfBoundsPolicy, SampleWithReplacement};

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
            super::gather::host_gather_columns(one, rows, map, Bounds::Check)?
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
        .map(|(t, s)| gather_concatenated(t, s, map))
        .collect()
}

/// Gather `first` concatenated with `second` (its rows after `first`'s) through an internal
/// map: the one mechanism the row-map functions of both paths share.
fn gather_concatenated(first: &Column, second: &Column, map: &Column) -> Result<Column> {
    gather_internal(&concatenate(&[first.clone(), second.clone()])?, map)
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
    let cols = if use_device()? {
        device::scatter(target.columns(), &sources, &norm, step, n)?
    } else {
        host::scatter(target.columns(), &sources, &norm, step)?
    };
    table_of(cols, n)
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
        id if id.is_fixed_width() => Column::without_nulls(dtype, 0, Buffer::zeroed(0)),
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
        device::allocate(n, width, with_mask)?
    } else {
        host::allocate(n, width, with_mask)
    };
    Column::new(col.dtype(), n, Some(data), mask, Some(0), 0, vec![])
}

/// An IndexError unless `rows` (called `name` in the message) are rows of `col`.
pub(crate) fn check_rows_in(
    what: &str,
    name: &str,
    rows: std::ops::Range<usize>,
    col: &Column,
) -> Result<()> {
    if rows.start > rows.end || rows.end > col.size() {
        return Err(Error::index(format!(
            "{what}: {name} {}..{} is not inside a column of {} rows",
            rows.start,
            rows.end,
            col.size()
        )));
    }
    Ok(())
}

fn check_range(
    what: &str,
    source: &Column,
    target: &Column,
    sb: usize,
    se: usize,
    tb: usize,
) -> Result<()> {
    check_same_type(
        what,
        ("the source", source.dtype()),
        ("the target", target.dtype()),
    )?;
    check_rows_in(what, "source range", sb..se, source)?;
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
        device::range_map(n, tb, te, from)?
    } else {
        host::range_map(n, tb, te, from)
    };
    gather_concatenated(target, source, &map)
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
    check_same_type(
        "shift",
        ("the fill value", fill.dtype()),
        ("the column", col.dtype()),
    )?;
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

/// Row i from `lhs` where `mask` is true, else from `rhs` (a null mask row counts as false).
pub fn copy_if_else(lhs: Side, rhs: Side, mask: &Column) -> Result<Column> {
    let (l, r) = (lhs.column(), rhs.column());
    check_same_type("copy_if_else", ("lhs", l.dtype()), ("rhs", r.dtype()))?;
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
    if use_device()? {
        device::copy_if_else(l, ls, r, rs, mask)
    } else {
        host::copy_if_else(l, ls, r, rs, mask)
    }
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
        device::mask_scatter_map(mask, n, step)?
    } else {
        host::mask_scatter_map(mask, n, step)?
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
        device::row_map(index)?
    } else {
        host::row_map(index)
    };
    Scalar::from_column(gather_internal(col, &map)?)
}

//! Conversion between [`Column`]/[`Table`] and arrow-rs arrays.
//!
//! Zero-copy on the host wherever the layouts agree: fixed-width values, string bytes and
//! offsets, list offsets, decimals and byte-aligned validity masks are shared, not copied.
//! Copies happen where the layouts differ:
//! - BOOL8 is one byte per value (libcudf's layout), Arrow packs booleans into bits, so
//!   booleans are unpacked on import and packed on export;
//! - a validity mask whose first bit is not on a byte boundary is realigned;
//! - `Utf8View` strings are converted to `Utf8`/`LargeUtf8`; chunked inputs are concatenated.
//!
//! Type mapping: Arrow `Date32` is TIMESTAMP_DAYS and `Date64` TIMESTAMP_MILLISECONDS;
//! timestamps keep their unit and drop the time zone (the values are UTC); Arrow's decimal
//! scale `s` is libcudf's scale `-s`, and exports use the widest precision of the width
//! (9, 18, 38); struct field names are not part of a column and come back from
//! [`ColumnMetadata`] (empty names without it).

use crate::bitmask::bitmask_bytes;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::table::Table;
use crate::types::{DataType, TypeId};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BooleanArray, NullArray, RecordBatch, make_array};
use arrow_buffer::{BooleanBuffer, NullBuffer};
use arrow_data::ArrayData;
use arrow_schema::{DataType as ArrowType, Field, Fields, Schema, SchemaRef, TimeUnit};
use std::sync::Arc;

/// Names for a column and, recursively, its children (pylibcudf's `ColumnMetadata`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ColumnMetadata {
    /// The column's name (the Arrow field name).
    pub name: String,
    /// Metadata of the children: struct fields, or a list's values.
    pub children: Vec<ColumnMetadata>,
}

impl From<&str> for ColumnMetadata {
    /// A flat column's name.
    fn from(name: &str) -> Self {
        ColumnMetadata {
            name: name.to_string(),
            children: vec![],
        }
    }
}

impl ColumnMetadata {
    /// Metadata taken from an Arrow field (its name and its nested field names).
    pub fn from_field(field: &Field) -> ColumnMetadata {
        let children = match field.data_type() {
            ArrowType::Struct(fs) => fs.iter().map(|f| Self::from_field(f)).collect(),
            ArrowType::List(f) | ArrowType::LargeList(f) => vec![Self::from_field(f)],
            ArrowType::Dictionary(_, v) => {
                vec![Self::from_field(&Field::new("", v.as_ref().clone(), true))]
            }
            _ => vec![],
        };
        ColumnMetadata {
            name: field.name().clone(),
            children,
        }
    }

    /// Names for `col` where a column keeps none: each struct field named by its position
    /// (`"0"`, `"1"`, ...), at every depth, so that Arrow's struct rows become Python dicts
    /// (unnamed fields share the name `""`, and pyarrow makes no dict of those).
    ///
    /// ```
    /// use ferrodf_core::interop::arrow::ColumnMetadata;
    /// use ferrodf_core::{column::Column, types::{DataType, TypeId}};
    /// let ints = Column::from_values(vec![1i64, 2]);
    /// let pair = Column::new(DataType::from(TypeId::Struct), 2, None, None, Some(0), 0,
    ///     vec![ints.clone(), ints]).unwrap();
    /// let names: Vec<_> = ColumnMetadata::positional(&pair).children.into_iter()
    ///     .map(|m| m.name).collect();
    /// assert_eq!(names, ["0", "1"]);
    /// ```
    pub fn positional(col: &Column) -> ColumnMetadata {
        let children = match col.dtype().id() {
            TypeId::Struct => col
                .children()
                .iter()
                .enumerate()
                .map(|(i, c)| ColumnMetadata {
                    name: i.to_string(),
                    children: Self::positional(c).children,
                })
                .collect(),
            TypeId::List => col.children().get(1).map_or(vec![], |values| {
                let mut m = Self::positional(values);
                m.name = "item".into();
                vec![m]
            }),
            _ => vec![],
        };
        ColumnMetadata {
            name: String::new(),
            children,
        }
    }
}

fn unsupported(t: &ArrowType) -> Error {
    Error::type_err(format!(
        "Arrow type {t} is not supported by ferrodf; supported are integers, floats, bool, \
         date32/date64, timestamp, duration, decimal32/64/128, (large_)string, string_view, \
         (large_)list, struct, dictionary and null. Cast it first (pyarrow.compute.cast)."
    ))
}

/// The ferrodf type of an Arrow type (the outer type only for nested ones).
pub fn dtype_from_arrow(t: &ArrowType) -> Result<DataType> {
    use ArrowType as A;
    let id = match t {
        A::Null => TypeId::Empty,
        A::Int8 => TypeId::Int8,
        A::Int16 => TypeId::Int16,
        A::Int32 => TypeId::Int32,
        A::Int64 => TypeId::Int64,
        A::UInt8 => TypeId::Uint8,
        A::UInt16 => TypeId::Uint16,
        A::UInt32 => TypeId::Uint32,
        A::UInt64 => TypeId::Uint64,
        A::Float32 => TypeId::Float32,
        A::Float64 => TypeId::Float64,
        A::Boolean => TypeId::Bool8,
        A::Date32 => TypeId::TimestampDays,
        A::Date64 => TypeId::TimestampMilliseconds,
        A::Timestamp(u, _) => match u {
            TimeUnit::Second => TypeId::TimestampSeconds,
            TimeUnit::Millisecond => TypeId::TimestampMilliseconds,
            TimeUnit::Microsecond => TypeId::TimestampMicroseconds,
            TimeUnit::Nanosecond => TypeId::TimestampNanoseconds,
        },
        A::Duration(u) => match u {
            TimeUnit::Second => TypeId::DurationSeconds,
            TimeUnit::Millisecond => TypeId::DurationMilliseconds,
            TimeUnit::Microsecond => TypeId::DurationMicroseconds,
            TimeUnit::Nanosecond => TypeId::DurationNanoseconds,
        },
        A::Decimal32(_, s) => return Ok(DataType::new(TypeId::Decimal32, -(*s as i32))),
        A::Decimal64(_, s) => return Ok(DataType::new(TypeId::Decimal64, -(*s as i32))),
        A::Decimal128(_, s) => return Ok(DataType::new(TypeId::Decimal128, -(*s as i32))),
        A::Utf8 | A::LargeUtf8 | A::Utf8View => TypeId::String,
        A::List(_) | A::LargeList(_) => TypeId::List,
        A::Struct(_) => TypeId::Struct,
        A::Dictionary(k, _) if k.is_dictionary_key_type() => TypeId::Dictionary32,
        other => return Err(unsupported(other)),
    };
    Ok(id.into())
}

/// The Arrow type a flat (non-nested) ferrodf type exports as.
pub fn dtype_to_arrow(dtype: DataType) -> Result<ArrowType> {
    use ArrowType as A;
    Ok(match dtype.id() {
        TypeId::Empty => A::Null,
        TypeId::Int8 => A::Int8,
        TypeId::Int16 => A::Int16,
        TypeId::Int32 => A::Int32,
        TypeId::Int64 => A::Int64,
        TypeId::Uint8 => A::UInt8,
        TypeId::Uint16 => A::UInt16,
        TypeId::Uint32 => A::UInt32,
        TypeId::Uint64 => A::UInt64,
        TypeId::Float32 => A::Float32,
        TypeId::Float64 => A::Float64,
        TypeId::Bool8 => A::Boolean,
        TypeId::TimestampDays => A::Date32,
        TypeId::TimestampSeconds => A::Timestamp(TimeUnit::Second, None),
        TypeId::TimestampMilliseconds => A::Timestamp(TimeUnit::Millisecond, None),
        TypeId::TimestampMicroseconds => A::Timestamp(TimeUnit::Microsecond, None),
        TypeId::TimestampNanoseconds => A::Timestamp(TimeUnit::Nanosecond, None),
        TypeId::DurationDays => {
            return Err(Error::not_implemented(
                "Arrow has no duration in days; cast the column to DURATION_SECONDS first",
            ));
        }
        TypeId::DurationSeconds => A::Duration(TimeUnit::Second),
        TypeId::DurationMilliseconds => A::Duration(TimeUnit::Millisecond),
        TypeId::DurationMicroseconds => A::Duration(TimeUnit::Microsecond),
        TypeId::DurationNanoseconds => A::Duration(TimeUnit::Nanosecond),
        TypeId::Decimal32 => A::Decimal32(9, decimal_scale(dtype)?),
        TypeId::Decimal64 => A::Decimal64(18, decimal_scale(dtype)?),
        TypeId::Decimal128 => A::Decimal128(38, decimal_scale(dtype)?),
        TypeId::String => A::Utf8,
        id => {
            return Err(Error::type_err(format!(
                "the Arrow type of a {id} column depends on its children; convert the column itself"
            )));
        }
    })
}

fn decimal_scale(dtype: DataType) -> Result<i8> {
    i8::try_from(-dtype.scale()).map_err(|_| {
        Error::overflow(format!(
            "decimal scale {} does not fit Arrow's range",
            dtype.scale()
        ))
    })
}

// ---------------------------------------------------------------------------------------
// Arrow -> ferrodf
// ---------------------------------------------------------------------------------------

/// The validity of an Arrow array as a ferrodf mask starting at bit 0, and its null count.
fn import_nulls(nulls: Option<&NullBuffer>) -> (Option<Buffer>, usize) {
    match nulls {
        Some(n) if n.null_count() > 0 => {
            let bits = n.inner();
            let buf = if bits.offset() % 8 == 0 {
                bits.inner().slice(bits.offset() / 8)
            } else {
                bits.sliced()
            };
            (Some(Buffer::from_arrow(buf)), n.null_count())
        }
        _ => (None, 0),
    }
}

/// Each byte of bits as eight 0/1 bytes (little-endian: bit 0 first).
const BIT_BYTES: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b] |= (((b >> i) & 1) as u64) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    t
};

/// Arrow's packed booleans as one byte a row (BOOL8), eight rows a table lookup: going
/// bit by bit through `BooleanBuffer::iter` was most of a boolean Parquet read.
fn bits_to_bytes(bits: &BooleanBuffer) -> Vec<u8> {
    // Realigned to bit 0 (a copy of the bits only when the offset is not a whole byte).
    let bits = if bits.offset() % 8 == 0 {
        bits.clone()
    } else {
        BooleanBuffer::new(bits.sliced(), 0, bits.len())
    };
    let len = bits.len();
    let packed = &bits.values()[bits.offset() / 8..];
    let mut out = vec![0u8; len];
    let mut chunks = out.chunks_exact_mut(8);
    for (dst, &b) in (&mut chunks).zip(packed) {
        dst.copy_from_slice(&BIT_BYTES[b as usize].to_le_bytes());
    }
    let done = len - chunks.into_remainder().len();
    for (i, o) in out.iter_mut().enumerate().skip(done) {
        *o = u8::from(bits.value(i));
    }
    out
}

fn offsets_column(buf: arrow_buffer::Buffer, len: usize, large: bool) -> Result<Column> {
    let id = if large { TypeId::Int64 } else { TypeId::Int32 };
    Column::without_nulls(id.into(), len, Buffer::from_arrow(buf))
}

/// Convert an Arrow array to a column, sharing its buffers where the layouts agree.
///
/// ```
/// use arrow_array::{Int64Array, Array};
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// let a = Int64Array::from(vec![Some(1), None, Some(3)]);
/// let c = from_arrow(&a).unwrap();
/// assert_eq!(c.null_count().unwrap(), 1);
/// assert_eq!(to_arrow(&c).unwrap().as_ref(), &a as &dyn Array);
/// ```
pub fn from_arrow(array: &dyn Array) -> Result<Column> {
    from_arrow_data(&array.to_data())
}

/// Convert Arrow array data (for instance straight from the C Data Interface) to a column.
///
/// Works on `ArrayData` rather than typed arrays so that offsets are applied exactly once:
/// in Arrow's C layout a struct's offset applies to its (unsliced) children, and building
/// typed arrays from such data can slice nested children twice.
pub fn from_arrow_data(data: &ArrayData) -> Result<Column> {
    use ArrowType as A;
    let dtype = dtype_from_arrow(data.data_type())?;
    let len = data.len();
    let off = data.offset();
    let (mask, nulls) = import_nulls(data.nulls());
    let mk = |values: Option<Buffer>, children: Vec<Column>| {
        Column::new(dtype, len, values, mask.clone(), Some(nulls), 0, children)
    };
    if len == 0 {
        // An empty slice's offsets may point past its value bytes: rebuild it canonically.
        match data.data_type() {
            A::Utf8 | A::LargeUtf8 | A::List(_) | A::LargeList(_) => {
                let large = matches!(data.data_type(), A::LargeUtf8 | A::LargeList(_));
                let offsets = if large {
                    arrow_buffer::Buffer::from_slice_ref([0i64])
                } else {
                    arrow_buffer::Buffer::from_slice_ref([0i32])
                };
                let offsets = offsets_column(offsets, 1, large)?;
                if matches!(data.data_type(), A::Utf8 | A::LargeUtf8) {
                    return mk(Some(Buffer::zeroed(0)), vec![offsets]);
                }
                let values = from_arrow_data(&data.child_data()[0].slice(0, 0))?;
                return mk(None, vec![offsets, values]);
            }
            _ => {}
        }
    }
    match data.data_type() {
        A::Null => Column::new(dtype, len, None, None, Some(len), 0, vec![]),
        A::Boolean => {
            let bits = BooleanBuffer::new(data.buffers()[0].clone(), off, len);
            mk(Some(Buffer::from_vec(bits_to_bytes(&bits))), vec![])
        }
        t if dtype.id().is_fixed_width() => {
            let width = t.primitive_width().expect("fixed-width arrow type");
            let values = data.buffers()[0].slice_with_length(off * width, len * width);
            mk(Some(Buffer::from_arrow(values)), vec![])
        }
        A::Utf8 | A::LargeUtf8 => {
            let large = matches!(data.data_type(), A::LargeUtf8);
            let width = if large { 8 } else { 4 };
            let offsets = data.buffers()[0].slice_with_length(off * width, (len + 1) * width);
            let chars = data.buffers()[1].clone();
            mk(
                Some(Buffer::from_arrow(chars)),
                vec![offsets_column(offsets, len + 1, large)?],
            )
        }
        A::Utf8View => {
            let array = make_array(data.clone());
            let sv = array.as_string_view();
            let total: usize = sv.views().iter().map(|v| (*v as u32) as usize).sum();
            if total > i32::MAX as usize {
                from_arrow(&arrow_array::LargeStringArray::from_iter(sv.iter()))
            } else {
                from_arrow(&arrow_array::StringArray::from_iter(sv.iter()))
            }
        }
        A::List(_) | A::LargeList(_) => {
            let large = matches!(data.data_type(), A::LargeList(_));
            let width = if large { 8 } else { 4 };
            let offsets = data.buffers()[0].slice_with_length(off * width, (len + 1) * width);
            let values = from_arrow_data(&data.child_data()[0])?;
            mk(None, vec![offsets_column(offsets, len + 1, large)?, values])
        }
        A::Struct(_) => {
            let children = data
                .child_data()
                .iter()
                .map(|child| {
                    let c = from_arrow_data(child)?;
                    // C layout: the parent's offset applies to full-length children.
                    // arrow-rs layout: children are already sliced to the parent.
                    if c.size() >= off + len {
                        c.slice(off, len)
                    } else {
                        c.slice(0, len)
                    }
                })
                .collect::<Result<Vec<_>>>()?;
            mk(None, children)
        }
        A::Dictionary(k, _) => {
            let width = k.primitive_width().expect("integer keys");
            let kbuf = data.buffers()[0].slice_with_length(off * width, len * width);
            let indices =
                Column::without_nulls(dtype_from_arrow(k)?, len, Buffer::from_arrow(kbuf))?;
            let values = from_arrow_data(&data.child_data()[0])?;
            mk(None, vec![indices, values])
        }
        other => Err(unsupported(other)),
    }
}

/// Convert the columns of a record batch into a table.
pub fn table_from_record_batch(batch: &RecordBatch) -> Result<(Table, Vec<ColumnMetadata>)> {
    let columns = batch
        .columns()
        .iter()
        .map(|c| from_arrow(c.as_ref()))
        .collect::<Result<Vec<_>>>()?;
    let meta = batch
        .schema()
        .fields()
        .iter()
        .map(|f| ColumnMetadata::from_field(f))
        .collect();
    let table = if columns.is_empty() {
        Table::empty_with_rows(batch.num_rows())
    } else {
        Table::new(columns)?
    };
    Ok((table, meta))
}

// ---------------------------------------------------------------------------------------
// ferrodf -> Arrow
// ---------------------------------------------------------------------------------------

fn host_or_empty(b: Option<&Buffer>) -> Result<arrow_buffer::Buffer> {
    match b {
        Some(b) => b.host(),
        None => Ok(arrow_buffer::MutableBuffer::new(0).into()),
    }
}

/// The rows of a fixed-width column that only the device holds, when they are a small
/// part of its buffer (a page of a large frame): those rows alone, from the multiple of
/// eight rows below the column's offset so that the mask's bits line up, rather than the
/// whole buffer, which `Buffer::host` would copy and keep. Returns the Arrow offset into
/// the copied rows, their values and their mask.
fn small_device_window(
    col: &Column,
) -> Result<Option<(usize, arrow_buffer::Buffer, Option<arrow_buffer::Buffer>)>> {
    let (Some(data), Some(width)) = (col.data(), crate::types::fixed_width(col.dtype().id()))
    else {
        return Ok(None);
    };
    let (offset, len) = (col.offset(), col.size());
    if !data.wants_partial_read(len * width) {
        return Ok(None);
    }
    let base = offset - offset % 8;
    let rows = offset + len - base;
    let values = data.host_range(base * width, rows * width)?;
    let mask = match col.null_count()? {
        0 => None,
        _ => {
            let m = col.mask().expect("nulls imply a mask");
            Some(m.host_range(base / 8, bitmask_bytes(rows))?)
        }
    };
    Ok(Some((offset - base, values, mask)))
}

fn mask_for_export(col: &Column) -> Result<Option<arrow_buffer::Buffer>> {
    if col.null_count()? == 0 {
        return Ok(None);
    }
    let m = col.mask().expect("nulls imply a mask").host()?;
    debug_assert!(m.len() >= bitmask_bytes(col.offset() + col.size()));
    Ok(Some(m))
}

fn child_meta(meta: Option<&ColumnMetadata>, i: usize) -> Option<&ColumnMetadata> {
    meta.and_then(|m| m.children.get(i))
}

/// The Arrow type of a LIST column (`large`: 64-bit offsets) and its values' data, the
/// values' field named by `meta` ("item" without a name).
fn export_list_values(
    col: &Column,
    meta: Option<&ColumnMetadata>,
    large: bool,
) -> Result<(ArrowType, ArrayData)> {
    let values = export(&col.children()[1], child_meta(meta, 0))?;
    let name = child_meta(meta, 0).map_or("item", |m| m.name.as_str());
    let field = Arc::new(Field::new(name, values.data_type().clone(), true));
    let t = if large {
        ArrowType::LargeList(field)
    } else {
        ArrowType::List(field)
    };
    Ok((t, values))
}

/// The Arrow data of a column, with `meta` naming nested fields.
fn export(col: &Column, meta: Option<&ColumnMetadata>) -> Result<ArrayData> {
    use ArrowType as A;
    let id = col.dtype().id();
    let len = col.size();
    let offset = col.offset();
    match id {
        TypeId::Empty => Ok(NullArray::new(len).into_data()),
        TypeId::Bool8 => {
            let bytes = host_or_empty(col.data())?;
            let vals = &bytes.as_slice()[offset..offset + len];
            let values = BooleanBuffer::collect_bool(len, |i| vals[i] != 0);
            Ok(BooleanArray::new(values, col.host_nulls()?).into_data())
        }
        _ if id.is_fixed_width() => {
            let t = dtype_to_arrow(col.dtype())?;
            if let Some((start, values, mask)) = small_device_window(col)? {
                return Ok(ArrayData::try_new(
                    t,
                    len,
                    mask,
                    start,
                    vec![values],
                    vec![],
                )?);
            }
            Ok(ArrayData::try_new(
                t,
                len,
                mask_for_export(col)?,
                offset,
                vec![host_or_empty(col.data())?],
                vec![],
            )?)
        }
        TypeId::String => {
            let (offsets, large) = export_offsets(col)?;
            let t = if large { A::LargeUtf8 } else { A::Utf8 };
            let chars = host_or_empty(col.data())?;
            let builder = arrow_data::ArrayDataBuilder::new(t)
                .len(len)
                .null_bit_buffer(mask_for_export(col)?)
                .offset(offset)
                .buffers(vec![offsets, chars]);
            if col.utf8_checked() {
                // SAFETY: the same immutable buffers passed `build` (the full check,
                // UTF-8 included) in an earlier export of this column or of the column it
                // is a slice of.
                return Ok(unsafe { builder.build_unchecked() });
            }
            // The full check reads every byte (about 2 ms per 10 MB): done once per column.
            let data = builder.build()?;
            col.mark_utf8_checked();
            Ok(data)
        }
        TypeId::List => {
            let (offsets, large) = export_offsets(col)?;
            let (t, values) = export_list_values(col, meta, large)?;
            Ok(ArrayData::try_new(
                t,
                len,
                mask_for_export(col)?,
                offset,
                vec![offsets],
                vec![values],
            )?)
        }
        TypeId::Struct => {
            let children = col
                .children()
                .iter()
                .enumerate()
                .map(|(i, c)| export(c, child_meta(meta, i)))
                .collect::<Result<Vec<_>>>()?;
            let fields: Fields = children
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let name = child_meta(meta, i).map_or(String::new(), |m| m.name.clone());
                    Field::new(name, c.data_type().clone(), true)
                })
                .collect();
            Ok(ArrayData::try_new(
                A::Struct(fields),
                len,
                mask_for_export(col)?,
                offset,
                vec![],
                children,
            )?)
        }
        TypeId::Dictionary32 => {
            let indices = &col.children()[0];
            let key_type = dtype_to_arrow(indices.dtype())?;
            let width = key_type.primitive_width().expect("integer keys");
            let kbuf = host_or_empty(indices.data())?;
            let kbuf = kbuf.slice(indices.offset() * width);
            let values = export(&col.children()[1], child_meta(meta, 0))?;
            let t = A::Dictionary(Box::new(key_type), Box::new(values.data_type().clone()));
            Ok(ArrayData::try_new(
                t,
                len,
                mask_for_export(col)?,
                offset,
                vec![kbuf],
                vec![values],
            )?)
        }
        _ => unreachable!("every type id is covered"),
    }
}

/// Offsets buffer of a string or list column, starting at the child's first row, and
/// whether it is 64-bit.
fn export_offsets(col: &Column) -> Result<(arrow_buffer::Buffer, bool)> {
    match col.children().first() {
        None => Ok((arrow_buffer::Buffer::from_slice_ref([0i32]), false)),
        Some(off) if off.size() == 0 => {
            let large = off.dtype().id() == TypeId::Int64;
            let b = if large {
                arrow_buffer::Buffer::from_slice_ref([0i64])
            } else {
                arrow_buffer::Buffer::from_slice_ref([0i32])
            };
            Ok((b, large))
        }
        Some(off) => {
            let large = off.dtype().id() == TypeId::Int64;
            let width = if large { 8 } else { 4 };
            let b = host_or_empty(off.data())?.slice(off.offset() * width);
            Ok((b, large))
        }
    }
}

/// Convert a column to an Arrow array (copying device data to the host first).
pub fn to_arrow(col: &Column) -> Result<ArrayRef> {
    to_arrow_with_metadata(col, None)
}

/// Convert a column to an Arrow array, naming nested fields from `meta`.
pub fn to_arrow_with_metadata(col: &Column, meta: Option<&ColumnMetadata>) -> Result<ArrayRef> {
    // Empty string/list columns may carry an empty offsets child; Arrow wants [0].
    let data = if matches!(col.dtype().id(), TypeId::String | TypeId::List) && col.size() == 0 {
        export_empty_nested(col, meta)?
    } else {
        export(col, meta)?
    };
    Ok(make_array(data))
}

fn export_empty_nested(col: &Column, meta: Option<&ColumnMetadata>) -> Result<ArrayData> {
    let large = col
        .children()
        .first()
        .is_some_and(|c| c.dtype().id() == TypeId::Int64);
    let offsets = if large {
        arrow_buffer::Buffer::from_slice_ref([0i64])
    } else {
        arrow_buffer::Buffer::from_slice_ref([0i32])
    };
    if col.dtype().id() == TypeId::String {
        let t = if large {
            ArrowType::LargeUtf8
        } else {
            ArrowType::Utf8
        };
        let chars: arrow_buffer::Buffer = arrow_buffer::MutableBuffer::new(0).into();
        return Ok(ArrayData::try_new(
            t,
            0,
            None,
            0,
            vec![offsets, chars],
            vec![],
        )?);
    }
    let (t, values) = export_list_values(col, meta, large)?;
    Ok(ArrayData::try_new(
        t,
        0,
        None,
        0,
        vec![offsets],
        vec![values],
    )?)
}

/// Convert a table to an Arrow record batch; columns are named from `meta` (or "0", "1", ...).
pub fn table_to_record_batch(
    table: &Table,
    meta: Option<&[ColumnMetadata]>,
) -> Result<RecordBatch> {
    if let Some(m) = meta
        && m.len() != table.num_columns()
    {
        return Err(Error::value(format!(
            "got metadata for {} columns but the table has {}",
            m.len(),
            table.num_columns()
        )));
    }
    let mut fields = Vec::with_capacity(table.num_columns());
    let mut arrays = Vec::with_capacity(table.num_columns());
    for (i, c) in table.columns().iter().enumerate() {
        let m = meta.map(|m| &m[i]);
        let a = to_arrow_with_metadata(c, m)?;
        let name = m.map_or_else(|| i.to_string(), |m| m.name.clone());
        fields.push(Field::new(name, a.data_type().clone(), true));
        arrays.push(a);
    }
    record_batch(Arc::new(Schema::new(fields)), arrays, table.num_rows())
}

/// A record batch of `columns` with `rows` rows, also right without columns (where arrow-rs
/// could not infer the row count).
pub(crate) fn record_batch(
    schema: SchemaRef,
    columns: Vec<ArrayRef>,
    rows: usize,
) -> Result<RecordBatch> {
    let options = arrow_array::RecordBatchOptions::new().with_row_count(Some(rows));
    Ok(RecordBatch::try_new_with_options(
        schema, columns, &options,
    )?)
}

#[cfg(test)]
mod bits_tests {
    use super::*;

    #[test]
    fn bits_to_bytes_matches_the_bits() {
        let bits = BooleanBuffer::from_iter((0..203).map(|i| (i * 7 + i / 5) % 3 == 0));
        for off in 0..17 {
            for len in [0, 1, 7, 8, 9, 64, 186 - off] {
                let b = bits.slice(off, len);
                let want: Vec<u8> = b.iter().map(u8::from).collect();
                assert_eq!(bits_to_bytes(&b), want, "offset {off}, length {len}");
            }
        }
    }
}

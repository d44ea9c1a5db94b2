//! [`Column`]: libcudf's column model (dtype, size, offset, data, mask, children) over
//! [`Buffer`]s that may live on the host or the device.
//!
//! Layouts, as in libcudf:
//! - fixed-width types: `data` holds `offset + size` values of the type's width;
//!   BOOL8 uses one byte per value (0 = false, anything else = true).
//! - STRING: `data` holds the UTF-8 bytes, `children[0]` the offsets (INT32, or INT64 for
//!   large strings), `offset + size + 1` of them.
//! - LIST: `children[0]` offsets (INT32 or INT64), `children[1]` the values.
//! - STRUCT: one child per field, each at least `offset + size` long.
//! - DICTIONARY32: `children[0]` the indices (an integer column), `children[1]` the keys.
//! - EMPTY: no buffers; every row is null.

use crate::bitmask::{bitmask_bytes, count_unset_bits};
use crate::buffer::{Buffer, Residency};
use crate::error::{Error, Result};
use crate::types::{DataType, TypeId, fixed_width};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// `Inner::null_count` before the mask has been counted.
const UNKNOWN: i64 = -1;

struct Inner {
    dtype: DataType,
    size: usize,
    offset: usize,
    data: Option<Buffer>,
    mask: Option<Buffer>,
    /// The null count, or [`UNKNOWN`] until counted (reset by in-place writes).
    null_count: AtomicI64,
    children: Vec<Column>,
    /// STRING only: the rows were found to be valid UTF-8 once (string data is never
    /// written in place), so later exports to arrow need not check them again.
    utf8_checked: std::sync::atomic::AtomicBool,
}

/// An immutable column, cheap to clone (clones share everything).
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::types::TypeId;
/// let c = Column::from_values(vec![1i32, 2, 3]);
/// assert_eq!(c.dtype().id(), TypeId::Int32);
/// let s = c.slice(1, 2).unwrap();
/// assert_eq!((s.offset(), s.size()), (1, 2));
/// ```
#[derive(Clone)]
pub struct Column {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Column {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Column({}, size={}, offset={}, children={})",
            self.dtype(),
            self.size(),
            self.offset(),
            self.children().len()
        )
    }
}

/// Maximum number of rows of a column (libcudf's size_type is int32).
pub const MAX_ROWS: usize = i32::MAX as usize;

impl Column {
    /// Build a column, checking that the buffers and children fit the type and the range
    /// `offset..offset+size`. `null_count`, when given, is trusted (as in libcudf); when
    /// `None` it is counted from the mask the first time it is asked for.
    pub fn new(
        dtype: DataType,
        size: usize,
        data: Option<Buffer>,
        mask: Option<Buffer>,
        null_count: Option<usize>,
        offset: usize,
        children: Vec<Column>,
    ) -> Result<Column> {
        if size > MAX_ROWS {
            return Err(Error::overflow(format!(
                "a column holds at most {MAX_ROWS} rows, got {size}; split the data into several columns"
            )));
        }
        let end = offset
            .checked_add(size)
            .ok_or_else(|| Error::overflow("offset + size overflows"))?;
        if let Some(m) = &mask {
            if m.len() < bitmask_bytes(end) {
                return Err(Error::value(format!(
                    "the null mask has {} bytes but rows {offset}..{end} need {}",
                    m.len(),
                    bitmask_bytes(end)
                )));
            }
        }
        if let Some(nc) = null_count {
            if nc > size {
                return Err(Error::value(format!(
                    "null_count {nc} exceeds the column size {size}"
                )));
            }
            if nc > 0 && mask.is_none() && dtype.id() != TypeId::Empty {
                return Err(Error::value(format!(
                    "null_count is {nc} but no null mask was given; pass a mask or null_count=0"
                )));
            }
        }
        Self::check_layout(dtype, size, offset, end, data.as_ref(), &children)?;
        let known = if dtype.id() == TypeId::Empty {
            Some(size)
        } else if mask.is_none() {
            Some(0)
        } else {
            null_count
        };
        let null_count_cell = AtomicI64::new(known.map_or(UNKNOWN, |n| n as i64));
        Ok(Column {
            inner: Arc::new(Inner {
                dtype,
                size,
                offset,
                data,
                mask,
                null_count: null_count_cell,
                children,
                utf8_checked: std::sync::atomic::AtomicBool::new(false),
            }),
        })
    }

    fn check_layout(
        dtype: DataType,
        size: usize,
        offset: usize,
        end: usize,
        data: Option<&Buffer>,
        children: &[Column],
    ) -> Result<()> {
        let id = dtype.id();
        let want_children = |n: usize| -> Result<()> {
            if children.len() != n {
                return Err(Error::value(format!(
                    "a {id} column has {n} child column(s), got {}",
                    children.len()
                )));
            }
            Ok(())
        };
        let check_offsets = |child: &Column| -> Result<()> {
            if !matches!(child.dtype().id(), TypeId::Int32 | TypeId::Int64) {
                return Err(Error::type_err(format!(
                    "the offsets child of a {id} column must be INT32 or INT64, got {}",
                    child.dtype().id()
                )));
            }
            // An empty column may carry an empty offsets child.
            if end > 0 && child.size() < end + 1 {
                return Err(Error::value(format!(
                    "the offsets child of a {id} column needs {} rows for rows {offset}..{end}, got {}",
                    end + 1,
                    child.size()
                )));
            }
            if child.null_count()? != 0 {
                return Err(Error::value(format!(
                    "the offsets child of a {id} column has nulls"
                )));
            }
            Ok(())
        };
        match id {
            _ if id.is_fixed_width() => {
                want_children(0)?;
                let width = fixed_width(id).expect("fixed width");
                let need = end
                    .checked_mul(width)
                    .ok_or_else(|| Error::overflow("column byte size overflows"))?;
                match data {
                    Some(d) if d.len() >= need => {}
                    Some(d) => {
                        return Err(Error::value(format!(
                            "the data buffer has {} bytes but {end} {id} values need {need}",
                            d.len()
                        )));
                    }
                    None if end == 0 => {}
                    None => {
                        return Err(Error::value(format!(
                            "a {id} column of {size} rows needs a data buffer"
                        )));
                    }
                }
            }
            TypeId::Empty => {
                want_children(0)?;
                if data.is_some() {
                    return Err(Error::value("an EMPTY column has no data buffer"));
                }
            }
            TypeId::String => {
                if children.is_empty() && end == 0 {
                    return Ok(());
                }
                want_children(1)?;
                check_offsets(&children[0])?;
                if end > 0 && data.is_none() {
                    // All-empty strings may omit the chars buffer; checked when read.
                }
            }
            TypeId::List => {
                want_children(2)?;
                check_offsets(&children[0])?;
                if data.is_some() {
                    return Err(Error::value(
                        "a LIST column has no data buffer; its values are its second child",
                    ));
                }
            }
            TypeId::Struct => {
                for (i, c) in children.iter().enumerate() {
                    if c.size() < end {
                        return Err(Error::value(format!(
                            "struct field {i} has {} rows but the struct needs {end}",
                            c.size()
                        )));
                    }
                }
                if data.is_some() {
                    return Err(Error::value(
                        "a STRUCT column has no data buffer; its fields are its children",
                    ));
                }
            }
            TypeId::Dictionary32 => {
                want_children(2)?;
                if !children[0].dtype().id().is_integer() {
                    return Err(Error::type_err(format!(
                        "dictionary indices must be integers, got {}",
                        children[0].dtype().id()
                    )));
                }
                if children[0].size() < end {
                    return Err(Error::value(
                        "the dictionary indices child is shorter than the column",
                    ));
                }
            }
            _ => unreachable!("every type id is covered"),
        }
        Ok(())
    }

    /// A column of `size` values of `dtype` in `data` (fixed-width types), without a null
    /// mask: the shape of every result that cannot hold nulls (maps, flags, hashes).
    pub(crate) fn without_nulls(dtype: DataType, size: usize, data: Buffer) -> Result<Column> {
        Column::new(dtype, size, Some(data), None, Some(0), 0, vec![])
    }

    /// A LIST column over `offsets` (`n + 1` entries into `values`, INT32 or INT64) with
    /// validity `mask` (`null_count` null rows): the one shape every list builder returns.
    pub(crate) fn list(
        offsets: Column,
        values: Column,
        mask: Option<Buffer>,
        null_count: usize,
    ) -> Result<Column> {
        let n = offsets.size() - 1;
        let children = vec![offsets, values];
        Column::new(
            TypeId::List.into(),
            n,
            None,
            mask,
            Some(null_count),
            0,
            children,
        )
    }

    /// A column of fixed-width native values with no nulls (host resident).
    #[track_caller]
    pub fn from_values<T: crate::native::NativeType>(values: Vec<T>) -> Column {
        let size = values.len();
        Column::without_nulls(T::TYPE.into(), size, Buffer::from_vec(values))
            .expect("a vector of native values is always a valid column")
    }

    /// A column of fixed-width native values with validity flags (host resident).
    #[track_caller]
    pub fn from_options<T: crate::native::NativeType>(values: Vec<Option<T>>) -> Column {
        let size = values.len();
        let (mask, nulls) =
            crate::bitmask::mask_from_bools(size, values.iter().map(Option::is_some));
        let data: Vec<T> = values.into_iter().map(|v| v.unwrap_or_default()).collect();
        let mask = (nulls > 0).then_some(mask);
        Column::new(
            T::TYPE.into(),
            size,
            Some(Buffer::from_vec(data)),
            mask,
            Some(nulls),
            0,
            vec![],
        )
        .expect("a vector of native values is always a valid column")
    }

    /// The logical type.
    pub fn dtype(&self) -> DataType {
        self.inner.dtype
    }
    /// Whether `a` and `b` are the same column object (clones of one column): then they
    /// hold the same values without any comparison.
    ///
    /// ```
    /// use ferrodf_core::Column;
    /// let a = Column::from_values(vec![1i64, 2]);
    /// assert!(Column::ptr_eq(&a, &a.clone()));
    /// assert!(!Column::ptr_eq(&a, &Column::from_values(vec![1i64, 2])));
    /// ```
    pub fn ptr_eq(a: &Column, b: &Column) -> bool {
        Arc::ptr_eq(&a.inner, &b.inner)
    }
    /// Number of rows.
    pub fn size(&self) -> usize {
        self.inner.size
    }
    /// Index of the first row inside the buffers.
    pub fn offset(&self) -> usize {
        self.inner.offset
    }
    /// The data buffer, if any.
    pub fn data(&self) -> Option<&Buffer> {
        self.inner.data.as_ref()
    }
    /// The validity mask, if any.
    pub fn mask(&self) -> Option<&Buffer> {
        self.inner.mask.as_ref()
    }
    /// The child columns.
    pub fn children(&self) -> &[Column] {
        &self.inner.children
    }
    /// Whether the column has a validity mask.
    pub fn nullable(&self) -> bool {
        self.inner.mask.is_some()
    }

    /// Number of null rows, counted from the mask once and cached.
    pub fn null_count(&self) -> Result<usize> {
        if let Some(n) = self.known_null_count() {
            return Ok(n);
        }
        let mask = self
            .inner
            .mask
            .as_ref()
            .expect("columns without a mask have a known count");
        let n = count_unset_bits(mask, self.inner.offset, self.inner.size)?;
        self.inner.null_count.store(n as i64, Ordering::Relaxed);
        Ok(n)
    }

    /// The null count if it is known without counting.
    pub fn known_null_count(&self) -> Option<usize> {
        let n = self.inner.null_count.load(Ordering::Relaxed);
        (n != UNKNOWN).then_some(n as usize)
    }

    /// Forget the cached null count after the mask was written in place (it is counted
    /// again when next asked for).
    pub(crate) fn invalidate_null_count(&self) {
        if self.inner.mask.is_some() && self.dtype().id() != TypeId::Empty {
            self.inner.null_count.store(UNKNOWN, Ordering::Relaxed);
        }
    }

    /// Whether any row is null.
    pub fn has_nulls(&self) -> Result<bool> {
        Ok(self.null_count()? > 0)
    }

    /// Rows `offset..offset+size` of this column, sharing its buffers (libcudf's `slice`).
    pub fn slice(&self, offset: usize, size: usize) -> Result<Column> {
        let end = offset
            .checked_add(size)
            .filter(|&e| e <= self.size())
            .ok_or_else(|| {
                Error::index(format!(
                    "slice {offset}..{} is out of bounds for a column of {} rows",
                    offset.saturating_add(size),
                    self.size()
                ))
            })?;
        let _ = end;
        let null_count = if self.inner.mask.is_none() {
            Some(0)
        } else if self.dtype().id() == TypeId::Empty {
            Some(size)
        } else {
            None
        };
        let out = Column::new(
            self.dtype(),
            size,
            self.inner.data.clone(),
            self.inner.mask.clone(),
            null_count,
            self.offset() + offset,
            self.inner.children.clone(),
        )?;
        // Rows of checked UTF-8 are checked UTF-8.
        if self.utf8_checked() {
            out.mark_utf8_checked();
        }
        Ok(out)
    }

    /// STRING columns: whether the rows are known to be valid UTF-8 (see
    /// [`Column::mark_utf8_checked`]). Never once the bytes' device pointer has been handed
    /// out: code outside ferrodf may have written to them since.
    pub(crate) fn utf8_checked(&self) -> bool {
        self.inner
            .utf8_checked
            .load(std::sync::atomic::Ordering::Relaxed)
            && !self.inner.data.as_ref().is_some_and(Buffer::is_exposed)
    }

    /// Record that every row of this STRING column was checked to be valid UTF-8.
    pub(crate) fn mark_utf8_checked(&self) {
        self.inner
            .utf8_checked
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// A copy that shares no buffers with this column (pylibcudf's `Column.copy`).
    pub fn deep_copy(&self) -> Result<Column> {
        let copy = |b: Option<&Buffer>| b.map(Buffer::deep_copy).transpose();
        let children = self
            .children()
            .iter()
            .map(Column::deep_copy)
            .collect::<Result<Vec<_>>>()?;
        Column::new(
            self.dtype(),
            self.size(),
            copy(self.data())?,
            copy(self.mask())?,
            self.known_null_count(),
            self.offset(),
            children,
        )
    }

    /// Replace the null mask (libcudf's `with_mask`).
    pub fn with_mask(&self, mask: Option<Buffer>, null_count: Option<usize>) -> Result<Column> {
        Column::new(
            self.dtype(),
            self.size(),
            self.inner.data.clone(),
            mask,
            null_count,
            self.offset(),
            self.inner.children.clone(),
        )
    }

    /// Where this column's bytes live: `Device` if every buffer is on the device only,
    /// `Host` if every buffer is on the host only, `Both` otherwise.
    pub fn residency(&self) -> Residency {
        let mut host = false;
        let mut device = false;
        self.visit_buffers(&mut |b| match b.residency() {
            Residency::Host => host = true,
            Residency::Device => device = true,
            Residency::Both => {
                host = true;
                device = true;
            }
        });
        match (host, device) {
            (_, false) => Residency::Host,
            (false, true) => Residency::Device,
            (true, true) => Residency::Both,
        }
    }

    /// Call `f` on every buffer of this column and its children.
    pub fn visit_buffers(&self, f: &mut dyn FnMut(&Buffer)) {
        if let Some(d) = self.data() {
            f(d);
        }
        if let Some(m) = self.mask() {
            f(m);
        }
        for c in self.children() {
            c.visit_buffers(f);
        }
    }

    /// The `size` data values of a fixed-width column as a host slice of `T`.
    ///
    /// Errors with `TypeError` when `T` does not match the column's type width.
    #[track_caller]
    pub fn host_values<T: arrow_buffer::ArrowNativeType>(
        &self,
    ) -> Result<arrow_buffer::ScalarBuffer<T>> {
        let width = fixed_width(self.dtype().id()).ok_or_else(|| {
            Error::type_err(format!("{} has no fixed-width values", self.dtype()))
        })?;
        if width != std::mem::size_of::<T>() {
            return Err(Error::type_err(format!(
                "cannot view {} values ({width} bytes) as {}-byte values",
                self.dtype(),
                std::mem::size_of::<T>()
            )));
        }
        match self.data() {
            // A small slice of a buffer only the device holds (a few rows of a large
            // column): just its rows, not the whole buffer that `Buffer::host` would copy
            // and keep.
            Some(d) if d.wants_partial_read(self.size() * width) => {
                let rows = d.host_range(self.offset() * width, self.size() * width)?;
                Ok(arrow_buffer::ScalarBuffer::new(rows, 0, self.size()))
            }
            Some(d) => {
                let host = d.host()?;
                Ok(arrow_buffer::ScalarBuffer::new(
                    host,
                    self.offset(),
                    self.size(),
                ))
            }
            None => Ok(arrow_buffer::ScalarBuffer::from(Vec::<T>::new())),
        }
    }

    /// The `rows + 1` offsets of rows `offset..offset + rows` of a STRING or LIST column
    /// (its first child), widened to `i64` from either offset width, on the host.
    pub(crate) fn host_offsets(&self, rows: usize) -> Result<Vec<i64>> {
        let child = &self.children()[0];
        let range = self.offset()..self.offset() + rows + 1;
        Ok(if child.dtype().id() == TypeId::Int64 {
            child.host_values::<i64>()?[range].to_vec()
        } else {
            child.host_values::<i32>()?[range]
                .iter()
                .map(|&o| i64::from(o))
                .collect()
        })
    }

    /// The chars of a STRING column and the `size + 1` offsets of its rows widened to
    /// `i64` (from either offset width), on the host; no offsets when the column is empty.
    ///
    /// The host paths that compare, search or hash strings byte-wise (sorting, search,
    /// hashing, join keys) read a STRING column through this one place.
    #[track_caller]
    pub(crate) fn host_string_parts(&self) -> Result<(arrow_buffer::Buffer, Vec<i64>)> {
        let offsets = if self.size() > 0 {
            self.host_offsets(self.size())?
        } else {
            vec![]
        };
        let bytes = match self.data() {
            Some(d) => d.host()?,
            None => arrow_buffer::Buffer::from_vec(Vec::<u8>::new()),
        };
        Ok((bytes, offsets))
    }

    /// The validity of rows `0..size` as an arrow `NullBuffer` on the host (None: no nulls).
    #[track_caller]
    pub fn host_nulls(&self) -> Result<Option<arrow_buffer::NullBuffer>> {
        match self.mask() {
            None => Ok(None),
            Some(m) => {
                let bits = arrow_buffer::BooleanBuffer::new(m.host()?, self.offset(), self.size());
                let nulls = self.null_count()?;
                // SAFETY: null_count is the count of unset bits in this range.
                Ok(Some(unsafe {
                    arrow_buffer::NullBuffer::new_unchecked(bits, nulls)
                }))
            }
        }
    }
}

//! The device path of `replace`: the launchers of `device/kernels/movement.rs` (the
//! nearest-valid row map) and `device/kernels/scan.rs` (find-and-replace map, clamp,
//! NaN and zero normalisation), and device compositions of other families' operations.

use crate::binary_operator::BinaryOperator;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::transform::mask_arg;
use crate::device::kernels::{movement as mv, scan as dscan, storage_id};
use crate::error::Result;
use crate::ops::binaryop::{Operand, binary_operation};
use crate::ops::gather::{device_map, mask_copy};
use crate::placement::host_fallback;
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId, fixed_width};

/// The validity of `col` as a BOOL8 column (row valid = true): device ones under a copy of
/// `col`'s mask.
pub(super) fn validity_condition(col: &Column) -> Result<Column> {
    let n = col.size();
    let ones = DeviceMemory::alloc(n)?;
    let rt = crate::device::runtime()?;
    if n > 0 {
        // SAFETY: `ones` holds n bytes.
        unsafe {
            cudarc::driver::result::memset_d8_async(ones.ptr(), 1, n, rt.stream().cu_stream())?
        };
    }
    Column::new(
        TypeId::Bool8.into(),
        n,
        Some(Buffer::from_device(ones)),
        mask_copy(col)?,
        None,
        0,
        vec![],
    )
}

/// The row map of the nearest valid row before (or, `following`, after) each row of `col`
/// (which has nulls).
pub(super) fn nearest_valid_map(col: &Column, following: bool) -> Result<Column> {
    let n = col.size();
    let mask = col.mask().expect("has nulls").device_ptr()?;
    device_map(
        mv::nearest_valid_map(mask, col.offset() as i64, n, following)?,
        n,
    )
}

/// The find_and_replace_all row map into `[col, new]`: the map kernel for fixed-width
/// storage, a join for STRING and DECIMAL128, and a recorded host fallback otherwise.
pub(super) fn find_replace_map(col: &Column, old: &Column) -> Result<Column> {
    let n = col.size();
    let id = col.dtype().id();
    if let Some(st) = storage_id(id) {
        let w = fixed_width(id).expect("fixed");
        let data = col.data().expect("data").device_ptr()? + (col.offset() * w) as u64;
        let (m, off) = mask_arg(col)?;
        let keys = old.data().expect("data").device_ptr()? + (old.offset() * w) as u64;
        return device_map(
            dscan::find_replace_map(st, data, m, off, n, keys, old.size(), n as i64)?,
            n,
        );
    }
    if matches!(id, TypeId::String | TypeId::Decimal128) {
        return joined_find_replace_map(col, old);
    }
    host_fallback(
        "replace.find_and_replace_all",
        &format!("{} columns", col.dtype()),
    )?;
    super::host::find_replace_map(col, old)
}

/// The find_and_replace_all row map from device operations, for keys the map kernel does
/// not compare (STRING, DECIMAL128): an inner join of the rows with the first occurrence of
/// each old value gives the matched rows, which are scattered over the identity map.
fn joined_find_replace_map(col: &Column, old: &Column) -> Result<Column> {
    use crate::ops::copying::{OutOfBoundsPolicy, Source, gather, scatter};
    use crate::ops::stream_compaction::{DuplicateKeepOption, distinct_indices};
    use crate::table::Table;
    let int32: DataType = TypeId::Int32.into();
    let n = col.size();
    // Later duplicates lose to the first one, as a linear search would find.
    let old_table = Table::new(vec![old.clone()])?;
    let first = distinct_indices(&old_table, DuplicateKeepOption::KeepFirst, true, true)?;
    let keys = gather(&old_table, &first, OutOfBoundsPolicy::DontCheck)?;
    // Null rows match nothing (nulls unequal), so they keep their row.
    let (rows, pos) = crate::ops::join::inner_join(&Table::new(vec![col.clone()])?, &keys, false)?;
    let k = gather(
        &Table::new(vec![first])?,
        &pos,
        OutOfBoundsPolicy::DontCheck,
    )?;
    let replacement = binary_operation(
        Operand::Column(&k.columns()[0]),
        Operand::Scalar(&Scalar::from_native(n as i32)),
        BinaryOperator::Add,
        int32,
    )?;
    let identity =
        crate::ops::filling::sequence(n, &Scalar::from_native(0i32), &Scalar::from_native(1i32))?;
    let map = scatter(
        Source::Table(&Table::new(vec![replacement])?),
        &rows,
        &Table::new(vec![identity])?,
    )?;
    Ok(map.columns()[0].clone())
}

/// The values of a clamped fixed-width column of storage type `storage`, in one kernel.
pub(super) fn clamp(
    col: &Column,
    storage: TypeId,
    (lo, hi): (&Scalar, &Scalar),
    (lo_r, hi_r): (&Scalar, &Scalar),
) -> Result<Buffer> {
    let width = fixed_width(storage).expect("numeric");
    let bits = |s: &Scalar| -> Result<u64> {
        let b = s
            .as_column()
            .data()
            .expect("numeric")
            .host_range(0, width)?;
        let mut v = [0u8; 8];
        v[..width].copy_from_slice(b.as_slice());
        Ok(u64::from_le_bytes(v))
    };
    let bound = |s: &Scalar| -> Result<Option<u64>> {
        if s.is_valid()? {
            bits(s).map(Some)
        } else {
            Ok(None)
        }
    };
    let bounds = dscan::ClampBounds {
        lo: bound(lo)?,
        hi: bound(hi)?,
        lo_replace: bits(lo_r)?,
        hi_replace: bits(hi_r)?,
    };
    let input = match col.data() {
        Some(d) if col.size() > 0 => d.device_ptr()? + (col.offset() * width) as u64,
        _ => 0,
    };
    Ok(Buffer::from_device(dscan::clamp(
        storage,
        input,
        col.size(),
        &bounds,
    )?))
}

/// The values of a float column with -0.0 as +0.0 and every NaN canonical.
pub(super) fn normalize_nans_and_zeros(col: &Column) -> Result<Buffer> {
    let (id, n) = (col.dtype().id(), col.size());
    let w = fixed_width(id).expect("float");
    let src = match col.data() {
        Some(d) if n > 0 => d.device_ptr()? + (col.offset() * w) as u64,
        _ => 0,
    };
    Ok(Buffer::from_device(dscan::normalize_nans_and_zeros(
        id, src, n,
    )?))
}

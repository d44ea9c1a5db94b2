//! The host path of `transform`'s mask functions: masks packed from arrow-rs buffers.

use crate::bitmask::get_bit;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::Result;
use crate::ops::numeric::host_mask;
use crate::types::TypeId;

/// The mask of the valid, non-NaN rows of a non-empty float column, and its null count.
pub(super) fn nans_to_nulls(input: &Column) -> Result<(Buffer, usize)> {
    let n = input.size();
    let nulls = input.host_nulls()?;
    let valid = |i: usize| nulls.as_ref().is_none_or(|nb| nb.is_valid(i));
    Ok(if input.dtype().id() == TypeId::Float32 {
        let v = input.host_values::<f32>()?;
        host_mask(n, (0..n).map(|i| valid(i) && !v[i].is_nan()))
    } else {
        let v = input.host_values::<f64>()?;
        host_mask(n, (0..n).map(|i| valid(i) && !v[i].is_nan()))
    })
}

/// The mask of the valid, true rows of a non-empty BOOL8 column, and its null count.
pub(super) fn bools_to_mask(input: &Column) -> Result<(Buffer, usize)> {
    let n = input.size();
    let v = input.host_values::<u8>()?;
    let nulls = input.host_nulls()?;
    let valid = |i: usize| nulls.as_ref().is_none_or(|nb| nb.is_valid(i));
    Ok(host_mask(n, (0..n).map(|i| valid(i) && v[i] != 0)))
}

/// A BOOL8 column of bits `begin..end` of `mask` (checked to lie inside it).
pub(super) fn mask_to_bools(mask: &Buffer, begin: usize, end: usize) -> Result<Column> {
    let bytes = mask.host()?;
    let v: Vec<u8> = (begin..end)
        .map(|i| u8::from(get_bit(bytes.as_slice(), i)))
        .collect();
    Column::without_nulls(TypeId::Bool8.into(), end - begin, Buffer::from_vec(v))
}

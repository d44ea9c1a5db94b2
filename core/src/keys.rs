//! Sort and comparison keys shared by the op families (`ops/`) and their device kernels
//! (`device/kernels/`): the column order and null order of libcudf, whether null and NaN
//! keys are equal, and the storage class a key column is compared as. Kept below both so
//! that neither imports the other for them; `ops::search` and `ops::sorting` re-export
//! them at their old paths.

use crate::error::{Error, Result};
use crate::named_enum::named_enum;
use crate::types::{DataType, TypeId};

named_enum! {
    /// libcudf's `order`: the order of a sort key.
    pub enum Order in "types" {
        /// Smallest first.
        Ascending,
        /// Largest first.
        Descending,
    }
}

named_enum! {
    /// libcudf's `null_order`: where nulls sort.
    pub enum NullOrder in "types" {
        /// A null compares above every value.
        After,
        /// A null compares below every value.
        Before,
    }
}

named_enum! {
    /// libcudf's `null_equality`: whether two nulls compare equal in keys.
    pub enum NullEquality in "types" {
        /// Nulls are equal to each other.
        Equal,
        /// Nulls are unequal to everything.
        Unequal,
    }
}

named_enum! {
    /// libcudf's `nan_equality`: whether two NaNs compare equal in keys.
    pub enum NanEquality in "types" {
        /// Every NaN is equal to every other.
        AllEqual,
        /// NaNs are unequal to everything.
        Unequal,
    }
}

/// The storage class a column's values are compared as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeyKind {
    I8 = 0,
    I16 = 1,
    I32 = 2,
    I64 = 3,
    U8 = 4,
    U16 = 5,
    U32 = 6,
    U64 = 7,
    F32 = 8,
    F64 = 9,
    Bool = 10,
    I128 = 11,
    Str = 12,
}

pub(crate) fn key_kind(function: &str, dtype: DataType) -> Result<KeyKind> {
    use TypeId::*;
    Ok(match dtype.id() {
        Int8 => KeyKind::I8,
        Int16 => KeyKind::I16,
        Int32 | TimestampDays | DurationDays | Decimal32 => KeyKind::I32,
        Int64 | Decimal64 => KeyKind::I64,
        t if t.is_timestamp() || t.is_duration() => KeyKind::I64,
        Uint8 => KeyKind::U8,
        Uint16 => KeyKind::U16,
        Uint32 => KeyKind::U32,
        Uint64 => KeyKind::U64,
        Float32 => KeyKind::F32,
        Float64 => KeyKind::F64,
        Bool8 => KeyKind::Bool,
        Decimal128 => KeyKind::I128,
        String => KeyKind::Str,
        other => {
            return Err(Error::not_implemented(format!(
                "{function} does not support {other} columns yet; it supports fixed-width and \
                 STRING columns"
            )));
        }
    })
}

/// Each of `ncols` key columns' order and null order: the given lists, or libcudf's
/// defaults (ascending, nulls before) where a list is empty.
pub(crate) fn orders_or_defaults(
    column_order: &[Order],
    null_precedence: &[NullOrder],
    ncols: usize,
) -> (Vec<Order>, Vec<NullOrder>) {
    let orders = if column_order.is_empty() {
        vec![Order::Ascending; ncols]
    } else {
        column_order.to_vec()
    };
    let nulls = if null_precedence.is_empty() {
        vec![NullOrder::Before; ncols]
    } else {
        null_precedence.to_vec()
    };
    (orders, nulls)
}

/// Whether nulls of a column end up before its valid rows: a null is below every value
/// with `Before`, and `Descending` reverses the column's order.
pub(crate) fn nulls_first(order: Order, nulls: NullOrder) -> bool {
    (nulls == NullOrder::Before) != (order == Order::Descending)
}

//! pylibcudf's `labeling` module: `label_bins` and its `Inclusive` enum.
//!
//! Bin `k` is the interval from `left_edges[k]` to `right_edges[k]`, each end open or
//! closed by its `Inclusive` argument. The edges must be sorted ascending and the bins
//! must not overlap (libcudf's precondition, not checked): a value's bin is then the last
//! one whose left edge admits it, if its right edge admits it too. Rows in no bin (NaN
//! among them) and null rows get a null label.
//!
//! This module checks the arguments and decides the placement once: the host path is a
//! binary search per row below; the device path is the `label_bins_*` kernels of
//! `device/kernels/reshape.rs` (`cuda/reshape.cu`).

use crate::column::Column;
use crate::device::kernels::{reshape as dev, storage_id};
use crate::error::{Error, Result};
use crate::named_enum::named_enum;
use crate::ops::numeric::with_num_type;
use crate::placement::use_device;
use crate::types::TypeId;

named_enum! {
    /// libcudf's `inclusive`: whether a bin edge belongs to the bin.
    pub enum Inclusive in "labeling" {
        /// The edge value is in the bin.
        Yes,
        /// The edge value is not in the bin.
        No,
    }
}

/// The INT32 bin label of every row of `input`: the `k` with `left_edges[k] <(=) value
/// <(=) right_edges[k]`, null when there is none or the row is null.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::ops::labeling::{Inclusive, label_bins};
/// let input = Column::from_values(vec![1i32, 5, 9, 10]);
/// let left = Column::from_values(vec![0i32, 5]);
/// let right = Column::from_values(vec![5i32, 10]);
/// let out = label_bins(&input, &left, Inclusive::Yes, &right, Inclusive::No).unwrap();
/// assert_eq!(out.host_values::<i32>().unwrap()[..3].to_vec(), vec![0, 1, 1]);
/// assert_eq!(out.null_count().unwrap(), 1);
/// ```
pub fn label_bins(
    input: &Column,
    left_edges: &Column,
    left_inclusive: Inclusive,
    right_edges: &Column,
    right_inclusive: Inclusive,
) -> Result<Column> {
    const NAME: &str = "labeling.label_bins";
    let dtype = input.dtype();
    if left_edges.dtype() != dtype || right_edges.dtype() != dtype {
        return Err(Error::type_err(format!(
            "{NAME}: the input and the edges must have the same type, got {dtype}, {} and {}",
            left_edges.dtype(),
            right_edges.dtype()
        )));
    }
    let storage = storage_id(dtype.id())
        .filter(|&s| s != TypeId::Bool8)
        .ok_or_else(|| {
            Error::type_err(format!(
                "{NAME}: the values must be numeric, timestamps, durations or DECIMAL32/64, got {dtype}"
            ))
        })?;
    if left_edges.size() != right_edges.size() {
        return Err(Error::value(format!(
            "{NAME}: there must be as many left edges as right edges, got {} and {}",
            left_edges.size(),
            right_edges.size()
        )));
    }
    if left_edges.has_nulls()? || right_edges.has_nulls()? {
        return Err(Error::value(format!(
            "{NAME}: the edges cannot contain nulls"
        )));
    }
    let (li, ri) = (
        left_inclusive == Inclusive::Yes,
        right_inclusive == Inclusive::Yes,
    );
    if use_device()? {
        return dev::label_bins(input, storage, left_edges, li, right_edges, ri);
    }
    with_num_type!(storage, T => {
        host_label_bins::<T>(input, left_edges, li, right_edges, ri)
    })
}

/// The host path: a binary search of the left edges per row, then the right-edge test.
fn host_label_bins<T>(
    input: &Column,
    left: &Column,
    left_inclusive: bool,
    right: &Column,
    right_inclusive: bool,
) -> Result<Column>
where
    T: arrow_buffer::ArrowNativeType + PartialOrd,
{
    let values = input.host_values::<T>()?;
    let nulls = input.host_nulls()?;
    let left = left.host_values::<T>()?;
    let right = right.host_values::<T>()?;
    let labels = values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            if nulls.as_ref().is_some_and(|n| n.is_null(i)) {
                return None;
            }
            // Left edges that admit v: left <= v or left < v (sorted, so a prefix).
            // (`partial_cmp` is None for NaN, which every left edge then admits, and the
            // edge test below rejects.)
            let admitted = left.partition_point(|e| {
                if left_inclusive {
                    e.partial_cmp(v) != Some(std::cmp::Ordering::Greater)
                } else {
                    e < v
                }
            });
            let b = admitted.checked_sub(1)?;
            let left_ok = if left_inclusive {
                left[b] <= *v
            } else {
                left[b] < *v
            };
            let right_ok = if right_inclusive {
                *v <= right[b]
            } else {
                *v < right[b]
            };
            (left_ok && right_ok).then_some(b as i32)
        })
        .collect();
    Ok(Column::from_options(labels))
}

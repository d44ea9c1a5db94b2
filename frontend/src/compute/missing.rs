//! The one missing-value rule of the pandas layer: in a float column, NaN is missing.
//!
//! Data that arrives with NaN (from pandas, NumPy, lists) is stored with those rows null;
//! every operation that computes floats turns the NaN it makes (`0 / 0`, `inf - inf`,
//! `x % 0`) into nulls with [`nan_as_null`]. So `isna`, `count`, `sum`, `fillna`, `dropna`
//! and groupby see one kind of missing value, as pandas users expect.

use ferrodf_core::ops::transform::column_nans_to_nulls;
use ferrodf_core::{Column, Result};

/// `col` with NaN rows made null (other types, and float columns without NaN, unchanged
/// but for the mask).
///
/// ```
/// use ferrodf::compute::nan_as_null;
/// use ferrodf::core::Column;
/// let c = Column::from_values(vec![0.5f64, f64::NAN]);
/// assert_eq!(nan_as_null(&c).unwrap().null_count().unwrap(), 1);
/// ```
pub fn nan_as_null(col: &Column) -> Result<Column> {
    if !col.dtype().id().is_floating() || col.size() == 0 {
        return Ok(col.clone());
    }
    column_nans_to_nulls(col)
}

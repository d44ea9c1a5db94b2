//! `quantile` of a Series with several `q` or a chosen interpolation (pandas'
//! `s.quantile([0.25, 0.75], interpolation="lower")`); one `q` with linear interpolation
//! is the reduction `Reduction::Quantile`.

use ferrodf_core::ops::aggregation::Interpolation;
use ferrodf_core::ops::quantiles::quantile;
use ferrodf_core::ops::search::{NullOrder, Order};
use ferrodf_core::ops::sorting::sorted_order;
use ferrodf_core::ops::stream_compaction::drop_nulls;
use ferrodf_core::{Column, Error, Result, Table};

use super::Series;
use crate::index::Index;

/// pandas' `interpolation` name (`"linear"`, `"lower"`, `"higher"`, `"midpoint"`,
/// `"nearest"`) as the core's [`Interpolation`]; ValueError for any other.
///
/// ```
/// use ferrodf::series::parse_interpolation;
/// use ferrodf::core::ops::aggregation::Interpolation;
/// assert_eq!(parse_interpolation("lower").unwrap(), Interpolation::Lower);
/// assert!(parse_interpolation("cubic").is_err());
/// ```
pub fn parse_interpolation(name: &str) -> Result<Interpolation> {
    Ok(match name {
        "linear" => Interpolation::Linear,
        "lower" => Interpolation::Lower,
        "higher" => Interpolation::Higher,
        "midpoint" => Interpolation::Midpoint,
        "nearest" => Interpolation::Nearest,
        _ => {
            return Err(Error::value(format!(
                "interpolation={name:?}: use linear, lower, higher, midpoint or nearest"
            )));
        }
    })
}

impl Series {
    /// The `qs` quantiles of the values, missing values skipped, as a Series indexed by
    /// `qs` (float64) and named as this one (pandas' `quantile` with a list of `q`).
    /// ValueError for a `q` outside [0, 1], as pandas.
    ///
    /// ```
    /// use ferrodf::Series;
    /// use ferrodf::core::ops::aggregation::Interpolation;
    /// let s = Series::new("x", vec![Some(4.0), None, Some(1.0), Some(2.0), Some(3.0)]);
    /// let q = s.quantiles(&[0.0, 0.5, 1.0], Interpolation::Linear).unwrap();
    /// assert_eq!(q.column().host_values::<f64>().unwrap().to_vec(), vec![1.0, 2.5, 4.0]);
    /// let labels = &q.index().level_columns().unwrap()[0];
    /// assert_eq!(labels.host_values::<f64>().unwrap().to_vec(), vec![0.0, 0.5, 1.0]);
    /// assert!(s.quantiles(&[1.5], Interpolation::Lower).is_err());
    /// ```
    pub fn quantiles(&self, qs: &[f64], interpolation: Interpolation) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        if let Some(q) = qs.iter().find(|q| !(0.0..=1.0).contains(*q)) {
            return Err(Error::value(format!(
                "percentiles should all be in the interval [0, 1], got {q}"
            )));
        }
        let valid = drop_nulls(&Table::new(vec![self.column().clone()])?, &[0], 1)?;
        // the core's quantile reads its input in this order (unsorted input is allowed)
        let order = sorted_order(&valid, &[Order::Ascending], &[NullOrder::After])?;
        let values = quantile(&valid.columns()[0], qs, interpolation, Some(&order), true)?;
        let index = Index::from_column(Column::from_values(qs.to_vec()), None);
        Series::from_column(values, Some(index), self.name().clone())
    }
}

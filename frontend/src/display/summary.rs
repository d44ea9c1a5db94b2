//! Per-column summaries for the header of a displayed table: the null count and, by kind of
//! column, the range, mean and a histogram of numbers, the distinct count and most frequent
//! values of text, booleans and categories, the range of timestamps.
//!
//! Everything is computed where the column lives (on the GPU for a device column) with the
//! Series operations; only scalars, the histogram's bin counts and the top values reach the
//! host. The interactive view (`ferrodf.browse`) shows the same figures.

use ferrodf_core::interop::arrow::to_arrow;
use ferrodf_core::{Column, DataType, Result, Scalar, TypeId};

use super::format::format_array;
use crate::compute::binary::BinaryOp;
use crate::dtype::dtype_name;
use crate::label::Label;
use crate::series::Series;

/// Bins of a numeric column's histogram.
pub const HISTOGRAM_BINS: usize = 20;
/// Most frequent values listed for text, booleans and categories.
pub const TOP_VALUES: usize = 3;

/// What a column's summary says, by kind of column.
#[derive(Clone, Debug, PartialEq)]
pub enum SummaryDetail {
    /// Numbers: the range and mean of the values that are not missing, and their counts in
    /// [`HISTOGRAM_BINS`] equal bins over `[min, max]` (`numpy.histogram`'s bins).
    Number {
        min: String,
        max: String,
        mean: f64,
        histogram: Vec<i64>,
    },
    /// Text, booleans and categories: how many distinct values, and the most frequent ones
    /// with their counts (most frequent first, ties in order of first appearance).
    Values {
        distinct: usize,
        top: Vec<(String, i64)>,
    },
    /// Timestamps: the earliest and latest.
    Range { min: String, max: String },
    /// Nothing beyond the null count (an all-missing column, or a type without a summary).
    Nothing,
}

/// The summary of one column.
#[derive(Clone, Debug, PartialEq)]
pub struct ColumnSummary {
    /// The dtype's pandas name.
    pub dtype: String,
    /// Missing values (nulls, and NaN in float columns).
    pub nulls: usize,
    /// The rest, by kind of column.
    pub detail: SummaryDetail,
}

impl Series {
    /// The summary a table's header shows for this column.
    ///
    /// ```
    /// use ferrodf::Series;
    /// use ferrodf::display::{ColumnSummary, SummaryDetail};
    /// let s = Series::from_options("x", vec![Some(1.0f64), None, Some(3.0), Some(3.0)]);
    /// let summary = s.summary().unwrap();
    /// assert_eq!(summary.nulls, 1);
    /// let SummaryDetail::Number { min, max, mean, histogram } = summary.detail else { panic!() };
    /// assert_eq!((min.as_str(), max.as_str(), mean), ("1.0", "3.0", 7.0 / 3.0));
    /// assert_eq!((histogram[0], histogram[19], histogram.iter().sum::<i64>()), (1, 2, 3));
    ///
    /// let t = Series::from_strs("t", vec![Some("b"), Some("a"), Some("b"), None]);
    /// let SummaryDetail::Values { distinct, top } = t.summary().unwrap().detail else { panic!() };
    /// assert_eq!(distinct, 2);
    /// assert_eq!(top, vec![("b".to_string(), 2), ("a".to_string(), 1)]);
    /// ```
    pub fn summary(&self) -> Result<ColumnSummary> {
        let _operation = ferrodf_core::memory::enter_operation();
        let id = self.dtype().id();
        let present = usize::try_from(self.count()?).unwrap_or(0);
        let detail = if present == 0 {
            SummaryDetail::Nothing
        } else if id == TypeId::Dictionary32 {
            let values = crate::index::decoded(self.column())?;
            Series::from_column(values, None, self.name().clone())?.frequent_values()?
        } else if id == TypeId::String || id == TypeId::Bool8 {
            self.frequent_values()?
        } else if id.is_timestamp() {
            SummaryDetail::Range {
                min: scalar_text(&self.min()?)?,
                max: scalar_text(&self.max()?)?,
            }
        } else if id.is_numeric() || id.is_decimal() {
            self.number_summary()?
        } else {
            SummaryDetail::Nothing
        };
        Ok(ColumnSummary {
            dtype: dtype_name(self.dtype()),
            nulls: self.len() - present,
            detail,
        })
    }

    fn number_summary(&self) -> Result<SummaryDetail> {
        let (min, max) = (self.min()?, self.max()?);
        let (lo, hi) = (scalar_f64(&min)?, scalar_f64(&max)?);
        let histogram = if lo.is_finite() && hi.is_finite() {
            self.histogram(lo, hi)?
        } else {
            vec![] // an infinite bound leaves no finite bins
        };
        Ok(SummaryDetail::Number {
            min: scalar_text(&min)?,
            max: scalar_text(&max)?,
            mean: scalar_f64(&self.mean()?)?,
            histogram,
        })
    }

    /// Counts of the values that are not missing in [`HISTOGRAM_BINS`] equal bins over
    /// `[lo, hi]`, the last bin closed: each value's bin is `(x - lo) // width`, clipped to
    /// the last, and the bins are counted with `value_counts`.
    fn histogram(&self, lo: f64, hi: f64) -> Result<Vec<i64>> {
        let values = self.dropna()?.astype(DataType::from(TypeId::Float64))?;
        let bins = if hi > lo {
            let width = (hi - lo) / HISTOGRAM_BINS as f64;
            values
                .binary(BinaryOp::Sub, lo)?
                .floordiv(width)?
                .clip(0.0, (HISTOGRAM_BINS - 1) as f64)?
        } else {
            values.binary(BinaryOp::Mul, 0.0)? // one value: all in the first bin
        };
        let counts = bins
            .astype(DataType::from(TypeId::Int64))?
            .value_counts(false, false, true)?;
        let positions = &counts.index().level_columns()?[0];
        let mut out = vec![0; HISTOGRAM_BINS];
        for (bin, n) in positions
            .host_values::<i64>()?
            .iter()
            .zip(counts.column().host_values::<i64>()?.iter())
        {
            out[usize::try_from(*bin).unwrap_or(0).min(HISTOGRAM_BINS - 1)] += n;
        }
        Ok(out)
    }

    fn frequent_values(&self) -> Result<SummaryDetail> {
        let counts = self.value_counts(true, false, true)?;
        let top = counts.head(TOP_VALUES as i64)?;
        let labels = column_text(&top.index().level_columns()?[0])?;
        let numbers = top.column().host_values::<i64>()?.to_vec();
        Ok(SummaryDetail::Values {
            distinct: counts.len(),
            top: labels.into_iter().zip(numbers).collect(),
        })
    }
}

/// The displayed text of each value of a (small) column.
fn column_text(column: &Column) -> Result<Vec<String>> {
    format_array(to_arrow(column)?.as_ref(), 6)
}

/// A scalar as the table displays it.
fn scalar_text(scalar: &Scalar) -> Result<String> {
    Ok(column_text(scalar.as_column())?.pop().unwrap_or_default())
}

/// A numeric scalar as `f64` (NaN when missing).
fn scalar_f64(scalar: &Scalar) -> Result<f64> {
    let one = Series::from_column(scalar.as_column().clone(), None, Label::None)?
        .astype(DataType::from(TypeId::Float64))?;
    Ok(one
        .column()
        .host_values::<f64>()?
        .first()
        .copied()
        .unwrap_or(f64::NAN))
}

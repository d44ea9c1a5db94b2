//! Element-wise rewrites of a Series with pandas' rules: `round` (half to even), `astype`,
//! `where`/`mask`, and reshaping into frames (`to_frame`, `reset_index`), `nlargest`,
//! `describe`.

use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::concatenate::concatenate;
use ferrodf_core::ops::copying::{Side, copy_if_else};
use ferrodf_core::ops::replace::{Replacement, replace_nulls};
use ferrodf_core::ops::round::{RoundingMethod, round};
use ferrodf_core::{Column, Error, Result, Scalar, TypeId};

use super::{IntoColumn, Other, Series};
use crate::DataFrame;
use crate::column_accessor::ColumnAccessor;
use crate::compute::binary::fill_scalar;
use crate::compute::{ReduceOptions, Reduction};
use crate::dtype::Dtype;
use crate::index::Index;
use crate::label::Label;

impl Series {
    /// Values rounded to `decimals` places, half to even as NumPy and pandas round
    /// (`2.5 -> 2`); integers are unchanged for `decimals >= 0`.
    ///
    /// ```
    /// use ferrodf::Series;
    /// let s = Series::new("x", [0.125, 2.5, -1.5]).round(2).unwrap();
    /// assert_eq!(s.column().host_values::<f64>().unwrap().to_vec(), vec![0.12, 2.5, -1.5]);
    /// ```
    pub fn round(&self, decimals: i32) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let id = self.dtype().id();
        if !(id.is_numeric() || id.is_decimal()) || id == TypeId::Bool8 {
            return Err(Error::type_err(format!(
                "round needs numbers, got {}",
                crate::dtype_name(self.dtype())
            )));
        }
        self.with_column(round(self.column(), decimals, RoundingMethod::HalfEven)?)
    }

    /// The values converted to `dtype` (a column type, or [`Dtype::Category`]: the sorted
    /// distinct values as categories, as pandas' `astype("category")`).
    ///
    /// ```
    /// use ferrodf::{Series, dtype::Dtype};
    /// let s = Series::new("city", vec!["Oslo", "Rome", "Oslo"]).astype(Dtype::Category).unwrap();
    /// assert_eq!(ferrodf::dtype_name(s.dtype()), "category");
    /// let back = s.astype(ferrodf::core::DataType::from(ferrodf::core::TypeId::String)).unwrap();
    /// assert_eq!(back.to_string(), Series::new("city", vec!["Oslo", "Rome", "Oslo"]).to_string());
    /// ```
    pub fn astype(&self, dtype: impl Into<Dtype>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        match dtype.into() {
            Dtype::Type(t) if t == self.dtype() => Ok(self.clone()),
            // a categorical as another type: its values (pandas' `astype(str)` of categories)
            Dtype::Type(t) if crate::categorical::is_categorical(self.column()) => {
                let values = self.with_column(crate::index::decoded(self.column())?)?;
                values.astype(Dtype::Type(t))
            }
            Dtype::Type(t) => match super::convert::convert(self.column(), t)? {
                Some(converted) => self.with_column(converted),
                None => self.with_column(cast(self.column(), t)?),
            },
            Dtype::Category => self.with_column(crate::categorical::encode(self.column())?),
        }
    }

    /// [`astype`](Self::astype) with pandas' dtype name (`"int32"`, `"float64"`, `"str"`,
    /// `"datetime64[ms]"`, ...).
    ///
    /// ```
    /// use ferrodf::Series;
    /// let s = Series::new("x", [1i64, 2]).astype_named("float32").unwrap();
    /// assert_eq!(ferrodf::dtype_name(s.dtype()), "float32");
    /// assert!(Series::new("x", [1i64]).astype_named("complex128").is_err());
    /// ```
    pub fn astype_named(&self, dtype: &str) -> Result<Series> {
        self.astype(Dtype::parse(dtype)?)
    }

    /// A row condition: a boolean Series of the same length, missing counting as false.
    fn condition(&self, cond: &Series) -> Result<Column> {
        if cond.len() != self.len() {
            return Err(Error::value(format!(
                "the condition has {} rows, the Series {}",
                cond.len(),
                self.len()
            )));
        }
        if cond.dtype().id() != TypeId::Bool8 {
            return Err(Error::type_err(format!(
                "a condition must be boolean, got {}",
                crate::dtype_name(cond.dtype())
            )));
        }
        let mask = cond.column();
        if mask.null_count()? == 0 {
            return Ok(mask.clone());
        }
        replace_nulls(
            mask,
            Replacement::Scalar(&Scalar::from_column(vec![false].into_column())?),
        )
    }

    /// The replacement values: a same-length Series or column, or one value.
    fn replacement(&self, other: Other) -> Result<Either> {
        Ok(match other {
            Other::Series(s) => Either::Column(self.matching(s.column().clone())?),
            Other::Column(c) => Either::Column(self.matching(c)?),
            Other::Value(v) => Either::Scalar(fill_scalar(&v, self.dtype())?),
        })
    }

    fn matching(&self, c: Column) -> Result<Column> {
        if c.size() != self.len() {
            return Err(Error::value(format!(
                "the other values have {} rows, the Series {}",
                c.size(),
                self.len()
            )));
        }
        if c.dtype() == self.dtype() {
            Ok(c)
        } else {
            cast(&c, self.dtype())
        }
    }

    /// The values where `cond` holds, `other` elsewhere (pandas' `where`; `Value::Null`
    /// for missing).
    ///
    /// ```
    /// use ferrodf::Series;
    /// use ferrodf::compute::Value;
    /// let s = Series::new("x", [1i64, 5, 9]);
    /// let small = s.keep_where(&s.lt(6).unwrap(), Value::Null).unwrap();
    /// assert_eq!(small.column().null_count().unwrap(), 1);
    /// ```
    pub fn keep_where(&self, cond: &Series, other: impl Into<Other>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let mask = self.condition(cond)?;
        let out = match self.replacement(other.into())? {
            Either::Column(c) => {
                copy_if_else(Side::Column(self.column()), Side::Column(&c), &mask)?
            }
            Either::Scalar(s) => {
                copy_if_else(Side::Column(self.column()), Side::Scalar(&s), &mask)?
            }
        };
        self.with_column(out)
    }

    /// `other` where `cond` holds, the values elsewhere (pandas' `mask`).
    pub fn mask(&self, cond: &Series, other: impl Into<Other>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let mask = self.condition(cond)?;
        let out = match self.replacement(other.into())? {
            Either::Column(c) => {
                copy_if_else(Side::Column(&c), Side::Column(self.column()), &mask)?
            }
            Either::Scalar(s) => {
                copy_if_else(Side::Scalar(&s), Side::Column(self.column()), &mask)?
            }
        };
        self.with_column(out)
    }

    /// The `n` largest values, largest first (ties in order of appearance).
    pub fn nlargest(&self, n: usize) -> Result<Series> {
        self.sort_values(false, false, None)?.head(n as i64)
    }

    /// The `n` smallest values, smallest first.
    pub fn nsmallest(&self, n: usize) -> Result<Series> {
        self.sort_values(true, false, None)?.head(n as i64)
    }

    /// A one-column frame with the same index; the column is labelled `name`, else the
    /// Series' name, else `0` (as pandas).
    pub fn to_frame(&self, name: Option<Label>) -> Result<DataFrame> {
        let label = name.unwrap_or_else(|| match self.name() {
            Label::None => Label::Int(0),
            n => n.clone(),
        });
        let multiindex = label.is_tuple();
        DataFrame::new(
            ColumnAccessor::from_pairs(vec![(label, self.column().clone())], multiindex)?,
            Some(self.index().clone()),
        )
    }

    /// The index levels as leading columns and the values as the last (pandas'
    /// `reset_index()`), over a RangeIndex.
    pub fn reset_index(&self) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.to_frame(None)?.reset_index(false)
    }

    /// The same values over a RangeIndex (pandas' `reset_index(drop=True)`).
    pub fn drop_index(&self) -> Result<Series> {
        self.with_index(Index::default_for(self.len()))
    }

    /// A copy with its own buffers (pandas' `copy(deep=True)`).
    pub fn deep_copy(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.with_column(self.column().deep_copy()?)
    }

    /// count, mean, std, min, quartiles and max of a numeric Series, as float64 values
    /// indexed by those names (pandas' `describe()`).
    ///
    /// ```
    /// use ferrodf::Series;
    /// let d = Series::new("x", [1.0, 2.0, 3.0, 4.0]).describe().unwrap();
    /// assert_eq!(d.column().host_values::<f64>().unwrap()[5], 2.5); // the median
    /// ```
    pub fn describe(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let id = self.dtype().id();
        if !(id.is_numeric() || id.is_decimal()) || id == TypeId::Bool8 {
            return Err(Error::not_implemented(format!(
                "describe of {} values: ferrodf describes numeric columns; use \
                 value_counts() or .to_pandas().describe()",
                crate::dtype_name(self.dtype())
            )));
        }
        let stats = [
            ("count", Reduction::Count),
            ("mean", Reduction::Mean),
            ("std", Reduction::Std),
            ("min", Reduction::Min),
            ("25%", Reduction::Quantile(0.25)),
            ("50%", Reduction::Quantile(0.5)),
            ("75%", Reduction::Quantile(0.75)),
            ("max", Reduction::Max),
        ];
        let mut values = Vec::with_capacity(stats.len());
        for (_, how) in &stats {
            let scalar = self.reduce(*how, ReduceOptions::default())?;
            values.push(cast(scalar.as_column(), TypeId::Float64.into())?);
        }
        let names: Vec<&str> = stats.iter().map(|(n, _)| *n).collect();
        let index = Index::from_column(names.into_column(), None);
        Series::from_column(concatenate(&values)?, Some(index), self.name().clone())
    }
}

enum Either {
    Column(Column),
    Scalar(Scalar),
}

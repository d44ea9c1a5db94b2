//! Column-by-column frame methods: every column through the same Series rule (`isna`,
//! `fillna`, `clip`, `round`, `astype`, `where`/`mask`, cumulative ops, `describe`), and
//! row flags over all columns (`duplicated`), `nlargest`, `info`.

use ferrodf_core::ops::copying::{OutOfBoundsPolicy, Source, scatter};
use ferrodf_core::ops::stream_compaction::{DuplicateKeepOption, distinct_indices};
use ferrodf_core::{Column, Error, Result, Scalar, Table, TypeId};

use crate::DataFrame;
use crate::compute::{ScanOp, Value};
use crate::dtype::Dtype;
use crate::index::Index;
use crate::label::Label;
use crate::reshape::gather_column;
use crate::series::{IntoColumn, Other, Series};
use crate::sort::SortOptions;

impl DataFrame {
    /// Each column replaced by `f` of it (same labels, same index): the frame form of
    /// every element-wise Series method.
    ///
    /// ```
    /// use ferrodf::df;
    /// let df = df!("a" => [1.25, 2.5], "b" => [3.5, 4.5]).unwrap();
    /// let r = df.map_columns(|s| s.round(0)).unwrap();
    /// assert_eq!(r.column(&"a".into()).unwrap().column().host_values::<f64>().unwrap().to_vec(), vec![1.0, 2.0]);
    /// ```
    pub fn map_columns(&self, f: impl Fn(&Series) -> Result<Series>) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let columns = self
            .data()
            .iter()
            .map(|(label, column)| {
                let s =
                    Series::from_column(column.clone(), Some(self.index().clone()), label.clone())?;
                Ok(f(&s)?.column().clone())
            })
            .collect::<Result<Vec<_>>>()?;
        self.with_data(self.data().with_columns(columns)?)
    }

    /// Whether each value is missing.
    pub fn isna(&self) -> Result<DataFrame> {
        self.map_columns(Series::isna)
    }

    /// Whether each value is present.
    pub fn notna(&self) -> Result<DataFrame> {
        self.map_columns(Series::notna)
    }

    /// Missing values replaced by `value` in every column.
    pub fn fillna(&self, value: impl Into<Value>) -> Result<DataFrame> {
        let value = value.into();
        self.map_columns(|s| s.fillna(value.clone()))
    }

    /// Missing values replaced per column (pandas' `fillna({"a": 0, ...})`); columns not
    /// named keep theirs.
    pub fn fillna_columns(&self, values: &[(Label, Value)]) -> Result<DataFrame> {
        self.map_columns(|s| match values.iter().find(|(l, _)| l == s.name()) {
            Some((_, v)) => s.fillna(v.clone()),
            None => Ok(s.clone()),
        })
    }

    /// Values limited to `[lower, upper]` in every column.
    pub fn clip(&self, lower: impl Into<Value>, upper: impl Into<Value>) -> Result<DataFrame> {
        let (lower, upper) = (lower.into(), upper.into());
        self.map_columns(|s| s.clip(lower.clone(), upper.clone()))
    }

    /// Float and decimal columns rounded to `decimals` places (half to even); other
    /// columns as they are, as pandas.
    pub fn round(&self, decimals: i32) -> Result<DataFrame> {
        self.map_columns(|s| {
            let id = s.dtype().id();
            if matches!(id, TypeId::Float32 | TypeId::Float64) || id.is_decimal() {
                s.round(decimals)
            } else {
                Ok(s.clone())
            }
        })
    }

    /// Every column converted to `dtype` (see [`Series::astype`]).
    pub fn astype(&self, dtype: impl Into<Dtype>) -> Result<DataFrame> {
        let dtype = dtype.into();
        self.map_columns(|s| s.astype(dtype))
    }

    /// The columns named in `dtypes` converted (pandas' `astype({"a": "int32"})`); a
    /// label that is not a column raises KeyError, as pandas.
    pub fn astype_columns(&self, dtypes: &[(Label, Dtype)]) -> Result<DataFrame> {
        if let Some((missing, _)) = dtypes.iter().find(|(l, _)| !self.data().contains(l)) {
            return Err(Error::Key(format!(
                "Only a column name can be used for the key in a dtype mappings argument. \
                 '{missing}' not found in columns."
            )));
        }
        self.map_columns(|s| match dtypes.iter().find(|(l, _)| l == s.name()) {
            Some((_, t)) => s.astype(*t),
            None => Ok(s.clone()),
        })
    }

    /// The condition for column `label`: one Series for every column, or the same-labelled
    /// column of a boolean frame.
    fn condition_for(cond: &Condition<'_>, label: &Label) -> Result<Series> {
        match cond {
            Condition::Rows(s) => Ok((*s).clone()),
            Condition::Frame(f) => f.column(label),
        }
    }

    /// Each column through the Series method `f` (`where` or `mask`) with its part of
    /// `cond` and `other`.
    fn map_condition(
        &self,
        cond: Condition<'_>,
        other: Value,
        f: impl Fn(&Series, &Series, Other) -> Result<Series>,
    ) -> Result<DataFrame> {
        self.map_columns(|s| {
            let cond = Self::condition_for(&cond, s.name())?;
            f(s, &cond, Other::Value(other.clone()))
        })
    }

    /// The values where `cond` holds, `other` elsewhere (pandas' `where`).
    pub fn keep_where(&self, cond: Condition<'_>, other: impl Into<Value>) -> Result<DataFrame> {
        self.map_condition(cond, other.into(), |s, c, o| s.keep_where(c, o))
    }

    /// `other` where `cond` holds, the values elsewhere (pandas' `mask`).
    pub fn mask(&self, cond: Condition<'_>, other: impl Into<Value>) -> Result<DataFrame> {
        self.map_condition(cond, other.into(), |s, c, o| s.mask(c, o))
    }

    /// A cumulative operation down every column.
    pub fn cumulative(&self, how: ScanOp) -> Result<DataFrame> {
        self.map_columns(|s| s.cumulative(how))
    }

    /// A copy with its own buffers (pandas' `copy(deep=True)`).
    pub fn deep_copy(&self) -> Result<DataFrame> {
        self.map_columns(Series::deep_copy)
    }

    /// Whether each row repeats an earlier one (`keep` first), a later one (last), or any
    /// other (none), over the columns `subset` (all when empty).
    ///
    /// ```
    /// use ferrodf::df;
    /// use ferrodf::core::ops::stream_compaction::DuplicateKeepOption;
    /// let df = df!("a" => [1i64, 2, 1]).unwrap();
    /// let d = df.duplicated(&[], DuplicateKeepOption::KeepFirst).unwrap();
    /// assert_eq!(d.to_string(), "0    False\n1    False\n2     True\ndtype: bool");
    /// ```
    pub fn duplicated(&self, subset: &[Label], keep: DuplicateKeepOption) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let n = self.num_rows();
        let keys = self.key_columns(subset)?;
        let flags = repeated(vec![true].into_column(), n)?;
        if keys.is_empty() || n == 0 {
            return Series::from_column(flags, Some(self.index().clone()), Label::None);
        }
        let kept = distinct_indices(&Table::new(keys)?, keep, true, true)?;
        let falses = Table::new(vec![repeated(vec![false].into_column(), kept.size())?])?;
        let out = scatter(Source::Table(&falses), &kept, &Table::new(vec![flags])?)?;
        Series::from_column(
            out.into_columns().remove(0),
            Some(self.index().clone()),
            Label::None,
        )
    }

    /// The `n` rows with the largest values of `columns` (in order), largest first.
    pub fn nlargest<L: Into<Label>>(
        &self,
        n: usize,
        columns: impl IntoIterator<Item = L>,
    ) -> Result<DataFrame> {
        self.sort_values(&SortOptions::by(columns).descending())?
            .head(n as i64)
    }

    /// The `n` rows with the smallest values of `columns`, smallest first.
    pub fn nsmallest<L: Into<Label>>(
        &self,
        n: usize,
        columns: impl IntoIterator<Item = L>,
    ) -> Result<DataFrame> {
        self.sort_values(&SortOptions::by(columns))?.head(n as i64)
    }

    /// count, mean, std, min, quartiles and max of each numeric column (pandas'
    /// `describe()`), a frame indexed by those names.
    pub fn describe(&self) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let mut pairs = Vec::new();
        let mut index: Option<Index> = None;
        for (label, column) in self.data().iter() {
            let id = column.dtype().id();
            if !(id.is_numeric() || id.is_decimal()) || id == TypeId::Bool8 {
                continue;
            }
            let s = Series::from_column(column.clone(), None, label.clone())?.describe()?;
            index.get_or_insert_with(|| s.index().clone());
            pairs.push((label.clone(), s.column().clone()));
        }
        if pairs.is_empty() {
            return Err(Error::value(
                "describe needs at least one numeric column".to_string(),
            ));
        }
        let multiindex = pairs.iter().any(|(l, _)| l.is_tuple());
        DataFrame::new(crate::ColumnAccessor::from_pairs(pairs, multiindex)?, index)
    }

    /// Each column's dtype name (pandas' `df.dtypes`, with the names [`dtype_name`]
    /// gives): a string Series indexed by the column labels.
    ///
    /// [`dtype_name`]: crate::dtype_name
    ///
    /// ```
    /// use ferrodf::df;
    /// let df = df!("a" => [1i64, 2], "b" => [0.5f64, 1.5]).unwrap();
    /// let t = df.dtypes().unwrap();
    /// assert_eq!(t.len(), 2);
    /// ```
    pub fn dtypes(&self) -> Result<Series> {
        let names: Vec<String> = self
            .data()
            .columns()
            .iter()
            .map(|c| crate::dtype_name(c.dtype()))
            .collect();
        let index = crate::lookup::labels_index(self.data().names(), self.data().level_names())?;
        Series::from_column(names.into_column(), Some(index), Label::None)
    }

    /// The column labels as an [`Index`] (pandas' `df.columns`): a MultiIndex for tuple
    /// labels, with the level names. Labels of mixed types (strings next to numbers) have
    /// no single index type here (TypeError).
    ///
    /// ```
    /// use ferrodf::df;
    /// let df = df!("a" => [1i64], "b" => [2i64]).unwrap();
    /// assert_eq!(df.columns_index().unwrap().len(), 2);
    /// ```
    pub fn columns_index(&self) -> Result<Index> {
        crate::lookup::typed_labels_index(self.data().names(), self.data().level_names())
    }

    /// The number of values (rows times columns).
    pub fn size(&self) -> usize {
        let (rows, columns) = self.shape();
        rows * columns
    }

    /// Whether the frame has no values (no rows or no columns).
    pub fn is_empty(&self) -> bool {
        self.size() == 0
    }

    /// pandas' `info()` text: the index, each column's label, non-null count and dtype,
    /// and the memory used.
    pub fn info(&self) -> Result<String> {
        let _operation = ferrodf_core::memory::enter_operation();
        let kind = match self.index() {
            Index::Range { .. } => "RangeIndex",
            Index::Multi { .. } => "MultiIndex",
            Index::Column { .. } => "Index",
        };
        let labels: Vec<String> = self
            .data()
            .names()
            .iter()
            .map(Label::to_plain_string)
            .collect();
        let width = labels.iter().map(String::len).max().unwrap_or(0).max(6);
        let mut out = format!(
            "<class 'ferrodf.DataFrame'>\n{kind}: {} entries\nData columns (total {} columns):\n",
            self.num_rows(),
            labels.len()
        );
        out.push_str(&format!(
            " #   {:<width$}  Non-Null Count  Dtype\n",
            "Column"
        ));
        for (i, (label, column)) in labels.iter().zip(self.data().columns()).enumerate() {
            let valid = column.size() - column.null_count()?;
            out.push_str(&format!(
                " {i:<3} {label:<width$}  {valid:>8} non-null  {}\n",
                crate::dtype_name(column.dtype())
            ));
        }
        out.push_str(&format!("memory usage: {} bytes\n", self.memory_usage()));
        Ok(out)
    }
}

/// The condition of a frame's `where`/`mask`: one boolean Series for every column (row
/// by row), or a boolean frame with the same column labels.
#[derive(Clone, Copy, Debug)]
pub enum Condition<'a> {
    Rows(&'a Series),
    Frame(&'a DataFrame),
}

/// The one-row `value` repeated `n` times (a gather of row 0, so it runs where the data is).
fn repeated(value: Column, n: usize) -> Result<Column> {
    let zero = Scalar::from_native(0i32);
    let map = ferrodf_core::ops::filling::sequence(n, &zero, &zero)?;
    gather_column(value, &map, OutOfBoundsPolicy::DontCheck)
}

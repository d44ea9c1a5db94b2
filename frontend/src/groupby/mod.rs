//! `df.groupby(...)`: rows grouped by key columns or index levels, then aggregated
//! (`agg`, `sum`, `size`, ...), scanned (`cumsum`, `cumcount`), transformed or cut
//! (`head`, `tail`), with pandas' options (`sort`, `dropna`, `as_index`) as builder
//! methods.
//!
//! ```
//! use ferrodf::{df, AggSpec};
//! let sales = df!(
//!     "city" => ["Oslo", "Rome", "Oslo"],
//!     "revenue" => [10.0, 20.0, 30.0],
//! ).unwrap();
//! // sales.groupby("city").agg(total=("revenue", "sum"))
//! let totals = sales
//!     .groupby(["city"]).unwrap()
//!     .agg(AggSpec::named([("total", "revenue", "sum")])).unwrap();
//! assert_eq!(totals.shape(), (2, 1));
//! // sales.groupby("city")["revenue"].mean()
//! let mean = sales.groupby(["city"]).unwrap().column("revenue").unwrap().mean().unwrap();
//! assert_eq!(mean.to_string(), "city\nOslo    20.0\nRome    20.0\nName: revenue, dtype: float64");
//! ```

pub mod aggregate;
mod groups;
mod scan;
mod spec;

pub use spec::{AggSpec, Funcs};

use ferrodf_core::ops::unary::is_valid;
use ferrodf_core::{Error, Result, TypeId};

use crate::column_accessor::LabelKey;
use crate::compute::BinaryOp;
use crate::dataframe::{DataFrame, Selected};
use crate::label::Label;
use crate::reindex::Level;
use crate::rows::RowSelection;
use crate::series::Series;

/// Rows of a frame grouped by keys, waiting for an aggregation.
#[derive(Clone, Debug)]
pub struct GroupBy {
    /// The frame as the user gave it.
    source: DataFrame,
    /// `source` with any grouped index levels added as key columns.
    keyed: DataFrame,
    by: Vec<Label>,
    /// What the result calls the keys (the level names when grouping by levels).
    key_names: Vec<Label>,
    sort: bool,
    dropna: bool,
    as_index: bool,
    ddof: i32,
    selection: Option<Vec<Label>>,
}

/// One column of a [`GroupBy`]: its aggregations are Series.
#[derive(Clone, Debug)]
pub struct SeriesGroupBy {
    grouped: GroupBy,
    column: Label,
    /// The name of the results (the column's label, or the grouped Series' name).
    name: Label,
}

/// `groupby(...)[key]`: one column gives a [`SeriesGroupBy`], a list a [`GroupBy`].
#[derive(Clone, Debug)]
pub enum GroupBySelection {
    Frame(GroupBy),
    Series(SeriesGroupBy),
}

impl DataFrame {
    /// Groups the rows by the columns `by` (pandas' `groupby(by)`): groups sorted by key,
    /// rows with a null key dropped, keys as the result's index (change with
    /// [`GroupBy::sort`], [`GroupBy::dropna`], [`GroupBy::as_index`]).
    pub fn groupby<L: Into<Label>>(&self, by: impl IntoIterator<Item = L>) -> Result<GroupBy> {
        let _operation = ferrodf_core::memory::enter_operation();
        let by: Vec<Label> = by.into_iter().map(Into::into).collect();
        if by.is_empty() {
            return Err(Error::value(
                "no group keys passed: give by= or level=".to_string(),
            ));
        }
        let missing: Vec<String> = by
            .iter()
            .filter(|b| !self.data().contains(b))
            .map(Label::to_string)
            .collect();
        if !missing.is_empty() {
            return Err(Error::Key(format!(
                "groupby keys [{}] are not columns of the frame",
                missing.join(", ")
            )));
        }
        self.check_unambiguous(&by)?;
        Ok(GroupBy {
            source: self.clone(),
            keyed: self.clone(),
            key_names: by.clone(),
            by,
            sort: true,
            dropna: true,
            as_index: true,
            ddof: 1,
            selection: None,
        })
    }

    /// Groups the rows by index levels (pandas' `groupby(level=...)`), by position or name.
    ///
    /// ```
    /// use ferrodf::df;
    /// let df = df!("k" => ["a", "b", "a"], "v" => [1i64, 2, 3]).unwrap();
    /// let by_level = df.set_index(["k"], true).unwrap().groupby_levels([0]).unwrap();
    /// assert_eq!(by_level.sum().unwrap().index().names(), vec!["k".into()]);
    /// ```
    pub fn groupby_levels<L: Into<Level>>(
        &self,
        levels: impl IntoIterator<Item = L>,
    ) -> Result<GroupBy> {
        let _operation = ferrodf_core::memory::enter_operation();
        let levels: Vec<Level> = levels.into_iter().map(Into::into).collect();
        let positions = self.level_positions(&levels)?;
        let columns = self.index().level_columns()?;
        let names = self.index().names();
        let mut keyed = self.clone();
        let mut by = Vec::new();
        for (i, &p) in positions.iter().enumerate() {
            let label = Label::Str(format!("__ferrodf_level_{i}"));
            keyed.insert(i, label.clone(), columns[p].clone())?;
            by.push(label);
        }
        let key_names = positions.iter().map(|&p| names[p].clone()).collect();
        let mut grouped = keyed.groupby(by)?;
        grouped.source = self.clone();
        grouped.key_names = key_names;
        Ok(grouped)
    }
}

/// The label under which a grouped Series' values sit in the frame that groups them
/// (results are named after the Series, not after this label).
const SERIES_VALUES: &str = "__ferrodf_values__";

impl Series {
    /// pandas' `s.groupby(keys)` with key Series: each key aligned on this Series' labels
    /// (as pandas aligns them; a label a key lacks is a missing key), the groups named
    /// after the key Series, the results after this Series (`None` stays unnamed).
    ///
    /// ```
    /// use ferrodf::Series;
    /// let s = Series::new("v", vec![1i64, 2, 3]);
    /// let k = Series::new("k", vec!["x", "y", "x"]);
    /// let sums = s.groupby_keys(&[k]).unwrap().sort(false).sum().unwrap();
    /// assert_eq!((sums.len(), sums.name().clone()), (2, "v".into()));
    /// ```
    pub fn groupby_keys(&self, keys: &[Series]) -> Result<SeriesGroupBy> {
        let _operation = ferrodf_core::memory::enter_operation();
        let mut keyed = self.to_frame(Some(Label::from(SERIES_VALUES)))?;
        let mut by = Vec::with_capacity(keys.len());
        for (i, key) in keys.iter().enumerate() {
            let label = Label::Str(format!("__ferrodf_key_{i}"));
            keyed.insert(
                i,
                label.clone(),
                key.reindex(self.index())?.column().clone(),
            )?;
            by.push(label);
        }
        let names = keys.iter().map(|k| k.name().clone()).collect();
        Ok(keyed
            .groupby(by)?
            .with_key_names(names)?
            .column(SERIES_VALUES)?
            .named(self.name().clone()))
    }

    /// pandas' `s.groupby(level=...)`: the values grouped by index levels (positions or
    /// names), the results named after this Series.
    ///
    /// ```
    /// use ferrodf::{Index, Series};
    /// let s = Series::new(ferrodf::Label::None, vec![1i64, 2, 3])
    ///     .with_index(Index::from_column(ferrodf::core::Column::from_values(vec![7i64, 8, 7]), None))
    ///     .unwrap();
    /// let sums = s.groupby_levels([0]).unwrap().sum().unwrap();
    /// assert_eq!((sums.len(), sums.name().clone()), (2, ferrodf::Label::None));
    /// ```
    pub fn groupby_levels<L: Into<Level>>(
        &self,
        levels: impl IntoIterator<Item = L>,
    ) -> Result<SeriesGroupBy> {
        let _operation = ferrodf_core::memory::enter_operation();
        Ok(self
            .to_frame(Some(Label::from(SERIES_VALUES)))?
            .groupby_levels(levels)?
            .column(SERIES_VALUES)?
            .named(self.name().clone()))
    }
}

/// Aggregation methods named after pandas' (`gb.sum()` is `gb.agg("sum")`).
macro_rules! named_aggregations {
    ($out:ty; $($name:ident),*) => {$(
        #[doc = concat!("The ", stringify!($name), " of each group.")]
        pub fn $name(&self) -> Result<$out> {
            self.agg(stringify!($name))
        }
    )*};
}

impl GroupBy {
    /// Whether groups come sorted by key (default true; else in order of appearance).
    pub fn sort(mut self, sort: bool) -> Self {
        self.sort = sort;
        self
    }

    /// Whether rows with a null key are dropped (default true) or form a group.
    pub fn dropna(mut self, dropna: bool) -> Self {
        self.dropna = dropna;
        self
    }

    /// Whether the keys become the result's index (default true) or leading columns.
    pub fn as_index(mut self, as_index: bool) -> Self {
        self.as_index = as_index;
        self
    }

    /// The delta degrees of freedom of `std` and `var` in [`agg`](Self::agg) (default 1).
    pub fn ddof(mut self, ddof: i32) -> Self {
        self.ddof = ddof;
        self
    }

    /// pandas' `observed`: ferrodf keeps only the categories that occur in the data
    /// (pandas 3's default, `true`); `false` raises NotImplementedError when a key is
    /// categorical and changes nothing otherwise.
    pub fn observed(self, observed: bool) -> Result<Self> {
        if !observed {
            let categorical: Vec<String> = self
                .by
                .iter()
                .zip(&self.key_names)
                .filter(|(b, _)| {
                    self.keyed
                        .data()
                        .get(b)
                        .is_ok_and(|c| c.dtype().id() == TypeId::Dictionary32)
                })
                .map(|(_, name)| name.to_string())
                .collect();
            if !categorical.is_empty() {
                return Err(Error::not_implemented(format!(
                    "groupby(observed=False) on the categorical keys [{}]: ferrodf keeps only \
                     the categories that occur (observed=True, pandas 3's default)",
                    categorical.join(", ")
                )));
            }
        }
        Ok(self)
    }

    /// The names the result gives its keys, one per key (pandas names a key Series' groups
    /// after the Series, `None` when it has no name). ValueError for another count.
    pub fn with_key_names(mut self, names: Vec<Label>) -> Result<Self> {
        if names.len() != self.by.len() {
            return Err(Error::value(format!(
                "{} key names for {} keys",
                names.len(),
                self.by.len()
            )));
        }
        self.key_names = names;
        Ok(self)
    }

    /// The key labels.
    pub fn keys(&self) -> &[Label] {
        &self.key_names
    }

    /// Whether the keys become the index.
    pub fn keys_as_index(&self) -> bool {
        self.as_index
    }

    fn value_columns(&self) -> Vec<Label> {
        match &self.selection {
            Some(selected) => selected.clone(),
            None => self
                .source
                .data()
                .names()
                .iter()
                .filter(|n| !self.by.contains(n))
                .cloned()
                .collect(),
        }
    }

    fn check_columns(&self, labels: &[Label]) -> Result<()> {
        let missing: Vec<String> = labels
            .iter()
            .filter(|l| !self.source.data().contains(l))
            .map(Label::to_string)
            .collect();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(Error::Key(format!(
                "Columns not found: {}",
                missing.join(", ")
            )))
        }
    }

    /// One column's groups (pandas' `gb["col"]`).
    pub fn column(&self, label: impl Into<Label>) -> Result<SeriesGroupBy> {
        let column = label.into();
        self.check_columns(std::slice::from_ref(&column))?;
        let mut grouped = self.clone();
        grouped.selection = Some(vec![column.clone()]);
        Ok(SeriesGroupBy {
            grouped,
            name: column.clone(),
            column,
        })
    }

    /// Some columns' groups (pandas' `gb[["a", "b"]]`).
    pub fn select<L: Into<Label>>(&self, labels: impl IntoIterator<Item = L>) -> Result<GroupBy> {
        let labels: Vec<Label> = labels.into_iter().map(Into::into).collect();
        self.check_columns(&labels)?;
        let mut grouped = self.clone();
        grouped.selection = Some(labels);
        Ok(grouped)
    }

    /// pandas' `numeric_only=True`: the groups of the numeric value columns only (numbers,
    /// booleans and decimals), which is what pandas aggregates then.
    ///
    /// ```
    /// use ferrodf::df;
    /// let df = df!("k" => [1i64, 1, 2], "x" => [1.5f64, 2.0, 3.0], "s" => ["a", "b", "c"]).unwrap();
    /// let sums = df.groupby(["k"]).unwrap().numeric_only().unwrap().agg("sum").unwrap();
    /// assert_eq!(sums.shape(), (2, 1)); // "s" left out
    /// ```
    pub fn numeric_only(&self) -> Result<GroupBy> {
        let numeric: Vec<Label> = self
            .value_columns()
            .into_iter()
            .filter(|label| {
                self.source
                    .data()
                    .get(label)
                    .is_ok_and(|c| is_numeric_type(c.dtype().id()))
            })
            .collect();
        let mut grouped = self.clone();
        grouped.selection = Some(numeric);
        Ok(grouped)
    }

    /// pandas' `gb[key]`: a label gives its column's groups, a list a frame of groups.
    pub fn get(&self, key: &LabelKey) -> Result<GroupBySelection> {
        match key {
            LabelKey::Label(label) => Ok(GroupBySelection::Series(self.column(label.clone())?)),
            LabelKey::List(labels) => Ok(GroupBySelection::Frame(self.select(labels.clone())?)),
            _ => Err(Error::type_err(
                "select groupby columns with a label or a list of labels".to_string(),
            )),
        }
    }

    /// Aggregates each group (pandas' `agg`): see [`AggSpec`] for the four spellings.
    pub fn agg(&self, spec: impl Into<AggSpec>) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let spec = spec.into();
        if spec.as_one() == Some("size") {
            return self.size_frame();
        }
        let requests = spec.requests(&self.value_columns(), false)?;
        self.run(&requests)
    }

    /// pandas' `agg` with its return type: a Series for `"size"` with keys as index, else
    /// a frame (what the Python binding calls).
    pub fn aggregate(&self, spec: impl Into<AggSpec>) -> Result<Selected> {
        let spec = spec.into();
        if spec.as_one() == Some("size") && self.as_index {
            return Ok(Selected::Series(self.size()?));
        }
        Ok(Selected::Frame(self.agg(spec)?))
    }

    fn run(&self, requests: &[aggregate::AggRequest]) -> Result<DataFrame> {
        let out = self.keyed.groupby_agg(
            &self.by,
            requests,
            self.sort,
            self.dropna,
            self.as_index,
            self.ddof,
        )?;
        self.name_keys(out)
    }

    /// The result with the keys under their user-facing names (index levels grouped by).
    fn name_keys(&self, out: DataFrame) -> Result<DataFrame> {
        if self.key_names == self.by {
            return Ok(out);
        }
        if self.as_index {
            let index = out.index().with_names(self.key_names.clone())?;
            return out.with_index(index);
        }
        // as columns, unnamed levels are called as reset_index calls them
        let single = self.key_names.len() == 1;
        let names: Vec<Label> = self
            .key_names
            .iter()
            .enumerate()
            .map(|(i, name)| match name {
                Label::None if single => Label::from("index"),
                Label::None => Label::Str(format!("level_{i}")),
                name => name.clone(),
            })
            .collect();
        let by = self.by.clone();
        out.rename_columns(
            &move |l: &Label| match by.iter().position(|b| b == l) {
                Some(i) => names[i].clone(),
                None => l.clone(),
            },
            None,
        )
    }

    /// The number of rows of each group (null values included), indexed by key.
    pub fn size(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let out = self.keyed.groupby_agg(
            &self.by,
            &[aggregate::AggRequest {
                column: self.by[0].clone(),
                how: "size".to_string(),
                output: Label::None,
            }],
            self.sort,
            self.dropna,
            true,
            1,
        )?;
        let index = out.index().with_names(self.key_names.clone())?;
        Series::from_column(out.data().columns()[0].clone(), Some(index), Label::None)
    }

    fn size_frame(&self) -> Result<DataFrame> {
        self.run(&[aggregate::AggRequest {
            column: self.by[0].clone(),
            how: "size".to_string(),
            output: Label::from("size"),
        }])
    }

    named_aggregations!(DataFrame; sum, prod, min, max, mean, median, count, nunique, first, last, any, all);

    /// The standard deviation of each group with `ddof` delta degrees of freedom.
    pub fn std(&self, ddof: i32) -> Result<DataFrame> {
        self.clone().ddof(ddof).agg("std")
    }

    /// The variance of each group with `ddof` delta degrees of freedom.
    pub fn var(&self, ddof: i32) -> Result<DataFrame> {
        self.clone().ddof(ddof).agg("var")
    }

    /// A running aggregation within each group by name (`"cumsum"`, `"cumprod"`,
    /// `"cummin"`, `"cummax"`), row by row in the frame's order.
    pub fn scan(&self, how: &str) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let out = self
            .keyed
            .groupby_scan(&self.by, &self.value_columns(), how, self.dropna)?;
        out.with_index(self.source.index().clone())
    }

    /// The running sum within each group, row by row in the frame's order.
    pub fn cumsum(&self) -> Result<DataFrame> {
        self.scan("cumsum")
    }

    /// The running product within each group.
    pub fn cumprod(&self) -> Result<DataFrame> {
        self.scan("cumprod")
    }

    /// The running minimum within each group.
    pub fn cummin(&self) -> Result<DataFrame> {
        self.scan("cummin")
    }

    /// The running maximum within each group.
    pub fn cummax(&self) -> Result<DataFrame> {
        self.scan("cummax")
    }

    /// Each row's position within its group (from 0), in the frame's row order.
    pub fn cumcount(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let out = self
            .keyed
            .groupby_scan(&self.by, &[], "cumcount", self.dropna)?;
        Series::from_column(
            out.data().columns()[0].clone(),
            Some(self.source.index().clone()),
            Label::None,
        )
    }

    /// Each row's group aggregate (`how` an aggregation name), in the frame's row order.
    pub fn transform(&self, how: &str) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let out = self.keyed.groupby_transform(
            &self.by,
            &self.value_columns(),
            how,
            self.dropna,
            self.ddof,
        )?;
        out.with_index(self.source.index().clone())
    }

    /// The rows `head(n)` (or `tail(n)`) keeps, in the frame's order; a negative `n`
    /// keeps all but the last (head) or first (tail) `|n|` rows of each group, as pandas.
    fn rows_by_position(&self, tail: bool, n: i64) -> Result<DataFrame> {
        let position = self.cumcount()?;
        let keep = if tail == (n < 0) {
            // counted from the start of each group
            if n >= 0 {
                position.lt(n)?
            } else {
                position.ge(-n)?
            }
        } else {
            // counted from the end: the group's size - 1 - position
            let size = self.keyed.groupby_transform(
                &self.by,
                &[self.by[0].clone()],
                "size",
                self.dropna,
                1,
            )?;
            let size = Series::from_column(size.data().columns()[0].clone(), None, Label::None)?;
            let from_end = size
                .binary(BinaryOp::Sub, position.column().clone())?
                .binary(BinaryOp::Sub, 1i64)?;
            if n >= 0 {
                from_end.lt(n)?
            } else {
                from_end.ge(-n)?
            }
        };
        let mask = fill_false(keep.column())?;
        self.source.select_rows(&RowSelection::Mask(mask))
    }

    /// The first `n` rows of each group, in the frame's order.
    pub fn head(&self, n: i64) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.rows_by_position(false, n)
    }

    /// The last `n` rows of each group, in the frame's order.
    pub fn tail(&self, n: i64) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.rows_by_position(true, n)
    }
}

/// Null flags (rows whose key was null) read as false.
fn fill_false(mask: &ferrodf_core::Column) -> Result<ferrodf_core::Column> {
    if mask.null_count()? == 0 {
        return Ok(mask.clone());
    }
    let valid = is_valid(mask)?;
    crate::reshape::and_columns(valid, mask, false)
}

/// What pandas' `numeric_only` keeps: numbers, booleans and decimals.
fn is_numeric_type(id: ferrodf_core::TypeId) -> bool {
    id.is_numeric() || id.is_decimal()
}

impl SeriesGroupBy {
    /// pandas' `numeric_only=True` on one column's groups: TypeError unless the column is
    /// numeric (numbers, booleans, decimals).
    pub fn numeric_only(&self) -> Result<SeriesGroupBy> {
        let column = self.grouped.source.data().get(&self.column)?;
        if !is_numeric_type(column.dtype().id()) {
            return Err(Error::type_err(format!(
                "numeric_only=True on the groups of column {} of type {}: it is not numeric; \
                 drop numeric_only or select a numeric column",
                self.column,
                crate::dtype_name(column.dtype())
            )));
        }
        Ok(self.clone())
    }

    /// The label of the selected column.
    pub fn column_label(&self) -> &Label {
        &self.column
    }

    /// The delta degrees of freedom of `std` and `var` in [`agg`](Self::agg) (default 1).
    pub fn ddof(mut self, ddof: i32) -> Self {
        self.grouped = self.grouped.ddof(ddof);
        self
    }

    /// The results named `name` (a grouped Series names them after itself).
    fn named(mut self, name: Label) -> Self {
        self.name = name;
        self
    }

    /// Whether groups come sorted by key ([`GroupBy::sort`]).
    pub fn sort(mut self, sort: bool) -> Self {
        self.grouped = self.grouped.sort(sort);
        self
    }

    /// Whether rows with a null key are dropped ([`GroupBy::dropna`]).
    pub fn dropna(mut self, dropna: bool) -> Self {
        self.grouped = self.grouped.dropna(dropna);
        self
    }

    /// pandas' `observed` ([`GroupBy::observed`]).
    pub fn observed(mut self, observed: bool) -> Result<Self> {
        self.grouped = self.grouped.observed(observed)?;
        Ok(self)
    }

    fn series(&self, out: DataFrame) -> Result<Series> {
        let column = out.data().get(&self.column)?.clone();
        Series::from_column(column, Some(out.index().clone()), self.name.clone())
    }

    /// One aggregation of each group, indexed by key.
    pub fn agg(&self, how: &str) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        if how == "size" {
            return self.size();
        }
        let out = self.grouped.clone().as_index(true).agg(how)?;
        self.series(out)
    }

    /// Several aggregations of each group, one column each, labelled by name.
    pub fn agg_many(&self, hows: &[&str]) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let spec = AggSpec::Many(hows.iter().map(|h| h.to_string()).collect());
        let requests = spec.requests(std::slice::from_ref(&self.column), true)?;
        self.grouped.run(&requests)
    }

    /// pandas' `agg` with its return type: a Series for one name with keys as index,
    /// else a frame (lists, named outputs, or `as_index(false)`).
    pub fn aggregate(&self, spec: impl Into<AggSpec>) -> Result<Selected> {
        let _operation = ferrodf_core::memory::enter_operation();
        let spec = spec.into();
        match &spec {
            AggSpec::One(how) if self.grouped.as_index => Ok(Selected::Series(self.agg(how)?)),
            AggSpec::One(_) => Ok(Selected::Frame(self.grouped.agg(spec)?)),
            AggSpec::Many(_) => {
                let requests = spec.requests(std::slice::from_ref(&self.column), true)?;
                Ok(Selected::Frame(self.grouped.run(&requests)?))
            }
            AggSpec::Named(_) => Ok(Selected::Frame(self.grouped.agg(spec)?)),
            AggSpec::PerColumn(_) => Err(Error::value(
                "nested renamer is not supported: a column's groups take a name, a list or \
                 named aggregations, not a dict"
                    .to_string(),
            )),
        }
    }

    /// The number of rows of each group (null values included), named after the column.
    pub fn size(&self) -> Result<Series> {
        Ok(self.grouped.size()?.rename(self.name.clone()))
    }

    named_aggregations!(Series; sum, prod, min, max, mean, median, count, nunique, first, last, any, all);

    /// The standard deviation of each group with `ddof` delta degrees of freedom.
    pub fn std(&self, ddof: i32) -> Result<Series> {
        let out = self.grouped.clone().as_index(true).ddof(ddof).agg("std")?;
        self.series(out)
    }

    /// The variance of each group with `ddof` delta degrees of freedom.
    pub fn var(&self, ddof: i32) -> Result<Series> {
        let out = self.grouped.clone().as_index(true).ddof(ddof).agg("var")?;
        self.series(out)
    }

    /// A per-row frame result as this column's Series.
    fn per_row(&self, out: Result<DataFrame>) -> Result<Series> {
        self.series(out?)
    }

    /// A running aggregation within each group by name (see [`GroupBy::scan`]).
    pub fn scan(&self, how: &str) -> Result<Series> {
        self.per_row(self.grouped.scan(how))
    }

    /// The running sum within each group.
    pub fn cumsum(&self) -> Result<Series> {
        self.per_row(self.grouped.cumsum())
    }

    /// The running product within each group.
    pub fn cumprod(&self) -> Result<Series> {
        self.per_row(self.grouped.cumprod())
    }

    /// The running minimum within each group.
    pub fn cummin(&self) -> Result<Series> {
        self.per_row(self.grouped.cummin())
    }

    /// The running maximum within each group.
    pub fn cummax(&self) -> Result<Series> {
        self.per_row(self.grouped.cummax())
    }

    /// Each row's position within its group (from 0).
    pub fn cumcount(&self) -> Result<Series> {
        self.grouped.cumcount()
    }

    /// Each row's group aggregate.
    pub fn transform(&self, how: &str) -> Result<Series> {
        self.per_row(self.grouped.transform(how))
    }

    /// The first `n` values of each group.
    pub fn head(&self, n: i64) -> Result<Series> {
        self.per_row(self.grouped.head(n))
    }

    /// The last `n` values of each group.
    pub fn tail(&self, n: i64) -> Result<Series> {
        self.per_row(self.grouped.tail(n))
    }
}

impl From<GroupBy> for GroupBySelection {
    fn from(g: GroupBy) -> Self {
        GroupBySelection::Frame(g)
    }
}

//! pandas' `Index` methods computed on the labels (`min`, `max`, `astype`, `to_frame`,
//! `inferred_type`): a one-level index is its label column, the Series rules apply to it.

use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, gather};
use ferrodf_core::ops::reduce::minmax;
use ferrodf_core::ops::replace::find_and_replace_all;
use ferrodf_core::{Column, Error, Result, Scalar, Table, TypeId};

use crate::compute::{ReduceOptions, Reduction};
use crate::index::Index;
use crate::label::Label;
use crate::{DataFrame, Series};

impl Index {
    /// The label at `position` (negative positions count from the end), one scalar per
    /// level: pandas' `idx[i]`. Reads one value per level, never the whole index; a
    /// RangeIndex computes it. IndexError outside the index.
    ///
    /// ```
    /// use ferrodf::Index;
    /// let idx = Index::range(10, 20, 2, None).unwrap();
    /// assert_eq!(idx.value_at(-1).unwrap()[0].value::<i64>().unwrap(), Some(18));
    /// assert!(idx.value_at(5).is_err());
    /// ```
    pub fn value_at(&self, position: i64) -> Result<Vec<Scalar>> {
        let n = self.len() as i64;
        let at = if position < 0 { position + n } else { position };
        if !(0..n).contains(&at) {
            return Err(Error::index(format!(
                "index {position} is out of bounds for an index of {n} labels"
            )));
        }
        if let Index::Range { start, step, .. } = self {
            return Ok(vec![Scalar::from_native(start + step * at)]);
        }
        self.level_columns()?
            .iter()
            .map(|level| ferrodf_core::ops::copying::get_element(level, at as usize))
            .collect()
    }

    /// The labels as an unnamed Series over the default index; NotImplementedError for a
    /// MultiIndex, whose labels are tuples.
    fn labels_series(&self) -> Result<Series> {
        if self.nlevels() != 1 {
            return Err(Error::not_implemented(
                "this MultiIndex method: use the frame's reset_index()",
            ));
        }
        Series::from_column(self.level_columns()?.remove(0), None, Label::None)
    }

    /// The smallest label, missing labels skipped (pandas' `Index.min`).
    ///
    /// ```
    /// use ferrodf::Index;
    /// use ferrodf::core::Column;
    /// let idx = Index::from_column(Column::from_options(vec![Some(3i64), None, Some(1)]), None);
    /// assert_eq!(idx.min().unwrap().value::<i64>().unwrap(), Some(1));
    /// assert_eq!(idx.max().unwrap().value::<i64>().unwrap(), Some(3));
    /// ```
    pub fn min(&self) -> Result<Scalar> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.labels_series()?
            .reduce(Reduction::Min, ReduceOptions::default())
    }

    /// The largest label, missing labels skipped (pandas' `Index.max`).
    pub fn max(&self) -> Result<Scalar> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.labels_series()?
            .reduce(Reduction::Max, ReduceOptions::default())
    }

    /// The labels converted to pandas' dtype `dtype` (`"float64"`, `"str"`, ...), the
    /// name kept (pandas' `Index.astype`).
    ///
    /// ```
    /// use ferrodf::Index;
    /// let idx = Index::range(0, 3, 1, Some("k".into())).unwrap().astype("float64").unwrap();
    /// assert_eq!(ferrodf::dtype_name(idx.level_columns().unwrap()[0].dtype()), "float64");
    /// assert_eq!(idx.names(), vec![ferrodf::Label::from("k")]);
    /// ```
    pub fn astype(&self, dtype: &str) -> Result<Index> {
        let _operation = ferrodf_core::memory::enter_operation();
        let labels = self.labels_series()?.astype_named(dtype)?;
        Ok(Index::from_column(
            labels.column().clone(),
            Some(self.names().remove(0)),
        ))
    }

    /// A one-column frame of the labels, labelled `name`, else the index's name, else `0`,
    /// and indexed by this index when `index` (pandas' `Index.to_frame`).
    ///
    /// ```
    /// use ferrodf::Index;
    /// let idx = Index::range(0, 2, 1, Some("k".into())).unwrap();
    /// let df = idx.to_frame(false, None).unwrap();
    /// assert_eq!(df.shape(), (2, 1));
    /// assert_eq!(df.data().names()[0], ferrodf::Label::from("k"));
    /// ```
    pub fn to_frame(&self, index: bool, name: Option<Label>) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let labels = self.labels_series()?;
        let name = name.or_else(|| match self.names().remove(0) {
            Label::None => None,
            n => Some(n),
        });
        let labels = if index {
            labels.with_index(self.clone())?
        } else {
            labels
        };
        labels.to_frame(name)
    }

    /// pandas' `inferred_type` of the labels as `to_pandas()` gives them: `"integer"`,
    /// `"floating"` (integers with missing labels too, which pandas holds as floats),
    /// `"boolean"`, `"string"`, `"datetime64"`, `"timedelta64"`, `"categorical"`,
    /// `"date"` and `"decimal"`; pandas holds dates, decimals, lists and structs as Python
    /// objects, whose type is `"empty"` without labels and `"mixed"` with a missing one;
    /// a MultiIndex is `"mixed"`.
    ///
    /// ```
    /// use ferrodf::Index;
    /// use ferrodf::core::Column;
    /// let ints = Index::from_column(Column::from_values(vec![1i64, 2]), None);
    /// assert_eq!(ints.inferred_type().unwrap(), "integer");
    /// let holes = Index::from_column(Column::from_options(vec![Some(1i64), None]), None);
    /// assert_eq!(holes.inferred_type().unwrap(), "floating");
    /// ```
    pub fn inferred_type(&self) -> Result<&'static str> {
        use TypeId::*;
        let _operation = ferrodf_core::memory::enter_operation();
        if self.nlevels() != 1 {
            return Ok("mixed");
        }
        let labels = self.level_columns()?.remove(0);
        let t = labels.dtype().id();
        let missing = labels.null_count()? > 0;
        // the types pandas holds as Python objects
        let object = |kind| {
            if labels.size() == 0 {
                "empty"
            } else if missing {
                "mixed"
            } else {
                kind
            }
        };
        Ok(match t {
            _ if t.is_integer() => {
                if missing {
                    "floating"
                } else {
                    "integer"
                }
            }
            _ if t.is_floating() => "floating",
            _ if t.is_duration() => "timedelta64",
            TimestampDays => object("date"),
            _ if t.is_timestamp() => "datetime64",
            Bool8 if missing => "mixed",
            Bool8 => "boolean",
            String => "string",
            Dictionary32 => "categorical",
            Decimal32 | Decimal64 | Decimal128 => object("decimal"),
            _ => object("mixed"),
        })
    }
}

impl Index {
    /// pandas' `MultiIndex(levels=..., codes=...)`: level `k` of row `i` is
    /// `levels[k][codes[k][i]]`, and a code of `-1` is a missing label. Codes below `-1` or
    /// past their level are a ValueError, as in pandas. The labels are gathered on the
    /// core (on the device when the levels are there).
    ///
    /// ```
    /// use ferrodf::{Index, Label};
    /// use ferrodf::core::Column;
    /// let levels = vec![ferrodf::IntoColumn::into_column(vec!["a", "b"]), Column::from_values(vec![10i64, 20])];
    /// let codes = vec![Column::from_values(vec![1i64, 0, -1]), Column::from_values(vec![0i64, 1, 1])];
    /// let idx = Index::from_codes(levels, codes, Some(vec!["x".into(), "y".into()])).unwrap();
    /// assert_eq!((idx.len(), idx.nlevels()), (3, 2));
    /// assert_eq!(idx.level_columns().unwrap()[0].null_count().unwrap(), 1);
    /// ```
    pub fn from_codes(
        levels: Vec<Column>,
        codes: Vec<Column>,
        names: Option<Vec<Label>>,
    ) -> Result<Index> {
        let _operation = ferrodf_core::memory::enter_operation();
        if levels.len() != codes.len() || levels.is_empty() {
            return Err(Error::value(format!(
                "MultiIndex needs one list of codes per level: got {} levels and {} lists of \
                 codes",
                levels.len(),
                codes.len()
            )));
        }
        let mut columns = Vec::with_capacity(levels.len());
        for (k, (level, code)) in levels.iter().zip(&codes).enumerate() {
            let code = cast(code, TypeId::Int64.into())?;
            let (lo, hi) = minmax(&code)?;
            let (lo, hi) = (lo.value::<i64>()?, hi.value::<i64>()?);
            if let Some(lo) = lo.filter(|&lo| lo < -1) {
                return Err(Error::value(format!(
                    "On level {k}, code value ({lo}) < -1; -1 marks a missing label"
                )));
            }
            let n = level.size() as i64;
            if let Some(hi) = hi.filter(|&hi| hi >= n) {
                return Err(Error::value(format!(
                    "On level {k}, code max ({hi}) >= length of level ({n}); codes number the \
                     level's labels from 0"
                )));
            }
            // -1 (missing) becomes a position past the level, which the gather nullifies
            let code = find_and_replace_all(
                &code,
                &Column::from_values(vec![-1i64]),
                &Column::from_values(vec![n]),
            )?;
            let table = Table::new(vec![level.clone()])?;
            columns.push(
                gather(&table, &code, OutOfBoundsPolicy::Nullify)?
                    .into_columns()
                    .remove(0),
            );
        }
        if columns.len() == 1 {
            let name = names.and_then(|mut n| n.pop());
            return Ok(Index::from_column(columns.remove(0), name));
        }
        Index::multi(columns, names)
    }
}

//! `s.cat`: pandas' categorical accessor (`Series.cat`) on a dictionary (category) column:
//! the codes and categories, and the methods that make new categories.
//!
//! Every method that changes the categories re-encodes the values through a hash join of
//! the decoded values with the new categories (see [`crate::categorical`]), so it runs on
//! the core's kernels (on the device when the data is there). Values whose category is
//! gone become missing, as in pandas.
//!
//! The core's dictionary type has no order flag, so categoricals here are unordered:
//! `ordered` is false and the methods that would make an ordered one raise
//! NotImplementedError (pandas' ordered categoricals lose their order when converted).

use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::concatenate::concatenate;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, Side, Source, copy_if_else, gather, scatter};
use ferrodf_core::ops::filling::all_null_like;
use ferrodf_core::ops::join::inner_join;
use ferrodf_core::ops::search::contains;
use ferrodf_core::ops::stream_compaction::{
    DuplicateKeepOption, apply_boolean_mask, distinct, distinct_count, drop_nulls,
};
use ferrodf_core::ops::unary::{UnaryOperator, is_valid, unary_operation};
use ferrodf_core::{Column, DataType, Error, Result, Scalar, Table, TypeId};

use crate::categorical::{categories, code_type, encode_lenient, is_categorical};
use crate::dtype::dtype_name;
use crate::index::{Index, decoded};
use crate::label::Label;
use crate::series::Series;

/// Categorical methods of a category Series (pandas' `Series.cat`).
///
/// ```
/// use ferrodf::{Series, dtype::Dtype};
/// let s = Series::new("city", vec![Some("Rome"), None, Some("Oslo")])
///     .astype(Dtype::Category)
///     .unwrap();
/// let cat = s.cat().unwrap();
/// assert_eq!(cat.codes().unwrap().column().host_values::<i8>().unwrap().to_vec(), [1, -1, 0]);
/// assert_eq!(cat.categories().unwrap().len(), 2);
/// assert!(!cat.ordered());
/// ```
pub struct CategoricalMethods<'a> {
    series: &'a Series,
}

impl Series {
    /// The categorical accessor; TypeError unless the Series is categorical (pandas raises
    /// AttributeError there: the Python binding turns it into one).
    pub fn cat(&self) -> Result<CategoricalMethods<'_>> {
        if !is_categorical(self.column()) {
            return Err(Error::type_err(format!(
                "Can only use .cat accessor with a 'category' dtype, not {}",
                dtype_name(self.dtype())
            )));
        }
        Ok(CategoricalMethods { series: self })
    }
}

/// pandas' checks on a list of categories: no missing values, no duplicates.
fn check_categories(new: &Column) -> Result<()> {
    if new.null_count()? > 0 {
        return Err(Error::value("Categorical categories cannot be null"));
    }
    if distinct_count(new, true, false)? != new.size() {
        return Err(Error::value("Categorical categories must be unique"));
    }
    Ok(())
}

/// The type two sets of categories are compared (and combined) in: their own when equal,
/// int64 or float64 for two numeric types (pandas compares 1 and 1.0 as equal); None for
/// types whose values can never be equal.
fn comparable(a: DataType, b: DataType) -> Option<DataType> {
    if a == b {
        return Some(a);
    }
    let (x, y) = (a.id(), b.id());
    let numeric = |t: TypeId| t.is_integer() || t.is_floating();
    if numeric(x) && numeric(y) {
        let t = if x.is_floating() || y.is_floating() {
            TypeId::Float64
        } else {
            TypeId::Int64
        };
        return Some(t.into());
    }
    None
}

/// Whether each value of `values` is one of `set` (false for every value when the types can
/// never be equal).
fn member_of(values: &Column, set: &Column) -> Result<Column> {
    match comparable(values.dtype(), set.dtype()) {
        Some(t) => contains(&cast_to(set, t)?, &cast_to(values, t)?),
        None => {
            let no = Column::from_values(vec![0u8; values.size()]);
            Column::new(
                TypeId::Bool8.into(),
                values.size(),
                no.data().cloned(),
                None,
                Some(0),
                0,
                vec![],
            )
        }
    }
}

/// The values of `values` where `keep` is true.
fn filter(values: &Column, keep: &Column) -> Result<Column> {
    Ok(
        apply_boolean_mask(&Table::new(vec![values.clone()])?, keep)?
            .into_columns()
            .remove(0),
    )
}

/// The values of `values` that are not in `set`, for pandas' messages (`{'a', 'b'}`).
fn listed(values: &Column) -> Result<String> {
    let arrow = ferrodf_core::interop::arrow::to_arrow(values)?;
    let items = (0..values.size())
        .map(|i| {
            let text = arrow_cast::display::array_value_to_string(&arrow, i)
                .map_err(|e| Error::value(e.to_string()))?;
            Ok(if values.dtype().id() == TypeId::String {
                format!("'{text}'")
            } else {
                text
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(format!("{{{}}}", items.join(", ")))
}

fn no_order(method: &str) -> Error {
    Error::not_implemented(format!(
        "cat.{method}: ordered categoricals are not supported (the dictionary type carries \
         no order); leave ordered unset or False"
    ))
}

impl CategoricalMethods<'_> {
    fn column(&self) -> &Column {
        self.series.column()
    }

    /// `column` with the Series' index and no name (pandas' `codes` has none).
    fn unnamed(&self, column: Column) -> Result<Series> {
        Series::from_column(column, Some(self.series.index().clone()), Label::None)
    }

    fn keys(&self) -> &Column {
        categories(self.column())
    }

    /// The values re-encoded against `new` categories (checked by the caller): values that
    /// are not among them become missing.
    fn recode(&self, new: &Column) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let values = decoded(self.column())?;
        let coded = match comparable(values.dtype(), new.dtype()) {
            Some(t) if t == new.dtype() => encode_lenient(&cast_to(&values, t)?, new)?,
            Some(t) => {
                // match in the common type, keep the new categories' own type
                let as_common = encode_lenient(&cast_to(&values, t)?, &cast_to(new, t)?)?;
                with_keys(&as_common, new.clone())?
            }
            // values of a type no new category can equal: all of them become missing
            None => encode_lenient(&all_null_like(new, values.size())?, new)?,
        };
        self.series.with_column(coded)
    }

    /// The integer code of each value (its category's position), -1 where missing, in the
    /// codes' own type (int8 below 127 categories, as pandas); unnamed, as pandas'.
    ///
    /// ```
    /// use ferrodf::{Series, dtype::Dtype};
    /// let s = Series::new("x", vec![Some(30i64), None, Some(10)]).astype(Dtype::Category).unwrap();
    /// let codes = s.cat().unwrap().codes().unwrap();
    /// assert_eq!(codes.column().host_values::<i8>().unwrap().to_vec(), [1, -1, 0]);
    /// ```
    pub fn codes(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let col = self.column();
        let child = &col.children()[0];
        let codes = child.slice(col.offset(), col.size())?;
        if !col.has_nulls()? {
            return self.unnamed(codes);
        }
        let minus_one =
            Scalar::from_column(cast(&Column::from_values(vec![-1i32]), codes.dtype())?)?;
        let written = copy_if_else(
            Side::Column(&codes),
            Side::Scalar(&minus_one),
            &is_valid(col)?,
        )?;
        self.unnamed(written)
    }

    /// The categories, as an Index.
    ///
    /// ```
    /// use ferrodf::{Series, dtype::Dtype};
    /// let s = Series::new("x", vec!["b", "a", "b"]).astype(Dtype::Category).unwrap();
    /// let categories = s.cat().unwrap().categories().unwrap();
    /// let expected = ferrodf::Index::from_column(ferrodf::IntoColumn::into_column(vec!["a", "b"]), None);
    /// assert!(categories.same_labels(&expected).unwrap());
    /// ```
    pub fn categories(&self) -> Result<Index> {
        Ok(Index::from_column(self.keys().clone(), None))
    }

    /// Whether the categories are ordered: always false (see the module's notes).
    pub fn ordered(&self) -> bool {
        false
    }

    /// pandas' `as_ordered`: NotImplementedError (no ordered categoricals).
    pub fn as_ordered(&self) -> Result<Series> {
        Err(no_order("as_ordered"))
    }

    /// pandas' `as_unordered`: the Series itself (it is unordered already).
    pub fn as_unordered(&self) -> Result<Series> {
        Ok(self.series.clone())
    }

    /// The same values with `new` categories appended; ValueError if one is missing, a
    /// duplicate or already a category. Integer and float categories combine as float64.
    ///
    /// ```
    /// use ferrodf::{Series, dtype::Dtype, core::Column};
    /// let s = Series::new("x", vec![1i64, 2]).astype(Dtype::Category).unwrap();
    /// let more = s.cat().unwrap().add_categories(&Column::from_values(vec![5i64])).unwrap();
    /// assert_eq!(more.cat().unwrap().categories().unwrap().len(), 3);
    /// assert!(s.cat().unwrap().add_categories(&Column::from_values(vec![1i64])).is_err());
    /// ```
    pub fn add_categories(&self, new: &Column) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        check_categories(new)?;
        let keys = self.keys();
        let t = comparable(keys.dtype(), new.dtype()).ok_or_else(|| {
            Error::type_err(format!(
                "add_categories: new categories of type {} cannot join categories of type {}",
                dtype_name(new.dtype()),
                dtype_name(keys.dtype())
            ))
        })?;
        let old_ones = filter(new, &member_of(new, keys)?)?;
        if old_ones.size() > 0 {
            return Err(Error::value(format!(
                "new categories must not include old categories: {}",
                listed(&old_ones)?
            )));
        }
        let all = concatenate(&[cast_to(keys, t)?, cast_to(new, t)?])?;
        if t == keys.dtype() && code_type(all.size()) == code_type(keys.size()) {
            return self.series.with_column(with_keys(self.column(), all)?);
        }
        self.recode(&all)
    }

    /// The same values without the `removals` categories (their values become missing);
    /// ValueError unless every removal is a category.
    pub fn remove_categories(&self, removals: &Column) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let keys = self.keys();
        let valid = drop_nulls(&Table::new(vec![removals.clone()])?, &[0], 1)?
            .into_columns()
            .remove(0);
        let unknown = filter(&valid, &not(&member_of(&valid, keys)?)?)?;
        if unknown.size() > 0 || valid.size() < removals.size() {
            let what = if unknown.size() > 0 {
                listed(&unknown)?
            } else {
                "{nan}".to_string()
            };
            return Err(Error::value(format!(
                "removals must all be in old categories: {what}"
            )));
        }
        let kept = filter(keys, &not(&member_of(keys, &valid)?)?)?;
        self.recode(&kept)
    }

    /// The same values with only the categories that some value uses (in their order).
    pub fn remove_unused_categories(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let values = drop_nulls(&Table::new(vec![decoded(self.column())?])?, &[0], 1)?;
        let used = distinct(&values, &[0], DuplicateKeepOption::KeepAny, true, true)?
            .into_columns()
            .remove(0);
        let keys = self.keys();
        let kept = filter(keys, &member_of(keys, &used)?)?;
        self.recode(&kept)
    }

    /// The categories replaced position by position by `new` (the values keep their codes);
    /// ValueError unless there are as many, unique and not missing.
    ///
    /// ```
    /// use ferrodf::{Series, dtype::Dtype};
    /// let s = Series::new("x", vec!["b", "a"]).astype(Dtype::Category).unwrap();
    /// let new = ferrodf::IntoColumn::into_column(vec!["A", "B"]);
    /// let renamed = s.cat().unwrap().rename_categories(&new).unwrap();
    /// let cat = renamed.cat().unwrap();
    /// let expected = ferrodf::Index::from_column(new.clone(), None);
    /// assert!(cat.categories().unwrap().same_labels(&expected).unwrap());
    /// assert_eq!(cat.codes().unwrap().column().host_values::<i8>().unwrap().to_vec(), [1, 0]);
    /// ```
    pub fn rename_categories(&self, new: &Column) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        if new.size() != self.keys().size() {
            return Err(Error::value(
                "new categories need to have the same number of items as the old categories!",
            ));
        }
        check_categories(new)?;
        self.series
            .with_column(with_keys(self.column(), new.clone())?)
    }

    /// `rename_categories` with a mapping: category `old[i]` becomes `new[i]`, categories
    /// not in `old` keep their name (pandas' dict argument).
    pub fn rename_categories_map(&self, old: &Column, new: &Column) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        if old.size() != new.size() {
            return Err(Error::value(
                "rename_categories: the mapping needs as many new names as old ones",
            ));
        }
        let keys = self.keys();
        let mismatch = |other: &Column| {
            Error::type_err(format!(
                "rename_categories: categories of type {} cannot be renamed with {} values",
                dtype_name(keys.dtype()),
                dtype_name(other.dtype())
            ))
        };
        let t = comparable(keys.dtype(), old.dtype()).ok_or_else(|| mismatch(old))?;
        let target = comparable(keys.dtype(), new.dtype()).ok_or_else(|| mismatch(new))?;
        let (rows, from) = inner_join(
            &Table::new(vec![cast_to(keys, t)?])?,
            &Table::new(vec![cast_to(old, t)?])?,
            false,
        )?;
        let replacement = gather(
            &Table::new(vec![cast_to(new, target)?])?,
            &from,
            OutOfBoundsPolicy::DontCheck,
        )?;
        let renamed = scatter(
            Source::Table(&replacement),
            &rows,
            &Table::new(vec![cast_to(keys, target)?])?,
        )?
        .into_columns()
        .remove(0);
        check_categories(&renamed)?;
        self.series.with_column(with_keys(self.column(), renamed)?)
    }

    /// The same categories in the order of `new` (the values keep their category);
    /// ValueError unless `new` holds exactly the categories. `ordered=Some(true)` is
    /// NotImplementedError.
    pub fn reorder_categories(&self, new: &Column, ordered: Option<bool>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        if ordered == Some(true) {
            return Err(no_order("reorder_categories"));
        }
        let keys = self.keys();
        let same = new.size() == keys.size()
            && new.null_count()? == 0
            && distinct_count(new, true, false)? == new.size()
            && comparable(keys.dtype(), new.dtype()).is_some()
            && filter(new, &not(&member_of(new, keys)?)?)?.size() == 0;
        if !same {
            return Err(Error::value(
                "items in new_categories are not the same as in old categories",
            ));
        }
        self.recode(new)
    }

    /// The values re-encoded against `new` categories (values in none of them become
    /// missing); with `rename`, the categories are replaced position by position instead
    /// (codes past the new ones become missing). `ordered=Some(true)` is
    /// NotImplementedError.
    ///
    /// ```
    /// use ferrodf::{Series, dtype::Dtype, core::Column};
    /// let s = Series::new("x", vec![1i64, 2, 3]).astype(Dtype::Category).unwrap();
    /// let set = s.cat().unwrap().set_categories(&Column::from_values(vec![3i64, 1]), None, false).unwrap();
    /// assert_eq!(set.cat().unwrap().codes().unwrap().column().host_values::<i8>().unwrap().to_vec(), [1, -1, 0]);
    /// ```
    pub fn set_categories(
        &self,
        new: &Column,
        ordered: Option<bool>,
        rename: bool,
    ) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        if ordered == Some(true) {
            return Err(no_order("set_categories"));
        }
        check_categories(new)?;
        if !rename {
            return self.recode(new);
        }
        // rename: the codes stay; those past the new categories become missing
        let codes = self.codes()?.column().clone();
        let codes = cast_to(&codes, TypeId::Int64.into())?;
        let n = new.size() as i64;
        let positions = replace_out_of_range(&codes, n)?;
        let picked = gather(
            &Table::new(vec![new.clone()])?,
            &positions,
            OutOfBoundsPolicy::Nullify,
        )?
        .into_columns()
        .remove(0);
        self.series.with_column(encode_lenient(&picked, new)?)
    }
}

/// Codes in `0..n` as they are, every other code (-1 for missing included) as `n`, which
/// a nullifying gather turns into a missing value.
fn replace_out_of_range(codes: &Column, n: i64) -> Result<Column> {
    let values = codes.host_values::<i64>()?;
    Ok(Column::from_values(
        values
            .iter()
            .map(|&c| if (0..n).contains(&c) { c } else { n })
            .collect::<Vec<_>>(),
    ))
}

/// `col` as type `t` (itself when it is of that type: the core's cast takes only
/// fixed-width types, and categories are often strings).
fn cast_to(col: &Column, t: DataType) -> Result<Column> {
    if col.dtype() == t {
        Ok(col.clone())
    } else {
        cast(col, t)
    }
}

/// `flags` negated.
fn not(flags: &Column) -> Result<Column> {
    unary_operation(flags, UnaryOperator::Not)
}

/// The dictionary column `col` with the categories `keys` in place of its own (same codes,
/// same mask; the codes' type widens when there are more categories).
pub(crate) fn with_keys(col: &Column, keys: Column) -> Result<Column> {
    let codes = &col.children()[0];
    let wanted: DataType = code_type(keys.size()).into();
    let codes = if codes.dtype() == wanted {
        codes.clone()
    } else {
        cast_to(codes, wanted)?
    };
    Column::new(
        col.dtype(),
        col.size(),
        None,
        col.mask().cloned(),
        Some(col.null_count()?),
        col.offset(),
        vec![codes, keys],
    )
}

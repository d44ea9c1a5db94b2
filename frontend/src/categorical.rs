//! Categorical (DICTIONARY32) columns as pandas makes and writes them: `astype("category")`
//! takes the sorted distinct values as the categories ([`encode`]), and a value written
//! into a categorical column must be one of its categories (or missing); the categories
//! themselves never change.
//!
//! The cells are written into the decoded values (a plain column of the categories' type,
//! where the usual exactness rules of [`crate::assign`] apply) and the result is encoded
//! again against the same categories through a hash join, so every step runs on the core
//! (on the device when the data is there).

use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::copying::{Source, scatter};
use ferrodf_core::ops::filling::{all_null, column_from_scalar};
use ferrodf_core::ops::join::inner_join;
use ferrodf_core::ops::null_mask::copy_bitmask;
use ferrodf_core::ops::replace::{Replacement, replace_nulls};
use ferrodf_core::ops::search::{NullOrder, Order};
use ferrodf_core::ops::sorting::sort;
use ferrodf_core::ops::stream_compaction::{DuplicateKeepOption, distinct, drop_nulls};
use ferrodf_core::{Column, DataType, Error, Result, Scalar, Table, TypeId};

use crate::label::Label;

/// The categories (keys) of a dictionary column.
pub(crate) fn categories(col: &Column) -> &Column {
    &col.children()[1]
}

/// `values` as pandas' `astype("category")` makes them: the categories are the distinct
/// valid values in ascending order, the codes the smallest integer type that numbers them
/// (int8 below 128 categories, as pandas), missing values stay missing.
pub(crate) fn encode(values: &Column) -> Result<Column> {
    if values.dtype().id() == TypeId::Dictionary32 {
        return Ok(values.clone());
    }
    let valid = drop_nulls(&Table::new(vec![values.clone()])?, &[0], 1)?;
    let distinct_values = distinct(&valid, &[0], DuplicateKeepOption::KeepFirst, true, true)?;
    let keys = sort(&distinct_values, &[Order::Ascending], &[NullOrder::After])?
        .into_columns()
        .remove(0);
    let code_type = code_type(keys.size());
    let like = Column::new(
        DataType::new(TypeId::Dictionary32, 0),
        0,
        None,
        None,
        Some(0),
        0,
        vec![
            cast(&Column::from_values(Vec::<i32>::new()), code_type.into())?,
            keys,
        ],
    )?;
    encode_like(values, &like, &Label::None)
}

/// The type of the codes of `n` categories, as pandas picks it: int8 below 127, int16
/// below 32767, int32 above.
pub(crate) fn code_type(n: usize) -> TypeId {
    match n {
        n if n < i8::MAX as usize => TypeId::Int8,
        n if n < i16::MAX as usize => TypeId::Int16,
        _ => TypeId::Int32,
    }
}

/// The rows of `values` found among `keys` and the position of each in `keys` (a join;
/// nulls match nothing).
fn positions_in(values: &Column, keys: &Column) -> Result<(Column, Column)> {
    inner_join(
        &Table::new(vec![values.clone()])?,
        &Table::new(vec![keys.clone()])?,
        false,
    )
}

/// `values` (of the type of `keys`, unique and without nulls) encoded as a dictionary
/// column with the categories `keys`: a value that is not a category becomes missing (how
/// pandas recodes when the categories change).
pub(crate) fn encode_lenient(values: &Column, keys: &Column) -> Result<Column> {
    let n = values.size();
    let (rows, codes) = positions_in(values, keys)?;
    let code_type: DataType = code_type(keys.size()).into();
    // unmatched rows stay null: the scatter makes the rows it writes valid
    let written = scatter(
        Source::Table(&Table::new(vec![cast(&codes, code_type)?])?),
        &rows,
        &Table::new(vec![all_null(code_type, n)?])?,
    )?
    .into_columns()
    .remove(0);
    let nulls = written.null_count()?;
    let mask = if nulls > 0 {
        Some(copy_bitmask(&written)?)
    } else {
        None
    };
    let zero = Scalar::from_column(cast(&Column::from_values(vec![0i32]), code_type)?)?;
    // the codes under missing values are 0, a valid position in any dictionary
    let codes = replace_nulls(&written, Replacement::Scalar(&zero))?;
    let codes = Column::new(
        code_type,
        n,
        codes.data().cloned(),
        None,
        Some(0),
        codes.offset(),
        vec![],
    )?;
    Column::new(
        DataType::new(TypeId::Dictionary32, 0),
        n,
        None,
        mask,
        Some(nulls),
        0,
        vec![codes, keys.clone()],
    )
}

/// `values` (of the categories' type) encoded as a dictionary column with the categories
/// of `like`. A valid value that is not a category is a TypeError, as in pandas.
pub(crate) fn encode_like(values: &Column, like: &Column, label: &Label) -> Result<Column> {
    let keys = categories(like);
    let n = values.size();
    let (rows, codes) = positions_in(values, keys)?;
    let valid = n - values.null_count()?;
    if rows.size() != valid {
        return Err(new_category(values, keys, label));
    }
    let code_type = like.children()[0].dtype();
    let zeros = column_from_scalar(
        &Scalar::from_column(cast(&Column::from_values(vec![0i32]), code_type)?)?,
        n,
    )?;
    let codes = cast(&codes, code_type)?;
    let written = scatter(
        Source::Table(&Table::new(vec![codes])?),
        &rows,
        &Table::new(vec![zeros])?,
    )?
    .into_columns()
    .remove(0);
    let mask = if values.has_nulls()? {
        Some(copy_bitmask(values)?)
    } else {
        None
    };
    Column::new(
        like.dtype(),
        n,
        None,
        mask,
        Some(n - valid),
        0,
        vec![written, keys.clone()],
    )
}

/// pandas' TypeError for a value that is not one of the categories, naming the first one.
fn new_category(values: &Column, keys: &Column, label: &Label) -> Error {
    let first = ferrodf_core::ops::search::contains(keys, values)
        .ok()
        .and_then(|found| first_false(&found, values).ok().flatten());
    let what = first.map_or_else(|| "a value".to_string(), |v| format!("({v})"));
    Error::type_err(format!(
        "Cannot setitem on a Categorical with a new category {what} in column {label}; set \
         the categories first (astype with the new categories) or convert the column with \
         astype(str)"
    ))
}

/// The first valid value of `values` where `found` is false, as text.
fn first_false(found: &Column, values: &Column) -> Result<Option<String>> {
    let flags = found.host_values::<u8>()?;
    let valid = values.host_nulls()?;
    let Some(i) =
        (0..values.size()).find(|&i| flags[i] == 0 && valid.as_ref().is_none_or(|v| v.is_valid(i)))
    else {
        return Ok(None);
    };
    let one = ferrodf_core::interop::arrow::to_arrow(&values.slice(i, 1)?)?;
    arrow_cast::display::array_value_to_string(&one, 0)
        .map(Some)
        .map_err(|e| Error::value(e.to_string()))
}

/// Whether `col` is a dictionary (categorical) column.
pub(crate) fn is_categorical(col: &Column) -> bool {
    col.dtype().id() == TypeId::Dictionary32
}

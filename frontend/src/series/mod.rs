//! [`Series`]: one labelled column with row labels.

mod convert;
mod counts;
mod ops;
pub(crate) mod order;
mod quantile;
mod search;
mod transform;
mod values;

pub use ops::Other;
pub use quantile::parse_interpolation;
pub use search::SearchSide;
pub use values::IntoColumn;

use ferrodf_core::native::NativeType;
use ferrodf_core::{Column, DataType, Error, Result};

use crate::index::Index;
use crate::label::Label;
use crate::rows::RowSelection;

/// One column with a name and row labels.
///
/// ```
/// use ferrodf::{Series, Label};
/// use ferrodf::core::Column;
/// let s = Series::from_column(Column::from_values(vec![1.5f64, 2.5]), None, "price".into()).unwrap();
/// assert_eq!(s.len(), 2);
/// assert_eq!(s.to_string(), "0    1.5\n1    2.5\nName: price, dtype: float64");
/// ```
#[derive(Clone, Debug)]
pub struct Series {
    column: Column,
    index: Index,
    name: Label,
}

impl Series {
    /// A Series named `name` over plain Rust values (see [`IntoColumn`]: numbers, `bool`s,
    /// strings, dates, with `Option` for missing values), with a RangeIndex.
    ///
    /// ```
    /// use ferrodf::Series;
    /// let price = Series::new("price", [1.5, 2.5]);
    /// let city = Series::new("city", vec![Some("Oslo"), None]);
    /// assert_eq!(price.to_string(), "0    1.5\n1    2.5\nName: price, dtype: float64");
    /// assert_eq!(city.column().null_count().unwrap(), 1);
    /// ```
    pub fn new(name: impl Into<Label>, values: impl IntoColumn) -> Series {
        let column = values.into_column();
        Series {
            index: Index::default_for(column.size()),
            column,
            name: name.into(),
        }
    }

    /// A series over `column` with row labels `index` (default RangeIndex when `None`).
    pub fn from_column(column: Column, index: Option<Index>, name: Label) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let index = index.unwrap_or_else(|| Index::default_for(column.size()));
        if index.len() != column.size() {
            return Err(Error::value(format!(
                "the index has {} labels but the values have {} rows",
                index.len(),
                column.size()
            )));
        }
        Ok(Series {
            column,
            index,
            name,
        })
    }

    /// A Series named `name` over `values`, with a RangeIndex.
    ///
    /// ```
    /// use ferrodf::{Label, Series};
    /// let s = Series::from_vec("n", vec![1i64, 2, 3]);
    /// assert_eq!((s.len(), s.name()), (3, &Label::from("n")));
    /// ```
    pub fn from_vec<T: NativeType>(name: impl Into<Label>, values: Vec<T>) -> Series {
        let column = Column::from_values(values);
        Series {
            index: Index::default_for(column.size()),
            column,
            name: name.into(),
        }
    }

    /// A Series named `name` over `values`, `None` being a missing value.
    pub fn from_options<T: NativeType>(name: impl Into<Label>, values: Vec<Option<T>>) -> Series {
        let column = Column::from_options(values);
        Series {
            index: Index::default_for(column.size()),
            column,
            name: name.into(),
        }
    }

    /// A string Series named `name`, `None` being a missing value.
    ///
    /// ```
    /// use ferrodf::Series;
    /// let a = Series::from_strs("s", vec![Some("a"), None]);
    /// let b = Series::from_strs("s", vec![Some("b"), Some("c")]);
    /// let ab = (&a + &b).unwrap();
    /// assert_eq!(ab.column().null_count().unwrap(), 1);
    /// ```
    pub fn from_strs<S: AsRef<str>>(name: impl Into<Label>, values: Vec<Option<S>>) -> Series {
        let array: arrow_array::StringArray = values
            .iter()
            .map(|v| v.as_ref().map(|s| s.as_ref()))
            .collect();
        let column = ferrodf_core::interop::arrow::from_arrow(&array)
            .expect("a string array always converts");
        Series {
            index: Index::default_for(column.size()),
            column,
            name: name.into(),
        }
    }

    /// The values.
    pub fn column(&self) -> &Column {
        &self.column
    }

    /// The row labels.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// The name.
    pub fn name(&self) -> &Label {
        &self.name
    }

    /// The value type.
    pub fn dtype(&self) -> DataType {
        self.column.dtype()
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.column.size()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A copy with another name.
    pub fn rename(&self, name: Label) -> Series {
        Series {
            name,
            ..self.clone()
        }
    }

    /// A copy with other values (same length, same labels).
    pub fn with_column(&self, column: Column) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        Series::from_column(column, Some(self.index.clone()), self.name.clone())
    }

    /// A copy with other row labels.
    pub fn with_index(&self, index: Index) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        Series::from_column(self.column.clone(), Some(index), self.name.clone())
    }

    /// The rows `rows` selects, with their labels.
    pub fn select_rows(&self, rows: &RowSelection) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let index = self.index.select(rows)?;
        let column = rows.apply(std::slice::from_ref(&self.column))?.remove(0);
        Series::from_column(column, Some(index), self.name.clone())
    }

    /// The first `n` rows.
    pub fn head(&self, n: i64) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.select_rows(&RowSelection::head(self.len(), n))
    }

    /// The last `n` rows.
    pub fn tail(&self, n: i64) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.select_rows(&RowSelection::tail(self.len(), n))
    }
}

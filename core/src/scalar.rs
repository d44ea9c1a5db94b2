//! [`Scalar`]: a single typed value that may be null, stored as a one-row column so every
//! type (nested ones too) is covered by the same machinery.

use crate::column::Column;
use crate::error::{Error, Result};
use crate::native::NativeType;
use crate::types::DataType;

/// A typed value that may be null.
///
/// ```
/// use ferrodf_core::scalar::Scalar;
/// let s = Scalar::from_native(42i64);
/// assert!(s.is_valid().unwrap());
/// assert_eq!(s.value::<i64>().unwrap(), Some(42));
/// ```
#[derive(Clone, Debug)]
pub struct Scalar {
    column: Column,
}

impl Scalar {
    /// Wrap a one-row column.
    pub fn from_column(column: Column) -> Result<Scalar> {
        if column.size() != 1 {
            return Err(Error::value(format!(
                "a scalar is made from a column of exactly one row, got {}",
                column.size()
            )));
        }
        Ok(Scalar { column })
    }
    /// A valid scalar of a native value.
    pub fn from_native<T: NativeType>(v: T) -> Scalar {
        Scalar {
            column: Column::from_values(vec![v]),
        }
    }
    /// A scalar of `dtype` holding native value `v` (or null), e.g. a BOOL8 held as `u8`.
    pub fn from_native_as<T: NativeType>(dtype: DataType, v: Option<T>) -> Result<Scalar> {
        let c = Column::from_options(vec![v]);
        let c = Column::new(
            dtype,
            1,
            c.data().cloned(),
            c.mask().cloned(),
            None,
            0,
            vec![],
        )?;
        Scalar::from_column(c)
    }
    /// The one-row column holding the value.
    pub fn as_column(&self) -> &Column {
        &self.column
    }
    /// The type.
    pub fn dtype(&self) -> DataType {
        self.column.dtype()
    }
    /// Whether the value is not null.
    pub fn is_valid(&self) -> Result<bool> {
        Ok(self.column.null_count()? == 0)
    }
    /// The native value (None when null) of a fixed-width scalar.
    pub fn value<T: NativeType>(&self) -> Result<Option<T>> {
        if !self.is_valid()? {
            return Ok(None);
        }
        Ok(Some(self.column.host_values::<T>()?[0]))
    }
}

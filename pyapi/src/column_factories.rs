//! `plc.column_factories`: empty columns and zeroed fixed-width columns with a MaskState.

use crate::args::{add_functions, plc_family, plc_fn};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::types::PyDataType;
use ferrodf_core::copy_options::MaskState;
use ferrodf_core::ops::column_factories as cf;
use ferrodf_core::types::{DataType, TypeId};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

plc_family! {
    fn make_op(py, type_: PyDataType, size: i64, mstate: &Bound<'_, PyAny>) [stream, mr]
        -> PyColumn
    {
        let state = extract_enum::<MaskState>(mstate)?;
        let size = usize::try_from(size)
            .map_err(|_| PyValueError::new_err(format!("size cannot be negative, got {size}")))?;
        run(py, move || make_op(type_.0, size, state)).map(PyColumn)
    } for {
        /// A numeric column of `size` zeroed rows with the mask `mstate` asks for.
        make_numeric_column = cf::make_numeric_column;
        /// A DECIMAL column of `size` zeroed rows with the mask `mstate` asks for.
        make_fixed_point_column = cf::make_fixed_point_column;
        /// A timestamp column of `size` rows at the epoch with the mask `mstate` asks for.
        make_timestamp_column = cf::make_timestamp_column;
        /// A duration column of `size` zero rows with the mask `mstate` asks for.
        make_duration_column = cf::make_duration_column;
        /// A fixed-width column of `size` zeroed rows with the mask `mstate` asks for.
        make_fixed_width_column = cf::make_fixed_width_column;
    }
}

plc_fn! {
    /// An empty column of a DataType or a TypeId.
    fn make_empty_column(py, type_or_id: &Bound<'_, PyAny>) [stream, mr] -> PyColumn {
        let dtype = match type_or_id.extract::<PyDataType>() {
            Ok(t) => t.0,
            Err(_) => DataType::from(extract_enum::<TypeId>(type_or_id)?),
        };
        run(py, move || cf::make_empty_column(dtype)).map(PyColumn)
    }

    /// An empty LIST column whose child has type `child_type`.
    fn make_empty_lists_column(py, child_type: PyDataType) [stream, mr] -> PyColumn {
        run(py, move || cf::make_empty_lists_column(child_type.0)).map(PyColumn)
    }
}

/// Register the column_factories bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        make_empty_column,
        make_empty_lists_column,
        make_numeric_column,
        make_fixed_point_column,
        make_timestamp_column,
        make_duration_column,
        make_fixed_width_column
    )
}

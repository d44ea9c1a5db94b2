//! `plc.transform`: the mask functions (nans_to_nulls, column_nans_to_nulls, bools_to_mask,
//! mask_to_bools), compute_column, encode, one_hot_encode and transform (a CUDA C
//! user-defined function; `ferrodf/plc/transform.py` normalises pylibcudf's spellings of
//! its arguments before calling it).

use crate::args::{add_functions, plc_fn};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::expressions::PyExpression;
use crate::gpumemoryview::GpuMemoryView;
use crate::table::PyTable;
use crate::types::PyDataType;
// Aliased: the binding `transform` takes the name in this module.
use ferrodf_core::ops::transform as ops;
use ferrodf_core::params::{NullAware, UDFSourceType};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

plc_fn! {
    /// The column an expression computes from the rows of a table.
    fn compute_column(py, input: PyTable, expr: PyExpression) [stream, mr] -> PyColumn {
        run(py, move || ops::compute_column(&input.0, &expr.0)).map(PyColumn)
    }

    /// (mask of the valid, non-NaN rows, null count).
    fn nans_to_nulls(py, input: PyColumn) [stream, mr] -> (GpuMemoryView, usize) {
        run(py, move || ops::nans_to_nulls(&input.0)).map(GpuMemoryView::with_count)
    }

    /// The input with NaN rows made null.
    fn column_nans_to_nulls(py, input: PyColumn) [stream, mr] -> PyColumn {
        run(py, move || ops::column_nans_to_nulls(&input.0)).map(PyColumn)
    }

    /// (mask of the valid, true rows of a BOOL8 column, null count).
    fn bools_to_mask(py, input: PyColumn) [stream, mr] -> (GpuMemoryView, usize) {
        run(py, move || ops::bools_to_mask(&input.0)).map(GpuMemoryView::with_count)
    }

    /// A BOOL8 column of bits `begin_bit..end_bit` of a mask: a gpumemoryview (host or
    /// device) or, as in pylibcudf, an integer device address (GPU only).
    fn mask_to_bools(
        py,
        bitmask: &Bound<'_, PyAny>,
        begin_bit: i64,
        end_bit: i64,
    ) [stream, mr] -> PyColumn {
        if let Ok(v) = bitmask.cast::<GpuMemoryView>() {
            let buf = v.get().buffer.clone();
            return run(py, move || ops::mask_to_bools(&buf, begin_bit, end_bit))
                .map(PyColumn);
        }
        if bitmask.is_instance_of::<pyo3::types::PyInt>() {
            let ptr: u64 = bitmask.extract()?;
            return run(py, move || ops::mask_to_bools_ptr(ptr, begin_bit, end_bit))
                .map(PyColumn);
        }
        Err(PyTypeError::new_err(format!(
            "mask_to_bools: bitmask must be a gpumemoryview or an integer device address, got {}",
            bitmask.get_type().name()?
        )))
    }
}

plc_fn! {
    /// (sorted distinct rows, INT32 index of every input row among them).
    fn encode(py, input_table: PyTable) [stream, mr] -> (PyTable, PyColumn) {
        let (keys, indices) = run(py, move || ops::encode(&input_table.0))?;
        Ok((PyTable(keys), PyColumn(indices)))
    }

    /// A BOOL8 column per category: whether each row equals it.
    fn one_hot_encode(py, input_column: PyColumn, categories: PyColumn) [stream, mr] -> PyTable {
        run(py, move || ops::one_hot_encode(&input_column.0, &categories.0)).map(PyTable)
    }
}

plc_fn! {
    /// The column a CUDA C `__device__` function computes row by row from `inputs`
    /// (`source_type` a `jit.UDFSourceType`, `is_null_aware` a `types.NullAware`).
    fn transform(
        py,
        inputs: Vec<PyColumn>,
        transform_udf: String,
        output_type: PyDataType,
        source_type: &Bound<'_, PyAny>,
        is_null_aware: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyColumn {
        let source_type = extract_enum::<UDFSourceType>(source_type)?;
        let null_aware = extract_enum::<NullAware>(is_null_aware)?;
        let inputs: Vec<_> = inputs.into_iter().map(|c| c.0).collect();
        let out = output_type.0;
        run(py, move || {
            ops::transform(&inputs, &transform_udf, out, source_type, null_aware)
        })
        .map(PyColumn)
    }

    /// The CUDA source and kernel name `transform` compiles for these types (for tests
    /// that run the kernel on the host, and for reading what NVRTC is given).
    fn _udf_kernel_source(
        py,
        transform_udf: String,
        input_types: Vec<PyDataType>,
        output_type: PyDataType,
        is_null_aware: &Bound<'_, PyAny>,
    ) [stream] -> (String, String, String) {
        let _ = py;
        let null_aware = extract_enum::<NullAware>(is_null_aware)?;
        let types: Vec<_> = input_types.into_iter().map(|t| t.0).collect();
        let k = ops::udf_kernel_source(&transform_udf, &types, output_type.0, null_aware)
            .map_err(crate::errors::to_py)?;
        Ok((k.source, k.function, ops::UDF_KERNEL_NAME.to_string()))
    }
}

/// Register the transform bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        nans_to_nulls,
        column_nans_to_nulls,
        bools_to_mask,
        mask_to_bools,
        compute_column,
        encode,
        one_hot_encode,
        transform,
        _udf_kernel_source
    )
}

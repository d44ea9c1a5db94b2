//! `plc.Table`.

use crate::args::plc_methods;
use crate::arrow_io::{arrow_capsule_methods, metadata_from_py};
use crate::column::PyColumn;
use crate::errors::{IntoPyResult, run};
use arrow_array::{Array, ArrayRef, RecordBatch, StructArray};
use arrow_schema::{Field, FieldRef};
use ferrodf_core::interop::arrow::{
    ColumnMetadata, table_from_record_batch, table_to_record_batch,
};
use ferrodf_core::table::Table;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use std::sync::Arc;

/// Columns of equal length: pylibcudf's `Table`.
#[pyclass(name = "Table", module = "ferrodf.plc.table", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyTable(pub Table);

impl PyTable {
    fn record_batch(
        &self,
        py: Python<'_>,
        meta: Option<Vec<ColumnMetadata>>,
    ) -> PyResult<RecordBatch> {
        let t = self.0.clone();
        run(py, move || table_to_record_batch(&t, meta.as_deref()))
    }

    /// The table (all rows, or none when `empty`) as one struct array with its unnamed,
    /// non-nullable field (as a RecordBatch exports): what the Arrow PyCapsule protocol
    /// exports.
    fn arrow_export(&self, py: Python<'_>, empty: bool) -> PyResult<(ArrayRef, FieldRef)> {
        let table = if empty {
            let columns: Vec<_> = self
                .0
                .columns()
                .iter()
                .map(|c| c.slice(0, 0))
                .collect::<ferrodf_core::Result<_>>()
                .py()?;
            if columns.is_empty() {
                Table::empty_with_rows(0)
            } else {
                Table::new(columns).py()?
            }
        } else {
            self.0.clone()
        };
        let s: StructArray = PyTable(table).record_batch(py, None)?.into();
        let field = Arc::new(Field::new("", s.data_type().clone(), false));
        Ok((Arc::new(s), field))
    }
}

arrow_capsule_methods!(PyTable);

plc_methods! {
    impl PyTable {
        /// A deep copy.
        fn copy<'py>(&self, py) [stream, mr] -> PyTable {
            let t = self.0.clone();
            run(py, move || t.deep_copy()).map(PyTable)
        }

        /// Convert to a pyarrow Table; `metadata` names the columns (str or ColumnMetadata
        /// each).
        fn to_arrow<'py>(&self, py, metadata: Option<&Bound<'py, PyAny>> = None) [stream]
            -> Bound<'py, PyAny>
        {
            let meta = match metadata.filter(|m| !m.is_none()) {
                None => None,
                Some(m) => Some(
                    m.try_iter()?
                        .map(|x| metadata_from_py(&x?))
                        .collect::<PyResult<Vec<_>>>()?,
                ),
            };
            let batch = self.record_batch(py, meta)?;
            let schema = batch.schema();
            pyo3_arrow::PyTable::try_new(vec![batch], schema)?.into_pyarrow(py)
        }
    }
}

#[pymethods]
impl PyTable {
    #[new]
    #[pyo3(signature = (columns, num_rows = None))]
    fn new(columns: &Bound<'_, PyAny>, num_rows: Option<usize>) -> PyResult<Self> {
        let cols: Vec<PyColumn> = columns
            .try_iter()
            .map_err(|_| {
                PyTypeError::new_err("Table(columns): columns must be an iterable of Column")
            })?
            .map(|c| {
                c?.extract::<PyColumn>().map_err(|_| {
                    PyTypeError::new_err("Table(columns): every item must be a ferrodf.plc.Column")
                })
            })
            .collect::<PyResult<_>>()?;
        let cols: Vec<_> = cols.into_iter().map(|c| c.0).collect();
        if cols.is_empty() {
            return Ok(PyTable(Table::empty_with_rows(num_rows.unwrap_or(0))));
        }
        let t = Table::new(cols).py()?;
        if let Some(n) = num_rows
            && n != t.num_rows()
        {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "num_rows={n} does not match the columns' length {}",
                t.num_rows()
            )));
        }
        Ok(PyTable(t))
    }

    /// The columns.
    fn columns(&self) -> Vec<PyColumn> {
        self.0.columns().iter().cloned().map(PyColumn).collect()
    }
    /// Number of columns.
    fn num_columns(&self) -> usize {
        self.0.num_columns()
    }
    /// Number of rows.
    fn num_rows(&self) -> usize {
        self.0.num_rows()
    }
    /// (num_rows, num_columns).
    fn shape(&self) -> (usize, usize) {
        (self.0.num_rows(), self.0.num_columns())
    }
    /// A table from a pyarrow Table or RecordBatch, or anything with `__arrow_c_stream__`
    /// (chunks are concatenated).
    #[staticmethod]
    #[pyo3(signature = (arrow_like, dtype = None, stream = None, mr = None))]
    fn from_arrow(
        py: Python<'_>,
        arrow_like: &Bound<'_, PyAny>,
        dtype: Option<&Bound<'_, PyAny>>,
        stream: Option<&Bound<'_, PyAny>>,
        mr: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyTable> {
        let _ = dtype;
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        let batches: Vec<RecordBatch>;
        let schema;
        if arrow_like.hasattr("__arrow_c_stream__")? {
            let t: pyo3_arrow::PyTable = arrow_like.extract()?;
            let (b, s) = t.into_inner();
            batches = b;
            schema = s;
        } else if arrow_like.hasattr("__arrow_c_array__")? {
            let b: pyo3_arrow::PyRecordBatch = arrow_like.extract()?;
            let b = b.into_inner();
            schema = b.schema();
            batches = vec![b];
        } else {
            return Err(PyTypeError::new_err(format!(
                "Table.from_arrow needs a pyarrow Table/RecordBatch or an object with \
                 __arrow_c_stream__, got {}",
                arrow_like.get_type().name()?
            )));
        }
        let t = run(py, move || {
            let batch = arrow_select::concat::concat_batches(&schema, &batches)?;
            table_from_record_batch(&batch).map(|(t, _)| t)
        })?;
        Ok(PyTable(t))
    }

    fn __repr__(&self) -> String {
        format!(
            "<ferrodf.plc.Table {} rows x {} columns>",
            self.0.num_rows(),
            self.0.num_columns()
        )
    }
}

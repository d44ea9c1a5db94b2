//! The frontend's pandas semantics for Python: Series operators, reductions, missing
//! values, and the same rules on bare columns for the DataFrame wrapper. Only argument
//! conversion happens here; `ferrodf::compute` and `ferrodf::Series` decide everything.

use ferrodf::compute::{
    BinaryOp, Operand, ReduceOptions, Reduction, ScanOp, Value, binary_column, scan_column,
};
use ferrodf::core::ops::stream_compaction::DuplicateKeepOption;
use ferrodf::core::{Scalar, TypeId};
use ferrodf::series::{Other, SearchSide, parse_interpolation};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};

use super::groupby::selected_to_py;
use super::keys::label_from_py;
use super::objects::{PyDataFrame, PyIndex, PySeries};
use crate::column::PyColumn;
use crate::errors::{IntoPyResult, run};
use crate::scalar::PyScalar;

/// Column labels and one Python value per label.
type LabelledValues = (Vec<Py<PyAny>>, Vec<Py<PyAny>>);
use ferrodf::frame_ops::FrameOther;
use ferrodf::lookup::Location;

/// A Python scalar as an operand: numbers stay weak (they take the column's type), other
/// values (datetime, timedelta, Decimal, NumPy date-times) become typed scalars.
pub fn value_from_py(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(s) = obj.cast::<PyScalar>() {
        return Ok(Value::Scalar(s.get().0.clone()));
    }
    if obj.is_instance_of::<PyBool>() {
        return Ok(Value::Bool(obj.extract()?));
    }
    if obj.is_instance_of::<PyInt>() {
        return Ok(Value::Int(obj.extract()?));
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok(Value::from(obj.extract::<f64>()?));
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(Value::Str(obj.extract()?));
    }
    let np = py.import("numpy")?;
    // before np.integer: NumPy's timedelta64 is one
    if obj.is_instance(&np.getattr("datetime64")?)?
        || obj.is_instance(&np.getattr("timedelta64")?)?
    {
        // Arrow has no day or week units: such values are taken in seconds, as pandas does
        let mut arr = np
            .call_method1("asarray", (obj,))?
            .call_method1("reshape", (1,))?;
        let unit: String = np
            .call_method1("datetime_data", (arr.getattr("dtype")?,))?
            .get_item(0)?
            .extract()?;
        if !matches!(unit.as_str(), "s" | "ms" | "us" | "ns") {
            let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
            let target = if kind == "M" {
                "datetime64[s]"
            } else {
                "timedelta64[s]"
            };
            arr = arr.call_method1("astype", (target,))?;
        }
        let pa = py.import("pyarrow")?;
        let col = crate::arrow_io::import_column(py, &pa.call_method1("array", (arr,))?)?;
        return Ok(Value::Scalar(Scalar::from_column(col).py()?));
    }
    if obj.is_instance(&np.getattr("bool_")?)? {
        return Ok(Value::Bool(obj.is_truthy()?));
    }
    if obj.is_instance(&np.getattr("integer")?)? {
        return Ok(Value::Int(obj.call_method0("item")?.extract()?));
    }
    if obj.is_instance(&np.getattr("floating")?)? {
        return Ok(Value::from(obj.call_method0("item")?.extract::<f64>()?));
    }
    // pd.NA and pd.NaT are missing values of no particular type
    let type_name = obj.get_type().name()?.to_string();
    if type_name == "NAType" || type_name == "NaTType" {
        return Ok(Value::Null);
    }
    let list = pyo3::types::PyList::new(py, [obj])?;
    match PyColumn::from_iterable_of_py(py, list.as_any(), None, None) {
        Ok(col) => Ok(Value::Scalar(Scalar::from_column(col.0).py()?)),
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "a {type_name} cannot be an operand of a ferrodf operation; use a number, a \
             string, a date-time, a Series or an array"
        ))),
    }
}

/// The other side of a Series operation from Python.
fn other_from_py(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Other> {
    if let Ok(s) = obj.cast::<PySeries>() {
        return Ok(Other::Series(s.get().0.clone()));
    }
    if let Ok(c) = obj.cast::<PyColumn>() {
        return Ok(Other::Column(c.get().0.clone()));
    }
    value_from_py(py, obj).map(Other::Value)
}

/// A reduction's result as a Python value (NaN for NaN, None for a null). Reads the one
/// value in its own type: one copy from the device, no conversion kernel.
pub fn scalar_to_py(py: Python<'_>, s: &Scalar) -> PyResult<Py<PyAny>> {
    macro_rules! native {
        ($t:ty) => {
            match s.value::<$t>().py()? {
                Some(v) => v.into_pyobject(py)?.into_any().unbind(),
                None => py.None(),
            }
        };
    }
    Ok(match s.dtype().id() {
        TypeId::Int8 => native!(i8),
        TypeId::Int16 => native!(i16),
        TypeId::Int32 => native!(i32),
        TypeId::Int64 => native!(i64),
        TypeId::Uint8 => native!(u8),
        TypeId::Uint16 => native!(u16),
        TypeId::Uint32 => native!(u32),
        TypeId::Uint64 => native!(u64),
        TypeId::Float32 => native!(f32),
        TypeId::Float64 => native!(f64),
        TypeId::Bool8 => match s.value::<u8>().py()? {
            Some(v) => pyo3::types::PyBool::new(py, v != 0)
                .to_owned()
                .into_any()
                .unbind(),
            None => py.None(),
        },
        t if t.is_timestamp() || t.is_duration() => time_to_py(py, s)?,
        _ => Bound::new(py, PyScalar(s.clone()))?
            .call_method1("to_py", ())?
            .unbind(),
    })
}

/// A date-time or duration as pandas gives it: a `Timestamp` or `Timedelta` in the value's
/// unit (days, which pandas lacks, in seconds), or `NaT`. Python's `datetime` would drop
/// nanoseconds.
fn time_to_py(py: Python<'_>, s: &Scalar) -> PyResult<Py<PyAny>> {
    let pandas = py.import("pandas")?;
    let id = s.dtype().id();
    let (ticks, unit) = match id {
        TypeId::TimestampDays | TypeId::DurationDays => {
            (s.value::<i32>().py()?.map(|d| i64::from(d) * 86_400), "s")
        }
        TypeId::TimestampSeconds | TypeId::DurationSeconds => (s.value::<i64>().py()?, "s"),
        TypeId::TimestampMilliseconds | TypeId::DurationMilliseconds => {
            (s.value::<i64>().py()?, "ms")
        }
        TypeId::TimestampMicroseconds | TypeId::DurationMicroseconds => {
            (s.value::<i64>().py()?, "us")
        }
        _ => (s.value::<i64>().py()?, "ns"),
    };
    let Some(ticks) = ticks else {
        return Ok(pandas.getattr("NaT")?.unbind());
    };
    let (numpy_type, pandas_type) = if id.is_timestamp() {
        ("datetime64", "Timestamp")
    } else {
        ("timedelta64", "Timedelta")
    };
    let value = py
        .import("numpy")?
        .getattr(numpy_type)?
        .call1((ticks, unit))?;
    Ok(pandas.getattr(pandas_type)?.call1((value,))?.unbind())
}

/// pandas' `keep=`: "first", "last" or False (drop every duplicated row).
pub fn keep_from_py(keep: &Bound<'_, PyAny>) -> PyResult<DuplicateKeepOption> {
    if keep.is_instance_of::<PyBool>() && !keep.is_truthy()? {
        return Ok(DuplicateKeepOption::KeepNone);
    }
    match keep.extract::<String>()?.as_str() {
        "first" => Ok(DuplicateKeepOption::KeepFirst),
        "last" => Ok(DuplicateKeepOption::KeepLast),
        other => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "keep must be 'first', 'last' or False, got {other:?}"
        ))),
    }
}

fn reduce_options(skipna: bool, min_count: usize, ddof: i32, dropna: bool) -> ReduceOptions {
    ReduceOptions {
        skipna,
        min_count,
        ddof,
        dropna,
        numeric_only: false,
    }
}

fn reduction(how: &str, q: f64) -> PyResult<Reduction> {
    Ok(match Reduction::parse(how).py()? {
        Reduction::Quantile(_) => Reduction::Quantile(q),
        r => r,
    })
}

#[pymethods]
impl PySeries {
    /// `self op other` (`other op self` when reflected) with pandas' rules, aligned on the
    /// labels: an operator, or with `flex` a flex method, where `fill_value` stands in for a
    /// value missing on one side.
    #[pyo3(signature = (op, other, reflected = false, fill_value = None, flex = false))]
    fn binary(
        &self,
        py: Python<'_>,
        op: &str,
        other: &Bound<'_, PyAny>,
        reflected: bool,
        fill_value: Option<&Bound<'_, PyAny>>,
        flex: bool,
    ) -> PyResult<Self> {
        let op = BinaryOp::parse(op).py()?;
        let other = other_from_py(py, other)?;
        let fill = fill_value.map(|f| value_from_py(py, f)).transpose()?;
        let s = self.0.clone();
        run(py, move || match (flex, reflected) {
            (true, _) => s.binary_with(op, other, reflected, fill),
            (false, false) => s.binary(op, other),
            (false, true) => s.rbinary(op, other),
        })
        .map(PySeries)
    }

    /// A reduction (`sum`, `mean`, `count`, ...) with pandas' options.
    #[pyo3(signature = (how, skipna = true, min_count = 0, ddof = 1, q = 0.5, dropna = true, numeric_only = false))]
    #[allow(clippy::too_many_arguments)]
    fn reduce(
        &self,
        py: Python<'_>,
        how: &str,
        skipna: bool,
        min_count: usize,
        ddof: i32,
        q: f64,
        dropna: bool,
        numeric_only: bool,
    ) -> PyResult<Py<PyAny>> {
        let how = reduction(how, q)?;
        let opts = ReduceOptions {
            numeric_only,
            ..reduce_options(skipna, min_count, ddof, dropna)
        };
        let s = self.0.clone();
        let out = run(py, move || s.reduce(how, opts))?;
        scalar_to_py(py, &out)
    }

    /// `cumsum`, `cumprod`, `cummin` or `cummax`.
    fn cumulative(&self, py: Python<'_>, how: &str) -> PyResult<Self> {
        let how = ScanOp::parse(how).py()?;
        let s = self.0.clone();
        run(py, move || s.cumulative(how)).map(PySeries)
    }

    fn fillna(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Self> {
        let value = value_from_py(py, value)?;
        let s = self.0.clone();
        run(py, move || s.fillna(value)).map(PySeries)
    }

    #[pyo3(signature = (lower = None, upper = None))]
    fn clip(
        &self,
        py: Python<'_>,
        lower: Option<&Bound<'_, PyAny>>,
        upper: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let bound = |b: Option<&Bound<'_, PyAny>>| match b {
            Some(v) => value_from_py(py, v),
            None => Ok(Value::Null),
        };
        let (lo, hi) = (bound(lower)?, bound(upper)?);
        let s = self.0.clone();
        run(py, move || s.clip(lo, hi)).map(PySeries)
    }

    /// A `.dt` field by pandas' name (`"year"`, `"dayofweek"`, ...), int32.
    fn dt_field(&self, py: Python<'_>, name: &str) -> PyResult<Self> {
        let s = self.0.clone();
        let name = name.to_string();
        run(py, move || s.dt()?.get(&name)).map(PySeries)
    }

    /// `.dt.floor/ceil/round(freq)`: `how` is "floor", "ceil" or "round".
    fn dt_round(&self, py: Python<'_>, how: &str, freq: &str) -> PyResult<Self> {
        let s = self.0.clone();
        let (how, freq) = (how.to_string(), freq.to_string());
        run(py, move || {
            let dt = s.dt()?;
            match how.as_str() {
                "floor" => dt.floor(&freq),
                "ceil" => dt.ceil(&freq),
                _ => dt.round(&freq),
            }
        })
        .map(PySeries)
    }

    /// Counts, or with `normalize` shares named "proportion" (`ferrodf::Series::value_counts`
    /// / `value_proportions`).
    #[pyo3(signature = (sort = true, ascending = false, dropna = true, normalize = false))]
    fn value_counts(
        &self,
        py: Python<'_>,
        sort: bool,
        ascending: bool,
        dropna: bool,
        normalize: bool,
    ) -> PyResult<Self> {
        let s = self.0.clone();
        run(py, move || {
            if normalize {
                s.value_proportions(sort, ascending, dropna)
            } else {
                s.value_counts(sort, ascending, dropna)
            }
        })
        .map(PySeries)
    }

    #[pyo3(signature = (ascending = true, na_first = false, key = None))]
    fn sort_values(
        &self,
        py: Python<'_>,
        ascending: bool,
        na_first: bool,
        key: Option<PyColumn>,
    ) -> PyResult<Self> {
        let s = self.0.clone();
        run(py, move || {
            s.sort_values(ascending, na_first, key.map(|k| k.0))
        })
        .map(PySeries)
    }

    #[pyo3(signature = (ascending = true, na_first = false))]
    fn sort_index(&self, py: Python<'_>, ascending: bool, na_first: bool) -> PyResult<Self> {
        let s = self.0.clone();
        run(py, move || s.sort_index(ascending, na_first)).map(PySeries)
    }

    fn drop_duplicates(&self, py: Python<'_>, keep: &Bound<'_, PyAny>) -> PyResult<Self> {
        let keep = keep_from_py(keep)?;
        let s = self.0.clone();
        run(py, move || s.drop_duplicates(keep)).map(PySeries)
    }

    /// The `qs` quantiles (missing values skipped) as a Series indexed by `qs`, with
    /// pandas' `interpolation` name (`Series::quantiles`).
    fn quantiles(&self, py: Python<'_>, qs: Vec<f64>, interpolation: &str) -> PyResult<Self> {
        let interpolation = parse_interpolation(interpolation).py()?;
        let s = self.0.clone();
        run(py, move || s.quantiles(&qs, interpolation)).map(PySeries)
    }

    /// Insertion positions of `values` in this sorted Series (`Series::searchsorted`),
    /// pandas' `side` name, optional `sorter` positions; an INT64 column.
    #[pyo3(signature = (values, side = "left", sorter = None))]
    fn searchsorted(
        &self,
        py: Python<'_>,
        values: PyColumn,
        side: &str,
        sorter: Option<PyColumn>,
    ) -> PyResult<PyColumn> {
        let side = SearchSide::parse(side).py()?;
        let s = self.0.clone();
        run(py, move || {
            s.searchsorted(&values.0, side, sorter.as_ref().map(|c| &c.0))
        })
        .map(PyColumn)
    }
}

#[pymethods]
impl PyIndex {
    /// pandas' `get_loc` of one label: the row position, or a column of positions when
    /// several rows carry the label; KeyError when none does.
    fn get_loc(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let key = value_from_py(py, key)?;
        let index = self.0.clone();
        match run(py, move || index.get_loc(&key))? {
            Location::Row(i) => Ok(i.into_pyobject(py)?.into_any().unbind()),
            Location::Rows(c) => Ok(Bound::new(py, PyColumn(c))?.into_any().unbind()),
        }
    }

    /// `get_loc` of a MultiIndex key given as one value per level (a prefix allowed).
    fn get_loc_levels(&self, py: Python<'_>, key: Vec<Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let key = key
            .iter()
            .map(|k| value_from_py(py, k))
            .collect::<PyResult<Vec<_>>>()?;
        let index = self.0.clone();
        match run(py, move || index.get_loc_levels(&key))? {
            Location::Row(i) => Ok(i.into_pyobject(py)?.into_any().unbind()),
            Location::Rows(c) => Ok(Bound::new(py, PyColumn(c))?.into_any().unbind()),
        }
    }

    /// The positions of `labels` (one column per level), in their order (pandas'
    /// `get_indexer_for`).
    fn get_indexer(&self, py: Python<'_>, labels: Vec<PyColumn>) -> PyResult<PyColumn> {
        let index = self.0.clone();
        let labels: Vec<_> = labels.into_iter().map(|c| c.0).collect();
        run(py, move || index.get_indexer_levels(&labels)).map(PyColumn)
    }

    /// A label slice's rows as `(from, to)` positions (pandas' `slice_locs`).
    #[pyo3(signature = (start = None, stop = None))]
    fn slice_positions(
        &self,
        py: Python<'_>,
        start: Option<&Bound<'_, PyAny>>,
        stop: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(usize, usize)> {
        let start = start.map(|k| value_from_py(py, k)).transpose()?;
        let stop = stop.map(|k| value_from_py(py, k)).transpose()?;
        let index = self.0.clone();
        run(py, move || {
            index.slice_positions(start.as_ref(), stop.as_ref())
        })
    }
}

#[pymethods]
impl PyIndex {
    /// pandas' `idx[i]`: the label at a position (a tuple on a MultiIndex), one value read.
    fn value_at(&self, py: Python<'_>, position: i64) -> PyResult<Py<PyAny>> {
        let index = self.0.clone();
        let values = run(py, move || index.value_at(position))?;
        let mut items = values
            .iter()
            .map(|v| scalar_to_py(py, v))
            .collect::<PyResult<Vec<_>>>()?;
        if items.len() == 1 {
            return Ok(items.remove(0));
        }
        Ok(pyo3::types::PyTuple::new(py, items)?.into_any().unbind())
    }

    /// The smallest label, missing labels skipped.
    fn min(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let index = self.0.clone();
        let out = run(py, move || index.min())?;
        scalar_to_py(py, &out)
    }

    /// The largest label, missing labels skipped.
    fn max(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let index = self.0.clone();
        let out = run(py, move || index.max())?;
        scalar_to_py(py, &out)
    }

    /// The labels converted to the pandas dtype `dtype` (a dtype name).
    fn astype(&self, py: Python<'_>, dtype: String) -> PyResult<Self> {
        let index = self.0.clone();
        run(py, move || index.astype(&dtype)).map(PyIndex)
    }

    /// A one-column frame of the labels (`Index::to_frame`).
    #[pyo3(signature = (index = true, name = None))]
    fn to_frame(
        &self,
        py: Python<'_>,
        index: bool,
        name: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyDataFrame> {
        let name = name.map(label_from_py).transpose()?;
        let idx = self.0.clone();
        run(py, move || idx.to_frame(index, name)).map(PyDataFrame)
    }

    /// pandas' `inferred_type` of the labels.
    #[getter]
    fn inferred_type(&self) -> PyResult<&'static str> {
        self.0.inferred_type().py()
    }
}

#[pymethods]
impl PyDataFrame {
    /// `self op other` (`other op self` when reflected) with pandas' alignment: a scalar,
    /// a frame (rows and columns aligned) or a Series (matched with the column labels); with
    /// `flex`, pandas' flex method (`axis` "index" or "columns", `fill_value`).
    #[pyo3(signature = (op, other, reflected = false, flex = false, axis = "columns", fill_value = None))]
    #[allow(clippy::too_many_arguments)]
    fn binary(
        &self,
        py: Python<'_>,
        op: &str,
        other: &Bound<'_, PyAny>,
        reflected: bool,
        flex: bool,
        axis: &str,
        fill_value: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyDataFrame> {
        let op = BinaryOp::parse(op).py()?;
        let other = if let Ok(f) = other.cast::<PyDataFrame>() {
            FrameOther::Frame(f.get().0.clone())
        } else if let Ok(s) = other.cast::<PySeries>() {
            FrameOther::Series(s.get().0.clone())
        } else {
            FrameOther::Value(value_from_py(py, other)?)
        };
        let df = self.0.clone();
        if !flex {
            return run(py, move || df.binary(op, other, reflected)).map(PyDataFrame);
        }
        let axis = ferrodf::frame_flex::Axis::parse(axis).py()?;
        let fill = fill_value.map(|f| value_from_py(py, f)).transpose()?;
        run(py, move || df.binary_with(op, other, reflected, axis, fill)).map(PyDataFrame)
    }

    /// Row `position` as a Series indexed by the column labels.
    fn row(&self, py: Python<'_>, position: usize) -> PyResult<PySeries> {
        let df = self.0.clone();
        run(py, move || df.row(position)).map(PySeries)
    }

    /// `df.loc[key]` with one label on a one-level index: the row as a Series, or the
    /// frame of the rows carrying a repeated label (`DataFrame::loc_label`).
    fn loc_label(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let key = value_from_py(py, key)?;
        let df = self.0.clone();
        let out = run(py, move || df.loc_label(&key))?;
        selected_to_py(py, out)
    }
}

/// `reduce` and `reduce_each` take pandas' reduction arguments alike; `$finish` turns the
/// frontend's per-column results into the method's.
macro_rules! frame_reductions {
    ($($(#[$doc:meta])* fn $name:ident -> $out:ty = $finish:path;)*) => {
        #[pymethods]
        impl PyDataFrame {$(
            $(#[$doc])*
            #[pyo3(signature = (how, skipna = true, min_count = 0, ddof = 1, q = 0.5, dropna = true, numeric_only = false))]
            #[allow(clippy::too_many_arguments)]
            fn $name(
                &self,
                py: Python<'_>,
                how: &str,
                skipna: bool,
                min_count: usize,
                ddof: i32,
                q: f64,
                dropna: bool,
                numeric_only: bool,
            ) -> PyResult<$out> {
                let how = reduction(how, q)?;
                let opts = reduce_options(skipna, min_count, ddof, dropna);
                let df = self.0.clone();
                let out = run(py, move || df.$name(how, opts, numeric_only))?;
                $finish(py, out)
            }
        )*}
    };
}

frame_reductions! {
    /// One value per column as a Series indexed by the column labels.
    fn reduce -> PySeries = series_result;
    /// The per-column results of `reduce` as (column labels, Python values), for results
    /// of different kinds that no single column type holds.
    fn reduce_each -> LabelledValues = labelled_values;
}

fn series_result(_py: Python<'_>, s: ferrodf::Series) -> PyResult<PySeries> {
    Ok(PySeries(s))
}

fn labelled_values(
    py: Python<'_>,
    (labels, values): (Vec<ferrodf::Label>, Vec<Scalar>),
) -> PyResult<LabelledValues> {
    let labels = labels
        .iter()
        .map(|l| super::keys::label_to_py(py, l))
        .collect::<PyResult<_>>()?;
    let values = values
        .iter()
        .map(|v| scalar_to_py(py, v))
        .collect::<PyResult<_>>()?;
    Ok((labels, values))
}

/// `lhs op rhs` on bare columns with the pandas layer's rules (the DataFrame wrapper's
/// column-by-column operations).
#[pyfunction]
#[pyo3(signature = (lhs, op, rhs, reflected = false))]
fn binary_column_op(
    py: Python<'_>,
    lhs: PyColumn,
    op: &str,
    rhs: &Bound<'_, PyAny>,
    reflected: bool,
) -> PyResult<PyColumn> {
    let op = BinaryOp::parse(op).py()?;
    let l = lhs.0;
    if let Ok(c) = rhs.cast::<PyColumn>() {
        let r = c.get().0.clone();
        return run(py, move || {
            binary_column(&l, op, Operand::Column(&r), reflected)
        })
        .map(PyColumn);
    }
    let v = value_from_py(py, rhs)?;
    run(py, move || {
        binary_column(&l, op, Operand::Value(&v), reflected)
    })
    .map(PyColumn)
}

/// A cumulative operation on a bare column.
#[pyfunction]
fn scan_column_op(py: Python<'_>, col: PyColumn, how: &str) -> PyResult<PyColumn> {
    let how = ScanOp::parse(how).py()?;
    let c = col.0;
    run(py, move || scan_column(&c, how)).map(PyColumn)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(binary_column_op, m)?)?;
    m.add_function(wrap_pyfunction!(scan_column_op, m)?)?;
    Ok(())
}

delegate_methods!(PySeries {
    isna -> PySeries;
    notna -> PySeries;
    unique -> PySeries;
    dropna -> PySeries;
});

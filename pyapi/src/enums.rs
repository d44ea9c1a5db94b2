//! Python enum objects. The `IntEnum`s of `ferrodf.plc` are built at import time from
//! their one definition in Rust (`ferrodf_core::python_enums`), which `_lib.enums` hands
//! over.

use ferrodf_core::named_enum::NamedEnum;
use pyo3::prelude::*;

/// `module.name(value)`: an IntEnum member from the Python side of the package.
pub fn py_enum<'py>(
    py: Python<'py>,
    module: &str,
    name: &str,
    value: i32,
) -> PyResult<Bound<'py, PyAny>> {
    py.import(module)?.getattr(name)?.call1((value,))
}

/// The Rust enum `E` of a Python enum member (or its integer value); a ValueError names the
/// valid members for any other value.
pub fn extract_enum<E: NamedEnum>(obj: &Bound<'_, PyAny>) -> PyResult<E> {
    E::from_i32(enum_value(obj, E::INFO.name)?).map_err(crate::errors::to_py)
}

/// An optional enum argument: `default` when it is not given.
pub fn extract_enum_or<E: NamedEnum>(obj: Option<&Bound<'_, PyAny>>, default: E) -> PyResult<E> {
    obj.map_or(Ok(default), extract_enum)
}

/// The integer value of an enum member (or a plain int).
pub fn enum_value(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<i32> {
    if obj.is_instance_of::<pyo3::types::PyInt>() {
        return obj.extract::<i32>().map_err(|_| {
            pyo3::exceptions::PyValueError::new_err(format!("{obj} is not a valid {what} value"))
        });
    }
    obj.extract::<i32>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "expected a {what} (or its integer value), got {}",
            crate::args::type_name(obj)
        ))
    })
}

/// `_lib.enums`: `{class name: (plc module, docstring, [(NAME, value), ...])}` for every
/// Python-visible enum; `ferrodf.plc._enums.rust_enum` builds the classes from it.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let enums = pyo3::types::PyDict::new(m.py());
    for info in ferrodf_core::python_enums::PYTHON_ENUMS {
        enums.set_item(info.name, (info.module, info.doc, info.members.to_vec()))?;
    }
    m.add("enums", enums)
}

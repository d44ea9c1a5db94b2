//! Python enum objects (IntEnums defined in the pure-Python part of the package).

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
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })
}

//! `plc.traits`: libcudf's type traits on DataType.

use crate::args::add_functions;
use crate::types::PyDataType;
use ferrodf_core::traits;
use pyo3::prelude::*;

/// One binding per libcudf type trait of the same name, and `register`, which adds them all
/// (and `is_bit_castable`) to the module.
macro_rules! trait_fns {
    ($($name:ident),*) => {
        $(
            #[doc = concat!("libcudf's `", stringify!($name), "` of a DataType.")]
            #[pyfunction]
            pub fn $name(typ: PyDataType) -> bool {
                traits::$name(typ.0)
            }
        )*

        /// Register the trait functions on `m`.
        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            add_functions!(m, $($name,)* is_bit_castable)
        }
    };
}

trait_fns!(
    is_relationally_comparable,
    is_equality_comparable,
    is_numeric,
    is_numeric_not_bool,
    is_index_type,
    is_unsigned,
    is_integral,
    is_integral_not_bool,
    is_floating_point,
    is_boolean,
    is_timestamp,
    is_fixed_point,
    is_duration,
    is_chrono,
    is_dictionary,
    is_fixed_width,
    is_compound,
    is_nested
);

/// Whether values of `source` can be reinterpreted as `target` (same storage size).
#[pyfunction]
pub fn is_bit_castable(source: PyDataType, target: PyDataType) -> bool {
    traits::is_bit_castable(source.0, target.0)
}

//! # ferrodf-core
//!
//! libcudf's data model and algorithms in Rust. Columns live in [`buffer::Buffer`]s that
//! move lazily between host and GPU memory; each operation in [`ops`] has a host path
//! (arrow-rs and plain Rust) and a device path (CUDA kernels compiled at run time by NVRTC,
//! launched through cudarc), chosen by the [`placement`] policy, with identical results.
//!
//! ```
//! use ferrodf_core::{column::Column, ops::reduce, ops::aggregation::Aggregation, types::*};
//! let c = Column::from_options(vec![Some(1i64), None, Some(41)]);
//! let s = reduce::reduce(&c, &Aggregation::sum(), DataType::from(TypeId::Int64)).unwrap();
//! assert_eq!(s.value::<i64>().unwrap(), Some(42));
//! ```

pub mod aggregation_kind;
pub mod binary_operator;
pub mod bitmask;
pub mod buffer;
pub mod column;
pub mod copy_options;
pub mod datetime_parts;
pub mod device;
pub mod error;
pub mod fallback;
pub mod interop;
pub mod io;
pub mod keys;
pub mod memory;
pub mod named_enum;
pub mod native;
pub mod ops;
pub mod params;
pub mod placement;
pub mod python_enums;
pub mod scalar;
pub mod string_options;
pub mod table;
pub mod traits;
pub mod types;
pub mod unary_operator;

pub use column::Column;
pub use error::{Error, Result};
pub use scalar::Scalar;
pub use table::Table;
pub use types::{DataType, TypeId};

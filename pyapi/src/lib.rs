//! The Python extension module `ferrodf._lib`: thin bindings of ferrodf-core. Semantics live
//! in the core; this crate converts arguments, releases the GIL around core calls and maps
//! errors onto Python exceptions. The public Python API is assembled in `python/ferrodf`.

mod aggregation;
mod args;
mod arrow_io;
mod binaryop;
mod column;
mod column_factories;
mod concatenate;
mod context;
mod contiguous_split;
mod copying;
mod datetime;
mod dlpack;
mod enums;
mod errors;
mod expressions;
mod filling;
mod frame;
mod gpumemoryview;
mod groupby;
mod hashing;
mod io;
mod join;
mod labeling;
mod lists;
mod memory;
mod merge;
mod null_mask;
mod nvtext;
mod partitioning;
mod quantiles;
mod reduce;
mod regex;
mod replace;
mod reshape;
mod rolling;
mod round;
mod runtime;
mod scalar;
mod search;
mod sorting;
mod stream;
mod stream_compaction;
mod strings;
mod strings_convert;
mod strings_edit;
mod table;
mod traits;
mod transform;
mod types;
mod unary;

// The global allocator (also included by core/examples/io_read_timing.rs).
include!("allocator.rs");

use pyo3::prelude::*;

/// The submodules of `_lib`, one per `ferrodf.plc` module, with the functions that
/// register their bindings (`strings` gathers the string and regex bindings, `interop`
/// the DLPack ones).
const SUBMODULES: &[(&str, &[Register])] = &[
    ("aggregation", &[aggregation::register]),
    ("binaryop", &[binaryop::register]),
    ("column_factories", &[column_factories::register]),
    ("concatenate", &[concatenate::register]),
    ("contiguous_split", &[contiguous_split::register]),
    ("copying", &[copying::register]),
    ("datetime", &[datetime::register]),
    ("expressions", &[expressions::register]),
    ("filling", &[filling::register]),
    ("groupby", &[groupby::register]),
    ("hashing", &[hashing::register]),
    ("interop", &[dlpack::register]),
    ("io", &[io::register]),
    ("join", &[join::register]),
    ("labeling", &[labeling::register]),
    ("lists", &[lists::register]),
    ("merge", &[merge::register]),
    ("null_mask", &[null_mask::register]),
    ("nvtext", &[nvtext::register]),
    ("partitioning", &[partitioning::register]),
    ("quantiles", &[quantiles::register]),
    ("reduce", &[reduce::register]),
    ("replace", &[replace::register]),
    ("reshape", &[reshape::register]),
    ("rolling", &[rolling::register]),
    ("round", &[round::register]),
    ("search", &[search::register]),
    ("sorting", &[sorting::register]),
    ("stream_compaction", &[stream_compaction::register]),
    (
        "strings",
        &[
            strings::register,
            regex::register,
            strings_edit::register,
            strings_convert::register,
        ],
    ),
    ("traits", &[traits::register]),
    ("transform", &[transform::register]),
    ("transpose", &[reshape::register_transpose]),
    ("types", &[types::register]),
    ("unary", &[unary::register]),
];

type Register = fn(&Bound<'_, PyModule>) -> PyResult<()>;

/// Add the submodule `ferrodf._lib.<name>` to `parent`, filled by `registers`. It is also
/// entered in `sys.modules`, which `from ferrodf._lib.<name> import f` looks in (an
/// extension's submodules are not found on the import path).
fn add_submodule(parent: &Bound<'_, PyModule>, name: &str, registers: &[Register]) -> PyResult<()> {
    let py = parent.py();
    let qualified = format!("ferrodf._lib.{name}");
    let sub = PyModule::new(py, &qualified)?;
    for register in registers {
        register(&sub)?;
    }
    parent.add(name, &sub)?;
    py.import("sys")?
        .getattr("modules")?
        .set_item(qualified, sub)?;
    Ok(())
}

#[pymodule]
fn _lib(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<types::PyDataType>()?;
    m.add_class::<column::PyColumn>()?;
    m.add_class::<lists::PyListsColumnView>()?;
    m.add_class::<column::PyStructsColumnView>()?;
    m.add_class::<table::PyTable>()?;
    m.add_class::<scalar::PyScalar>()?;
    m.add_class::<gpumemoryview::GpuMemoryView>()?;
    m.add_class::<stream::PyStream>()?;
    m.add_class::<stream::PyStreamOrder>()?;
    m.add_function(wrap_pyfunction!(stream::stream_order, m)?)?;
    enums::register(m)?;
    frame::register(m)?;
    memory::register(m)?;
    runtime::register(m)?;
    context::register(m)?;
    for (name, registers) in SUBMODULES {
        add_submodule(m, name, registers)?;
    }
    Ok(())
}

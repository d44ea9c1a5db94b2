//! Every device kernel module compiles with NVRTC for Hopper (sm_90), checked without a GPU.
//!
//! Needs only NVRTC (`libnvrtc.so.13`, e.g. from the `nvidia-cuda-nvrtc` wheel that
//! `make test` installs and puts on `LD_LIBRARY_PATH`). Without it the test says so and
//! passes only when `FERRODF_REQUIRE_NVRTC` is unset, so plain `cargo test` works anywhere.

use ferrodf_core::device::kernels::{
    binaryop, cast, hashing, null_mask, reduce, search, transform, unary,
};
use ferrodf_core::device::primitives::bitmask;
use ferrodf_core::types::TypeId;

const NUMERIC: [TypeId; 11] = [
    TypeId::Int8,
    TypeId::Int16,
    TypeId::Int32,
    TypeId::Int64,
    TypeId::Uint8,
    TypeId::Uint16,
    TypeId::Uint32,
    TypeId::Uint64,
    TypeId::Float32,
    TypeId::Float64,
    TypeId::Bool8,
];

fn nvrtc_present() -> bool {
    // SAFETY: only probes whether the library can be opened.
    let present = unsafe { cudarc::nvrtc::sys::is_culib_present() };
    if !present && std::env::var_os("FERRODF_REQUIRE_NVRTC").is_some() {
        panic!("FERRODF_REQUIRE_NVRTC is set but libnvrtc could not be loaded");
    }
    if !present {
        eprintln!("NVRTC not found: kernel compilation not checked");
    }
    present
}

fn compile(name: &str, src: &str) {
    compile_ptx(name, src);
}

/// Compiles `src` for sm_90 and returns its PTX.
fn compile_ptx(name: &str, src: &str) -> String {
    let opts = cudarc::nvrtc::CompileOptions {
        arch: Some("sm_90"),
        options: vec!["--std=c++17".into(), "--device-int128".into()],
        fmad: Some(false),
        name: Some(format!("{name}.cu")),
        ..Default::default()
    };
    match cudarc::nvrtc::compile_ptx_with_opts(src, opts) {
        Ok(ptx) => ptx.to_src(),
        Err(e) => panic!("{name} failed to compile: {e:?}"),
    }
}

/// The binary-operation modules of operator family `family` for every `(lhs, rhs, common,
/// out)` type case, in parallel: NVRTC is the slow part.
fn compile_binaryop_modules(cases: &[(TypeId, TypeId, TypeId, TypeId)], family: u8) {
    use rayon::prelude::*;
    cases.par_iter().for_each(|&(lhs, rhs, common, out)| {
        let src = binaryop::module_source(lhs, rhs, common, out, family).unwrap();
        compile(&format!("binop{family}_{lhs}_{rhs}_{out}"), &src);
    });
}

#[test]
fn bitmask_and_reduce_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    use rayon::prelude::*;
    compile("bitmask", &bitmask::module_source());
    let pairs: Vec<_> = NUMERIC
        .iter()
        .flat_map(|&i| {
            NUMERIC
                .iter()
                .filter(|&&a| a != TypeId::Bool8)
                .map(move |&a| (i, a))
        })
        .collect();
    pairs.par_iter().for_each(|&(input, acc)| {
        compile(
            &format!("reduce_{input}_{acc}"),
            &reduce::module_source(input, acc).unwrap(),
        );
    });
}

#[test]
fn binaryop_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    // Every operand pair into its common type, and every operand type into outputs of the
    // other kinds (bool, float, a narrow integer).
    let mut cases = vec![];
    for lhs in NUMERIC {
        for rhs in NUMERIC {
            let common = ferrodf_core::ops::binaryop::common_type(lhs, rhs).unwrap();
            cases.push((lhs, rhs, common, common));
        }
        let common = ferrodf_core::ops::binaryop::common_type(lhs, lhs).unwrap();
        for out in [TypeId::Bool8, TypeId::Float64, TypeId::Int8] {
            cases.push((lhs, lhs, common, out));
        }
    }
    compile_binaryop_modules(&cases, 0);
}

#[test]
fn unary_cast_transform_modules_compile() {
    use rayon::prelude::*;
    if !nvrtc_present() {
        return;
    }
    compile("transform", &transform::module_source());
    let mut sources: Vec<(String, String)> = vec![];
    // Every storage type the unary, round and cast modules are built for: the numeric ones
    // (chrono tick counts are INT32/INT64, decimals INT32/INT64) and DECIMAL128's __int128.
    for t in NUMERIC.into_iter().chain([TypeId::Decimal128]) {
        sources.push((format!("unary_{t}"), unary::module_source(t).unwrap()));
        sources.push((format!("cast_{t}"), cast::module_source(t).unwrap()));
    }
    sources
        .par_iter()
        .for_each(|(name, src)| compile(name, src));
}

#[test]
fn data_movement_modules_compile() {
    use ferrodf_core::device::kernels::{
        concatenate, copying, filling, gather, movement, scan, stream_compaction,
    };
    use rayon::prelude::*;
    if !nvrtc_present() {
        return;
    }
    compile("movement", &movement::module_source());
    compile("copying", &copying::module_source());
    compile("stream_compaction", &stream_compaction::module_source());
    compile("filling", &filling::module_source());
    compile("concatenate", &concatenate::module_source());
    NUMERIC.par_iter().for_each(|&t| {
        if t != TypeId::Bool8 {
            compile(&format!("scan_{t}"), &scan::module_source(t).unwrap());
        }
        if t.is_integer() {
            compile(&format!("gather_{t}"), &gather::module_source(t).unwrap());
        }
    });
}

#[test]
fn lists_module_compiles() {
    if !nvrtc_present() {
        return;
    }
    compile(
        "lists",
        &ferrodf_core::device::kernels::lists::module_source(),
    );
}

#[test]
fn binaryop_extra_operator_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    // The second family (bitwise, shifts, logical, null-aware, ...): every operand type
    // against a signed, an unsigned, a float and a bool operand, into the common type and
    // BOOL8.
    let mut cases = vec![];
    for lhs in NUMERIC {
        for rhs in [TypeId::Int8, TypeId::Uint64, TypeId::Float32, TypeId::Bool8] {
            let common = ferrodf_core::ops::binaryop::common_type(lhs, rhs).unwrap();
            cases.push((lhs, rhs, common, common));
            cases.push((rhs, lhs, common, TypeId::Bool8));
        }
    }
    compile_binaryop_modules(&cases, 1);
}

/// Each binary-operation module defines exactly the kernels that the launcher looks up by
/// name for the operators of its family (the list is generated from `BinaryOperator`).
#[test]
fn binaryop_modules_define_the_kernels_of_their_operators() {
    use ferrodf_core::ops::binaryop::BinaryOperator;
    if !nvrtc_present() {
        return;
    }
    let t = TypeId::Int64;
    for family in [0u8, 1] {
        let src = binaryop::module_source(t, t, t, t, family).unwrap();
        let ptx = compile_ptx(&format!("binop{family}_entries"), &src);
        let entries = ptx.matches(".entry binop_").count();
        let mut expected = 0;
        for op in BinaryOperator::ALL {
            let Some(name) = binaryop::kernel_name(op) else {
                continue;
            };
            let here = ptx.contains(&format!(".entry {name}("));
            assert_eq!(
                here,
                binaryop::module_family(op) == family,
                "{op:?} ({name}) in family {family}"
            );
            expected += usize::from(here);
        }
        assert_eq!(
            entries, expected,
            "family {family} has kernels of no operator"
        );
    }
}

#[test]
fn single_variant_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    compile("hashing", &hashing::module_source());
    compile("null_mask", &null_mask::module_source());
    compile("search", &search::module_source());
    compile("binop_strings", &binaryop::strings_module_source());
    compile("decimal128_binop", &binaryop::decimal128_module_source());
}

#[test]
fn groupby_modules_compile() {
    use ferrodf_core::device::kernels::groupby;
    use rayon::prelude::*;
    if !nvrtc_present() {
        return;
    }
    compile("groupby_keys", &groupby::keys_module_source());
    // Every value storage type the aggregation kernels are built for (INT32 also serves
    // the counts).
    NUMERIC.par_iter().for_each(|&t| {
        compile(
            &format!("groupby_agg_{t}"),
            &groupby::agg_module_source(t).unwrap(),
        );
    });
}

#[test]
fn sorting_and_quantiles_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    use ferrodf_core::device::kernels::{quantiles, sorting};
    compile("sort_u32", &sorting::module_source(false));
    compile("sort_u64", &sorting::module_source(true));
    compile("quantiles", &quantiles::module_source());
}

#[test]
fn hash_table_and_partitioning_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    // One module: the row hash table, joins and duplicate removal.
    compile(
        "hash_table",
        &ferrodf_core::device::kernels::hash_table::module_source(),
    );
    compile(
        "partitioning",
        &ferrodf_core::device::kernels::partitioning::module_source(),
    );
}

#[test]
fn strings_and_datetime_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    use ferrodf_core::device::kernels::{datetime, strings};
    compile("strings", &strings::module_source());
    compile("datetime_i32", &datetime::module_source(true));
    compile("datetime_i64", &datetime::module_source(false));
}

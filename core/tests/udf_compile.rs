//! The kernels `transform.transform` generates around user-defined functions compile with
//! NVRTC for Hopper (sm_90), checked without a GPU: null-unaware and null-aware calling
//! conventions, every input type, BOOL8 in and out, and a UDF that uses the whole minimal
//! `cuda::std::optional`. NVRTC's log of a broken UDF names the user's line.
//!
//! Needs only NVRTC, as `kernels_compile.rs`: without it the test says so and passes only
//! when `FERRODF_REQUIRE_NVRTC` is unset.

use ferrodf_core::ops::transform::udf_kernel_source;
use ferrodf_core::params::NullAware;
use ferrodf_core::types::{DataType, TypeId};

fn nvrtc_present() -> bool {
    // SAFETY: only probes whether the library can be opened.
    let present = unsafe { cudarc::nvrtc::sys::is_culib_present() };
    if !present && std::env::var_os("FERRODF_REQUIRE_NVRTC").is_some() {
        panic!("FERRODF_REQUIRE_NVRTC is set but libnvrtc could not be loaded");
    }
    if !present {
        eprintln!("NVRTC not found: UDF kernel compilation not checked");
    }
    present
}

fn compile(udf: &str, inputs: &[TypeId], out: TypeId, aware: NullAware) -> String {
    let types: Vec<DataType> = inputs.iter().map(|&t| t.into()).collect();
    let k = udf_kernel_source(udf, &types, out.into(), aware).unwrap();
    match ferrodf_core::device::nvrtc::compile(&k.key, &k.source, "sm_90", false) {
        Ok(c) => {
            assert!(
                c.ptx.contains("ferro_udf_kernel"),
                "kernel missing from PTX"
            );
            c.ptx
        }
        Err(e) => panic!("UDF {udf} failed to compile: {e}\n{}", k.source),
    }
}

#[test]
fn null_unaware_udfs_compile() {
    if !nvrtc_present() {
        return;
    }
    use TypeId::*;
    compile(
        "__device__ inline void f(double* out, double a, float b) { *out = a * b; }",
        &[Float64, Float32],
        Float64,
        NullAware::No,
    );
    for t in [
        Int8,
        Int16,
        Int32,
        Int64,
        Uint8,
        Uint16,
        Uint32,
        Uint64,
        Float32,
        Float64,
        TimestampDays,
        TimestampNanoseconds,
        DurationSeconds,
    ] {
        compile(
            "// a comment with __device__ void nope(\n\
             template <class T> __device__ void twice(int64_t* out, T a) { *out = (int64_t)a * 2; }",
            &[t],
            Int64,
            NullAware::No,
        );
    }
    compile(
        "__device__ void gt(bool* out, int32_t a, bool b) { *out = b && a > 3; }",
        &[Int32, Bool8],
        Bool8,
        NullAware::No,
    );
    compile(
        "__device__ void three(float* out, int8_t a, uint16_t b, double c) { *out = a + b + c; }",
        &[Int8, Uint16, Float64],
        Float32,
        NullAware::No,
    );
}

#[test]
fn null_aware_udfs_compile() {
    if !nvrtc_present() {
        return;
    }
    use TypeId::*;
    compile(
        "__device__ void f(cuda::std::optional<double>* out, cuda::std::optional<int32_t> a,\n\
                           cuda::std::optional<double> b) {\n\
           if (a.has_value() && b) { *out = *a + b.value(); }\n\
           else if (a) { out->emplace(a.value_or(0)); }\n\
           else { *out = cuda::std::nullopt; }\n\
         }",
        &[Int32, Float64],
        Float64,
        NullAware::Yes,
    );
    compile(
        "__device__ void g(cuda::std::optional<bool>* out, cuda::std::optional<bool> a) {\n\
           if (a) *out = !*a; else out->reset();\n\
         }",
        &[Bool8],
        Bool8,
        NullAware::Yes,
    );
}

#[test]
fn nvrtc_log_names_the_users_line() {
    if !nvrtc_present() {
        return;
    }
    let udf = "__device__ void f(double* out, double a) {\n  *out = a + undefined_name;\n}";
    let k = udf_kernel_source(
        udf,
        &[TypeId::Float64.into()],
        TypeId::Float64.into(),
        NullAware::No,
    )
    .unwrap();
    let e = ferrodf_core::device::nvrtc::compile(&k.key, &k.source, "sm_90", false)
        .err()
        .expect("a broken UDF must not compile");
    let msg = e.to_string();
    assert!(msg.contains("undefined_name"), "{msg}");
    // `#line 1 "udf.cu"` makes the log count lines of the user's source.
    assert!(msg.contains("udf.cu(2)"), "{msg}");
}

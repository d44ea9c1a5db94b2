//! The CUDA source `transform.transform` compiles for a user-defined function: the user's
//! source included verbatim, then a kernel that calls its `__device__` function once per
//! row (grid-stride loop), as libcudf's CUDA-source UDFs are run.
//!
//! What the UDF sees (`T` is the C type of [`udf_ctype`]):
//! - null-unaware (`NullAware::NO`): `f(Out* out, T0 a0, T1 a1, ...)`. `*out` starts as
//!   `Out()` (zero); the function is called only on rows where every input is valid, and
//!   the output row is null where any input is null.
//! - null-aware (`NullAware::YES`): `f(cuda::std::optional<Out>* out,
//!   cuda::std::optional<T0> a0, ...)`, called on every row; an input is empty where its
//!   row is null, `*out` starts empty and the output row is null where it is still empty.
//!   NVRTC has no libcu++ headers without an include path, so the prelude defines a
//!   minimal `cuda::std::optional` (`has_value`, `operator bool`, `*`, `->`, `value`,
//!   `value_or`, `reset`, `emplace`, assignment from `T` and from `cuda::std::nullopt`).
//!
//! A size-1 input next to longer ones is a broadcast scalar: the kernel reads it with a
//! row stride of 0 (a launch argument, so one module serves both shapes).
//!
//! Kernel parameters, in order: per input its data (at row 0 of the column's view), mask
//! (0 when it has no nulls), mask bit offset and row stride (1, or 0 when broadcast); then
//! the output values, the output mask (whole 32-bit words, zeroed by the caller; may be 0
//! when no output row can be null), the null counter and the row count. The output mask is
//! set with `atomicOr`, not a warp ballot, so the kernel is also correct when one thread
//! walks every row (the host harness of the tests compiles it with g++).

use crate::error::{Error, Result};
use crate::params::NullAware;
use crate::types::{DataType, TypeId};
use std::fmt::Write;

/// The name of the kernel in every UDF module.
pub const KERNEL_NAME: &str = "ferro_udf_kernel";

/// The C type a UDF sees for values of `id`, and the C type they are stored as (they
/// differ for BOOL8 only: a `bool` stored as one byte). Timestamps and durations are
/// their integer representation (`int32_t` for the DAYS types, `int64_t` otherwise, in
/// the type's unit since the epoch). TypeError for other types (decimals, strings,
/// nested types), naming the type.
///
/// ```
/// use ferrodf_core::ops::transform::udf_ctype;
/// use ferrodf_core::types::TypeId;
/// assert_eq!(udf_ctype(TypeId::Float64.into()).unwrap(), ("double", "double"));
/// assert_eq!(udf_ctype(TypeId::Bool8.into()).unwrap(), ("bool", "uint8_t"));
/// assert!(udf_ctype(TypeId::String.into()).is_err());
/// ```
pub fn udf_ctype(dtype: DataType) -> Result<(&'static str, &'static str)> {
    use crate::device::kernels::{cuda_type, storage_id};
    let unsupported = || {
        Error::type_err(format!(
            "transform.transform supports numeric, BOOL8, timestamp and duration values, not \
             {dtype}"
        ))
    };
    // The storage type names the C type; decimals share an integer storage but their
    // scale would be lost, so they are refused with the non-fixed-width types.
    let id = dtype.id();
    if matches!(id, TypeId::Decimal32 | TypeId::Decimal64) {
        return Err(unsupported());
    }
    let st = storage_id(id).ok_or_else(unsupported)?;
    match cuda_type(st).map_err(|_| unsupported())? {
        (stored, true) => Ok(("bool", stored)),
        (t, false) => Ok((t, t)),
    }
}

/// `source` with its comments and string and character literals blanked out (same
/// length), so a `__device__` or `(` inside them is not taken for code.
fn strip_comments(source: &str) -> Vec<u8> {
    let b = source.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        let end = if rest.starts_with(b"//") {
            rest.iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p)
        } else if rest.starts_with(b"/*") {
            rest[2..]
                .windows(2)
                .position(|w| w == b"*/")
                .map_or(b.len(), |p| i + 2 + p + 2)
        } else if rest[0] == b'"' || rest[0] == b'\'' {
            let quote = rest[0];
            let mut j = i + 1;
            while j < b.len() && b[j] != quote && b[j] != b'\n' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            (j + 1).min(b.len())
        } else {
            i += 1;
            continue;
        };
        for c in &mut out[i..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        i = end;
    }
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Attribute-like words whose parenthesised arguments come before a function's name.
const ATTRIBUTES: [&str; 5] = [
    "__attribute__",
    "__launch_bounds__",
    "__align__",
    "alignas",
    "__declspec",
];

/// The name of the UDF: the identifier just before the parameter list of the first
/// `__device__` function in `source` (comments and literals ignored; `__device__`
/// variables, which reach `;`, `=` or `{` before any `(`, are skipped). ValueError when
/// there is none.
///
/// ```
/// use ferrodf_core::ops::transform::udf_function_name;
/// let src = "// __device__ void not_me(int*)\n__device__ inline void scale(double* out, float a) { *out = 2 * a; }";
/// assert_eq!(udf_function_name(src).unwrap(), "scale");
/// assert!(udf_function_name("int f(int x) { return x; }").is_err());
/// ```
pub fn udf_function_name(source: &str) -> Result<String> {
    let code = strip_comments(source);
    let kw = b"__device__";
    let mut at = 0;
    while let Some(p) = code[at..].windows(kw.len()).position(|w| w == kw) {
        let start = at + p;
        let end = start + kw.len();
        at = end;
        let bounded = (start == 0 || !is_ident(code[start - 1]))
            && (end == code.len() || !is_ident(code[end]));
        if !bounded {
            continue;
        }
        if let Some(name) = name_after(&code, end) {
            return Ok(name);
        }
    }
    Err(Error::value(
        "transform.transform: the UDF source defines no __device__ function; write e.g. \
         `__device__ inline void f(double* out, double a, float b) { *out = a * b; }` \
         (the first __device__ function is called with a pointer to the output element \
         and the input elements, in order)",
    ))
}

/// The function name of a `__device__` declaration starting at `pos`, or `None` when the
/// declaration is not a function.
fn name_after(code: &[u8], mut pos: usize) -> Option<String> {
    loop {
        let off = code[pos..]
            .iter()
            .position(|c| matches!(c, b'(' | b';' | b'{' | b'=' | b'}'))?;
        let paren = pos + off;
        if code[paren] != b'(' {
            return None;
        }
        let mut e = paren;
        while e > pos && code[e - 1].is_ascii_whitespace() {
            e -= 1;
        }
        let mut s = e;
        while s > pos && is_ident(code[s - 1]) {
            s -= 1;
        }
        let word = std::str::from_utf8(&code[s..e]).ok()?;
        if word.is_empty() || word.as_bytes()[0].is_ascii_digit() {
            return None;
        }
        if !ATTRIBUTES.contains(&word) {
            return Some(word.to_string());
        }
        // Skip the attribute's balanced parentheses and look on.
        let mut depth = 0usize;
        let mut j = paren;
        while j < code.len() {
            match code[j] {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        pos = j + 1;
        if pos >= code.len() {
            return None;
        }
    }
}

/// The fixed-width integer names (NVRTC has no standard headers; a host compiler takes
/// them from `<cstdint>`), and the bit test of an Arrow mask.
const PRELUDE: &str = r#"#ifdef __CUDACC_RTC__
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#else
#include <cstdint>
#endif
"#;

/// The minimal `cuda::std::optional` of the null-aware calling convention.
const OPTIONAL: &str = r#"namespace cuda {
namespace std {
struct nullopt_t {
  __device__ explicit constexpr nullopt_t(int) {}
};
__device__ constexpr nullopt_t nullopt{0};
template <class T>
class optional {
  T value_;
  bool has_;

 public:
  __device__ optional() : value_(), has_(false) {}
  __device__ optional(nullopt_t) : value_(), has_(false) {}
  __device__ optional(const T& v) : value_(v), has_(true) {}
  __device__ optional& operator=(nullopt_t) { has_ = false; return *this; }
  __device__ optional& operator=(const T& v) { value_ = v; has_ = true; return *this; }
  __device__ bool has_value() const { return has_; }
  __device__ explicit operator bool() const { return has_; }
  __device__ T& operator*() { return value_; }
  __device__ const T& operator*() const { return value_; }
  __device__ T* operator->() { return &value_; }
  __device__ const T* operator->() const { return &value_; }
  __device__ T& value() { return value_; }
  __device__ const T& value() const { return value_; }
  __device__ T value_or(const T& other) const { return has_ ? value_ : other; }
  __device__ void reset() { has_ = false; }
  __device__ T& emplace(const T& v) { value_ = v; has_ = true; return value_; }
};
}  // namespace std
}  // namespace cuda
"#;

/// A generated UDF kernel.
#[derive(Debug, Clone)]
pub struct UdfKernel {
    /// The module key (`udf_` and the fingerprint of the source).
    pub key: String,
    /// The name of the user's function the kernel calls.
    pub function: String,
    /// The CUDA source.
    pub source: String,
}

/// The kernel source calling the first `__device__` function of `udf` on inputs of
/// `input_types`, writing `output_type`. ValueError without a `__device__` function,
/// TypeError for a type [`udf_ctype`] does not map.
///
/// ```
/// use ferrodf_core::ops::transform::udf_kernel_source;
/// use ferrodf_core::params::NullAware;
/// use ferrodf_core::types::TypeId;
/// let k = udf_kernel_source(
///     "__device__ void f(double* o, int a) { *o = a; }",
///     &[TypeId::Int32.into()],
///     TypeId::Float64.into(),
///     NullAware::No,
/// ).unwrap();
/// assert_eq!(k.function, "f");
/// assert!(k.source.contains("f(&ferro_r, (int32_t)ferro_d0[ferro_j0])"));
/// ```
pub fn udf_kernel_source(
    udf: &str,
    input_types: &[DataType],
    output_type: DataType,
    null_aware: NullAware,
) -> Result<UdfKernel> {
    let (out_t, out_s) = udf_ctype(output_type)?;
    let ins = input_types
        .iter()
        .map(|&t| udf_ctype(t))
        .collect::<Result<Vec<_>>>()?;
    let function = udf_function_name(udf)?;
    let aware = null_aware == NullAware::Yes;
    let mut params = String::new();
    let mut loads = String::new();
    let mut args = Vec::new();
    for (k, (t, s)) in ins.iter().enumerate() {
        let _ = writeln!(
            params,
            "    const {s}* __restrict__ ferro_d{k}, const uint8_t* __restrict__ ferro_m{k}, \
             int64_t ferro_o{k}, int64_t ferro_s{k},"
        );
        let _ = writeln!(
            loads,
            "    const int64_t ferro_j{k} = ferro_i * ferro_s{k};\n    \
             const bool ferro_v{k} = ferro_m{k} == 0 || ferro_bit(ferro_m{k}, ferro_o{k} + ferro_j{k});"
        );
        let value = if *t == "bool" {
            format!("(ferro_d{k}[ferro_j{k}] != 0)")
        } else {
            format!("({t})ferro_d{k}[ferro_j{k}]")
        };
        args.push(if aware {
            format!("ferro_v{k} ? cuda::std::optional<{t}>({value}) : cuda::std::optional<{t}>()")
        } else {
            value
        });
    }
    let all_valid = if ins.is_empty() {
        "true".to_string()
    } else {
        (0..ins.len())
            .map(|k| format!("ferro_v{k}"))
            .collect::<Vec<_>>()
            .join(" && ")
    };
    let call_args = args.join(", ");
    let store = if out_t == "bool" {
        "ferro_value ? 1 : 0".to_string()
    } else {
        format!("({out_s})ferro_value")
    };
    let body = if aware {
        format!(
            "    cuda::std::optional<{out_t}> ferro_r;\n    \
             {function}(&ferro_r, {call_args});\n    \
             const bool ferro_ok = ferro_r.has_value();\n    \
             const {out_t} ferro_value = ferro_ok ? *ferro_r : {out_t}();\n"
        )
    } else {
        format!(
            "    {out_t} ferro_r = {out_t}();\n    \
             const bool ferro_ok = {all_valid};\n    \
             if (ferro_ok) {function}(&ferro_r, {call_args});\n    \
             const {out_t} ferro_value = ferro_r;\n"
        )
    };
    let names: Vec<String> = input_types.iter().map(|t| t.to_string()).collect();
    let source = format!(
        "// ferrodf transform.transform: {function}({}) -> {output_type}, null-aware: {}\n\
         {PRELUDE}{optional}\
         __device__ __forceinline__ bool ferro_bit(const uint8_t* m, int64_t i) {{\n  \
         return (m[i >> 3] >> (i & 7)) & 1;\n}}\n\
         #line 1 \"udf.cu\"\n{udf}\n\
         extern \"C\" __global__ void {KERNEL_NAME}(\n{params}    \
         {out_s}* __restrict__ ferro_out, uint32_t* __restrict__ ferro_mask,\n    \
         unsigned long long* __restrict__ ferro_nulls, int64_t ferro_n) {{\n  \
         const int64_t ferro_stride = (int64_t)gridDim.x * blockDim.x;\n  \
         unsigned long long ferro_invalid = 0;\n  \
         for (int64_t ferro_i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; ferro_i < ferro_n;\n       \
         ferro_i += ferro_stride) {{\n{loads}{body}    \
         ferro_out[ferro_i] = {store};\n    \
         if (!ferro_ok) {{\n      ++ferro_invalid;\n    }} else if (ferro_mask != 0) {{\n      \
         atomicOr(&ferro_mask[ferro_i >> 5], 1u << (ferro_i & 31));\n    }}\n  }}\n  \
         if (ferro_invalid != 0) atomicAdd(ferro_nulls, ferro_invalid);\n}}\n",
        names.join(", "),
        if aware { "yes" } else { "no" },
        optional = if aware { OPTIONAL } else { "" },
    );
    let fp = crate::device::kernel_bundle::fingerprint(&source, "udf");
    Ok(UdfKernel {
        key: format!("udf_{fp:032x}"),
        function,
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_device_function() {
        let cases = [
            (
                "__device__ inline void f(double* out, double a) { *out = a; }",
                "f",
            ),
            ("__device__ void\n  my_op (float* o) {}", "my_op"),
            (
                "/* __device__ void c(int) */ __device__ void real(int* o) {}",
                "real",
            ),
            (
                "// __device__ void c(int)\n__device__ void real(int* o) {}",
                "real",
            ),
            (
                "__device__ int counter;\n__device__ void g(int* o) { *o = counter; }",
                "g",
            ),
            (
                "__device__ int k = 3;\n__device__ void g(int* o) { *o = k; }",
                "g",
            ),
            (
                "__device__ __attribute__((always_inline)) void h(int* o, int a) {}",
                "h",
            ),
            (
                "template <class T> __device__ T* t2(T* o) { return o; }",
                "t2",
            ),
            (
                "const char* s = \"__device__ x(\";\n__device__ void y(int* o) {}",
                "y",
            ),
            (
                "__device__ void first(int* o) {}\n__device__ void second(int* o) {}",
                "first",
            ),
        ];
        for (src, name) in cases {
            assert_eq!(udf_function_name(src).unwrap(), name, "{src}");
        }
    }

    #[test]
    fn no_device_function_is_a_value_error() {
        for src in [
            "",
            "void f(int* o) {}",
            "__device__ int x;",
            "my__device__ void f(int* o) {}",
            "// __device__ void f(int* o) {}",
            "__device__",
        ] {
            let e = udf_function_name(src).unwrap_err();
            assert!(matches!(e, Error::Value(_)), "{src}: {e:?}");
            assert!(e.to_string().contains("__device__"));
        }
    }

    #[test]
    fn type_mapping() {
        use TypeId::*;
        let expect = [
            (Int8, "int8_t"),
            (Int16, "int16_t"),
            (Int32, "int32_t"),
            (Int64, "int64_t"),
            (Uint8, "uint8_t"),
            (Uint16, "uint16_t"),
            (Uint32, "uint32_t"),
            (Uint64, "uint64_t"),
            (Float32, "float"),
            (Float64, "double"),
            (TimestampDays, "int32_t"),
            (DurationDays, "int32_t"),
            (TimestampNanoseconds, "int64_t"),
            (DurationMilliseconds, "int64_t"),
        ];
        for (id, c) in expect {
            assert_eq!(udf_ctype(id.into()).unwrap(), (c, c), "{id:?}");
        }
        assert_eq!(udf_ctype(Bool8.into()).unwrap(), ("bool", "uint8_t"));
        for id in [String, List, Struct, Decimal64, Dictionary32] {
            let e = udf_ctype(id.into()).unwrap_err();
            assert!(matches!(e, Error::Type(_)), "{id:?}");
        }
    }

    #[test]
    fn source_depends_on_types_and_null_awareness() {
        let udf = "__device__ void f(double* o, double a) { *o = a; }";
        let f64t: DataType = TypeId::Float64.into();
        let a = udf_kernel_source(udf, &[f64t], f64t, NullAware::No).unwrap();
        let b = udf_kernel_source(udf, &[TypeId::Int32.into()], f64t, NullAware::No).unwrap();
        let c = udf_kernel_source(udf, &[f64t], f64t, NullAware::Yes).unwrap();
        assert_ne!(a.key, b.key);
        assert_ne!(a.key, c.key);
        assert!(!a.source.contains("optional"));
        assert!(c.source.contains("cuda::std::optional<double>"));
        assert!(a.source.contains(udf));
    }
}

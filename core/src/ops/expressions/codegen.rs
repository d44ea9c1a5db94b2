//! CUDA C source of one kernel per expression: every node of the typed tree becomes a
//! value and a validity flag computed in a per-row block, in tree order; a warp writes the
//! result's validity as one mask word (`__ballot_sync`) and counts its nulls.
//!
//! Kernel parameters, in order: per referenced column its data (at row 0 of the column's
//! view), mask and mask bit offset; per literal its value's bits (`uint64_t`); then the
//! output values, output mask, null counter and row count. Literal values are parameters,
//! not source text, so `a > 5` and `a > 6` share one compiled module; only a literal's
//! type and whether it is null shape the code. The module key is a fingerprint of the
//! source, which holds the canonical text of the tree (with the input types) as a comment:
//! the runtime caches modules by it, the on-disk cache by the source.

use super::ast::ASTOperator;
use super::typing::{Typed, TypedNode};
use crate::device::kernels::{COMMON, cuda_type, storage_id};
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId};
use std::fmt::Write;

/// The row helpers the generated code calls (`ex_div`, `ex_pymod`, ...).
const EXPR_CUH: &str = include_str!("../../device/kernels/cuda/expressions.cuh");

/// The kernel around the generated rows: `@PARAMS@` (one a line), `@OUT@` (the result's C
/// type), `@BODY@` (the nodes' lines, defining `v<k>` and `k<k>`) and `@ROOT@` (the
/// result's number) are filled in.
const KERNEL_TEMPLATE: &str = r#"extern "C" __global__ void @NAME@(
@PARAMS@    @OUT@* __restrict__ out, uint32_t* __restrict__ out_mask,
    unsigned long long* __restrict__ null_count, int64_t n) {
  const int lane = threadIdx.x & 31;
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  unsigned long long invalid = 0;
  // Every lane of a warp runs the same iterations (base is the warp's first row), so the
  // ballot below sees the whole warp.
  for (int64_t base = (int64_t)blockIdx.x * blockDim.x + threadIdx.x - lane; base < n;
       base += stride) {
    const int64_t i = base + lane;
    bool ok = false;
    if (i < n) {
@BODY@      out[i] = v@ROOT@;
      ok = k@ROOT@;
    }
    const uint32_t word = __ballot_sync(0xffffffffu, ok);
    if (lane == 0) {
      out_mask[base >> 5] = word;
      const int64_t rows = n - base < 32 ? n - base : 32;
      invalid += (unsigned long long)(rows - __popc(word));
    }
  }
  if (lane == 0 && invalid != 0) atomicAdd(null_count, invalid);
}
"#;

/// The name of the kernel in every expression module.
pub const KERNEL_NAME: &str = "ferro_expr";

/// A generated expression kernel and what its launch passes.
#[derive(Debug, Clone)]
pub struct ExprKernel {
    /// The module key (`expr_` and the fingerprint of the source).
    pub key: String,
    /// The canonical text of the tree with its input types, e.g.
    /// `GREATER(ADD(c0:INT64, c1:INT64), l0:INT64)`.
    pub canonical: String,
    /// The CUDA source.
    pub source: String,
    /// The table columns passed, in parameter order.
    pub columns: Vec<usize>,
    /// The literals passed, in parameter order.
    pub literals: Vec<Scalar>,
}

/// Generates the kernel of a typed tree. NotImplementedError for STRING values (the
/// caller falls back to the host for them).
pub(super) fn generate(typed: &Typed) -> Result<ExprKernel> {
    let mut g = Gen::default();
    let (root, canonical) = g.node(typed)?;
    let out_t = ctype(typed.dtype)?;
    let mut params = String::new();
    for (p, &c) in g.columns.iter().enumerate() {
        let t = ctype(g.column_types[p])?;
        let _ = writeln!(
            params,
            "    const {t}* __restrict__ d{p}, const uint8_t* __restrict__ m{p}, int64_t o{p}, // col{c}"
        );
    }
    for q in 0..g.literals.len() {
        let _ = writeln!(params, "    uint64_t l{q},");
    }
    let source = KERNEL_TEMPLATE
        .replace("@NAME@", KERNEL_NAME)
        .replace("@PARAMS@", &params)
        .replace("@OUT@", out_t)
        .replace("@BODY@", &g.body)
        .replace("@ROOT@", &root.to_string());
    let source = format!("{COMMON}\n{EXPR_CUH}\n// expression: {canonical}\n{source}");
    let fp = crate::device::kernel_bundle::fingerprint(&source, "expr");
    Ok(ExprKernel {
        key: format!("expr_{fp:032x}"),
        canonical,
        source,
        columns: g.columns,
        literals: g.literals,
    })
}

/// The kernels of a join predicate around its generated rows: `ferro_pred` (whether the
/// predicate holds for left row `i` and right row `j`: valid and true, as libcudf's joins
/// treat a null result as no match) and the launches built on it, libcudf's two passes of
/// a conditional join (`ferro_cj_count`, a scan, `ferro_cj_fill`), the semi/anti flags
/// (`ferro_cj_flags`) and the filter of a mixed join's candidate pairs
/// (`ferro_pair_flags`). `@PARAMS@` / `@ARGS@` are the columns' and literals' parameters
/// (each followed by a comma), `@BODY@` and `@ROOT@` as in the expression kernel.
const PAIR_TEMPLATE: &str = r#"#define FERRO_JOIN_NONE (-2147483647 - 1)

__device__ __forceinline__ bool ferro_pred(
@PARAMS@    int64_t i, int64_t j) {
@BODY@      return k@ROOT@ && v@ROOT@ != 0;
}

// out[i] = the pairs of left row i (at least 1 when `outer`); out[nl] = 0 for the scan.
extern "C" __global__ void ferro_cj_count(
@PARAMS@    int64_t nl, int64_t nr, int outer, int64_t* __restrict__ out) {
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i <= nl; i += stride) {
    if (i == nl) { out[nl] = 0; continue; }
    int64_t c = 0;
    for (int64_t j = 0; j < nr; ++j) c += ferro_pred(@ARGS@ i, j) ? 1 : 0;
    if (outer && c == 0) c = 1;
    out[i] = c;
  }
}

// Writes left row i's pairs at offsets[i] (a lone (i, JOIN_NONE) when `outer` and none
// matched); clears `unmatched[j]` (optional, a full join's) for every right row matched.
extern "C" __global__ void ferro_cj_fill(
@PARAMS@    int64_t nl, int64_t nr, int outer, const int64_t* __restrict__ offsets,
    int32_t* __restrict__ out_l, int32_t* __restrict__ out_r, uint8_t* unmatched) {
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nl; i += stride) {
    int64_t pos = offsets[i];
    const int64_t start = pos;
    for (int64_t j = 0; j < nr; ++j) {
      if (!ferro_pred(@ARGS@ i, j)) continue;
      out_l[pos] = (int32_t)i;
      out_r[pos] = (int32_t)j;
      ++pos;
      if (unmatched) unmatched[j] = 0;
    }
    if (outer && pos == start) {
      out_l[pos] = (int32_t)i;
      out_r[pos] = FERRO_JOIN_NONE;
    }
  }
}

// flags[i] = whether left row i has a matching right row (`want` = 1, a semi join) or has
// none (`want` = 0, an anti join).
extern "C" __global__ void ferro_cj_flags(
@PARAMS@    int64_t nl, int64_t nr, int want, uint8_t* __restrict__ flags) {
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nl; i += stride) {
    bool any = false;
    for (int64_t j = 0; j < nr && !any; ++j) any = ferro_pred(@ARGS@ i, j);
    flags[i] = (uint8_t)(any == (want != 0));
  }
}

// flags[k] = whether the predicate holds for the candidate pair (lrows[k], rrows[k]).
extern "C" __global__ void ferro_pair_flags(
@PARAMS@    const int32_t* __restrict__ lrows, const int32_t* __restrict__ rrows, int64_t n,
    uint8_t* __restrict__ flags) {
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += stride) {
    flags[k] = (uint8_t)ferro_pred(@ARGS@ (int64_t)lrows[k], (int64_t)rrows[k]);
  }
}
"#;

/// The kernel names of a predicate module.
pub const PAIR_COUNT: &str = "ferro_cj_count";
/// See [`PAIR_COUNT`].
pub const PAIR_FILL: &str = "ferro_cj_fill";
/// See [`PAIR_COUNT`].
pub const PAIR_FLAGS: &str = "ferro_cj_flags";
/// See [`PAIR_COUNT`].
pub const PAIR_FILTER: &str = "ferro_pair_flags";

/// Generates the module of a typed join predicate whose right columns are numbered from
/// `split` on (see `typing::check_predicate`). The [`ExprKernel`]'s `columns` are those
/// numbers, left and right mixed, in parameter order.
pub(crate) fn generate_predicate(typed: &Typed, split: usize) -> Result<ExprKernel> {
    let mut g = Gen {
        split: Some(split),
        ..Gen::default()
    };
    let (root, canonical) = g.node(typed)?;
    let (mut params, mut call) = (String::new(), String::new());
    for (p, &c) in g.columns.iter().enumerate() {
        let t = ctype(g.column_types[p])?;
        let _ = writeln!(
            params,
            "    const {t}* __restrict__ d{p}, const uint8_t* __restrict__ m{p}, int64_t o{p}, // col{c}"
        );
        let _ = write!(call, "d{p}, m{p}, o{p}, ");
    }
    for q in 0..g.literals.len() {
        let _ = writeln!(params, "    uint64_t l{q},");
        let _ = write!(call, "l{q}, ");
    }
    let source = PAIR_TEMPLATE
        .replace("@PARAMS@", &params)
        .replace("@ARGS@", &call)
        .replace("@BODY@", &g.body)
        .replace("@ROOT@", &root.to_string());
    let source = format!("{COMMON}\n{EXPR_CUH}\n// join predicate: {canonical}\n{source}");
    let fp = crate::device::kernel_bundle::fingerprint(&source, "pred");
    Ok(ExprKernel {
        key: format!("pred_{fp:032x}"),
        canonical,
        source,
        columns: g.columns,
        literals: g.literals,
    })
}

/// The CUDA storage type of a value type (timestamps and durations: their tick counts).
fn ctype(t: DataType) -> Result<&'static str> {
    let id = storage_id(t.id()).ok_or_else(|| {
        Error::not_implemented(format!("no expression kernel handles {t} values"))
    })?;
    Ok(cuda_type(id)?.0)
}

#[derive(Default)]
struct Gen {
    body: String,
    next: usize,
    columns: Vec<usize>,
    column_types: Vec<DataType>,
    /// The variable holding each passed column's row (loaded once).
    column_vars: Vec<usize>,
    literals: Vec<Scalar>,
    /// A join predicate's first right column number (its columns load at row `j`); `None`
    /// for one table.
    split: Option<usize>,
}

impl Gen {
    /// Emits the code of `t`; returns its variable number and canonical text.
    fn node(&mut self, t: &Typed) -> Result<(usize, String)> {
        let ty = ctype(t.dtype)?;
        let is_bool = t.dtype.id() == TypeId::Bool8;
        match &t.node {
            TypedNode::Column(c) => {
                // A right column of a join predicate reads the right row `j`.
                let (row, tag) = match self.split {
                    Some(s) if *c >= s => ("j", "rc"),
                    _ => ("i", "c"),
                };
                if let Some(p) = self.columns.iter().position(|x| x == c) {
                    return Ok((self.column_vars[p], format!("{tag}{p}:{}", t.dtype)));
                }
                let p = self.columns.len();
                let load = if is_bool {
                    format!("(uint8_t)(d{p}[{row}] != 0)")
                } else {
                    format!("d{p}[{row}]")
                };
                let k = self.line(ty, &load, &format!("ex_valid(m{p}, o{p}, {row})"));
                self.columns.push(*c);
                self.column_types.push(t.dtype);
                self.column_vars.push(k);
                Ok((k, format!("{tag}{p}:{}", t.dtype)))
            }
            TypedNode::Literal(s) => {
                let valid = s.is_valid()?;
                let q = self.literals.len();
                self.literals.push(s.clone());
                let load = if is_bool {
                    format!("(uint8_t)(from_bits<uint8_t>(l{q}) != 0)")
                } else {
                    format!("from_bits<{ty}>(l{q})")
                };
                let k = self.line(ty, &load, if valid { "true" } else { "false" });
                let text = if valid {
                    format!("l{q}:{}", t.dtype)
                } else {
                    format!("null:{}", t.dtype)
                };
                Ok((k, text))
            }
            TypedNode::Op(op, args) => {
                let mut vars = vec![];
                let mut texts = vec![];
                for a in args {
                    let (v, text) = self.node(a)?;
                    vars.push(v);
                    texts.push(text);
                }
                let in_t = ctype(args[0].dtype)?;
                let float = args[0].dtype.id().is_floating();
                let f32 = args[0].dtype.id() == TypeId::Float32;
                let (value, valid) = op_code(*op, &vars, in_t, ty, float, f32);
                let k = self.line(ty, &value, &valid);
                Ok((k, format!("{}({})", op.name(), texts.join(", "))))
            }
        }
    }

    /// `const T vK = value; const bool kK = valid;` and K.
    fn line(&mut self, ty: &str, value: &str, valid: &str) -> usize {
        let k = self.next;
        self.next += 1;
        let _ = writeln!(
            self.body,
            "      const {ty} v{k} = ({ty})({value});\n      const bool k{k} = {valid};"
        );
        k
    }
}

/// The value and validity expressions of `op` on variables `vars` (operand C type `t`,
/// result C type `r`).
fn op_code(
    op: ASTOperator,
    vars: &[usize],
    t: &str,
    r: &str,
    float: bool,
    f32: bool,
) -> (String, String) {
    use ASTOperator::*;
    let a = format!("v{}", vars[0]);
    let ka = format!("k{}", vars[0]);
    let (b, kb) = match vars.get(1) {
        Some(v) => (format!("v{v}"), format!("k{v}")),
        None => (String::new(), String::new()),
    };
    let both = format!("{ka} && {kb}");
    let suffix = if f32 { "f" } else { "" };
    let cmp = |sym: &str| (format!("{a} {sym} {b}"), both.clone());
    let div = |f: &str| {
        (
            format!("{f}<{t}>({a}, {b})"),
            format!("{both} && ex_divisor_ok<{t}>({b})"),
        )
    };
    match op {
        Add => (format!("wrapping_add<{t}>({a}, {b})"), both.clone()),
        Sub => (format!("wrapping_sub<{t}>({a}, {b})"), both.clone()),
        Mul => (format!("wrapping_mul<{t}>({a}, {b})"), both.clone()),
        Div => div("ex_div"),
        FloorDiv => div("ex_floor_div"),
        Mod => div("ex_mod"),
        Pymod => div("ex_pymod"),
        TrueDiv => (format!("(double){a} / (double){b}"), both.clone()),
        Pow => (format!("pow{suffix}({a}, {b})"), both.clone()),
        Equal => cmp("=="),
        NotEqual => cmp("!="),
        Less => cmp("<"),
        Greater => cmp(">"),
        LessEqual => cmp("<="),
        GreaterEqual => cmp(">="),
        NullEqual => (
            format!("({ka} && {kb}) ? ({a} == {b}) : (!{ka} && !{kb})"),
            "true".into(),
        ),
        BitwiseAnd => cmp("&"),
        BitwiseOr => cmp("|"),
        BitwiseXor => cmp("^"),
        LogicalAnd => (format!("({a} != ({t})0) && ({b} != ({t})0)"), both.clone()),
        LogicalOr => (format!("({a} != ({t})0) || ({b} != ({t})0)"), both.clone()),
        // Kleene logic: a valid false (AND) or a valid true (OR) decides the row alone.
        NullLogicalAnd => (
            format!("{ka} && {kb} && ({a} != ({t})0) && ({b} != ({t})0)"),
            format!("({both}) || ({ka} && {a} == ({t})0) || ({kb} && {b} == ({t})0)"),
        ),
        NullLogicalOr => (
            format!("({ka} && {a} != ({t})0) || ({kb} && {b} != ({t})0)"),
            format!("({both}) || ({ka} && {a} != ({t})0) || ({kb} && {b} != ({t})0)"),
        ),
        Identity => (a, ka),
        IsNull => (format!("!{ka}"), "true".into()),
        Not => (format!("{a} == ({t})0"), ka),
        BitInvert => (format!("~{a}"), ka),
        Abs if float => (format!("fabs{suffix}({a})"), ka),
        Abs => (format!("ex_abs<{t}>({a})"), ka),
        CastToInt64 | CastToUint64 | CastToFloat64 => {
            (format!("convert<{r}, false, {t}>({a})"), ka)
        }
        Sin | Cos | Tan | Arcsin | Arccos | Arctan | Sinh | Cosh | Tanh | Arcsinh | Arccosh
        | Arctanh | Exp | Log | Sqrt | Cbrt | Ceil | Floor | Rint => {
            let f = match op {
                Sin => "sin",
                Cos => "cos",
                Tan => "tan",
                Arcsin => "asin",
                Arccos => "acos",
                Arctan => "atan",
                Sinh => "sinh",
                Cosh => "cosh",
                Tanh => "tanh",
                Arcsinh => "asinh",
                Arccosh => "acosh",
                Arctanh => "atanh",
                Exp => "exp",
                Log => "log",
                Sqrt => "sqrt",
                Cbrt => "cbrt",
                Ceil => "ceil",
                Floor => "floor",
                _ => "rint",
            };
            (format!("{f}{suffix}({a})"), ka)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::expressions::{Expression, TableReference, typing::check};
    use std::sync::Arc;

    #[test]
    fn literals_are_parameters_and_columns_are_shared() {
        let a = Arc::new(Expression::column(1, TableReference::Left));
        let five = Arc::new(Expression::literal(Scalar::from_native(5i64)).unwrap());
        let six = Arc::new(Expression::literal(Scalar::from_native(6i64)).unwrap());
        let sum = Arc::new(Expression::operation(ASTOperator::Add, a.clone(), Some(a)).unwrap());
        let gt5 = Expression::operation(ASTOperator::Greater, sum.clone(), Some(five)).unwrap();
        let gt6 = Expression::operation(ASTOperator::Greater, sum, Some(six)).unwrap();
        let types = [DataType::from(TypeId::Float64), TypeId::Int64.into()];
        let k5 = generate(&check(&gt5, &types).unwrap()).unwrap();
        let k6 = generate(&check(&gt6, &types).unwrap()).unwrap();
        assert_eq!(k5.key, k6.key, "literal values do not shape the module");
        assert_eq!(k5.columns, vec![1]);
        assert_eq!(k5.literals.len(), 1);
        assert_eq!(k5.canonical, "GREATER(ADD(c0:INT64, c0:INT64), l0:INT64)");
        assert!(
            k5.source
                .contains(&format!("// expression: {}", k5.canonical))
        );
    }
}

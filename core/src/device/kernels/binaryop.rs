//! Element-wise binary operation kernels.

use super::unary::split128;
use super::{Arg, COMMON, cuda_type, device_column, grid, launch, string_parts};
use crate::binary_operator::BinaryOperator;
use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::types::{DataType, TypeId, fixed_width};
use cudarc::driver::PushKernelArg;

const SOURCE: &str = include_str!("cuda/binaryop.cu");

/// One side of a device binary operation.
pub enum DeviceOperand<'a> {
    /// A column (its offset is applied here).
    Column(&'a Column),
    /// A valid scalar, as the little-endian bits of its value.
    Scalar(TypeId, u64),
    /// A null scalar (only null-aware operators see one).
    NullScalar(TypeId),
}

impl DeviceOperand<'_> {
    fn type_id(&self) -> TypeId {
        match self {
            DeviceOperand::Column(c) => c.dtype().id(),
            DeviceOperand::Scalar(t, _) | DeviceOperand::NullScalar(t) => *t,
        }
    }
    /// (data pointer, scalar bits, is scalar, mask pointer, mask bit offset)
    fn args(&self) -> Result<(u64, u64, i32, u64, i64)> {
        match self {
            DeviceOperand::Scalar(_, bits) => Ok((0, *bits, 1, 0, 0)),
            DeviceOperand::NullScalar(_) => Ok((0, 0, 2, 0, 0)),
            DeviceOperand::Column(c) => {
                let width = fixed_width(c.dtype().id()).expect("numeric");
                let data = match c.data() {
                    Some(d) if c.size() > 0 => d.device_ptr()? + (c.offset() * width) as u64,
                    _ => 0,
                };
                let (mask, off) = match c.mask() {
                    Some(m) if c.null_count()? > 0 => (m.device_ptr()?, c.offset() as i64),
                    _ => (0, 0),
                };
                Ok((data, 0, 0, mask, off))
            }
        }
    }
    fn has_nulls(&self) -> Result<bool> {
        match self {
            DeviceOperand::Column(c) => c.has_nulls(),
            DeviceOperand::Scalar(..) => Ok(false),
            DeviceOperand::NullScalar(_) => Ok(true),
        }
    }
}

/// The kernel name of an operator with a kernel (`binop_` and its name in lower case), or
/// `None` for GENERIC_BINARY and INVALID_BINARY.
pub fn kernel_name(op: BinaryOperator) -> Option<String> {
    match op {
        BinaryOperator::GenericBinary | BinaryOperator::InvalidBinary => None,
        op => Some(format!("binop_{}", op.name().to_ascii_lowercase())),
    }
}

/// Which module family holds operator `op`'s kernel: 0 for the arithmetic operators and
/// comparisons that every type triple uses, 1 for the rest (compiled only when used, so
/// the common module stays quick to compile).
pub fn module_family(op: BinaryOperator) -> u8 {
    use BinaryOperator::*;
    match op {
        Add | Sub | Mul | Div | TrueDiv | FloorDiv | Mod | Pymod | Pow => 0,
        Equal | NotEqual | Less | Greater | LessEqual | GreaterEqual => 0,
        _ => 1,
    }
}

/// `#define BINOP_<NAME> <value>` for every operator: the CUDA sources name operators only
/// through these, so their numbers come from [`BinaryOperator`] alone.
pub fn operator_defines() -> String {
    BinaryOperator::ALL
        .iter()
        .map(|op| format!("#define BINOP_{} {}\n", op.name(), op.kernel_id()))
        .collect()
}

/// `#define BINOP_KERNELS` as the `FERRO_BINOP(kernel name, BINOP_<NAME>)` instances of
/// the operators of module `family`, which binaryop.cu expands after defining FERRO_BINOP.
fn kernel_list(family: u8) -> String {
    let mut list = String::from("#define BINOP_KERNELS");
    for op in BinaryOperator::ALL {
        if let Some(name) = kernel_name(op)
            && module_family(op) == family
        {
            list.push_str(&format!(" FERRO_BINOP({name}, BINOP_{})", op.name()));
        }
    }
    list.push('\n');
    list
}

/// The CUDA source of the binary-operation module of `family` (see [`module_family`])
/// for one (lhs, rhs, output) type triple; `common` is C++'s common type of the operand
/// types.
pub fn module_source(
    lhs: TypeId,
    rhs: TypeId,
    common: TypeId,
    out: TypeId,
    family: u8,
) -> Result<String> {
    let (l_t, l_bool) = cuda_type(lhs)?;
    let (r_t, r_bool) = cuda_type(rhs)?;
    let (o_t, o_bool) = cuda_type(out)?;
    let (ct, _) = cuda_type(common)?;
    let mixed =
        lhs.is_integer() && rhs.is_integer() && lhs.is_signed_integer() != rhs.is_signed_integer();
    Ok(format!(
        "{COMMON}\n{}{}#define L_T {l_t}\n#define L_IS_BOOL {l_bool}\n#define R_T {r_t}\n\
         #define R_IS_BOOL {r_bool}\n#define OUT_T {o_t}\n#define OUT_IS_BOOL {o_bool}\n\
         #define CT_T {ct}\n#define CMP_MIXED_SIGN {mixed}\n{SOURCE}",
        operator_defines(),
        kernel_list(family),
    ))
}

/// The key of the module [`module_source`] builds: the storage type and BOOL8 flag of
/// each operand and the output (the common type follows from the operands).
pub fn module_key(lhs: TypeId, rhs: TypeId, out: TypeId, family: u8) -> Result<String> {
    let (l_t, l_bool) = cuda_type(lhs)?;
    let (r_t, r_bool) = cuda_type(rhs)?;
    let (o_t, o_bool) = cuda_type(out)?;
    Ok(format!(
        "binop{family}_{l_t}{l_bool}_{r_t}{r_bool}_{o_t}{o_bool}"
    ))
}

/// Run operator `op` (one with a kernel, see [`kernel_name`]) over `n` rows. `common` is
/// C++'s common type of the operand types; `may_null` says whether the operator can itself
/// produce nulls (integer division by zero). Null scalars reach only the null-aware
/// operators (NULL_EQUALS, NULL_NOT_EQUALS, NULL_MAX, NULL_MIN, NULL_LOGICAL_AND and
/// NULL_LOGICAL_OR), which compute their own validity.
pub fn binary(
    lhs: &DeviceOperand,
    rhs: &DeviceOperand,
    op: BinaryOperator,
    common: TypeId,
    out_type: DataType,
    n: usize,
    may_null: bool,
) -> Result<Column> {
    let rt = runtime()?;
    let family = module_family(op);
    let key = module_key(lhs.type_id(), rhs.type_id(), out_type.id(), family)?;
    let source = || {
        module_source(lhs.type_id(), rhs.type_id(), common, out_type.id(), family)
            .expect("types checked above")
    };
    let name = kernel_name(op).expect("caller checked the operator has a kernel");
    let f = rt.function(&key, source, &name)?;

    let width = fixed_width(out_type.id()).expect("numeric");
    let out = DeviceMemory::alloc(n * width)?;
    // NULL_EQUALS and NULL_NOT_EQUALS never give a null.
    let never_null = matches!(
        op,
        BinaryOperator::NullEquals | BinaryOperator::NullNotEquals
    );
    let need_mask = !never_null && (may_null || lhs.has_nulls()? || rhs.has_nulls()?);
    let mask = if need_mask {
        Some(DeviceMemory::zeroed(bitmask_allocation_size_bytes(n))?)
    } else {
        None
    };
    let (lp, lbits, lsc, lm, loff) = lhs.args()?;
    let (rp, rbits, rsc, rm, roff) = rhs.args()?;
    let out_ptr = out.ptr();
    let mask_ptr = mask.as_ref().map_or(0, DeviceMemory::ptr);
    let null_count_ptr = 0u64;
    let n64 = n as i64;
    if n > 0 {
        let cfg = rt.grid_stride_config(n, 256, 8);
        let mut launch = rt.stream().launch_builder(&f);
        launch
            .arg(&lp)
            .arg(&lbits)
            .arg(&lsc)
            .arg(&lm)
            .arg(&loff)
            .arg(&rp)
            .arg(&rbits)
            .arg(&rsc)
            .arg(&rm)
            .arg(&roff)
            .arg(&out_ptr)
            .arg(&mask_ptr)
            .arg(&n64)
            .arg(&null_count_ptr);
        // SAFETY: reads n rows of each column operand, writes n outputs and ceil(n/32)
        // mask words, all inside allocations sized for them.
        unsafe { launch.launch(cfg)? };
    }
    let mask = mask.map(Buffer::from_device);
    device_column(out_type, n, out, mask, None)
}

const STRING_SOURCE: &str = include_str!("cuda/binaryop_strings.cu");

/// The CUDA source of the string-comparison module (one variant).
pub fn strings_module_source() -> String {
    format!("{COMMON}\n{}{STRING_SOURCE}", operator_defines())
}

/// One STRING side of a comparison.
pub enum StringOperand<'a> {
    /// A column.
    Column(&'a Column),
    /// A scalar (its one-row column) and whether it is valid.
    Scalar(&'a Column, bool),
}

fn string_descriptor(o: &StringOperand) -> Result<[u64; 7]> {
    let (c, scalar) = match o {
        StringOperand::Column(c) => (*c, 0u64),
        StringOperand::Scalar(c, valid) => (*c, if *valid { 1 } else { 2 }),
    };
    let (mask, mask_off) = match c.mask() {
        Some(m) if scalar == 0 && c.has_nulls()? => (m.device_ptr()?, c.offset() as u64),
        _ => (0, 0),
    };
    if c.size() == 0 || c.children().is_empty() || scalar == 2 {
        return Ok([0, 0, mask, mask_off, 0, 0, scalar]);
    }
    let (chars, offs, wide) = string_parts(c)?;
    Ok([
        chars,
        offs,
        mask,
        mask_off,
        c.offset() as u64,
        u64::from(wide),
        scalar,
    ])
}

/// A comparison (EQUAL..GREATER_EQUAL, NULL_EQUALS or NULL_NOT_EQUALS) of two STRING
/// operands over `n` rows into a BOOL8 column.
pub fn string_compare(
    lhs: &StringOperand,
    rhs: &StringOperand,
    op: BinaryOperator,
    n: usize,
) -> Result<Column> {
    let rt = runtime()?;
    let descs = [string_descriptor(lhs)?, string_descriptor(rhs)?];
    let bytes: Vec<u8> = descs
        .iter()
        .flat_map(|d| d.iter().flat_map(|x| x.to_le_bytes()))
        .collect();
    let d = DeviceMemory::from_host(&bytes)?;
    let out = DeviceMemory::alloc(n)?;
    let null_aware = matches!(
        op,
        BinaryOperator::NullEquals | BinaryOperator::NullNotEquals
    );
    let has_nulls = |o: &StringOperand| -> Result<bool> {
        Ok(match o {
            StringOperand::Column(c) => c.has_nulls()?,
            StringOperand::Scalar(_, valid) => !valid,
        })
    };
    let mask = if !null_aware && (has_nulls(lhs)? || has_nulls(rhs)?) {
        Some(DeviceMemory::zeroed(bitmask_allocation_size_bytes(n))?)
    } else {
        None
    };
    let f = rt.function("binop_strings", strings_module_source, "str_compare")?;
    let (dp, n64, op_arg, outp, mp) = (
        d.ptr(),
        n as i64,
        op.kernel_id(),
        out.ptr(),
        mask.as_ref().map_or(0, DeviceMemory::ptr),
    );
    if n > 0 {
        let mut launch = rt.stream().launch_builder(&f);
        launch.arg(&dp).arg(&op_arg).arg(&n64).arg(&outp).arg(&mp);
        // SAFETY: reads rows of both operands inside their checked ranges, writes n bytes
        // and ceil(n/32) mask words.
        unsafe { launch.launch(rt.grid_stride_config(n, 256, 8))? };
    }
    device_column(
        TypeId::Bool8.into(),
        n,
        out,
        mask.map(Buffer::from_device),
        None,
    )
}

const DECIMAL128_SOURCE: &str = include_str!("cuda/decimal128.cu");

/// The CUDA source of the DECIMAL128 binary-operation module (one variant).
pub fn decimal128_module_source() -> String {
    format!(
        "{COMMON}\n{}\n{}{DECIMAL128_SOURCE}",
        super::unary::WIDE,
        operator_defines()
    )
}

/// One DECIMAL128 side of [`decimal128`].
pub enum Decimal128Operand<'a> {
    /// A DECIMAL128 column (its offset is applied here).
    Column(&'a Column),
    /// A scalar's unscaled value, or `None` for a null scalar (only null-aware operators
    /// see one).
    Scalar(Option<i128>),
}

impl Decimal128Operand<'_> {
    /// Kernel arguments: data pointer, value halves, kind (0 column, 1 valid scalar,
    /// 2 null scalar), mask pointer and mask bit offset.
    fn args(&self) -> Result<[Arg; 6]> {
        Ok(match self {
            Decimal128Operand::Scalar(v) => {
                let (lo, hi) = split128(v.unwrap_or(0));
                let kind = if v.is_some() { 1 } else { 2 };
                [
                    Arg::P(0),
                    Arg::P(lo),
                    Arg::P(hi),
                    Arg::I32(kind),
                    Arg::P(0),
                    Arg::I(0),
                ]
            }
            Decimal128Operand::Column(c) => {
                let data = match c.data() {
                    Some(d) if c.size() > 0 => d.device_ptr()? + (c.offset() * 16) as u64,
                    _ => 0,
                };
                let (mask, off) = match c.mask() {
                    Some(m) if c.null_count()? > 0 => (m.device_ptr()?, c.offset() as i64),
                    _ => (0, 0),
                };
                [
                    Arg::P(data),
                    Arg::P(0),
                    Arg::P(0),
                    Arg::I32(0),
                    Arg::P(mask),
                    Arg::I(off),
                ]
            }
        })
    }
    fn may_be_null(&self) -> Result<bool> {
        Ok(match self {
            Decimal128Operand::Column(c) => c.has_nulls()?,
            Decimal128Operand::Scalar(v) => v.is_none(),
        })
    }
}

/// A DECIMAL128 binary operation (operator `op`: ADD, SUB, MUL, a comparison, NULL_EQUALS,
/// NULL_NOT_EQUALS, NULL_MAX or NULL_MIN) over `n` rows, each side first multiplied by its
/// factor of `factors` (wrapping). `out_type` is DECIMAL128 or BOOL8.
pub fn decimal128(
    lhs: &Decimal128Operand,
    rhs: &Decimal128Operand,
    op: BinaryOperator,
    factors: (i128, i128),
    out_type: DataType,
    n: usize,
) -> Result<Column> {
    let rt = runtime()?;
    let f = rt.function("decimal128_binop", decimal128_module_source, "dec128_binop")?;
    let width = fixed_width(out_type.id()).expect("DECIMAL128 or BOOL8");
    let out = DeviceMemory::alloc(n * width)?;
    // NULL_EQUALS and NULL_NOT_EQUALS never give a null.
    let never_null = matches!(
        op,
        BinaryOperator::NullEquals | BinaryOperator::NullNotEquals
    );
    let need_mask = !never_null && (lhs.may_be_null()? || rhs.may_be_null()?);
    let mask = if need_mask {
        Some(DeviceMemory::zeroed(bitmask_allocation_size_bytes(n))?)
    } else {
        None
    };
    if n > 0 {
        let (fl_lo, fl_hi) = split128(factors.0);
        let (fr_lo, fr_hi) = split128(factors.1);
        let mut args = Vec::with_capacity(20);
        args.extend(lhs.args()?);
        args.extend(rhs.args()?);
        args.extend([Arg::P(fl_lo), Arg::P(fl_hi), Arg::P(fr_lo), Arg::P(fr_hi)]);
        args.extend([
            Arg::I32(op.kernel_id()),
            Arg::P(out.ptr()),
            Arg::P(mask.as_ref().map_or(0, DeviceMemory::ptr)),
            Arg::I(n as i64),
        ]);
        // SAFETY: the arguments match dec128_binop's parameters; it reads n rows of each
        // column operand, writes n outputs of `width` bytes and ceil(n/32) mask words.
        unsafe { launch(&f, grid(n)?, &args)? };
    }
    device_column(out_type, n, out, mask.map(Buffer::from_device), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The CUDA sources that switch on an operator.
    const SOURCES: [(&str, &str); 3] = [
        ("binaryop.cu", SOURCE),
        ("binaryop_strings.cu", STRING_SOURCE),
        ("decimal128.cu", DECIMAL128_SOURCE),
    ];

    /// The words of `src` (identifiers and numbers).
    fn words(src: &str) -> Vec<&str> {
        src.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect()
    }

    #[test]
    fn sources_name_operators_only_through_the_generated_constants() {
        let defined: Vec<String> = BinaryOperator::ALL
            .iter()
            .map(|op| format!("BINOP_{}", op.name()))
            .collect();
        for (file, src) in SOURCES {
            // No operator number compared as a literal: `op == 21`, `OP <= 26`, ...
            let code: String = src
                .lines()
                .map(|l| l.split("//").next().unwrap_or(""))
                .collect::<Vec<_>>()
                .join("\n");
            for cmp in ["==", "!=", "<=", ">=", "<", ">"] {
                for var in ["op", "OP"] {
                    let pattern = format!("{var} {cmp} ");
                    for (at, _) in code.match_indices(&pattern) {
                        let before = code[..at].chars().next_back();
                        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                            continue;
                        }
                        let rest = &code[at + pattern.len()..];
                        assert!(
                            !rest.starts_with(|c: char| c.is_ascii_digit()),
                            "{file} compares an operator with a number: {}",
                            &code[at..at + pattern.len() + 3]
                        );
                    }
                }
            }
            // Every BINOP_<NAME> it uses is one the Rust side defines.
            for w in words(&code) {
                if w.starts_with("BINOP_") && w != "BINOP_KERNELS" {
                    assert!(defined.iter().any(|d| d == w), "{file}: unknown {w}");
                }
            }
        }
    }

    #[test]
    fn every_operator_with_a_kernel_is_in_exactly_one_family() {
        let lists = [kernel_list(0), kernel_list(1)];
        for op in BinaryOperator::ALL {
            let instance =
                kernel_name(op).map(|k| format!("FERRO_BINOP({k}, BINOP_{})", op.name()));
            let found: Vec<bool> = lists
                .iter()
                .map(|l| instance.as_ref().is_some_and(|i| l.contains(i.as_str())))
                .collect();
            match kernel_name(op) {
                None => assert_eq!(found, [false, false], "{op:?}"),
                Some(_) => {
                    let family = usize::from(module_family(op));
                    assert!(found[family] && !found[1 - family], "{op:?}");
                }
            }
        }
        let defines = operator_defines();
        assert!(defines.contains("#define BINOP_ADD 0\n"));
        assert!(defines.contains("#define BINOP_NULL_LOGICAL_OR 33\n"));
        assert_eq!(defines.lines().count(), BinaryOperator::ALL.len());
    }
}

//! `binary_operation`: element-wise `lhs op rhs` over columns and scalars (pylibcudf's
//! `binaryop` module).
//!
//! Type rules follow libcudf: the operation is computed in C++'s common type of the two
//! operand types (so `int8 + int8` is computed in int32), then converted to the output type
//! you pass. TRUE_DIV and POW compute in float64; POW of two integer operands multiplies by
//! repeated squaring, which is exact while the result is below 2^53 (a library `pow()` may
//! be an ulp off, which truncation to an integer output would turn into an error of one).
//! Integer arithmetic wraps on overflow.
//! Conversions of a float result to an integer output saturate (NaN gives 0).
//!
//! The other operators, as in libcudf:
//! - PMOD: the remainder made non-negative, `r = x % y; if r < 0 { r = (r + y) % y }`, in
//!   the common type (`fmod` for floats).
//! - INT_POW: integer operands only; computed in the lhs type by repeated squaring,
//!   wrapping on overflow; a negative exponent gives 0.
//! - LOG_BASE `ln(x) / ln(y)` and ATAN2 `atan2(x, y)` in float64.
//! - SHIFT_LEFT, SHIFT_RIGHT (arithmetic for signed) and SHIFT_RIGHT_UNSIGNED (the lhs
//!   reinterpreted as unsigned): integer operands (BOOL8 too, except as the lhs of
//!   SHIFT_RIGHT_UNSIGNED), computed in the lhs type after C++'s integer promotion (so an
//!   int8 lhs shifts as int32). A shift amount that is negative or not smaller than the
//!   width of that type gives what the GPU's shift instructions give for it (PTX clamps the
//!   amount to the width): 0 for SHIFT_LEFT and SHIFT_RIGHT_UNSIGNED, the sign fill
//!   (-1 or 0) for SHIFT_RIGHT. (C++ leaves such shifts undefined.)
//! - BITWISE_AND/OR/XOR: integer or BOOL8 operands, in the common type.
//! - LOGICAL_AND/OR: `x != 0 && y != 0` (a NaN counts as true), a BOOL8 result.
//! - NULL_EQUALS / NULL_NOT_EQUALS: like EQUAL / NOT_EQUAL, with null == null true and
//!   null == value false; the result is never null.
//! - NULL_MAX / NULL_MIN: `x > y ? x : y` / `x < y ? x : y` in the common type (so a NaN
//!   lhs yields the rhs), the valid one when one side is null, null when both are.
//! - NULL_LOGICAL_AND / NULL_LOGICAL_OR: Kleene logic: a valid false (true) decides AND
//!   (OR) even when the other side is null; otherwise null when either side is null.
//!   For these four null-aware operators a null scalar is a null operand, not an all-null
//!   result.
//!
//! Other operand types:
//! - two STRING operands: the comparisons, NULL_EQUALS and NULL_NOT_EQUALS (BOOL8), and
//!   NULL_MAX / NULL_MIN (STRING, host only), by byte-wise lexicographic order;
//! - timestamps and durations: timestamp ± duration, duration ± duration, timestamp −
//!   timestamp, and comparisons (NULL_MAX / NULL_MIN too) of two timestamps or two
//!   durations, in the finer unit;
//! - two DECIMAL32, two DECIMAL64 or two DECIMAL128: ADD, SUB, MUL, NULL_MAX, NULL_MIN,
//!   the comparisons, NULL_EQUALS and NULL_NOT_EQUALS, with libcudf's result scales (ADD,
//!   SUB, NULL_MAX and NULL_MIN at the smaller scale, MUL at the sum of the scales; the
//!   output type must be exactly the result type). Operands are first brought to the
//!   smaller scale by multiplying the unscaled integer by a power of ten; that and the
//!   arithmetic wrap in the storage width, as libcudf's `fixed_point` does (the result is
//!   not checked against the precision, which libcudf does not track either).
//!
//! The time and DECIMAL32/64 operations are composed from integer operations on the stored
//! integers, so they run wherever the integer kernels run; DECIMAL128 has its own kernel.
//!
//! GENERIC_BINARY (a user-defined function in libcudf) and INVALID_BINARY are not
//! supported. LOG_BASE, ATAN2 and POW with a float operand use the platform's math library,
//! which on the GPU may differ from the host's in the last bit.
//!
//! Deliberate differences from libcudf, which are both about correctness on every input:
//! - integer DIV, FLOOR_DIV, MOD and PYMOD by zero give a null row (libcudf leaves the
//!   value undefined);
//! - comparisons between a signed and an unsigned integer are exact (C++ would first
//!   convert the signed value to unsigned, so that -1 > 0u).
//!
//! A row is null when either input row is null; a null scalar makes every row null.

pub use super::numeric::common_type;
use super::numeric::{Num, column_values_as, convert, with_num_type};
use crate::bitmask::{mask_from_bools, new_mask};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::binaryop::{self as dev, DeviceOperand};
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId, fixed_width};
use arrow_buffer::{BooleanBuffer, NullBuffer, ScalarBuffer};
use rayon::prelude::*;

/// pylibcudf's `BinaryOperator`, with its numeric values.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum BinaryOperator {
    Add = 0,
    Sub,
    Mul,
    Div,
    TrueDiv,
    FloorDiv,
    Mod,
    Pmod,
    Pymod,
    Pow,
    IntPow,
    LogBase,
    Atan2,
    ShiftLeft,
    ShiftRight,
    ShiftRightUnsigned,
    BitwiseAnd,
    BitwiseOr,
    BitwiseXor,
    LogicalAnd,
    LogicalOr,
    Equal,
    NotEqual,
    Less,
    Greater,
    LessEqual,
    GreaterEqual,
    NullEquals,
    NullNotEquals,
    NullMax,
    NullMin,
    GenericBinary,
    NullLogicalAnd,
    NullLogicalOr,
    InvalidBinary,
}

impl BinaryOperator {
    /// The operator with numeric value `v`.
    pub fn from_i32(v: i32) -> Result<BinaryOperator> {
        use BinaryOperator::*;
        const ALL: [BinaryOperator; 35] = [
            Add,
            Sub,
            Mul,
            Div,
            TrueDiv,
            FloorDiv,
            Mod,
            Pmod,
            Pymod,
            Pow,
            IntPow,
            LogBase,
            Atan2,
            ShiftLeft,
            ShiftRight,
            ShiftRightUnsigned,
            BitwiseAnd,
            BitwiseOr,
            BitwiseXor,
            LogicalAnd,
            LogicalOr,
            Equal,
            NotEqual,
            Less,
            Greater,
            LessEqual,
            GreaterEqual,
            NullEquals,
            NullNotEquals,
            NullMax,
            NullMin,
            GenericBinary,
            NullLogicalAnd,
            NullLogicalOr,
            InvalidBinary,
        ];
        usize::try_from(v)
            .ok()
            .and_then(|i| ALL.get(i).copied())
            .ok_or_else(|| Error::value(format!("{v} is not a BinaryOperator")))
    }
    fn is_comparison(self) -> bool {
        (BinaryOperator::Equal as i32..=BinaryOperator::GreaterEqual as i32)
            .contains(&(self as i32))
    }
    fn is_implemented(self) -> bool {
        !matches!(
            self,
            BinaryOperator::GenericBinary | BinaryOperator::InvalidBinary
        )
    }
    /// Operators that look at validity themselves (a null input need not give a null).
    pub fn is_null_aware(self) -> bool {
        use BinaryOperator::*;
        matches!(
            self,
            NullEquals | NullNotEquals | NullMax | NullMin | NullLogicalAnd | NullLogicalOr
        )
    }
    /// Whether the operator can turn valid integer inputs into a null (division by zero).
    fn may_null(self, common: TypeId) -> bool {
        use BinaryOperator::*;
        common.is_integer() && matches!(self, Div | FloorDiv | Mod | Pmod | Pymod)
    }
}

/// C++'s integer promotion: types narrower than int (and bool) compute as int32.
pub fn promoted(t: TypeId) -> TypeId {
    match t {
        TypeId::Bool8 | TypeId::Int8 | TypeId::Uint8 | TypeId::Int16 | TypeId::Uint16 => {
            TypeId::Int32
        }
        t => t,
    }
}

/// The type a shift of a `lhs` value is computed in: the promoted lhs type, or for
/// SHIFT_RIGHT_UNSIGNED the promoted unsigned counterpart of the lhs type.
pub fn shift_type(op: BinaryOperator, lhs: TypeId) -> TypeId {
    if op == BinaryOperator::ShiftRightUnsigned {
        match lhs {
            TypeId::Int32 | TypeId::Uint32 => TypeId::Uint32,
            TypeId::Int64 | TypeId::Uint64 => TypeId::Uint64,
            t => promoted(t),
        }
    } else {
        promoted(lhs)
    }
}

/// One side of a binary operation.
#[derive(Clone, Copy)]
pub enum Operand<'a> {
    Column(&'a Column),
    Scalar(&'a Scalar),
}

impl Operand<'_> {
    fn dtype(&self) -> DataType {
        match self {
            Operand::Column(c) => c.dtype(),
            Operand::Scalar(s) => s.dtype(),
        }
    }
}

/// Whether `binary_operation` supports `lhs op rhs -> out` (pylibcudf's
/// `is_supported_operation`).
pub fn is_supported_operation(
    out: DataType,
    lhs: DataType,
    rhs: DataType,
    op: BinaryOperator,
) -> bool {
    check(out, lhs, rhs, op).is_ok()
}

fn check(out: DataType, lhs: DataType, rhs: DataType, op: BinaryOperator) -> Result<TypeId> {
    use BinaryOperator::*;
    if !op.is_implemented() {
        return Err(Error::not_implemented(format!(
            "binary_operation with {op:?} is not implemented: GENERIC_BINARY needs a \
             user-defined function and INVALID_BINARY is no operation"
        )));
    }
    if lhs.id() == TypeId::String && rhs.id() == TypeId::String {
        return check_strings(out, op);
    }
    if lhs.id().is_decimal() || rhs.id().is_decimal() {
        return check_decimal(out, lhs, rhs, op).map(|_| TypeId::Int64);
    }
    if time_unit(lhs.id()).is_some() && time_unit(rhs.id()).is_some() {
        return check_time(out, lhs.id(), rhs.id(), op).map(|_| TypeId::Int64);
    }
    for t in [lhs, rhs] {
        if !t.id().is_numeric() {
            return Err(Error::not_implemented(format!(
                "binary_operation {op:?} on {} and {} operands is not implemented yet; it \
                 supports integer, float and BOOL8 operands, and comparisons of two STRING \
                 operands",
                lhs.id(),
                rhs.id()
            )));
        }
    }
    let (l, r) = (lhs.id(), rhs.id());
    let int_or_bool = |t: TypeId| t.is_integer() || t == TypeId::Bool8;
    let bad = match op {
        IntPow => (!l.is_integer() || !r.is_integer()).then_some("integer operands"),
        ShiftLeft | ShiftRight => {
            (!int_or_bool(l) || !int_or_bool(r)).then_some("integer or BOOL8 operands")
        }
        ShiftRightUnsigned => (!l.is_integer() || !int_or_bool(r))
            .then_some("an integer lhs and an integer or BOOL8 rhs"),
        BitwiseAnd | BitwiseOr | BitwiseXor => {
            (!int_or_bool(l) || !int_or_bool(r)).then_some("integer or BOOL8 operands")
        }
        _ => None,
    };
    if let Some(need) = bad {
        return Err(Error::type_err(format!(
            "binary_operation {op:?} needs {need}, got {l} and {r} operands"
        )));
    }
    if !out.id().is_numeric() {
        let hint = if op.is_comparison()
            || matches!(
                op,
                LogicalAnd
                    | LogicalOr
                    | NullEquals
                    | NullNotEquals
                    | NullLogicalAnd
                    | NullLogicalOr
            ) {
            " (BOOL8 for comparisons and logical operators)"
        } else {
            ""
        };
        return Err(Error::type_err(format!(
            "binary_operation {op:?} cannot produce {}; pass a numeric output type{hint}",
            out.id(),
        )));
    }
    common_type(l, r)
}

/// (is a timestamp, nanoseconds per tick) of TIMESTAMP_* and DURATION_* types.
fn time_unit(id: TypeId) -> Option<(bool, i64)> {
    use TypeId::*;
    Some(match id {
        TimestampDays => (true, 86_400_000_000_000),
        TimestampSeconds => (true, 1_000_000_000),
        TimestampMilliseconds => (true, 1_000_000),
        TimestampMicroseconds => (true, 1_000),
        TimestampNanoseconds => (true, 1),
        DurationDays => (false, 86_400_000_000_000),
        DurationSeconds => (false, 1_000_000_000),
        DurationMilliseconds => (false, 1_000_000),
        DurationMicroseconds => (false, 1_000),
        DurationNanoseconds => (false, 1),
        _ => return None,
    })
}

/// Checks a timestamp/duration operation; returns the common unit (ns per tick) and,
/// for ADD/SUB, whether the result is a timestamp.
fn check_time(
    out: DataType,
    l: TypeId,
    r: TypeId,
    op: BinaryOperator,
) -> Result<(i64, Option<bool>)> {
    use BinaryOperator::*;
    let ((lt, lu), (rt, ru)) = (time_unit(l).expect("time"), time_unit(r).expect("time"));
    let unit = lu.min(ru);
    let unsupported = || {
        Error::not_implemented(format!(
            "binary_operation {op:?} on {l} and {r} operands is not implemented; timestamps \
             and durations support ADD (timestamp + duration, duration + duration), SUB \
             (timestamp - duration, timestamp - timestamp, duration - duration), and the \
             comparisons, NULL_EQUALS, NULL_NOT_EQUALS, NULL_MAX and NULL_MIN of two \
             timestamps or two durations"
        ))
    };
    let result_is_timestamp = match (op, lt, rt) {
        (Add, true, false) | (Add, false, true) | (Sub, true, false) => true,
        (Add, false, false) | (Sub, false, false) | (Sub, true, true) => false,
        (NullMax | NullMin, a, b) if a == b => a,
        _ if (op.is_comparison() || matches!(op, NullEquals | NullNotEquals)) && lt == rt => {
            if !out.id().is_numeric() {
                return Err(Error::type_err(format!(
                    "binary_operation {op:?} cannot produce {}; pass a BOOL8 output type",
                    out.id()
                )));
            }
            return Ok((unit, None));
        }
        _ => return Err(unsupported()),
    };
    let kind = if result_is_timestamp {
        "timestamp"
    } else {
        "duration"
    };
    match time_unit(out.id()) {
        Some((ot, ou)) if ot == result_is_timestamp && ou <= unit => {
            Ok((unit, Some(result_is_timestamp)))
        }
        _ => Err(Error::type_err(format!(
            "binary_operation {op:?} of {l} and {r} gives a {kind} in units of {unit} ns; pass \
             a {kind} output type of that unit or a finer one, not {}",
            out.id()
        ))),
    }
}

/// A column or scalar of a time type viewed as INT64 ticks of `unit` ns.
enum Ticks {
    Column(Column),
    Scalar(Scalar),
}

impl Ticks {
    fn operand(&self) -> Operand<'_> {
        match self {
            Ticks::Column(c) => Operand::Column(c),
            Ticks::Scalar(s) => Operand::Scalar(s),
        }
    }
}

/// Reinterpret `c` (a time type) as its integer storage type.
fn as_integer(c: &Column) -> Result<Column> {
    let id = if fixed_width(c.dtype().id()) == Some(4) {
        TypeId::Int32
    } else {
        TypeId::Int64
    };
    Column::new(
        id.into(),
        c.size(),
        c.data().cloned(),
        c.mask().cloned(),
        Some(c.null_count()?),
        c.offset(),
        vec![],
    )
}

fn to_ticks(o: &Operand, unit: i64) -> Result<Ticks> {
    let (_, u) = time_unit(o.dtype().id()).expect("time type");
    let factor = u / unit;
    match o {
        Operand::Column(c) => {
            let ints = as_integer(c)?;
            if factor == 1 && ints.dtype().id() == TypeId::Int64 {
                return Ok(Ticks::Column(ints));
            }
            let f = Scalar::from_native(factor);
            Ok(Ticks::Column(binary_operation(
                Operand::Column(&ints),
                Operand::Scalar(&f),
                BinaryOperator::Mul,
                TypeId::Int64.into(),
            )?))
        }
        Operand::Scalar(s) => {
            let ints = as_integer(s.as_column())?;
            let v = if ints.dtype().id() == TypeId::Int32 {
                Scalar::from_column(ints)?.value::<i32>()?.map(i64::from)
            } else {
                Scalar::from_column(ints)?.value::<i64>()?
            };
            Ok(Ticks::Scalar(Scalar::from_native_as(
                TypeId::Int64.into(),
                v.map(|x| x.wrapping_mul(factor)),
            )?))
        }
    }
}

/// Timestamp and duration arithmetic and comparisons, composed from integer operations
/// on the tick counts (so both placements share the integer kernels): the operands are
/// scaled to the finer unit (C++'s chrono common type), combined, and a timestamp or
/// duration result is scaled to the output's unit.
fn time_binary(lhs: Operand, rhs: Operand, op: BinaryOperator, output: DataType) -> Result<Column> {
    let (unit, result) = check_time(output, lhs.dtype().id(), rhs.dtype().id(), op)?;
    let (l, r) = (to_ticks(&lhs, unit)?, to_ticks(&rhs, unit)?);
    let Some(_) = result else {
        return binary_operation(l.operand(), r.operand(), op, output);
    };
    let mut ticks = binary_operation(l.operand(), r.operand(), op, TypeId::Int64.into())?;
    let (_, out_unit) = time_unit(output.id()).expect("checked");
    if unit / out_unit != 1 {
        let f = Scalar::from_native(unit / out_unit);
        ticks = binary_operation(
            Operand::Column(&ticks),
            Operand::Scalar(&f),
            BinaryOperator::Mul,
            TypeId::Int64.into(),
        )?;
    }
    if fixed_width(output.id()) == Some(4) {
        let zero = Scalar::from_native(0i64);
        ticks = binary_operation(
            Operand::Column(&ticks),
            Operand::Scalar(&zero),
            BinaryOperator::Add,
            TypeId::Int32.into(),
        )?;
    }
    Column::new(
        output,
        ticks.size(),
        ticks.data().cloned(),
        ticks.mask().cloned(),
        Some(ticks.null_count()?),
        ticks.offset(),
        vec![],
    )
}

/// Checks a decimal operation; returns the result scale (ADD/SUB/MUL) or None
/// (comparisons). Both operands must have the same decimal width (two DECIMAL32, two
/// DECIMAL64 or two DECIMAL128), as libcudf requires.
fn check_decimal(
    out: DataType,
    lhs: DataType,
    rhs: DataType,
    op: BinaryOperator,
) -> Result<Option<i32>> {
    use BinaryOperator::*;
    let (l, r) = (lhs.id(), rhs.id());
    if l != r || !l.is_decimal() {
        return Err(Error::not_implemented(format!(
            "binary_operation {op:?} on {l} and {r} operands is not implemented; decimals \
             support two DECIMAL32, two DECIMAL64 or two DECIMAL128 operands (cast one side \
             to the other's width first)"
        )));
    }
    let scale = match op {
        Add | Sub | NullMax | NullMin => lhs.scale().min(rhs.scale()),
        Mul => lhs.scale().saturating_add(rhs.scale()),
        _ if op.is_comparison() || matches!(op, NullEquals | NullNotEquals) => {
            if out.id() != TypeId::Bool8 {
                return Err(Error::type_err(format!(
                    "binary_operation {op:?} of decimals produces BOOL8; pass a BOOL8 output \
                     type, not {}",
                    out.id()
                )));
            }
            return Ok(None);
        }
        _ => {
            return Err(Error::not_implemented(format!(
                "binary_operation {op:?} on {l} operands is not implemented; decimals support \
                 ADD, SUB, MUL, the comparisons, NULL_EQUALS, NULL_NOT_EQUALS, NULL_MAX and \
                 NULL_MIN"
            )));
        }
    };
    let want = DataType::new(l, scale);
    if out != want {
        return Err(Error::type_err(format!(
            "binary_operation {op:?} of {lhs} and {rhs} gives {want}; pass that output type, \
             not {out}"
        )));
    }
    Ok(Some(scale))
}

/// A decimal operand as its unscaled integers (INT32 or INT64), rescaled by `10^k`
/// in that integer type (wrapping, as libcudf's fixed_point rescaling).
fn rescaled(o: &Operand, k: u32) -> Result<Ticks> {
    let rep = if o.dtype().id() == TypeId::Decimal32 {
        TypeId::Int32
    } else {
        TypeId::Int64
    };
    let reinterpret = |c: &Column| -> Result<Column> {
        Column::new(
            rep.into(),
            c.size(),
            c.data().cloned(),
            c.mask().cloned(),
            Some(c.null_count()?),
            c.offset(),
            vec![],
        )
    };
    // 10^k wrapped to the storage width, as libcudf's fixed_point rescaling computes it
    // (2^32 and 2^64 divide 2^128, so wrapping in i128 first then narrowing is the same).
    let factor = 10i128.wrapping_pow(k);
    match o {
        Operand::Column(c) => {
            let ints = reinterpret(c)?;
            if k == 0 {
                return Ok(Ticks::Column(ints));
            }
            let f = if rep == TypeId::Int32 {
                Scalar::from_native(factor as i32)
            } else {
                Scalar::from_native(factor as i64)
            };
            Ok(Ticks::Column(binary_operation(
                Operand::Column(&ints),
                Operand::Scalar(&f),
                BinaryOperator::Mul,
                rep.into(),
            )?))
        }
        Operand::Scalar(s) => {
            let ints = Scalar::from_column(reinterpret(s.as_column())?)?;
            Ok(Ticks::Scalar(if rep == TypeId::Int32 {
                let v = ints.value::<i32>()?;
                Scalar::from_native_as(rep.into(), v.map(|x| x.wrapping_mul(factor as i32)))?
            } else {
                let v = ints.value::<i64>()?;
                Scalar::from_native_as(rep.into(), v.map(|x| x.wrapping_mul(factor as i64)))?
            }))
        }
    }
}

/// Decimal ADD/SUB (at the smaller scale), MUL (scales add) and comparisons (at the
/// smaller scale), composed from integer operations on the unscaled values in the
/// storage type, so both placements share the integer kernels.
fn decimal_binary(
    lhs: Operand,
    rhs: Operand,
    op: BinaryOperator,
    output: DataType,
) -> Result<Column> {
    let result_scale = check_decimal(output, lhs.dtype(), rhs.dtype(), op)?;
    let (kl, kr) = rescale_exponents(lhs.dtype(), rhs.dtype(), op);
    if lhs.dtype().id() == TypeId::Decimal128 {
        return decimal128_binary(lhs, rhs, op, output, (kl, kr));
    }
    let (l, r) = (rescaled(&lhs, kl)?, rescaled(&rhs, kr)?);
    if result_scale.is_none() {
        return binary_operation(l.operand(), r.operand(), op, output);
    }
    let rep = if output.id() == TypeId::Decimal32 {
        TypeId::Int32
    } else {
        TypeId::Int64
    };
    let v = binary_operation(l.operand(), r.operand(), op, rep.into())?;
    Column::new(
        output,
        v.size(),
        v.data().cloned(),
        v.mask().cloned(),
        Some(v.null_count()?),
        v.offset(),
        vec![],
    )
}

/// The powers of ten each side is multiplied by before the operation: both sides are
/// brought to the smaller scale, except for MUL, which multiplies the unscaled values.
fn rescale_exponents(lhs: DataType, rhs: DataType, op: BinaryOperator) -> (u32, u32) {
    if op == BinaryOperator::Mul {
        return (0, 0);
    }
    let (ls, rs) = (lhs.scale(), rhs.scale());
    let m = ls.min(rs);
    (ls.abs_diff(m), rs.abs_diff(m))
}

/// The unscaled value of a DECIMAL128 scalar (None when null).
fn decimal128_scalar(s: &Scalar) -> Result<Option<i128>> {
    if !s.is_valid()? {
        return Ok(None);
    }
    Ok(Some(s.as_column().host_values::<i128>()?[0]))
}

/// DECIMAL128 ADD/SUB/MUL, comparisons and the null-aware NULL_EQUALS, NULL_NOT_EQUALS,
/// NULL_MAX and NULL_MIN on the unscaled 128-bit integers, after multiplying each side by
/// `10^k` (`k` from [`rescale_exponents`]). Arithmetic and rescaling wrap modulo 2^128 as
/// libcudf's `fixed_point<__int128_t>` does; there is no 128-bit integer type to compose
/// from, so this has its own kernel.
fn decimal128_binary<'a>(
    lhs: Operand<'a>,
    rhs: Operand<'a>,
    op: BinaryOperator,
    output: DataType,
    (kl, kr): (u32, u32),
) -> Result<Column> {
    let n = operand_rows(&lhs, &rhs)?;
    if !op.is_null_aware() {
        for side in [lhs, rhs] {
            if let Operand::Scalar(s) = side
                && !s.is_valid()?
            {
                return all_null(output, n);
            }
        }
    }
    let factors = (10i128.wrapping_pow(kl), 10i128.wrapping_pow(kr));
    if use_device()? {
        let side = |o: &Operand<'a>| -> Result<dev::Decimal128Operand<'a>> {
            Ok(match *o {
                Operand::Column(c) => dev::Decimal128Operand::Column(c),
                Operand::Scalar(s) => dev::Decimal128Operand::Scalar(decimal128_scalar(s)?),
            })
        };
        return dev::decimal128(&side(&lhs)?, &side(&rhs)?, op as i32, factors, output, n);
    }
    let values = |o: &Operand, f: i128| -> Result<Values<i128>> {
        Ok(match o {
            Operand::Column(c) if f == 1 => Values::Column(c.host_values::<i128>()?),
            Operand::Column(c) => Values::Column(
                c.host_values::<i128>()?
                    .iter()
                    .map(|v| v.wrapping_mul(f))
                    .collect(),
            ),
            Operand::Scalar(s) => {
                Values::Scalar(decimal128_scalar(s)?.unwrap_or(0).wrapping_mul(f))
            }
        })
    };
    let (l, r) = (values(&lhs, factors.0)?, values(&rhs, factors.1)?);
    use BinaryOperator::*;
    let (buffer, valid) = match op {
        Add => (
            Buffer::from_vec(zip_map(n, &l, &r, i128::wrapping_add)),
            None,
        ),
        Sub => (
            Buffer::from_vec(zip_map(n, &l, &r, i128::wrapping_sub)),
            None,
        ),
        Mul => (
            Buffer::from_vec(zip_map(n, &l, &r, i128::wrapping_mul)),
            None,
        ),
        NullEquals | NullNotEquals | NullMax | NullMin => {
            let (lv, rv) = (row_validity(&lhs, n)?, row_validity(&rhs, n)?);
            let (values, valid) = decimal128_null_aware(op, &l, &r, &lv, &rv);
            (values, Some(valid))
        }
        _ => (Buffer::from_vec(compare::<i128>(op, &l, &r, n)), None),
    };
    let (mask, null_count) = match valid {
        Some(valid) => match valid.iter().any(|v| !v) {
            true => {
                let (m, nc) = mask_from_bools(n, valid);
                (Some(m), Some(nc))
            }
            false => (None, Some(0)),
        },
        None => operand_nulls(&lhs, &rhs)?,
    };
    Column::new(output, n, Some(buffer), mask, null_count, 0, vec![])
}

/// NULL_EQUALS, NULL_NOT_EQUALS (BOOL8, never null), NULL_MAX and NULL_MIN (the valid side
/// when one is null) of rescaled DECIMAL128 values with validities `lv`, `rv`; returns the
/// values and the output validity.
fn decimal128_null_aware(
    op: BinaryOperator,
    l: &Values<i128>,
    r: &Values<i128>,
    lv: &[bool],
    rv: &[bool],
) -> (Buffer, Vec<bool>) {
    use BinaryOperator::*;
    let rows = 0..lv.len();
    if matches!(op, NullEquals | NullNotEquals) {
        let want = u8::from(op == NullEquals);
        let v: Vec<u8> = rows
            .map(|i| {
                let same = if lv[i] && rv[i] {
                    l.get(i) == r.get(i)
                } else {
                    lv[i] == rv[i]
                };
                if same { want } else { 1 - want }
            })
            .collect();
        return (Buffer::from_vec(v), vec![true; lv.len()]);
    }
    let v: Vec<i128> = rows
        .clone()
        .map(|i| {
            let (a, b) = (l.get(i), r.get(i));
            match (lv[i], rv[i]) {
                (true, true) if op == NullMax => a.max(b),
                (true, true) => a.min(b),
                (true, false) => a,
                _ => b,
            }
        })
        .collect();
    let valid = rows.map(|i| lv[i] || rv[i]).collect();
    (Buffer::from_vec(v), valid)
}

/// The number of rows of a binary operation with at least one column operand.
fn operand_rows(lhs: &Operand, rhs: &Operand) -> Result<usize> {
    match (lhs, rhs) {
        (Operand::Column(a), Operand::Column(b)) => {
            if a.size() != b.size() {
                return Err(Error::value(format!(
                    "binary_operation needs columns of equal length, got {} and {}",
                    a.size(),
                    b.size()
                )));
            }
            Ok(a.size())
        }
        (Operand::Column(a), Operand::Scalar(_)) | (Operand::Scalar(_), Operand::Column(a)) => {
            Ok(a.size())
        }
        (Operand::Scalar(_), Operand::Scalar(_)) => Err(Error::type_err(
            "binary_operation needs at least one column operand",
        )),
    }
}

/// The union of the column operands' null masks (a row is null when either side is).
fn operand_nulls(lhs: &Operand, rhs: &Operand) -> Result<(Option<Buffer>, Option<usize>)> {
    let mut nulls: Option<NullBuffer> = None;
    for side in [lhs, rhs] {
        if let Operand::Column(c) = side {
            nulls = NullBuffer::union(nulls.as_ref(), c.host_nulls()?.as_ref());
        }
    }
    Ok(match nulls {
        Some(nb) if nb.null_count() > 0 => {
            let count = nb.null_count();
            (
                Some(Buffer::from_arrow(nb.into_inner().sliced())),
                Some(count),
            )
        }
        _ => (None, Some(0)),
    })
}

/// The operators defined on two STRING operands and their output types.
fn check_strings(out: DataType, op: BinaryOperator) -> Result<TypeId> {
    use BinaryOperator::*;
    let want = if op.is_comparison() || matches!(op, NullEquals | NullNotEquals) {
        TypeId::Bool8
    } else if matches!(op, NullMax | NullMin) {
        TypeId::String
    } else {
        return Err(Error::not_implemented(format!(
            "binary_operation {op:?} on STRING operands is not implemented; STRING operands \
             support the comparisons, NULL_EQUALS, NULL_NOT_EQUALS, NULL_MAX and NULL_MIN"
        )));
    };
    if out.id() != want {
        return Err(Error::type_err(format!(
            "binary_operation {op:?} of STRING operands produces {want}, not {}; pass a {want} \
             output type",
            out.id()
        )));
    }
    Ok(TypeId::String)
}

/// Compute `lhs op rhs` row by row into a column of `output`.
///
/// ```
/// use ferrodf_core::{column::Column, scalar::Scalar, types::*};
/// use ferrodf_core::ops::binaryop::{binary_operation, BinaryOperator, Operand};
/// let a = Column::from_options(vec![Some(7i32), None, Some(-7)]);
/// let two = Scalar::from_native(2i32);
/// let q = binary_operation(Operand::Column(&a), Operand::Scalar(&two), BinaryOperator::FloorDiv,
///                          TypeId::Int32.into()).unwrap();
/// assert_eq!(q.null_count().unwrap(), 1);
/// assert_eq!(q.host_values::<i32>().unwrap()[2], -4);
/// ```
pub fn binary_operation(
    lhs: Operand,
    rhs: Operand,
    op: BinaryOperator,
    output: DataType,
) -> Result<Column> {
    let common = check(output, lhs.dtype(), rhs.dtype(), op)?;
    let n = operand_rows(&lhs, &rhs)?;
    if common == TypeId::String {
        return string_binary(lhs, rhs, op, n);
    }
    if time_unit(lhs.dtype().id()).is_some() {
        return time_binary(lhs, rhs, op, output);
    }
    if lhs.dtype().id().is_decimal() {
        return decimal_binary(lhs, rhs, op, output);
    }
    if !op.is_null_aware() {
        for side in [lhs, rhs] {
            if let Operand::Scalar(s) = side
                && !s.is_valid()?
            {
                return all_null(output, n);
            }
        }
    }
    if use_device()? {
        let l = device_operand(&lhs)?;
        let r = device_operand(&rhs)?;
        return dev::binary(&l, &r, op as i32, common, output, n, op.may_null(common));
    }
    if op.is_null_aware() {
        return host_null_aware(lhs, rhs, op, common, output, n);
    }
    host_binary(lhs, rhs, op, common, output, n)
}

fn device_operand<'a>(o: &Operand<'a>) -> Result<DeviceOperand<'a>> {
    Ok(match o {
        Operand::Column(c) => DeviceOperand::Column(c),
        Operand::Scalar(s) if !s.is_valid()? => DeviceOperand::NullScalar(s.dtype().id()),
        Operand::Scalar(s) => {
            let width = fixed_width(s.dtype().id()).expect("numeric");
            let col = s.as_column();
            let bytes = col.data().expect("fixed width").host()?;
            let mut raw = [0u8; 8];
            raw[..width].copy_from_slice(
                &bytes.as_slice()[col.offset() * width..(col.offset() + 1) * width],
            );
            DeviceOperand::Scalar(s.dtype().id(), u64::from_le_bytes(raw))
        }
    })
}

fn all_null(output: DataType, n: usize) -> Result<Column> {
    let width = fixed_width(output.id()).expect("numeric");
    let data = Buffer::zeroed(n * width);
    Column::new(
        output,
        n,
        Some(data),
        Some(new_mask(n, false)),
        Some(n),
        0,
        vec![],
    )
}

/// The bytes of a STRING operand's rows on the host (a scalar is row 0 for every row).
struct HostStrings {
    chars: arrow_buffer::Buffer,
    offsets: Vec<i64>,
    scalar: bool,
    valid: Vec<bool>,
}

impl HostStrings {
    fn of(o: &Operand, n: usize) -> Result<HostStrings> {
        let (c, scalar) = match o {
            Operand::Column(c) => (*c, false),
            Operand::Scalar(s) => (s.as_column(), true),
        };
        let valid = row_validity(o, n)?;
        let rows = if scalar { 1 } else { c.size() };
        let mut offsets = Vec::with_capacity(rows + 1);
        if rows > 0 && !c.children().is_empty() {
            let child = &c.children()[0];
            let range = c.offset()..c.offset() + rows + 1;
            if child.dtype().id() == TypeId::Int64 {
                offsets.extend(child.host_values::<i64>()?[range].iter().copied());
            } else {
                offsets.extend(
                    child.host_values::<i32>()?[range]
                        .iter()
                        .map(|&o| i64::from(o)),
                );
            }
        } else {
            offsets = vec![0; rows + 1];
        }
        let chars = match c.data() {
            Some(d) => d.host()?,
            None => arrow_buffer::Buffer::from_vec(Vec::<u8>::new()),
        };
        Ok(HostStrings {
            chars,
            offsets,
            scalar,
            valid,
        })
    }
    #[inline]
    fn get(&self, i: usize) -> &[u8] {
        let k = if self.scalar { 0 } else { i };
        &self.chars.as_slice()[self.offsets[k] as usize..self.offsets[k + 1] as usize]
    }
}

/// NULL_MAX/NULL_MIN of two STRING operands from `lhs_wins` (the strict comparison, null
/// where either side is null), with the device operations it is built from: the row comes
/// from `lhs` where `lhs` is valid and (`rhs` is null or `lhs` wins), else from `rhs`.
fn string_null_extreme(lhs: Operand, rhs: Operand, lhs_wins: &Column) -> Result<Column> {
    use super::copying::copy_if_else;
    use super::unary::{is_null, is_valid};
    let bool8: DataType = TypeId::Bool8.into();
    let flag = |v: bool| Scalar::from_native_as::<u8>(bool8, Some(v as u8));
    let (l_flag, r_flag);
    let (l_valid, r_null);
    let lhs_valid = match lhs {
        Operand::Column(c) => {
            l_valid = is_valid(c)?;
            Operand::Column(&l_valid)
        }
        Operand::Scalar(s) => {
            l_flag = flag(s.is_valid()?)?;
            Operand::Scalar(&l_flag)
        }
    };
    let rhs_null = match rhs {
        Operand::Column(c) => {
            r_null = is_null(c)?;
            Operand::Column(&r_null)
        }
        Operand::Scalar(s) => {
            r_flag = flag(!s.is_valid()?)?;
            Operand::Scalar(&r_flag)
        }
    };
    // NULL_LOGICAL_OR is true where either side is true, even beside a null.
    let either = binary_operation(
        Operand::Column(lhs_wins),
        rhs_null,
        BinaryOperator::NullLogicalOr,
        bool8,
    )?;
    // A null condition row counts as false in copy_if_else.
    let cond = binary_operation(
        lhs_valid,
        Operand::Column(&either),
        BinaryOperator::LogicalAnd,
        bool8,
    )?;
    copy_if_else(side_of(lhs), side_of(rhs), &cond)
}

fn side_of(o: Operand<'_>) -> super::copying::Side<'_> {
    match o {
        Operand::Column(c) => super::copying::Side::Column(c),
        Operand::Scalar(s) => super::copying::Side::Scalar(s),
    }
}

/// Comparisons, NULL_EQUALS/NOT_EQUALS (BOOL8) and NULL_MAX/MIN (STRING) of two STRING
/// operands: byte-wise lexicographic order, as libcudf.
fn string_binary<'a>(
    lhs: Operand<'a>,
    rhs: Operand<'a>,
    op: BinaryOperator,
    n: usize,
) -> Result<Column> {
    use BinaryOperator::*;
    if use_device()? {
        let side = |o: &Operand<'a>| -> Result<dev::StringOperand<'a>> {
            Ok(match o {
                Operand::Column(c) => dev::StringOperand::Column(c),
                Operand::Scalar(s) => dev::StringOperand::Scalar(s.as_column(), s.is_valid()?),
            })
        };
        if matches!(op, NullMax | NullMin) {
            let wins = if op == NullMax { Greater } else { Less };
            let wins = dev::string_compare(&side(&lhs)?, &side(&rhs)?, wins as i32, n)?;
            return string_null_extreme(lhs, rhs, &wins);
        }
        return dev::string_compare(&side(&lhs)?, &side(&rhs)?, op as i32, n);
    }
    let (l, r) = (HostStrings::of(&lhs, n)?, HostStrings::of(&rhs, n)?);
    if matches!(op, NullMax | NullMin) {
        let mut chars: Vec<u8> = Vec::new();
        let mut offsets: Vec<i64> = Vec::with_capacity(n + 1);
        offsets.push(0);
        let mut valid = Vec::with_capacity(n);
        for i in 0..n {
            let (lv, rv) = (l.valid[i], r.valid[i]);
            let pick = match (lv, rv) {
                (true, true) => {
                    let (a, b) = (l.get(i), r.get(i));
                    let lhs_wins = if op == NullMax { a > b } else { a < b };
                    Some(if lhs_wins { a } else { b })
                }
                (true, false) => Some(l.get(i)),
                (false, true) => Some(r.get(i)),
                (false, false) => None,
            };
            if let Some(bytes) = pick {
                chars.extend_from_slice(bytes);
            }
            valid.push(pick.is_some());
            offsets.push(chars.len() as i64);
        }
        let offsets = if chars.len() <= i32::MAX as usize {
            Column::from_values(offsets.iter().map(|&o| o as i32).collect::<Vec<i32>>())
        } else {
            Column::from_values(offsets)
        };
        let (mask, null_count) = if valid.iter().all(|&v| v) {
            (None, Some(0))
        } else {
            let (m, nc) = mask_from_bools(n, valid);
            (Some(m), Some(nc))
        };
        return Column::new(
            TypeId::String.into(),
            n,
            Some(Buffer::from_vec(chars)),
            mask,
            null_count,
            0,
            vec![offsets],
        );
    }
    let null_aware = matches!(op, NullEquals | NullNotEquals);
    let mut valid = Vec::with_capacity(n);
    let v: Vec<u8> = (0..n)
        .map(|i| {
            let (lv, rv) = (l.valid[i], r.valid[i]);
            if null_aware {
                valid.push(true);
                let eq = if lv && rv {
                    l.get(i) == r.get(i)
                } else {
                    lv == rv
                };
                return u8::from(eq == (op == NullEquals));
            }
            valid.push(lv && rv);
            if !(lv && rv) {
                return 0;
            }
            let c = l.get(i).cmp(r.get(i));
            u8::from(match op {
                Equal => c.is_eq(),
                NotEqual => c.is_ne(),
                Less => c.is_lt(),
                Greater => c.is_gt(),
                LessEqual => c.is_le(),
                _ => c.is_ge(),
            })
        })
        .collect();
    let (mask, null_count) = if valid.iter().all(|&v| v) {
        (None, Some(0))
    } else {
        let (m, nc) = mask_from_bools(n, valid);
        (Some(m), Some(nc))
    };
    Column::new(
        TypeId::Bool8.into(),
        n,
        Some(Buffer::from_vec(v)),
        mask,
        null_count,
        0,
        vec![],
    )
}

/// Values of one side in the computation type: a column's values or a broadcast scalar.
enum Values<T: Num> {
    Column(ScalarBuffer<T>),
    Scalar(T),
}

impl<T: Num> Values<T> {
    fn of(o: &Operand) -> Result<Self> {
        Ok(match o {
            Operand::Column(c) => Values::Column(column_values_as::<T>(c)?),
            Operand::Scalar(s) => Values::Scalar(column_values_as::<T>(s.as_column())?[0]),
        })
    }
    #[inline]
    fn get(&self, i: usize) -> T {
        match self {
            Values::Column(v) => v[i],
            Values::Scalar(s) => *s,
        }
    }
}

/// `f(lhs[i], rhs[i])` for every row, with loops specialised per operand shape so they
/// vectorise, in parallel for large inputs.
fn zip_map<C: Num, T: Send>(
    n: usize,
    l: &Values<C>,
    r: &Values<C>,
    f: impl Fn(C, C) -> T + Sync + Send,
) -> Vec<T> {
    const PAR: usize = 1 << 16;
    const MIN_LEN: usize = 1 << 14;
    match (l, r) {
        (Values::Column(a), Values::Column(b)) if n >= PAR => a
            .par_iter()
            .zip(b.par_iter())
            .with_min_len(MIN_LEN)
            .map(|(x, y)| f(*x, *y))
            .collect(),
        (Values::Column(a), Values::Column(b)) => {
            a.iter().zip(b.iter()).map(|(x, y)| f(*x, *y)).collect()
        }
        (Values::Column(a), Values::Scalar(y)) if n >= PAR => a
            .par_iter()
            .with_min_len(MIN_LEN)
            .map(|x| f(*x, *y))
            .collect(),
        (Values::Column(a), Values::Scalar(y)) => a.iter().map(|x| f(*x, *y)).collect(),
        (Values::Scalar(x), Values::Column(b)) if n >= PAR => b
            .par_iter()
            .with_min_len(MIN_LEN)
            .map(|y| f(*x, *y))
            .collect(),
        (Values::Scalar(x), Values::Column(b)) => b.iter().map(|y| f(*x, *y)).collect(),
        (Values::Scalar(x), Values::Scalar(y)) => (0..n).map(|_| f(*x, *y)).collect(),
    }
}

fn host_binary(
    lhs: Operand,
    rhs: Operand,
    op: BinaryOperator,
    common: TypeId,
    output: DataType,
    n: usize,
) -> Result<Column> {
    let (l_id, r_id) = (lhs.dtype().id(), rhs.dtype().id());
    let mixed_sign = l_id.is_integer()
        && r_id.is_integer()
        && l_id.is_signed_integer() != r_id.is_signed_integer();
    let (values, op_valid): (Buffer, Option<Vec<bool>>) = if op.is_comparison() {
        let truth = if mixed_sign {
            compare::<i128>(op, &Values::of(&lhs)?, &Values::of(&rhs)?, n)
        } else {
            with_num_type!(common, C => { compare::<C>(op, &Values::of(&lhs)?, &Values::of(&rhs)?, n) })
        };
        (output_buffer::<u8>(truth, output)?, None)
    } else if op == BinaryOperator::Pow && !l_id.is_floating() && !r_id.is_floating() {
        let (l, r) = (Values::<f64>::of(&lhs)?, Values::<i128>::of(&rhs)?);
        let v: Vec<f64> = (0..n).map(|i| int_pow(l.get(i), r.get(i))).collect();
        (output_buffer::<f64>(v, output)?, None)
    } else if matches!(op, BinaryOperator::LogBase | BinaryOperator::Atan2) {
        let (l, r) = (Values::<f64>::of(&lhs)?, Values::<f64>::of(&rhs)?);
        let v = if op == BinaryOperator::LogBase {
            zip_map(n, &l, &r, |a, b| a.ln() / b.ln())
        } else {
            zip_map(n, &l, &r, f64::atan2)
        };
        (output_buffer::<f64>(v, output)?, None)
    } else if matches!(op, BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr) {
        let (l, r) = (Values::<f64>::of(&lhs)?, Values::<f64>::of(&rhs)?);
        let v = if op == BinaryOperator::LogicalAnd {
            zip_map(n, &l, &r, |a, b| u8::from(a != 0.0 && b != 0.0))
        } else {
            zip_map(n, &l, &r, |a, b| u8::from(a != 0.0 || b != 0.0))
        };
        (output_buffer::<u8>(v, output)?, None)
    } else if op == BinaryOperator::IntPow {
        let (l, r) = (Values::<i128>::of(&lhs)?, Values::<i128>::of(&rhs)?);
        with_num_type!(l_id, L => {
            let v = zip_map(n, &l, &r, |x, y| {
                L::from_i128(int_pow_wrapping(x, y, |v| L::from_i128(v).to_i128()))
            });
            (output_buffer::<L>(v, output)?, None)
        })
    } else if matches!(
        op,
        BinaryOperator::ShiftLeft | BinaryOperator::ShiftRight | BinaryOperator::ShiftRightUnsigned
    ) {
        let (l, r) = (Values::<i128>::of(&lhs)?, Values::<i128>::of(&rhs)?);
        let p = shift_type(op, l_id);
        let width = 8 * fixed_width(p).expect("integer") as u32;
        let lhs_bits = 8 * fixed_width(l_id).expect("integer") as u32;
        with_num_type!(p, P => {
            let v = zip_map(n, &l, &r, |x, s| P::from_i128(shift(op, x, s, lhs_bits, width)));
            (output_buffer::<P>(v, output)?, None)
        })
    } else if matches!(op, BinaryOperator::TrueDiv | BinaryOperator::Pow) {
        let (l, r) = (Values::<f64>::of(&lhs)?, Values::<f64>::of(&rhs)?);
        let v = if op == BinaryOperator::TrueDiv {
            zip_map(n, &l, &r, |a, b| a / b)
        } else {
            zip_map(n, &l, &r, f64::powf)
        };
        (output_buffer::<f64>(v, output)?, None)
    } else {
        with_num_type!(common, C => {
            let (v, valid) = arith::<C>(op, &Values::of(&lhs)?, &Values::of(&rhs)?, n);
            (output_buffer::<C>(v, output)?, valid)
        })
    };
    let mut nulls: Option<NullBuffer> = None;
    for side in [lhs, rhs] {
        if let Operand::Column(c) = side {
            nulls = NullBuffer::union(nulls.as_ref(), c.host_nulls()?.as_ref());
        }
    }
    if let Some(valid) = op_valid {
        let op_nulls = NullBuffer::new(BooleanBuffer::from(valid));
        nulls = NullBuffer::union(nulls.as_ref(), Some(&op_nulls));
    }
    let (mask, null_count) = match nulls {
        Some(nb) if nb.null_count() > 0 => {
            let count = nb.null_count();
            (
                Some(Buffer::from_arrow(nb.into_inner().sliced())),
                Some(count),
            )
        }
        _ => (None, Some(0)),
    };
    Column::new(output, n, Some(values), mask, null_count, 0, vec![])
}

/// libcudf's INT_POW: `x ** y` by repeated squaring, each product wrapped to the lhs type
/// by `wrap`; 0 for a negative exponent.
fn int_pow_wrapping(x: i128, y: i128, wrap: impl Fn(i128) -> i128) -> i128 {
    if y < 0 {
        return 0;
    }
    if y == 0 {
        return 1;
    }
    if x == 0 {
        return 0;
    }
    let (mut x, mut y, mut extra) = (x, y, 1i128);
    while y > 1 {
        if y & 1 == 1 {
            extra = wrap(extra.wrapping_mul(x));
            y -= 1;
        }
        y /= 2;
        x = wrap(x.wrapping_mul(x));
    }
    wrap(x.wrapping_mul(extra))
}

/// A shift of `x` (an lhs value of `lhs_bits` bits) by `s`, computed in a type of `width`
/// bits; amounts outside `0..width` give what PTX's clamped shifts give.
fn shift(op: BinaryOperator, x: i128, s: i128, lhs_bits: u32, width: u32) -> i128 {
    let in_range = (0..i128::from(width)).contains(&s);
    match op {
        BinaryOperator::ShiftLeft if in_range => x.wrapping_shl(s as u32),
        BinaryOperator::ShiftLeft => 0,
        BinaryOperator::ShiftRight if in_range => x >> s,
        BinaryOperator::ShiftRight => {
            if x < 0 {
                -1
            } else {
                0
            }
        }
        _ => {
            let ux = x & ((1i128 << lhs_bits) - 1);
            if in_range { ux >> s } else { 0 }
        }
    }
}

/// Validity of each of `n` rows of one side (a null scalar is `n` nulls).
fn row_validity(o: &Operand, n: usize) -> Result<Vec<bool>> {
    Ok(match o {
        Operand::Scalar(s) => vec![s.is_valid()?; n],
        Operand::Column(c) => match c.host_nulls()? {
            None => vec![true; n],
            Some(nb) => nb.iter().collect(),
        },
    })
}

/// Values of one side, with a null scalar read as zero (its bytes need not exist).
fn values_or_zero<T: Num>(o: &Operand) -> Result<Values<T>> {
    match o {
        Operand::Scalar(s) if !s.is_valid()? => Ok(Values::Scalar(T::zero())),
        _ => Values::of(o),
    }
}

/// The null-aware operators (NULL_EQUALS, NULL_NOT_EQUALS, NULL_MAX, NULL_MIN,
/// NULL_LOGICAL_AND, NULL_LOGICAL_OR) on the host.
fn host_null_aware(
    lhs: Operand,
    rhs: Operand,
    op: BinaryOperator,
    common: TypeId,
    output: DataType,
    n: usize,
) -> Result<Column> {
    use BinaryOperator::*;
    let (lv, rv) = (row_validity(&lhs, n)?, row_validity(&rhs, n)?);
    let (l_id, r_id) = (lhs.dtype().id(), rhs.dtype().id());
    let (values, valid): (Buffer, Option<Vec<bool>>) = match op {
        NullEquals | NullNotEquals => {
            let mixed_sign = l_id.is_integer()
                && r_id.is_integer()
                && l_id.is_signed_integer() != r_id.is_signed_integer();
            let eq = if mixed_sign {
                compare::<i128>(Equal, &values_or_zero(&lhs)?, &values_or_zero(&rhs)?, n)
            } else {
                with_num_type!(common, C => {
                    compare::<C>(Equal, &values_or_zero(&lhs)?, &values_or_zero(&rhs)?, n)
                })
            };
            let want = u8::from(op == NullEquals);
            let v: Vec<u8> = (0..n)
                .map(|i| {
                    let same = if lv[i] && rv[i] {
                        eq[i] != 0
                    } else {
                        lv[i] == rv[i]
                    };
                    if same { want } else { 1 - want }
                })
                .collect();
            (output_buffer::<u8>(v, output)?, None)
        }
        NullMax | NullMin => with_num_type!(common, C => {
            let (l, r) = (values_or_zero::<C>(&lhs)?, values_or_zero::<C>(&rhs)?);
            let v: Vec<C> = (0..n)
                .map(|i| {
                    let (a, b) = (l.get(i), r.get(i));
                    match (lv[i], rv[i]) {
                        (true, true) if op == NullMax => if a > b { a } else { b },
                        (true, true) => if a < b { a } else { b },
                        (true, false) => a,
                        _ => b,
                    }
                })
                .collect();
            let valid = (0..n).map(|i| lv[i] || rv[i]).collect();
            (output_buffer::<C>(v, output)?, Some(valid))
        }),
        _ => {
            let (l, r) = (values_or_zero::<f64>(&lhs)?, values_or_zero::<f64>(&rhs)?);
            let mut valid = Vec::with_capacity(n);
            let v: Vec<u8> = (0..n)
                .map(|i| {
                    let (a, b) = (lv[i] && l.get(i) != 0.0, rv[i] && r.get(i) != 0.0);
                    let both = lv[i] && rv[i];
                    if op == NullLogicalAnd {
                        let (a_false, b_false) = (lv[i] && !a, rv[i] && !b);
                        valid.push(a_false || b_false || both);
                        u8::from(both && a && b)
                    } else {
                        valid.push(a || b || both);
                        u8::from(a || b)
                    }
                })
                .collect();
            (output_buffer::<u8>(v, output)?, Some(valid))
        }
    };
    let (mask, null_count) = match valid {
        Some(valid) if valid.iter().any(|v| !v) => {
            let (m, nc) = mask_from_bools(n, valid);
            (Some(m), Some(nc))
        }
        _ => (None, Some(0)),
    };
    Column::new(output, n, Some(values), mask, null_count, 0, vec![])
}

/// `base ** e` by repeated squaring in float64, the same multiplications as the kernel.
fn int_pow(base: f64, e: i128) -> f64 {
    let mut m = e.unsigned_abs();
    let (mut r, mut b) = (1.0f64, base);
    while m != 0 {
        if m & 1 == 1 {
            r *= b;
        }
        m >>= 1;
        if m != 0 {
            b *= b;
        }
    }
    if e < 0 { 1.0 / r } else { r }
}

/// Convert computed values to the output type's storage.
fn output_buffer<C: Num>(v: Vec<C>, output: DataType) -> Result<Buffer> {
    let to_bool = output.id() == TypeId::Bool8;
    with_num_type!(output.id(), O => {
        if !to_bool && std::any::TypeId::of::<O>() == std::any::TypeId::of::<C>() {
            return Ok(Buffer::from_vec(v));
        }
        Ok(Buffer::from_vec(convert::<C, O>(&v, false, to_bool)))
    })
}

fn compare<C: Num>(op: BinaryOperator, l: &Values<C>, r: &Values<C>, n: usize) -> Vec<u8> {
    use BinaryOperator::*;
    macro_rules! rows {
        ($f:expr) => {
            zip_map(n, l, r, |a, b| u8::from($f(a, b)))
        };
    }
    match op {
        Equal => rows!(|a: C, b: C| a == b),
        NotEqual => rows!(|a: C, b: C| a != b),
        Less => rows!(|a: C, b: C| a < b),
        Greater => rows!(|a: C, b: C| a > b),
        LessEqual => rows!(|a: C, b: C| a <= b),
        GreaterEqual => rows!(|a: C, b: C| a >= b),
        _ => unreachable!("not a comparison"),
    }
}

/// Arithmetic in the common type; the second result marks rows an integer division by zero
/// made null.
fn arith<C: Num>(
    op: BinaryOperator,
    l: &Values<C>,
    r: &Values<C>,
    n: usize,
) -> (Vec<C>, Option<Vec<bool>>) {
    use BinaryOperator::*;
    let zero = C::zero();
    let divides = !C::IS_FLOAT && matches!(op, Div | FloorDiv | Mod | Pmod | Pymod);
    let v = match op {
        Add => zip_map(n, l, r, C::wadd),
        Sub => zip_map(n, l, r, C::wsub),
        Mul => zip_map(n, l, r, C::wmul),
        Div => zip_map(n, l, r, |a, b| {
            if divides && b == zero {
                zero
            } else {
                a.wdiv(b)
            }
        }),
        FloorDiv => zip_map(n, l, r, |a, b| {
            if C::IS_FLOAT {
                a.wdiv(b).floor()
            } else if b == zero {
                zero
            } else {
                let q = a.wdiv(b);
                let m = a.wrem(b);
                if m != zero && ((m < zero) != (b < zero)) {
                    q.wsub(C::one())
                } else {
                    q
                }
            }
        }),
        Mod => zip_map(n, l, r, |a, b| {
            if divides && b == zero {
                zero
            } else {
                a.wrem(b)
            }
        }),
        Pymod => zip_map(n, l, r, |a, b| {
            if divides && b == zero {
                return zero;
            }
            let m = a.wrem(b);
            if m != zero && ((m < zero) != (b < zero)) {
                m.wadd(b)
            } else {
                m
            }
        }),
        Pmod => zip_map(n, l, r, |a, b| {
            if divides && b == zero {
                return zero;
            }
            let m = a.wrem(b);
            if m < zero { m.wadd(b).wrem(b) } else { m }
        }),
        BitwiseAnd => zip_map(n, l, r, |a, b| C::from_i128(a.to_i128() & b.to_i128())),
        BitwiseOr => zip_map(n, l, r, |a, b| C::from_i128(a.to_i128() | b.to_i128())),
        BitwiseXor => zip_map(n, l, r, |a, b| C::from_i128(a.to_i128() ^ b.to_i128())),
        _ => unreachable!("every other operator is handled by the caller"),
    };
    let valid = if divides {
        let any_zero = match r {
            Values::Column(c) => c.contains(&zero),
            Values::Scalar(s) => *s == zero,
        };
        any_zero.then(|| (0..n).map(|i| r.get(i) != zero).collect())
    } else {
        None
    };
    (v, valid)
}

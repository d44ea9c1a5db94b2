//! Comparisons, NULL_EQUALS/NOT_EQUALS and NULL_MAX/MIN of two STRING operands.

use super::host::row_validity;
use super::{Operand, binary_operation, dev};
use crate::binary_operator::BinaryOperator;
use crate::bitmask::mask_from_bools;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId};

/// The operators defined on two STRING operands and their output types.
pub(super) fn check_strings(out: DataType, op: BinaryOperator) -> Result<TypeId> {
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

/// The bytes of a STRING operand's rows on the host (a scalar is row 0 for every row).
pub(super) struct HostStrings {
    chars: arrow_buffer::Buffer,
    offsets: Vec<i64>,
    scalar: bool,
    valid: Vec<bool>,
}

impl HostStrings {
    pub(super) fn of(o: &Operand, n: usize) -> Result<HostStrings> {
        let (c, scalar) = match o {
            Operand::Column(c) => (*c, false),
            Operand::Scalar(s) => (s.as_column(), true),
        };
        let valid = row_validity(o, n)?;
        let rows = if scalar { 1 } else { c.size() };
        let offsets = if rows > 0 && !c.children().is_empty() {
            c.host_offsets(rows)?
        } else {
            vec![0; rows + 1]
        };
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
    pub(super) fn get(&self, i: usize) -> &[u8] {
        let k = if self.scalar { 0 } else { i };
        &self.chars.as_slice()[self.offsets[k] as usize..self.offsets[k + 1] as usize]
    }
}

/// NULL_MAX/NULL_MIN of two STRING operands from `lhs_wins` (the strict comparison, null
/// where either side is null), with the device operations it is built from: the row comes
/// from `lhs` where `lhs` is valid and (`rhs` is null or `lhs` wins), else from `rhs`.
pub(super) fn string_null_extreme(lhs: Operand, rhs: Operand, lhs_wins: &Column) -> Result<Column> {
    use crate::ops::copying::copy_if_else;
    use crate::ops::unary::{is_null, is_valid};
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

pub(super) fn side_of(o: Operand<'_>) -> crate::ops::copying::Side<'_> {
    match o {
        Operand::Column(c) => crate::ops::copying::Side::Column(c),
        Operand::Scalar(s) => crate::ops::copying::Side::Scalar(s),
    }
}

/// Comparisons, NULL_EQUALS/NOT_EQUALS (BOOL8) and NULL_MAX/MIN (STRING) of two STRING
/// operands: byte-wise lexicographic order, as libcudf.
pub(super) fn string_binary<'a>(
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
            let wins = dev::string_compare(&side(&lhs)?, &side(&rhs)?, wins, n)?;
            return string_null_extreme(lhs, rhs, &wins);
        }
        return dev::string_compare(&side(&lhs)?, &side(&rhs)?, op, n);
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

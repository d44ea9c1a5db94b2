//! libcudf's `lists::sequences`: list `i` is `starts[i] + j * steps[i]` for `j` below
//! `sizes[i]`, computed by the binaryop family over the elements' rows and positions.

use super::{list_column, maps};
use crate::binary_operator::BinaryOperator;
use crate::column::{Column, MAX_ROWS};
use crate::error::{Error, Result};
use crate::ops::aggregation::Aggregation;
use crate::ops::binaryop::{Operand, binary_operation};
use crate::ops::cast::cast;
use crate::ops::gather::gather_internal;
use crate::ops::reduce::reduce;
use crate::types::{TypeId, check_same_type};

/// Lists of `sizes[i]` values `starts[i], starts[i] + steps[i], ...` (steps of 1 when
/// `steps` is None). Integer values wrap. No input may hold nulls; sizes must be
/// non-negative integers.
pub fn sequences(starts: &Column, sizes: &Column, steps: Option<&Column>) -> Result<Column> {
    let function = "sequences";
    let t = starts.dtype();
    if !t.id().is_numeric() || t.id() == TypeId::Bool8 {
        return Err(Error::type_err(format!(
            "{function}: starts must be numeric (not BOOL8), got {t}"
        )));
    }
    if !sizes.dtype().id().is_integer() || sizes.dtype().id() == TypeId::Bool8 {
        return Err(Error::type_err(format!(
            "{function}: sizes must be integers, got {}",
            sizes.dtype()
        )));
    }
    let n = starts.size();
    let mut inputs = vec![("starts", starts), ("sizes", sizes)];
    if let Some(s) = steps {
        check_same_type(function, ("steps", s.dtype()), ("starts", t))?;
        inputs.push(("steps", s));
    }
    for (what, c) in inputs {
        if c.size() != n {
            return Err(Error::value(format!(
                "{function}: {what} has {} rows but starts has {n}",
                c.size()
            )));
        }
        if c.has_nulls()? {
            return Err(Error::value(format!(
                "{function}: {what} must not hold nulls"
            )));
        }
    }
    if n > 0 {
        let bound = |agg| -> Result<i64> {
            let s = reduce(sizes, &agg, TypeId::Int64.into())?;
            Ok(s.value::<i64>()?.unwrap_or(0))
        };
        if bound(Aggregation::Min)? < 0 {
            return Err(Error::value(format!(
                "{function}: sizes must not be negative"
            )));
        }
        if bound(Aggregation::Max)? > MAX_ROWS as i64 {
            return Err(Error::overflow(format!(
                "{function}: a list holds at most {MAX_ROWS} elements"
            )));
        }
    }
    let (offs, total) = maps::exclusive_offsets(&cast(sizes, TypeId::Int32.into())?)?;
    let rows = maps::element_rows(&offs)?;
    let j = cast(&maps::element_positions(&offs, &rows)?, t)?;
    let base = gather_internal(starts, &rows)?;
    let step = match steps {
        Some(s) => binary_operation(
            Operand::Column(&j),
            Operand::Column(&gather_internal(s, &rows)?),
            BinaryOperator::Mul,
            t,
        )?,
        None => j,
    };
    let values = binary_operation(
        Operand::Column(&base),
        Operand::Column(&step),
        BinaryOperator::Add,
        t,
    )?;
    debug_assert_eq!(values.size(), total);
    list_column(offs, values, None, 0)
}

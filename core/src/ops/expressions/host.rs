//! The host evaluation of a typed expression tree: every node becomes an arrow-rs array of
//! the table's length, computed with arrow-rs's element-wise kernels (`arity::unary`,
//! `arity::binary`), its Kleene logic (`and_kleene`, `or_kleene`) and comparisons
//! (`cmp`, for strings).
//!
//! Values are held in their storage type (timestamps and durations as their tick counts,
//! BOOL8 as `u8` 0/1), with the exact row rules of the device kernels (`codegen.rs`):
//! integer arithmetic wraps, an integer division or remainder by zero is null (ferrodf's
//! rule, as in `binaryop`; libcudf leaves it undefined), `PYMOD` is libcudf's formula.

use super::ast::ASTOperator;
use super::typing::{Typed, TypedNode};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::numeric::Num;
use crate::table::Table;
use crate::types::{DataType, TypeId};
use arrow_arith::arity::{binary, unary};
use arrow_array::cast::AsArray;
use arrow_array::types::*;
use arrow_array::{Array, ArrayRef, BooleanArray, PrimitiveArray};
use arrow_buffer::{BooleanBuffer, NullBuffer};
use std::sync::Arc;

/// Run `$body` with `$A` the arrow primitive type that stores values of type id `$id`
/// (BOOL8: UInt8; timestamps and durations: their tick counts).
macro_rules! with_storage {
    ($id:expr, $A:ident => $body:block) => {{
        match crate::device::kernels::storage_id($id) {
            Some(TypeId::Int8) => {
                type $A = Int8Type;
                $body
            }
            Some(TypeId::Int16) => {
                type $A = Int16Type;
                $body
            }
            Some(TypeId::Int32) => {
                type $A = Int32Type;
                $body
            }
            Some(TypeId::Int64) => {
                type $A = Int64Type;
                $body
            }
            Some(TypeId::Uint8) | Some(TypeId::Bool8) => {
                type $A = UInt8Type;
                $body
            }
            Some(TypeId::Uint16) => {
                type $A = UInt16Type;
                $body
            }
            Some(TypeId::Uint32) => {
                type $A = UInt32Type;
                $body
            }
            Some(TypeId::Uint64) => {
                type $A = UInt64Type;
                $body
            }
            Some(TypeId::Float32) => {
                type $A = Float32Type;
                $body
            }
            Some(TypeId::Float64) => {
                type $A = Float64Type;
                $body
            }
            _ => Err(Error::not_implemented(format!(
                "the host evaluation of expressions has no storage for {} values",
                $id
            ))),
        }
    }};
}

/// [`with_storage`] for the float types only.
macro_rules! with_float {
    ($id:expr, $A:ident => $body:block) => {{
        match $id {
            TypeId::Float32 => {
                type $A = Float32Type;
                $body
            }
            TypeId::Float64 => {
                type $A = Float64Type;
                $body
            }
            other => Err(Error::type_err(format!("{other} is not a float type"))),
        }
    }};
}

/// The column that `typed` computes on `table`.
pub(super) fn evaluate(table: &Table, typed: &Typed) -> Result<Column> {
    let n = table.num_rows();
    let out = eval(typed, n, &|i| load(&table.columns()[i]))?;
    to_column(typed.dtype, out)
}

/// The referenced columns of a join predicate, loaded once as arrays of their storage type
/// (left columns first, then right ones, as [`super::typing::check_predicate`] numbers
/// them), to be evaluated on blocks of (left row, right row) pairs.
pub(crate) struct PairInputs {
    arrays: Vec<Option<ArrayRef>>,
    split: usize,
}

impl PairInputs {
    /// Loads the columns `typed` references from `left` and `right`.
    pub(crate) fn new(left: &Table, right: &Table, typed: &Typed) -> Result<PairInputs> {
        let split = left.num_columns();
        let mut arrays = vec![None; split + right.num_columns()];
        let mut refs = vec![];
        typed.columns(&mut refs);
        for c in refs {
            if arrays[c].is_none() {
                let col = if c < split {
                    &left.columns()[c]
                } else {
                    &right.columns()[c - split]
                };
                arrays[c] = Some(load(col)?);
            }
        }
        Ok(PairInputs { arrays, split })
    }

    /// Whether the predicate holds (is valid and true) for each pair `(lrows[k],
    /// rrows[k])`.
    ///
    /// The pairs' rows are gathered (arrow `take`) into arrays of the block's length and
    /// the tree runs through [`eval`], the evaluator of `compute_column`: one set of row
    /// rules (wrapping, division by zero, Kleene logic, string comparisons) serves both, at
    /// the price of one gather per referenced column and block. A scalar per-pair
    /// evaluator would be a second copy of every operator's semantics to keep in step.
    pub(crate) fn holds(&self, typed: &Typed, lrows: &[u32], rrows: &[u32]) -> Result<Vec<bool>> {
        let n = lrows.len();
        let (li, ri) = (
            arrow_array::UInt32Array::from(lrows.to_vec()),
            arrow_array::UInt32Array::from(rrows.to_vec()),
        );
        let out = eval(typed, n, &|c| {
            let a = self.arrays[c]
                .as_ref()
                .expect("a referenced column is loaded");
            let idx = if c < self.split { &li } else { &ri };
            Ok(arrow_select::take::take(a.as_ref(), idx, None)?)
        })?;
        let b = out.as_primitive::<UInt8Type>();
        Ok((0..n).map(|k| b.is_valid(k) && b.value(k) != 0).collect())
    }
}

/// The array of a node: `n` rows of its storage type (Utf8 or LargeUtf8 for strings);
/// `leaf(i)` gives column `i`'s array.
fn eval(t: &Typed, n: usize, leaf: &dyn Fn(usize) -> Result<ArrayRef>) -> Result<ArrayRef> {
    match &t.node {
        TypedNode::Column(i) => leaf(*i),
        TypedNode::Literal(s) => {
            let one = load(s.as_column())?;
            // Every row the literal's value (or null): a take of row 0.
            let idx = arrow_array::UInt32Array::from(vec![0u32; n]);
            Ok(arrow_select::take::take(one.as_ref(), &idx, None)?)
        }
        TypedNode::Op(op, args) => {
            let vals = args
                .iter()
                .map(|a| eval(a, n, leaf))
                .collect::<Result<Vec<_>>>()?;
            let in_type = args[0].dtype.id();
            if vals.len() == 2 {
                binary_op(*op, in_type, &vals[0], &vals[1])
            } else {
                unary_op(*op, in_type, t.dtype.id(), &vals[0])
            }
        }
    }
}

/// A column's rows as an array of its storage type (BOOL8 values normalised to 0/1).
fn load(col: &Column) -> Result<ArrayRef> {
    let id = col.dtype().id();
    if id == TypeId::String {
        // Utf8 or LargeUtf8 after the column's offsets; comparisons cast both sides alike.
        return crate::interop::arrow::to_arrow(col);
    }
    with_storage!(id, A => {
        let vals = col.host_values::<<A as ArrowPrimitiveType>::Native>()?;
        let a: ArrayRef = Arc::new(PrimitiveArray::<A>::new(vals, col.host_nulls()?));
        if id == TypeId::Bool8 {
            let norm: PrimitiveArray<UInt8Type> =
                unary(a.as_primitive::<UInt8Type>(), |v: u8| u8::from(v != 0));
            return Ok(Arc::new(norm));
        }
        Ok(a)
    })
}

/// The output column of type `dtype` from its storage array.
fn to_column(dtype: DataType, a: ArrayRef) -> Result<Column> {
    if dtype.id() == TypeId::String {
        return crate::interop::arrow::from_arrow(a.as_ref());
    }
    let n = a.len();
    let data = a.to_data();
    let values = data.buffers()[0].slice_with_length(
        data.offset() * data.data_type().primitive_width().unwrap_or(1),
        n * data.data_type().primitive_width().unwrap_or(1),
    );
    let (mask, nulls) = match a.logical_nulls() {
        Some(nb) if nb.null_count() > 0 => {
            let count = nb.null_count();
            (Some(Buffer::from_arrow(nb.into_inner().sliced())), count)
        }
        _ => (None, 0),
    };
    Column::new(
        dtype,
        n,
        Some(Buffer::from_arrow(values)),
        mask,
        Some(nulls),
        0,
        vec![],
    )
}

/// A BOOL8 storage array of booleans.
fn bools(b: BooleanArray) -> ArrayRef {
    let (values, nulls) = b.into_parts();
    let v: Vec<u8> = values.iter().map(u8::from).collect();
    Arc::new(PrimitiveArray::<UInt8Type>::new(v.into(), nulls))
}

/// `a` with the rows where `keep` is false made null as well.
fn and_valid<T: ArrowPrimitiveType>(
    a: PrimitiveArray<T>,
    keep: impl Iterator<Item = bool>,
) -> PrimitiveArray<T> {
    let extra = NullBuffer::new(BooleanBuffer::from_iter(keep));
    let nulls = NullBuffer::union(a.nulls(), Some(&extra));
    let (_, values, _) = a.into_parts();
    PrimitiveArray::new(values, nulls)
}

fn binary_op(op: ASTOperator, in_type: TypeId, a: &ArrayRef, b: &ArrayRef) -> Result<ArrayRef> {
    use ASTOperator::*;
    if in_type == TypeId::String {
        return string_compare(op, a, b);
    }
    match op {
        NullLogicalAnd | NullLogicalOr => {
            let (x, y) = (logical(a, in_type)?, logical(b, in_type)?);
            let r = if op == NullLogicalAnd {
                arrow_arith::boolean::and_kleene(&x, &y)?
            } else {
                arrow_arith::boolean::or_kleene(&x, &y)?
            };
            Ok(bools(r))
        }
        NullEqual => {
            let eq = with_storage!(in_type, A => { compare::<A>(Equal, a, b) })?;
            let eq = eq.as_primitive::<UInt8Type>();
            let (va, vb) = (a.logical_nulls(), b.logical_nulls());
            let valid =
                |nb: &Option<NullBuffer>, i: usize| nb.as_ref().is_none_or(|m| m.is_valid(i));
            let v: Vec<u8> = (0..a.len())
                .map(|i| match (valid(&va, i), valid(&vb, i)) {
                    (true, true) => eq.value(i),
                    (false, false) => 1,
                    _ => 0,
                })
                .collect();
            Ok(Arc::new(PrimitiveArray::<UInt8Type>::from(v)))
        }
        Equal | NotEqual | Less | Greater | LessEqual | GreaterEqual => {
            with_storage!(in_type, A => { compare::<A>(op, a, b) })
        }
        LogicalAnd | LogicalOr => {
            with_storage!(in_type, A => {
                let (x, y) = (a.as_primitive::<A>(), b.as_primitive::<A>());
                let z = <A as ArrowPrimitiveType>::Native::default();
                let r: PrimitiveArray<UInt8Type> = if op == LogicalAnd {
                    binary(x, y, |p, q| u8::from(p != z && q != z))?
                } else {
                    binary(x, y, |p, q| u8::from(p != z || q != z))?
                };
                Ok(Arc::new(r) as ArrayRef)
            })
        }
        TrueDiv => with_storage!(in_type, A => {
            let (x, y) = (a.as_primitive::<A>(), b.as_primitive::<A>());
            let r: PrimitiveArray<Float64Type> = binary(x, y, |p, q| p.to_f64() / q.to_f64())?;
            Ok(Arc::new(r) as ArrayRef)
        }),
        Pow => with_float!(in_type, A => {
            let (x, y) = (a.as_primitive::<A>(), b.as_primitive::<A>());
            let r: PrimitiveArray<A> = binary(x, y, |p, q| p.powf(q))?;
            Ok(Arc::new(r) as ArrayRef)
        }),
        _ => with_storage!(in_type, A => { arith::<A>(op, a, b) }),
    }
}

/// A column of numbers or booleans as arrow booleans (non-zero is true).
fn logical(a: &ArrayRef, t: TypeId) -> Result<BooleanArray> {
    with_storage!(t, A => {
        let p = a.as_primitive::<A>();
        let z = <A as ArrowPrimitiveType>::Native::default();
        let values = BooleanBuffer::from_iter(p.values().iter().map(|v| *v != z));
        Ok(BooleanArray::new(values, p.nulls().cloned()))
    })
}

/// A comparison of two arrays of storage type `A` (BOOL8 out).
fn compare<A: ArrowPrimitiveType>(op: ASTOperator, a: &ArrayRef, b: &ArrayRef) -> Result<ArrayRef>
where
    A::Native: PartialOrd,
{
    use ASTOperator::*;
    let (x, y) = (a.as_primitive::<A>(), b.as_primitive::<A>());
    // IEEE comparisons (NaN is unequal to everything, -0.0 == 0.0), as the kernels.
    let r: PrimitiveArray<UInt8Type> = match op {
        Equal => binary(x, y, |p, q| u8::from(p == q))?,
        NotEqual => binary(x, y, |p, q| u8::from(p != q))?,
        Less => binary(x, y, |p, q| u8::from(p < q))?,
        Greater => binary(x, y, |p, q| u8::from(p > q))?,
        LessEqual => binary(x, y, |p, q| u8::from(p <= q))?,
        GreaterEqual => binary(x, y, |p, q| u8::from(p >= q))?,
        _ => unreachable!("{op:?} is no comparison"),
    };
    Ok(Arc::new(r))
}

/// Comparisons of strings (byte-wise, as libcudf), with arrow-rs's `cmp` kernels.
fn string_compare(op: ASTOperator, a: &ArrayRef, b: &ArrayRef) -> Result<ArrayRef> {
    use ASTOperator::*;
    use arrow_ord::cmp;
    // Both sides as LargeUtf8: the columns' offset widths may differ.
    let large = arrow_schema::DataType::LargeUtf8;
    let (x, y) = (arrow_cast::cast(a, &large)?, arrow_cast::cast(b, &large)?);
    let (x, y) = (x.as_ref(), y.as_ref());
    let r = match op {
        Equal => cmp::eq(&x, &y)?,
        NotEqual => cmp::neq(&x, &y)?,
        Less => cmp::lt(&x, &y)?,
        Greater => cmp::gt(&x, &y)?,
        LessEqual => cmp::lt_eq(&x, &y)?,
        GreaterEqual => cmp::gt_eq(&x, &y)?,
        NullEqual => cmp::not_distinct(&x, &y)?,
        _ => unreachable!("typing lets only comparisons take strings"),
    };
    Ok(bools(r))
}

/// The arithmetic and bitwise operators on storage type `A` (the result keeps the type).
fn arith<A: ArrowPrimitiveType>(op: ASTOperator, a: &ArrayRef, b: &ArrayRef) -> Result<ArrayRef>
where
    A::Native: Num,
{
    use ASTOperator::*;
    let (x, y) = (a.as_primitive::<A>(), b.as_primitive::<A>());
    let zero = A::Native::zero();
    let int = !A::Native::IS_FLOAT;
    let r: PrimitiveArray<A> = match op {
        Add => binary(x, y, Num::wadd)?,
        Sub => binary(x, y, Num::wsub)?,
        Mul => binary(x, y, Num::wmul)?,
        Div => binary(x, y, |p, q| if int && q == zero { zero } else { p.wdiv(q) })?,
        Mod => binary(x, y, |p, q| if int && q == zero { zero } else { p.wrem(q) })?,
        FloorDiv => binary(x, y, floor_div)?,
        Pymod => binary(x, y, pymod)?,
        BitwiseAnd => binary(x, y, |p, q| A::Native::from_i128(p.to_i128() & q.to_i128()))?,
        BitwiseOr => binary(x, y, |p, q| A::Native::from_i128(p.to_i128() | q.to_i128()))?,
        BitwiseXor => binary(x, y, |p, q| A::Native::from_i128(p.to_i128() ^ q.to_i128()))?,
        _ => unreachable!("{op:?} is handled by the caller"),
    };
    let divides = matches!(op, Div | Mod | FloorDiv | Pymod);
    let r = if int && divides && y.values().contains(&zero) {
        and_valid(r, y.values().iter().map(|q| *q != zero))
    } else {
        r
    };
    Ok(Arc::new(r))
}

/// Floor division: `floor(p / q)` for floats; for integers the truncated quotient minus one
/// when the remainder's sign differs from the divisor's (0 for a zero divisor, made null).
fn floor_div<T: Num>(p: T, q: T) -> T {
    let zero = T::zero();
    if T::IS_FLOAT {
        return p.wdiv(q).floor();
    }
    if q == zero {
        return zero;
    }
    let (d, m) = (p.wdiv(q), p.wrem(q));
    if m != zero && ((m < zero) != (q < zero)) {
        d.wsub(T::one())
    } else {
        d
    }
}

/// libcudf's PYMOD: `fmod(fmod(p, q) + q, q)` for floats; for integers the remainder with
/// the divisor's sign (computed without the formula's overflow).
fn pymod<T: Num>(p: T, q: T) -> T {
    let zero = T::zero();
    if T::IS_FLOAT {
        return p.wrem(q).wadd(q).wrem(q);
    }
    if q == zero {
        return zero;
    }
    let m = p.wrem(q);
    if m != zero && ((m < zero) != (q < zero)) {
        m.wadd(q)
    } else {
        m
    }
}

/// Float functions of the unary operators, for `f32` and `f64` alike.
trait Float: Num {
    fn apply(self, op: ASTOperator) -> Self;
}

macro_rules! float_impl {
    ($($t:ty),*) => {$(
        impl Float for $t {
            fn apply(self, op: ASTOperator) -> $t {
                use ASTOperator::*;
                match op {
                    Sin => self.sin(),
                    Cos => self.cos(),
                    Tan => self.tan(),
                    Arcsin => self.asin(),
                    Arccos => self.acos(),
                    Arctan => self.atan(),
                    Sinh => self.sinh(),
                    Cosh => self.cosh(),
                    Tanh => self.tanh(),
                    Arcsinh => self.asinh(),
                    Arccosh => self.acosh(),
                    Arctanh => self.atanh(),
                    Exp => self.exp(),
                    Log => self.ln(),
                    Sqrt => self.sqrt(),
                    Cbrt => self.cbrt(),
                    Ceil => self.ceil(),
                    Floor => self.floor(),
                    Rint => self.round_ties_even(),
                    Abs => self.abs(),
                    _ => unreachable!("{op:?} is no float function"),
                }
            }
        }
    )*};
}
float_impl!(f32, f64);

fn unary_op(op: ASTOperator, in_type: TypeId, out_type: TypeId, a: &ArrayRef) -> Result<ArrayRef> {
    use ASTOperator::*;
    match op {
        Identity => Ok(a.clone()),
        IsNull => {
            let r = arrow_arith::boolean::is_null(a.as_ref())?;
            Ok(bools(r))
        }
        Not => with_storage!(in_type, A => {
            let z = <A as ArrowPrimitiveType>::Native::default();
            let r: PrimitiveArray<UInt8Type> = unary(a.as_primitive::<A>(), |v| u8::from(v == z));
            Ok(Arc::new(r) as ArrayRef)
        }),
        CastToInt64 | CastToUint64 | CastToFloat64 => with_storage!(in_type, A => {
            let x = a.as_primitive::<A>();
            Ok(match out_type {
                TypeId::Int64 => Arc::new(unary::<A, _, Int64Type>(x, |v| v.cast::<i64>())) as ArrayRef,
                TypeId::Uint64 => Arc::new(unary::<A, _, UInt64Type>(x, |v| v.cast::<u64>())),
                _ => Arc::new(unary::<A, _, Float64Type>(x, |v| v.cast::<f64>())),
            })
        }),
        BitInvert => with_storage!(in_type, A => {
            let r: PrimitiveArray<A> = unary(a.as_primitive::<A>(), |v| {
                <A as ArrowPrimitiveType>::Native::from_i128(!v.to_i128())
            });
            Ok(Arc::new(r) as ArrayRef)
        }),
        Abs if !TypeId::is_floating(in_type) => with_storage!(in_type, A => {
            let z = <A as ArrowPrimitiveType>::Native::zero();
            let r: PrimitiveArray<A> = unary(a.as_primitive::<A>(), |v| if v < z { z.wsub(v) } else { v });
            Ok(Arc::new(r) as ArrayRef)
        }),
        _ => with_float!(in_type, A => {
            let r: PrimitiveArray<A> = unary(a.as_primitive::<A>(), |v| v.apply(op));
            Ok(Arc::new(r) as ArrayRef)
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ASTOperator, Expression, TableReference, compute_column};
    use crate::column::Column;
    use crate::scalar::Scalar;
    use crate::table::Table;
    use std::sync::Arc;

    fn col(i: usize) -> Arc<Expression> {
        Arc::new(Expression::column(i, TableReference::Left))
    }

    fn run(t: &Table, op: ASTOperator, a: Arc<Expression>, b: Arc<Expression>) -> Column {
        let e = Expression::operation(op, a, Some(b)).unwrap();
        // The host path itself (compute_column picks the device on a GPU machine).
        let types: Vec<_> = t.columns().iter().map(|c| c.dtype()).collect();
        super::evaluate(t, &super::super::typing::check(&e, &types).unwrap()).unwrap()
    }

    #[test]
    fn integer_division_by_zero_is_null_and_min_over_minus_one_wraps() {
        let t = Table::new(vec![
            Column::from_values(vec![7i32, i32::MIN, -7, 5]),
            Column::from_values(vec![0i32, -1, 2, -3]),
        ])
        .unwrap();
        let rows = |op| {
            let c = run(&t, op, col(0), col(1));
            let nulls = c.host_nulls().unwrap();
            let v = c.host_values::<i32>().unwrap();
            (0..4)
                .map(|i| nulls.as_ref().is_none_or(|n| n.is_valid(i)).then(|| v[i]))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            rows(ASTOperator::Div),
            vec![None, Some(i32::MIN), Some(-3), Some(-1)]
        );
        assert_eq!(
            rows(ASTOperator::FloorDiv),
            vec![None, Some(i32::MIN), Some(-4), Some(-2)]
        );
        assert_eq!(
            rows(ASTOperator::Mod),
            vec![None, Some(0), Some(-1), Some(2)]
        );
        assert_eq!(
            rows(ASTOperator::Pymod),
            vec![None, Some(0), Some(1), Some(-1)]
        );
    }

    #[test]
    fn kleene_logic_decides_rows_with_one_null() {
        let b = |v: Vec<Option<u8>>| {
            let c = Column::from_options(v);
            Column::new(
                crate::types::TypeId::Bool8.into(),
                c.size(),
                c.data().cloned(),
                c.mask().cloned(),
                None,
                0,
                vec![],
            )
            .unwrap()
        };
        let t = Table::new(vec![
            b(vec![Some(0), Some(1), None, None]),
            b(vec![None, None, Some(0), None]),
        ])
        .unwrap();
        let and = run(&t, ASTOperator::NullLogicalAnd, col(0), col(1));
        let or = run(&t, ASTOperator::NullLogicalOr, col(0), col(1));
        let show = |c: &Column| {
            let a = crate::interop::arrow::to_arrow(c).unwrap();
            let a = arrow_array::cast::AsArray::as_boolean(a.as_ref()).clone();
            a.iter().collect::<Vec<_>>()
        };
        assert_eq!(show(&and), vec![Some(false), None, Some(false), None]);
        assert_eq!(show(&or), vec![None, Some(true), None, None]);
    }

    #[test]
    fn strings_compare_with_literals() {
        let strings = |v: Vec<Option<&str>>| {
            crate::interop::arrow::from_arrow(&arrow_array::StringArray::from(v)).unwrap()
        };
        let s = strings(vec![Some("a"), None, Some("c")]);
        let t = Table::new(vec![s]).unwrap();
        let lit = Arc::new(
            Expression::literal(Scalar::from_column(strings(vec![Some("b")])).unwrap()).unwrap(),
        );
        let e = Expression::operation(ASTOperator::Less, col(0), Some(lit)).unwrap();
        let out = compute_column(&t, &e);
        // On a GPU machine under device='auto' this is a counted host fallback.
        let out = out.unwrap();
        assert_eq!(out.null_count().unwrap(), 1);
        assert_eq!(out.host_values::<u8>().unwrap()[0], 1);
    }
}

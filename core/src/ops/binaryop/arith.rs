//! The host row kernels: arithmetic, comparisons, powers and shifts of one pair of values.

use super::host::{Values, zip_map};
use crate::binary_operator::BinaryOperator;
use crate::ops::numeric::Num;

/// libcudf's INT_POW: `x ** y` by repeated squaring, each product wrapped to the lhs type
/// by `wrap`; 0 for a negative exponent.
pub(super) fn int_pow_wrapping(x: i128, y: i128, wrap: impl Fn(i128) -> i128) -> i128 {
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
pub(super) fn shift(op: BinaryOperator, x: i128, s: i128, lhs_bits: u32, width: u32) -> i128 {
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

/// `base ** e` by repeated squaring in float64, the same multiplications as the kernel.
pub(super) fn int_pow(base: f64, e: i128) -> f64 {
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

pub(super) fn compare<C: Num>(
    op: BinaryOperator,
    l: &Values<C>,
    r: &Values<C>,
    n: usize,
) -> Vec<u8> {
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
pub(super) fn arith<C: Num>(
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

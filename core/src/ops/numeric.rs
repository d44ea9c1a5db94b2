//! Host-side numeric helpers shared by the element-wise and reduction algorithms: C++'s
//! conversion rules (which the device kernels follow) expressed for Rust's primitive types,
//! and the value maps and column builders the host paths of the element-wise families
//! (unary, cast, round, datetime, transform, strings) share.

use crate::bitmask::mask_from_bools;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::types::{DataType, TypeId};
use arrow_buffer::ScalarBuffer;
use rayon::prelude::*;

/// A primitive type arithmetic is done in.
pub(crate) trait Num:
    arrow_buffer::ArrowNativeType + PartialOrd + Copy + Send + Sync + Default + 'static
{
    const IS_FLOAT: bool;
    fn zero() -> Self;
    fn one() -> Self;
    fn lowest() -> Self;
    fn highest() -> Self;
    fn wadd(self, o: Self) -> Self;
    fn wsub(self, o: Self) -> Self;
    fn wmul(self, o: Self) -> Self;
    /// Division: truncating and wrapping for integers (MIN / -1 = MIN).
    fn wdiv(self, o: Self) -> Self;
    /// Remainder: C's `%` for integers (MIN % -1 = 0), `fmod` for floats.
    fn wrem(self, o: Self) -> Self;
    fn floor(self) -> Self;
    /// Whether the value is a NaN (never for integers).
    fn is_nan(self) -> bool;
    /// NaN-skipping minimum (C's fmin) for floats, plain minimum for integers.
    fn fmin(self, o: Self) -> Self;
    fn fmax(self, o: Self) -> Self;
    /// The value as i128 (integers) or f64 (floats): both hold every value exactly.
    fn to_i128(self) -> i128;
    fn to_f64(self) -> f64;
    /// C++ conversion from an integer: wraps modulo 2^bits (rounds to nearest for floats).
    fn from_i128(v: i128) -> Self;
    /// C++ conversion from a float, made total: saturates, NaN -> 0 (rounds for floats).
    fn from_f64(v: f64) -> Self;
    /// Convert to another numeric type with C++'s rules (see `from_i128`/`from_f64`).
    #[inline]
    fn cast<D: Num>(self) -> D {
        if Self::IS_FLOAT {
            D::from_f64(self.to_f64())
        } else {
            D::from_i128(self.to_i128())
        }
    }
}

/// [`Num`]'s conversions, Rust's `as` casts for integers and floats alike (they are C++'s
/// conversions but for float -> integer, which `as` saturates, NaN -> 0).
macro_rules! as_conversions {
    ($t:ty) => {
        fn to_i128(self) -> i128 {
            self as i128
        }
        fn to_f64(self) -> f64 {
            self as f64
        }
        fn from_i128(v: i128) -> Self {
            v as $t
        }
        fn from_f64(v: f64) -> Self {
            v as $t
        }
    };
}

macro_rules! int_num {
    ($($t:ty, $signed:expr);*) => {$(
        impl Num for $t {
            const IS_FLOAT: bool = false;
            fn zero() -> Self { 0 }
            fn one() -> Self { 1 }
            fn lowest() -> Self { <$t>::MIN }
            fn highest() -> Self { <$t>::MAX }
            fn wadd(self, o: Self) -> Self { self.wrapping_add(o) }
            fn wsub(self, o: Self) -> Self { self.wrapping_sub(o) }
            fn wmul(self, o: Self) -> Self { self.wrapping_mul(o) }
            fn wdiv(self, o: Self) -> Self { self.wrapping_div(o) }
            fn wrem(self, o: Self) -> Self { self.wrapping_rem(o) }
            fn floor(self) -> Self { self }
            fn is_nan(self) -> bool { false }
            fn fmin(self, o: Self) -> Self { if o < self { o } else { self } }
            fn fmax(self, o: Self) -> Self { if o > self { o } else { self } }
            as_conversions!($t);
        }
    )*};
}
int_num!(i8, true; i16, true; i32, true; i64, true; i128, true; u8, false; u16, false; u32, false; u64, false);

macro_rules! float_num {
    ($($t:ty),*) => {$(
        impl Num for $t {
            const IS_FLOAT: bool = true;
            fn zero() -> Self { 0.0 }
            fn one() -> Self { 1.0 }
            fn lowest() -> Self { <$t>::NEG_INFINITY }
            fn highest() -> Self { <$t>::INFINITY }
            fn wadd(self, o: Self) -> Self { self + o }
            fn wsub(self, o: Self) -> Self { self - o }
            fn wmul(self, o: Self) -> Self { self * o }
            fn wdiv(self, o: Self) -> Self { self / o }
            fn wrem(self, o: Self) -> Self { self % o }
            fn floor(self) -> Self { <$t>::floor(self) }
            fn is_nan(self) -> bool { <$t>::is_nan(self) }
            fn fmin(self, o: Self) -> Self { <$t>::min(self, o) }
            fn fmax(self, o: Self) -> Self { <$t>::max(self, o) }
            as_conversions!($t);
        }
    )*};
}
float_num!(f32, f64);

/// A `match` on type id `$id` that runs `$body` with `$T` bound to the storage type listed
/// for each id pattern, and `$fallback` for the other ids: the one expansion behind
/// [`with_num_type!`] and [`with_decimal_type!`].
macro_rules! match_storage_type {
    ($id:expr, $T:ident => $body:block, [$($ids:pat => $storage:ty),+ $(,)?], _ => $fallback:expr) => {
        match $id {
            $($ids => {
                type $T = $storage;
                $body
            })+
            _ => $fallback,
        }
    };
}
pub(crate) use match_storage_type;

/// Run `$body` with `$T` bound to the storage type of numeric type id `$id` (BOOL8 is u8).
macro_rules! with_num_type {
    ($id:expr, $T:ident => $body:block) => {{
        let id = $id;
        $crate::ops::numeric::match_storage_type!(id, $T => $body, [
            TypeId::Int8 => i8,
            TypeId::Int16 => i16,
            TypeId::Int32 => i32,
            TypeId::Int64 => i64,
            TypeId::Uint8 | TypeId::Bool8 => u8,
            TypeId::Uint16 => u16,
            TypeId::Uint32 => u32,
            TypeId::Uint64 => u64,
            TypeId::Float32 => f32,
            TypeId::Float64 => f64,
        ], _ => return Err($crate::error::Error::not_implemented(format!(
            "{id} is not a numeric type here"
        ))))
    }};
}
pub(crate) use with_num_type;

/// Run `$body` with `$T` the word that holds fixed-width values of `$width` bytes (`u8` to
/// `u64`, `i128`), and `$fallback` for other widths: the host gather, scatter, selection
/// and compaction move values as such words whatever their type.
macro_rules! with_width_type {
    ($width:expr, $T:ident => $body:block, _ => $fallback:expr) => {
        $crate::ops::numeric::match_storage_type!($width, $T => $body, [
            1 => u8,
            2 => u16,
            4 => u32,
            8 => u64,
            16 => i128,
        ], _ => $fallback)
    };
}
pub(crate) use with_width_type;

/// Run `$body` with `$T` the storage type of decimal type id `$id` (DECIMAL128 for any
/// other id).
macro_rules! with_decimal_type {
    ($id:expr, $T:ident => $body:block) => {
        $crate::ops::numeric::match_storage_type!($id, $T => $body, [
            TypeId::Decimal32 => i32,
            TypeId::Decimal64 => i64,
        ], _ => {
            type $T = i128;
            $body
        })
    };
}
pub(crate) use with_decimal_type;

/// Convert values with C++ semantics: integer narrowing wraps, float -> integer saturates
/// (NaN -> 0), and `to_bool` gives `v != 0` as 0/1. `from_bool` normalises BOOL8 bytes.
pub(crate) fn convert<S: Num, D: Num>(src: &[S], from_bool: bool, to_bool: bool) -> Vec<D> {
    let zero = S::zero();
    let parallel = src.len() >= 1 << 16;
    let map = |v: &S| -> D {
        if to_bool || from_bool {
            D::from_i128(i128::from(*v != zero))
        } else {
            v.cast::<D>()
        }
    };
    if parallel {
        src.par_iter().with_min_len(1 << 14).map(map).collect()
    } else {
        src.iter().map(map).collect()
    }
}

/// The `size` values of a numeric column converted to `D`, shared without a copy when the
/// storage type already is `D`.
pub(crate) fn column_values_as<D: Num>(col: &Column) -> Result<ScalarBuffer<D>> {
    let id = col.dtype().id();
    let from_bool = id == TypeId::Bool8;
    with_num_type!(id, S => {
        // Already stored as D (BOOL8 bytes still need normalising to 0/1): share it.
        if !from_bool && std::any::TypeId::of::<S>() == std::any::TypeId::of::<D>() {
            return col.host_values::<D>();
        }
        let src = col.host_values::<S>()?;
        Ok(ScalarBuffer::from(convert::<S, D>(&src, from_bool, false)))
    })
}

/// C++'s "usual arithmetic conversions": the type `a op b` is computed in (TypeError-free
/// only for numeric types).
pub fn common_type(a: TypeId, b: TypeId) -> Result<TypeId> {
    for t in [a, b] {
        if !t.is_numeric() {
            return Err(Error::not_implemented(format!("{t} is not a numeric type")));
        }
    }
    if a == TypeId::Float64 || b == TypeId::Float64 {
        return Ok(TypeId::Float64);
    }
    if a == TypeId::Float32 || b == TypeId::Float32 {
        return Ok(TypeId::Float32);
    }
    // Integer promotion: everything narrower than int becomes int.
    let promote = |t: TypeId| match t {
        TypeId::Bool8 | TypeId::Int8 | TypeId::Uint8 | TypeId::Int16 | TypeId::Uint16 => {
            TypeId::Int32
        }
        t => t,
    };
    let (a, b) = (promote(a), promote(b));
    if a == b {
        return Ok(a);
    }
    let rank = |t: TypeId| {
        if matches!(t, TypeId::Int64 | TypeId::Uint64) {
            2
        } else {
            1
        }
    };
    let (sa, sb) = (a.is_signed_integer(), b.is_signed_integer());
    if sa == sb {
        return Ok(if rank(a) >= rank(b) { a } else { b });
    }
    let (s, u) = if sa { (a, b) } else { (b, a) };
    if rank(u) >= rank(s) {
        Ok(u)
    } else {
        // The signed type is wider and holds every value of the unsigned one.
        Ok(s)
    }
}

/// The word a FLOAT64 key is hashed and compared by in the host hash tables: every NaN
/// one word and -0.0 the word of 0.0 (`+ 0.0` turns -0.0 into 0.0 without a branch).
#[inline]
pub(crate) fn float_key_word(v: f64) -> u64 {
    if v.is_nan() {
        f64::NAN.to_bits()
    } else {
        (v + 0.0).to_bits()
    }
}

/// Float `v` with every NaN as `nan` (a canonical quiet NaN) and, with `zero_norm`, -0.0 as
/// 0.0: the form in which the host hashes and sorts floats, so that values that compare
/// equal (and all NaNs) hash and sort as one.
#[inline]
pub(crate) fn canonical_float<T: Num>(v: T, nan: T, zero_norm: bool) -> T {
    if v.is_nan() {
        nan
    } else if zero_norm && v == T::zero() {
        T::zero()
    } else {
        v
    }
}

/// `f` over every value, in parallel for large inputs.
pub(crate) fn map_values<S: Copy + Sync, D: Send>(
    src: &[S],
    f: impl Fn(S) -> D + Sync + Send,
) -> Vec<D> {
    if src.len() >= 1 << 16 {
        src.par_iter()
            .with_min_len(1 << 14)
            .map(|x| f(*x))
            .collect()
    } else {
        src.iter().map(|x| f(*x)).collect()
    }
}

/// The validity of `c`'s rows as a host mask starting at bit 0, and its null count.
pub(crate) fn host_mask_copy(c: &Column) -> Result<(Option<Buffer>, usize)> {
    Ok(match c.host_nulls()? {
        Some(nb) if nb.null_count() > 0 => {
            let nulls = nb.null_count();
            (Some(Buffer::from_arrow(nb.into_inner().sliced())), nulls)
        }
        _ => (None, 0),
    })
}

/// A host column of `values` with `like`'s validity.
pub(crate) fn host_column<T: arrow_buffer::ArrowNativeType>(
    like: &Column,
    dtype: DataType,
    values: Vec<T>,
) -> Result<Column> {
    let (mask, nulls) = host_mask_copy(like)?;
    Column::new(
        dtype,
        values.len(),
        Some(Buffer::from_vec(values)),
        mask,
        Some(nulls),
        0,
        vec![],
    )
}

pub(crate) fn host_mask(n: usize, valid: impl IntoIterator<Item = bool>) -> (Buffer, usize) {
    mask_from_bools(n, valid)
}

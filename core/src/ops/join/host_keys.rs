//! Host key rows for the hash-based algorithms (the joins, and duplicate removal in
//! `ops::stream_compaction`, which shares them): each key column
//! normalised once into a flat, hashable form, a 64-bit hash per row, and equality of a
//! row of one key table with a row of another.
//!
//! Equality follows libcudf's join comparator: values compare by C++ `==` except that NaN
//! equals NaN (`-0.0 == 0.0`); a null equals a null only when nulls compare equal.

use crate::column::Column;
use crate::error::{Error, Result};
use crate::keys::{KeyKind, key_kind};
use crate::ops::numeric::float_key_word;
use crate::table::Table;
use arrow_buffer::NullBuffer;
use rayon::prelude::*;
use std::hash::BuildHasher;

/// Rows handled per rayon task.
pub(crate) const CHUNK: usize = 1 << 15;

/// One key column, normalised so that equal keys have equal bits.
pub(crate) enum KeyValues {
    /// Every fixed-width type of at most 8 bytes (floats canonicalised, bools 0/1).
    Word(arrow_buffer::ScalarBuffer<u64>),
    /// DECIMAL128.
    Wide(arrow_buffer::ScalarBuffer<u128>),
    /// Strings: the chars and the `size + 1` offsets of the rows.
    Str {
        bytes: arrow_buffer::Buffer,
        offsets: Vec<i64>,
    },
}

/// A key column: values and validity.
pub(crate) struct KeyColumn {
    pub(crate) values: KeyValues,
    pub(crate) nulls: Option<NullBuffer>,
}

/// The key columns of one table.
pub(crate) struct KeyTable {
    pub(crate) cols: Vec<KeyColumn>,
    pub(crate) rows: usize,
}

#[inline]
fn canon_f32(v: f32) -> u64 {
    u64::from(if v.is_nan() {
        f32::NAN.to_bits()
    } else {
        (v + 0.0).to_bits()
    })
}

fn words<T: arrow_buffer::ArrowNativeType + Sync>(
    c: &Column,
    f: impl Fn(T) -> u64 + Sync + Send,
) -> Result<KeyValues> {
    let v = c.host_values::<T>()?;
    let out: Vec<u64> = v.par_iter().with_min_len(CHUNK).map(|&x| f(x)).collect();
    Ok(KeyValues::Word(out.into()))
}

fn key_column(c: &Column, kind: KeyKind) -> Result<KeyColumn> {
    let values = match kind {
        KeyKind::I8 => words::<i8>(c, |x| x as u64)?,
        KeyKind::I16 => words::<i16>(c, |x| x as u64)?,
        KeyKind::I32 => words::<i32>(c, |x| x as u64)?,
        KeyKind::U8 => words::<u8>(c, u64::from)?,
        KeyKind::U16 => words::<u16>(c, u64::from)?,
        KeyKind::U32 => words::<u32>(c, u64::from)?,
        KeyKind::Bool => words::<u8>(c, |x| u64::from(x != 0))?,
        // 8-byte integers are used as they are: no copy.
        KeyKind::I64 | KeyKind::U64 => {
            let v = c.host_values::<u64>()?;
            KeyValues::Word(v)
        }
        KeyKind::F32 => words::<f32>(c, canon_f32)?,
        KeyKind::F64 => words::<f64>(c, float_key_word)?,
        KeyKind::I128 => KeyValues::Wide(c.host_values::<u128>()?),
        KeyKind::Str => {
            let (bytes, mut offsets) = c.host_string_parts()?;
            // An empty column still has its one offset.
            if offsets.is_empty() {
                offsets.push(0);
            }
            KeyValues::Str { bytes, offsets }
        }
    };
    let nulls = if c.has_nulls()? {
        c.host_nulls()?
    } else {
        None
    };
    Ok(KeyColumn { values, nulls })
}

/// Check that two key tables can be compared (same column count and types) and return
/// the comparison kinds.
pub(crate) fn check_key_tables(
    function: &str,
    left: &Table,
    right: &Table,
) -> Result<Vec<KeyKind>> {
    if left.num_columns() != right.num_columns() {
        return Err(Error::value(format!(
            "{function}: the left keys have {} columns but the right keys have {}; pass key \
             tables with matching columns",
            left.num_columns(),
            right.num_columns()
        )));
    }
    if left.num_columns() == 0 {
        return Err(Error::value(format!(
            "{function}: the key tables have no columns; pass at least one key column"
        )));
    }
    left.columns()
        .iter()
        .zip(right.columns())
        .map(|(l, r)| {
            if l.dtype() != r.dtype() {
                return Err(Error::type_err(format!(
                    "{function}: key columns must have the same types on both sides, got {} \
                     and {}; cast one side first",
                    l.dtype(),
                    r.dtype()
                )));
            }
            key_kind(function, l.dtype())
        })
        .collect()
}

impl KeyTable {
    /// The key rows of `t` compared as `kinds`.
    pub(crate) fn new(t: &Table, kinds: &[KeyKind]) -> Result<KeyTable> {
        let cols = t
            .columns()
            .iter()
            .zip(kinds)
            .map(|(c, &k)| key_column(c, k))
            .collect::<Result<Vec<_>>>()?;
        Ok(KeyTable {
            cols,
            rows: t.num_rows(),
        })
    }

    /// The single 8-byte-or-narrower key column without nulls, if that is all there is.
    pub(crate) fn single_word(&self) -> Option<&[u64]> {
        match self.cols.as_slice() {
            [
                KeyColumn {
                    values: KeyValues::Word(w),
                    nulls: None,
                },
            ] => Some(w),
            _ => None,
        }
    }

    /// Whether row `i` has a null in any key column.
    #[inline]
    pub(crate) fn has_null(&self, i: usize) -> bool {
        self.cols
            .iter()
            .any(|c| c.nulls.as_ref().is_some_and(|n| n.is_null(i)))
    }

    /// Whether any row has a null key.
    pub(crate) fn any_nulls(&self) -> bool {
        self.cols.iter().any(|c| c.nulls.is_some())
    }

    /// A hash of every row (equal keys, nulls included, hash equally).
    pub(crate) fn hashes(&self, state: &hashbrown::DefaultHashBuilder) -> Vec<u64> {
        (0..self.rows)
            .into_par_iter()
            .with_min_len(CHUNK)
            .map(|i| self.row_hash(i, state))
            .collect()
    }

    /// The hash of row `i` (see [`KeyTable::hashes`]).
    #[inline]
    pub(crate) fn row_hash(&self, i: usize, state: &hashbrown::DefaultHashBuilder) -> u64 {
        let mut h = 0u64;
        for (k, c) in self.cols.iter().enumerate() {
            let seed = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(k as u64 + 1);
            let v = if c.nulls.as_ref().is_some_and(|n| n.is_null(i)) {
                0x5a5a_5a5a_5a5a_5a5a
            } else {
                match &c.values {
                    KeyValues::Word(w) => w[i],
                    KeyValues::Wide(w) => state.hash_one(w[i]),
                    KeyValues::Str { bytes, offsets } => state
                        .hash_one(&bytes.as_slice()[offsets[i] as usize..offsets[i + 1] as usize]),
                }
            };
            h = mix(h ^ seed, v);
        }
        h
    }

    /// Row `i`'s value in the first key column, which must hold words.
    #[inline]
    pub(crate) fn word(&self, i: usize) -> u64 {
        match &self.cols[0].values {
            KeyValues::Word(w) => w[i],
            _ => unreachable!("a word key column"),
        }
    }

    /// Whether row `i` of `self` equals row `j` of `other` (nulls equal each other; callers
    /// exclude null rows first when nulls must not match).
    #[inline]
    pub(crate) fn eq(&self, i: usize, other: &KeyTable, j: usize) -> bool {
        self.cols.iter().zip(&other.cols).all(|(a, b)| {
            let an = a.nulls.as_ref().is_some_and(|n| n.is_null(i));
            let bn = b.nulls.as_ref().is_some_and(|n| n.is_null(j));
            if an || bn {
                return an && bn;
            }
            match (&a.values, &b.values) {
                (KeyValues::Word(x), KeyValues::Word(y)) => x[i] == y[j],
                (KeyValues::Wide(x), KeyValues::Wide(y)) => x[i] == y[j],
                (
                    KeyValues::Str {
                        bytes: xb,
                        offsets: xo,
                    },
                    KeyValues::Str {
                        bytes: yb,
                        offsets: yo,
                    },
                ) => {
                    xb.as_slice()[xo[i] as usize..xo[i + 1] as usize]
                        == yb.as_slice()[yo[j] as usize..yo[j + 1] as usize]
                }
                _ => false,
            }
        })
    }
}

/// A fast, well-mixed 64-bit hash step (a folded 128-bit multiply).
#[inline]
pub(crate) fn mix(h: u64, v: u64) -> u64 {
    let r = u128::from(h ^ v) * 0xf39c_c060_5ced_c835u128;
    let x = (r as u64) ^ ((r >> 64) as u64);
    x ^ (x >> 29)
}

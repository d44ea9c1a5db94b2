//! The host path of the search functions: every key column read once into a comparable
//! host form, then a parallel binary search per needle row (`lower_bound`,
//! `upper_bound`) or a hash set of the haystack's values (`contains`).

use crate::bitmask::get_bit;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::Result;
use crate::keys::{KeyKind, NullOrder, Order};
use crate::table::Table;
use crate::types::TypeId;
use rayon::prelude::*;
use std::cmp::Ordering;

/// libcudf's float ordering: NaN above everything and equal to NaN.
#[inline]
fn cmp_f64(a: f64, b: f64) -> Ordering {
    match (a.is_nan(), b.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => a.partial_cmp(&b).expect("not NaN"),
    }
}

/// Host values of one key column, compared across two columns of the same type.
enum HostKeys {
    Int(Vec<i128>),
    Float(Vec<f64>),
    Str {
        bytes: arrow_buffer::Buffer,
        offsets: Vec<i64>,
    },
}

fn host_keys(c: &Column, kind: KeyKind) -> Result<HostKeys> {
    macro_rules! ints {
        ($t:ty) => {
            HostKeys::Int(c.host_values::<$t>()?.iter().map(|&v| v as i128).collect())
        };
    }
    Ok(match kind {
        KeyKind::I8 => ints!(i8),
        KeyKind::I16 => ints!(i16),
        KeyKind::I32 => ints!(i32),
        KeyKind::I64 => ints!(i64),
        KeyKind::U8 => ints!(u8),
        KeyKind::U16 => ints!(u16),
        KeyKind::U32 => ints!(u32),
        KeyKind::U64 => ints!(u64),
        KeyKind::I128 => ints!(i128),
        KeyKind::Bool => HostKeys::Int(
            c.host_values::<u8>()?
                .iter()
                .map(|&v| i128::from(v != 0))
                .collect(),
        ),
        KeyKind::F32 => {
            HostKeys::Float(c.host_values::<f32>()?.iter().map(|&v| v as f64).collect())
        }
        KeyKind::F64 => HostKeys::Float(c.host_values::<f64>()?.to_vec()),
        KeyKind::Str => {
            let (bytes, offsets) = c.host_string_parts()?;
            HostKeys::Str { bytes, offsets }
        }
    })
}

impl HostKeys {
    fn str_at(&self, i: usize) -> &[u8] {
        match self {
            HostKeys::Str { bytes, offsets } => {
                &bytes.as_slice()[offsets[i] as usize..offsets[i + 1] as usize]
            }
            _ => unreachable!("string keys"),
        }
    }
    /// Compare row `i` of `self` with row `j` of `other` (same kind).
    #[inline]
    fn cmp(&self, i: usize, other: &HostKeys, j: usize) -> Ordering {
        match (self, other) {
            (HostKeys::Int(a), HostKeys::Int(b)) => a[i].cmp(&b[j]),
            (HostKeys::Float(a), HostKeys::Float(b)) => cmp_f64(a[i], b[j]),
            _ => self.str_at(i).cmp(other.str_at(j)),
        }
    }
}

/// Validity of the rows of a column on the host (None: no nulls).
struct HostValidity(Option<(arrow_buffer::Buffer, usize)>);

impl HostValidity {
    fn of(c: &Column) -> Result<Self> {
        Ok(HostValidity(if c.has_nulls()? {
            Some((c.mask().expect("mask").host()?, c.offset()))
        } else {
            None
        }))
    }
    #[inline]
    fn is_null(&self, i: usize) -> bool {
        match &self.0 {
            None => false,
            Some((m, off)) => !get_bit(m.as_slice(), off + i),
        }
    }
}

/// For each needle row, its lower (or `upper`) insertion point in the haystack, by the
/// checked per-column settings.
pub(super) fn bound(
    haystack: &Table,
    needles: &Table,
    kinds: &[KeyKind],
    orders: &[Order],
    nulls: &[NullOrder],
    upper: bool,
) -> Result<Column> {
    let (hn, nn) = (haystack.num_rows(), needles.num_rows());
    let prep = |t: &Table| -> Result<Vec<(HostKeys, HostValidity)>> {
        t.columns()
            .iter()
            .zip(kinds)
            .map(|(c, &k)| Ok((host_keys(c, k)?, HostValidity::of(c)?)))
            .collect()
    };
    let (h, n) = (prep(haystack)?, prep(needles)?);
    // Ordering of haystack row i against needle row j.
    let cmp = |i: usize, j: usize| -> Ordering {
        for (c, ((hk, hv), (nk, nv))) in h.iter().zip(&n).enumerate() {
            let ord = match (hv.is_null(i), nv.is_null(j)) {
                (true, true) => Ordering::Equal,
                (true, false) if nulls[c] == NullOrder::Before => Ordering::Less,
                (true, false) => Ordering::Greater,
                (false, true) if nulls[c] == NullOrder::Before => Ordering::Greater,
                (false, true) => Ordering::Less,
                _ => hk.cmp(i, nk, j),
            };
            let ord = if orders[c] == Order::Descending {
                ord.reverse()
            } else {
                ord
            };
            if ord != Ordering::Equal {
                return ord;
            }
        }
        Ordering::Equal
    };
    let search = |j: usize| -> i32 {
        let (mut lo, mut hi) = (0usize, hn);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let o = cmp(mid, j);
            let go_right = if upper {
                o != Ordering::Greater
            } else {
                o == Ordering::Less
            };
            if go_right {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo as i32
    };
    let out: Vec<i32> = (0..nn)
        .into_par_iter()
        .with_min_len(1 << 10)
        .map(search)
        .collect();
    Column::without_nulls(TypeId::Int32.into(), nn, Buffer::from_vec(out))
}

/// A hashable, equality-comparable form of a fixed-width value: NaNs and -0.0 normalised.
#[inline]
fn fixed_key(keys: &HostKeys, i: usize) -> u128 {
    match keys {
        HostKeys::Int(v) => v[i] as u128,
        HostKeys::Float(v) => {
            let x = v[i];
            if x.is_nan() {
                u128::from(f64::NAN.to_bits())
            } else if x == 0.0 {
                0
            } else {
                u128::from(x.to_bits())
            }
        }
        HostKeys::Str { .. } => unreachable!("fixed-width keys"),
    }
}

/// Whether each needle value occurs among the haystack's valid values, as BOOL8 bytes.
pub(super) fn contains(haystack: &Column, needles: &Column, kind: KeyKind) -> Result<Buffer> {
    let n = needles.size();
    let (hk, hv) = (host_keys(haystack, kind)?, HostValidity::of(haystack)?);
    let nk = host_keys(needles, kind)?;
    let valid_rows = (0..haystack.size()).filter(|&i| !hv.is_null(i));
    let found: Vec<u8> = if kind == KeyKind::Str {
        let set: std::collections::HashSet<&[u8]> = valid_rows.map(|i| hk.str_at(i)).collect();
        (0..n)
            .map(|j| u8::from(set.contains(nk.str_at(j))))
            .collect()
    } else {
        let set: std::collections::HashSet<u128> = valid_rows.map(|i| fixed_key(&hk, i)).collect();
        (0..n)
            .map(|j| u8::from(set.contains(&fixed_key(&nk, j))))
            .collect()
    };
    Ok(Buffer::from_vec(found))
}

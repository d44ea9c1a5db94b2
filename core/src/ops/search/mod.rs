//! Searching sorted tables and membership (pylibcudf's `search` module): `lower_bound`,
//! `upper_bound` and `contains`.
//!
//! Rows compare lexicographically, column by column. Within a column, a null compares
//! below every value with `NullOrder::Before` and above with `NullOrder::After`; then
//! `Order::Descending` reverses the column's result (so, as in libcudf, nulls come last
//! in a descending column with `Before`). Floats order NaN above every number (+inf
//! included) and equal to NaN; -0.0 equals 0.0. Strings compare their UTF-8 bytes.
//! The haystack must be sorted by the same orders; the results are libcudf's
//! `size_type` (INT32) insertion points.
//!
//! `contains(haystack, needles)` is true where a needle value occurs in the haystack
//! (NaN matches NaN); a null needle gives a null.

use crate::bitmask::get_bit;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::search as dev;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::table::Table;
use crate::types::TypeId;
use rayon::prelude::*;
use std::cmp::Ordering;

pub(crate) use crate::keys::{KeyKind, key_kind};
pub use crate::keys::{NullOrder, Order};

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
            let mut offsets = Vec::with_capacity(c.size() + 1);
            if c.size() > 0 {
                let child = &c.children()[0];
                let range = c.offset()..c.offset() + c.size() + 1;
                if child.dtype().id() == TypeId::Int64 {
                    offsets.extend(child.host_values::<i64>()?[range].iter().copied());
                } else {
                    offsets.extend(
                        child.host_values::<i32>()?[range]
                            .iter()
                            .map(|&o| i64::from(o)),
                    );
                }
            }
            let bytes = match c.data() {
                Some(d) => d.host()?,
                None => arrow_buffer::Buffer::from_vec(Vec::<u8>::new()),
            };
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

/// The per-column settings and checks shared by both bounds.
fn prepare(
    function: &str,
    haystack: &Table,
    needles: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<(Vec<KeyKind>, Vec<Order>, Vec<NullOrder>)> {
    let ncols = haystack.num_columns();
    if needles.num_columns() != ncols {
        return Err(Error::value(format!(
            "{function}: the haystack has {ncols} columns but the needles have {}",
            needles.num_columns()
        )));
    }
    if !column_order.is_empty() && column_order.len() != ncols {
        return Err(Error::value(format!(
            "{function}: column_order has {} entries for {ncols} columns",
            column_order.len()
        )));
    }
    if !null_precedence.is_empty() && null_precedence.len() != ncols {
        return Err(Error::value(format!(
            "{function}: null_precedence has {} entries for {ncols} columns",
            null_precedence.len()
        )));
    }
    let mut kinds = Vec::with_capacity(ncols);
    for (h, n) in haystack.columns().iter().zip(needles.columns()) {
        if h.dtype() != n.dtype() {
            return Err(Error::type_err(format!(
                "{function}: haystack and needles columns must have the same type, got {} and {}",
                h.dtype(),
                n.dtype()
            )));
        }
        kinds.push(key_kind(function, h.dtype())?);
    }
    let orders = if column_order.is_empty() {
        vec![Order::Ascending; ncols]
    } else {
        column_order.to_vec()
    };
    let nulls = if null_precedence.is_empty() {
        vec![NullOrder::Before; ncols]
    } else {
        null_precedence.to_vec()
    };
    Ok((kinds, orders, nulls))
}

fn bound(
    function: &str,
    haystack: &Table,
    needles: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
    upper: bool,
) -> Result<Column> {
    let (kinds, orders, nulls) =
        prepare(function, haystack, needles, column_order, null_precedence)?;
    let (hn, nn) = (haystack.num_rows(), needles.num_rows());
    if i32::try_from(hn).is_err() {
        return Err(Error::overflow(format!(
            "{function}: the haystack has more rows than INT32 positions hold"
        )));
    }
    if use_device()? && nn > 0 && haystack.num_columns() > 0 {
        return dev::bound(haystack, needles, &kinds, &orders, &nulls, upper);
    }
    let prep = |t: &Table| -> Result<Vec<(HostKeys, HostValidity)>> {
        t.columns()
            .iter()
            .zip(&kinds)
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
    Column::new(
        TypeId::Int32.into(),
        nn,
        Some(Buffer::from_vec(out)),
        None,
        Some(0),
        0,
        vec![],
    )
}

/// For each needle row, the first haystack position where it could be inserted keeping
/// the haystack sorted (libcudf's `lower_bound`); an INT32 column.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::search::*};
/// let hay = Table::new(vec![Column::from_values(vec![1i32, 3, 3, 5])]).unwrap();
/// let needles = Table::new(vec![Column::from_values(vec![3i32, 0, 6])]).unwrap();
/// let lo = lower_bound(&hay, &needles, &[Order::Ascending], &[NullOrder::Before]).unwrap();
/// assert_eq!(lo.host_values::<i32>().unwrap().to_vec(), vec![1, 0, 4]);
/// let hi = upper_bound(&hay, &needles, &[], &[]).unwrap();
/// assert_eq!(hi.host_values::<i32>().unwrap().to_vec(), vec![3, 0, 4]);
/// ```
pub fn lower_bound(
    haystack: &Table,
    needles: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Column> {
    bound(
        "search.lower_bound",
        haystack,
        needles,
        column_order,
        null_precedence,
        false,
    )
}

/// For each needle row, the last haystack position where it could be inserted keeping
/// the haystack sorted (libcudf's `upper_bound`); an INT32 column.
pub fn upper_bound(
    haystack: &Table,
    needles: &Table,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Column> {
    bound(
        "search.upper_bound",
        haystack,
        needles,
        column_order,
        null_precedence,
        true,
    )
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

/// Whether each needle occurs in the haystack (libcudf's `contains`): a BOOL8 column
/// with the needles' nulls.
///
/// ```
/// use ferrodf_core::{column::Column, ops::search::contains};
/// let hay = Column::from_values(vec![1.0f64, f64::NAN, -0.0]);
/// let needles = Column::from_options(vec![Some(f64::NAN), Some(0.0), Some(2.0), None]);
/// let r = contains(&hay, &needles).unwrap();
/// assert_eq!(r.host_values::<u8>().unwrap()[..3].to_vec(), vec![1, 1, 0]);
/// assert_eq!(r.null_count().unwrap(), 1);
/// ```
pub fn contains(haystack: &Column, needles: &Column) -> Result<Column> {
    const NAME: &str = "search.contains";
    if haystack.dtype() != needles.dtype() {
        return Err(Error::type_err(format!(
            "{NAME}: haystack and needles must have the same type, got {} and {}",
            haystack.dtype(),
            needles.dtype()
        )));
    }
    let kind = key_kind(NAME, haystack.dtype())?;
    let n = needles.size();
    let (mask, null_count) = if needles.has_nulls()? {
        (
            Some(crate::ops::null_mask::copy_bitmask(needles)?),
            Some(needles.null_count()?),
        )
    } else {
        (None, Some(0))
    };
    let values = if use_device()? && n > 0 {
        dev::contains(haystack, needles, kind)?
    } else {
        let (hk, hv) = (host_keys(haystack, kind)?, HostValidity::of(haystack)?);
        let nk = host_keys(needles, kind)?;
        let valid_rows = (0..haystack.size()).filter(|&i| !hv.is_null(i));
        let found: Vec<u8> = if kind == KeyKind::Str {
            let set: std::collections::HashSet<&[u8]> = valid_rows.map(|i| hk.str_at(i)).collect();
            (0..n)
                .map(|j| u8::from(set.contains(nk.str_at(j))))
                .collect()
        } else {
            let set: std::collections::HashSet<u128> =
                valid_rows.map(|i| fixed_key(&hk, i)).collect();
            (0..n)
                .map(|j| u8::from(set.contains(&fixed_key(&nk, j))))
                .collect()
        };
        Buffer::from_vec(found)
    };
    Column::new(
        TypeId::Bool8.into(),
        n,
        Some(values),
        mask,
        null_count,
        0,
        vec![],
    )
}

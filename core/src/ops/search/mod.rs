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
//!
//! This module checks the arguments and decides the placement, once per function. The
//! host path ([`host`]) binary-searches normalised host keys in parallel and builds a hash
//! set for `contains`; the device path is the search kernels of
//! `device::kernels::search` (`cuda/search.cu`), one module for every type.

mod host;

pub(crate) use crate::keys::{KeyKind, key_kind};
pub use crate::keys::{NullOrder, Order};

use crate::column::Column;
use crate::device::kernels::search as device;
use crate::error::{Error, Result};
use crate::keys::orders_or_defaults;
use crate::ops::null_mask::copy_bitmask;
use crate::placement::use_device;
use crate::table::Table;
use crate::types::TypeId;

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
    let (orders, nulls) = orders_or_defaults(column_order, null_precedence, ncols);
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
    use crate::ops::sorting::flatten::{flatten_aligned, has_struct_keys};
    if has_struct_keys(haystack) || has_struct_keys(needles) {
        // Check the tables and lists as given, then search by the flat keys (every struct
        // with its null indicator, so both sides flatten alike).
        let ncols = haystack.num_columns();
        if needles.num_columns() != ncols {
            return Err(Error::value(format!(
                "{function}: the haystack has {ncols} columns and the needles {}; pass the \
                 same key columns",
                needles.num_columns()
            )));
        }
        for (h, n) in haystack.columns().iter().zip(needles.columns()) {
            if h.dtype() != n.dtype() {
                return Err(Error::type_err(format!(
                    "{function}: haystack and needles columns must have the same type, got {} \
                     and {}",
                    h.dtype(),
                    n.dtype()
                )));
            }
        }
        for (what, len) in [
            ("column_order", column_order.len()),
            ("null_precedence", null_precedence.len()),
        ] {
            if len != 0 && len != ncols {
                return Err(Error::value(format!(
                    "{function}: {what} has {len} entries for {ncols} key columns"
                )));
            }
        }
        let (orders, nulls) = orders_or_defaults(column_order, null_precedence, ncols);
        let (h, o, n) = flatten_aligned(haystack, &orders, &nulls)?;
        let (nd, _, _) = flatten_aligned(needles, &orders, &nulls)?;
        return bound(function, &h, &nd, &o, &n, upper);
    }
    let (kinds, orders, nulls) =
        prepare(function, haystack, needles, column_order, null_precedence)?;
    let (hn, nn) = (haystack.num_rows(), needles.num_rows());
    if i32::try_from(hn).is_err() {
        return Err(Error::overflow(format!(
            "{function}: the haystack has more rows than INT32 positions hold"
        )));
    }
    if use_device()? && nn > 0 && haystack.num_columns() > 0 {
        device::bound(haystack, needles, &kinds, &orders, &nulls, upper)
    } else {
        host::bound(haystack, needles, &kinds, &orders, &nulls, upper)
    }
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
    let n = needles.size();
    let (mask, null_count) = if needles.has_nulls()? {
        (Some(copy_bitmask(needles)?), Some(needles.null_count()?))
    } else {
        (None, Some(0))
    };
    if haystack.dtype().id() == TypeId::Struct {
        let found = struct_flags(haystack, needles)?;
        return found.with_mask(mask, null_count);
    }
    let kind = key_kind(NAME, haystack.dtype())?;
    let values = if use_device()? && n > 0 {
        device::contains(haystack, needles, kind)?
    } else {
        host::contains(haystack, needles, kind)?
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

/// Whether each STRUCT needle equals some haystack row as libcudf compares nested rows
/// (nulls equal): a semi join of the needles against the haystack marks the found ones,
/// so it runs where the join runs. A BOOL8 column without nulls.
fn struct_flags(haystack: &Column, needles: &Column) -> Result<Column> {
    use crate::ops::copying::{Source, scatter};
    let n = needles.size();
    let found = crate::ops::join::left_semi_join(
        &Table::new(vec![needles.clone()])?,
        &Table::new(vec![haystack.clone()])?,
        true,
    )?;
    let no = crate::ops::filling::all_null(TypeId::Bool8.into(), n)?.with_mask(None, Some(0))?;
    let yes = crate::scalar::Scalar::from_native_as::<u8>(TypeId::Bool8.into(), Some(1))?;
    let flags = scatter(Source::Scalars(&[yes]), &found, &Table::new(vec![no])?)?;
    Ok(flags.columns()[0].clone())
}

//! pylibcudf's `join` module: hash joins that return gather maps, and the cross join.
//!
//! `inner_join`, `left_join` and `full_join` return a pair of INT32 gather maps (left rows,
//! right rows); a row without a partner on one side gets [`JOIN_NONE`] (libcudf's
//! `JoinNoneValue`, `INT32_MIN`) in that side's map, which gathers a null row with
//! `OutOfBoundsPolicy.NULLIFY`. `left_semi_join` and `left_anti_join` return the (ascending)
//! left rows with, resp. without, a partner. The order of the pairs is not part of the
//! contract (as in libcudf); ferrodf's host path emits them by probe row, then by build row.
//!
//! Keys compare as in libcudf's joins: NaN equals NaN, `-0.0 == 0.0`, strings by bytes, and
//! a null key matches a null key only when `nulls_equal`. Fixed-width and STRING key
//! columns are supported, any number of them.
//!
//! The conditional joins (a binary predicate over a left and a right row) and the mixed
//! joins (equal keys and a predicate) are in `conditional.rs`, with the same map shapes.
//!
//! This module checks the arguments and decides the placement, once per function.
//! Host ([`host`], on the key rows of [`host_keys`]): a hashbrown table of build-row heads
//! (partitioned by hash bits and built in parallel with rayon) plus a `next` chain through
//! the rows with equal keys; the probe runs in parallel chunks. Device ([`device`]): the
//! open-addressing row hash table of [`crate::device::kernels::hash_table`] with a count
//! pass, a scan and a fill pass (`device::kernels::join`, `cuda/join.cu`).

mod conditional;
mod conditional_device;
mod device;
mod host;
pub(crate) mod host_keys;

pub use conditional::{
    conditional_full_join, conditional_inner_join, conditional_left_anti_join,
    conditional_left_join, conditional_left_semi_join, mixed_full_join, mixed_inner_join,
    mixed_left_anti_join, mixed_left_join, mixed_left_semi_join,
};

pub use crate::params::JoinKind;

use crate::column::Column;
use crate::error::{Error, Result};
use crate::keys::KeyKind;
use crate::ops::gather::{Bounds, gather_columns};
use crate::placement::use_device;
use crate::table::Table;
use host_keys::check_key_tables;
use std::sync::{Arc, Mutex};

/// The map entry of a row without a partner (libcudf's `JoinNoneValue`).
pub const JOIN_NONE: i32 = i32::MIN;

fn check_size(function: &str, t: &Table) -> Result<()> {
    if t.num_rows() >= i32::MAX as usize {
        return Err(Error::overflow(format!(
            "{function}: {} rows do not fit INT32 gather maps",
            t.num_rows()
        )));
    }
    Ok(())
}

fn checked(function: &str, left: &Table, right: &Table) -> Result<Vec<KeyKind>> {
    let kinds = check_key_tables(function, left, right)?;
    check_size(function, left)?;
    check_size(function, right)?;
    Ok(kinds)
}

/// The pair of gather maps of the rows of `left_keys` and `right_keys` with equal keys.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::join::inner_join};
/// let l = Table::new(vec![Column::from_values(vec![1i64, 2, 3, 2])]).unwrap();
/// let r = Table::new(vec![Column::from_values(vec![2i64, 4, 1])]).unwrap();
/// let (lm, rm) = inner_join(&l, &r, true).unwrap();
/// let mut pairs: Vec<(i32, i32)> = lm.host_values::<i32>().unwrap().iter().copied()
///     .zip(rm.host_values::<i32>().unwrap().iter().copied()).collect();
/// pairs.sort();
/// assert_eq!(pairs, vec![(0, 2), (1, 0), (3, 0)]);
/// ```
pub fn inner_join(
    left_keys: &Table,
    right_keys: &Table,
    nulls_equal: bool,
) -> Result<(Column, Column)> {
    pair_join(
        "join.inner_join",
        left_keys,
        right_keys,
        nulls_equal,
        JoinKind::Inner,
    )
}

/// Every left row with its matching right rows; a left row without one gets [`JOIN_NONE`].
pub fn left_join(
    left_keys: &Table,
    right_keys: &Table,
    nulls_equal: bool,
) -> Result<(Column, Column)> {
    pair_join(
        "join.left_join",
        left_keys,
        right_keys,
        nulls_equal,
        JoinKind::Left,
    )
}

/// [`left_join`] plus the right rows without a match (paired with [`JOIN_NONE`]).
pub fn full_join(
    left_keys: &Table,
    right_keys: &Table,
    nulls_equal: bool,
) -> Result<(Column, Column)> {
    pair_join(
        "join.full_join",
        left_keys,
        right_keys,
        nulls_equal,
        JoinKind::Full,
    )
}

/// The ascending left rows whose key occurs among the right keys.
pub fn left_semi_join(left_keys: &Table, right_keys: &Table, nulls_equal: bool) -> Result<Column> {
    filter_join(
        "join.left_semi_join",
        left_keys,
        right_keys,
        nulls_equal,
        JoinKind::LeftSemi,
    )
}

/// The ascending left rows whose key does not occur among the right keys.
pub fn left_anti_join(left_keys: &Table, right_keys: &Table, nulls_equal: bool) -> Result<Column> {
    filter_join(
        "join.left_anti_join",
        left_keys,
        right_keys,
        nulls_equal,
        JoinKind::LeftAnti,
    )
}

/// STRUCT keys as flat keys (see `sorting::flatten`): a null indicator and the fields with
/// the struct's nulls laid over theirs, so rows match when the structs are both null or
/// have equal fields (nulls under `nulls_equal`'s rule). `None` without STRUCT keys.
fn flat_struct_keys(left: &Table, right: &Table) -> Result<Option<(Table, Table)>> {
    use crate::ops::sorting::flatten::{flatten_for_equality, has_struct_keys};
    if !(has_struct_keys(left) || has_struct_keys(right)) {
        return Ok(None);
    }
    Ok(Some((
        flatten_for_equality(left)?,
        flatten_for_equality(right)?,
    )))
}

fn pair_join(
    function: &str,
    left: &Table,
    right: &Table,
    nulls_equal: bool,
    kind: JoinKind,
) -> Result<(Column, Column)> {
    if let Some((left, right)) = flat_struct_keys(left, right)? {
        return pair_join(function, &left, &right, nulls_equal, kind);
    }
    let kinds = checked(function, left, right)?;
    if use_device()? {
        device::pair_join(left, right, &kinds, nulls_equal, kind)
    } else {
        host::pair_join(left, right, &kinds, nulls_equal, kind)
    }
}

fn filter_join(
    function: &str,
    left: &Table,
    right: &Table,
    nulls_equal: bool,
    kind: JoinKind,
) -> Result<Column> {
    if let Some((left, right)) = flat_struct_keys(left, right)? {
        return filter_join(function, &left, &right, nulls_equal, kind);
    }
    let kinds = checked(function, left, right)?;
    let semi = kind == JoinKind::LeftSemi;
    if use_device()? {
        device::filter_join(left, right, &kinds, nulls_equal, semi)
    } else {
        host::filter_join(left, right, &kinds, nulls_equal, semi)
    }
}

/// Every row of `left` paired with every row of `right`: all left columns, then all right
/// columns; row `i * right.num_rows() + j` holds left row `i` and right row `j`.
pub fn cross_join(left: &Table, right: &Table) -> Result<Table> {
    let (nl, nr) = (left.num_rows(), right.num_rows());
    let n = nl
        .checked_mul(nr)
        .filter(|&n| n < i32::MAX as usize)
        .ok_or_else(|| {
            Error::overflow(format!(
                "join.cross_join: {nl} x {nr} rows do not fit a column (at most {} rows)",
                i32::MAX - 1
            ))
        })?;
    let (lmap, rmap) = if use_device()? {
        device::cross_maps(nl, nr)?
    } else {
        host::cross_maps(nl, nr)
    };
    let mut cols = gather_columns(left.columns(), nl, &lmap, Bounds::Trusted)?;
    cols.extend(gather_columns(right.columns(), nr, &rmap, Bounds::Trusted)?);
    if cols.is_empty() {
        return Ok(Table::empty_with_rows(n));
    }
    Table::new(cols)
}

/// A right (filter) table for semi and anti joins against several left (probe) tables
/// (pylibcudf's `FilteredJoin`, libcudf's `filtered_join` with the right table as the build
/// table).
///
/// On the host the hash index of the build table is built at the first probe and reused by
/// the later ones (rebuilt only when a probe's key types compare differently). On the
/// device each probe still builds its hash table, as [`left_semi_join`] does: the device
/// table is not kept yet. `load_factor` is checked and otherwise unused.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::join::FilteredJoin};
/// let r = Table::new(vec![Column::from_values(vec![2i64, 4])]).unwrap();
/// let f = FilteredJoin::new(&r, true, 0.5).unwrap();
/// let l = Table::new(vec![Column::from_values(vec![4i64, 1, 2])]).unwrap();
/// assert_eq!(f.semi_join(&l).unwrap().host_values::<i32>().unwrap().to_vec(), vec![0, 2]);
/// assert_eq!(f.anti_join(&l).unwrap().host_values::<i32>().unwrap().to_vec(), vec![1]);
/// ```
#[derive(Clone)]
pub struct FilteredJoin {
    build: Table,
    nulls_equal: bool,
    /// The host index and the key kinds it was built for (shared by clones).
    host: Arc<Mutex<Option<Arc<BuiltFilter>>>>,
}

/// A host filter index with the key kinds it compares.
type BuiltFilter = (Vec<KeyKind>, host::FilterIndex);

impl std::fmt::Debug for FilteredJoin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FilteredJoin")
            .field("build_rows", &self.build.num_rows())
            .field("nulls_equal", &self.nulls_equal)
            .finish()
    }
}

impl FilteredJoin {
    /// The filter over the key rows of `build`. ValueError unless `0 < load_factor <= 1`
    /// (libcudf's range) or when `build` has no columns.
    pub fn new(build: &Table, nulls_equal: bool, load_factor: f64) -> Result<FilteredJoin> {
        if !(load_factor > 0.0 && load_factor <= 1.0) {
            return Err(Error::value(format!(
                "FilteredJoin: load_factor must be in (0, 1], got {load_factor}"
            )));
        }
        if build.num_columns() == 0 {
            return Err(Error::value(
                "FilteredJoin: the build table has no columns (it needs the key columns)",
            ));
        }
        // STRUCT keys are matched through their flat columns (see `flat_struct_keys`).
        let build = if crate::ops::sorting::flatten::has_struct_keys(build) {
            crate::ops::sorting::flatten::flatten_for_equality(build)?
        } else {
            build.clone()
        };
        Ok(FilteredJoin {
            build,
            nulls_equal,
            host: Arc::new(Mutex::new(None)),
        })
    }

    /// The ascending rows of `probe` whose key occurs in the build table.
    pub fn semi_join(&self, probe: &Table) -> Result<Column> {
        self.probe("join.FilteredJoin.semi_join", probe, true)
    }

    /// The ascending rows of `probe` whose key does not occur in the build table.
    pub fn anti_join(&self, probe: &Table) -> Result<Column> {
        self.probe("join.FilteredJoin.anti_join", probe, false)
    }

    fn probe(&self, function: &str, probe: &Table, want: bool) -> Result<Column> {
        let flat;
        let probe = if crate::ops::sorting::flatten::has_struct_keys(probe) {
            flat = crate::ops::sorting::flatten::flatten_for_equality(probe)?;
            &flat
        } else {
            probe
        };
        let kinds = checked(function, probe, &self.build)?;
        if use_device()? {
            return device::filter_join(probe, &self.build, &kinds, self.nulls_equal, want);
        }
        let built = {
            let mut slot = self.host.lock().unwrap_or_else(|p| p.into_inner());
            match slot.as_ref() {
                Some(b) if b.0 == kinds => b.clone(),
                _ => {
                    let index = host::FilterIndex::build(&self.build, &kinds, self.nulls_equal)?;
                    let b = Arc::new((kinds.clone(), index));
                    *slot = Some(b.clone());
                    b
                }
            }
        };
        built.1.probe(probe, &kinds, self.nulls_equal, want)
    }
}

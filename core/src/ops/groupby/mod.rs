//! pylibcudf's `groupby` module: [`GroupBy`] over a key table, with `aggregate`, `scan`,
//! `shift`, `replace_nulls` and `get_groups`.
//!
//! Every row gets a dense group id, groups numbered in order of first appearance (libcudf
//! leaves the group order unspecified; first appearance is deterministic and, for sorted
//! keys, is the sorted order). Keys are equal when every column is equal: `-0.0 == 0.0`,
//! NaNs equal each other, and null keys form one group with `NullPolicy::Include` or are
//! left out (any null in a key row) with `NullPolicy::Exclude`.
//!
//! - Host: hashbrown maps over a normalised 64-bit word (one fixed-width key) or the
//!   arrow-row encoding (anything else), in parallel chunks ([`hash_host`]); then one fold
//!   per aggregation over the group ids ([`host_agg`]) or per-group work over the grouped
//!   order ([`ordered`]).
//! - Device: an open-addressing hash table of key rows gives each row the first row of its
//!   key; a scan over "is a first row" flags numbers the groups in first-appearance order;
//!   SUM, PRODUCT, MIN, MAX, COUNT, MEAN, SUM_OF_SQUARES, VARIANCE and STD are atomics per
//!   group ([`device`]). The grouped order (`get_groups`, `shift`, `replace_nulls`, COUNT
//!   and integer SUM scans) is the stable sorted order of the group ids ([`device_sorted`]).
//!   Other aggregations and scans fall back to the host (reported through
//!   [`crate::fallback`]).

mod dense_host;
mod device;
mod device_sorted;
mod hash_host;
mod host_agg;
mod merges;
mod order_stats;
mod ordered;
mod rank;
pub(crate) mod tdigest;
pub(crate) mod types;

pub(crate) use order_stats::repeats_previous;

use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::aggregation::{Aggregation, NullPolicy};
use crate::ops::search::{NullOrder, Order};
use crate::ops::sorting::flatten::{flatten_for_grouping, has_struct_keys};
use crate::placement::{host_fallback, use_device};
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{TypeId, check_same_type};
use hash_host::{HostGroups, group_rows};
use ordered::{Grouped, gather_table, table_of};

/// The values to aggregate and the aggregations to compute on them.
#[derive(Debug, Clone)]
pub struct GroupByRequest {
    /// One value per key row.
    pub values: Column,
    /// The aggregations; each gives one result column.
    pub aggregations: Vec<Aggregation>,
}

/// Grouped rows: `keys` and `values` hold the rows of group 0, then group 1, ...;
/// `offsets[k]..offsets[k + 1]` are the rows of group k.
#[derive(Debug, Clone)]
pub struct Groups {
    /// Group boundaries (number of groups + 1 entries).
    pub offsets: Vec<usize>,
    /// The key rows in grouped order.
    pub keys: Table,
    /// The value rows in grouped order, when values were given.
    pub values: Option<Table>,
}

/// A grouping of rows by key (libcudf's `groupby`).
///
/// ```
/// use ferrodf_core::{column::Column, table::Table};
/// use ferrodf_core::ops::aggregation::{Aggregation, NullPolicy};
/// use ferrodf_core::ops::groupby::{GroupBy, GroupByRequest};
/// let keys = Table::new(vec![Column::from_values(vec![1i32, 2, 1])]).unwrap();
/// let gb = GroupBy::new(keys, NullPolicy::Exclude, false, vec![], vec![]).unwrap();
/// let req = GroupByRequest { values: Column::from_values(vec![10i64, 20, 30]), aggregations: vec![Aggregation::Sum] };
/// let (k, r) = gb.aggregate(&[req]).unwrap();
/// assert_eq!(k.columns()[0].host_values::<i32>().unwrap().to_vec(), vec![1, 2]);
/// assert_eq!(r[0].columns()[0].host_values::<i64>().unwrap().to_vec(), vec![40, 20]);
/// ```
#[derive(Debug, Clone)]
pub struct GroupBy {
    keys: Table,
    /// What rows are grouped by: `keys`, or with STRUCT keys their flat columns
    /// ([`flatten_for_grouping`]); result keys are always rows of `keys`.
    grouping: Table,
    include_nulls: bool,
}

pub use crate::params::ReplacePolicy;

/// One table per request holding `f`'s result column for each of its aggregations (`f`
/// gets the request's values), `rows` rows each.
fn request_tables(
    requests: &[GroupByRequest],
    rows: usize,
    f: impl Fn(&Column, &Aggregation) -> Result<Column>,
) -> Result<Vec<Table>> {
    requests
        .iter()
        .map(|r| {
            let cols = r
                .aggregations
                .iter()
                .map(|a| f(&r.values, a))
                .collect::<Result<Vec<_>>>()?;
            table_of(cols, rows)
        })
        .collect()
}

impl GroupBy {
    /// Group the rows of `keys`. `keys_are_sorted`, `column_order` and `null_precedence`
    /// describe pre-sorted keys (as in libcudf); grouping does not depend on them, but
    /// their lengths are checked.
    pub fn new(
        keys: Table,
        null_handling: NullPolicy,
        keys_are_sorted: bool,
        column_order: Vec<Order>,
        null_precedence: Vec<NullOrder>,
    ) -> Result<GroupBy> {
        let ncols = keys.num_columns();
        if ncols == 0 {
            return Err(Error::value(
                "groupby needs at least one key column; pass a table with the key columns",
            ));
        }
        if keys_are_sorted {
            for (what, len) in [
                ("column_order", column_order.len()),
                ("null_precedence", null_precedence.len()),
            ] {
                if len != 0 && len != ncols {
                    return Err(Error::value(format!(
                        "groupby: {what} has {len} entries for {ncols} key columns"
                    )));
                }
            }
        }
        for c in keys.columns() {
            if !groupable(c) {
                return Err(Error::not_implemented(format!(
                    "groupby keys of type {} are not supported; use fixed-width, STRING or \
                     STRUCT (of those) keys",
                    c.dtype()
                )));
            }
        }
        let include_nulls = null_handling == NullPolicy::Include;
        let grouping = if has_struct_keys(&keys) {
            flatten_for_grouping(&keys, include_nulls)?
        } else {
            keys.clone()
        };
        Ok(GroupBy {
            keys,
            grouping,
            include_nulls,
        })
    }

    /// The key table.
    pub fn keys(&self) -> &Table {
        &self.keys
    }

    fn check_rows(&self, what: &str, rows: usize) -> Result<()> {
        if rows != self.keys.num_rows() {
            return Err(Error::value(format!(
                "groupby.{what}: the values have {rows} rows but the keys have {}; pass one \
                 value per key row",
                self.keys.num_rows()
            )));
        }
        Ok(())
    }

    /// The device grouping with its grouped order, when running on the device with rows
    /// and key types the device compares.
    fn device_sorted(&self) -> Result<Option<device_sorted::Sorted>> {
        if !use_device()? || self.keys.num_rows() == 0 {
            return Ok(None);
        }
        device_sorted::grouped(&self.grouping, self.include_nulls)
    }

    fn host_groups(&self, function: &str, why: &str) -> Result<HostGroups> {
        if use_device()? {
            host_fallback(function, why)?;
        }
        group_rows(&self.grouping, self.include_nulls)
    }

    fn check_aggregate_requests(&self, requests: &[GroupByRequest]) -> Result<()> {
        for r in requests {
            self.check_rows("aggregate", r.values.size())?;
            for a in &r.aggregations {
                types::output_type(r.values.dtype(), a)?;
                check_aggregate(a)?;
            }
        }
        Ok(())
    }

    /// [`GroupBy::aggregate`] with the groups in ascending key order, nulls last (pandas'
    /// `groupby(..., sort=True)`; the plain `aggregate` numbers groups by first appearance).
    ///
    /// On the device, up to 1,024 rows are grouped in key order by one launch, with no sort
    /// of the result; larger inputs (and the host) aggregate, then sort the groups.
    ///
    /// ```
    /// use ferrodf_core::{column::Column, table::Table};
    /// use ferrodf_core::ops::aggregation::{Aggregation, NullPolicy};
    /// use ferrodf_core::ops::groupby::{GroupBy, GroupByRequest};
    /// let keys = Table::new(vec![Column::from_values(vec![3i32, 1, 3])]).unwrap();
    /// let gb = GroupBy::new(keys, NullPolicy::Exclude, false, vec![], vec![]).unwrap();
    /// let req = GroupByRequest { values: Column::from_values(vec![10i64, 20, 30]), aggregations: vec![Aggregation::Sum] };
    /// let (k, r) = gb.aggregate_sorted(&[req]).unwrap();
    /// assert_eq!(k.columns()[0].host_values::<i32>().unwrap().to_vec(), vec![1, 3]);
    /// assert_eq!(r[0].columns()[0].host_values::<i64>().unwrap().to_vec(), vec![20, 40]);
    /// ```
    pub fn aggregate_sorted(&self, requests: &[GroupByRequest]) -> Result<(Table, Vec<Table>)> {
        self.check_aggregate_requests(requests)?;
        let n = self.keys.num_rows();
        // The one-launch small paths return their own key rows, so STRUCT keys (grouped by
        // their flat columns) take the general path.
        let flat = has_struct_keys(&self.keys);
        if !flat && n > 0 && n <= crate::device::kernels::groupby::SMALL_GROUPS && use_device()? {
            if let Some(out) =
                device::aggregate_small_fused(&self.keys, self.include_nulls, requests)?
            {
                return Ok(out);
            }
            if let Some(out) =
                device::aggregate_small_sorted(&self.keys, self.include_nulls, requests)?
            {
                return Ok(out);
            }
        }
        let (keys, results) = self.aggregate(requests)?;
        let ncols = keys.num_columns();
        let order = crate::ops::sorting::stable_sorted_order(
            &keys,
            &vec![Order::Ascending; ncols],
            &vec![NullOrder::After; ncols],
        )?;
        let results = results
            .iter()
            .map(|t| gather_table(t, &order))
            .collect::<Result<Vec<_>>>()?;
        Ok((gather_table(&keys, &order)?, results))
    }

    /// One key row per group, and for each request a table with one column per
    /// aggregation (QUANTILE with several quantiles gives a LIST per group).
    pub fn aggregate(&self, requests: &[GroupByRequest]) -> Result<(Table, Vec<Table>)> {
        self.check_aggregate_requests(requests)?;
        // Nothing to compute for empty keys: the host builds the empty results.
        if use_device()? && self.keys.num_rows() > 0 {
            if let Some(out) =
                device::aggregate(&self.grouping, &self.keys, self.include_nulls, requests)?
            {
                return Ok(out);
            }
            host_fallback(
                "groupby.aggregate",
                "these aggregations or key types (device: SUM, PRODUCT, MIN, MAX, COUNT, MEAN, \
                 SUM_OF_SQUARES, VARIANCE, STD, MEDIAN, QUANTILE of numeric values; NUNIQUE \
                 and NTH_ELEMENT of fixed-width and string values)",
            )?;
        }
        let g = group_rows(&self.grouping, self.include_nulls)?;
        let first = crate::ops::gather::host_map(g.first.iter().map(|&r| r as i32).collect());
        let keys = gather_table(&self.keys, &first)?;
        let results = request_tables(requests, g.len(), |v, a| host_agg::aggregate(v, a, &g))?;
        Ok((keys, results))
    }

    /// Running aggregations within each group: the key of every row and, per request, one
    /// column per aggregation, all in grouped order.
    pub fn scan(&self, requests: &[GroupByRequest]) -> Result<(Table, Vec<Table>)> {
        for r in requests {
            self.check_rows("scan", r.values.size())?;
            for a in &r.aggregations {
                types::output_type(r.values.dtype(), a)?;
            }
        }
        let on_device = requests.iter().all(|r| {
            r.aggregations
                .iter()
                .all(|a| device_sorted::scan_supported(&r.values, a))
        });
        if on_device && let Some(s) = self.device_sorted()? {
            let keys = gather_table(&self.keys, &s.order)?;
            let results = request_tables(requests, s.order.size(), |v, a| {
                device_sorted::scan(&s, v, a)
            })?;
            return Ok((keys, results));
        }
        let g = self.host_groups(
            "groupby.scan",
            "these scans (device: COUNT, and SUM, PRODUCT, MIN, MAX of numeric values)",
        )?;
        let gr = Grouped::new(&g);
        let keys = gather_table(&self.keys, &gr.map())?;
        let results = request_tables(requests, gr.order.len(), |v, a| ordered::scan(v, a, &gr))?;
        Ok((keys, results))
    }

    /// [`GroupBy::scan`] with each result in the rows' own order rather than grouped (and
    /// no keys): what pandas' `groupby(...).cumsum()` or `cumcount()` return. A row in no
    /// group (a null key with `NullPolicy::EXCLUDE`) gets a null. Grouping by hash, it
    /// needs no sort of the keys (callers used to sort them stably, scan, and scatter
    /// back). On the device (null keys included, scans the device supports) the rows are
    /// grouped by a stable sort, scanned, and each result scattered back to its row; other
    /// cases are a counted host fallback there.
    ///
    /// ```
    /// use ferrodf_core::{column::Column, table::Table};
    /// use ferrodf_core::ops::aggregation::{Aggregation, NullPolicy};
    /// use ferrodf_core::ops::groupby::{GroupBy, GroupByRequest};
    /// let keys = Table::new(vec![Column::from_values(vec![7i64, 3, 7, 7, 3])]).unwrap();
    /// let gb = GroupBy::new(keys, NullPolicy::Include, false, vec![], vec![]).unwrap();
    /// let req = GroupByRequest {
    ///     values: Column::from_values(vec![1i64, 2, 3, 4, 5]),
    ///     aggregations: vec![Aggregation::Sum],
    /// };
    /// let out = gb.scan_by_row(&[req]).unwrap();
    /// let sums = out[0].columns()[0].host_values::<i64>().unwrap();
    /// assert_eq!(&sums[..], &[1, 2, 4, 8, 7]);
    /// ```
    pub fn scan_by_row(&self, requests: &[GroupByRequest]) -> Result<Vec<Table>> {
        for r in requests {
            self.check_rows("scan_by_row", r.values.size())?;
            for a in &r.aggregations {
                types::output_type(r.values.dtype(), a)?;
            }
        }
        let on_device = self.include_nulls
            && requests.iter().all(|r| {
                r.aggregations
                    .iter()
                    .all(|a| device_sorted::scan_supported(&r.values, a))
            });
        if on_device && let Some(s) = self.device_sorted()? {
            // every row is in a group: s.order is a permutation of the rows
            return request_tables(requests, s.order.size(), |v, a| {
                let scanned = Table::new(vec![device_sorted::scan(&s, v, a)?])?;
                let back = crate::ops::copying::scatter(
                    crate::ops::copying::Source::Table(&scanned),
                    &s.order,
                    &scanned,
                )?;
                Ok(back.into_columns().remove(0))
            });
        }
        let g = self.host_groups(
            "groupby.scan_by_row",
            "grouped scans in row order (device: with null keys included, COUNT, and SUM, \
             PRODUCT, MIN, MAX of numeric values)",
        )?;
        let gr = Grouped::new(&g);
        let n = self.keys.num_rows();
        // Each row's position in the grouped order (rows in no group: a null row).
        let mut back = vec![crate::ops::gather::NULL_ROW; n];
        for (k, &r) in gr.order.iter().enumerate() {
            back[r as usize] = k as i32;
        }
        let back = crate::ops::gather::host_map(back);
        request_tables(requests, n, |v, a| {
            crate::ops::gather::gather_internal_nullable(&ordered::scan(v, a, &gr)?, &back)
        })
    }

    /// Each column of `values` shifted within each group by its offset (positive: down),
    /// rows shifted in set to its fill value; keys and values in grouped order.
    pub fn shift(
        &self,
        values: &Table,
        offsets: &[i64],
        fill_values: &[Scalar],
    ) -> Result<(Table, Table)> {
        self.check_rows("shift", values.num_rows())?;
        let nc = values.num_columns();
        if offsets.len() != nc || fill_values.len() != nc {
            return Err(Error::value(format!(
                "groupby.shift: {nc} value columns need {nc} offsets and fill values, got {} and {}",
                offsets.len(),
                fill_values.len()
            )));
        }
        for (c, f) in values.columns().iter().zip(fill_values) {
            check_same_type(
                "groupby.shift",
                ("the fill value", f.dtype()),
                ("the column", c.dtype()),
            )?;
        }
        if let Some(s) = self.device_sorted()? {
            let keys = gather_table(&self.keys, &s.order)?;
            return Ok((
                keys,
                device_sorted::shift(&s, values, offsets, fill_values)?,
            ));
        }
        let g = self.host_groups("groupby.shift", "grouped shifts")?;
        let gr = Grouped::new(&g);
        let keys = gather_table(&self.keys, &gr.map())?;
        Ok((keys, ordered::shift(values, offsets, fill_values, &gr)?))
    }

    /// Nulls of each column replaced by the nearest valid value of the same group, before
    /// or after them by its policy; keys and values in grouped order.
    pub fn replace_nulls(
        &self,
        values: &Table,
        policies: &[ReplacePolicy],
    ) -> Result<(Table, Table)> {
        self.check_rows("replace_nulls", values.num_rows())?;
        if policies.len() != values.num_columns() {
            return Err(Error::value(format!(
                "groupby.replace_nulls: {} value columns need as many policies, got {}",
                values.num_columns(),
                policies.len()
            )));
        }
        let following: Vec<bool> = policies
            .iter()
            .map(|&p| p == ReplacePolicy::Following)
            .collect();
        if let Some(s) = self.device_sorted()? {
            let keys = gather_table(&self.keys, &s.order)?;
            return Ok((keys, device_sorted::replace_nulls(&s, values, &following)?));
        }
        let g = self.host_groups("groupby.replace_nulls", "grouped null replacement")?;
        let gr = Grouped::new(&g);
        let keys = gather_table(&self.keys, &gr.map())?;
        Ok((keys, ordered::replace_nulls(values, &following, &gr)?))
    }

    /// The rows grouped: group offsets, the keys and (when given) the values in grouped
    /// order.
    pub fn get_groups(&self, values: Option<&Table>) -> Result<Groups> {
        if let Some(v) = values {
            self.check_rows("get_groups", v.num_rows())?;
        }
        if let Some(s) = self.device_sorted()? {
            return Ok(Groups {
                keys: gather_table(&self.keys, &s.order)?,
                values: values.map(|v| gather_table(v, &s.order)).transpose()?,
                offsets: s.host_offsets()?,
            });
        }
        let g = self.host_groups("groupby.get_groups", "grouping rows")?;
        let gr = Grouped::new(&g);
        let map = gr.map();
        Ok(Groups {
            keys: gather_table(&self.keys, &map)?,
            values: values.map(|v| gather_table(v, &map)).transpose()?,
            offsets: gr.offsets,
        })
    }
}

/// Whether rows can be grouped by `c`: fixed-width, STRING, or STRUCT of those (nested).
fn groupable(c: &Column) -> bool {
    let id = c.dtype().id();
    id.is_fixed_width()
        || id == TypeId::String
        || (id == TypeId::Struct && c.children().iter().all(groupable))
}

/// Argument errors of `aggregate` found before any work (so both paths report them alike).
fn check_aggregate(a: &Aggregation) -> Result<()> {
    match a {
        Aggregation::Rank { .. } => Err(Error::value(
            "RANK is a scan aggregation: use GroupBy.scan, not GroupBy.aggregate",
        )),
        Aggregation::Quantile { quantiles, .. } => check_quantiles(quantiles),
        Aggregation::RowNumber | Aggregation::Lead { .. } | Aggregation::Lag { .. } => {
            Err(window_only(a))
        }
        Aggregation::Ewma { .. } => Err(not_in_aggregate(a)),
        Aggregation::Correlation { kind, .. } => host_agg::check_correlation(*kind),
        _ => Ok(()),
    }
}

/// The NotImplementedError of an aggregation `GroupBy.aggregate` does not compute: EWMA
/// (a scan) and the kinds ferrodf does not implement yet.
pub(super) fn not_in_aggregate(a: &Aggregation) -> Error {
    if matches!(a, Aggregation::Ewma { .. }) {
        return Error::not_implemented(
            "EWMA aggregations are not supported by groupby aggregate (EWMA is a scan: use \
             GroupBy.scan)",
        );
    }
    Error::not_implemented(format!(
        "groupby: {} aggregations are not implemented in ferrodf yet",
        a.kind()
    ))
}

/// The TypeError of a window-only aggregation (ROW_NUMBER, LEAD, LAG) given to a groupby.
pub(super) fn window_only(a: &Aggregation) -> Error {
    Error::type_err(format!(
        "{} aggregations are not supported by groupby (they are rolling-window ones)",
        a.kind()
    ))
}

/// ValueError unless every quantile is a fraction in [0, 1] (checked by both paths too,
/// which are also reached without [`check_aggregate`]).
pub(super) fn check_quantiles(qs: &[f64]) -> Result<()> {
    match qs.iter().find(|q| !(0.0..=1.0).contains(*q)) {
        Some(q) => Err(Error::value(format!(
            "quantile {q} is outside [0, 1]; pass fractions between 0 and 1"
        ))),
        None => Ok(()),
    }
}

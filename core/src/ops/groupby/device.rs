//! The device hash groupby (see the module docs of [`super`]): group ids from the device
//! hash table, then per-group atomics for SUM, PRODUCT, SUM_OF_SQUARES, MIN, MAX, COUNT,
//! MEAN, VARIANCE and STD of numeric values (timestamps, durations and DECIMAL32/64 for
//! MIN, MAX and COUNT). MEDIAN, QUANTILE, NUNIQUE and NTH_ELEMENT are composed from
//! device sorts, searches and gathers over the group ids ([`super::order_stats`]).

use super::GroupByRequest;
use super::types::output_type;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::groupby::{self as dev, DeviceGroups, RowKernel, SmallAgg, SmallOp};
use crate::device::kernels::storage_id;
use crate::error::Result;
use crate::ops::aggregation::{Aggregation, BitwiseOp, NullPolicy};
use crate::ops::gather::{Bounds, device_map, gather_columns};
use crate::ops::search::key_kind;
use crate::table::Table;
use crate::types::{DataType, TypeId};

/// Whether `agg` is one of the composed merge kinds ([`super::merges`]) for `values`.
fn merge_supported(values: DataType, agg: &Aggregation) -> bool {
    use Aggregation as A;
    let id = values.id();
    match agg {
        A::Histogram => id.is_fixed_width() || id == TypeId::String,
        A::MergeHistogram | A::MergeLists | A::MergeSets { .. } => id == TypeId::List,
        A::MergeM2 => id == TypeId::Struct,
        _ => false,
    }
}

/// Whether `agg` of `values` has a device kernel.
fn supported(values: DataType, agg: &Aggregation) -> bool {
    use Aggregation as A;
    let id = values.id();
    if let A::Correlation { kind, .. } = agg {
        return id == TypeId::Struct && *kind == crate::ops::aggregation::CorrelationType::Pearson;
    }
    let Some(st) = storage_id(id) else {
        return matches!(agg, A::Count(_) | A::Covariance { .. })
            || merge_supported(values, agg)
            || super::order_stats::supported(values, agg);
    };
    let numeric = id.is_numeric();
    match agg {
        A::Count(_) => true,
        A::Min | A::Max => st != TypeId::Empty,
        A::Sum
        | A::Product
        | A::SumOfSquares
        | A::Mean
        | A::Variance { .. }
        | A::Std { .. }
        | A::M2
        | A::Any
        | A::All => numeric,
        A::Bitwise(_) => id.is_integer(),
        A::Histogram => true,
        _ => super::order_stats::supported(values, agg),
    }
}

/// The aggregation on the device, or None when some aggregation or key type has no
/// device implementation (the caller falls back to the host).
pub(crate) fn aggregate(
    keys: &Table,
    key_rows: &Table,
    include_nulls: bool,
    requests: &[GroupByRequest],
) -> Result<Option<(Table, Vec<Table>)>> {
    aggregate_grouped(keys, key_rows, include_nulls, requests, false)
}

/// [`aggregate`] with the groups in ascending key order, nulls last, for at most
/// [`dev::SMALL_GROUPS`] rows: one launch groups the rows in key order, so neither a hash
/// table nor a sort of the result is needed (a tiny groupby costs a few launches).
pub(crate) fn aggregate_small_sorted(
    keys: &Table,
    include_nulls: bool,
    requests: &[GroupByRequest],
) -> Result<Option<(Table, Vec<Table>)>> {
    debug_assert!(keys.num_rows() <= dev::SMALL_GROUPS);
    aggregate_grouped(keys, keys, include_nulls, requests, true)
}

/// The search-descriptor kind of numeric values the fused small kernel reads.
fn small_value_kind(id: TypeId) -> Option<i64> {
    use TypeId::*;
    Some(match id {
        Int8 => 0,
        Int16 => 1,
        Int32 => 2,
        Int64 => 3,
        Uint8 => 4,
        Uint16 => 5,
        Uint32 => 6,
        Uint64 => 7,
        Float32 => 8,
        Float64 => 9,
        Bool8 => 10,
        _ => return None,
    })
}

/// [`aggregate_small_sorted`] in one launch (grouping and aggregations fused) when every
/// aggregation is SUM, PRODUCT, SUM_OF_SQUARES, MIN, MAX, COUNT or MEAN of numeric values
/// and there are at most [`dev::SMALL_KEYS`] keys and [`dev::SMALL_AGGS`] aggregations;
/// else None. All outputs share one allocation.
pub(crate) fn aggregate_small_fused(
    keys: &Table,
    include_nulls: bool,
    requests: &[GroupByRequest],
) -> Result<Option<(Table, Vec<Table>)>> {
    use Aggregation as A;
    let n = keys.num_rows();
    let naggs: usize = requests.iter().map(|r| r.aggregations.len()).sum();
    if n == 0
        || n > dev::SMALL_GROUPS
        || keys.num_columns() > dev::SMALL_KEYS
        || naggs > dev::SMALL_AGGS
    {
        return Ok(None);
    }
    let mut kinds = vec![];
    for c in keys.columns() {
        match key_kind("groupby", c.dtype()) {
            Ok(k) => kinds.push(k),
            Err(_) => return Ok(None),
        }
    }
    // (request, aggregation, op, output type, has a mask) per aggregation
    let mut plan = Vec::with_capacity(naggs);
    for r in requests {
        let Some(in_kind) = small_value_kind(r.values.dtype().id()) else {
            return Ok(None);
        };
        let nulls = r.values.has_nulls()?;
        for a in &r.aggregations {
            let op = match a {
                A::Sum => SmallOp::Sum,
                A::Product => SmallOp::Product,
                A::SumOfSquares => SmallOp::SumOfSquares,
                A::Min => SmallOp::Min,
                A::Max => SmallOp::Max,
                A::Count(NullPolicy::Exclude) => SmallOp::CountValid,
                A::Count(NullPolicy::Include) => SmallOp::CountAll,
                A::Mean => SmallOp::Mean,
                _ => return Ok(None),
            };
            let out = output_type(r.values.dtype(), a)?;
            let Some(out_kind) = small_value_kind(out.id()) else {
                return Ok(None);
            };
            let counts = matches!(op, SmallOp::CountValid | SmallOp::CountAll);
            plan.push((in_kind, op, out, out_kind, nulls && !counts));
        }
    }
    // One allocation: the first rows, then per aggregation 8 bytes per row and the
    // validity bits when its values have nulls (each part 64-byte aligned).
    let align = |b: usize| b.div_ceil(64) * 64;
    let mask_bytes = crate::bitmask::bitmask_allocation_size_bytes(n);
    let mut offsets = Vec::with_capacity(plan.len());
    let mut total = align(n * 4);
    for &(.., masked) in &plan {
        let data = total;
        total += align(n * 8);
        let mask = masked.then(|| {
            total += mask_bytes;
            total - mask_bytes
        });
        offsets.push((data, mask));
    }
    let memory = DeviceMemory::alloc(total)?;
    let base = memory.ptr();
    let mut specs = Vec::with_capacity(plan.len());
    let mut at = 0;
    for r in requests {
        let (data, mask, mask_offset) = dev::value_args(&r.values)?;
        for _ in &r.aggregations {
            let (in_kind, op, _, out_kind, _) = plan[at];
            let (out, out_mask) = offsets[at];
            specs.push(SmallAgg {
                data,
                mask,
                mask_offset,
                in_kind,
                op,
                out_kind,
                out: base + out as u64,
                out_mask: out_mask.map_or(0, |m| base + m as u64),
            });
            at += 1;
        }
    }
    let groups = dev::small_fused(keys, &kinds, include_nulls, &specs, base)?;
    let buffer = Buffer::from_device(memory);
    let reps = Column::without_nulls(TypeId::Int32.into(), groups, buffer.slice(0, groups * 4)?)?;
    let out_keys = Table::new(gather_columns(keys.columns(), n, &reps, Bounds::Trusted)?)?;
    let mut columns = plan
        .iter()
        .zip(&offsets)
        .map(|(&(.., out, _, _), &(data, mask))| {
            let width = crate::types::size_of(out)?;
            let mask = mask.map(|m| buffer.slice(m, mask_bytes)).transpose()?;
            let null_count = if mask.is_some() { None } else { Some(0) };
            Column::new(
                out,
                groups,
                Some(buffer.slice(data, groups * width)?),
                mask,
                null_count,
                0,
                vec![],
            )
        });
    let mut results = Vec::with_capacity(requests.len());
    for r in requests {
        let cols = (0..r.aggregations.len())
            .map(|_| columns.next().expect("one column per aggregation"))
            .collect::<Result<Vec<_>>>()?;
        results.push(if cols.is_empty() {
            Table::empty_with_rows(groups)
        } else {
            Table::new(cols)?
        });
    }
    Ok(Some((out_keys, results)))
}

/// Groups by `keys`; the result keys are the groups' first rows of `key_rows` (the keys
/// themselves, or the STRUCT keys that `keys` are the flat columns of).
fn aggregate_grouped(
    keys: &Table,
    key_rows: &Table,
    include_nulls: bool,
    requests: &[GroupByRequest],
    small_sorted: bool,
) -> Result<Option<(Table, Vec<Table>)>> {
    let mut kinds = vec![];
    for c in keys.columns() {
        match key_kind("groupby", c.dtype()) {
            Ok(k) => kinds.push(k),
            Err(_) => return Ok(None),
        }
    }
    let all_supported = requests.iter().all(|r| {
        r.aggregations
            .iter()
            .all(|a| supported(r.values.dtype(), a))
    });
    let n = keys.num_rows();
    if !all_supported || n == 0 {
        return Ok(None);
    }
    let mut g = if small_sorted {
        dev::group_small_sorted(keys, &kinds, include_nulls)?
    } else {
        dev::group(keys, &kinds, include_nulls)?
    };
    // The first rows are needed only here: the map takes them (no copy).
    let first_rows = std::mem::replace(&mut g.reps, DeviceMemory::empty());
    let reps = device_map(first_rows, g.groups)?;
    let out_keys = Table::new(gather_columns(
        key_rows.columns(),
        n,
        &reps,
        Bounds::Trusted,
    )?)?;
    let mut results = Vec::with_capacity(requests.len());
    for r in requests {
        let mut state = ValueState::new(&r.values, &g)?;
        let cols = r
            .aggregations
            .iter()
            .map(|a| state.aggregate(a))
            .collect::<Result<Vec<_>>>()?;
        results.push(if cols.is_empty() {
            Table::empty_with_rows(g.groups)
        } else {
            Table::new(cols)?
        });
    }
    Ok(Some((out_keys, results)))
}

/// One value column's kernels, sharing the counts and double sums between aggregations.
struct ValueState<'a> {
    values: &'a Column,
    storage: TypeId,
    args: dev::ValueArgs,
    g: &'a DeviceGroups,
    n: usize,
    counts: Option<DeviceMemory>,
    sums: Option<DeviceMemory>,
}

impl<'a> ValueState<'a> {
    fn new(values: &'a Column, g: &'a DeviceGroups) -> Result<Self> {
        let n = values.size();
        let storage = storage_id(values.dtype().id()).unwrap_or(TypeId::Int8);
        let args = if storage_id(values.dtype().id()).is_some() {
            dev::value_args(values)?
        } else {
            (0, 0, 0)
        };
        Ok(ValueState {
            values,
            storage,
            args,
            g,
            n,
            counts: None,
            sums: None,
        })
    }

    /// Valid values per group (computed once).
    fn counts(&mut self) -> Result<&DeviceMemory> {
        if self.counts.is_none() {
            let out = DeviceMemory::zeroed(self.g.groups.max(1) * 4)?;
            let (mask, off) = self.mask()?;
            let args = (0, mask, off);
            dev::accumulate(TypeId::Int32, RowKernel::Count, args, self.g, self.n, &out)?;
            self.counts = Some(out);
        }
        Ok(self.counts.as_ref().expect("set"))
    }

    fn mask(&self) -> Result<(u64, i64)> {
        let c = self.values;
        Ok(match c.mask() {
            Some(m) if c.has_nulls()? => (m.device_ptr()?, c.offset() as i64),
            _ => (0, 0),
        })
    }

    /// Double sums per group (computed once).
    fn sums(&mut self) -> Result<&DeviceMemory> {
        if self.sums.is_none() {
            let out = DeviceMemory::zeroed(self.g.groups.max(1) * 8)?;
            dev::accumulate(
                self.storage,
                RowKernel::SumF64,
                self.args,
                self.g,
                self.n,
                &out,
            )?;
            self.sums = Some(out);
        }
        Ok(self.sums.as_ref().expect("set"))
    }

    /// Group means (a new allocation).
    fn means(&mut self) -> Result<DeviceMemory> {
        self.counts()?;
        self.sums()?;
        let (sums, counts) = (
            self.sums.as_ref().expect("set"),
            self.counts.as_ref().expect("set"),
        );
        dev::means(sums, counts, self.g.groups)
    }

    fn column(&mut self, dtype: DataType, data: DeviceMemory, min_count: i32) -> Result<Column> {
        let groups = self.g.groups;
        // Every group has at least one row, so without nulls in the values each group has a
        // valid value and `min_count <= 1` needs no counting pass (nor a mask).
        let every_group_valid = min_count <= 1 && !self.values.has_nulls()?;
        let mask = if min_count > 0 && !every_group_valid {
            Some(Buffer::from_device(dev::valid_mask(
                self.counts()?,
                groups,
                min_count,
            )?))
        } else {
            None
        };
        let nc = if mask.is_some() { None } else { Some(0) };
        Column::new(
            dtype,
            groups,
            Some(Buffer::from_device(data)),
            mask,
            nc,
            0,
            vec![],
        )
    }

    /// COVARIANCE (`ddof` given) or Pearson CORRELATION of the STRUCT values: the paired
    /// FLOAT64 children (one shared mask) get their counts and means from the per-group
    /// atomics, then one pass of co-deviations (and, for a correlation, the squared
    /// deviations of each) and a finishing kernel; nulls as in the host's `co_moments`.
    fn co_moments(&mut self, what: &str, min_periods: i32, ddof: Option<i32>) -> Result<Column> {
        let (x, y) = super::types::paired_values(self.values, what)?;
        let groups = self.g.groups;
        let mut xs = ValueState::new(&x, self.g)?;
        let mut ys = ValueState::new(&y, self.g)?;
        let (mx, my) = (xs.means()?, ys.means()?);
        let codev = DeviceMemory::zeroed(groups.max(1) * 8)?;
        let (x_args, y_data) = (xs.args, ys.args.0);
        dev::co_deviations(
            TypeId::Float64,
            x_args,
            y_data,
            self.g,
            self.n,
            &mx,
            &my,
            &codev,
        )?;
        let ss = match ddof {
            Some(_) => None,
            None => {
                let ssx = DeviceMemory::zeroed(groups.max(1) * 8)?;
                let ssy = DeviceMemory::zeroed(groups.max(1) * 8)?;
                dev::squared_deviations(TypeId::Float64, x_args, self.g, self.n, &mx, &ssx)?;
                // y's mask is x's: the children share the paired mask.
                let y_args = (y_data, x_args.1, x_args.2);
                dev::squared_deviations(TypeId::Float64, y_args, self.g, self.n, &my, &ssy)?;
                Some((ssx, ssy))
            }
        };
        let counts = xs.counts()?;
        let values = dev::covariances(
            &codev,
            ss.as_ref().map(|(a, b)| (a, b)),
            counts,
            groups,
            ddof.unwrap_or(0),
        )?;
        // Valid with at least max(min_periods, ddof + 1) rows (covariance) or
        // max(min_periods, 2) rows (correlation).
        let min_count = match ddof {
            Some(d) => min_periods.max(d.saturating_add(1)),
            None => min_periods.max(2),
        }
        .max(0);
        let mask = if min_count > 0 {
            Some(Buffer::from_device(dev::valid_mask(
                counts, groups, min_count,
            )?))
        } else {
            None
        };
        let nc = if mask.is_some() { None } else { Some(0) };
        Column::new(
            TypeId::Float64.into(),
            groups,
            Some(Buffer::from_device(values)),
            mask,
            nc,
            0,
            vec![],
        )
    }

    fn aggregate(&mut self, agg: &Aggregation) -> Result<Column> {
        use Aggregation as A;
        let out = output_type(self.values.dtype(), agg)?;
        let groups = self.g.groups;
        let (t, n) = (self.storage, self.n);
        match agg {
            A::Count(policy) => {
                let counts = if *policy == NullPolicy::Include {
                    let out = DeviceMemory::zeroed(groups.max(1) * 4)?;
                    dev::accumulate(TypeId::Int32, RowKernel::Count, (0, 0, 0), self.g, n, &out)?;
                    out
                } else {
                    let c = self.counts()?;
                    DeviceMemory::copy_of(c.ptr(), groups * 4)?
                };
                self.column(out, counts, 0)
            }
            A::Sum | A::Product | A::SumOfSquares => {
                let acc = dev::sum_accumulators(t, groups, matches!(agg, A::Product))?;
                let kernel = match agg {
                    A::Sum => RowKernel::Sum,
                    A::Product => RowKernel::Product,
                    _ => RowKernel::SumOfSquares,
                };
                dev::accumulate(t, kernel, self.args, self.g, n, &acc)?;
                // `acc` holds `groups` values of the output type (FLOAT32 sums are floats).
                self.column(out, acc, 1)
            }
            A::Min | A::Max => {
                let is_min = matches!(agg, A::Min);
                let acc = dev::minmax_accumulators(t, groups, is_min)?;
                let kernel = if is_min {
                    RowKernel::Min
                } else {
                    RowKernel::Max
                };
                dev::accumulate(t, kernel, self.args, self.g, n, &acc)?;
                let data = dev::store_minmax(t, &acc, groups)?;
                self.column(out, data, 1)
            }
            A::Mean => {
                let m = self.means()?;
                self.column(out, m, 1)
            }
            A::Variance { ddof } | A::Std { ddof } => {
                let means = self.means()?;
                let ss = DeviceMemory::zeroed(groups.max(1) * 8)?;
                dev::squared_deviations(t, self.args, self.g, n, &means, &ss)?;
                let v = dev::variances(
                    &ss,
                    self.counts()?,
                    groups,
                    *ddof,
                    matches!(agg, A::Std { .. }),
                )?;
                // Null where count - ddof <= 0, i.e. count < ddof + 1.
                self.column(out, v, ddof.saturating_add(1))
            }
            A::M2 => {
                let means = self.means()?;
                let ss = DeviceMemory::zeroed(groups.max(1) * 8)?;
                dev::squared_deviations(t, self.args, self.g, n, &means, &ss)?;
                self.column(out, ss, 1)
            }
            A::Bitwise(op) => {
                let acc = dev::bits_accumulators(t, groups, *op == BitwiseOp::And)?;
                let kernel = match op {
                    BitwiseOp::And => RowKernel::BitAnd,
                    BitwiseOp::Or => RowKernel::BitOr,
                    BitwiseOp::Xor => RowKernel::BitXor,
                };
                dev::accumulate(t, kernel, self.args, self.g, n, &acc)?;
                // The 64-bit words truncated back to the value type.
                let data = dev::store_minmax(t, &acc, groups)?;
                self.column(out, data, 1)
            }
            A::Covariance { min_periods, ddof } => {
                self.co_moments("COVARIANCE", *min_periods, Some(*ddof))
            }
            A::Correlation { min_periods, .. } => {
                self.co_moments("CORRELATION", *min_periods, None)
            }
            A::Histogram | A::MergeHistogram | A::MergeLists | A::MergeSets { .. } => {
                let gid = self.g.gid_column(n)?;
                super::merges::aggregate(&gid, groups, self.values, agg)
            }
            A::MergeM2 => {
                let gid = self.g.gid_column(n)?;
                super::merges::merge_m2(&gid, groups, self.values)
            }
            A::Any | A::All => {
                // The MAX (ANY) or MIN (ALL) of the truth values `v != 0` (NaN is true), as
                // BOOL8; null for a group without valid values.
                use crate::ops::binaryop::{BinaryOperator, Operand, binary_operation};
                let zero =
                    crate::scalar::Scalar::from_native_as::<u8>(TypeId::Uint8.into(), Some(0))?;
                let zero = crate::ops::cast::cast(zero.as_column(), self.values.dtype())?;
                let truth = binary_operation(
                    Operand::Column(self.values),
                    Operand::Scalar(&crate::scalar::Scalar::from_column(zero)?),
                    BinaryOperator::NotEqual,
                    TypeId::Bool8.into(),
                )?;
                let extreme = if matches!(agg, A::Any) {
                    A::Max
                } else {
                    A::Min
                };
                ValueState::new(&truth, self.g)?.aggregate(&extreme)
            }
            _ => {
                let gid = self.g.gid_column(n)?;
                super::order_stats::aggregate(&gid, groups, self.values, agg)
            }
        }
    }
}

//! Device hash joins on [`super::hash_table`]. When every build key is distinct (checked
//! after the insert) a probe finds its one build row directly and the maps are written by
//! a compaction (inner) or one pass (outer). Otherwise the build rows of each key are
//! linked into chains, and a count pass, an exclusive scan and a fill pass write the INT32
//! gather maps.

use super::args;
use super::copying::DeviceCond;
use super::gather::device_map;
use super::hash_table::{DeviceKeys, RowHashTable, filled_i32, filled_u8, run};
use super::scan::exclusive_sum_with_total;
use super::stream_compaction::{compact, compact_fixed};
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::{Error, Result};
use crate::keys::KeyKind;
use crate::params::JoinKind;
use crate::table::Table;

/// A built join table: the hash table and, when some key repeats, per-slot chains of
/// build rows.
struct Built {
    keys: DeviceKeys,
    table: RowHashTable,
    chains: Option<Chains>,
}

/// Per slot: one build row of the key (`heads`, -1 ends), the chain length (`counts`);
/// per build row: the next row of its key (`next`).
struct Chains {
    heads: DeviceMemory,
    counts: DeviceMemory,
    next: DeviceMemory,
}

fn build(t: &Table, kinds: &[KeyKind], nulls_equal: bool) -> Result<Built> {
    let keys = DeviceKeys::new(t, kinds)?;
    let n = t.num_rows();
    let table = RowHashTable::for_rows(n)?;
    let slot_of_row = table.insert(&keys, nulls_equal, true)?;
    // Every key inserted once (a dimension table's primary key, all of db-benchmark's
    // joins): a probe row's match is the slot's own row, so no chains are needed.
    let (distinct, alone) = table.counts()?;
    if distinct + alone == n as u64 {
        return Ok(Built {
            keys,
            table,
            chains: None,
        });
    }
    let cap = table.capacity();
    let heads = filled_i32(cap, -1)?;
    let counts = DeviceMemory::zeroed(cap * 4)?;
    let next = DeviceMemory::alloc(n * 4)?;
    // SAFETY: reads n slots (< cap or -1), writes n `next` entries and slot entries.
    unsafe {
        run(
            "join_link",
            n,
            &args![
                slot_of_row.ptr(),
                n as i64,
                heads.ptr(),
                counts.ptr(),
                next.ptr()
            ],
        )?
    };
    Ok(Built {
        keys,
        table,
        chains: Some(Chains {
            heads,
            counts,
            next,
        }),
    })
}

pub(crate) fn check_rows(total: usize) -> Result<()> {
    if total >= i32::MAX as usize {
        return Err(Error::overflow(format!(
            "the join yields {total} rows, more than a column holds"
        )));
    }
    Ok(())
}

/// The (probe, build) pairs when every build key is distinct: `rows[j]` is probe row j's
/// build row or -1. Inner joins keep the found rows; outer joins keep every probe row, in
/// order, and clear `unmatched` for the build rows found.
fn unique_pairs(
    rows: &DeviceMemory,
    np: usize,
    outer: bool,
    unmatched: Option<&DeviceMemory>,
) -> Result<(DeviceMemory, DeviceMemory, usize)> {
    if outer {
        let (out_p, out_b) = (DeviceMemory::alloc(np * 4)?, DeviceMemory::alloc(np * 4)?);
        // SAFETY: reads and writes np entries; `unmatched` covers every build row.
        unsafe {
            run(
                "join_unique_outer",
                np,
                &args![
                    rows.ptr(),
                    np as i64,
                    out_p.ptr(),
                    out_b.ptr(),
                    unmatched.map_or(0, DeviceMemory::ptr)
                ],
            )?
        };
        return Ok((out_p, out_b, np));
    }
    let (flags, out_p, kept) = rows_where_found(rows, np, true)?;
    let cond = DeviceCond::flags(&flags);
    let (mut out_b, _) = compact_fixed(cond, np, &[(rows.ptr(), 4)])?;
    Ok((out_p, out_b.remove(0), kept))
}

/// The ascending probe rows whose entry in `found` (a slot or build row, -1: none) is
/// set (`want_found`) or not, with the one-byte flags they were compacted by.
fn rows_where_found(
    found: &DeviceMemory,
    n: usize,
    want_found: bool,
) -> Result<(DeviceMemory, DeviceMemory, usize)> {
    let flags = DeviceMemory::alloc(n.max(1))?;
    // SAFETY: reads n entries, writes n flags.
    unsafe {
        run(
            "join_filter_flags",
            n,
            &args![found.ptr(), n as i64, want_found as i32, flags.ptr()],
        )?
    };
    let cond = DeviceCond::flags(&flags);
    let (rows, kept) = compact(cond, n)?;
    Ok((flags, rows, kept))
}

/// The (probe, build) pairs through the chains of repeated keys: a count pass, an
/// exclusive scan and a fill pass.
fn chained_pairs(
    b: &Built,
    chains: &Chains,
    probe: &DeviceKeys,
    nulls_equal: bool,
    outer: bool,
    unmatched: Option<&DeviceMemory>,
) -> Result<(DeviceMemory, DeviceMemory, usize)> {
    let np = probe.rows();
    let slots = b.table.find(&b.keys, probe, nulls_equal, true)?;
    let offsets = DeviceMemory::alloc((np + 1) * 8)?;
    // SAFETY: reads np slots and their counts, writes np + 1 int64 values.
    unsafe {
        run(
            "join_count",
            np + 1,
            &args![
                slots.ptr(),
                np as i64,
                chains.counts.ptr(),
                outer as i32,
                offsets.ptr()
            ],
        )?
    };
    let total = exclusive_sum_with_total(&offsets, np)? as usize;
    check_rows(total)?;
    let out_p = DeviceMemory::alloc(total * 4)?;
    let out_b = DeviceMemory::alloc(total * 4)?;
    // SAFETY: each probe row writes its count of pairs at its scanned offset (< total);
    // `unmatched` covers the build rows.
    unsafe {
        run(
            "join_fill",
            np,
            &args![
                slots.ptr(),
                np as i64,
                chains.heads.ptr(),
                chains.next.ptr(),
                offsets.ptr(),
                outer as i32,
                out_p.ptr(),
                out_b.ptr(),
                unmatched.map_or(0, DeviceMemory::ptr)
            ],
        )?
    };
    Ok((out_p, out_b, total))
}

/// The (left, right) maps of an inner, left or full join on the device.
pub(crate) fn pair_join(
    left: &Table,
    right: &Table,
    kinds: &[KeyKind],
    nulls_equal: bool,
    kind: JoinKind,
) -> Result<(Column, Column)> {
    let swap = kind == JoinKind::Inner && right.num_rows() > left.num_rows();
    let (build_t, probe_t) = if swap { (left, right) } else { (right, left) };
    let b = build(build_t, kinds, nulls_equal)?;
    let probe = DeviceKeys::new(probe_t, kinds)?;
    let outer = kind != JoinKind::Inner;
    let nb = build_t.num_rows();
    let unmatched = if kind == JoinKind::Full {
        Some(filled_u8(nb, 1)?)
    } else {
        None
    };
    let (out_p, out_b, total) = match &b.chains {
        None => {
            let rows = b.table.find_rows(&b.keys, &probe, nulls_equal, true)?;
            unique_pairs(&rows, probe.rows(), outer, unmatched.as_ref())?
        }
        Some(chains) => chained_pairs(&b, chains, &probe, nulls_equal, outer, unmatched.as_ref())?,
    };
    let (out_p, out_b, total) = match unmatched {
        None => (out_p, out_b, total),
        Some(u) => append_unmatched(out_p, out_b, total, &u, nb, false)?,
    };
    let (p, b) = (device_map(out_p, total)?, device_map(out_b, total)?);
    Ok(if swap { (b, p) } else { (p, b) })
}

/// `total` pairs `(a, b)` followed by the rows whose `unmatched` flag (one byte for each of
/// `n` rows) is set, paired with JOIN_NONE: `(JOIN_NONE, row)`, or `(row, JOIN_NONE)` when
/// `rows_first` (a left join's unmatched left rows). Returns the new arrays and length.
pub(crate) fn append_unmatched(
    a: DeviceMemory,
    b: DeviceMemory,
    total: usize,
    unmatched: &DeviceMemory,
    n: usize,
    rows_first: bool,
) -> Result<(DeviceMemory, DeviceMemory, usize)> {
    let (rows, extra) = compact(DeviceCond::flags(unmatched), n)?;
    if extra == 0 {
        return Ok((a, b, total));
    }
    let all = total + extra;
    check_rows(all)?;
    let (a2, b2) = (DeviceMemory::alloc(all * 4)?, DeviceMemory::alloc(all * 4)?);
    // join_append writes (JOIN_NONE, row): swap its outputs for (row, JOIN_NONE).
    let (none_side, row_side) = if rows_first { (&b2, &a2) } else { (&a2, &b2) };
    // SAFETY: copies `total` entries into arrays of `all`, then writes `extra` entries
    // after them.
    unsafe {
        for (src, dst) in [(&a, &a2), (&b, &b2)] {
            run(
                "copy_i32",
                total,
                &args![src.ptr(), total as i64, dst.ptr()],
            )?;
        }
        run(
            "join_append",
            extra,
            &args![
                rows.ptr(),
                extra as i64,
                none_side.ptr() + (total * 4) as u64,
                row_side.ptr() + (total * 4) as u64
            ],
        )?;
    }
    Ok((a2, b2, all))
}

/// Sets `flags[rows[k]] = value` for the `n` entries of `rows` (INT32 row numbers).
pub(crate) fn mark_rows(rows: u64, n: usize, value: u8, flags: &DeviceMemory) -> Result<()> {
    // SAFETY: every entry of `rows` is a row of the table `flags` covers.
    unsafe {
        run(
            "join_mark_rows",
            n,
            &args![rows, n as i64, i32::from(value), flags.ptr()],
        )
    }
}

/// The ascending left rows with (`semi`) or without a matching right row.
pub(crate) fn filter_join(
    left: &Table,
    right: &Table,
    kinds: &[KeyKind],
    nulls_equal: bool,
    semi: bool,
) -> Result<Column> {
    let bkeys = DeviceKeys::new(right, kinds)?;
    let table = RowHashTable::for_rows(right.num_rows())?;
    table.insert(&bkeys, nulls_equal, true)?;
    let probe = DeviceKeys::new(left, kinds)?;
    let n = left.num_rows();
    let slots = table.find(&bkeys, &probe, nulls_equal, true)?;
    let (_, rows, kept) = rows_where_found(&slots, n, semi)?;
    device_map(rows, kept)
}

/// The cross join's (left, right) maps of `nl * nr` entries.
pub(crate) fn cross_maps(nl: usize, nr: usize) -> Result<(DeviceMemory, DeviceMemory)> {
    let n = nl * nr;
    let (l, r) = (DeviceMemory::alloc(n * 4)?, DeviceMemory::alloc(n * 4)?);
    // SAFETY: writes n entries of each map (nr > 0 whenever n > 0).
    unsafe {
        run(
            "cross_maps",
            n,
            &args![n as i64, nr as i64, l.ptr(), r.ptr()],
        )?
    };
    Ok((l, r))
}

//! Device hash joins on [`super::hash_table`]: build (insert + link chains), probe (find),
//! then a count pass, an exclusive scan and a fill pass write the INT32 gather maps.

use super::Arg;
use super::hash_table::{DeviceKeys, RowHashTable, filled_i32, filled_u8, run};
use super::movement::{DeviceCond, compact};
use super::scan::exclusive_sum_with_total;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::{Error, Result};
use crate::ops::gather::device_map;
use crate::ops::join::JoinKind;
use crate::ops::search::KeyKind;
use crate::table::Table;

/// A built join table: the hash table and per-slot chains of build rows.
struct Built {
    keys: DeviceKeys,
    table: RowHashTable,
    heads: DeviceMemory,
    counts: DeviceMemory,
    next: DeviceMemory,
}

fn build(t: &Table, kinds: &[KeyKind], nulls_equal: bool) -> Result<Built> {
    let keys = DeviceKeys::new(t, kinds)?;
    let n = t.num_rows();
    let table = RowHashTable::for_rows(n)?;
    let slot_of_row = table.insert(&keys, nulls_equal, true)?;
    let cap = table.capacity();
    let heads = filled_i32(cap, -1)?;
    let counts = DeviceMemory::zeroed(cap * 4)?;
    let next = DeviceMemory::alloc(n * 4)?;
    // SAFETY: reads n slots (< cap or -1), writes n `next` entries and slot entries.
    unsafe {
        run(
            "join_link",
            n,
            &[
                Arg::P(slot_of_row.ptr()),
                Arg::I(n as i64),
                Arg::P(heads.ptr()),
                Arg::P(counts.ptr()),
                Arg::P(next.ptr()),
            ],
        )?
    };
    Ok(Built {
        keys,
        table,
        heads,
        counts,
        next,
    })
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
    let np = probe.rows();
    let slots = b.table.find(&b.keys, &probe, nulls_equal, true)?;
    let outer = kind != JoinKind::Inner;
    let offsets = DeviceMemory::alloc((np + 1) * 8)?;
    // SAFETY: reads np slots and their counts, writes np + 1 int64 values.
    unsafe {
        run(
            "join_count",
            np + 1,
            &[
                Arg::P(slots.ptr()),
                Arg::I(np as i64),
                Arg::P(b.counts.ptr()),
                Arg::I32(outer as i32),
                Arg::P(offsets.ptr()),
            ],
        )?
    };
    let total = exclusive_sum_with_total(&offsets, np)? as usize;
    if total >= i32::MAX as usize {
        return Err(Error::overflow(format!(
            "the join yields {total} rows, more than a column holds"
        )));
    }
    let nb = build_t.num_rows();
    let unmatched = if kind == JoinKind::Full {
        Some(filled_u8(nb, 1)?)
    } else {
        None
    };
    let out_p = DeviceMemory::alloc(total * 4)?;
    let out_b = DeviceMemory::alloc(total * 4)?;
    // SAFETY: each probe row writes its count of pairs at its scanned offset (< total);
    // `unmatched` covers the nb build rows.
    unsafe {
        run(
            "join_fill",
            np,
            &[
                Arg::P(slots.ptr()),
                Arg::I(np as i64),
                Arg::P(b.heads.ptr()),
                Arg::P(b.next.ptr()),
                Arg::P(offsets.ptr()),
                Arg::I32(outer as i32),
                Arg::P(out_p.ptr()),
                Arg::P(out_b.ptr()),
                Arg::P(unmatched.as_ref().map_or(0, DeviceMemory::ptr)),
            ],
        )?
    };
    let (out_p, out_b, total) = match unmatched {
        None => (out_p, out_b, total),
        Some(u) => {
            let cond = DeviceCond {
                data: u.ptr(),
                mask: 0,
                offset: 0,
            };
            let (rows, extra) = compact(cond, nb)?;
            let all = total + extra;
            if all >= i32::MAX as usize {
                return Err(Error::overflow(format!(
                    "the join yields {all} rows, more than a column holds"
                )));
            }
            let (p2, b2) = (DeviceMemory::alloc(all * 4)?, DeviceMemory::alloc(all * 4)?);
            // SAFETY: copies `total` entries into arrays of `all`, then writes `extra`
            // entries after them.
            unsafe {
                for (src, dst) in [(&out_p, &p2), (&out_b, &b2)] {
                    run(
                        "copy_i32",
                        total,
                        &[Arg::P(src.ptr()), Arg::I(total as i64), Arg::P(dst.ptr())],
                    )?;
                }
                run(
                    "join_append",
                    extra,
                    &[
                        Arg::P(rows.ptr()),
                        Arg::I(extra as i64),
                        Arg::P(p2.ptr() + (total * 4) as u64),
                        Arg::P(b2.ptr() + (total * 4) as u64),
                    ],
                )?;
            }
            (p2, b2, all)
        }
    };
    let (p, b) = (device_map(out_p, total)?, device_map(out_b, total)?);
    Ok(if swap { (b, p) } else { (p, b) })
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
    let flags = DeviceMemory::alloc(n.max(1))?;
    // SAFETY: reads n slots, writes n flags.
    unsafe {
        run(
            "join_filter_flags",
            n,
            &[
                Arg::P(slots.ptr()),
                Arg::I(n as i64),
                Arg::I32(semi as i32),
                Arg::P(flags.ptr()),
            ],
        )?
    };
    let cond = DeviceCond {
        data: flags.ptr(),
        mask: 0,
        offset: 0,
    };
    let (rows, kept) = compact(cond, n)?;
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
            &[
                Arg::I(n as i64),
                Arg::I(nr as i64),
                Arg::P(l.ptr()),
                Arg::P(r.ptr()),
            ],
        )?
    };
    Ok((l, r))
}

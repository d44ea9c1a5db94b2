//! The device path of the conditional and mixed joins: the predicate's generated module
//! (`expressions::codegen::generate_predicate`), launched over the left rows (conditional
//! joins: a count pass, an exclusive scan, a fill pass, as libcudf's) or over the candidate
//! pairs of the device hash join (mixed joins), with the hash-join module's helpers to add
//! the rows without a partner.

use super::conditional::Mixed;
use crate::column::Column;
use crate::device::kernels::copying::DeviceCond;
use crate::device::kernels::gather::device_map;
use crate::device::kernels::hash_table::filled_u8;
use crate::device::kernels::join::{append_unmatched, check_rows, mark_rows, pair_join};
use crate::device::kernels::scan::exclusive_sum_with_total;
use crate::device::kernels::stream_compaction::{compact, compact_fixed};
use crate::device::kernels::transform::data_ptr;
use crate::device::kernels::{Arg, grid, launch};
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::ops::expressions::codegen::{
    ExprKernel, PAIR_COUNT, PAIR_FILL, PAIR_FILTER, PAIR_FLAGS, generate_predicate,
};
use crate::ops::expressions::device::predicate_args;
use crate::ops::expressions::typing::Typed;
use crate::params::JoinKind;
use crate::table::Table;

/// The compiled predicate module's kernel `name`, launched over `n` threads with the
/// predicate's arguments followed by `tail` (nothing when `n == 0`).
///
/// # Safety
/// `tail` must match the kernel's parameters after the predicate's, and cover `n` items.
unsafe fn run_pred(
    k: &ExprKernel,
    left: &Table,
    right: &Table,
    name: &str,
    n: usize,
    tail: &[Arg],
) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    let f = runtime()?.function(&k.key, || k.source.clone(), name)?;
    let mut args = predicate_args(k, left, right)?;
    args.extend_from_slice(tail);
    // SAFETY: the predicate's parameters come from the module's own generator; the
    // caller vouches for the rest.
    unsafe { launch(&f, grid(n)?, &args) }
}

/// The maps of a conditional inner, left or full join on the device.
pub(super) fn conditional_pairs(
    left: &Table,
    right: &Table,
    typed: &Typed,
    kind: JoinKind,
) -> Result<(Column, Column)> {
    let k = generate_predicate(typed, left.num_columns())?;
    let (nl, nr) = (left.num_rows(), right.num_rows());
    let outer = i32::from(kind != JoinKind::Inner);
    let offsets = DeviceMemory::alloc((nl + 1) * 8)?;
    // SAFETY: nl + 1 threads write nl + 1 int64 counts; the columns have nl / nr rows.
    unsafe {
        run_pred(
            &k,
            left,
            right,
            PAIR_COUNT,
            nl + 1,
            &[
                Arg::I(nl as i64),
                Arg::I(nr as i64),
                Arg::I32(outer),
                Arg::P(offsets.ptr()),
            ],
        )?
    };
    let total = exclusive_sum_with_total(&offsets, nl)? as usize;
    check_rows(total)?;
    let (out_l, out_r) = (
        DeviceMemory::alloc(total * 4)?,
        DeviceMemory::alloc(total * 4)?,
    );
    let unmatched = if kind == JoinKind::Full {
        Some(filled_u8(nr, 1)?)
    } else {
        None
    };
    // SAFETY: left row i writes its counted pairs at offsets[i] (< total); `unmatched`
    // covers the right rows.
    unsafe {
        run_pred(
            &k,
            left,
            right,
            PAIR_FILL,
            nl,
            &[
                Arg::I(nl as i64),
                Arg::I(nr as i64),
                Arg::I32(outer),
                Arg::P(offsets.ptr()),
                Arg::P(out_l.ptr()),
                Arg::P(out_r.ptr()),
                Arg::P(unmatched.as_ref().map_or(0, DeviceMemory::ptr)),
            ],
        )?
    };
    let (out_l, out_r, total) = match unmatched {
        Some(u) => append_unmatched(out_l, out_r, total, &u, nr, false)?,
        None => (out_l, out_r, total),
    };
    Ok((device_map(out_l, total)?, device_map(out_r, total)?))
}

/// The ascending left rows with (`want`) or without a right row the predicate pairs them
/// with, on the device.
pub(super) fn conditional_rows(
    left: &Table,
    right: &Table,
    typed: &Typed,
    want: bool,
) -> Result<Column> {
    let k = generate_predicate(typed, left.num_columns())?;
    let (nl, nr) = (left.num_rows(), right.num_rows());
    let flags = DeviceMemory::alloc(nl.max(1))?;
    // SAFETY: nl threads write nl flags; the columns have nl / nr rows.
    unsafe {
        run_pred(
            &k,
            left,
            right,
            PAIR_FLAGS,
            nl,
            &[
                Arg::I(nl as i64),
                Arg::I(nr as i64),
                Arg::I32(i32::from(want)),
                Arg::P(flags.ptr()),
            ],
        )?
    };
    let (rows, kept) = compact(DeviceCond::flags(&flags), nl)?;
    device_map(rows, kept)
}

/// The pairs of equal keys (the device hash join's inner pairs) the predicate holds for:
/// (left rows, right rows, count).
fn mixed_matches(m: &Mixed<'_>) -> Result<(DeviceMemory, DeviceMemory, usize)> {
    let (lk, rk, lc, rc) = m.tables();
    let (kinds, nulls_equal) = m.kinds();
    let (cl, cr) = pair_join(lk, rk, kinds, nulls_equal, JoinKind::Inner)?;
    let n = cl.size();
    let (lp, rp) = (data_ptr(&cl)?, data_ptr(&cr)?);
    let k = generate_predicate(m.typed(), lc.num_columns())?;
    let flags = DeviceMemory::alloc(n.max(1))?;
    // SAFETY: n threads read n candidate pairs (rows of lc / rc) and write n flags.
    unsafe {
        run_pred(
            &k,
            lc,
            rc,
            PAIR_FILTER,
            n,
            &[
                Arg::P(lp),
                Arg::P(rp),
                Arg::I(n as i64),
                Arg::P(flags.ptr()),
            ],
        )?
    };
    let (mut kept, count) = compact_fixed(DeviceCond::flags(&flags), n, &[(lp, 4), (rp, 4)])?;
    let r = kept.pop().expect("two columns");
    let l = kept.pop().expect("two columns");
    Ok((l, r, count))
}

/// The maps of a mixed inner, left or full join on the device.
pub(super) fn mixed_pairs(m: &Mixed<'_>, kind: JoinKind) -> Result<(Column, Column)> {
    let (l, r, total) = mixed_matches(m)?;
    let (lk, rk, _, _) = m.tables();
    let (nl, nr) = (lk.num_rows(), rk.num_rows());
    let (mut l, mut r, mut total) = (l, r, total);
    if kind != JoinKind::Inner {
        // The right rows must be marked before the left tail adds JOIN_NONE entries.
        let right_unmatched = if kind == JoinKind::Full {
            let u = filled_u8(nr, 1)?;
            mark_rows(r.ptr(), total, 0, &u)?;
            Some(u)
        } else {
            None
        };
        let left_unmatched = filled_u8(nl, 1)?;
        mark_rows(l.ptr(), total, 0, &left_unmatched)?;
        (l, r, total) = append_unmatched(l, r, total, &left_unmatched, nl, true)?;
        if let Some(u) = right_unmatched {
            (l, r, total) = append_unmatched(l, r, total, &u, nr, false)?;
        }
    }
    Ok((device_map(l, total)?, device_map(r, total)?))
}

/// The ascending left rows with (`want`) or without a partner of the mixed inner join.
pub(super) fn mixed_rows(m: &Mixed<'_>, want: bool) -> Result<Column> {
    let (l, _, total) = mixed_matches(m)?;
    let nl = m.tables().0.num_rows();
    let flags = filled_u8(nl, u8::from(!want))?;
    mark_rows(l.ptr(), total, u8::from(want), &flags)?;
    let (rows, kept) = compact(DeviceCond::flags(&flags), nl)?;
    device_map(rows, kept)
}

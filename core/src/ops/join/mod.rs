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
//! Host: a hashbrown table of build-row heads (partitioned by hash bits and built in
//! parallel with rayon) plus a `next` chain through the rows with equal keys; the probe runs
//! in parallel chunks. Device: the open-addressing row hash table of
//! [`crate::device::kernels::hash_table`] with a count pass, a scan and a fill pass.

use super::gather::{Bounds, device_map, gather_columns};
use super::join_keys::{CHUNK, KeyTable, check_key_tables, mix};
use crate::column::Column;
use crate::device::kernels::join as dev;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::table::Table;
use hashbrown::HashTable;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

pub use crate::params::JoinKind;

/// The map entry of a row without a partner (libcudf's `JoinNoneValue`).
pub const JOIN_NONE: i32 = i32::MIN;

const END: u32 = u32::MAX;
/// log2 of the number of hash partitions of a large host build.
const PART_BITS: u32 = 4;

fn check_size(function: &str, t: &Table) -> Result<()> {
    if t.num_rows() >= i32::MAX as usize {
        return Err(Error::overflow(format!(
            "{function}: {} rows do not fit INT32 gather maps",
            t.num_rows()
        )));
    }
    Ok(())
}

fn checked(function: &str, left: &Table, right: &Table) -> Result<Vec<super::search::KeyKind>> {
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

fn pair_join(
    function: &str,
    left: &Table,
    right: &Table,
    nulls_equal: bool,
    kind: JoinKind,
) -> Result<(Column, Column)> {
    let kinds = checked(function, left, right)?;
    if use_device()? {
        return dev::pair_join(left, right, &kinds, nulls_equal, kind);
    }
    let (lk, rk) = (KeyTable::new(left, &kinds)?, KeyTable::new(right, &kinds)?);
    // libcudf builds the inner join's table on the smaller side.
    let swap = kind == JoinKind::Inner && right.num_rows() > left.num_rows();
    let (build, probe) = if swap { (&lk, &rk) } else { (&rk, &lk) };
    let (p, b) = host_pairs(build, probe, nulls_equal, kind);
    let (l, r) = if swap { (b, p) } else { (p, b) };
    Ok((Column::from_values(l), Column::from_values(r)))
}

fn filter_join(
    function: &str,
    left: &Table,
    right: &Table,
    nulls_equal: bool,
    kind: JoinKind,
) -> Result<Column> {
    let kinds = checked(function, left, right)?;
    if use_device()? {
        return dev::filter_join(left, right, &kinds, nulls_equal, kind == JoinKind::LeftSemi);
    }
    let (lk, rk) = (KeyTable::new(left, &kinds)?, KeyTable::new(right, &kinds)?);
    let want = kind == JoinKind::LeftSemi;
    let index = HostIndex::build(&rk, nulls_equal, false);
    let parts: Vec<Vec<i32>> = (0..lk.rows)
        .into_par_iter()
        .step_by(CHUNK)
        .map(|start| {
            let end = (start + CHUNK).min(lk.rows);
            let mut out = Vec::new();
            index.probe_rows(&rk, &lk, start..end, nulls_equal, |j, head| {
                if head.is_some() == want {
                    out.push(j as i32);
                }
            });
            out
        })
        .collect();
    Ok(Column::from_values(parts.concat()))
}

/// Build-side index: per distinct key the first build row (hash partitions of hashbrown
/// tables), and a chain `next` through the later rows with the same key.
struct HostIndex {
    parts: Vec<HashTable<u32>>,
    next: Vec<AtomicU32>,
    state: hashbrown::DefaultHashBuilder,
    single: bool,
}

#[inline]
fn part_of(h: u64, bits: u32) -> usize {
    ((h >> 40) & ((1u64 << bits) - 1)) as usize
}

impl HostIndex {
    /// Index the rows of `build`; rows with a null key are left out unless `nulls_equal`.
    /// `chains`: link rows with equal keys (else only the first one is kept).
    fn build(build: &KeyTable, nulls_equal: bool, chains: bool) -> HostIndex {
        let state = hashbrown::DefaultHashBuilder::default();
        let single = build.single_word().is_some();
        let hashes = match build.single_word() {
            Some(w) => w
                .par_iter()
                .with_min_len(CHUNK)
                .map(|&v| mix(0, v))
                .collect(),
            None => build.hashes(&state),
        };
        let n = build.rows;
        let bits = if n > 1 << 16 { PART_BITS } else { 0 };
        let skip_nulls = !nulls_equal && build.any_nulls();
        // Row ids per partition, ascending.
        let chunked: Vec<Vec<Vec<u32>>> = (0..n)
            .into_par_iter()
            .step_by(CHUNK)
            .map(|start| {
                let mut local = vec![Vec::new(); 1 << bits];
                for i in start..(start + CHUNK).min(n) {
                    if skip_nulls && build.has_null(i) {
                        continue;
                    }
                    local[part_of(hashes[i], bits)].push(i as u32);
                }
                local
            })
            .collect();
        let next: Vec<AtomicU32> = if chains {
            (0..n).map(|_| AtomicU32::new(END)).collect()
        } else {
            Vec::new()
        };
        let single_keys = build.single_word();
        let parts: Vec<HashTable<u32>> = (0..1usize << bits)
            .into_par_iter()
            .map(|p| {
                let len: usize = chunked.iter().map(|c| c[p].len()).sum();
                let mut table: HashTable<u32> = HashTable::with_capacity(len);
                // Insert in descending row order so that chains run in ascending order.
                for rows in chunked.iter().rev() {
                    for &i in rows[p].iter().rev() {
                        let h = hashes[i as usize];
                        let found = match single_keys {
                            Some(w) => table.find_mut(h, |&r| w[r as usize] == w[i as usize]),
                            None => table.find_mut(h, |&r| build.eq(r as usize, build, i as usize)),
                        };
                        match found {
                            Some(head) => {
                                if chains {
                                    next[i as usize].store(*head, Ordering::Relaxed);
                                }
                                *head = i;
                            }
                            None => {
                                table.insert_unique(h, i, |&r| hashes[r as usize]);
                            }
                        }
                    }
                }
                table
            })
            .collect();
        HostIndex {
            parts,
            next,
            state,
            single,
        }
    }

    fn bits(&self) -> u32 {
        self.parts.len().trailing_zeros()
    }

    /// Call `f(j, head)` for every probe row `j` of `rows`: `head` is the first build row
    /// with an equal key, if any.
    fn probe_rows(
        &self,
        build: &KeyTable,
        probe: &KeyTable,
        rows: std::ops::Range<usize>,
        nulls_equal: bool,
        mut f: impl FnMut(usize, Option<u32>),
    ) {
        let bits = self.bits();
        let skip_nulls = !nulls_equal && probe.any_nulls();
        if let (true, Some(bw), Some(pw)) = (self.single, build.single_word(), probe.single_word())
        {
            for j in rows {
                let v = pw[j];
                let h = mix(0, v);
                let head = self.parts[part_of(h, bits)]
                    .find(h, |&r| bw[r as usize] == v)
                    .copied();
                f(j, head);
            }
            return;
        }
        // The build hashed its single column as a word; a probe side of the same types
        // with nulls must hash its non-null rows the same way.
        for j in rows {
            if skip_nulls && probe.has_null(j) {
                f(j, None);
                continue;
            }
            let h = if self.single {
                mix(0, probe.word(j))
            } else {
                probe.row_hash(j, &self.state)
            };
            let head = self.parts[part_of(h, bits)]
                .find(h, |&r| build.eq(r as usize, probe, j))
                .copied();
            f(j, head);
        }
    }

    #[inline]
    fn next_of(&self, r: u32) -> u32 {
        self.next[r as usize].load(Ordering::Relaxed)
    }
}

/// The (probe, build) row pairs of a join on the host.
fn host_pairs(
    build: &KeyTable,
    probe: &KeyTable,
    nulls_equal: bool,
    kind: JoinKind,
) -> (Vec<i32>, Vec<i32>) {
    let index = HostIndex::build(build, nulls_equal, true);
    let outer = kind != JoinKind::Inner;
    let matched: Vec<AtomicBool> = if kind == JoinKind::Full {
        (0..build.rows).map(|_| AtomicBool::new(false)).collect()
    } else {
        Vec::new()
    };
    let parts: Vec<(Vec<i32>, Vec<i32>)> = (0..probe.rows)
        .into_par_iter()
        .step_by(CHUNK)
        .map(|start| {
            let end = (start + CHUNK).min(probe.rows);
            let (mut ps, mut bs) = (Vec::with_capacity(end - start), Vec::new());
            bs.reserve(end - start);
            index.probe_rows(
                build,
                probe,
                start..end,
                nulls_equal,
                |j, head| match head {
                    Some(mut r) => {
                        while r != END {
                            ps.push(j as i32);
                            bs.push(r as i32);
                            if kind == JoinKind::Full {
                                matched[r as usize].store(true, Ordering::Relaxed);
                            }
                            r = index.next_of(r);
                        }
                    }
                    None if outer => {
                        ps.push(j as i32);
                        bs.push(JOIN_NONE);
                    }
                    None => {}
                },
            );
            (ps, bs)
        })
        .collect();
    let (mut p, mut b) = concat_pairs(parts);
    if kind == JoinKind::Full {
        let missing: Vec<i32> = matched
            .par_iter()
            .enumerate()
            .filter(|(_, m)| !m.load(Ordering::Relaxed))
            .map(|(r, _)| r as i32)
            .collect();
        p.extend(std::iter::repeat_n(JOIN_NONE, missing.len()));
        b.extend(missing);
    }
    (p, b)
}

/// Concatenate per-chunk pairs in parallel.
fn concat_pairs(parts: Vec<(Vec<i32>, Vec<i32>)>) -> (Vec<i32>, Vec<i32>) {
    let total: usize = parts.iter().map(|p| p.0.len()).sum();
    let mut a = vec![0i32; total];
    let mut b = vec![0i32; total];
    let mut slices = Vec::with_capacity(parts.len());
    let (mut ra, mut rb) = (a.as_mut_slice(), b.as_mut_slice());
    for p in &parts {
        let (ha, ta) = std::mem::take(&mut ra).split_at_mut(p.0.len());
        let (hb, tb) = std::mem::take(&mut rb).split_at_mut(p.1.len());
        slices.push((ha, hb));
        ra = ta;
        rb = tb;
    }
    slices
        .into_par_iter()
        .zip(parts.par_iter())
        .for_each(|((da, db), (sa, sb))| {
            da.copy_from_slice(sa);
            db.copy_from_slice(sb);
        });
    (a, b)
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
        let (l, r) = dev::cross_maps(nl, nr)?;
        (device_map(l, n)?, device_map(r, n)?)
    } else {
        let l: Vec<i32> = (0..n)
            .into_par_iter()
            .with_min_len(CHUNK)
            .map(|k| (k / nr) as i32)
            .collect();
        let r: Vec<i32> = (0..n)
            .into_par_iter()
            .with_min_len(CHUNK)
            .map(|k| (k % nr) as i32)
            .collect();
        (Column::from_values(l), Column::from_values(r))
    };
    let mut cols = gather_columns(left.columns(), nl, &lmap, Bounds::Trusted)?;
    cols.extend(gather_columns(right.columns(), nr, &rmap, Bounds::Trusted)?);
    if cols.is_empty() {
        return Ok(Table::empty_with_rows(n));
    }
    Table::new(cols)
}

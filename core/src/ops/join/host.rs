//! The host path of the joins: a hash index of the build side's key rows
//! ([`super::host_keys`]) probed in parallel chunks.

use super::JOIN_NONE;
use super::host_keys::{CHUNK, KeyTable, mix};
use crate::column::Column;
use crate::error::Result;
use crate::keys::KeyKind;
use crate::params::JoinKind;
use crate::table::Table;
use hashbrown::HashTable;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

const END: u32 = u32::MAX;
/// log2 of the number of hash partitions of a large host build.
const PART_BITS: u32 = 4;

/// The pair of gather maps of a join of kind `kind` (not a filter join).
pub(super) fn pair_join(
    left: &Table,
    right: &Table,
    kinds: &[KeyKind],
    nulls_equal: bool,
    kind: JoinKind,
) -> Result<(Column, Column)> {
    let (lk, rk) = (KeyTable::new(left, kinds)?, KeyTable::new(right, kinds)?);
    // libcudf builds the inner join's table on the smaller side.
    let swap = kind == JoinKind::Inner && right.num_rows() > left.num_rows();
    let (build, probe) = if swap { (&lk, &rk) } else { (&rk, &lk) };
    let (p, b) = host_pairs(build, probe, nulls_equal, kind);
    let (l, r) = if swap { (b, p) } else { (p, b) };
    Ok((Column::from_values(l), Column::from_values(r)))
}

/// The ascending left rows with (`want`, a semi join) or without (an anti join) a partner.
pub(super) fn filter_join(
    left: &Table,
    right: &Table,
    kinds: &[KeyKind],
    nulls_equal: bool,
    want: bool,
) -> Result<Column> {
    FilterIndex::build(right, kinds, nulls_equal)?.probe(left, kinds, nulls_equal, want)
}

/// The hash index of a semi/anti join's right (filter) table, built once and probed by
/// any number of left tables (`FilteredJoin` keeps one).
pub(super) struct FilterIndex {
    keys: KeyTable,
    index: HostIndex,
}

impl FilterIndex {
    /// Index the key rows of `right` (compared as `kinds`).
    pub(super) fn build(right: &Table, kinds: &[KeyKind], nulls_equal: bool) -> Result<Self> {
        let keys = KeyTable::new(right, kinds)?;
        let index = HostIndex::build(&keys, nulls_equal, false);
        Ok(FilterIndex { keys, index })
    }

    /// The ascending rows of `left` with (`want`) or without a partner.
    pub(super) fn probe(
        &self,
        left: &Table,
        kinds: &[KeyKind],
        nulls_equal: bool,
        want: bool,
    ) -> Result<Column> {
        let lk = KeyTable::new(left, kinds)?;
        let parts: Vec<Vec<i32>> = (0..lk.rows)
            .into_par_iter()
            .step_by(CHUNK)
            .map(|start| {
                let end = (start + CHUNK).min(lk.rows);
                let mut out = Vec::new();
                self.index
                    .probe_rows(&self.keys, &lk, start..end, nulls_equal, |j, head| {
                        if head.is_some() == want {
                            out.push(j as i32);
                        }
                    });
                out
            })
            .collect();
        Ok(Column::from_values(parts.concat()))
    }
}

/// Build-side index: per distinct key the first build row (hash partitions of hashbrown
/// tables), and a chain `next` through the later rows with the same key.
///
/// A single word key column without nulls (the common integer join) keeps the key itself
/// next to the row in the table, so that a probe compares without reading the build
/// column at a random row; and when no key repeats the chains are never read. On a large
/// build side each saves a cache miss per probe row.
struct HostIndex {
    parts: Parts,
    next: Vec<AtomicU32>,
    /// Whether any key has more than one build row (else every chain ends at its head).
    dups: bool,
    state: hashbrown::DefaultHashBuilder,
}

/// The hash partitions: row heads, or (key word, row head) pairs for single word keys.
enum Parts {
    Rows(Vec<HashTable<u32>>),
    Words(Vec<HashTable<(u64, u32)>>),
}

impl Parts {
    fn len(&self) -> usize {
        match self {
            Parts::Rows(p) => p.len(),
            Parts::Words(p) => p.len(),
        }
    }
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
            (0..n)
                .into_par_iter()
                .with_min_len(CHUNK)
                .map(|_| AtomicU32::new(END))
                .collect()
        } else {
            Vec::new()
        };
        let dups = AtomicBool::new(false);
        // Insert in descending row order so that chains run in ascending order; `link`
        // makes row `i` the head of the key whose head was `head`.
        let link = |head: &mut u32, i: u32| {
            if chains {
                next[i as usize].store(*head, Ordering::Relaxed);
                dups.store(true, Ordering::Relaxed);
            }
            *head = i;
        };
        let rows_desc = |p: usize| {
            chunked
                .iter()
                .rev()
                .flat_map(move |rows| rows[p].iter().rev().copied())
        };
        let len_of = |p: usize| chunked.iter().map(|c| c[p].len()).sum::<usize>();
        let parts = match build.single_word() {
            Some(w) => Parts::Words(
                (0..1usize << bits)
                    .into_par_iter()
                    .map(|p| {
                        let mut table: HashTable<(u64, u32)> = HashTable::with_capacity(len_of(p));
                        for i in rows_desc(p) {
                            let (h, v) = (hashes[i as usize], w[i as usize]);
                            match table.find_mut(h, |e| e.0 == v) {
                                Some(e) => link(&mut e.1, i),
                                None => {
                                    table.insert_unique(h, (v, i), |e| mix(0, e.0));
                                }
                            }
                        }
                        table
                    })
                    .collect(),
            ),
            None => Parts::Rows(
                (0..1usize << bits)
                    .into_par_iter()
                    .map(|p| {
                        let mut table: HashTable<u32> = HashTable::with_capacity(len_of(p));
                        for i in rows_desc(p) {
                            let h = hashes[i as usize];
                            match table.find_mut(h, |&r| build.eq(r as usize, build, i as usize)) {
                                Some(head) => link(head, i),
                                None => {
                                    table.insert_unique(h, i, |&r| hashes[r as usize]);
                                }
                            }
                        }
                        table
                    })
                    .collect(),
            ),
        };
        HostIndex {
            parts,
            next,
            dups: dups.into_inner(),
            state,
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
        if let Parts::Words(parts) = &self.parts {
            // The build hashed its single column as a word; a probe side of the same types
            // with nulls must hash its non-null rows the same way.
            if let Some(pw) = probe.single_word() {
                for (j, &v) in pw[rows.clone()].iter().enumerate() {
                    let h = mix(0, v);
                    let head = parts[part_of(h, bits)].find(h, |e| e.0 == v).map(|e| e.1);
                    f(rows.start + j, head);
                }
                return;
            }
            for j in rows {
                if probe.has_null(j) {
                    // the build side has no null key rows (it is a single word column
                    // without nulls), so a null probe key matches nothing either way
                    f(j, None);
                    continue;
                }
                let v = probe.word(j);
                let h = mix(0, v);
                let head = parts[part_of(h, bits)].find(h, |e| e.0 == v).map(|e| e.1);
                f(j, head);
            }
            return;
        }
        let Parts::Rows(parts) = &self.parts else {
            unreachable!("word partitions are handled above")
        };
        for j in rows {
            if skip_nulls && probe.has_null(j) {
                f(j, None);
                continue;
            }
            let h = probe.row_hash(j, &self.state);
            let head = parts[part_of(h, bits)]
                .find(h, |&r| build.eq(r as usize, probe, j))
                .copied();
            f(j, head);
        }
    }

    /// The next build row with the same key as row `r` ([`END`] after the last).
    #[inline]
    fn next_of(&self, r: u32) -> u32 {
        if self.dups {
            self.next[r as usize].load(Ordering::Relaxed)
        } else {
            END
        }
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

/// The left and right gather maps of a cross join of `nl` x `nr` rows (the product fits
/// INT32): row `k` pairs left row `k / nr` with right row `k % nr`.
pub(super) fn cross_maps(nl: usize, nr: usize) -> (Column, Column) {
    let n = nl * nr;
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
}

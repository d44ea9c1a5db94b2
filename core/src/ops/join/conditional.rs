//! pylibcudf's conditional and mixed joins: pairs of rows for which a binary predicate (an
//! [`Expression`] whose column references name the `LEFT` or the `RIGHT` table) holds,
//! and, for the mixed joins, whose equality keys also match.
//!
//! A pair matches when the predicate's value is valid and true: a predicate over a null is
//! null, and a null is no match (libcudf's rule). The gather maps have the hash joins'
//! shape: INT32, [`JOIN_NONE`] for a row without a partner in the left and full joins, and
//! the ascending left rows for the semi and anti joins. The order of the pairs is not part
//! of the contract.
//!
//! Host: the predicate is type-checked over both tables' columns (`typing::check_predicate`)
//! and evaluated on blocks of candidate pairs by the evaluator of `compute_column`
//! (`expressions::host::PairInputs`): every (left, right) pair for a conditional join (a
//! blocked nested loop, rayon over the blocks), the pairs of equal keys from the hash join
//! for a mixed join. Device (`conditional_device.rs`): one generated module per predicate
//! (`codegen::generate_predicate`): a count pass, a scan and a fill pass over the left rows
//! for a conditional join, the predicate over the device hash join's candidate pairs for a
//! mixed join. Predicates over STRING values run on the host only (a counted host fallback
//! under `device='auto'`, NotImplementedError under `device='gpu'`).

use super::{JOIN_NONE, check_size, checked, conditional_device as device, host};
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::expressions::Expression;
use crate::ops::expressions::host::PairInputs;
use crate::ops::expressions::typing::{Typed, check_predicate};
use crate::params::JoinKind;
use crate::placement::{host_fallback, use_device};
use crate::table::Table;
use crate::types::DataType;
use rayon::prelude::*;

/// The pairs the host evaluates the predicate on at once (a block's gathered columns stay
/// in the cache; a block is also rayon's unit of work).
const PAIR_BLOCK: usize = 1 << 14;

fn types(t: &Table) -> Vec<DataType> {
    t.columns().iter().map(|c| c.dtype()).collect()
}

/// The typed predicate, and whether it runs on the device (else the host, after recording
/// the fallback for string operands).
fn typed_and_placement(
    function: &str,
    left: &Table,
    right: &Table,
    predicate: &Expression,
) -> Result<(Typed, bool)> {
    let typed = check_predicate(predicate, &types(left), &types(right), function)?;
    let on_device = if use_device()? {
        if typed.has_strings() {
            host_fallback(function, "string operands")?;
            false
        } else {
            true
        }
    } else {
        false
    };
    Ok((typed, on_device))
}

macro_rules! conditional_fn {
    ($(#[$doc:meta])* $name:ident, $kind:expr, pairs) => {
        $(#[$doc])*
        pub fn $name(
            left: &Table,
            right: &Table,
            binary_predicate: &Expression,
        ) -> Result<(Column, Column)> {
            conditional_pairs(
                concat!("join.", stringify!($name)),
                left,
                right,
                binary_predicate,
                $kind,
            )
        }
    };
    ($(#[$doc:meta])* $name:ident, $want:expr, rows) => {
        $(#[$doc])*
        pub fn $name(left: &Table, right: &Table, binary_predicate: &Expression) -> Result<Column> {
            conditional_rows(
                concat!("join.", stringify!($name)),
                left,
                right,
                binary_predicate,
                $want,
            )
        }
    };
}

conditional_fn! {
    /// The pair of gather maps of the (left row, right row) pairs for which
    /// `binary_predicate` is true (pylibcudf's `conditional_inner_join`).
    ///
    /// ```
    /// use ferrodf_core::{column::Column, table::Table};
    /// use ferrodf_core::ops::expressions::{ASTOperator, Expression, TableReference};
    /// use ferrodf_core::ops::join::conditional_inner_join;
    /// use std::sync::Arc;
    /// let l = Table::new(vec![Column::from_values(vec![1i64, 5, 3])]).unwrap();
    /// let r = Table::new(vec![Column::from_values(vec![2i64, 4])]).unwrap();
    /// let a = Arc::new(Expression::column(0, TableReference::Left));
    /// let b = Arc::new(Expression::column(0, TableReference::Right));
    /// let less = Expression::operation(ASTOperator::Less, a, Some(b)).unwrap();
    /// let (lm, rm) = conditional_inner_join(&l, &r, &less).unwrap();
    /// let mut pairs: Vec<(i32, i32)> = lm.host_values::<i32>().unwrap().iter().copied()
    ///     .zip(rm.host_values::<i32>().unwrap().iter().copied()).collect();
    /// pairs.sort();
    /// assert_eq!(pairs, vec![(0, 0), (0, 1), (2, 1)]);
    /// ```
    conditional_inner_join, JoinKind::Inner, pairs
}

conditional_fn! {
    /// Every left row with the right rows the predicate pairs it with; a left row without
    /// one gets [`JOIN_NONE`] in the right map.
    conditional_left_join, JoinKind::Left, pairs
}

conditional_fn! {
    /// [`conditional_left_join`] plus the right rows without a partner (paired with
    /// [`JOIN_NONE`]).
    conditional_full_join, JoinKind::Full, pairs
}

conditional_fn! {
    /// The ascending left rows for which the predicate holds with some right row.
    ///
    /// ```
    /// use ferrodf_core::{column::Column, table::Table};
    /// use ferrodf_core::ops::expressions::{ASTOperator, Expression, TableReference};
    /// use ferrodf_core::ops::join::conditional_left_semi_join;
    /// use std::sync::Arc;
    /// let l = Table::new(vec![Column::from_options(vec![Some(1i64), None, Some(9)])]).unwrap();
    /// let r = Table::new(vec![Column::from_values(vec![2i64, 4])]).unwrap();
    /// let a = Arc::new(Expression::column(0, TableReference::Left));
    /// let b = Arc::new(Expression::column(0, TableReference::Right));
    /// let less = Expression::operation(ASTOperator::Less, a, Some(b)).unwrap();
    /// let rows = conditional_left_semi_join(&l, &r, &less).unwrap();
    /// assert_eq!(rows.host_values::<i32>().unwrap().to_vec(), vec![0]);
    /// ```
    conditional_left_semi_join, true, rows
}

conditional_fn! {
    /// The ascending left rows for which the predicate holds with no right row.
    conditional_left_anti_join, false, rows
}

macro_rules! mixed_fn {
    ($(#[$doc:meta])* $name:ident, $kind:expr, pairs) => {
        $(#[$doc])*
        pub fn $name(
            left_keys: &Table,
            right_keys: &Table,
            left_conditional: &Table,
            right_conditional: &Table,
            binary_predicate: &Expression,
            nulls_equal: bool,
        ) -> Result<(Column, Column)> {
            let m = Mixed::new(
                concat!("join.", stringify!($name)),
                left_keys,
                right_keys,
                left_conditional,
                right_conditional,
                binary_predicate,
                nulls_equal,
            )?;
            m.pairs($kind)
        }
    };
    ($(#[$doc:meta])* $name:ident, $want:expr, rows) => {
        $(#[$doc])*
        pub fn $name(
            left_keys: &Table,
            right_keys: &Table,
            left_conditional: &Table,
            right_conditional: &Table,
            binary_predicate: &Expression,
            nulls_equal: bool,
        ) -> Result<Column> {
            let m = Mixed::new(
                concat!("join.", stringify!($name)),
                left_keys,
                right_keys,
                left_conditional,
                right_conditional,
                binary_predicate,
                nulls_equal,
            )?;
            m.rows($want)
        }
    };
}

mixed_fn! {
    /// The pairs of rows whose keys are equal (`left_keys` row `i` and `right_keys` row `j`,
    /// as [`super::inner_join`]) and for which `binary_predicate`, over
    /// `left_conditional` row `i` and `right_conditional` row `j`, is true (pylibcudf's
    /// `mixed_inner_join`).
    ///
    /// ```
    /// use ferrodf_core::{column::Column, table::Table};
    /// use ferrodf_core::ops::expressions::{ASTOperator, Expression, TableReference};
    /// use ferrodf_core::ops::join::mixed_inner_join;
    /// use std::sync::Arc;
    /// let lk = Table::new(vec![Column::from_values(vec![1i32, 1, 2])]).unwrap();
    /// let rk = Table::new(vec![Column::from_values(vec![1i32, 2])]).unwrap();
    /// let lc = Table::new(vec![Column::from_values(vec![10.0f64, 30.0, 5.0])]).unwrap();
    /// let rc = Table::new(vec![Column::from_values(vec![20.0f64, 1.0])]).unwrap();
    /// let a = Arc::new(Expression::column(0, TableReference::Left));
    /// let b = Arc::new(Expression::column(0, TableReference::Right));
    /// let less = Expression::operation(ASTOperator::Less, a, Some(b)).unwrap();
    /// let (lm, rm) = mixed_inner_join(&lk, &rk, &lc, &rc, &less, true).unwrap();
    /// assert_eq!(lm.host_values::<i32>().unwrap().to_vec(), vec![0]);
    /// assert_eq!(rm.host_values::<i32>().unwrap().to_vec(), vec![0]);
    /// ```
    mixed_inner_join, JoinKind::Inner, pairs
}

mixed_fn! {
    /// Every left row with its partners of [`mixed_inner_join`]; a left row without one
    /// gets [`JOIN_NONE`] in the right map.
    mixed_left_join, JoinKind::Left, pairs
}

mixed_fn! {
    /// [`mixed_left_join`] plus the right rows without a partner (paired with
    /// [`JOIN_NONE`]).
    mixed_full_join, JoinKind::Full, pairs
}

mixed_fn! {
    /// The ascending left rows with a partner of [`mixed_inner_join`].
    mixed_left_semi_join, true, rows
}

mixed_fn! {
    /// The ascending left rows without a partner of [`mixed_inner_join`].
    mixed_left_anti_join, false, rows
}

fn conditional_pairs(
    function: &str,
    left: &Table,
    right: &Table,
    predicate: &Expression,
    kind: JoinKind,
) -> Result<(Column, Column)> {
    check_size(function, left)?;
    check_size(function, right)?;
    let (typed, on_device) = typed_and_placement(function, left, right, predicate)?;
    if on_device {
        return device::conditional_pairs(left, right, &typed, kind);
    }
    let (ml, mr) = host_matches(left, right, &typed)?;
    let (l, r) = assemble_pairs(kind, left.num_rows(), right.num_rows(), ml, mr)?;
    Ok((Column::from_values(l), Column::from_values(r)))
}

fn conditional_rows(
    function: &str,
    left: &Table,
    right: &Table,
    predicate: &Expression,
    want: bool,
) -> Result<Column> {
    check_size(function, left)?;
    check_size(function, right)?;
    let (typed, on_device) = typed_and_placement(function, left, right, predicate)?;
    if on_device {
        return device::conditional_rows(left, right, &typed, want);
    }
    let (ml, _) = host_matches(left, right, &typed)?;
    Ok(Column::from_values(filter_rows(want, left.num_rows(), &ml)))
}

/// Every (left row, right row) pair the predicate holds for, on the host, ordered by left
/// row then right row: a blocked nested loop over the pairs `k = i * nr + j`, blocks of
/// [`PAIR_BLOCK`] pairs evaluated in parallel.
fn host_matches(left: &Table, right: &Table, typed: &Typed) -> Result<(Vec<i32>, Vec<i32>)> {
    let (nl, nr) = (left.num_rows(), right.num_rows());
    let n = nl * nr; // both below i32::MAX: no overflow in 64 bits
    if n == 0 {
        return Ok((vec![], vec![]));
    }
    let inputs = PairInputs::new(left, right, typed)?;
    let parts = (0..n)
        .into_par_iter()
        .step_by(PAIR_BLOCK)
        .map(|start| {
            let end = (start + PAIR_BLOCK).min(n);
            let li: Vec<u32> = (start..end).map(|k| (k / nr) as u32).collect();
            let ri: Vec<u32> = (start..end).map(|k| (k % nr) as u32).collect();
            let keep = inputs.holds(typed, &li, &ri)?;
            Ok(select_pairs(&li, &ri, &keep))
        })
        .collect::<Result<Vec<_>>>()?;
    let total: usize = parts.iter().map(|p| p.0.len()).sum();
    check_pairs(total)?;
    let (mut l, mut r) = (Vec::with_capacity(total), Vec::with_capacity(total));
    for (a, b) in parts {
        l.extend(a);
        r.extend(b);
    }
    Ok((l, r))
}

/// The pairs `(li[k], ri[k])` whose `keep[k]` is set, as INT32 rows.
fn select_pairs(li: &[u32], ri: &[u32], keep: &[bool]) -> (Vec<i32>, Vec<i32>) {
    let (mut a, mut b) = (vec![], vec![]);
    for k in 0..keep.len() {
        if keep[k] {
            a.push(li[k] as i32);
            b.push(ri[k] as i32);
        }
    }
    (a, b)
}

fn check_pairs(total: usize) -> Result<()> {
    if total >= i32::MAX as usize {
        return Err(Error::overflow(format!(
            "the join yields {total} rows, more than a column holds"
        )));
    }
    Ok(())
}

/// The maps of a join of kind `kind` from its matched pairs `(ml[k], mr[k])`: left and full
/// joins add the left rows without a partner as `(i, JOIN_NONE)`, full joins the right rows
/// without one as `(JOIN_NONE, j)`, after the matched pairs.
fn assemble_pairs(
    kind: JoinKind,
    nl: usize,
    nr: usize,
    mut ml: Vec<i32>,
    mut mr: Vec<i32>,
) -> Result<(Vec<i32>, Vec<i32>)> {
    if matches!(kind, JoinKind::Left | JoinKind::Full) {
        let missing = unmatched(nl, &ml);
        check_pairs(ml.len() + missing.len())?;
        mr.extend(std::iter::repeat_n(JOIN_NONE, missing.len()));
        ml.extend(missing);
    }
    if kind == JoinKind::Full {
        let missing = unmatched(nr, &mr);
        check_pairs(ml.len() + missing.len())?;
        ml.extend(std::iter::repeat_n(JOIN_NONE, missing.len()));
        mr.extend(missing);
    }
    Ok((ml, mr))
}

/// The ascending rows of `0..n` that occur in `rows` (JOIN_NONE entries ignored) when
/// `want`, else those that do not.
fn rows_where(want: bool, n: usize, rows: &[i32]) -> Vec<i32> {
    let mut seen = vec![false; n];
    for &r in rows {
        if r >= 0 {
            seen[r as usize] = true;
        }
    }
    (0..n)
        .filter(|&i| seen[i] == want)
        .map(|i| i as i32)
        .collect()
}

fn unmatched(n: usize, rows: &[i32]) -> Vec<i32> {
    rows_where(false, n, rows)
}

/// The ascending left rows with (`want`, a semi join) or without (an anti join) a match.
fn filter_rows(want: bool, nl: usize, ml: &[i32]) -> Vec<i32> {
    rows_where(want, nl, ml)
}

/// A checked mixed join: its tables, typed predicate, key kinds and placement.
pub(super) struct Mixed<'a> {
    left_keys: &'a Table,
    right_keys: &'a Table,
    left_cond: &'a Table,
    right_cond: &'a Table,
    typed: Typed,
    kinds: Vec<crate::keys::KeyKind>,
    nulls_equal: bool,
    on_device: bool,
}

impl<'a> Mixed<'a> {
    fn new(
        function: &str,
        left_keys: &'a Table,
        right_keys: &'a Table,
        left_cond: &'a Table,
        right_cond: &'a Table,
        predicate: &Expression,
        nulls_equal: bool,
    ) -> Result<Mixed<'a>> {
        for (side, keys, cond) in [
            ("left", left_keys, left_cond),
            ("right", right_keys, right_cond),
        ] {
            if keys.num_rows() != cond.num_rows() {
                return Err(Error::value(format!(
                    "{function}: the {side} keys have {} rows but the {side} conditional \
                     table has {}; both describe the same {side} rows",
                    keys.num_rows(),
                    cond.num_rows()
                )));
            }
        }
        let kinds = checked(function, left_keys, right_keys)?;
        let (typed, on_device) = typed_and_placement(function, left_cond, right_cond, predicate)?;
        Ok(Mixed {
            left_keys,
            right_keys,
            left_cond,
            right_cond,
            typed,
            kinds,
            nulls_equal,
            on_device,
        })
    }

    fn pairs(&self, kind: JoinKind) -> Result<(Column, Column)> {
        if self.on_device {
            return device::mixed_pairs(self, kind);
        }
        let (ml, mr) = self.host_matches()?;
        let (l, r) = assemble_pairs(
            kind,
            self.left_keys.num_rows(),
            self.right_keys.num_rows(),
            ml,
            mr,
        )?;
        Ok((Column::from_values(l), Column::from_values(r)))
    }

    fn rows(&self, want: bool) -> Result<Column> {
        if self.on_device {
            return device::mixed_rows(self, want);
        }
        let (ml, _) = self.host_matches()?;
        Ok(Column::from_values(filter_rows(
            want,
            self.left_keys.num_rows(),
            &ml,
        )))
    }

    /// The pairs of equal keys (the host hash join's inner pairs) for which the predicate
    /// holds, evaluated in parallel blocks.
    fn host_matches(&self) -> Result<(Vec<i32>, Vec<i32>)> {
        let (cl, cr) = host::pair_join(
            self.left_keys,
            self.right_keys,
            &self.kinds,
            self.nulls_equal,
            JoinKind::Inner,
        )?;
        let (cl, cr) = (cl.host_values::<i32>()?, cr.host_values::<i32>()?);
        let n = cl.len();
        if n == 0 {
            return Ok((vec![], vec![]));
        }
        let inputs = PairInputs::new(self.left_cond, self.right_cond, &self.typed)?;
        let parts = (0..n)
            .into_par_iter()
            .step_by(PAIR_BLOCK)
            .map(|start| {
                let end = (start + PAIR_BLOCK).min(n);
                let li: Vec<u32> = cl[start..end].iter().map(|&v| v as u32).collect();
                let ri: Vec<u32> = cr[start..end].iter().map(|&v| v as u32).collect();
                let keep = inputs.holds(&self.typed, &li, &ri)?;
                Ok(select_pairs(&li, &ri, &keep))
            })
            .collect::<Result<Vec<_>>>()?;
        let (mut l, mut r) = (vec![], vec![]);
        for (a, b) in parts {
            l.extend(a);
            r.extend(b);
        }
        Ok((l, r))
    }
}

/// The parts of a checked mixed join the device path reads.
impl Mixed<'_> {
    pub(super) fn tables(&self) -> (&Table, &Table, &Table, &Table) {
        (
            self.left_keys,
            self.right_keys,
            self.left_cond,
            self.right_cond,
        )
    }

    pub(super) fn typed(&self) -> &Typed {
        &self.typed
    }

    pub(super) fn kinds(&self) -> (&[crate::keys::KeyKind], bool) {
        (&self.kinds, self.nulls_equal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ops::expressions::{ASTOperator, TableReference};
    use std::sync::Arc;

    fn less_l0_r0() -> Expression {
        let a = Arc::new(Expression::column(0, TableReference::Left));
        let b = Arc::new(Expression::column(0, TableReference::Right));
        Expression::operation(ASTOperator::Less, a, Some(b)).unwrap()
    }

    fn pairs(m: (Column, Column)) -> Vec<(i32, i32)> {
        let (l, r) = (
            m.0.host_values::<i32>().unwrap(),
            m.1.host_values::<i32>().unwrap(),
        );
        let mut v: Vec<_> = l.iter().copied().zip(r.iter().copied()).collect();
        v.sort();
        v
    }

    #[test]
    fn host_conditional_joins_match_a_nested_loop_across_blocks() {
        // More pairs than one block, nulls on both sides, a sliced right table.
        let lv: Vec<Option<i64>> = (0..300).map(|i| (i % 7 != 0).then_some(i % 50)).collect();
        let rv: Vec<Option<i64>> = (0..90).map(|i| (i % 5 != 0).then_some(i % 40)).collect();
        let l = Table::new(vec![Column::from_options(lv.clone())]).unwrap();
        let r = Table::new(vec![
            Column::from_options(rv.clone()).slice(10, 80).unwrap(),
        ])
        .unwrap();
        let rv = &rv[10..];
        let want: Vec<(i32, i32)> = (0..lv.len())
            .flat_map(|i| (0..rv.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| matches!((lv[i], rv[j]), (Some(a), Some(b)) if a < b))
            .map(|(i, j)| (i as i32, j as i32))
            .collect();
        let e = less_l0_r0();
        assert_eq!(pairs(conditional_inner_join(&l, &r, &e).unwrap()), want);
        let semi = conditional_left_semi_join(&l, &r, &e).unwrap();
        let mut rows: Vec<i32> = want.iter().map(|p| p.0).collect();
        rows.dedup();
        assert_eq!(semi.host_values::<i32>().unwrap().to_vec(), rows);
        let full = pairs(conditional_full_join(&l, &r, &e).unwrap());
        let nones = full
            .iter()
            .filter(|p| p.0 == JOIN_NONE || p.1 == JOIN_NONE)
            .count();
        assert_eq!(full.len(), want.len() + nones);
    }

    #[test]
    fn predicates_are_checked() {
        let t = Table::new(vec![Column::from_values(vec![1i64, 2])]).unwrap();
        let a = Arc::new(Expression::column(0, TableReference::Left));
        let sum = Expression::operation(ASTOperator::Add, a.clone(), Some(a)).unwrap();
        let err = conditional_inner_join(&t, &t, &sum).unwrap_err();
        assert!(matches!(err, Error::Type(_)), "{err}");
        let b = Arc::new(Expression::column(4, TableReference::Right));
        let bad = Expression::operation(ASTOperator::IsNull, b, None).unwrap();
        let err = conditional_left_anti_join(&t, &t, &bad).unwrap_err();
        assert!(matches!(err, Error::Index(_)), "{err}");
        let three = Table::new(vec![Column::from_values(vec![1i64, 2, 3])]).unwrap();
        let err = mixed_inner_join(&t, &t, &three, &t, &less_l0_r0(), true).unwrap_err();
        assert!(matches!(err, Error::Value(_)), "{err}");
    }

    #[test]
    fn assembly_adds_the_unmatched_rows() {
        let (l, r) = assemble_pairs(JoinKind::Full, 3, 3, vec![1], vec![2]).unwrap();
        assert_eq!(l, vec![1, 0, 2, JOIN_NONE, JOIN_NONE]);
        assert_eq!(r, vec![2, JOIN_NONE, JOIN_NONE, 0, 1]);
        assert_eq!(filter_rows(true, 4, &[3, 1, 3]), vec![1, 3]);
        assert_eq!(filter_rows(false, 4, &[3, 1, 3]), vec![0, 2]);
    }
}

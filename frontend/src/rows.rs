//! [`RowSelection`]: which rows an `iloc`, a boolean mask or a `head` keeps, applied the
//! same way to data columns and index levels.

use ferrodf_core::ops::copying::{OutOfBoundsPolicy, gather};
use ferrodf_core::ops::filling::sequence;
use ferrodf_core::ops::stream_compaction::apply_boolean_mask;
use ferrodf_core::{Column, Error, Result, Scalar, Table, TypeId};

use crate::column_accessor::slice_positions;

/// A selection of rows.
#[derive(Clone, Debug)]
pub enum RowSelection {
    /// `len` rows from `start`, every `step`-th (`step >= 1`); step 1 is a zero-copy slice.
    Slice {
        start: usize,
        len: usize,
        step: usize,
    },
    /// The rows at these positions (an integer column; negative counts from the end; out of
    /// range raises IndexError).
    Take(Column),
    /// The rows where this boolean column is true (nulls count as false).
    Mask(Column),
}

impl RowSelection {
    /// The rows of the Python slice `start:stop:step` over `nrows` rows.
    pub fn from_slice(
        nrows: usize,
        start: Option<i64>,
        stop: Option<i64>,
        step: Option<i64>,
    ) -> Result<RowSelection> {
        let _operation = ferrodf_core::memory::enter_operation();
        let k = step.unwrap_or(1);
        if k > 0 {
            let positions = slice_positions(nrows, start, stop, step)?;
            let first = positions.first().copied().unwrap_or(0);
            return Ok(RowSelection::Slice {
                start: first,
                len: positions.len(),
                step: k as usize,
            });
        }
        let positions = slice_positions(nrows, start, stop, step)?;
        let first = positions.first().copied().unwrap_or(0) as i64;
        let map = sequence(
            positions.len(),
            &Scalar::from_native(first),
            &Scalar::from_native(k),
        )?;
        Ok(RowSelection::Take(map))
    }

    /// The first `n` rows (all when fewer); negative `n` drops the last `-n` rows.
    pub fn head(nrows: usize, n: i64) -> RowSelection {
        let len = end_rows(nrows, n);
        RowSelection::Slice {
            start: 0,
            len,
            step: 1,
        }
    }

    /// The last `n` rows (all when fewer); negative `n` drops the first `-n` rows.
    pub fn tail(nrows: usize, n: i64) -> RowSelection {
        let len = end_rows(nrows, n);
        RowSelection::Slice {
            start: nrows - len,
            len,
            step: 1,
        }
    }

    /// The number of rows selected, when known without running the selection.
    pub fn known_len(&self) -> Option<usize> {
        match self {
            RowSelection::Slice { len, .. } => Some(*len),
            RowSelection::Take(map) => Some(map.size()),
            RowSelection::Mask(_) => None,
        }
    }

    /// Applies the selection to equally long columns.
    pub fn apply(&self, columns: &[Column]) -> Result<Vec<Column>> {
        let _operation = ferrodf_core::memory::enter_operation();
        match self {
            RowSelection::Slice {
                start,
                len,
                step: 1,
            } => columns.iter().map(|c| c.slice(*start, *len)).collect(),
            RowSelection::Slice { start, len, step } => {
                let map = sequence(
                    *len,
                    &Scalar::from_native(*start as i64),
                    &Scalar::from_native(*step as i64),
                )?;
                gather_rows(columns, &map)
            }
            RowSelection::Take(map) => {
                if !map.dtype().id().is_integer() {
                    return Err(Error::type_err(format!(
                        "row positions must be integers, got {}",
                        map.dtype()
                    )));
                }
                gather_rows(columns, map)
            }
            RowSelection::Mask(mask) => {
                if mask.dtype().id() != TypeId::Bool8 {
                    return Err(Error::type_err(format!(
                        "a row mask must be boolean, got {}",
                        mask.dtype()
                    )));
                }
                if let Some(first) = columns.first() {
                    if mask.size() != first.size() {
                        return Err(Error::index(format!(
                            "boolean mask of length {} for {} rows: give one flag per row",
                            mask.size(),
                            first.size()
                        )));
                    }
                }
                let table = Table::new(columns.to_vec())?;
                Ok(apply_boolean_mask(&table, mask)?.into_columns())
            }
        }
    }
}

fn gather_rows(columns: &[Column], map: &Column) -> Result<Vec<Column>> {
    if columns.is_empty() {
        return Ok(Vec::new());
    }
    let table = Table::new(columns.to_vec())?;
    Ok(gather(&table, map, OutOfBoundsPolicy::DontCheck)?.into_columns())
}

/// How many of `nrows` rows `head(n)` / `tail(n)` keep: `n` (all when fewer), or for a
/// negative `n` all but `-n`.
fn end_rows(nrows: usize, n: i64) -> usize {
    if n >= 0 {
        (n as usize).min(nrows)
    } else {
        nrows.saturating_sub(n.unsigned_abs() as usize)
    }
}

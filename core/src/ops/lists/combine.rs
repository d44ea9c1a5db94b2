//! libcudf's `concatenate_rows` and `concatenate_list_elements`: lists joined row-wise,
//! or a list of lists flattened by one level.

use super::maps;
use super::{
    ConcatenateNullPolicy, check_list, child, covered, kept_positions, list_column, rows_mask,
};
use crate::column::Column;
use crate::error::{Error, Result};
use crate::keys::{NullOrder, Order};
use crate::ops::concatenate::concatenate;
use crate::ops::gather::gather_internal;
use crate::ops::null_mask::bitmask_or;
use crate::ops::sorting::stable_sort_by_key;
use crate::ops::stream_compaction::apply_boolean_mask;
use crate::ops::transform::bools_to_mask;
use crate::ops::unary::is_valid;
use crate::table::Table;
use crate::types::check_same_type;

/// Row `i` of the result is the concatenation of row `i` of every LIST column of `input`,
/// in column order. A null list counts as empty; a row is null only when every column's
/// row is null (pylibcudf's policy, libcudf's `concatenate_null_policy::IGNORE`).
pub fn concatenate_rows(input: &Table) -> Result<Column> {
    let function = "concatenate_rows";
    let cols = input.columns();
    let Some(first) = cols.first() else {
        return Err(Error::value(format!(
            "{function}: the table has no columns"
        )));
    };
    for c in cols {
        check_list(function, "every column", c)?;
        check_same_type(
            function,
            ("the first column's elements", child(first).dtype()),
            ("another column's elements", child(c).dtype()),
        )?;
    }
    let n = input.num_rows();
    let (mut values, mut labels, mut positions) = (vec![], vec![], vec![]);
    let mut base = 0;
    for c in cols {
        let (offs, v) = covered(c)?;
        let mut rows = maps::element_rows(&offs)?;
        let mut pos = maps::iota(v.size(), base)?;
        base += v.size();
        if c.has_nulls()? {
            // The elements of null rows (if the column keeps any) are dropped.
            let flags = gather_internal(&is_valid(c)?, &rows)?;
            let kept = apply_boolean_mask(&Table::new(vec![rows, pos])?, &flags)?;
            let mut kept = kept.into_columns();
            pos = kept.pop().expect("two columns");
            rows = kept.pop().expect("two columns");
        }
        values.push(v);
        labels.push(rows);
        positions.push(pos);
    }
    let values = concatenate(&values)?;
    let labels = concatenate(&labels)?;
    let positions = concatenate(&positions)?;
    let sorted = stable_sort_by_key(
        &Table::new(vec![labels.clone(), positions])?,
        &Table::new(vec![labels])?,
        &[Order::Ascending],
        &[NullOrder::After],
    )?
    .into_columns();
    let offsets = maps::kept_offsets(&maps::iota(n + 1, 0)?, &sorted[0])?;
    let out = gather_internal(&values, &sorted[1])?;
    let (mask, nulls) = bitmask_or(cols)?;
    list_column(offsets, out, Some(mask), nulls)
}

/// Each row's lists (the input is a list of lists) concatenated into one list. With
/// [`ConcatenateNullPolicy::Ignore`] null inner lists are skipped, and when the input
/// holds any, a row none of whose lists is valid (an empty row too) is null, as in
/// libcudf; with `NullifyOutputRow` a row holding a null list is null. Null rows stay
/// null.
pub fn concatenate_list_elements(
    input: &Column,
    null_policy: ConcatenateNullPolicy,
) -> Result<Column> {
    let function = "concatenate_list_elements";
    check_list(function, "input", input)?;
    check_list(function, "its elements", child(input))?;
    let (outer, inner) = covered(input)?;
    let inner_offs = maps::offsets(&inner)?;
    let composed = maps::compose_offsets(&outer, &inner_offs)?;
    let nullify = null_policy == ConcatenateNullPolicy::NullifyOutputRow;
    let null_lists = inner.has_nulls()?;
    let nested = maps::Nested {
        list: input,
        offs: &outer,
        inner: &inner,
        inner_offs: &inner_offs,
    };
    let keep_row = if null_lists {
        maps::rows_of_valid_lists(&nested, !nullify)?
    } else {
        is_valid(input)?
    };
    let flags = maps::flatten_flags(&nested, &keep_row)?;
    let (first, _) = maps::bounds(&inner_offs)?;
    let kept = kept_positions(&flags, first)?;
    let offsets = maps::kept_offsets(&composed, &kept)?;
    let values = gather_internal(child(&inner), &kept)?;
    let (mask, nulls) = if null_lists {
        let (m, nulls) = bools_to_mask(&keep_row)?;
        (Some(m), nulls)
    } else {
        rows_mask(input)?
    };
    list_column(offsets, values, mask, nulls)
}

//! The host path of the lists primitives (`maps.rs`): plain loops over the INT32 offsets.

use super::maps::{GatherLists, Index, Nested};
use crate::column::Column;
use crate::error::Result;
use crate::ops::gather::NULL_ROW;
use crate::types::TypeId;

fn values(c: &Column) -> Result<arrow_buffer::ScalarBuffer<i32>> {
    c.host_values::<i32>()
}

/// Row validity of `c` as a closure over row numbers.
fn validity(c: &Column) -> Result<impl Fn(usize) -> bool> {
    let nulls = c.host_nulls()?;
    Ok(move |i: usize| nulls.as_ref().is_none_or(|n| n.is_valid(i)))
}

fn bool_column(v: Vec<u8>) -> Result<Column> {
    let n = v.len();
    Column::without_nulls(TypeId::Bool8.into(), n, crate::buffer::Buffer::from_vec(v))
}

pub(super) fn offsets(list: &Column) -> Result<Column> {
    let o = list.host_offsets(list.size())?;
    Ok(Column::from_values(o.iter().map(|&v| v as i32).collect()))
}

pub(super) fn rebased(offs: &Column, first: usize) -> Result<Column> {
    let o = values(offs)?;
    Ok(Column::from_values(
        o.iter().map(|&v| v - first as i32).collect(),
    ))
}

pub(super) fn sizes(offs: &Column) -> Result<Column> {
    let o = values(offs)?;
    Ok(Column::from_values(
        o.windows(2).map(|w| w[1] - w[0]).collect(),
    ))
}

pub(super) fn element_rows(offs: &Column) -> Result<Column> {
    let o = values(offs)?;
    let mut rows = Vec::with_capacity((o[o.len() - 1] - o[0]) as usize);
    for (i, w) in o.windows(2).enumerate() {
        rows.extend(std::iter::repeat_n(i as i32, (w[1] - w[0]) as usize));
    }
    Ok(Column::from_values(rows))
}

pub(super) fn element_positions(offs: &Column, rows: &Column) -> Result<Column> {
    let o = values(offs)?;
    let r = values(rows)?;
    Ok(Column::from_values(
        r.iter()
            .enumerate()
            .map(|(p, &i)| o[0] + p as i32 - o[i as usize])
            .collect(),
    ))
}

pub(super) fn exclusive_offsets(sizes: &Column) -> Result<(Column, i64)> {
    let s = values(sizes)?;
    let mut out = Vec::with_capacity(s.len() + 1);
    let mut acc = 0i64;
    for &v in s.iter() {
        out.push(acc as i32);
        acc += i64::from(v);
    }
    out.push(acc as i32);
    Ok((Column::from_values(out), acc))
}

pub(super) fn explode_maps(
    offs: &Column,
    list: &Column,
    outer: bool,
) -> Result<(Column, Column, Column)> {
    let o = values(offs)?;
    let valid = validity(list)?;
    let (mut rows, mut elems, mut pos) = (vec![], vec![], vec![]);
    for (i, w) in o.windows(2).enumerate() {
        let s = if valid(i) { w[1] - w[0] } else { 0 };
        for j in 0..s {
            rows.push(i as i32);
            elems.push(w[0] + j);
            pos.push(j);
        }
        if outer && s == 0 {
            rows.push(i as i32);
            elems.push(NULL_ROW);
            pos.push(0);
        }
    }
    Ok((
        Column::from_values(rows),
        Column::from_values(elems),
        Column::from_values(pos),
    ))
}

pub(super) fn extract_map(offs: &Column, list: &Column, index: &Index) -> Result<Column> {
    let o = values(offs)?;
    let valid = validity(list)?;
    let (per_row, index_valid) = match index {
        Index::All(_) => (None, None),
        Index::PerRow(c) => (Some(values(c)?), Some(validity(c)?)),
    };
    let map = o
        .windows(2)
        .enumerate()
        .map(|(i, w)| {
            let s = i64::from(w[1] - w[0]);
            let mut k = match (&per_row, index) {
                (Some(v), _) => i64::from(v[i]),
                (None, Index::All(k)) => *k,
                (None, Index::PerRow(_)) => unreachable!("per-row indices were read"),
            };
            let ok = valid(i) && index_valid.as_ref().is_none_or(|f| f(i));
            if k < 0 {
                k += s;
            }
            if ok && (0..s).contains(&k) {
                w[0] + k as i32
            } else {
                NULL_ROW
            }
        })
        .collect();
    Ok(Column::from_values(map))
}

pub(super) fn rows_with_nulls(offs: &Column, child: &Column) -> Result<Column> {
    let o = values(offs)?;
    let valid = validity(child)?;
    bool_column(
        o.windows(2)
            .map(|w| u8::from((w[0]..w[1]).any(|p| !valid(p as usize))))
            .collect(),
    )
}

pub(super) fn match_positions(offs: &Column, matched: &Column, find_last: bool) -> Result<Column> {
    let o = values(offs)?;
    let m = values(matched)?;
    Ok(Column::from_values(
        o.windows(2)
            .map(|w| {
                let lo = m.partition_point(|&x| x < w[0]);
                let hi = m.partition_point(|&x| x < w[1]);
                match (lo == hi, find_last) {
                    (true, _) => -1,
                    (false, true) => m[hi - 1] - w[0],
                    (false, false) => m[lo] - w[0],
                }
            })
            .collect(),
    ))
}

pub(super) fn kept_offsets(offs: &Column, kept: &Column) -> Result<Column> {
    let o = values(offs)?;
    let k = values(kept)?;
    Ok(Column::from_values(
        o.iter()
            .map(|&v| k.partition_point(|&x| x < v) as i32)
            .collect(),
    ))
}

pub(super) fn reverse_map(offs: &Column, rows: &Column) -> Result<Column> {
    let o = values(offs)?;
    let r = values(rows)?;
    Ok(Column::from_values(
        r.iter()
            .enumerate()
            .map(|(p, &i)| {
                let i = i as usize;
                o[i] + o[i + 1] - 1 - (o[0] + p as i32)
            })
            .collect(),
    ))
}

pub(super) fn segmented_gather_map(g: &GatherLists) -> Result<Column> {
    let o = values(g.offs)?;
    let mo = values(g.map_offs)?;
    let rows = values(g.map_rows)?;
    let idx = values(g.indices)?;
    let list_valid = validity(g.list)?;
    let idx_valid = validity(g.indices)?;
    Ok(Column::from_values(
        rows.iter()
            .enumerate()
            .map(|(q, &i)| {
                let i = i as usize;
                let e = mo[0] as usize + q;
                let s = i64::from(o[i + 1] - o[i]);
                let mut k = i64::from(idx[e]);
                if k < 0 {
                    k += s;
                }
                if list_valid(i) && idx_valid(e) && (0..s).contains(&k) {
                    o[i] + k as i32
                } else {
                    NULL_ROW
                }
            })
            .collect(),
    ))
}

pub(super) fn mask_flags(offs: &Column, boffs: &Column, b: &Column) -> Result<Column> {
    let o = values(offs)?;
    let r = values(&element_rows(offs)?)?;
    let bo = values(boffs)?;
    let bv = b.host_values::<u8>()?;
    let valid = validity(b)?;
    bool_column(
        r.iter()
            .enumerate()
            .map(|(p, &i)| {
                let i = i as usize;
                let e = (bo[i] + (o[0] + p as i32 - o[i])) as usize;
                u8::from(valid(e) && bv[e] != 0)
            })
            .collect(),
    )
}

pub(super) fn compose_offsets(outer: &Column, inner: &Column) -> Result<Column> {
    let o = values(outer)?;
    let inn = values(inner)?;
    Ok(Column::from_values(
        o.iter().map(|&v| inn[v as usize]).collect(),
    ))
}

pub(super) fn flatten_flags(l: &Nested, keep_row: &Column) -> Result<Column> {
    let ir = values(&element_rows(l.inner_offs)?)?;
    let or = values(&element_rows(l.offs)?)?;
    let keep = keep_row.host_values::<u8>()?;
    let valid = validity(l.inner)?;
    bool_column(
        ir.iter()
            .map(|&r| {
                let r = r as usize;
                u8::from(valid(r) && keep[or[r] as usize] != 0)
            })
            .collect(),
    )
}

pub(super) fn rows_of_valid_lists(l: &Nested, any: bool) -> Result<Column> {
    let o = values(l.offs)?;
    let valid = validity(l.list)?;
    let inner_valid = validity(l.inner)?;
    bool_column(
        o.windows(2)
            .enumerate()
            .map(|(i, w)| {
                let mut lists = (w[0]..w[1]).map(|r| inner_valid(r as usize));
                let ok = if any {
                    lists.any(|v| v)
                } else {
                    lists.all(|v| v)
                };
                u8::from(valid(i) && ok)
            })
            .collect(),
    )
}

//! The text tables pandas prints.

use ferrodf_core::interop::arrow::to_arrow;
use ferrodf_core::{Result, TypeId};

use super::format::format_array;
use super::grid::Grid;
use super::options::DisplayOptions;
use crate::label::Label;
use crate::{Index, Series};

const ELLIPSIS: &str = "...";

/// A frame as pandas' `DataFrame.__repr__` lays it out.
pub fn frame(g: &Grid) -> String {
    let n_index = g.index_names.len().max(1);
    let mut rows: Vec<Vec<String>> = Vec::new();
    let nlevels = g.headers.len();
    for (level, header) in g.headers.iter().enumerate() {
        let mut row = vec![String::new(); n_index];
        if let Some(name) = g.column_level_names.get(level) {
            row[n_index - 1] = name.clone();
        }
        // pandas shows an upper-level label once over its group ("sparsified"), and gives
        // the headers of numeric columns a leading space as their values have one (only
        // for flat columns: MultiIndex headers have none)
        let shown: Vec<String> = header
            .iter()
            .enumerate()
            .map(|(c, label)| {
                let repeated = level + 1 < nlevels
                    && c > 0
                    && g.col_gap != Some(c)
                    && (0..=level).all(|l| g.headers[l][c] == g.headers[l][c - 1]);
                if repeated {
                    String::new()
                } else if g.numeric[c] && nlevels == 1 {
                    format!(" {label}")
                } else {
                    label.clone()
                }
            })
            .collect();
        row.extend(with_gap(&shown, g.col_gap));
        rows.push(row);
    }
    let header_rows = rows.len();
    if g.index_names.iter().any(|n| !n.is_empty()) {
        let mut row = g.index_names.clone();
        row.extend(std::iter::repeat_n(
            String::new(),
            g.dtypes.len() + usize::from(g.col_gap.is_some()),
        ));
        rows.push(row);
    }
    for (r, (labels, values)) in g.index_cells.iter().zip(&g.cells).enumerate() {
        if g.row_gap == Some(r) {
            // pandas marks the elided index labels with "..", the values with "..."
            let mut gap = vec!["..".to_string(); n_index];
            gap.extend(vec![
                ELLIPSIS.to_string();
                g.dtypes.len() + usize::from(g.col_gap.is_some())
            ]);
            rows.push(gap);
        }
        let mut row = labels.clone();
        row.extend(with_gap(values, g.col_gap));
        rows.push(row);
    }
    if g.cells.is_empty() && g.dtypes.is_empty() {
        return format!("Empty DataFrame\nColumns: []\nIndex: [{} rows]", g.nrows);
    }
    if g.cells.is_empty() {
        let names: Vec<&str> = g
            .headers
            .last()
            .map(|h| h.iter().map(String::as_str).collect())
            .unwrap_or_default();
        return format!(
            "Empty DataFrame\nColumns: [{}]\nIndex: []",
            names.join(", ")
        );
    }
    let mut out = layout(&rows, n_index, header_rows);
    if g.truncated() {
        out.push_str(&format!("\n\n[{} rows x {} columns]", g.nrows, g.ncols));
    }
    out
}

/// A series as pandas prints it: labels, values, then `Name: ..., dtype: ...`.
pub fn series(g: &Grid, s: &Series) -> String {
    let (names_line, labels) = series_labels(g);
    let values: Vec<String> = g.cells.iter().map(|v| v[0].clone()).collect();
    let lw = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let vw = values
        .iter()
        .map(|v| v.chars().count())
        .max()
        .unwrap_or(0)
        .max(2);
    let mut lines: Vec<String> = names_line.into_iter().collect();
    for (r, (l, v)) in labels.iter().zip(&values).enumerate() {
        if g.row_gap == Some(r) {
            lines.push(format!("{:lw$}    {:>vw$}", "", ".."));
        }
        lines.push(format!("{l:<lw$}    {v:>vw$}"));
    }
    let mut footer = Vec::new();
    if *s.name() != Label::None {
        footer.push(format!("Name: {}", s.name().to_plain_string()));
    }
    if g.truncated() {
        footer.push(format!("Length: {}", g.nrows));
    }
    footer.push(format!("dtype: {}", g.dtypes[0]));
    if values.is_empty() {
        return format!("Series([], {})", footer.join(", "));
    }
    lines.push(footer.join(", "));
    lines.join("\n")
}

/// The index column of a Series as pandas prints it: the level names on a line of their
/// own when any is set; a MultiIndex's levels padded and two spaces apart, an outer label
/// left blank below the same label ("sparsified", all but the last level).
fn series_labels(g: &Grid) -> (Option<String>, Vec<String>) {
    let nlevels = g.index_names.len().max(1);
    let named = g.index_names.iter().any(|n| !n.is_empty());
    if nlevels == 1 {
        let labels = g.index_cells.iter().map(|l| l.join(" ")).collect();
        return (named.then(|| g.index_names[0].clone()), labels);
    }
    let shown: Vec<Vec<String>> = g
        .index_cells
        .iter()
        .enumerate()
        .map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(|(level, label)| {
                    let repeated = r > 0
                        && g.row_gap != Some(r)
                        && level + 1 < row.len()
                        && (0..=level).all(|l| g.index_cells[r - 1][l] == row[l]);
                    if repeated {
                        String::new()
                    } else {
                        label.clone()
                    }
                })
                .collect()
        })
        .collect();
    let widths: Vec<usize> = (0..nlevels)
        .map(|level| {
            let name = g.index_names[level].chars().count();
            let cells = g.index_cells.iter().map(|row| row[level].chars().count());
            cells.max().unwrap_or(0).max(name)
        })
        .collect();
    let pad = |parts: &[String]| -> String {
        parts
            .iter()
            .zip(&widths)
            .map(|(p, &w)| format!("{p:<w$}"))
            .collect::<Vec<_>>()
            .join("  ")
    };
    let names_line = named.then(|| pad(&g.index_names));
    (names_line, shown.iter().map(|row| pad(row)).collect())
}

/// An index as pandas prints it: `Index([...], dtype='...')`.
pub fn index(index: &Index, opts: &DisplayOptions) -> Result<String> {
    let n = index.len();
    let (positions, gap): (Vec<usize>, Option<usize>) = if opts.max_rows == 0 || n <= opts.max_rows
    {
        ((0..n).collect(), None)
    } else {
        let head = opts.min_rows.div_ceil(2);
        (
            (0..head).chain(n - opts.min_rows / 2..n).collect(),
            Some(head),
        )
    };
    let names = index.names();
    match index {
        Index::Range { .. } => Ok(index.to_string()),
        _ => {
            let map = ferrodf_core::Column::from_values(
                positions.iter().map(|&p| p as i64).collect::<Vec<_>>(),
            );
            let levels = index.gather_levels(&map)?;
            let texts: Vec<Vec<String>> = levels
                .iter()
                .map(|c| {
                    let strings = format_array(to_arrow(c)?.as_ref(), opts.precision)?;
                    let quote = c.dtype().id() == TypeId::String;
                    Ok(strings
                        .into_iter()
                        .map(|s| {
                            if quote && s != super::format::NULL_TEXT {
                                Label::Str(s).to_string()
                            } else {
                                s
                            }
                        })
                        .collect())
                })
                .collect::<Result<_>>()?;
            let mut items: Vec<String> = (0..positions.len())
                .map(|r| {
                    if texts.len() == 1 {
                        texts[0][r].clone()
                    } else {
                        format!(
                            "({})",
                            texts
                                .iter()
                                .map(|t| t[r].as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    }
                })
                .collect();
            if let Some(g) = gap {
                items.insert(g, ELLIPSIS.to_string());
            }
            if let Index::Multi { .. } = index {
                let names: Vec<String> = names.iter().map(Label::to_string).collect();
                Ok(format!(
                    "MultiIndex([{}],\n           names=[{}])",
                    items.join(",\n            "),
                    names.join(", ")
                ))
            } else {
                let dtype = crate::dtype::dtype_name(levels[0].dtype());
                let name = if names[0] == Label::None {
                    String::new()
                } else {
                    format!(", name={}", names[0])
                };
                let length = if gap.is_some() {
                    format!(", length={n}")
                } else {
                    String::new()
                };
                Ok(format!(
                    "Index([{}], dtype='{dtype}'{name}{length})",
                    items.join(", ")
                ))
            }
        }
    }
}

fn with_gap(values: &[String], gap: Option<usize>) -> Vec<String> {
    let mut v = values.to_vec();
    if let Some(g) = gap {
        v.insert(g, ELLIPSIS.to_string());
    }
    v
}

/// Pads every cell to its column's width: index columns left-aligned, the rest right.
/// As in pandas, body values carry one leading space and columns are joined by one
/// space, so values are two spaces apart and a wider header one space from its neighbour.
fn layout(rows: &[Vec<String>], n_index: usize, header_rows: usize) -> String {
    let rows: Vec<Vec<String>> = rows
        .iter()
        .enumerate()
        .map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(|(c, s)| {
                    if c >= n_index && r >= header_rows {
                        format!(" {s}")
                    } else {
                        s.clone()
                    }
                })
                .collect()
        })
        .collect();
    let ncols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..ncols)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    rows.iter()
        .enumerate()
        .map(|(r, row)| {
            let cells: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(c, s)| {
                    let w = widths[c];
                    if c < n_index && r >= header_rows {
                        format!("{s:<w$}")
                    } else {
                        format!("{s:>w$}")
                    }
                })
                .collect();
            cells.join(" ").trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

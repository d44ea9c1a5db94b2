//! The HTML table notebooks show.

use std::fmt::Write;

use super::format::format_floats;
use super::grid::Grid;
use super::summary::{ColumnSummary, SummaryDetail};

/// Text with `& < > " '` escaped for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A frame's table: shape line, column headers (MultiIndex levels grouped), a dtype row,
/// index names, rows with head/tail elision, and where the data lives.
pub fn frame(g: &Grid) -> String {
    let n_index = g.index_names.len().max(1);
    let gap_col = g.col_gap.is_some();
    let mut h = String::new();
    h.push_str("<div class=\"ferrodf\">\n");
    let _ = writeln!(
        h,
        "<p class=\"ferrodf-shape\">{} rows &times; {} columns</p>",
        g.nrows, g.ncols
    );
    h.push_str("<table border=\"1\" class=\"dataframe\">\n<thead>\n");
    let nlevels = g.headers.len();
    for (level, header) in g.headers.iter().enumerate() {
        h.push_str("<tr style=\"text-align: right;\">");
        let corner = g
            .column_level_names
            .get(level)
            .map(String::as_str)
            .unwrap_or("");
        for k in 0..n_index {
            let text = if k + 1 == n_index { corner } else { "" };
            let _ = write!(h, "<th>{}</th>", escape(text));
        }
        // group equal neighbours on the upper levels (pandas' "sparsified" headers)
        let sparsify = level + 1 < nlevels;
        let mut c = 0;
        while c < header.len() {
            if gap_col && g.col_gap == Some(c) {
                h.push_str("<th>...</th>");
            }
            let mut span = 1;
            while sparsify
                && c + span < header.len()
                && g.col_gap != Some(c + span)
                && (0..=level).all(|l| g.headers[l][c + span] == g.headers[l][c])
            {
                span += 1;
            }
            if span > 1 {
                let _ = write!(
                    h,
                    "<th colspan=\"{span}\" halign=\"left\">{}</th>",
                    escape(&header[c])
                );
            } else {
                let _ = write!(h, "<th>{}</th>", escape(&header[c]));
            }
            c += span;
        }
        if gap_col && g.col_gap == Some(header.len()) {
            h.push_str("<th>...</th>");
        }
        h.push_str("</tr>\n");
    }
    h.push_str("<tr class=\"ferrodf-dtypes\">");
    for k in 0..n_index {
        let _ = write!(h, "<th>{}</th>", if k == 0 { "<i>dtype</i>" } else { "" });
    }
    for (c, d) in g.dtypes.iter().enumerate() {
        if g.col_gap == Some(c) {
            h.push_str("<td></td>");
        }
        let _ = write!(h, "<td><i>{}</i></td>", escape(d));
    }
    h.push_str("</tr>\n");
    if let Some(summaries) = &g.summaries {
        summary_rows(&mut h, g, summaries, n_index);
    }
    if g.index_names.iter().any(|n| !n.is_empty()) {
        h.push_str("<tr>");
        for n in &g.index_names {
            let _ = write!(h, "<th>{}</th>", escape(n));
        }
        for _ in 0..g.dtypes.len() + usize::from(gap_col) {
            h.push_str("<th></th>");
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</thead>\n<tbody>\n");
    for (r, (labels, values)) in g.index_cells.iter().zip(&g.cells).enumerate() {
        if g.row_gap == Some(r) {
            h.push_str("<tr class=\"ferrodf-ellipsis\">");
            for _ in 0..n_index {
                h.push_str("<th>...</th>");
            }
            for _ in 0..g.dtypes.len() + usize::from(gap_col) {
                h.push_str("<td>...</td>");
            }
            h.push_str("</tr>\n");
        }
        h.push_str("<tr>");
        for l in labels {
            let _ = write!(h, "<th>{}</th>", escape(l));
        }
        for (c, v) in values.iter().enumerate() {
            if g.col_gap == Some(c) {
                h.push_str("<td>...</td>");
            }
            let _ = write!(h, "<td>{}</td>", escape(v));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody>\n</table>\n");
    let _ = writeln!(
        h,
        "<p class=\"ferrodf-location\">{}</p>",
        escape(&g.location)
    );
    h.push_str("</div>");
    h
}

/// Two header rows under the dtypes: each column's null count, then its summary (a
/// histogram sparkline with the range and mean of numbers, the distinct count and top
/// values of text, the range of timestamps).
fn summary_rows(h: &mut String, g: &Grid, summaries: &[ColumnSummary], n_index: usize) {
    type Cell = fn(&ColumnSummary) -> String;
    let rows: [(&str, Cell); 2] = [
        ("nulls", |s| format!("{}", s.nulls)),
        ("summary", summary_cell),
    ];
    for (name, cell) in rows {
        let _ = write!(h, "<tr class=\"ferrodf-{name}\">");
        for k in 0..n_index {
            let _ = write!(h, "<th>{}</th>", if k == 0 { name } else { "" });
        }
        for (c, s) in summaries.iter().enumerate() {
            if g.col_gap == Some(c) {
                h.push_str("<td></td>");
            }
            let _ = write!(h, "<td>{}</td>", cell(s));
        }
        h.push_str("</tr>\n");
    }
}

/// One column's summary as HTML (its texts escaped).
fn summary_cell(s: &ColumnSummary) -> String {
    match &s.detail {
        SummaryDetail::Number {
            min,
            max,
            mean,
            histogram,
        } => {
            let mean = format_floats(&[Some(*mean)], 4).pop().unwrap_or_default();
            format!(
                "{}<br>{} &ndash; {}<br>mean {}",
                sparkline(histogram),
                escape(min),
                escape(max),
                escape(&mean)
            )
        }
        SummaryDetail::Values { distinct, top } => {
            let top: Vec<String> = top
                .iter()
                .map(|(v, n)| format!("{} ({n})", escape(v)))
                .collect();
            format!("{distinct} distinct<br>{}", top.join("<br>"))
        }
        SummaryDetail::Range { min, max } => {
            format!("{}<br>&ndash; {}", escape(min), escape(max))
        }
        SummaryDetail::Nothing => String::new(),
    }
}

/// A histogram as a small inline SVG bar chart (bars scaled to the tallest; each bar's
/// tooltip gives its count).
fn sparkline(counts: &[i64]) -> String {
    let tallest = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let (bar, height) = (3, 16.0);
    let mut svg = format!(
        "<svg class=\"ferrodf-histogram\" width=\"{}\" height=\"{height}\">",
        bar * counts.len()
    );
    for (i, &n) in counts.iter().enumerate() {
        let h = if n > 0 {
            (n as f64 / tallest * height).max(1.0)
        } else {
            0.0
        };
        let _ = write!(
            svg,
            "<rect x=\"{}\" y=\"{:.1}\" width=\"{}\" height=\"{h:.1}\"><title>{n}</title></rect>",
            i * bar,
            height - h,
            bar - 1
        );
    }
    svg.push_str("</svg>");
    svg
}

//! [`Grid`]: the strings of a table as displayed (headers, dtypes, index labels, cells)
//! with the positions where rows and columns are elided. Text and HTML render from it.

use ferrodf_core::buffer::Residency;
use ferrodf_core::interop::arrow::to_arrow;
use ferrodf_core::ops::copying::gather_for_host;
use ferrodf_core::{Column, Result, Table};

use super::format::format_array;
use super::options::DisplayOptions;
use super::summary::ColumnSummary;
use crate::dtype::{dtype_name, is_numeric_display};
use crate::label::Label;
use crate::{DataFrame, Index, Series};

/// A table's displayed strings.
#[derive(Clone, Debug)]
pub struct Grid {
    /// Header rows: one per column level, one string per shown column.
    pub headers: Vec<Vec<String>>,
    /// The names of the column levels (empty when unnamed).
    pub column_level_names: Vec<String>,
    /// The names of the index levels (empty when unnamed).
    pub index_names: Vec<String>,
    /// The dtype of each shown column.
    pub dtypes: Vec<String>,
    /// Whether each shown column holds numbers (right-aligned in text).
    pub numeric: Vec<bool>,
    /// The index labels of each shown row, one string per level.
    pub index_cells: Vec<Vec<String>>,
    /// The values of each shown row.
    pub cells: Vec<Vec<String>>,
    /// Shown rows before the elision (all when `None`).
    pub row_gap: Option<usize>,
    /// Shown columns before the elision (all when `None`).
    pub col_gap: Option<usize>,
    /// The full shape.
    pub nrows: usize,
    pub ncols: usize,
    /// Where the data lives and its size, for the footer line.
    pub location: String,
    /// Each shown column's summary, when `DisplayOptions::summary` asks for them.
    pub summaries: Option<Vec<ColumnSummary>>,
}

impl Grid {
    /// The grid of a frame under `opts`.
    pub fn of_frame(df: &DataFrame, opts: &DisplayOptions) -> Result<Grid> {
        let (nrows, ncols) = df.shape();
        let (col_positions, col_gap) = shown(ncols, opts.max_columns, opts.max_columns);
        let (row_positions, row_gap) = shown(nrows, opts.max_rows, opts.min_rows);
        let data = df.data();
        let nlevels = data.nlevels();
        let columns: Vec<Column> = col_positions
            .iter()
            .map(|&p| data.columns()[p].clone())
            .collect();
        let mut headers = vec![Vec::with_capacity(columns.len()); nlevels];
        for &p in &col_positions {
            let label = &data.names()[p];
            for (level, header) in headers.iter_mut().enumerate() {
                let text = if data.multiindex() {
                    label
                        .levels()
                        .get(level)
                        .map(Label::to_plain_string)
                        .unwrap_or_default()
                } else {
                    label.to_plain_string()
                };
                header.push(cut(text, opts.max_colwidth));
            }
        }
        let (index_cells, cells) = shown_cells(df.index(), &columns, &row_positions, opts)?;
        Ok(Grid {
            headers,
            column_level_names: if data.multiindex() {
                data.level_names().iter().map(name_text).collect()
            } else {
                vec![]
            },
            index_names: df.index().names().iter().map(name_text).collect(),
            dtypes: columns.iter().map(|c| dtype_name(c.dtype())).collect(),
            numeric: columns
                .iter()
                .map(|c| is_numeric_display(c.dtype()))
                .collect(),
            index_cells,
            cells,
            row_gap,
            col_gap,
            nrows,
            ncols,
            location: location(
                data.columns().iter().chain(index_column(df.index())),
                df.memory_usage(),
            ),
            summaries: summaries(&columns, opts)?,
        })
    }

    /// The grid of a series: one column headed by its name.
    pub fn of_series(s: &Series, opts: &DisplayOptions) -> Result<Grid> {
        let (row_positions, row_gap) = shown(s.len(), opts.max_rows, opts.min_rows);
        let (index_cells, cells) = shown_cells(
            s.index(),
            std::slice::from_ref(s.column()),
            &row_positions,
            opts,
        )?;
        let mut bytes = 0;
        s.column().visit_buffers(&mut |b| bytes += b.len());
        Ok(Grid {
            headers: vec![vec![if *s.name() == Label::None {
                String::new()
            } else {
                s.name().to_plain_string()
            }]],
            column_level_names: vec![],
            index_names: s.index().names().iter().map(name_text).collect(),
            dtypes: vec![dtype_name(s.dtype())],
            numeric: vec![is_numeric_display(s.dtype())],
            index_cells,
            cells,
            row_gap,
            col_gap: None,
            nrows: s.len(),
            ncols: 1,
            location: location(
                std::iter::once(s.column()).chain(index_column(s.index())),
                bytes,
            ),
            summaries: summaries(std::slice::from_ref(s.column()), opts)?,
        })
    }

    /// Whether rows or columns are elided.
    pub fn truncated(&self) -> bool {
        self.row_gap.is_some() || self.col_gap.is_some()
    }
}

/// The summaries of the shown columns, when the options ask for them.
fn summaries(columns: &[Column], opts: &DisplayOptions) -> Result<Option<Vec<ColumnSummary>>> {
    if !opts.summary {
        return Ok(None);
    }
    let summary = |c: &Column| Series::from_column(c.clone(), None, Label::None)?.summary();
    Ok(Some(columns.iter().map(summary).collect::<Result<_>>()?))
}

fn name_text(l: &Label) -> String {
    if *l == Label::None {
        String::new()
    } else {
        l.to_plain_string()
    }
}

fn index_column(index: &Index) -> Option<&Column> {
    match index {
        Index::Column { column, .. } => Some(column),
        _ => None,
    }
}

/// The positions shown out of `n` and where the gap goes: all when `n <= limit` (or no
/// limit), else `keep / 2` from each end (the head gets the odd one).
fn shown(n: usize, limit: usize, keep: usize) -> (Vec<usize>, Option<usize>) {
    if limit == 0 || n <= limit {
        return ((0..n).collect(), None);
    }
    let keep = keep.min(limit).max(2);
    let head = keep.div_ceil(2);
    let tail = keep / 2;
    let positions = (0..head).chain(n - tail..n).collect();
    (positions, Some(head))
}

/// Cell strings, one `Vec` per row.
type Rows = Vec<Vec<String>>;

/// The index labels and values of the rows at `positions`: gathered where the data lives
/// (on the device for device data, so that only those rows are copied to the host; on the
/// host for host or spilled data, which thus stays where it is).
fn shown_cells(
    index: &Index,
    columns: &[Column],
    positions: &[usize],
    opts: &DisplayOptions,
) -> Result<(Rows, Rows)> {
    let map = Column::from_values(positions.iter().map(|&p| p as i64).collect::<Vec<_>>());
    let index_columns = match index {
        Index::Range { start, step, .. } => {
            let labels: Vec<String> = positions
                .iter()
                .map(|&p| (start + step * p as i64).to_string())
                .collect();
            vec![labels]
        }
        _ => gathered_text(&index.gather_levels(&map)?, opts)?,
    };
    let values = if columns.is_empty() {
        Vec::new()
    } else {
        gathered_text(
            &gather_for_host(&Table::new(columns.to_vec())?, &map)?.into_columns(),
            opts,
        )?
    };
    Ok((
        transpose(&index_columns, positions.len()),
        transpose(&values, positions.len()),
    ))
}

fn gathered_text(columns: &[Column], opts: &DisplayOptions) -> Result<Vec<Vec<String>>> {
    columns
        .iter()
        .map(|c| {
            let array = to_arrow(c)?;
            Ok(format_array(array.as_ref(), opts.precision)?
                .into_iter()
                .map(|s| cut(s, opts.max_colwidth))
                .collect())
        })
        .collect()
}

fn transpose(columns: &[Vec<String>], nrows: usize) -> Vec<Vec<String>> {
    (0..nrows)
        .map(|r| columns.iter().map(|c| c[r].clone()).collect())
        .collect()
}

/// `text` cut to `width` characters, ending in `...` when cut (pandas' max_colwidth).
fn cut(text: String, width: usize) -> String {
    if width == 0 || text.chars().count() <= width {
        return text;
    }
    let kept: String = text.chars().take(width.saturating_sub(3)).collect();
    format!("{kept}...")
}

/// "data in GPU memory, 1.2 MiB" and the like; spilled bytes (moved from the GPU to host
/// memory by the spill manager, and brought back on the next GPU use) are named.
fn location<'a>(columns: impl Iterator<Item = &'a Column>, bytes: usize) -> String {
    let (mut host, mut device, mut spilled) = (false, false, 0usize);
    for c in columns {
        match c.residency() {
            Residency::Host => host = true,
            Residency::Device => device = true,
            Residency::Both => {
                host = true;
                device = true;
            }
        }
        c.visit_buffers(&mut |b| {
            if b.is_spilled() {
                spilled += b.len();
            }
        });
    }
    let place = match (host, device) {
        (_, false) => "host memory",
        (false, true) => "GPU memory",
        (true, true) => "GPU and host memory",
    };
    let mut line = format!("data in {place}, {}", human_bytes(bytes));
    if spilled > 0 {
        line.push_str(&format!(" ({} spilled from the GPU)", human_bytes(spilled)));
    }
    line
}

/// Bytes with a binary unit, as `1.5 KiB` (the core's formatting, shared with its memory
/// messages).
pub use ferrodf_core::memory::human_bytes;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elision_keeps_head_and_tail() {
        assert_eq!(shown(5, 60, 10), ((0..5).collect(), None));
        let (p, gap) = shown(100, 60, 10);
        assert_eq!(p, vec![0, 1, 2, 3, 4, 95, 96, 97, 98, 99]);
        assert_eq!(gap, Some(5));
        assert_eq!(shown(100, 0, 10).1, None);
    }

    #[test]
    fn sizes_read_well() {
        assert_eq!(human_bytes(24), "24 B");
        assert_eq!(human_bytes(1536), "1.5 KiB");
    }
}

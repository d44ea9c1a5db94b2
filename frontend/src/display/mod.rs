//! Notebook and terminal display: a text table (`Display`), an HTML table and evcxr's
//! rich output.
//!
//! Only the rows shown leave the device: the head and tail rows are gathered first (a few
//! dozen rows, whatever the frame's length) and only those are copied to the host.

mod format;
mod grid;
mod html;
mod options;
mod summary;
mod text;

pub use format::format_array;
pub use grid::Grid;
pub use options::{DisplayOptions, display_options, set_display_options};
pub use summary::{ColumnSummary, HISTOGRAM_BINS, SummaryDetail, TOP_VALUES};

use crate::{DataFrame, Index, Series};

impl DataFrame {
    /// The HTML table a notebook shows (shape, headers, a dtype row, elided rows and
    /// columns, where the data lives).
    pub fn to_html(&self) -> ferrodf_core::Result<String> {
        Ok(html::frame(&Grid::of_frame(self, &display_options())?))
    }

    /// The text table (as `Display` prints it).
    pub fn to_text(&self) -> ferrodf_core::Result<String> {
        Ok(text::frame(&Grid::of_frame(self, &display_options())?))
    }

    /// Prints the frame for evcxr as an HTML and a plain-text block.
    pub fn evcxr_display(&self) {
        evcxr_print(self.to_html(), self.to_text());
    }
}

impl Series {
    /// The HTML table of the series (one column).
    pub fn to_html(&self) -> ferrodf_core::Result<String> {
        Ok(html::frame(&Grid::of_series(self, &display_options())?))
    }

    /// The text form pandas prints: labels, values and a `Name: ..., dtype: ...` line.
    pub fn to_text(&self) -> ferrodf_core::Result<String> {
        Ok(text::series(
            &Grid::of_series(self, &display_options())?,
            self,
        ))
    }

    /// Prints the series for evcxr as an HTML and a plain-text block.
    pub fn evcxr_display(&self) {
        evcxr_print(self.to_html(), self.to_text());
    }
}

impl Index {
    /// The text form: the labels shown and the index's length and dtype.
    pub fn to_text(&self) -> ferrodf_core::Result<String> {
        text::index(self, &display_options())
    }

    /// An HTML list of the labels.
    pub fn to_html(&self) -> ferrodf_core::Result<String> {
        Ok(format!("<pre>{}</pre>", html::escape(&self.to_text()?)))
    }

    /// Prints the index for evcxr as an HTML and a plain-text block.
    pub fn evcxr_display(&self) {
        evcxr_print(self.to_html(), self.to_text());
    }
}

fn evcxr_print(html: ferrodf_core::Result<String>, text: ferrodf_core::Result<String>) {
    match (html, text) {
        (Ok(html), Ok(text)) => {
            println!("EVCXR_BEGIN_CONTENT text/html\n{html}\nEVCXR_END_CONTENT");
            println!("EVCXR_BEGIN_CONTENT text/plain\n{text}\nEVCXR_END_CONTENT");
        }
        (Err(e), _) | (_, Err(e)) => println!("<display failed: {e}>"),
    }
}

impl std::fmt::Display for DataFrame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.to_text() {
            Ok(t) => f.write_str(&t),
            Err(e) => write!(f, "<DataFrame that cannot be displayed: {e}>"),
        }
    }
}

impl std::fmt::Display for Series {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.to_text() {
            Ok(t) => f.write_str(&t),
            Err(e) => write!(f, "<Series that cannot be displayed: {e}>"),
        }
    }
}

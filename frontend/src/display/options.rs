//! Process-wide display options, with pandas' names and defaults.

use std::sync::RwLock;

/// How tables are displayed (pandas' `display.*` options).
#[derive(Clone, Debug, PartialEq)]
pub struct DisplayOptions {
    /// Frames longer than this show only `min_rows` rows (head and tail); 0: no limit.
    pub max_rows: usize,
    /// Rows shown when a frame is longer than `max_rows`.
    pub min_rows: usize,
    /// Frames wider than this show the first and last columns only; 0: no limit.
    pub max_columns: usize,
    /// Cells longer than this are cut and end in `...`; 0: no limit.
    pub max_colwidth: usize,
    /// Digits after the decimal point of floats.
    pub precision: usize,
    /// HTML tables carry a per-column summary under the dtype row (null count; range,
    /// mean and a histogram of numbers; distinct count and top values of text, booleans
    /// and categories; the range of timestamps), computed where the data lives.
    pub summary: bool,
}

impl Default for DisplayOptions {
    fn default() -> Self {
        DisplayOptions {
            max_rows: 60,
            min_rows: 10,
            max_columns: 20,
            max_colwidth: 50,
            precision: 6,
            summary: false,
        }
    }
}

static OPTIONS: RwLock<Option<DisplayOptions>> = RwLock::new(None);

/// The current display options.
pub fn display_options() -> DisplayOptions {
    OPTIONS
        .read()
        .map(|o| o.clone().unwrap_or_default())
        .unwrap_or_default()
}

/// Replaces the display options.
///
/// ```
/// use ferrodf::{display_options, set_display_options};
/// let mut opts = display_options();
/// opts.max_rows = 10;
/// set_display_options(opts.clone());
/// assert_eq!(display_options().max_rows, 10);
/// # set_display_options(Default::default());
/// ```
pub fn set_display_options(options: DisplayOptions) {
    if let Ok(mut o) = OPTIONS.write() {
        *o = Some(options);
    }
}

//! The options of the CSV reader and what the reader derives from them: the arrow-csv
//! format, the row scanner, and the missing-value tokens.

use crate::error::{Error, Result};
use crate::io::Progress;
use crate::io::QuoteStyle;
use crate::io::compression::CompressionType;
use crate::io::debug_fields;
use crate::io::split::RowScanner;
use crate::types::DataType;

/// pandas' default missing-value tokens (libcudf uses the same list).
pub const DEFAULT_NA_VALUES: &[&str] = &[
    "", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
    "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null",
];

/// A column chosen by position or by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ColumnRef {
    /// 0-based position in the file.
    Index(usize),
    /// Name (from the header or `names`).
    Name(String),
}

/// Options of [`read_csv`] (pylibcudf's `CsvReaderOptions`); start from `Default`.
#[derive(Clone)]
pub struct CsvReaderOptions {
    /// Whole-file compression; `Auto` detects gzip, zstd and bzip2 from the content.
    pub compression: CompressionType,
    /// Field separator.
    pub delimiter: u8,
    /// Row terminator (`\r\n` is accepted when this is `\n`).
    pub lineterminator: u8,
    /// Quote character.
    pub quotechar: u8,
    /// `QuoteStyle::None` turns quote handling off; the other styles read alike.
    pub quoting: QuoteStyle,
    /// Row (after `skiprows`) holding the column names; negative: no header.
    pub header: i64,
    /// Column names replacing the header's (or naming a header-less file).
    pub names: Option<Vec<String>>,
    /// Prefix of generated names for header-less files (`prefix` + position).
    pub prefix: String,
    /// Rename duplicate names `a, a` to `a, a.1`.
    pub mangle_dupe_cols: bool,
    /// Columns to read; `None` reads all.
    pub usecols: Option<Vec<ColumnRef>>,
    /// Explicit types by column name (applied before `dtypes_list`).
    pub dtypes: Vec<(String, DataType)>,
    /// Explicit types by position (the first columns of the file).
    pub dtypes_list: Vec<DataType>,
    /// The type of every column that `dtypes`/`dtypes_list` do not name (pandas'
    /// `dtype="str"`); `None` infers each column's type.
    pub dtype_default: Option<DataType>,
    /// Extra missing-value tokens.
    pub na_values: Vec<String>,
    /// Also treat [`DEFAULT_NA_VALUES`] as missing.
    pub keep_default_na: bool,
    /// Detect missing values at all (`false`: only nothing is null, empty strings stay).
    pub na_filter: bool,
    /// Rows skipped at the start, before the header.
    pub skiprows: usize,
    /// Read at most this many data rows.
    pub nrows: Option<usize>,
    /// Rows dropped at the end.
    pub skipfooter: usize,
    /// Decimal separator of numbers.
    pub decimal: u8,
    /// Thousands separator of numbers.
    pub thousands: Option<u8>,
    /// Lines starting with this byte are skipped.
    pub comment: Option<u8>,
    /// Columns parsed as TIMESTAMP_MILLISECONDS (ISO 8601 text; offsets convert to UTC).
    pub parse_dates: Vec<ColumnRef>,
    /// Progress hook (bytes decoded, input bytes).
    pub progress: Option<Progress>,
}

impl Default for CsvReaderOptions {
    fn default() -> Self {
        CsvReaderOptions {
            compression: CompressionType::Auto,
            delimiter: b',',
            lineterminator: b'\n',
            quotechar: b'"',
            quoting: QuoteStyle::Minimal,
            header: 0,
            names: None,
            prefix: String::new(),
            mangle_dupe_cols: true,
            usecols: None,
            dtypes: vec![],
            dtypes_list: vec![],
            dtype_default: None,
            na_values: vec![],
            keep_default_na: true,
            na_filter: true,
            skiprows: 0,
            nrows: None,
            skipfooter: 0,
            decimal: b'.',
            thousands: None,
            comment: None,
            parse_dates: vec![],
            progress: None,
        }
    }
}

debug_fields!(CsvReaderOptions { delimiter as char, header, names, usecols });

impl CsvReaderOptions {
    pub(super) fn scanner(&self) -> RowScanner {
        RowScanner {
            quote: (self.quoting != QuoteStyle::None).then_some(self.quotechar),
            terminator: self.lineterminator,
        }
    }

    /// The arrow-csv format (without header: the reader handles the header itself).
    pub(super) fn format(&self) -> Result<arrow_csv::reader::Format> {
        let mut f = arrow_csv::reader::Format::default()
            .with_header(false)
            .with_delimiter(self.delimiter)
            // No quote style: a NUL byte never occurs in text, so nothing is a quote.
            .with_quote(if self.quoting == QuoteStyle::None {
                0
            } else {
                self.quotechar
            });
        if self.lineterminator != b'\n' {
            f = f.with_terminator(self.lineterminator);
        }
        if let Some(c) = self.comment {
            f = f.with_comment(c);
        }
        if let Some(r) = self.null_regex()? {
            f = f.with_null_regex(r);
        }
        Ok(f)
    }

    /// The missing-value tokens (empty when `na_filter` is off).
    pub(super) fn na_tokens(&self) -> Vec<String> {
        let mut tokens: Vec<String> = vec![];
        if self.na_filter {
            if self.keep_default_na {
                tokens.extend(DEFAULT_NA_VALUES.iter().map(|s| s.to_string()));
            } else {
                tokens.push(String::new());
            }
            tokens.extend(self.na_values.iter().cloned());
        }
        tokens
    }

    /// The format of the fast path: only empty fields are null while decoding, which
    /// spares a regex match per field (a third of the decode time); the other tokens are
    /// applied to text columns afterwards by [`super::parse::null_tokens`]. A number column holding a
    /// token fails to decode and that piece is decoded again with the full format.
    pub(super) fn fast_format(&self) -> Result<Option<arrow_csv::reader::Format>> {
        if !self.na_filter {
            return Ok(None);
        }
        let mut o = self.clone();
        o.keep_default_na = false;
        o.na_values.clear();
        o.format().map(Some)
    }

    /// The missing-value regex; `None` means arrow-csv's default (empty field is null).
    fn null_regex(&self) -> Result<Option<regex::Regex>> {
        let tokens = self.na_tokens();
        if tokens == [""] {
            return Ok(None);
        }
        let alts: Vec<String> = tokens.iter().map(|t| regex::escape(t)).collect();
        // With na_filter off nothing is null: the empty alternation never matches text.
        let pat = if alts.is_empty() {
            "^\\b\\B$".to_string()
        } else {
            format!("^(?:{})$", alts.join("|"))
        };
        regex::Regex::new(&pat)
            .map(Some)
            .map_err(|e| Error::value(format!("bad na_values: {e}")))
    }
}

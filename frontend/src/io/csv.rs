//! pandas' `read_csv` and `DataFrame.to_csv` on the core's CSV reader and writer.

use super::{IntoSink, IntoSource, UnnamedLevels, compression, one_byte};
use crate::DataFrame;
use crate::dtype::parse_dtype;
use crate::label::Label;
use ferrodf_core::io::csv::{self as core_csv, ColumnRef, CsvReaderOptions, CsvWriterOptions};
use ferrodf_core::io::{CompressionType, Progress, SinkInfo};
use ferrodf_core::{Error, Result};

/// Which row holds the column names (pandas' `header`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Header {
    /// The first row, unless `names` are given (pandas' `header="infer"`).
    #[default]
    Infer,
    /// This row (0-based, after `skiprows`); the rows above it are skipped.
    Row(usize),
    /// No header: every row is data (pandas' `header=None`).
    None,
}

/// pandas' `read_csv` arguments; start from [`ReadCsv::new`] and set what differs.
///
/// ```
/// use ferrodf::io::{Header, ReadCsv, read_csv};
/// let text = b"# generated\n1;2,5\n3;4,5\n".to_vec();
/// let opts = ReadCsv::new()
///     .sep(";")
///     .header(Header::None)
///     .names(["a", "b"])
///     .comment("#")
///     .decimal(",")
///     .dtype_of("a", "int32");
/// let df = read_csv(text, &opts).unwrap();
/// let dtype = |name: &str| ferrodf::dtype_name(df.column(&name.into()).unwrap().dtype());
/// assert_eq!((dtype("a"), dtype("b")), ("int32".to_string(), "float64".to_string()));
/// ```
#[derive(Clone, Default)]
pub struct ReadCsv {
    sep: Option<String>,
    header: Header,
    names: Option<Vec<String>>,
    usecols: Option<Vec<Label>>,
    dtype: Option<String>,
    dtypes: Vec<(String, String)>,
    na_values: Vec<String>,
    skiprows: usize,
    nrows: Option<usize>,
    parse_dates: Vec<Label>,
    index_col: Vec<Label>,
    compression: Option<String>,
    comment: Option<String>,
    decimal: Option<String>,
    thousands: Option<String>,
    progress: Option<Progress>,
}

impl ReadCsv {
    /// pandas' defaults: `sep=","`, `header="infer"`, `compression="infer"`.
    pub fn new() -> ReadCsv {
        ReadCsv {
            compression: Some("infer".into()),
            ..ReadCsv::default()
        }
    }
    /// The field separator (one character).
    pub fn sep(mut self, sep: impl Into<String>) -> ReadCsv {
        self.sep = Some(sep.into());
        self
    }
    /// Which row names the columns.
    pub fn header(mut self, header: Header) -> ReadCsv {
        self.header = header;
        self
    }
    /// The column names (they replace the header's; with no header they name the data).
    pub fn names<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> ReadCsv {
        self.names = Some(names.into_iter().map(Into::into).collect());
        self
    }
    /// The columns to read: all positions (integers) or all names, as in pandas.
    pub fn usecols<L: Into<Label>>(mut self, cols: impl IntoIterator<Item = L>) -> ReadCsv {
        self.usecols = Some(cols.into_iter().map(Into::into).collect());
        self
    }
    /// One pandas dtype name for every column (`"str"` keeps `007` as text).
    pub fn dtype(mut self, dtype: impl Into<String>) -> ReadCsv {
        self.dtype = Some(dtype.into());
        self
    }
    /// A pandas dtype name for the column `name` (pandas' `dtype={name: dtype}`).
    pub fn dtype_of(mut self, name: impl Into<String>, dtype: impl Into<String>) -> ReadCsv {
        self.dtypes.push((name.into(), dtype.into()));
        self
    }
    /// Texts read as missing besides pandas' defaults (`""`, `"NA"`, `"NaN"`, `"null"`...).
    pub fn na_values<S: Into<String>>(mut self, values: impl IntoIterator<Item = S>) -> ReadCsv {
        self.na_values = values.into_iter().map(Into::into).collect();
        self
    }
    /// Lines skipped at the start of the file.
    pub fn skiprows(mut self, rows: usize) -> ReadCsv {
        self.skiprows = rows;
        self
    }
    /// Read at most this many rows.
    pub fn nrows(mut self, rows: usize) -> ReadCsv {
        self.nrows = Some(rows);
        self
    }
    /// Columns (names or positions) parsed as timestamps.
    pub fn parse_dates<L: Into<Label>>(mut self, cols: impl IntoIterator<Item = L>) -> ReadCsv {
        self.parse_dates = cols.into_iter().map(Into::into).collect();
        self
    }
    /// Columns (names or positions) that become the index (a MultiIndex for several).
    pub fn index_col<L: Into<Label>>(mut self, cols: impl IntoIterator<Item = L>) -> ReadCsv {
        self.index_col = cols.into_iter().map(Into::into).collect();
        self
    }
    /// The compression by pandas' name (`None`: none; `"infer"`, the default, detects it).
    pub fn compression(mut self, name: Option<&str>) -> ReadCsv {
        self.compression = name.map(str::to_string);
        self
    }
    /// Lines starting with this character are skipped.
    pub fn comment(mut self, marker: impl Into<String>) -> ReadCsv {
        self.comment = Some(marker.into());
        self
    }
    /// The decimal separator of numbers.
    pub fn decimal(mut self, sep: impl Into<String>) -> ReadCsv {
        self.decimal = Some(sep.into());
        self
    }
    /// The thousands separator of numbers.
    pub fn thousands(mut self, sep: impl Into<String>) -> ReadCsv {
        self.thousands = Some(sep.into());
        self
    }
    /// A hook told (bytes decoded, input bytes) as the read goes on.
    pub fn progress(mut self, hook: Progress) -> ReadCsv {
        self.progress = Some(hook);
        self
    }

    /// The core reader's options these arguments mean.
    fn core_options(&self) -> Result<CsvReaderOptions> {
        let mut o = CsvReaderOptions {
            compression: compression(self.compression.as_deref())?,
            names: self.names.clone(),
            na_values: self.na_values.clone(),
            skiprows: self.skiprows,
            nrows: self.nrows,
            progress: self.progress.clone(),
            ..CsvReaderOptions::default()
        };
        if let Some(sep) = &self.sep {
            o.delimiter = one_byte("sep", sep)?;
        }
        if let Some(d) = &self.decimal {
            o.decimal = one_byte("decimal", d)?;
        }
        o.thousands = self
            .thousands
            .as_deref()
            .map(|t| one_byte("thousands", t))
            .transpose()?;
        o.comment = self
            .comment
            .as_deref()
            .map(|c| one_byte("comment", c))
            .transpose()?;
        o.header = match self.header {
            // pandas: names given and header inferred means the file has no header row
            Header::Infer if self.names.is_some() => -1,
            Header::Infer => 0,
            Header::Row(r) => r as i64,
            Header::None => -1,
        };
        o.usecols = self.usecols.as_deref().map(column_refs).transpose()?;
        o.parse_dates = column_refs(&self.parse_dates)?;
        o.dtype_default = self.dtype.as_deref().map(parse_dtype).transpose()?;
        o.dtypes = self
            .dtypes
            .iter()
            .map(|(n, d)| Ok((n.clone(), parse_dtype(d)?)))
            .collect::<Result<_>>()?;
        Ok(o)
    }
}

/// Column references of `usecols`/`parse_dates`: integers are positions, anything else a
/// name (pandas reads a list of integers as positions).
fn column_refs(labels: &[Label]) -> Result<Vec<ColumnRef>> {
    let positional = labels.iter().all(|l| matches!(l, Label::Int(_)));
    labels
        .iter()
        .map(|l| match l {
            Label::Int(i) if positional => usize::try_from(*i)
                .map(ColumnRef::Index)
                .map_err(|_| Error::value(format!("column position {i} is negative"))),
            other => Ok(ColumnRef::Name(other.to_plain_string())),
        })
        .collect()
}

/// A DataFrame from CSV text (pandas' `read_csv`): a path, bytes, or several sources
/// read one after the other.
///
/// ```
/// use ferrodf::io::{ReadCsv, read_csv};
/// let df = read_csv(b"a,b\n1,x\n,y\n".to_vec(), &ReadCsv::new()).unwrap();
/// assert_eq!(df.shape(), (2, 2));
/// assert!(read_csv("/no/such/file.csv", &ReadCsv::new()).is_err());
/// ```
pub fn read_csv(source: impl IntoSource, opts: &ReadCsv) -> Result<DataFrame> {
    let result = core_csv::read_csv(&source.into_source(), &opts.core_options()?)?;
    let df = DataFrame::from_read_result(result, &opts.index_col)?;
    if opts.header != Header::None || opts.names.is_some() {
        return Ok(df);
    }
    // no header and no names: pandas labels the columns by their positions in the file
    // (integers, which the reader wrote as "0", "1", ...)
    df.rename_columns(
        &|label| match label {
            Label::Str(s) => s.parse::<i64>().map_or_else(|_| label.clone(), Label::Int),
            other => other.clone(),
        },
        None,
    )
}

/// pandas' `to_csv` arguments; start from [`ToCsv::new`].
#[derive(Clone)]
pub struct ToCsv {
    sep: String,
    index: bool,
    header: bool,
    na_rep: String,
    compression: Option<String>,
    progress: Option<Progress>,
}

impl Default for ToCsv {
    fn default() -> ToCsv {
        ToCsv::new()
    }
}

impl ToCsv {
    /// pandas' defaults: comma-separated, with the index and a header, nulls as `""`.
    pub fn new() -> ToCsv {
        ToCsv {
            sep: ",".into(),
            index: true,
            header: true,
            na_rep: String::new(),
            compression: None,
            progress: None,
        }
    }
    /// The field separator (one character).
    pub fn sep(mut self, sep: impl Into<String>) -> ToCsv {
        self.sep = sep.into();
        self
    }
    /// Write the index levels as the leading columns.
    pub fn index(mut self, index: bool) -> ToCsv {
        self.index = index;
        self
    }
    /// Write the header row.
    pub fn header(mut self, header: bool) -> ToCsv {
        self.header = header;
        self
    }
    /// The text written for missing values.
    pub fn na_rep(mut self, text: impl Into<String>) -> ToCsv {
        self.na_rep = text.into();
        self
    }
    /// Whole-file compression by pandas' name (`None`: none).
    pub fn compression(mut self, name: Option<&str>) -> ToCsv {
        self.compression = name.map(str::to_string);
        self
    }
    /// A hook told (rows written, rows) as the write goes on.
    pub fn progress(mut self, hook: Progress) -> ToCsv {
        self.progress = Some(hook);
        self
    }
}

impl DataFrame {
    /// Write the frame as CSV (pandas' `to_csv`); the index levels lead, unnamed ones
    /// under an empty header.
    ///
    /// ```
    /// use ferrodf::{df, io::ToCsv};
    /// let df = df!("x" => [1i64, 2]).unwrap();
    /// let path = std::env::temp_dir().join("ferrodf_to_csv_doc.csv");
    /// df.to_csv(path.as_path(), &ToCsv::new().index(false)).unwrap();
    /// assert_eq!(std::fs::read_to_string(&path).unwrap(), "x\n1\n2\n");
    /// ```
    pub fn to_csv(&self, sink: impl IntoSink, opts: &ToCsv) -> Result<()> {
        self.write_csv(&sink.into_sink(), opts)
    }

    /// The CSV text [`DataFrame::to_csv`] writes (pandas' `to_csv()` with no path);
    /// compression does not apply to text.
    ///
    /// ```
    /// use ferrodf::{df, io::ToCsv};
    /// let df = df!("x" => [Some(1.5), None]).unwrap();
    /// assert_eq!(df.to_csv_string(&ToCsv::new().na_rep("NA")).unwrap(), ",x\n0,1.5\n1,NA\n");
    /// ```
    pub fn to_csv_string(&self, opts: &ToCsv) -> Result<String> {
        if opts.compression.is_some() {
            return Err(Error::value(
                "compression needs a file to write to; give a path, or no compression",
            ));
        }
        let sink = SinkInfo::memory();
        self.write_csv(&sink, opts)?;
        String::from_utf8(sink.take_bytes())
            .map_err(|e| Error::value(format!("the CSV text is not UTF-8: {e}")))
    }

    fn write_csv(&self, sink: &SinkInfo, opts: &ToCsv) -> Result<()> {
        let (table, names) = self.to_write(Some(opts.index), UnnamedLevels::Empty)?;
        let core = CsvWriterOptions {
            names: Some(names),
            na_rep: opts.na_rep.clone(),
            include_header: opts.header,
            inter_column_delimiter: one_byte("sep", &opts.sep)?,
            compression: match opts.compression.as_deref() {
                None => CompressionType::None,
                name => compression(name)?,
            },
            progress: opts.progress.clone(),
            ..CsvWriterOptions::default()
        };
        core_csv::write_csv(sink, &table, None, &core)
    }
}

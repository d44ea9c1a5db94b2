//! pandas' `read_parquet` and `DataFrame.to_parquet` on the core's Parquet reader and
//! writer.

use super::{IntoSink, IntoSource, UnnamedLevels, compression};
use crate::DataFrame;
use crate::label::Label;
use ferrodf_core::Result;
use ferrodf_core::interop::arrow::ColumnMetadata;
use ferrodf_core::io::parquet::{self as core_parquet, ParquetReaderOptions, ParquetWriterOptions};
use ferrodf_core::io::{Progress, SinkInfo};

/// pandas' `read_parquet` arguments; start from [`ReadParquet::new`].
///
/// ```
/// use ferrodf::{df, io::{ReadParquet, ToParquet, read_parquet}};
/// let path = std::env::temp_dir().join("ferrodf_read_parquet_doc.parquet");
/// df!("k" => [1i64, 2], "v" => [0.5, 1.5]).unwrap().to_parquet(path.as_path(), &ToParquet::new()).unwrap();
/// let df = read_parquet(path, &ReadParquet::new().columns(["v", "k"]).index_col(["k"])).unwrap();
/// assert_eq!(df.shape(), (2, 1));
/// ```
#[derive(Clone, Default)]
pub struct ReadParquet {
    columns: Option<Vec<String>>,
    index_col: Vec<Label>,
    progress: Option<Progress>,
}

impl ReadParquet {
    /// Every column, a default index.
    pub fn new() -> ReadParquet {
        ReadParquet::default()
    }
    /// Only these columns, in this order.
    pub fn columns<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> ReadParquet {
        self.columns = Some(names.into_iter().map(Into::into).collect());
        self
    }
    /// Columns (names or positions among those read) that become the index.
    pub fn index_col<L: Into<Label>>(mut self, cols: impl IntoIterator<Item = L>) -> ReadParquet {
        self.index_col = cols.into_iter().map(Into::into).collect();
        self
    }
    /// A hook told (bytes decoded, bytes to decode) as the read goes on.
    pub fn progress(mut self, hook: Progress) -> ReadParquet {
        self.progress = Some(hook);
        self
    }
}

/// A DataFrame from Parquet (pandas' `read_parquet`): a path, bytes, or several files read
/// one after the other.
pub fn read_parquet(source: impl IntoSource, opts: &ReadParquet) -> Result<DataFrame> {
    let core = ParquetReaderOptions {
        columns: opts.columns.clone(),
        progress: opts.progress.clone(),
        ..ParquetReaderOptions::default()
    };
    let result = core_parquet::read_parquet(&source.into_source(), &core)?;
    DataFrame::from_read_result(result, &opts.index_col)
}

/// pandas' `to_parquet` arguments; start from [`ToParquet::new`].
#[derive(Clone)]
pub struct ToParquet {
    compression: Option<String>,
    index: Option<bool>,
}

impl Default for ToParquet {
    fn default() -> ToParquet {
        ToParquet::new()
    }
}

impl ToParquet {
    /// pandas' defaults: snappy, and the index unless it is the default RangeIndex.
    pub fn new() -> ToParquet {
        ToParquet {
            compression: Some("snappy".into()),
            index: None,
        }
    }
    /// The page compression by pandas' name (`None`: none).
    pub fn compression(mut self, name: Option<&str>) -> ToParquet {
        self.compression = name.map(str::to_string);
        self
    }
    /// Write the index levels as columns (`None`, the default: unless it is the default
    /// RangeIndex); unnamed levels are called `__index_level_<i>__`, as pandas does.
    pub fn index(mut self, index: Option<bool>) -> ToParquet {
        self.index = index;
        self
    }
}

impl DataFrame {
    /// Write the frame as Parquet (pandas' `to_parquet`).
    pub fn to_parquet(&self, sink: impl IntoSink, opts: &ToParquet) -> Result<()> {
        self.write_parquet(&sink.into_sink(), opts)
    }

    /// The Parquet file [`DataFrame::to_parquet`] writes, as bytes.
    ///
    /// ```
    /// use ferrodf::{df, io::{ReadParquet, ToParquet, read_parquet}};
    /// let bytes = df!("x" => [1i64, 2]).unwrap().to_parquet_bytes(&ToParquet::new()).unwrap();
    /// assert_eq!(read_parquet(bytes, &ReadParquet::new()).unwrap().shape(), (2, 1));
    /// ```
    pub fn to_parquet_bytes(&self, opts: &ToParquet) -> Result<Vec<u8>> {
        let sink = SinkInfo::memory();
        self.write_parquet(&sink, opts)?;
        Ok(sink.take_bytes())
    }

    fn write_parquet(&self, sink: &SinkInfo, opts: &ToParquet) -> Result<()> {
        let (table, names) = self.to_write(opts.index, UnnamedLevels::Numbered)?;
        let metadata: Vec<ColumnMetadata> = names.iter().map(|n| n.as_str().into()).collect();
        let core = ParquetWriterOptions {
            compression: compression(opts.compression.as_deref())?,
            ..ParquetWriterOptions::default()
        };
        core_parquet::write_parquet(sink, &table, Some(&metadata), &core)
    }
}

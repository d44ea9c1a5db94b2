//! pandas' `read_json(lines=True)` and `DataFrame.to_json(orient="records", lines=True)`
//! on the core's JSON-lines reader and writer.

use super::{IntoSink, IntoSource, UnnamedLevels, compression};
use crate::DataFrame;
use ferrodf_core::interop::arrow::ColumnMetadata;
use ferrodf_core::io::compression::decompress;
use ferrodf_core::io::json::{self as core_json, JsonReaderOptions, JsonWriterOptions};
use ferrodf_core::io::{CompressionType, Progress, SinkInfo, Source, SourceInfo};
use ferrodf_core::{Error, Result};

/// pandas' `read_json` arguments; start from [`ReadJson::new`]. JSON lines (pandas'
/// `lines=True`) and, with `lines(false)`, one JSON array of records (pandas'
/// `orient="records"`, which its default orient also reads).
#[derive(Clone)]
pub struct ReadJson {
    lines: bool,
    compression: Option<String>,
    progress: Option<Progress>,
}

impl Default for ReadJson {
    fn default() -> ReadJson {
        ReadJson::new()
    }
}

impl ReadJson {
    /// JSON lines, compression detected from the content.
    pub fn new() -> ReadJson {
        ReadJson {
            lines: true,
            compression: Some("infer".into()),
            progress: None,
        }
    }
    /// One object per line; `false` (pandas' default): one JSON document, an array of
    /// records. Documents of pandas' other orients (an object of columns or of rows) make
    /// [`read_json`] fail with NotImplemented.
    pub fn lines(mut self, lines: bool) -> ReadJson {
        self.lines = lines;
        self
    }
    /// The compression by pandas' name (`None`: none; `"infer"`: detected).
    pub fn compression(mut self, name: Option<&str>) -> ReadJson {
        self.compression = name.map(str::to_string);
        self
    }
    /// A hook told (bytes decoded, input bytes) as the read goes on.
    pub fn progress(mut self, hook: Progress) -> ReadJson {
        self.progress = Some(hook);
        self
    }
}

/// A DataFrame from JSON lines (pandas' `read_json(lines=True)`) or from a JSON array of
/// records (`lines(false)`).
///
/// ```
/// use ferrodf::io::{ReadJson, read_json};
/// let df = read_json(b"{\"a\": 1}\n{\"a\": null, \"b\": \"x\"}\n".to_vec(), &ReadJson::new()).unwrap();
/// assert_eq!(df.shape(), (2, 2));
/// let records = read_json(b"[{\"a\": 1}, {\"a\": 2}]".to_vec(), &ReadJson::new().lines(false)).unwrap();
/// assert_eq!(records.shape(), (2, 1));
/// assert!(read_json(b"{\"a\": {\"0\": 1}}".to_vec(), &ReadJson::new().lines(false)).is_err());
/// ```
pub fn read_json(source: impl IntoSource, opts: &ReadJson) -> Result<DataFrame> {
    let mut core = JsonReaderOptions {
        compression: compression(opts.compression.as_deref())?,
        lines: opts.lines,
        progress: opts.progress.clone(),
        ..JsonReaderOptions::default()
    };
    let mut source = source.into_source();
    if !opts.lines {
        // The core reads an object document as one row; pandas reads it as columns (or
        // rows) keyed by label, which ferrodf does not do yet: only arrays of records pass.
        let mut documents = vec![];
        for s in source.sources() {
            let data = decompress(s.read_all()?, core.compression, &s.name())?;
            match data.iter().find(|b| !b.is_ascii_whitespace()) {
                Some(b'[') | None => documents.push(data),
                Some(_) => {
                    return Err(Error::not_implemented(format!(
                        "read_json(lines=False) reads a JSON array of records \
                         (orient='records'), but {} starts with an object: JSON lines (pass \
                         lines=True) or one of pandas' 'columns', 'index' or 'split' \
                         layouts, which ferrodf does not read yet (read those with pandas \
                         and convert with ferrodf.from_pandas)",
                        s.name()
                    )));
                }
            }
        }
        source = SourceInfo::new(documents.into_iter().map(Source::Bytes).collect());
        core.compression = CompressionType::None;
    }
    let result = core_json::read_json(&source, &core)?;
    DataFrame::from_read_result(result, &[])
}

/// pandas' `to_json` arguments; only `orient="records", lines=True` is written.
#[derive(Clone, Default)]
pub struct ToJson {
    _private: (),
}

impl ToJson {
    /// One object per row, one row per line; the index is not written (as pandas does
    /// for `orient="records"`).
    pub fn new() -> ToJson {
        ToJson::default()
    }
}

impl DataFrame {
    /// Write the frame as JSON lines (pandas' `to_json(orient="records", lines=True)`).
    pub fn to_json(&self, sink: impl IntoSink, opts: &ToJson) -> Result<()> {
        self.write_json(&sink.into_sink(), opts)
    }

    /// The JSON lines [`DataFrame::to_json`] writes; missing values are left out of
    /// their row's object.
    ///
    /// ```
    /// use ferrodf::{df, io::ToJson};
    /// let df = df!("a" => [Some(1i64), None]).unwrap();
    /// assert_eq!(df.to_json_string(&ToJson::new()).unwrap(), "{\"a\":1}\n{}\n");
    /// ```
    pub fn to_json_string(&self, opts: &ToJson) -> Result<String> {
        let sink = SinkInfo::memory();
        self.write_json(&sink, opts)?;
        String::from_utf8(sink.take_bytes())
            .map_err(|e| Error::value(format!("the JSON text is not UTF-8: {e}")))
    }

    fn write_json(&self, sink: &SinkInfo, _opts: &ToJson) -> Result<()> {
        let (table, names) = self.to_write(Some(false), UnnamedLevels::Empty)?;
        let metadata: Vec<ColumnMetadata> = names.iter().map(|n| n.as_str().into()).collect();
        core_json::write_json(sink, &table, Some(&metadata), &JsonWriterOptions::default())
    }
}

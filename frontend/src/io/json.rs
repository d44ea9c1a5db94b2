//! pandas' `read_json(lines=True)` and `DataFrame.to_json(orient="records", lines=True)`
//! on the core's JSON-lines reader and writer.

use super::{IntoSink, IntoSource, UnnamedLevels, compression};
use crate::DataFrame;
use ferrodf_core::interop::arrow::ColumnMetadata;
use ferrodf_core::io::json::{self as core_json, JsonReaderOptions, JsonWriterOptions};
use ferrodf_core::io::{Progress, SinkInfo};
use ferrodf_core::{Error, Result};

/// pandas' `read_json` arguments; start from [`ReadJson::new`]. Only JSON lines are read
/// (pandas' `lines=True`).
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
    /// One object per line; `false` (pandas' default, one JSON document) is not supported
    /// yet and makes [`read_json`] fail with NotImplemented.
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

/// A DataFrame from JSON lines (pandas' `read_json(lines=True)`).
///
/// ```
/// use ferrodf::io::{ReadJson, read_json};
/// let df = read_json(b"{\"a\": 1}\n{\"a\": null, \"b\": \"x\"}\n".to_vec(), &ReadJson::new()).unwrap();
/// assert_eq!(df.shape(), (2, 2));
/// assert!(read_json(b"[]".to_vec(), &ReadJson::new().lines(false)).is_err());
/// ```
pub fn read_json(source: impl IntoSource, opts: &ReadJson) -> Result<DataFrame> {
    if !opts.lines {
        return Err(Error::not_implemented(
            "read_json reads JSON lines only (one object per line); pass lines=True",
        ));
    }
    let core = JsonReaderOptions {
        compression: compression(opts.compression.as_deref())?,
        lines: true,
        progress: opts.progress.clone(),
        ..JsonReaderOptions::default()
    };
    let result = core_json::read_json(&source.into_source(), &core)?;
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

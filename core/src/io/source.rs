//! Where readers take their bytes from and writers put them.

use crate::error::{Error, Result};
use bytes::Bytes;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// One input: a file on disk or bytes already in memory.
#[derive(Debug, Clone)]
pub enum Source {
    /// A file path, opened when the read starts.
    Path(PathBuf),
    /// Bytes in memory (shared, not copied).
    Bytes(Bytes),
}

impl Source {
    /// How the source is named in error messages.
    pub fn name(&self) -> String {
        match self {
            Source::Path(p) => p.display().to_string(),
            Source::Bytes(b) => format!("<{} bytes in memory>", b.len()),
        }
    }

    /// All of the source's bytes. Files are read with one `read` into a buffer of the
    /// file's size: the decoders want contiguous input, and the page cache makes this as
    /// fast as a memory map for a single pass.
    pub fn read_all(&self) -> Result<Bytes> {
        match self {
            Source::Bytes(b) => Ok(b.clone()),
            Source::Path(p) => {
                let v = std::fs::read(p).map_err(|e| Error::io(&e, p.display()))?;
                Ok(Bytes::from(v))
            }
        }
    }

    /// Open a file source for random access (Parquet reads only the parts it needs).
    pub(crate) fn open(path: &Path) -> Result<std::fs::File> {
        let f = std::fs::File::open(path).map_err(|e| Error::io(&e, path.display()))?;
        let md = f.metadata().map_err(|e| Error::io(&e, path.display()))?;
        if md.is_dir() {
            return Err(Error::Io(
                std::io::ErrorKind::IsADirectory,
                format!("{}: is a directory, not a file", path.display()),
            ));
        }
        Ok(f)
    }
}

/// The inputs of a read (pylibcudf's `SourceInfo`). Several sources are read with the same
/// options and their rows concatenated in order.
///
/// ```
/// use ferrodf_core::io::SourceInfo;
/// let s = SourceInfo::from_paths(["a.csv", "b.csv"]);
/// assert_eq!(s.sources().len(), 2);
/// ```
#[derive(Debug, Clone, Default)]
pub struct SourceInfo {
    sources: Vec<Source>,
}

impl SourceInfo {
    /// Sources from a list.
    pub fn new(sources: Vec<Source>) -> SourceInfo {
        SourceInfo { sources }
    }
    /// File paths.
    pub fn from_paths<P: AsRef<Path>>(paths: impl IntoIterator<Item = P>) -> SourceInfo {
        SourceInfo::new(
            paths
                .into_iter()
                .map(|p| Source::Path(p.as_ref().to_path_buf()))
                .collect(),
        )
    }
    /// One in-memory buffer.
    pub fn from_bytes(bytes: impl Into<Bytes>) -> SourceInfo {
        SourceInfo::new(vec![Source::Bytes(bytes.into())])
    }
    /// The sources.
    pub fn sources(&self) -> &[Source] {
        &self.sources
    }
    pub(crate) fn non_empty(&self) -> Result<&[Source]> {
        if self.sources.is_empty() {
            return Err(Error::value(
                "SourceInfo has no sources; give a path or bytes",
            ));
        }
        Ok(&self.sources)
    }
}

/// Where a writer puts its output (pylibcudf's `SinkInfo`): a file, or a memory buffer the
/// caller takes the bytes from afterwards.
///
/// ```
/// use ferrodf_core::io::SinkInfo;
/// let sink = SinkInfo::memory();
/// let mut w = sink.open().unwrap();
/// w.write_all(b"abc").unwrap();
/// drop(w);
/// assert_eq!(sink.take_bytes(), b"abc");
/// # use std::io::Write;
/// ```
#[derive(Debug, Clone)]
pub enum SinkInfo {
    /// A file, created or truncated.
    Path(PathBuf),
    /// Bytes kept in memory.
    Memory(Arc<Mutex<Vec<u8>>>),
}

impl SinkInfo {
    /// A new in-memory sink.
    pub fn memory() -> SinkInfo {
        SinkInfo::Memory(Arc::default())
    }
    /// A file sink.
    pub fn path(p: impl AsRef<Path>) -> SinkInfo {
        SinkInfo::Path(p.as_ref().to_path_buf())
    }
    /// A writer into the sink (buffered for files).
    pub fn open(&self) -> Result<Box<dyn Write + Send>> {
        match self {
            SinkInfo::Path(p) => {
                let f = std::fs::File::create(p).map_err(|e| Error::io(&e, p.display()))?;
                Ok(Box::new(std::io::BufWriter::with_capacity(1 << 20, f)))
            }
            SinkInfo::Memory(m) => Ok(Box::new(MemoryWriter(m.clone()))),
        }
    }
    /// The bytes written to a memory sink so far (empty for a file sink); the sink is
    /// left empty.
    pub fn take_bytes(&self) -> Vec<u8> {
        match self {
            SinkInfo::Path(_) => vec![],
            SinkInfo::Memory(m) => {
                std::mem::take(&mut *m.lock().unwrap_or_else(|e| e.into_inner()))
            }
        }
    }
    /// How the sink is named in error messages.
    pub fn name(&self) -> String {
        match self {
            SinkInfo::Path(p) => p.display().to_string(),
            SinkInfo::Memory(_) => "<memory>".into(),
        }
    }
}

struct MemoryWriter(Arc<Mutex<Vec<u8>>>);

impl Write for MemoryWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Map a write error onto the sink's name.
pub(crate) fn write_err(sink: &SinkInfo, e: std::io::Error) -> Error {
    Error::io(&e, sink.name())
}

//! Splitting text at a multi-byte delimiter (pylibcudf's `io.text`).
//!
//! [`multibyte_split`] turns a text source into a STRING column with one row per
//! delimited record. The source is read (and, for BGZIP files, decompressed) on the host.
//! With a GPU the text is uploaded and split there (`device/kernels/text_split.rs`: a
//! thread per byte finds the delimiter, the rows and their bytes follow; the kept rows'
//! bytes are checked for UTF-8 on the host copy); on the CPU `memchr`'s two-way substring
//! search finds it. Texts of 2 GiB or more are split on the host (a counted fallback).
//!
//! Rows are the pieces between leftmost non-overlapping matches of the delimiter, each
//! ending with its delimiter (or without it, with `strip_delimiters`); the piece after
//! the last delimiter is the last row, empty when the input ends with the delimiter. An
//! empty input has no rows. With a byte range, only the rows that *start* inside it are
//! returned, whole: a row may run past the end of the range, so consecutive ranges that
//! tile the input give every row exactly once.
//!
//! ```
//! use ferrodf_core::io::text::{ByteRangeInfo, DataChunkSource, multibyte_split};
//! let src = DataChunkSource::from_bytes(&b"a::bb::ccc"[..]);
//! let all = multibyte_split(&src, "::", None, true).unwrap();
//! assert_eq!(all.size(), 3);
//! // Rows starting in bytes [0, 4): "a::" (at 0) and "bb::" (at 3).
//! let first = multibyte_split(&src, "::", Some(ByteRangeInfo::new(0, 4)), false).unwrap();
//! assert_eq!(first.size(), 2);
//! ```

use crate::column::Column;
use crate::device::kernels::text_split as dev;
use crate::error::{Error, Result};
use crate::interop::arrow::from_arrow;
use crate::placement::{host_fallback, use_device};
use arrow_array::GenericStringArray;
use arrow_buffer::{Buffer, OffsetBuffer, ScalarBuffer};
use bytes::Bytes;
use std::io::Read;
use std::path::{Path, PathBuf};

/// A byte range of a source (libcudf's `byte_range_info`): `size` bytes from `offset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByteRangeInfo {
    /// First byte of the range.
    pub offset: u64,
    /// Bytes in the range.
    pub size: u64,
}

impl ByteRangeInfo {
    /// `size` bytes from `offset`.
    pub fn new(offset: u64, size: u64) -> ByteRangeInfo {
        ByteRangeInfo { offset, size }
    }
    /// Whether `pos` lies in the range (its end saturates instead of overflowing).
    fn contains(&self, pos: u64) -> bool {
        pos >= self.offset && pos < self.offset.saturating_add(self.size)
    }
}

/// Where [`multibyte_split`] reads its text (libcudf's `data_chunk_source`).
#[derive(Debug, Clone)]
pub enum DataChunkSource {
    /// Text in memory.
    Bytes(Bytes),
    /// A file, read when the split runs.
    File(PathBuf),
    /// A BGZIP file (blocked gzip, as written by `bgzip`), decompressed from the virtual
    /// offset `begin` up to the virtual offset `end` (exclusive); `None` means the start
    /// or the end of the file. A virtual offset is `(block's file offset << 16) | offset
    /// in the block's decompressed bytes`, as in Tabix indexes.
    Bgzip {
        /// The file.
        path: PathBuf,
        /// First virtual offset read.
        begin: Option<u64>,
        /// Virtual offset one past the last byte read.
        end: Option<u64>,
    },
}

impl DataChunkSource {
    /// Text in memory (pylibcudf's `make_source`).
    pub fn from_bytes(data: impl Into<Bytes>) -> DataChunkSource {
        DataChunkSource::Bytes(data.into())
    }
    /// A file (pylibcudf's `make_source_from_file`).
    pub fn from_file(path: impl AsRef<Path>) -> DataChunkSource {
        DataChunkSource::File(path.as_ref().to_path_buf())
    }
    /// A BGZIP file between two virtual offsets (pylibcudf's
    /// `make_source_from_bgzip_file`); a negative offset means the file's start or end.
    pub fn from_bgzip_file(
        path: impl AsRef<Path>,
        virtual_begin: i64,
        virtual_end: i64,
    ) -> DataChunkSource {
        DataChunkSource::Bgzip {
            path: path.as_ref().to_path_buf(),
            begin: u64::try_from(virtual_begin).ok(),
            end: u64::try_from(virtual_end).ok(),
        }
    }

    /// The source's text (decompressed for BGZIP).
    pub fn read(&self) -> Result<Bytes> {
        match self {
            DataChunkSource::Bytes(b) => Ok(b.clone()),
            DataChunkSource::File(p) => super::Source::Path(p.clone()).read_all(),
            DataChunkSource::Bgzip { path, begin, end } => {
                let raw = super::Source::Path(path.clone()).read_all()?;
                bgzip_range(&raw, *begin, *end, &path.display().to_string()).map(Bytes::from)
            }
        }
    }
}

/// The decompressed bytes of a BGZIP file from virtual offset `begin` to `end`.
fn bgzip_range(raw: &[u8], begin: Option<u64>, end: Option<u64>, name: &str) -> Result<Vec<u8>> {
    let split = |v: u64| ((v >> 16) as usize, (v & 0xffff) as usize);
    let (start_block, start_in) = begin.map_or((0, 0), split);
    let stop = end.map(split);
    if let (Some(b), Some(e)) = (begin, end)
        && e < b
    {
        return Err(Error::value(format!(
            "{name}: virtual_end {e} is before virtual_begin {b}"
        )));
    }
    if start_block > raw.len() {
        return Err(Error::value(format!(
            "{name}: virtual_begin points at byte {start_block} of a {}-byte file",
            raw.len()
        )));
    }
    let bad = |at: usize, what: &str| {
        Error::value(format!(
            "{name}: not a BGZIP file (block at byte {at}: {what})"
        ))
    };
    let mut out = Vec::new();
    let mut pos = start_block;
    let mut first = true;
    while pos < raw.len() {
        if let Some((eb, _)) = stop
            && pos > eb
        {
            break;
        }
        // Header: gzip magic, deflate, FEXTRA, then a "BC" subfield holding the block
        // size minus one.
        let h = raw
            .get(pos..pos + 18)
            .ok_or_else(|| bad(pos, "truncated header"))?;
        if h[0] != 0x1f || h[1] != 0x8b || h[2] != 8 || h[3] & 4 == 0 {
            return Err(bad(pos, "no gzip header with extra fields"));
        }
        let xlen = u16::from_le_bytes([h[10], h[11]]) as usize;
        let extra = raw
            .get(pos + 12..pos + 12 + xlen)
            .ok_or_else(|| bad(pos, "truncated extra field"))?;
        let mut bsize = None;
        let mut i = 0;
        while i + 4 <= extra.len() {
            let slen = u16::from_le_bytes([extra[i + 2], extra[i + 3]]) as usize;
            if extra[i] == b'B' && extra[i + 1] == b'C' && slen == 2 && i + 6 <= extra.len() {
                bsize = Some(u16::from_le_bytes([extra[i + 4], extra[i + 5]]) as usize + 1);
            }
            i += 4 + slen;
        }
        let bsize = bsize.ok_or_else(|| bad(pos, "no BC block size"))?;
        let block = raw
            .get(pos..pos + bsize)
            .ok_or_else(|| bad(pos, "truncated block"))?;
        let mut data = Vec::new();
        flate2::read::GzDecoder::new(block)
            .read_to_end(&mut data)
            .map_err(|e| bad(pos, &format!("cannot decompress: {e}")))?;
        let lo = if first { start_in.min(data.len()) } else { 0 };
        let hi = match stop {
            Some((eb, ei)) if eb == pos => ei.min(data.len()),
            _ => data.len(),
        };
        if lo < hi {
            out.extend_from_slice(&data[lo..hi]);
        }
        first = false;
        pos += bsize;
    }
    Ok(out)
}

/// `ValueError` unless `bytes` are UTF-8.
fn check_utf8(bytes: &[u8]) -> Result<()> {
    match std::str::from_utf8(bytes) {
        Ok(_) => Ok(()),
        Err(e) => Err(Error::value(format!(
            "multibyte_split: the text is not UTF-8 ({e}); STRING columns hold UTF-8 only"
        ))),
    }
}

/// Split the text of `source` at every `delimiter` into a STRING column (pylibcudf's
/// `multibyte_split`; see the module doc for the rows and the byte range).
///
/// Errors: an empty delimiter or text that is not UTF-8 is a `ValueError`; an unreadable
/// file keeps its OS error kind.
pub fn multibyte_split(
    source: &DataChunkSource,
    delimiter: &str,
    byte_range: Option<ByteRangeInfo>,
    strip_delimiters: bool,
) -> Result<Column> {
    if delimiter.is_empty() {
        return Err(Error::value(
            "multibyte_split: the delimiter is empty; give at least one byte",
        ));
    }
    let data = source.read()?;
    let delim = delimiter.as_bytes();
    if use_device()? {
        if data.len() < i32::MAX as usize {
            let range = byte_range.map_or((0, u64::MAX), |r| {
                (r.offset, r.offset.saturating_add(r.size))
            });
            let (col, span) = dev::multibyte_split(&data, delim, range, strip_delimiters)?;
            if let Some((s, e)) = span {
                check_utf8(&data[s..e])?;
            }
            return Ok(col);
        }
        host_fallback(
            "io.text.multibyte_split",
            "a text of 2 GiB or more (the device search uses 32-bit positions)",
        )?;
    }
    // (start, end without the delimiter, end with it) of each row.
    let mut rows: Vec<(usize, usize, usize)> = vec![];
    if !data.is_empty() {
        let mut start = 0;
        for m in memchr::memmem::find_iter(&data, delim) {
            rows.push((start, m, m + delim.len()));
            start = m + delim.len();
        }
        rows.push((start, data.len(), data.len()));
    }
    if let Some(r) = byte_range {
        rows.retain(|&(s, _, _)| r.contains(s as u64));
    }
    let total: usize = rows
        .iter()
        .map(|&(s, e, ed)| if strip_delimiters { e - s } else { ed - s })
        .sum();
    let mut values = Vec::with_capacity(total);
    let mut offsets = Vec::with_capacity(rows.len() + 1);
    offsets.push(0i64);
    for &(s, e, ed) in &rows {
        values.extend_from_slice(&data[s..if strip_delimiters { e } else { ed }]);
        offsets.push(values.len() as i64);
    }
    check_utf8(&values)?;
    let values = Buffer::from_vec(values);
    let array: arrow_array::ArrayRef = if total <= i32::MAX as usize {
        let o: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
        let o = OffsetBuffer::new(ScalarBuffer::from(o));
        std::sync::Arc::new(GenericStringArray::<i32>::try_new(o, values, None)?)
    } else {
        let o = OffsetBuffer::new(ScalarBuffer::from(offsets));
        std::sync::Arc::new(GenericStringArray::<i64>::try_new(o, values, None)?)
    };
    from_arrow(array.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interop::arrow::to_arrow;
    use arrow_array::Array;
    use arrow_array::cast::AsArray;

    fn strings(c: &Column) -> Vec<String> {
        let a = to_arrow(c).unwrap();
        let a = arrow_cast::cast(&a, &arrow_schema::DataType::Utf8).unwrap();
        let s = a.as_string::<i32>();
        (0..s.len()).map(|i| s.value(i).to_string()).collect()
    }

    fn split(text: &str, d: &str, r: Option<(u64, u64)>, strip: bool) -> Vec<String> {
        let src = DataChunkSource::from_bytes(text.as_bytes().to_vec());
        let r = r.map(|(o, s)| ByteRangeInfo::new(o, s));
        strings(&multibyte_split(&src, d, r, strip).unwrap())
    }

    #[test]
    fn matches_str_split() {
        for (text, d) in [
            ("a::bb::ccc", "::"),
            ("::x::", "::"),
            ("aaaa", "aa"),
            ("aaa", "aa"),
            ("no delimiter", "|"),
            ("ünï|cödé|", "|"),
            ("x\r\ny\r\n", "\r\n"),
        ] {
            let want: Vec<String> = text.split(d).map(String::from).collect();
            assert_eq!(split(text, d, None, true), want, "{text:?} by {d:?}");
            let n = want.len();
            let kept: Vec<String> = want
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    if i + 1 < n {
                        format!("{w}{d}")
                    } else {
                        w.clone()
                    }
                })
                .collect();
            assert_eq!(split(text, d, None, false), kept);
        }
        assert!(split("", ",", None, false).is_empty());
    }

    #[test]
    fn byte_ranges_tile_the_rows() {
        let text = "ab,c,,def,g";
        let all = split(text, ",", None, false);
        for cut in 0..=text.len() + 1 {
            let mut got = split(text, ",", Some((0, cut as u64)), false);
            got.extend(split(text, ",", Some((cut as u64, u64::MAX)), false));
            assert_eq!(got, all, "cut at {cut}");
        }
    }

    #[test]
    fn bad_input() {
        let src = DataChunkSource::from_bytes(vec![0xffu8, b',', b'a']);
        assert!(matches!(
            multibyte_split(&src, ",", None, false),
            Err(Error::Value(_))
        ));
        assert!(matches!(
            multibyte_split(&src, "", None, false),
            Err(Error::Value(_))
        ));
        let missing = DataChunkSource::from_file("/nonexistent/ferrodf/x.txt");
        assert!(matches!(
            multibyte_split(&missing, ",", None, false),
            Err(Error::Io(std::io::ErrorKind::NotFound, _))
        ));
    }

    /// One BGZF block of `data` (the block size goes into the BC subfield).
    fn bgzf_block(data: &[u8]) -> Vec<u8> {
        use std::io::Write;
        let mut z = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(data).unwrap();
        let deflated = z.finish().unwrap();
        let bsize = 18 + deflated.len() + 8;
        let mut out = vec![
            0x1f, 0x8b, 8, 4, 0, 0, 0, 0, 0, 0xff, 6, 0, b'B', b'C', 2, 0,
        ];
        out.extend_from_slice(&((bsize - 1) as u16).to_le_bytes());
        out.extend_from_slice(&deflated);
        let mut crc = flate2::Crc::new();
        crc.update(data);
        out.extend_from_slice(&crc.sum().to_le_bytes());
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out
    }

    #[test]
    fn bgzip_virtual_offsets() {
        let b0 = bgzf_block(b"r1,r2,");
        let b1 = bgzf_block(b"r3,r4");
        let mut file = b0.clone();
        file.extend_from_slice(&b1);
        let dir = std::env::temp_dir().join(format!("ferrodf-bgzf-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.gz");
        std::fs::write(&path, &file).unwrap();
        let all = DataChunkSource::from_bgzip_file(&path, -1, -1);
        assert_eq!(
            strings(&multibyte_split(&all, ",", None, true).unwrap()),
            ["r1", "r2", "r3", "r4"]
        );
        // From "r2" in block 0 to just before "r4" in block 1.
        let v1 = (b0.len() as i64) << 16;
        let part = DataChunkSource::from_bgzip_file(&path, 3, v1 | 3);
        assert_eq!(
            strings(&multibyte_split(&part, ",", None, true).unwrap()),
            ["r2", "r3", ""]
        );
        std::fs::write(&path, b"plain text").unwrap();
        assert!(matches!(all.read(), Err(Error::Value(_))));
        std::fs::remove_dir_all(&dir).ok();
    }
}

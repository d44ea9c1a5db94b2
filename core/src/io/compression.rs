//! Whole-stream compression of CSV and JSON files (Parquet compresses its pages itself).

use crate::error::{Error, Result};
use crate::named_enum::named_enum;
use bytes::Bytes;
use std::io::{Read, Write};

named_enum! {
    /// libcudf's compression types (same values as pylibcudf).
    #[derive(Default)]
    pub enum CompressionType in "io.types" {
        /// Not compressed.
        None,
        /// Detect from the content (readers) or pick the format's default (writers).
        #[default]
        Auto,
        /// Snappy (Parquet pages).
        Snappy,
        /// gzip.
        Gzip,
        /// bzip2.
        Bzip2,
        /// Brotli (Parquet pages).
        Brotli,
        /// zip archives (not supported).
        Zip,
        /// xz (not supported).
        Xz,
        /// zlib.
        Zlib,
        /// LZ4 (Parquet pages).
        Lz4,
        /// LZO (not supported).
        Lzo,
        /// Zstandard.
        Zstd,
    }
}

impl CompressionType {
    /// The codec that produced `data`, from its magic bytes (`None` when it is none of
    /// gzip, zstd and bzip2).
    pub fn detect(data: &[u8]) -> CompressionType {
        match data {
            [0x1f, 0x8b, ..] => CompressionType::Gzip,
            [0x28, 0xb5, 0x2f, 0xfd, ..] => CompressionType::Zstd,
            [b'B', b'Z', b'h', ..] => CompressionType::Bzip2,
            _ => CompressionType::None,
        }
    }
}

fn unsupported(c: CompressionType, what: &str) -> Error {
    Error::not_implemented(format!(
        "{c:?} compression is not supported for {what}; use NONE, GZIP, BZIP2, ZLIB or ZSTD"
    ))
}

/// Decompress a whole CSV or JSON input. `Auto` looks at the magic bytes.
///
/// ```
/// use ferrodf_core::io::compression::{compress, decompress, CompressionType};
/// let z = compress(b"a,b\n1,2\n", CompressionType::Gzip).unwrap();
/// assert_eq!(&decompress(z.into(), CompressionType::Auto, "x").unwrap()[..], b"a,b\n1,2\n");
/// ```
pub fn decompress(data: Bytes, c: CompressionType, name: &str) -> Result<Bytes> {
    let c = match c {
        CompressionType::Auto => CompressionType::detect(&data),
        c => c,
    };
    let mut out = Vec::new();
    let res = match c {
        CompressionType::None => return Ok(data),
        CompressionType::Gzip => flate2::read::MultiGzDecoder::new(&data[..]).read_to_end(&mut out),
        CompressionType::Zlib => flate2::read::ZlibDecoder::new(&data[..]).read_to_end(&mut out),
        CompressionType::Bzip2 => bzip2::read::MultiBzDecoder::new(&data[..]).read_to_end(&mut out),
        CompressionType::Zstd => {
            zstd::stream::read::Decoder::new(&data[..]).and_then(|mut d| d.read_to_end(&mut out))
        }
        other => return Err(unsupported(other, "CSV and JSON")),
    };
    res.map_err(|e| {
        Error::value(format!(
            "{name}: cannot decompress the {c:?} data after {} output bytes: {e}",
            out.len()
        ))
    })?;
    Ok(Bytes::from(out))
}

/// Compress a whole CSV or JSON output (`None`/`Auto` leave it as is).
pub fn compress(data: &[u8], c: CompressionType) -> Result<Vec<u8>> {
    let io = |e: std::io::Error| Error::value(format!("{c:?} compression failed: {e}"));
    Ok(match c {
        CompressionType::None | CompressionType::Auto => data.to_vec(),
        CompressionType::Gzip => {
            let mut w = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            w.write_all(data).map_err(io)?;
            w.finish().map_err(io)?
        }
        CompressionType::Zlib => {
            let mut w = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
            w.write_all(data).map_err(io)?;
            w.finish().map_err(io)?
        }
        CompressionType::Bzip2 => {
            let mut w = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
            w.write_all(data).map_err(io)?;
            w.finish().map_err(io)?
        }
        CompressionType::Zstd => zstd::stream::encode_all(data, 3).map_err(io)?,
        other => return Err(unsupported(other, "CSV and JSON")),
    })
}

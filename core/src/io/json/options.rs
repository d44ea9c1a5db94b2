//! [`JsonReaderOptions`]: libcudf's `json_reader_options`, with its defaults.

use super::prepass::Rules;
use crate::error::{Error, Result};
use crate::io::compression::CompressionType;
use crate::io::{Progress, debug_fields};
use crate::named_enum::named_enum;
use crate::types::{DataType, TypeId};

named_enum! {
    /// What the JSON reader does with a malformed record (libcudf's
    /// `json_recovery_mode_t`): `Fail` raises, `RecoverWithNull` reads it as a row of nulls.
    pub enum JSONRecoveryMode in "io.types" {
        Fail,
        RecoverWithNull,
    }
}

/// Options of [`read_json`](super::read_json) (pylibcudf's `JsonReaderOptions`).
///
/// The defaults are libcudf's except `lines` (ferrodf reads JSON lines unless told
/// otherwise). Options that change the text (`keep_quotes`, `normalize_single_quotes`,
/// `strict_validation`, `na_values`, a recovery mode, `lines = false`, a delimiter other
/// than `'\n'`, `mixed_types_as_string`) make the reader check and rewrite each record
/// before arrow-json decodes it; with the defaults it runs only on input arrow-json
/// refuses.
///
/// ```
/// use ferrodf_core::io::{SourceInfo, json::{JsonReaderOptions, JSONRecoveryMode, read_json}};
/// let src = SourceInfo::from_bytes(&b"{'a': 'x'}\n{oops\n{'a': NaN}"[..]);
/// let opts = JsonReaderOptions {
///     normalize_single_quotes: true,
///     recovery_mode: JSONRecoveryMode::RecoverWithNull,
///     ..Default::default()
/// };
/// let t = read_json(&src, &opts).unwrap();
/// assert_eq!(t.table.num_rows(), 3);
/// assert_eq!(t.table.columns()[0].null_count().unwrap(), 1);
/// ```
#[derive(Clone)]
pub struct JsonReaderOptions {
    /// Whole-file compression; `Auto` detects gzip, zstd and bzip2.
    pub compression: CompressionType,
    /// One JSON object per record (`false`: one JSON array of objects, or one object).
    pub lines: bool,
    /// Explicit types of top-level columns, by name (other columns are inferred).
    pub dtypes: Vec<(String, DataType)>,
    /// Progress hook (bytes decoded, input bytes).
    pub progress: Option<Progress>,
    /// Read only the records that start at or after this byte (of the decompressed
    /// input, all sources joined by the delimiter); lines only.
    pub byte_range_offset: usize,
    /// Read only the records that start before `byte_range_offset + byte_range_size`
    /// (0: to the end). The record straddling the end is read whole.
    pub byte_range_size: usize,
    /// The character between records of JSON lines (`'\n'`). It must not occur inside
    /// strings, and cannot be one of `{}[],:"'\` or a space, tab or `'\r'`.
    pub delimiter: u8,
    /// String values keep their surrounding double quotes.
    pub keep_quotes: bool,
    /// A top-level column whose values mix objects, lists and scalars is read as strings:
    /// each value's JSON text (a string value its text). It also lets a `STRING` dtype
    /// read objects and lists as their JSON text.
    pub mixed_types_as_string: bool,
    /// With `dtypes`, only the columns named there are read (others are not inferred).
    pub prune_columns: bool,
    /// `d/m/yyyy` rather than `m/d/yyyy` for columns given a timestamp dtype.
    pub dayfirst: bool,
    /// Accepted and stored: libcudf gates unfinished device-parser changes behind it;
    /// ferrodf's host reader has no such path, so it changes nothing.
    pub experimental: bool,
    /// Keys and strings may be single-quoted (read as double-quoted strings).
    pub normalize_single_quotes: bool,
    /// Whitespace outside strings is dropped; visible only in the text of mixed-type
    /// values (JSON already ignores it elsewhere).
    pub normalize_whitespace: bool,
    /// Enforce the `allow_*` rules below (libcudf checks them only when this is on).
    pub strict_validation: bool,
    /// Raw control characters (below 0x20) allowed inside strings.
    pub allow_unquoted_control_chars: bool,
    /// Numbers like `007` allowed (read as 7).
    pub allow_numeric_leading_zeros: bool,
    /// `NaN`, `Infinity`, `+Infinity`, `-Infinity`, `INF`, `+INF`, `-INF` allowed as
    /// floats (always read as floats without strict validation).
    pub allow_nonnumeric_numbers: bool,
    /// Values whose text (strings without their quotes) is one of these are null.
    pub na_values: Vec<String>,
    /// What a malformed record does.
    pub recovery_mode: JSONRecoveryMode,
}

impl Default for JsonReaderOptions {
    fn default() -> Self {
        JsonReaderOptions {
            compression: CompressionType::Auto,
            lines: true,
            dtypes: vec![],
            progress: None,
            byte_range_offset: 0,
            byte_range_size: 0,
            delimiter: b'\n',
            keep_quotes: false,
            mixed_types_as_string: false,
            prune_columns: false,
            dayfirst: false,
            experimental: false,
            normalize_single_quotes: false,
            normalize_whitespace: false,
            strict_validation: false,
            allow_unquoted_control_chars: true,
            allow_numeric_leading_zeros: true,
            allow_nonnumeric_numbers: true,
            na_values: vec![],
            recovery_mode: JSONRecoveryMode::Fail,
        }
    }
}

debug_fields!(JsonReaderOptions {
    compression,
    lines,
    dtypes,
    byte_range_offset,
    byte_range_size,
    delimiter,
    keep_quotes,
    mixed_types_as_string,
    prune_columns,
    dayfirst,
    experimental,
    normalize_single_quotes,
    normalize_whitespace,
    strict_validation,
    allow_unquoted_control_chars,
    allow_numeric_leading_zeros,
    allow_nonnumeric_numbers,
    na_values,
    recovery_mode,
});

impl JsonReaderOptions {
    /// Reject option combinations libcudf rejects.
    pub(crate) fn check(&self) -> Result<()> {
        if matches!(
            self.delimiter,
            b'{' | b'[' | b'}' | b']' | b',' | b':' | b'"' | b'\'' | b'\\' | b' ' | b'\t' | b'\r'
        ) {
            return Err(Error::value(format!(
                "unsupported JSON delimiter {:?}",
                self.delimiter as char
            )));
        }
        if !self.lines && self.has_byte_range() {
            return Err(Error::value(
                "a byte range can only be read from JSON lines (lines=True)",
            ));
        }
        Ok(())
    }

    pub(crate) fn has_byte_range(&self) -> bool {
        self.byte_range_offset > 0 || self.byte_range_size > 0
    }

    fn date_keys(&self) -> impl Iterator<Item = &String> {
        self.dtypes
            .iter()
            .filter(|(_, t)| t.id().is_timestamp())
            .map(|(n, _)| n)
    }

    /// Whether `data` needs the record pass before arrow-json reads it (input arrow-json
    /// refuses also goes through it, after the fast path fails).
    pub(crate) fn needs_rewrite(&self, data: &[u8]) -> bool {
        !self.lines
            || self.delimiter != b'\n'
            || self.keep_quotes
            || self.mixed_types_as_string
            || self.normalize_single_quotes
            || self.strict_validation
            || !self.na_values.is_empty()
            || self.recovery_mode != JSONRecoveryMode::Fail
            || (self.date_keys().next().is_some() && memchr::memchr(b'/', data).is_some())
    }

    /// The record pass's rules for these options.
    pub(crate) fn rules(&self) -> Rules {
        Rules {
            single_quotes: self.normalize_single_quotes,
            strict: self.strict_validation,
            leading_zeros: self.allow_numeric_leading_zeros,
            nonnumeric: self.allow_nonnumeric_numbers,
            control_chars: self.allow_unquoted_control_chars,
            keep_quotes: self.keep_quotes,
            normalize_whitespace: self.normalize_whitespace,
            na_values: self.na_values.iter().cloned().collect(),
            raw_keys: if self.mixed_types_as_string {
                self.dtypes
                    .iter()
                    .filter(|(_, t)| t.id() == TypeId::String)
                    .map(|(n, _)| n.clone())
                    .collect()
            } else {
                Default::default()
            },
            date_keys: self.date_keys().cloned().collect(),
            dayfirst: self.dayfirst,
            nonnumeric_as_number: false,
        }
    }
}

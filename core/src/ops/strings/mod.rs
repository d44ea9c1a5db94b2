//! pylibcudf's `strings` modules: the operations behind pandas' `.str` accessor.
//!
//! One module per pylibcudf submodule. Every function takes STRING columns (a `TypeError`
//! otherwise), keeps nulls (a null row gives a null row) and runs on the device or the
//! host by [`crate::placement`]; both paths give the same bytes. Characters are Unicode
//! code points (Rust's `char`), positions count code points. Searches in `find`,
//! `replace` and `split` are literal; [`regex`] has the regular-expression functions.

pub mod attributes;
pub mod capitalize;
pub mod case;
pub mod char_types;
pub mod combine;
pub mod convert;
pub mod find;
pub mod find_multiple;
pub mod join;
pub mod like;
pub mod padding;
pub mod partition;
pub mod regex;
pub mod repeat;
pub mod replace;
pub mod reverse;
pub mod slice;
pub mod split;
pub mod strip;
pub mod translate;
pub mod wrap;

use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::numeric::host_mask_copy;
use crate::scalar::Scalar;
use crate::types::TypeId;
use rayon::prelude::*;

/// Rows per parallel host chunk.
const CHUNK: usize = 1 << 14;

/// `TypeError` unless `col` is a STRING column.
pub(crate) fn check_strings(col: &Column, function: &str, what: &str) -> Result<()> {
    if col.dtype().id() != TypeId::String {
        return Err(Error::type_err(format!(
            "strings.{function}: {what} must be a STRING column, got {}",
            col.dtype()
        )));
    }
    Ok(())
}

/// The bytes of a valid STRING scalar: `TypeError` for another type, `ValueError` when null.
pub(crate) fn scalar_bytes(s: &Scalar, function: &str, what: &str) -> Result<Vec<u8>> {
    if s.dtype().id() != TypeId::String {
        return Err(Error::type_err(format!(
            "strings.{function}: {what} must be a STRING scalar, got {}",
            s.dtype()
        )));
    }
    if !s.is_valid()? {
        return Err(Error::value(format!(
            "strings.{function}: {what} must be a valid (non-null) string scalar"
        )));
    }
    let h = HostStrs::of(s.as_column())?;
    Ok(h.get(0).as_bytes().to_vec())
}

/// The characters of an optional STRING scalar (none without one), checked as
/// [`scalar_bytes`] checks it: the character sets of capitalize and strip.
pub(crate) fn scalar_chars(s: Option<&Scalar>, function: &str, what: &str) -> Result<Vec<char>> {
    Ok(match s {
        Some(s) => String::from_utf8(scalar_bytes(s, function, what)?)
            .expect("STRING scalar")
            .chars()
            .collect(),
        None => vec![],
    })
}

/// The rows of a STRING column on the host.
pub(crate) struct HostStrs {
    chars: arrow_buffer::Buffer,
    offsets: Vec<i64>,
    nulls: Option<arrow_buffer::NullBuffer>,
}

impl HostStrs {
    /// Copy (or share) the rows of `c`; checks that each row is UTF-8.
    pub(crate) fn of(c: &Column) -> Result<HostStrs> {
        let n = c.size();
        let offsets: Vec<i64> = if n == 0 || c.children().is_empty() {
            vec![0; n + 1]
        } else {
            c.host_offsets(n)?
        };
        let chars = match c.data() {
            Some(d) if offsets[n] > 0 => d.host()?,
            _ => arrow_buffer::Buffer::from_vec(Vec::<u8>::new()),
        };
        let all = &chars.as_slice()[offsets[0] as usize..offsets[n] as usize];
        let text = std::str::from_utf8(all).map_err(|e| {
            Error::value(format!(
                "a STRING column holds bytes that are not UTF-8: {e}"
            ))
        })?;
        let base = offsets[0] as usize;
        if offsets
            .iter()
            .any(|&o| !text.is_char_boundary(o as usize - base))
        {
            return Err(Error::value(
                "a STRING column has a row boundary inside a UTF-8 character",
            ));
        }
        Ok(HostStrs {
            chars,
            offsets,
            nulls: c.host_nulls()?,
        })
    }
    /// Number of rows.
    pub(crate) fn len(&self) -> usize {
        self.offsets.len() - 1
    }
    /// Whether row `i` is valid.
    #[inline]
    pub(crate) fn valid(&self, i: usize) -> bool {
        self.nulls.as_ref().is_none_or(|nb| nb.is_valid(i))
    }
    /// Row `i` (empty for null rows).
    #[inline]
    pub(crate) fn get(&self, i: usize) -> &str {
        let b = &self.chars.as_slice()[self.offsets[i] as usize..self.offsets[i + 1] as usize];
        // SAFETY: `of` checked that the rows' bytes are UTF-8 and that every row starts
        // and ends on a character boundary.
        unsafe { std::str::from_utf8_unchecked(b) }
    }
    /// Row `i`, or None when it is null.
    #[inline]
    pub(crate) fn opt(&self, i: usize) -> Option<&str> {
        self.valid(i).then(|| self.get(i))
    }
}

/// A host STRING column from row bytes and end offsets (`ends[i]` is the end of row i).
pub(crate) fn host_string_column(
    chars: Vec<u8>,
    ends: Vec<i64>,
    mask: Option<Buffer>,
    null_count: usize,
) -> Result<Column> {
    let n = ends.len();
    let total = ends.last().copied().unwrap_or(0);
    let offsets = if total <= i64::from(i32::MAX) {
        let mut o = Vec::with_capacity(n + 1);
        o.push(0i32);
        o.extend(ends.iter().map(|&e| e as i32));
        Column::from_values(o)
    } else {
        let mut o = Vec::with_capacity(n + 1);
        o.push(0i64);
        o.extend(ends);
        Column::from_values(o)
    };
    Column::new(
        TypeId::String.into(),
        n,
        Some(Buffer::from_vec(chars)),
        mask,
        Some(null_count),
        0,
        vec![offsets],
    )
}

/// Build `n` rows in parallel chunks: `f(i, out)` appends row i's bytes and says whether
/// the row is valid. Returns the bytes, the row ends and the validity flags.
pub(crate) fn build_rows(
    n: usize,
    f: impl Fn(usize, &mut Vec<u8>) -> bool + Sync,
) -> (Vec<u8>, Vec<i64>, Vec<bool>) {
    let starts: Vec<usize> = (0..n).step_by(CHUNK).collect();
    let parts: Vec<(Vec<u8>, Vec<i64>, Vec<bool>)> = starts
        .par_iter()
        .map(|&s| {
            let e = (s + CHUNK).min(n);
            let (mut chars, mut ends, mut valid) = (Vec::new(), Vec::with_capacity(e - s), vec![]);
            for i in s..e {
                valid.push(f(i, &mut chars));
                ends.push(chars.len() as i64);
            }
            (chars, ends, valid)
        })
        .collect();
    let total: usize = parts.iter().map(|p| p.0.len()).sum();
    let (mut chars, mut ends, mut valid) = (
        Vec::with_capacity(total),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    for (c, e, v) in parts {
        let base = chars.len() as i64;
        chars.extend_from_slice(&c);
        ends.extend(e.into_iter().map(|x| x + base));
        valid.extend(v);
    }
    (chars, ends, valid)
}

/// Map every valid row of `input` through `f` (which appends the output bytes); null rows
/// stay null.
pub(crate) fn map_rows(input: &Column, f: impl Fn(&str, &mut Vec<u8>) + Sync) -> Result<Column> {
    let h = HostStrs::of(input)?;
    let (chars, ends, _) = build_rows(h.len(), |i, out| {
        if h.valid(i) {
            f(h.get(i), out);
        }
        true
    });
    let (mask, nulls) = host_mask_copy(input)?;
    host_string_column(chars, ends, mask, nulls)
}

/// The validity of rows valid in both `a` and `b` (same length): None when all are valid.
pub(crate) fn both_valid(a: &Column, b: &Column) -> Result<(Option<Buffer>, usize)> {
    let (m, nulls) = crate::ops::null_mask::bitmask_and(&[a.clone(), b.clone()])?;
    Ok(if m.is_empty() || nulls == 0 {
        (None, 0)
    } else {
        (Some(m), nulls)
    })
}

/// An integer column as INT64 (`TypeError` for another type, `ValueError` when its length
/// is not `n`).
pub(crate) fn int64_rows(c: &Column, n: usize, function: &str, what: &str) -> Result<Column> {
    if !c.dtype().id().is_integer() {
        return Err(Error::type_err(format!(
            "strings.{function}: {what} must be an integer column, got {}",
            c.dtype()
        )));
    }
    if c.size() != n {
        return Err(Error::value(format!(
            "strings.{function}: {what} has {} rows, the input {n}",
            c.size()
        )));
    }
    crate::ops::cast::cast(c, TypeId::Int64.into())
}

/// A host mask from validity flags (None when every row is valid).
pub(crate) fn mask_of(valid: &[bool]) -> (Option<Buffer>, usize) {
    if valid.iter().all(|&v| v) {
        return (None, 0);
    }
    let (m, nulls) = crate::bitmask::mask_from_bools(valid.len(), valid.iter().copied());
    (Some(m), nulls)
}

/// Whether `c` is Unicode White_Space (Rust's `char::is_whitespace`, as the kernels).
#[inline]
pub(crate) fn is_white(c: char) -> bool {
    c.is_whitespace()
}

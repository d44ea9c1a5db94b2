//! pylibcudf's `nvtext` modules: text processing on STRING columns (libcudf's `nvtext`).
//!
//! One module per pylibcudf submodule. Every function takes STRING columns (a `TypeError`
//! otherwise) and runs on the device (`device/kernels/nvtext.rs`) or the host by
//! [`crate::placement`]; both paths give the same results.
//!
//! Whitespace is libcudf's: a character whose code point is at most U+0020 (space and
//! the ASCII control characters). A scalar delimiter is a set of characters (any of them
//! separates tokens, as libcudf's `characters_tokenizer`); an empty one means whitespace.
//! A delimiters column holds delimiter strings (any of them, the first in column order that
//! matches at a position). Consecutive delimiters never make empty tokens.

pub mod byte_pair_encode;
pub mod deduplicate;
pub mod edit_distance;
pub mod generate_ngrams;
pub mod jaccard;
pub mod minhash;
pub mod ngrams_tokenize;
pub mod normalize;
pub mod replace;
pub mod stemmer;
pub mod tokenize;
pub mod unicode_normalize;
pub mod wordpiece_tokenize;

use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::strings::HostStrs;
use crate::scalar::Scalar;
use crate::types::TypeId;

/// `TypeError` unless `col` is a STRING column.
pub(crate) fn check_strings(col: &Column, function: &str, what: &str) -> Result<()> {
    if col.dtype().id() != TypeId::String {
        return Err(Error::type_err(format!(
            "nvtext.{function}: {what} must be a STRING column, got {}",
            col.dtype()
        )));
    }
    Ok(())
}

/// The bytes of a valid STRING scalar (`TypeError` for another type, `ValueError` when null).
pub(crate) fn string_arg(s: &Scalar, function: &str, what: &str) -> Result<Vec<u8>> {
    if s.dtype().id() != TypeId::String {
        return Err(Error::type_err(format!(
            "nvtext.{function}: {what} must be a STRING scalar, got {}",
            s.dtype()
        )));
    }
    if !s.is_valid()? {
        return Err(Error::value(format!(
            "nvtext.{function}: {what} must be a valid (non-null) string scalar"
        )));
    }
    Ok(HostStrs::of(s.as_column())?.get(0).as_bytes().to_vec())
}

/// The delimiter characters of an optional STRING scalar (empty: whitespace).
pub(crate) fn delimiter_chars(s: Option<&Scalar>, function: &str) -> Result<Vec<char>> {
    Ok(match s {
        Some(s) => String::from_utf8(string_arg(s, function, "delimiter")?)
            .expect("a STRING scalar is UTF-8")
            .chars()
            .collect(),
        None => vec![],
    })
}

/// libcudf's whitespace: a code point up to U+0020.
#[inline]
pub(crate) fn is_space(c: char) -> bool {
    c <= ' '
}

/// The byte ranges of the tokens of `s`: maximal runs of characters that are not in
/// `delims` (or, `delims` empty, not whitespace).
pub(crate) fn char_tokens<'a>(
    s: &'a str,
    delims: &'a [char],
) -> impl Iterator<Item = (usize, usize)> + 'a {
    let is_delim = move |c: char| {
        if delims.is_empty() {
            is_space(c)
        } else {
            delims.contains(&c)
        }
    };
    let mut it = s.char_indices().peekable();
    std::iter::from_fn(move || {
        while let Some(&(_, c)) = it.peek() {
            if !is_delim(c) {
                break;
            }
            it.next();
        }
        let (start, _) = *it.peek()?;
        let mut end = s.len();
        for (k, c) in it.by_ref() {
            if is_delim(c) {
                end = k;
                break;
            }
        }
        Some((start, end))
    })
}

/// The byte ranges of the tokens of `s` between occurrences of the `delims` strings:
/// scanning byte by byte, the first delimiter (in order) that starts at a position is
/// skipped; empty tokens are dropped, empty delimiters never match.
pub(crate) fn multi_tokens(s: &[u8], delims: &[&[u8]]) -> Vec<(usize, usize)> {
    let mut out = vec![];
    let (mut pos, mut last) = (0usize, 0usize);
    while pos < s.len() {
        let hit = delims
            .iter()
            .find(|d| !d.is_empty() && s[pos..].starts_with(d));
        match hit {
            Some(d) => {
                if pos > last {
                    out.push((last, pos));
                }
                pos += d.len();
                last = pos;
            }
            None => pos += 1,
        }
    }
    if last < s.len() {
        out.push((last, s.len()));
    }
    out
}

/// The rows of a delimiters column: `ValueError` when it is empty or has nulls.
pub(crate) fn delimiter_rows(delims: &Column, function: &str) -> Result<Vec<Vec<u8>>> {
    check_strings(delims, function, "delimiters")?;
    if delims.size() == 0 {
        return Err(Error::value(format!(
            "nvtext.{function}: delimiters must not be empty"
        )));
    }
    if delims.null_count()? > 0 {
        return Err(Error::value(format!(
            "nvtext.{function}: delimiters must not contain nulls"
        )));
    }
    let h = HostStrs::of(delims)?;
    Ok((0..h.len()).map(|i| h.get(i).as_bytes().to_vec()).collect())
}

/// Rows per parallel host chunk.
const CHUNK: usize = 1 << 12;

/// A STRING column (no nulls) of the pieces `f(i, put)` puts for every row `i` of `n`, one
/// row after the other (tokens, ngrams: the flat outputs of nvtext). Chunks of rows run in
/// parallel.
pub(crate) fn flat_strings(
    n: usize,
    f: impl Fn(usize, &mut dyn FnMut(&[u8])) + Sync,
) -> Result<Column> {
    use rayon::prelude::*;
    let starts: Vec<usize> = (0..n).step_by(CHUNK).collect();
    let parts: Vec<(Vec<u8>, Vec<i64>)> = starts
        .par_iter()
        .map(|&s| {
            let (mut chars, mut ends) = (Vec::new(), Vec::new());
            for i in s..(s + CHUNK).min(n) {
                f(i, &mut |piece: &[u8]| {
                    chars.extend_from_slice(piece);
                    ends.push(chars.len() as i64);
                });
            }
            (chars, ends)
        })
        .collect();
    let (mut chars, mut ends) = (Vec::new(), Vec::new());
    for (c, e) in parts {
        let base = chars.len() as i64;
        chars.extend_from_slice(&c);
        ends.extend(e.into_iter().map(|x| x + base));
    }
    crate::ops::strings::host_string_column(chars, ends, None, 0)
}

/// A LIST column whose row `i` holds `counts[i]` values of the child `values`, with the
/// validity `(mask, null_count)`.
pub(crate) fn list_of(
    counts: &[usize],
    values: Column,
    mask: Option<crate::buffer::Buffer>,
    null_count: usize,
) -> Result<Column> {
    let total: usize = counts.iter().sum();
    let offsets = if total <= i32::MAX as usize {
        let mut o = Vec::with_capacity(counts.len() + 1);
        o.push(0i32);
        let mut acc = 0i32;
        for &c in counts {
            acc += c as i32;
            o.push(acc);
        }
        Column::from_values(o)
    } else {
        let mut o = Vec::with_capacity(counts.len() + 1);
        o.push(0i64);
        let mut acc = 0i64;
        for &c in counts {
            acc += c as i64;
            o.push(acc);
        }
        Column::from_values(o)
    };
    Column::list(offsets, values, mask, null_count)
}

/// `ValueError` unless `value >= min`.
pub(crate) fn check_at_least(value: i64, min: i64, function: &str, what: &str) -> Result<()> {
    if value < min {
        return Err(Error::value(format!(
            "nvtext.{function}: {what} must be at least {min}, got {value}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks<'a>(s: &'a str, d: &'a [char]) -> Vec<&'a str> {
        char_tokens(s, d).map(|(a, b)| &s[a..b]).collect()
    }

    #[test]
    fn char_tokens_use_libcudf_whitespace_or_the_delimiter_set() {
        assert_eq!(toks("  a\tb\x01c  ", &[]), ["a", "b", "c"]);
        // U+3000 is not whitespace for nvtext
        assert_eq!(toks("a\u{3000}b c", &[]), ["a\u{3000}b", "c"]);
        assert_eq!(toks(",,a,b;;c,", &[',', ';']), ["a", "b", "c"]);
        assert_eq!(toks("日本x語", &['x']), ["日本", "語"]);
        assert!(toks("", &[]).is_empty());
        assert!(toks(" \t ", &[]).is_empty());
    }

    #[test]
    fn multi_tokens_take_the_first_matching_delimiter() {
        let s = b"a::b:c";
        let got: Vec<&[u8]> = multi_tokens(s, &[b":", b"::"])
            .into_iter()
            .map(|(a, b)| &s[a..b])
            .collect();
        assert_eq!(got, [&b"a"[..], b"b", b"c"]);
        // an empty delimiter never matches
        assert_eq!(multi_tokens(b"ab", &[b""]), [(0, 2)]);
        assert!(multi_tokens(b"", &[b","]).is_empty());
        assert!(multi_tokens(b",,", &[b","]).is_empty());
    }

    #[test]
    fn levenshtein_counts_characters() {
        use super::edit_distance::levenshtein;
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("", "goodbye"), 7);
        assert_eq!(levenshtein("日本", "日本語"), 1);
        assert_eq!(levenshtein("é", "e"), 1);
        assert_eq!(levenshtein("same", "same"), 0);
    }

    #[test]
    fn porter_consonants_follow_libcudf() {
        use super::stemmer::is_consonant;
        let w: Vec<char> = "syzygy".chars().collect();
        let form: String = (0..w.len())
            .map(|k| if is_consonant(&w, k) { 'c' } else { 'v' })
            .collect();
        assert_eq!(form, "cvcvcv");
        let w: Vec<char> = "toy".chars().collect();
        assert!(is_consonant(&w, 2));
    }
}

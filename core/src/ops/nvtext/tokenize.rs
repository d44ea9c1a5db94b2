//! pylibcudf's `nvtext.tokenize`: `tokenize_scalar` / `tokenize_column`, `count_tokens_*`,
//! `character_tokenize`, `detokenize` and `TokenizeVocabulary` with
//! `tokenize_with_vocabulary`.

use super::{
    char_tokens, check_strings, delimiter_chars, delimiter_rows, flat_strings, list_of,
    multi_tokens, string_arg,
};
use crate::column::Column;
use crate::device::kernels::nvtext as dev;
use crate::error::{Error, Result};
use crate::ops::numeric::host_mask_copy;
use crate::ops::strings::HostStrs;
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::TypeId;
use std::collections::HashMap;

/// Every token of every valid row, in row order, as one STRING column: tokens are the
/// runs of characters between the characters of `delimiter` (None or empty: whitespace).
/// Null rows give no tokens.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::tokenize::tokenize;
/// let c = from_arrow(&arrow_array::StringArray::from(vec![Some("a"), None, Some("b  c ")])).unwrap();
/// let r = to_arrow(&tokenize(&c, None).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().flatten().collect::<Vec<_>>(), ["a", "b", "c"]);
/// ```
pub fn tokenize(input: &Column, delimiter: Option<&Scalar>) -> Result<Column> {
    const NAME: &str = "tokenize.tokenize_scalar";
    check_strings(input, NAME, "input")?;
    let delims = delimiter_chars(delimiter, NAME)?;
    if use_device()? {
        return dev::tokenize(input, &codes(&delims));
    }
    let h = HostStrs::of(input)?;
    flat_strings(h.len(), |i, put| {
        if let Some(s) = h.opt(i) {
            for (a, b) in char_tokens(s, &delims) {
                put(&s.as_bytes()[a..b]);
            }
        }
    })
}

/// The delimiter characters as code points (the kernels' form).
pub(crate) fn codes(delims: &[char]) -> Vec<u32> {
    delims.iter().map(|&c| c as u32).collect()
}

/// Every token of every valid row between occurrences of the `delimiters` strings (a
/// STRING column, not empty, without nulls: `ValueError`), as one STRING column.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::tokenize::tokenize_multi;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a::b", "c;d"])).unwrap();
/// let d = from_arrow(&arrow_array::StringArray::from(vec!["::", ";"])).unwrap();
/// let r = to_arrow(&tokenize_multi(&c, &d).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().flatten().collect::<Vec<_>>(), ["a", "b", "c", "d"]);
/// ```
pub fn tokenize_multi(input: &Column, delimiters: &Column) -> Result<Column> {
    const NAME: &str = "tokenize.tokenize_column";
    check_strings(input, NAME, "input")?;
    let rows = delimiter_rows(delimiters, NAME)?;
    if use_device()? {
        return dev::tokenize_multi(input, delimiters);
    }
    let d: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
    let h = HostStrs::of(input)?;
    flat_strings(h.len(), |i, put| {
        if let Some(s) = h.opt(i) {
            for (a, b) in multi_tokens(s.as_bytes(), &d) {
                put(&s.as_bytes()[a..b]);
            }
        }
    })
}

/// The number of tokens of every row (as [`tokenize`] finds them), INT32; a null row
/// counts 0 (the result has no nulls).
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::tokenize::count_tokens;
/// let c = from_arrow(&arrow_array::StringArray::from(vec![Some("a b"), None, Some(" ")])).unwrap();
/// let r = to_arrow(&count_tokens(&c, None).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::Int32Array>().unwrap();
/// assert_eq!(r.values().to_vec(), [2, 0, 0]);
/// ```
pub fn count_tokens(input: &Column, delimiter: Option<&Scalar>) -> Result<Column> {
    const NAME: &str = "tokenize.count_tokens_scalar";
    check_strings(input, NAME, "input")?;
    let delims = delimiter_chars(delimiter, NAME)?;
    if use_device()? {
        return dev::count_tokens(input, &codes(&delims));
    }
    let h = HostStrs::of(input)?;
    Ok(Column::from_values(
        (0..h.len())
            .map(|i| {
                h.opt(i)
                    .map_or(0, |s| char_tokens(s, &delims).count() as i32)
            })
            .collect::<Vec<i32>>(),
    ))
}

/// The number of tokens of every row (as [`tokenize_multi`] finds them), INT32; a null
/// row counts 0.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::tokenize::count_tokens_multi;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a b", "d.e:f;"])).unwrap();
/// let d = from_arrow(&arrow_array::StringArray::from(vec![".", ":", ";"])).unwrap();
/// let r = to_arrow(&count_tokens_multi(&c, &d).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::Int32Array>().unwrap();
/// assert_eq!(r.values().to_vec(), [1, 3]);
/// ```
pub fn count_tokens_multi(input: &Column, delimiters: &Column) -> Result<Column> {
    const NAME: &str = "tokenize.count_tokens_column";
    check_strings(input, NAME, "input")?;
    let rows = delimiter_rows(delimiters, NAME)?;
    if use_device()? {
        return dev::count_tokens_multi(input, delimiters);
    }
    let d: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
    let h = HostStrs::of(input)?;
    Ok(Column::from_values(
        (0..h.len())
            .map(|i| {
                h.opt(i)
                    .map_or(0, |s| multi_tokens(s.as_bytes(), &d).len() as i32)
            })
            .collect::<Vec<i32>>(),
    ))
}

/// Every character (code point) of every valid row as its own row of one STRING column.
/// Null rows give nothing.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::tokenize::character_tokenize;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["hé", "日"])).unwrap();
/// let r = to_arrow(&character_tokenize(&c).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().flatten().collect::<Vec<_>>(), ["h", "é", "日"]);
/// ```
pub fn character_tokenize(input: &Column) -> Result<Column> {
    check_strings(input, "tokenize.character_tokenize", "input")?;
    if use_device()? {
        return dev::character_tokenize(input);
    }
    let h = HostStrs::of(input)?;
    flat_strings(h.len(), |i, put| {
        if let Some(s) = h.opt(i) {
            let mut b = [0u8; 4];
            for c in s.chars() {
                put(c.encode_utf8(&mut b).as_bytes());
            }
        }
    })
}

/// The tokens of `input` put back together: output row `r` is the valid tokens `i` with
/// `row_indices[i] == r`, in input order, joined by `separator` (None: one space). The
/// result has `max(row_indices) + 1` rows (rows with no token are empty). `row_indices`
/// must be an integer column of `input`'s length without nulls or negative values.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::tokenize::detokenize;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["hello", "world", "one"])).unwrap();
/// let r = detokenize(&c, &Column::from_values(vec![0i32, 0, 1]), None).unwrap();
/// let r = to_arrow(&r).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().flatten().collect::<Vec<_>>(), ["hello world", "one"]);
/// ```
pub fn detokenize(
    input: &Column,
    row_indices: &Column,
    separator: Option<&Scalar>,
) -> Result<Column> {
    const NAME: &str = "tokenize.detokenize";
    check_strings(input, NAME, "input")?;
    let sep = match separator {
        Some(s) => string_arg(s, NAME, "separator")?,
        None => b" ".to_vec(),
    };
    if !row_indices.dtype().id().is_integer() {
        return Err(Error::type_err(format!(
            "nvtext.{NAME}: row_indices must be an integer column, got {}",
            row_indices.dtype()
        )));
    }
    if row_indices.size() != input.size() {
        return Err(Error::value(format!(
            "nvtext.{NAME}: row_indices has {} rows, the input {}",
            row_indices.size(),
            input.size()
        )));
    }
    if row_indices.null_count()? > 0 {
        return Err(Error::value(format!(
            "nvtext.{NAME}: row_indices must not contain nulls"
        )));
    }
    let idx = crate::ops::cast::cast(row_indices, TypeId::Int64.into())?;
    if use_device()? {
        return device_detokenize(input, &idx, &sep);
    }
    let idx = idx.host_values::<i64>()?;
    if let Some(&bad) = idx.iter().find(|&&r| r < 0) {
        return Err(Error::value(format!(
            "nvtext.{NAME}: row_indices must not be negative, got {bad}"
        )));
    }
    let rows = idx.iter().max().map_or(0, |&m| m as usize + 1);
    let h = HostStrs::of(input)?;
    let mut members: Vec<Vec<usize>> = vec![vec![]; rows];
    for (i, &r) in idx.iter().enumerate() {
        if h.valid(i) {
            members[r as usize].push(i);
        }
    }
    let (chars, ends, _) = crate::ops::strings::build_rows(rows, |r, out| {
        for (k, &i) in members[r].iter().enumerate() {
            if k > 0 {
                out.extend_from_slice(&sep);
            }
            out.extend_from_slice(h.get(i).as_bytes());
        }
        true
    });
    crate::ops::strings::host_string_column(chars, ends, None, 0)
}

/// The device path of [`detokenize`]: the tokens sorted stably by their row index, then
/// one kernel thread per output row joins its run.
fn device_detokenize(input: &Column, idx: &Column, sep: &[u8]) -> Result<Column> {
    use crate::copy_options::OutOfBoundsPolicy;
    use crate::keys::{NullOrder, Order};
    use crate::table::Table;
    let rows = if idx.size() == 0 {
        0
    } else {
        let (lo, hi) = crate::ops::reduce::minmax(idx)?;
        let (lo, hi) = (
            lo.value::<i64>()?.unwrap_or(0),
            hi.value::<i64>()?.unwrap_or(0),
        );
        if lo < 0 {
            return Err(Error::value(format!(
                "nvtext.tokenize.detokenize: row_indices must not be negative, got {lo}"
            )));
        }
        hi as usize + 1
    };
    let keys = Table::new(vec![idx.clone()])?;
    let order =
        crate::ops::sorting::stable_sorted_order(&keys, &[Order::Ascending], &[NullOrder::Before])?;
    let both = Table::new(vec![input.clone(), idx.clone()])?;
    let sorted = crate::ops::copying::gather(&both, &order, OutOfBoundsPolicy::DontCheck)?;
    let cols = sorted.columns();
    dev::detokenize(&cols[0], &cols[1], rows, sep)
}

/// libcudf's `tokenize_vocabulary`: the id of a token is its row in the vocabulary column.
#[derive(Debug, Clone)]
pub struct TokenizeVocabulary {
    ids: HashMap<Vec<u8>, i32>,
    size: usize,
    // The distinct entries sorted by bytes, for the device's binary search: their bytes,
    // offsets and ids.
    sorted_chars: Vec<u8>,
    sorted_offsets: Vec<i64>,
    sorted_ids: Vec<i32>,
}

impl TokenizeVocabulary {
    /// A vocabulary from a STRING column without nulls (`ValueError` when empty or with
    /// nulls). A repeated entry keeps its first row's id.
    ///
    /// ```
    /// use ferrodf_core::interop::arrow::from_arrow;
    /// use ferrodf_core::ops::nvtext::tokenize::TokenizeVocabulary;
    /// let v = from_arrow(&arrow_array::StringArray::from(vec!["hello", "world"])).unwrap();
    /// assert_eq!(TokenizeVocabulary::new(&v).unwrap().len(), 2);
    /// ```
    pub fn new(vocabulary: &Column) -> Result<TokenizeVocabulary> {
        const NAME: &str = "tokenize.TokenizeVocabulary";
        check_strings(vocabulary, NAME, "vocabulary")?;
        if vocabulary.size() == 0 || vocabulary.null_count()? > 0 {
            return Err(Error::value(format!(
                "nvtext.{NAME}: the vocabulary must not be empty or contain nulls"
            )));
        }
        let h = HostStrs::of(vocabulary)?;
        let mut ids = HashMap::with_capacity(h.len());
        for i in 0..h.len() {
            ids.entry(h.get(i).as_bytes().to_vec()).or_insert(i as i32);
        }
        let mut entries: Vec<(&Vec<u8>, i32)> = ids.iter().map(|(k, &v)| (k, v)).collect();
        entries.sort_unstable();
        let mut sorted_chars = Vec::new();
        let mut sorted_offsets = vec![0i64];
        for (k, _) in &entries {
            sorted_chars.extend_from_slice(k);
            sorted_offsets.push(sorted_chars.len() as i64);
        }
        let sorted_ids = entries.iter().map(|e| e.1).collect();
        Ok(TokenizeVocabulary {
            ids,
            size: h.len(),
            sorted_chars,
            sorted_offsets,
            sorted_ids,
        })
    }

    /// The number of entries (rows of the vocabulary column).
    pub fn len(&self) -> usize {
        self.size
    }

    /// Whether there are no entries (never: construction requires one).
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }
}

/// LIST<INT32>: the vocabulary id of every token (as [`tokenize`] finds them with
/// `delimiter`, which must be a valid STRING scalar) of every row, `default_id` for tokens
/// not in the vocabulary. Null rows give null rows.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::tokenize::{TokenizeVocabulary, tokenize_with_vocabulary};
/// use ferrodf_core::scalar::Scalar;
/// let v = from_arrow(&arrow_array::StringArray::from(vec!["hello", "world"])).unwrap();
/// let v = TokenizeVocabulary::new(&v).unwrap();
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["hello there world"])).unwrap();
/// let d = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![" "])).unwrap()).unwrap();
/// let r = to_arrow(&tokenize_with_vocabulary(&c, &v, &d, -1).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::ListArray>().unwrap();
/// let ids = r.value(0);
/// let ids = ids.as_any().downcast_ref::<arrow_array::Int32Array>().unwrap();
/// assert_eq!(ids.values().to_vec(), [0, -1, 1]);
/// ```
pub fn tokenize_with_vocabulary(
    input: &Column,
    vocabulary: &TokenizeVocabulary,
    delimiter: &Scalar,
    default_id: i32,
) -> Result<Column> {
    const NAME: &str = "tokenize.tokenize_with_vocabulary";
    check_strings(input, NAME, "input")?;
    let delims = delimiter_chars(Some(delimiter), NAME)?;
    if use_device()? {
        let v = dev::DeviceVocabulary {
            chars: &vocabulary.sorted_chars,
            offsets: &vocabulary.sorted_offsets,
            ids: &vocabulary.sorted_ids,
        };
        return dev::tokenize_with_vocabulary(input, &codes(&delims), &v, default_id);
    }
    let h = HostStrs::of(input)?;
    let (mut counts, mut ids) = (Vec::with_capacity(h.len()), Vec::new());
    for i in 0..h.len() {
        let before = ids.len();
        if let Some(s) = h.opt(i) {
            for (a, b) in char_tokens(s, &delims) {
                let t = &s.as_bytes()[a..b];
                ids.push(vocabulary.ids.get(t).copied().unwrap_or(default_id));
            }
        }
        counts.push(ids.len() - before);
    }
    let (mask, nulls) = host_mask_copy(input)?;
    list_of(&counts, Column::from_values(ids), mask, nulls)
}

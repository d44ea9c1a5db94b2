//! pylibcudf's `nvtext.wordpiece_tokenize`: `WordPieceVocabulary` and `wordpiece_tokenize`
//! (libcudf's `nvtext/wordpiece_tokenize.hpp`).
//!
//! A word is a maximal run of bytes other than the space character (only `' '`, as
//! libcudf: tabs and other whitespace belong to words). Each word becomes the vocabulary
//! ids of its greedy longest-match-first pieces: the longest prefix that is a vocabulary
//! entry, then repeatedly the longest prefix of the rest that is an entry once `##` is put
//! in front of it. A word with no first piece, with a rest that cannot be covered, or of
//! 200 bytes or more becomes the single id of `[UNK]` (else `[unk]`; -1 when the
//! vocabulary has neither).

use super::{check_strings, list_of};
use crate::column::Column;
use crate::device::kernels::nvtext::DeviceVocabulary;
use crate::device::kernels::nvtext_tokenizers as dev;
use crate::error::{Error, Result};
use crate::ops::numeric::host_mask_copy;
use crate::ops::strings::HostStrs;
use crate::placement::use_device;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Words of this many bytes or more are not split: they are `[UNK]` (libcudf's limit).
pub const MAX_WORD_BYTES: usize = 200;

/// Byte entries sorted for the device's binary search: their bytes, offsets and ids.
#[derive(Debug, Clone, Default)]
pub(crate) struct SortedTable {
    pub(crate) chars: Vec<u8>,
    pub(crate) offsets: Vec<i64>,
    pub(crate) ids: Vec<i32>,
}

impl SortedTable {
    /// The entries of `map` in byte order.
    pub(crate) fn of(map: &HashMap<Vec<u8>, i32>) -> SortedTable {
        let mut entries: Vec<(&Vec<u8>, i32)> = map.iter().map(|(k, &v)| (k, v)).collect();
        entries.sort_unstable();
        let mut t = SortedTable {
            chars: Vec::new(),
            offsets: vec![0],
            ids: Vec::with_capacity(entries.len()),
        };
        for (k, id) in entries {
            t.chars.extend_from_slice(k);
            t.offsets.push(t.chars.len() as i64);
            t.ids.push(id);
        }
        t
    }

    pub(crate) fn device(&self) -> DeviceVocabulary<'_> {
        DeviceVocabulary {
            chars: &self.chars,
            offsets: &self.offsets,
            ids: &self.ids,
        }
    }
}

/// libcudf's `wordpiece_vocabulary`: the id of an entry is its row in the vocabulary
/// column; entries starting with `##` also serve as continuation pieces (without the `##`).
#[derive(Debug)]
pub struct WordPieceVocabulary {
    words: HashMap<Vec<u8>, i32>,
    pieces: HashMap<Vec<u8>, i32>,
    unk_id: i32,
    size: usize,
    words_table: SortedTable,
    pieces_table: SortedTable,
    /// The sorted tables in device memory, uploaded on first use.
    device: Mutex<Option<Arc<dev::Uploaded>>>,
}

impl WordPieceVocabulary {
    /// A vocabulary from a STRING column (`TypeError` otherwise) without nulls and not
    /// empty (`ValueError`). libcudf leaves repeated entries undefined; here the first row
    /// of an entry gives its id.
    ///
    /// ```
    /// use ferrodf_core::interop::arrow::from_arrow;
    /// use ferrodf_core::ops::nvtext::wordpiece_tokenize::WordPieceVocabulary;
    /// let v = from_arrow(&arrow_array::StringArray::from(vec!["[UNK]", "a", "##b"])).unwrap();
    /// let v = WordPieceVocabulary::new(&v).unwrap();
    /// assert_eq!((v.len(), v.unk_id()), (3, 0));
    /// ```
    pub fn new(vocabulary: &Column) -> Result<WordPieceVocabulary> {
        const NAME: &str = "wordpiece_tokenize.WordPieceVocabulary";
        check_strings(vocabulary, NAME, "vocabulary")?;
        if vocabulary.size() == 0 {
            return Err(Error::value(format!(
                "nvtext.{NAME}: the vocabulary must not be empty"
            )));
        }
        if vocabulary.null_count()? > 0 {
            return Err(Error::value(format!(
                "nvtext.{NAME}: the vocabulary must not contain nulls"
            )));
        }
        let h = HostStrs::of(vocabulary)?;
        let (mut words, mut pieces) = (HashMap::with_capacity(h.len()), HashMap::new());
        for i in 0..h.len() {
            let e = h.get(i).as_bytes();
            words.entry(e.to_vec()).or_insert(i as i32);
            if let Some(rest) = e.strip_prefix(b"##") {
                pieces.entry(rest.to_vec()).or_insert(i as i32);
            }
        }
        // libcudf looks for "[UNK]" first, then "[unk]" (a lower-casing normalizer may have
        // run over the vocabulary).
        let unk_id = [&b"[UNK]"[..], b"[unk]"]
            .iter()
            .find_map(|k| words.get(*k).copied())
            .unwrap_or(-1);
        Ok(WordPieceVocabulary {
            words_table: SortedTable::of(&words),
            pieces_table: SortedTable::of(&pieces),
            words,
            pieces,
            unk_id,
            size: h.len(),
            device: Mutex::new(None),
        })
    }

    /// The tables on the device (uploaded once).
    fn on_device(&self) -> Result<Arc<dev::Uploaded>> {
        let mut slot = self.device.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(m) = slot.as_ref() {
            return Ok(m.clone());
        }
        let tables = [self.words_table.device(), self.pieces_table.device()];
        let m = Arc::new(dev::upload_vocabulary(&tables)?);
        *slot = Some(m.clone());
        Ok(m)
    }

    /// The number of entries (rows of the vocabulary column).
    pub fn len(&self) -> usize {
        self.size
    }

    /// Whether there are no entries (never: construction requires one).
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// The id unknown words get: `[UNK]`'s, else `[unk]`'s, else -1.
    pub fn unk_id(&self) -> i32 {
        self.unk_id
    }
}

/// The length of `s[..len]` without its last character (0 when it has one character or
/// fewer bytes than two, as libcudf's `remove_last_char`).
fn shrink(s: &[u8], len: usize) -> usize {
    if len < 2 {
        return 0;
    }
    let mut end = len - 1;
    while end > 0 && (s[end] & 0xC0) == 0x80 {
        end -= 1;
    }
    end
}

/// The longest prefix of `s` (shortening a character at a time) that `table` holds: its
/// byte length and id, or None.
fn longest(s: &[u8], table: &HashMap<Vec<u8>, i32>, whole: bool) -> Option<(usize, i32)> {
    let mut len = if whole { s.len() } else { shrink(s, s.len()) };
    while len > 0 {
        if let Some(&id) = table.get(&s[..len]) {
            return Some((len, id));
        }
        len = shrink(s, len);
    }
    None
}

/// Append the ids of `word`'s pieces to `out` (the host twin of `nvt_wp_word` in
/// `cuda/nvtext_tokenizers.cu`).
pub(crate) fn wordpiece_word(word: &[u8], v: &WordPieceVocabulary, out: &mut Vec<i32>) {
    if word.len() >= MAX_WORD_BYTES {
        out.push(v.unk_id);
        return;
    }
    if let Some(&id) = v.words.get(word) {
        out.push(id);
        return;
    }
    let Some((first, id)) = longest(word, &v.words, false) else {
        out.push(v.unk_id);
        return;
    };
    let start = out.len();
    out.push(id);
    let mut pos = first;
    while pos < word.len() {
        match longest(&word[pos..], &v.pieces, true) {
            Some((len, id)) => {
                out.push(id);
                pos += len;
            }
            None => {
                // the rest cannot be covered: the whole word is unknown
                out.truncate(start);
                out.push(v.unk_id);
                return;
            }
        }
    }
}

/// The words of `s`: maximal runs of bytes other than `' '`, at most `max_words` of them
/// (0: all).
pub(crate) fn words(s: &[u8], max_words: usize) -> impl Iterator<Item = &[u8]> {
    let limit = if max_words == 0 {
        usize::MAX
    } else {
        max_words
    };
    s.split(|&b| b == b' ')
        .filter(|w| !w.is_empty())
        .take(limit)
}

/// LIST<INT32>: the WordPiece token ids of the words of every row (at most
/// `max_words_per_row` words of a row; 0: all of them, negative: `ValueError`). Null rows
/// give null rows, rows without words empty lists.
///
/// libcudf limits a row to `min(max_words_per_row, bytes / 2)` words when
/// `max_words_per_row > 0`, which drops the last word of rows such as `"a"` or `"a b c"`;
/// here the limit is exactly `max_words_per_row`, as libcudf documents.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::wordpiece_tokenize::{WordPieceVocabulary, wordpiece_tokenize};
/// let v = ["[UNK]", "a", "have", "I", "new", "GP", "##U", "!"];
/// let v = WordPieceVocabulary::new(&from_arrow(&arrow_array::StringArray::from(v.to_vec())).unwrap()).unwrap();
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["I have a new GPU now !"])).unwrap();
/// let r = to_arrow(&wordpiece_tokenize(&c, &v, 0).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::ListArray>().unwrap();
/// let ids = r.value(0);
/// let ids = ids.as_any().downcast_ref::<arrow_array::Int32Array>().unwrap();
/// assert_eq!(ids.values().to_vec(), [3, 2, 1, 4, 5, 6, 0, 7]);
/// ```
pub fn wordpiece_tokenize(
    input: &Column,
    vocabulary: &WordPieceVocabulary,
    max_words_per_row: i64,
) -> Result<Column> {
    const NAME: &str = "wordpiece_tokenize.wordpiece_tokenize";
    check_strings(input, NAME, "input")?;
    if max_words_per_row < 0 {
        return Err(Error::value(format!(
            "nvtext.{NAME}: max_words_per_row must not be negative, got {max_words_per_row}"
        )));
    }
    let max_words = usize::try_from(max_words_per_row).unwrap_or(usize::MAX);
    if use_device()? {
        let t = vocabulary.on_device()?;
        return dev::wordpiece_tokenize(input, &t, vocabulary.unk_id, max_words_per_row);
    }
    let h = HostStrs::of(input)?;
    let (mut counts, mut ids) = (Vec::with_capacity(h.len()), Vec::new());
    for i in 0..h.len() {
        let before = ids.len();
        if let Some(s) = h.opt(i) {
            for w in words(s.as_bytes(), max_words) {
                wordpiece_word(w, vocabulary, &mut ids);
            }
        }
        counts.push(ids.len() - before);
    }
    let (mask, nulls) = host_mask_copy(input)?;
    list_of(&counts, Column::from_values(ids), mask, nulls)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interop::arrow::from_arrow;

    fn vocab(entries: &[&str]) -> WordPieceVocabulary {
        let c = from_arrow(&arrow_array::StringArray::from(entries.to_vec())).unwrap();
        WordPieceVocabulary::new(&c).unwrap()
    }

    fn ids(word: &str, v: &WordPieceVocabulary) -> Vec<i32> {
        let mut out = vec![];
        wordpiece_word(word.as_bytes(), v, &mut out);
        out
    }

    #[test]
    fn greedy_longest_match_first_with_continuations() {
        let v = vocab(&[
            "[UNK]", "a", "have", "I", "new", "GP", "##U", "!", "G", "##P",
        ]);
        assert_eq!(ids("GPU", &v), [5, 6]);
        assert_eq!(ids("GP", &v), [5]);
        assert_eq!(ids("GPPU", &v), [5, 9, 6]);
        assert_eq!(ids("now", &v), [0]);
        // the first piece exists but the rest cannot be covered
        assert_eq!(ids("GPx", &v), [0]);
        assert_eq!(ids(&"a".repeat(MAX_WORD_BYTES), &v), [0]);
    }

    #[test]
    fn unknown_id_falls_back_to_lower_case_then_minus_one() {
        assert_eq!(vocab(&["x", "[unk]", "[UNK]"]).unk_id(), 2);
        assert_eq!(vocab(&["x", "[unk]"]).unk_id(), 1);
        let v = vocab(&["x", "##y"]);
        assert_eq!(v.unk_id(), -1);
        assert_eq!(ids("z", &v), [-1]);
        assert_eq!(ids("xy", &v), [0, 1]);
    }

    #[test]
    fn pieces_shrink_by_whole_characters() {
        let v = vocab(&["[UNK]", "日", "##本語", "##本", "##語", "é"]);
        assert_eq!(ids("日本語", &v), [1, 2]);
        assert_eq!(ids("日語本", &v), [1, 4, 3]);
        assert_eq!(ids("éé", &v), [0]);
        assert_eq!(shrink("aé".as_bytes(), 3), 1);
        assert_eq!(shrink("é".as_bytes(), 2), 0);
    }

    #[test]
    fn words_split_on_the_space_character_only() {
        let w: Vec<&[u8]> = words(b"  a\tb  c ", 0).collect();
        assert_eq!(w, [&b"a\tb"[..], b"c"]);
        assert_eq!(words(b"a b c", 2).count(), 2);
        assert_eq!(words(b"", 0).count(), 0);
    }
}

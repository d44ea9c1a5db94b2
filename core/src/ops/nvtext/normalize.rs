//! pylibcudf's `nvtext.normalize`: `normalize_spaces`, and `CharacterNormalizer` with
//! `normalize_characters` (libcudf's BERT-style character normalizer).

use super::{char_tokens, check_strings};
use crate::column::Column;
use crate::device::kernels::nvtext as dev;
use crate::device::kernels::nvtext_unicode as udev;
use crate::error::{Error, Result};
use crate::ops::strings::{HostStrs, map_rows};
use crate::placement::use_device;
use std::sync::OnceLock;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};

/// Every row with its whitespace runs (code points up to U+0020) replaced by one space and
/// leading and trailing whitespace removed. Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::normalize::normalize_spaces;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["  a\t\tb \n c  "])).unwrap();
/// let r = to_arrow(&normalize_spaces(&c).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "a b c");
/// ```
pub fn normalize_spaces(input: &Column) -> Result<Column> {
    check_strings(input, "normalize.normalize_spaces", "input")?;
    if use_device()? {
        return dev::normalize_spaces(input);
    }
    map_rows(input, |s, out| {
        for (k, (a, b)) in char_tokens(s, &[]).enumerate() {
            if k > 0 {
                out.push(b' ');
            }
            out.extend_from_slice(&s.as_bytes()[a..b]);
        }
    })
}

/// The CJK ideograph ranges BERT's tokenizer pads (its `_is_chinese_char`), which libcudf's
/// tables follow: the CJK Unified Ideographs blocks and extensions A to E and the
/// compatibility ideographs. (Hangul, kana and CJK punctuation are not among them.)
pub const CJK_RANGES: [(u32, u32); 8] = [
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B820, 0x2CEAF),
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
];

/// Whether `c` is in [`CJK_RANGES`].
pub fn is_cjk(c: char) -> bool {
    let c = c as u32;
    CJK_RANGES.iter().any(|&(a, b)| (a..=b).contains(&c))
}

/// What the character normalizer does with one character (besides the special tokens).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CharAction {
    /// Kept as it is.
    Keep,
    /// Dropped (control and format characters; with lower-casing, combining marks).
    Remove,
    /// Replaced by these (1 to 3, the rest `'\0'`) characters.
    Replace([char; 3]),
    /// Replaced by this character with a space before and after it.
    Pad(char),
}

/// BERT's punctuation: the ASCII symbols `!` to `/`, `:` to `@`, `[` to `` ` `` and `{` to
/// `~`, and every character of a `P*` general category.
pub fn is_punctuation(c: char) -> bool {
    matches!(c as u32, 33..=47 | 58..=64 | 91..=96 | 123..=126)
        || c.general_category_group() == GeneralCategoryGroup::Punctuation
}

/// libcudf's per-character rule of `normalize_characters`, from its documentation (BERT's
/// basic tokenizer, one character at a time):
/// - tab, newline, carriage return and space separators (`Zs`) become a space;
/// - other control (`Cc`) and format (`Cf`) characters are removed;
/// - CJK ideographs ([`CJK_RANGES`]) get a space before and after;
/// - with `lower`, the character is lower-cased (full case mapping) and its accents are
///   stripped (canonical decomposition without the `Mn` marks), so a lone mark is removed;
/// - punctuation ([`is_punctuation`]) of one character (after lower-casing) is padded;
///   a character that lower-cases to several is not.
///
/// ```
/// use ferrodf_core::ops::nvtext::normalize::{char_action, CharAction};
/// assert_eq!(char_action('\t', false), CharAction::Replace([' ', '\0', '\0']));
/// assert_eq!(char_action('$', false), CharAction::Pad('$'));
/// assert_eq!(char_action('\u{c9}', true), CharAction::Replace(['e', '\0', '\0']));
/// assert_eq!(char_action('\u{c9}', false), CharAction::Keep);
/// assert_eq!(char_action('\u{200b}', true), CharAction::Remove);
/// ```
pub fn char_action(c: char, lower: bool) -> CharAction {
    let cat = c.general_category();
    if matches!(c, '\t' | '\n' | '\r') || cat == GeneralCategory::SpaceSeparator {
        return if c == ' ' {
            CharAction::Keep
        } else {
            CharAction::Replace([' ', '\0', '\0'])
        };
    }
    if matches!(cat, GeneralCategory::Control | GeneralCategory::Format) {
        return CharAction::Remove;
    }
    if is_cjk(c) {
        return CharAction::Pad(c);
    }
    if !lower {
        return if is_punctuation(c) {
            CharAction::Pad(c)
        } else {
            CharAction::Keep
        };
    }
    let t: Vec<char> = c
        .to_lowercase()
        .nfd()
        .filter(|&d| d.general_category() != GeneralCategory::NonspacingMark)
        .collect();
    match t[..] {
        [] => CharAction::Remove,
        [d] if is_punctuation(d) => CharAction::Pad(d),
        [d] if d == c => CharAction::Keep,
        _ => {
            // At most three: the longest lower-cased, accent-stripped forms have two.
            let mut r = ['\0'; 3];
            for (k, &d) in t.iter().take(3).enumerate() {
                r[k] = d;
            }
            CharAction::Replace(r)
        }
    }
}

/// Every code point whose [`char_action`] is not `Keep`, outside [`CJK_RANGES`] (which
/// the device tests by range), ascending, with its action as four `u32`s: 1 for a padded
/// character (0 otherwise), then up to three characters, 0-padded (none: removed). Built
/// once per `lower` and shared.
pub fn char_table(lower: bool) -> &'static (Vec<u32>, Vec<u32>) {
    static TABLES: [OnceLock<(Vec<u32>, Vec<u32>)>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[usize::from(lower)].get_or_init(|| {
        let (mut keys, mut vals) = (vec![], vec![]);
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            if is_cjk(c) {
                continue;
            }
            let v = match char_action(c, lower) {
                CharAction::Keep => continue,
                CharAction::Remove => [0, 0, 0, 0],
                CharAction::Pad(d) => [1, d as u32, 0, 0],
                CharAction::Replace(r) => [0, r[0] as u32, r[1] as u32, r[2] as u32],
            };
            keys.push(c as u32);
            vals.extend_from_slice(&v);
        }
        (keys, vals)
    })
}

/// The output of `c` alone, appended to `out`.
fn put_char(c: char, lower: bool, out: &mut Vec<u8>) {
    let mut put = |d: char| out.extend_from_slice(d.encode_utf8(&mut [0; 4]).as_bytes());
    match char_action(c, lower) {
        CharAction::Keep => put(c),
        CharAction::Remove => {}
        CharAction::Pad(d) => {
            put(' ');
            put(d);
            put(' ');
        }
        CharAction::Replace(r) => r.iter().filter(|&&d| d != '\0').for_each(|&d| put(d)),
    }
}

/// libcudf's `character_normalizer`: the lower-casing flag and the special tokens, sorted
/// (lower-cased when lower-casing, to match the normalized text); the device tables are
/// uploaded on the first device use.
#[derive(Debug)]
pub struct CharacterNormalizer {
    do_lower_case: bool,
    special_tokens: Vec<Vec<u8>>,
    device: OnceLock<udev::CharTablesDev>,
}

/// The longest input, in bytes, from a `[` through its `]` that can be a special token
/// (libcudf looks 6 bytes ahead: `[MASK]`).
pub const SPECIAL_TOKEN_WINDOW: usize = 6;

impl CharacterNormalizer {
    /// A normalizer that lower-cases (and strips accents) when `do_lower_case`, keeping the
    /// `special_tokens` (a STRING column without nulls of tokens such as `[CLS]`, `[]`
    /// included, upper-case) whole. `TypeError` for another column type, `ValueError` when
    /// it has nulls.
    ///
    /// ```
    /// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
    /// use ferrodf_core::ops::nvtext::normalize::*;
    /// let col = |v: Vec<&str>| from_arrow(&arrow_array::StringArray::from(v)).unwrap();
    /// let n = CharacterNormalizer::new(true, &col(vec!["[CLS]"])).unwrap();
    /// let r = normalize_characters(&col(vec!["[CLS] \u{c9}t\u{e9}, $5"]), &n).unwrap();
    /// let r = to_arrow(&r).unwrap();
    /// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
    /// assert_eq!(r.value(0), " [CLS]  ete ,   $ 5");
    /// ```
    pub fn new(do_lower_case: bool, special_tokens: &Column) -> Result<Self> {
        const NAME: &str = "normalize.CharacterNormalizer";
        check_strings(special_tokens, NAME, "special_tokens")?;
        if special_tokens.null_count()? > 0 {
            return Err(Error::value(format!(
                "nvtext.{NAME}: special tokens should not have nulls"
            )));
        }
        let h = HostStrs::of(special_tokens)?;
        let mut tokens: Vec<Vec<u8>> = (0..h.len())
            .map(|i| {
                let t = h.get(i);
                if do_lower_case {
                    t.to_lowercase().into_bytes()
                } else {
                    t.as_bytes().to_vec()
                }
            })
            .collect();
        tokens.sort_unstable();
        tokens.dedup();
        Ok(CharacterNormalizer {
            do_lower_case,
            special_tokens: tokens,
            device: OnceLock::new(),
        })
    }

    /// Whether the normalizer lower-cases.
    pub fn do_lower_case(&self) -> bool {
        self.do_lower_case
    }

    /// `s` normalized, appended to `out`.
    pub fn normalize(&self, s: &str, out: &mut Vec<u8>) {
        let lower = self.do_lower_case;
        let b = s.as_bytes();
        let mut k = 0;
        while k < b.len() {
            let c = s[k..].chars().next().expect("k is a char boundary");
            if c == '[' && !self.special_tokens.is_empty() {
                if let Some(end) = self.special_token_at(s, k) {
                    out.extend_from_slice(b" [");
                    let mut inner = vec![];
                    for d in s[k + 1..end].chars() {
                        put_char(d, lower, &mut inner);
                    }
                    if lower {
                        inner.make_ascii_uppercase();
                    }
                    out.extend_from_slice(&inner);
                    out.extend_from_slice(b"] ");
                    k = end + 1;
                    continue;
                }
            }
            put_char(c, lower, out);
            k += c.len_utf8();
        }
    }

    /// The byte position of the `]` closing a special token at the `[` at byte `k` of `s`:
    /// the first `]` within [`SPECIAL_TOKEN_WINDOW`] bytes, when `[`, the normalized
    /// characters between without spaces, and `]` are one of the tokens.
    fn special_token_at(&self, s: &str, k: usize) -> Option<usize> {
        let b = s.as_bytes();
        let end = (k + 1..(k + SPECIAL_TOKEN_WINDOW).min(b.len())).find(|&e| b[e] == b']')?;
        let mut cand = vec![b'['];
        for d in s[k + 1..end].chars() {
            put_char(d, self.do_lower_case, &mut cand);
        }
        cand.retain(|&x| x != b' ');
        cand.push(b']');
        self.special_tokens
            .binary_search(&cand)
            .is_ok()
            .then_some(end)
    }

    fn device_tables(&self) -> Result<&udev::CharTablesDev> {
        if let Some(d) = self.device.get() {
            return Ok(d);
        }
        let (keys, vals) = char_table(self.do_lower_case);
        let cjk: Vec<u32> = CJK_RANGES.iter().flat_map(|&(a, b)| [a, b]).collect();
        let tokens: Vec<&[u8]> = self.special_tokens.iter().map(Vec::as_slice).collect();
        let d = udev::CharTablesDev::upload(keys, vals, &cjk, &tokens)?;
        Ok(self.device.get_or_init(|| d))
    }
}

/// Every row of `input` normalized by `normalizer` (see [`char_action`] for the rules and
/// [`CharacterNormalizer::new`] for the special tokens); nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::normalize::*;
/// let col = |v: Vec<&str>| from_arrow(&arrow_array::StringArray::from(v)).unwrap();
/// let n = CharacterNormalizer::new(false, &col(vec![])).unwrap();
/// let r = to_arrow(&normalize_characters(&col(vec!["$24.08"]), &n).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), " $ 24 . 08");
/// ```
pub fn normalize_characters(input: &Column, normalizer: &CharacterNormalizer) -> Result<Column> {
    check_strings(input, "normalize.normalize_characters", "input")?;
    if use_device()? {
        return udev::normalize_characters(
            input,
            normalizer.device_tables()?,
            normalizer.do_lower_case,
        );
    }
    map_rows(input, |s, out| normalizer.normalize(s, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(lower: bool, tokens: &[&str], s: &str) -> String {
        let t = crate::interop::arrow::from_arrow(&arrow_array::StringArray::from(tokens.to_vec()))
            .unwrap();
        let n = CharacterNormalizer::new(lower, &t).unwrap();
        let mut out = vec![];
        n.normalize(s, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn libcudf_documented_examples() {
        // nvtext/normalize.hpp's examples
        let s = ["éâîô\teaio", "ĂĆĖÑÜ", "ACENU", "$24.08", "[a,bb]"];
        let lower = ["eaio eaio", "acenu", "acenu", " $ 24 . 08", " [ a , bb ] "];
        let keep = ["éâîô eaio", "ĂĆĖÑÜ", "ACENU", " $ 24 . 08", " [ a , bb ] "];
        for k in 0..s.len() {
            assert_eq!(norm(true, &[], s[k]), lower[k]);
            assert_eq!(norm(false, &[], s[k]), keep[k]);
        }
    }

    #[test]
    fn special_tokens_stay_whole() {
        let toks = ["[CLS]", "[SEP]", "[MASK]"];
        assert_eq!(norm(true, &toks, "[CLS]a[SEP]"), " [CLS] a [SEP] ");
        assert_eq!(norm(false, &toks, "[CLS]a[SEP]"), " [CLS] a [SEP] ");
        assert_eq!(norm(true, &toks, "[cls][MASK]"), " [CLS]  [MASK] ");
        // not a token, too long, unclosed
        assert_eq!(norm(true, &toks, "[UNK]"), " [ unk ] ");
        assert_eq!(norm(true, &["[LONGER]"], "[LONGER]"), " [ longer ] ");
        assert_eq!(norm(true, &toks, "[CLS"), " [ cls");
        // the token must match the normalized text: no lower-casing keeps it upper-case
        assert_eq!(norm(false, &toks, "[cls]"), " [ cls ] ");
    }

    #[test]
    fn cjk_controls_and_marks() {
        assert_eq!(norm(false, &[], "日本a"), " 日  本 a");
        assert_eq!(norm(true, &[], "a\u{0}\u{7}\u{200d}b"), "ab");
        assert_eq!(norm(true, &[], "e\u{301}"), "e");
        assert_eq!(norm(false, &[], "e\u{301}"), "e\u{301}");
        assert_eq!(norm(true, &[], "\u{a0}\u{3000}"), "  ");
        assert_eq!(norm(true, &[], "\u{130}"), "i");
    }

    #[test]
    fn the_table_agrees_with_the_rule_and_fits_three_characters() {
        for lower in [false, true] {
            let (keys, vals) = char_table(lower);
            assert!(keys.windows(2).all(|w| w[0] < w[1]));
            for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
                let a = char_action(c, lower);
                if let CharAction::Replace(r) = a {
                    // nothing lower-cases to more than the three kept
                    let n: usize = c
                        .to_lowercase()
                        .nfd()
                        .filter(|&d| d.general_category() != GeneralCategory::NonspacingMark)
                        .count();
                    assert!(n <= 3 && r[0] != '\0', "{c:?}");
                }
                if is_cjk(c) {
                    continue;
                }
                let found = keys.binary_search(&(c as u32)).ok();
                assert_eq!(found.is_some(), a != CharAction::Keep, "{c:?}");
                if let Some(k) = found {
                    let v = &vals[4 * k..4 * k + 4];
                    let want = match a {
                        CharAction::Remove => [0, 0, 0, 0],
                        CharAction::Pad(d) => [1, d as u32, 0, 0],
                        CharAction::Replace(r) => [0, r[0] as u32, r[1] as u32, r[2] as u32],
                        CharAction::Keep => unreachable!(),
                    };
                    assert_eq!(v, want, "{c:?}");
                }
            }
        }
    }
}

//! pylibcudf's `nvtext.ngrams_tokenize`.

use super::{
    char_tokens, check_at_least, check_strings, delimiter_chars, flat_strings, string_arg,
};
use crate::column::Column;
use crate::device::kernels::nvtext as dev;
use crate::error::Result;
use crate::ops::nvtext::tokenize::codes;
use crate::ops::strings::HostStrs;
use crate::placement::use_device;
use crate::scalar::Scalar;

/// Tokenize every row at the characters of `delimiter` (empty: whitespace) and give every
/// `ngrams` consecutive tokens of a row joined by `separator`, all rows' ngrams in one
/// STRING column (ngrams never span rows; null rows give none). `ngrams` must be at least
/// 1; both scalars must be valid STRING scalars.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::ngrams_tokenize::ngrams_tokenize;
/// use ferrodf_core::scalar::Scalar;
/// let s = |v: &str| Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![v])).unwrap()).unwrap();
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["the fox jumped", "a b"])).unwrap();
/// let r = to_arrow(&ngrams_tokenize(&c, 2, &s(" "), &s("_")).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().flatten().collect::<Vec<_>>(), ["the_fox", "fox_jumped", "a_b"]);
/// ```
pub fn ngrams_tokenize(
    input: &Column,
    ngrams: i64,
    delimiter: &Scalar,
    separator: &Scalar,
) -> Result<Column> {
    const NAME: &str = "ngrams_tokenize.ngrams_tokenize";
    check_strings(input, NAME, "input")?;
    check_at_least(ngrams, 1, NAME, "ngrams")?;
    let delims = delimiter_chars(Some(delimiter), NAME)?;
    let sep = string_arg(separator, NAME, "separator")?;
    let n = ngrams as usize;
    if use_device()? {
        return dev::ngrams_tokenize(input, n, &codes(&delims), &sep);
    }
    let h = HostStrs::of(input)?;
    flat_strings(h.len(), |i, put| {
        let Some(s) = h.opt(i) else { return };
        let toks: Vec<&[u8]> = char_tokens(s, &delims)
            .map(|(a, b)| &s.as_bytes()[a..b])
            .collect();
        let mut g = Vec::new();
        for w in toks.windows(n) {
            g.clear();
            for (k, t) in w.iter().enumerate() {
                if k > 0 {
                    g.extend_from_slice(&sep);
                }
                g.extend_from_slice(t);
            }
            put(&g);
        }
    })
}

//! pylibcudf's `nvtext.stemmer`: `porter_stemmer_measure`, `is_letter` and `LetterType`.

use super::check_strings;
use crate::column::Column;
use crate::device::kernels::nvtext as dev;
use crate::error::{Error, Result};
use crate::named_enum::named_enum;
use crate::ops::numeric::host_column;
use crate::ops::strings::HostStrs;
use crate::placement::use_device;
use crate::types::TypeId;

named_enum! {
    /// Which letters `is_letter` looks for (libcudf's `letter_type`).
    pub enum LetterType in "nvtext.stemmer" {
        /// A consonant (see [`is_consonant`]).
        Consonant,
        /// A vowel: any character that is not a consonant.
        Vowel,
    }
}

/// The character position `is_letter` checks in every row: one for all rows or one per row.
#[derive(Debug, Clone, Copy)]
pub enum LetterIndex<'a> {
    /// The same position in every row.
    All(i32),
    /// Row i's position is row i of this integer column (no nulls, the input's length).
    PerRow(&'a Column),
}

/// libcudf's (Porter's) consonant test of character `k` of `chars`: anything but `a e i
/// o u`, except that `y` after one of `a e i o u` is a consonant and `y` after anything
/// else is a vowel; a leading `y` is a consonant. Only lower-case ASCII vowels count.
pub(crate) fn is_consonant(chars: &[char], k: usize) -> bool {
    const VOWELS: &[char] = &['a', 'e', 'i', 'o', 'u'];
    let c = chars[k];
    if VOWELS.contains(&c) {
        return false;
    }
    if c != 'y' || k == 0 {
        return true;
    }
    VOWELS.contains(&chars[k - 1])
}

/// Porter's measure `m` of every row, the number of vowel-run-then-consonant-run pairs in
/// the form `[C](VC){m}[V]` (with [`is_consonant`]); INT32, nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::stemmer::porter_stemmer_measure;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["tree", "trouble", "troubles"])).unwrap();
/// let r = to_arrow(&porter_stemmer_measure(&c).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::Int32Array>().unwrap();
/// assert_eq!(r.values().to_vec(), [0, 1, 2]);
/// ```
pub fn porter_stemmer_measure(input: &Column) -> Result<Column> {
    check_strings(input, "stemmer.porter_stemmer_measure", "input")?;
    if use_device()? {
        return dev::porter_measure(input);
    }
    let h = HostStrs::of(input)?;
    let out: Vec<i32> = (0..h.len())
        .map(|i| {
            let chars: Vec<char> = h.get(i).chars().collect();
            let (mut m, mut vowel_run) = (0, false);
            for k in 0..chars.len() {
                if is_consonant(&chars, k) {
                    m += i32::from(vowel_run);
                    vowel_run = false;
                } else {
                    vowel_run = true;
                }
            }
            m
        })
        .collect();
    host_column(input, TypeId::Int32.into(), out)
}

/// BOOL8: whether the character at `index` (negative: from the end) of every row is a
/// letter of type `ltype` (see [`is_consonant`]); false when the row is empty or the
/// position is outside it. Nulls stay null. A per-row index column must be an integer
/// column of the input's length without nulls.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::stemmer::{is_letter, LetterIndex, LetterType};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["toy", "trouble", ""])).unwrap();
/// let r = to_arrow(&is_letter(&c, LetterType::Vowel, LetterIndex::All(-1)).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::BooleanArray>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), [Some(false), Some(true), Some(false)]);
/// ```
pub fn is_letter(input: &Column, ltype: LetterType, index: LetterIndex<'_>) -> Result<Column> {
    const NAME: &str = "stemmer.is_letter";
    check_strings(input, NAME, "input")?;
    let per_row = match index {
        LetterIndex::All(_) => None,
        LetterIndex::PerRow(c) => {
            if !c.dtype().id().is_integer() {
                return Err(Error::type_err(format!(
                    "nvtext.{NAME}: indices must be an integer column, got {}",
                    c.dtype()
                )));
            }
            if c.size() != input.size() {
                return Err(Error::value(format!(
                    "nvtext.{NAME}: indices has {} rows, the input {}",
                    c.size(),
                    input.size()
                )));
            }
            if c.null_count()? > 0 {
                return Err(Error::value(format!(
                    "nvtext.{NAME}: indices must not contain nulls"
                )));
            }
            Some(crate::ops::cast::cast(c, TypeId::Int64.into())?)
        }
    };
    let all = match index {
        LetterIndex::All(k) => i64::from(k),
        LetterIndex::PerRow(_) => 0,
    };
    let vowel = ltype == LetterType::Vowel;
    if use_device()? {
        return dev::is_letter(input, vowel, all, per_row.as_ref());
    }
    let idx = per_row
        .as_ref()
        .map(|c| c.host_values::<i64>())
        .transpose()?;
    let h = HostStrs::of(input)?;
    let out: Vec<u8> = (0..h.len())
        .map(|i| {
            let chars: Vec<char> = h.get(i).chars().collect();
            let len = chars.len() as i64;
            let pos = idx.as_ref().map_or(all, |v| v[i]);
            if len == 0 || pos >= len || pos < -len {
                return 0;
            }
            u8::from(is_consonant(&chars, ((pos + len) % len) as usize) != vowel)
        })
        .collect();
    host_column(input, TypeId::Bool8.into(), out)
}

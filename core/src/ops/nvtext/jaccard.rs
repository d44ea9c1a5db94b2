//! pylibcudf's `nvtext.jaccard`: `jaccard_index`.

use super::{check_at_least, check_strings};
use crate::column::Column;
use crate::device::kernels::nvtext as dev;
use crate::error::{Error, Result};
use crate::ops::strings::{HostStrs, both_valid};
use crate::placement::use_device;
use rayon::prelude::*;
use std::collections::HashSet;

/// The set of `width`-character substrings of `s` (a string of fewer characters is its
/// own only substring; an empty string has none).
fn substrings(s: &str, width: usize) -> HashSet<&str> {
    let mut bounds: Vec<usize> = s.char_indices().map(|(k, _)| k).collect();
    bounds.push(s.len());
    let chars = bounds.len() - 1;
    if chars == 0 {
        return HashSet::new();
    }
    if chars < width {
        return HashSet::from([s]);
    }
    (0..=chars - width)
        .map(|j| &s[bounds[j]..bounds[j + width]])
        .collect()
}

/// FLOAT32: the Jaccard index `|A ∩ B| / |A ∪ B|` of the sets of `width`-character
/// substrings of the rows of `input1` and `input2` (0 when both sets are empty). A row
/// shorter than `width` characters is its own only substring. libcudf compares the
/// substrings' MurmurHash3 values; this compares the substrings themselves (the same but
/// for hash collisions). A null in either row gives a null. `width` must be at least 2 and
/// the columns of one length (`ValueError`).
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::jaccard::jaccard_index;
/// let a = from_arrow(&arrow_array::StringArray::from(vec!["the fuzzy dog", "funny bunny"])).unwrap();
/// let b = from_arrow(&arrow_array::StringArray::from(vec!["the fuzzy cat", "funny bunny"])).unwrap();
/// let r = to_arrow(&jaccard_index(&a, &b, 5).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::Float32Array>().unwrap();
/// assert_eq!(r.values().to_vec(), [0.5, 1.0]);
/// ```
pub fn jaccard_index(input1: &Column, input2: &Column, width: i64) -> Result<Column> {
    const NAME: &str = "jaccard.jaccard_index";
    check_strings(input1, NAME, "input1")?;
    check_strings(input2, NAME, "input2")?;
    if input1.size() != input2.size() {
        return Err(Error::value(format!(
            "nvtext.{NAME}: input1 has {} rows, input2 {}",
            input1.size(),
            input2.size()
        )));
    }
    check_at_least(width, 2, NAME, "width")?;
    let w = width as usize;
    let (mask, nulls) = both_valid(input1, input2)?;
    if use_device()? {
        return dev::jaccard(input1, input2, w, mask, nulls);
    }
    let (a, b) = (HostStrs::of(input1)?, HostStrs::of(input2)?);
    let out: Vec<f32> = (0..a.len())
        .into_par_iter()
        .map(|i| {
            let (sa, sb) = (substrings(a.get(i), w), substrings(b.get(i), w));
            let common = sa.intersection(&sb).count();
            let union = sa.len() + sb.len() - common;
            if union == 0 {
                0.0
            } else {
                common as f32 / union as f32
            }
        })
        .collect();
    Column::from_values(out).with_mask(mask, Some(nulls))
}

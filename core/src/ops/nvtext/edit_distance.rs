//! pylibcudf's `nvtext.edit_distance`: `edit_distance` and `edit_distance_matrix`.

use super::{check_strings, list_of};
use crate::column::Column;
use crate::device::kernels::nvtext as dev;
use crate::error::{Error, Result};
use crate::ops::strings::HostStrs;
use crate::placement::use_device;
use rayon::prelude::*;

/// The Levenshtein distance between `a` and `b` in characters (code points), with one
/// row of the dynamic program (the shorter string's length plus one).
pub(crate) fn levenshtein(a: &str, b: &str) -> i32 {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut row: Vec<i32> = (0..=short.len() as i32).collect();
    for (i, &lc) in long.iter().enumerate() {
        let mut diag = row[0];
        row[0] = i as i32 + 1;
        for (j, &sc) in short.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = (up + 1).min(row[j] + 1).min(diag + i32::from(lc != sc));
            diag = up;
        }
    }
    row[short.len()]
}

/// INT32: the Levenshtein distance (in characters) between every row of `input` and the
/// same row of `targets` (or its only row when it has one). Null entries count as empty
/// strings; the result has no nulls. `targets` must have `input`'s length or one valid row
/// (`ValueError`).
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::edit_distance::edit_distance;
/// let s = from_arrow(&arrow_array::StringArray::from(vec!["hello", "", "world"])).unwrap();
/// let t = from_arrow(&arrow_array::StringArray::from(vec!["hallo", "goodbye", "world"])).unwrap();
/// let r = to_arrow(&edit_distance(&s, &t).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::Int32Array>().unwrap();
/// assert_eq!(r.values().to_vec(), [1, 7, 0]);
/// ```
pub fn edit_distance(input: &Column, targets: &Column) -> Result<Column> {
    const NAME: &str = "edit_distance.edit_distance";
    check_strings(input, NAME, "input")?;
    check_strings(targets, NAME, "targets")?;
    let one = targets.size() == 1;
    if !one && targets.size() != input.size() {
        return Err(Error::value(format!(
            "nvtext.{NAME}: targets has {} rows; it must have the input's {} or 1",
            targets.size(),
            input.size()
        )));
    }
    if one && targets.null_count()? > 0 {
        return Err(Error::value(format!(
            "nvtext.{NAME}: a single target must not be null"
        )));
    }
    if use_device()? {
        return dev::edit_distance(input, targets, one);
    }
    let (h, t) = (HostStrs::of(input)?, HostStrs::of(targets)?);
    let out: Vec<i32> = (0..h.len())
        .into_par_iter()
        .map(|i| {
            let b = t.opt(if one { 0 } else { i }).unwrap_or("");
            levenshtein(h.opt(i).unwrap_or(""), b)
        })
        .collect();
    Ok(Column::from_values(out))
}

/// LIST<INT32>: row `i` holds the Levenshtein distances between row `i` and every row
/// (nulls count as empty strings). A column of one row is a `ValueError` (libcudf needs
/// two); an empty column gives an empty result.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::edit_distance::edit_distance_matrix;
/// let s = from_arrow(&arrow_array::StringArray::from(vec!["dog", "cat"])).unwrap();
/// let r = to_arrow(&edit_distance_matrix(&s).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::ListArray>().unwrap();
/// let row = r.value(0);
/// let row = row.as_any().downcast_ref::<arrow_array::Int32Array>().unwrap();
/// assert_eq!(row.values().to_vec(), [0, 3]);
/// ```
pub fn edit_distance_matrix(input: &Column) -> Result<Column> {
    const NAME: &str = "edit_distance.edit_distance_matrix";
    check_strings(input, NAME, "input")?;
    let n = input.size();
    if n == 1 {
        return Err(Error::value(format!(
            "nvtext.{NAME}: the input must have more than one row"
        )));
    }
    if use_device()? {
        return dev::edit_distance_matrix(input);
    }
    let h = HostStrs::of(input)?;
    let out: Vec<i32> = (0..n * n)
        .into_par_iter()
        .map(|k| {
            let (i, j) = (k / n, k % n);
            levenshtein(h.opt(i).unwrap_or(""), h.opt(j).unwrap_or(""))
        })
        .collect();
    list_of(&vec![n; n], Column::from_values(out), None, 0)
}

//! pylibcudf's `nvtext.minhash`: `minhash` and `minhash64` (the permuted form with
//! parameter columns `a` and `b`) over the character windows of strings, and
//! `minhash_ngrams` and `minhash64_ngrams` over windows of consecutive strings of
//! LIST<STRING> rows.

use super::{check_at_least, check_strings, list_of};
use crate::column::Column;
use crate::device::kernels::nvtext as dev;
use crate::error::{Error, Result};
use crate::ops::hashing::{murmur3_x64_128_bytes, murmur3_x86_32_bytes};
use crate::ops::numeric::host_mask_copy;
use crate::ops::strings::HostStrs;
use crate::placement::use_device;
use crate::types::TypeId;
use rayon::prelude::*;

/// The Mersenne prime 2^61 - 1 of the permutation formula.
const MERSENNE: u64 = (1 << 61) - 1;

/// The checks shared by both widths: the parameters' type, lengths and nulls, `width`.
fn check(input: &Column, a: &Column, b: &Column, width: i64, t: TypeId, name: &str) -> Result<()> {
    check_strings(input, name, "input")?;
    check_at_least(width, 2, name, "width")?;
    check_params(a, b, t, name)
}

/// The checks of the parameters `a` and `b`: type `t`, no nulls, one non-zero length.
fn check_params(a: &Column, b: &Column, t: TypeId, name: &str) -> Result<()> {
    for (c, what) in [(a, "a"), (b, "b")] {
        if c.dtype().id() != t {
            return Err(Error::type_err(format!(
                "nvtext.{name}: {what} must be a {t} column, got {}",
                c.dtype()
            )));
        }
        if c.null_count()? > 0 {
            return Err(Error::value(format!(
                "nvtext.{name}: {what} must not contain nulls"
            )));
        }
    }
    if a.size() == 0 {
        return Err(Error::value(format!(
            "nvtext.{name}: the parameters a and b must not be empty"
        )));
    }
    if a.size() != b.size() {
        return Err(Error::value(format!(
            "nvtext.{name}: a has {} values, b {}; they must have as many",
            a.size(),
            b.size()
        )));
    }
    Ok(())
}

/// The substrings libcudf hashes: every `width`-character window of `s`, or `s` itself when
/// it is shorter (an empty string has none).
fn windows(s: &str, width: usize) -> Vec<&str> {
    let mut bounds: Vec<usize> = s.char_indices().map(|(k, _)| k).collect();
    bounds.push(s.len());
    let chars = bounds.len() - 1;
    if chars == 0 {
        return vec![];
    }
    if chars < width {
        return vec![s];
    }
    (0..=chars - width)
        .map(|j| &s[bounds[j]..bounds[j + width]])
        .collect()
}

/// The windows of a list row of strings `row` (the strings' bytes): every run of
/// `ngrams` consecutive strings as their bytes one after the other (libcudf hashes the
/// run's contiguous bytes in the strings column), or the whole row when it is shorter (an
/// empty row has none).
fn ngram_windows(row: &[&[u8]], ngrams: usize) -> Vec<Vec<u8>> {
    if row.is_empty() {
        return vec![];
    }
    let width = ngrams.min(row.len());
    row.windows(width).map(|w| w.concat()).collect()
}

/// The host path of every form: LIST<T> of one minimum per parameter pair for each of
/// the rows of `input`, whose windows are `rows(i)` (None: a null row); `hash` of a
/// window, `permute(hv, a, b)`; an empty row gives zeros.
#[allow(clippy::too_many_arguments)]
fn host_min_of_windows<
    T: crate::native::NativeType + Ord + Copy + Send + Sync + arrow_buffer::ArrowNativeType,
    W: AsRef<[u8]>,
>(
    input: &Column,
    rows: impl Fn(usize) -> Option<Vec<W>> + Sync,
    a: &Column,
    b: &Column,
    hash: impl Fn(&[u8]) -> T + Sync,
    permute: impl Fn(T, T, T) -> T + Sync,
    zero: T,
    max: T,
) -> Result<Column> {
    let (pa, pb) = (a.host_values::<T>()?, b.host_values::<T>()?);
    let m = pa.len();
    let per_row: Vec<Vec<T>> = (0..input.size())
        .into_par_iter()
        .map(|i| {
            let Some(windows) = rows(i) else {
                return vec![];
            };
            if windows.is_empty() {
                return vec![zero; m];
            }
            let mut mins = vec![max; m];
            for w in windows {
                let hv = hash(w.as_ref());
                for k in 0..m {
                    mins[k] = mins[k].min(permute(hv, pa[k], pb[k]));
                }
            }
            mins
        })
        .collect();
    let counts: Vec<usize> = per_row.iter().map(Vec::len).collect();
    let values: Vec<T> = per_row.into_iter().flatten().collect();
    let (mask, nulls) = host_mask_copy(input)?;
    list_of(&counts, Column::from_values(values), mask, nulls)
}

/// The host path of both widths over character windows.
#[allow(clippy::too_many_arguments)]
fn host_minhash<
    T: crate::native::NativeType + Ord + Copy + Send + Sync + arrow_buffer::ArrowNativeType,
>(
    input: &Column,
    a: &Column,
    b: &Column,
    width: usize,
    hash: impl Fn(&[u8]) -> T + Sync,
    permute: impl Fn(T, T, T) -> T + Sync,
    zero: T,
    max: T,
) -> Result<Column> {
    let h = HostStrs::of(input)?;
    let rows = |i: usize| h.opt(i).map(|s| windows(s, width));
    host_min_of_windows(input, rows, a, b, hash, permute, zero, max)
}

/// LIST<UINT32>: for every row and every pair `(a[k], b[k])` (UINT32 columns of one
/// non-zero length without nulls), the minimum over the row's `width`-character substrings
/// (the row itself when shorter) of `(hv * a[k] + b[k]) mod 2^32`, where `hv` is the
/// substring's MurmurHash3_x86_32 with `seed` (at least 1). This is libcudf's formula,
/// `((hv * a + b) % (2^61 - 1)) & 0xFFFFFFFF` evaluated in 32-bit arithmetic, as libcudf
/// evaluates it. An empty row gives zeros, a null row a null row. `width` must be at least
/// 2 (`ValueError`).
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::hashing::murmur3_x86_32_bytes;
/// use ferrodf_core::ops::nvtext::minhash::minhash;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["abc"])).unwrap();
/// let (a, b) = (Column::from_values(vec![1u32]), Column::from_values(vec![0u32]));
/// let r = to_arrow(&minhash(&c, 0, &a, &b, 2).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::ListArray>().unwrap();
/// let v = r.value(0);
/// let v = v.as_any().downcast_ref::<arrow_array::UInt32Array>().unwrap();
/// let want = murmur3_x86_32_bytes(b"ab", 0).min(murmur3_x86_32_bytes(b"bc", 0));
/// assert_eq!(v.value(0), want);
/// ```
pub fn minhash(input: &Column, seed: u32, a: &Column, b: &Column, width: i64) -> Result<Column> {
    const NAME: &str = "minhash.minhash";
    check(input, a, b, width, TypeId::Uint32, NAME)?;
    if use_device()? {
        return dev::minhash(input, u64::from(seed), a, b, width as usize, false);
    }
    host_minhash::<u32>(
        input,
        a,
        b,
        width as usize,
        |w| murmur3_x86_32_bytes(w, seed).max(1),
        |hv, a, b| hv.wrapping_mul(a).wrapping_add(b),
        0,
        u32::MAX,
    )
}

/// LIST<UINT64>: [`minhash`] with MurmurHash3_x64_128 (its first 64 bits, with the 64-bit
/// `seed`), UINT64 parameters and `((hv * a + b) mod 2^64) % (2^61 - 1)`.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::minhash::minhash64;
/// let c = from_arrow(&arrow_array::StringArray::from(vec![Some(""), None])).unwrap();
/// let (a, b) = (Column::from_values(vec![1u64, 2]), Column::from_values(vec![0u64, 0]));
/// let r = to_arrow(&minhash64(&c, 0, &a, &b, 3).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::ListArray>().unwrap();
/// assert_eq!(r.value(0).len(), 2); // an empty row: zeros
/// assert_eq!(arrow_array::Array::null_count(r), 1);
/// ```
pub fn minhash64(input: &Column, seed: u64, a: &Column, b: &Column, width: i64) -> Result<Column> {
    const NAME: &str = "minhash.minhash64";
    check(input, a, b, width, TypeId::Uint64, NAME)?;
    if use_device()? {
        return dev::minhash(input, seed, a, b, width as usize, true);
    }
    host_minhash::<u64>(
        input,
        a,
        b,
        width as usize,
        |w| murmur3_x64_128_bytes(w, seed).0.max(1),
        |hv, a, b| hv.wrapping_mul(a).wrapping_add(b) % MERSENNE,
        0,
        u64::MAX,
    )
}

/// The checks of the ngram forms: `input` a LIST<STRING> column (`TypeError`), `ngrams` at
/// least 2 and the parameters as for [`minhash`].
fn check_lists(
    input: &Column,
    a: &Column,
    b: &Column,
    ngrams: i64,
    t: TypeId,
    name: &str,
) -> Result<()> {
    let is_strings = input.dtype().id() == TypeId::List
        && input
            .children()
            .get(1)
            .is_none_or(|c| c.dtype().id() == TypeId::String);
    if !is_strings {
        return Err(Error::type_err(format!(
            "nvtext.{name}: input must be a LIST<STRING> column, got {}",
            input.dtype()
        )));
    }
    check_at_least(ngrams, 2, name, "ngrams")?;
    check_params(a, b, t, name)
}

/// The host path of the ngram forms.
#[allow(clippy::too_many_arguments)]
fn host_minhash_ngrams<
    T: crate::native::NativeType + Ord + Copy + Send + Sync + arrow_buffer::ArrowNativeType,
>(
    input: &Column,
    ngrams: usize,
    a: &Column,
    b: &Column,
    hash: impl Fn(&[u8]) -> T + Sync,
    permute: impl Fn(T, T, T) -> T + Sync,
    zero: T,
    max: T,
) -> Result<Column> {
    let n = input.size();
    let offs = if n == 0 {
        vec![0]
    } else {
        input.host_offsets(n)?
    };
    let nulls = input.host_nulls()?;
    let h = HostStrs::of(&input.children()[1])?;
    let rows = |i: usize| -> Option<Vec<Vec<u8>>> {
        if nulls.as_ref().is_some_and(|nb| nb.is_null(i)) {
            return None;
        }
        let row: Vec<&[u8]> = (offs[i] as usize..offs[i + 1] as usize)
            .map(|j| h.get(j).as_bytes())
            .collect();
        Some(ngram_windows(&row, ngrams))
    };
    host_min_of_windows(input, rows, a, b, hash, permute, zero, max)
}

/// LIST<UINT32>: [`minhash`] over the rows of a LIST<STRING> column, whose windows are
/// runs of `ngrams` (at least 2, `ValueError`) consecutive strings, hashed as their bytes
/// one after the other (the whole row when it has fewer strings). An empty list gives
/// zeros, a null row a null row.
///
/// ```
/// use arrow_array::builder::{ListBuilder, StringBuilder};
/// use ferrodf_core::column::Column;
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::hashing::murmur3_x86_32_bytes;
/// use ferrodf_core::ops::nvtext::minhash::minhash_ngrams;
/// let mut lb = ListBuilder::new(StringBuilder::new());
/// lb.values().append_value("the");
/// lb.values().append_value("fox");
/// lb.values().append_value("ran");
/// lb.append(true);
/// let c = from_arrow(&lb.finish()).unwrap();
/// let (a, b) = (Column::from_values(vec![1u32]), Column::from_values(vec![0u32]));
/// let r = to_arrow(&minhash_ngrams(&c, 2, 0, &a, &b).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::ListArray>().unwrap();
/// let v = r.value(0);
/// let v = v.as_any().downcast_ref::<arrow_array::UInt32Array>().unwrap();
/// let want = murmur3_x86_32_bytes(b"thefox", 0).min(murmur3_x86_32_bytes(b"foxran", 0));
/// assert_eq!(v.value(0), want.max(1));
/// ```
pub fn minhash_ngrams(
    input: &Column,
    ngrams: i64,
    seed: u32,
    a: &Column,
    b: &Column,
) -> Result<Column> {
    const NAME: &str = "minhash.minhash_ngrams";
    check_lists(input, a, b, ngrams, TypeId::Uint32, NAME)?;
    if use_device()? {
        return dev::minhash_ngrams(input, u64::from(seed), a, b, ngrams as usize, false);
    }
    host_minhash_ngrams::<u32>(
        input,
        ngrams as usize,
        a,
        b,
        |w| murmur3_x86_32_bytes(w, seed).max(1),
        |hv, a, b| hv.wrapping_mul(a).wrapping_add(b),
        0,
        u32::MAX,
    )
}

/// LIST<UINT64>: [`minhash64`] over the rows of a LIST<STRING> column, with the windows
/// of [`minhash_ngrams`].
///
/// ```
/// use arrow_array::builder::{ListBuilder, StringBuilder};
/// use ferrodf_core::column::Column;
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::minhash::minhash64_ngrams;
/// let mut lb = ListBuilder::new(StringBuilder::new());
/// lb.append(true);
/// lb.append(false);
/// let c = from_arrow(&lb.finish()).unwrap();
/// let (a, b) = (Column::from_values(vec![1u64, 2]), Column::from_values(vec![0u64, 0]));
/// let r = to_arrow(&minhash64_ngrams(&c, 2, 0, &a, &b).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::ListArray>().unwrap();
/// assert_eq!(r.value(0).len(), 2); // an empty list: zeros
/// assert_eq!(arrow_array::Array::null_count(r), 1);
/// ```
pub fn minhash64_ngrams(
    input: &Column,
    ngrams: i64,
    seed: u64,
    a: &Column,
    b: &Column,
) -> Result<Column> {
    const NAME: &str = "minhash.minhash64_ngrams";
    check_lists(input, a, b, ngrams, TypeId::Uint64, NAME)?;
    if use_device()? {
        return dev::minhash_ngrams(input, seed, a, b, ngrams as usize, true);
    }
    host_minhash_ngrams::<u64>(
        input,
        ngrams as usize,
        a,
        b,
        |w| murmur3_x64_128_bytes(w, seed).0.max(1),
        |hv, a, b| hv.wrapping_mul(a).wrapping_add(b) % MERSENNE,
        0,
        u64::MAX,
    )
}

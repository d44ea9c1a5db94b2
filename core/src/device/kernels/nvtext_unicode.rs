//! Device launchers of the Unicode nvtext kernels (`cuda/nvtext_unicode.cu`, compiled in
//! the strings module): `normalize_unicode` (UAX #15 on tables searched by binary search)
//! and `normalize_characters` (libcudf's character normalizer on a table of the code points
//! it changes). The tables are built on the host (`ops::nvtext`) and uploaded once per
//! normalizer object: these types hold them.

use super::args;
use super::scan::exclusive_sum_with_total;
use super::strings::{Descs, build_rows, build_strings, run, upload, upload_u32};
use super::transform::copied_validity;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::Result;

/// The host tables of a Unicode normalizer (see `ops::nvtext::unicode_normalize`): sorted
/// keys with their values.
pub struct UnicodeTableSlices<'a> {
    /// Code points with a full decomposition, ascending.
    pub decomp_keys: &'a [u32],
    /// Start of each key's decomposition in `decomp_values` (one more than the keys).
    pub decomp_offsets: &'a [u32],
    /// The decompositions.
    pub decomp_values: &'a [u32],
    /// Code points of a non-zero combining class, ascending.
    pub ccc_keys: &'a [u32],
    /// Their classes.
    pub ccc_values: &'a [u32],
    /// Composition pairs `first << 32 | second`, ascending.
    pub comp_keys: &'a [u64],
    /// What each pair composes to.
    pub comp_values: &'a [u32],
}

/// A Unicode normalizer's tables on the device.
#[derive(Debug)]
pub struct UnicodeTablesDev {
    decomp_keys: DeviceMemory,
    decomp_offsets: DeviceMemory,
    decomp_values: DeviceMemory,
    ccc_keys: DeviceMemory,
    ccc_values: DeviceMemory,
    comp_keys: DeviceMemory,
    comp_values: DeviceMemory,
    n_decomp: i64,
    n_ccc: i64,
    n_comp: i64,
}

impl UnicodeTablesDev {
    /// Upload the tables.
    pub fn upload(t: &UnicodeTableSlices<'_>) -> Result<Self> {
        let comp: Vec<u8> = t.comp_keys.iter().flat_map(|k| k.to_le_bytes()).collect();
        Ok(UnicodeTablesDev {
            decomp_keys: upload_u32(t.decomp_keys)?,
            decomp_offsets: upload_u32(t.decomp_offsets)?,
            decomp_values: upload_u32(t.decomp_values)?,
            ccc_keys: upload_u32(t.ccc_keys)?,
            ccc_values: upload_u32(t.ccc_values)?,
            comp_keys: upload(&comp)?,
            comp_values: upload_u32(t.comp_values)?,
            n_decomp: t.decomp_keys.len() as i64,
            n_ccc: t.ccc_keys.len() as i64,
            n_comp: t.comp_keys.len() as i64,
        })
    }
}

/// Every row of `col` decomposed, canonically ordered and (when `compose`) composed; null
/// rows stay null. Three kernels: code points per row, then (after a scan) every row's
/// code points normalized in place in a scratch buffer, then the two-pass UTF-8 writer.
pub fn normalize_unicode(col: &Column, t: &UnicodeTablesDev, compose: bool) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let cp_off = DeviceMemory::zeroed((n + 1) * 8)?;
    let a = args![
        d.ptr(),
        n as i64,
        t.decomp_keys.ptr(),
        t.decomp_offsets.ptr(),
        t.n_decomp,
        cp_off.ptr()
    ];
    run("nvu_decomposed_counts", n, &a)?;
    let total = exclusive_sum_with_total(&cp_off, n)? as usize;
    let cps = DeviceMemory::alloc(total * 4)?;
    let lens = DeviceMemory::zeroed(n * 8)?;
    if total > 0 {
        let a = args![
            d.ptr(),
            n as i64,
            t.decomp_keys.ptr(),
            t.decomp_offsets.ptr(),
            t.decomp_values.ptr(),
            t.n_decomp,
            t.ccc_keys.ptr(),
            t.ccc_values.ptr(),
            t.n_ccc,
            t.comp_keys.ptr(),
            t.comp_values.ptr(),
            t.n_comp,
            i32::from(compose),
            cp_off.ptr(),
            cps.ptr(),
            lens.ptr()
        ];
        run("nvu_normalize_rows", n, &a)?;
    }
    let (mask, nulls) = copied_validity(col)?;
    let a = args![n as i64, cp_off.ptr(), lens.ptr(), cps.ptr()];
    build_strings("nvu_write_utf8", n, mask, nulls, &a)
}

/// A character normalizer's tables on the device: the changed code points and their
/// actions (four `u32`s each), the CJK ranges (pairs) and the sorted special tokens.
#[derive(Debug)]
pub struct CharTablesDev {
    keys: DeviceMemory,
    vals: DeviceMemory,
    n_keys: i64,
    cjk: DeviceMemory,
    n_cjk: i64,
    tok_chars: DeviceMemory,
    tok_offsets: DeviceMemory,
    n_tok: i64,
}

impl CharTablesDev {
    /// Upload the action table (`keys`, `vals`), the CJK `ranges` (inclusive pairs,
    /// flattened) and the special `tokens` (sorted).
    pub fn upload(keys: &[u32], vals: &[u32], ranges: &[u32], tokens: &[&[u8]]) -> Result<Self> {
        let mut chars = vec![];
        let mut offsets: Vec<u8> = 0i64.to_le_bytes().to_vec();
        for t in tokens {
            chars.extend_from_slice(t);
            offsets.extend_from_slice(&(chars.len() as i64).to_le_bytes());
        }
        Ok(CharTablesDev {
            keys: upload_u32(keys)?,
            vals: upload_u32(vals)?,
            n_keys: keys.len() as i64,
            cjk: upload_u32(ranges)?,
            n_cjk: (ranges.len() / 2) as i64,
            tok_chars: upload(&chars)?,
            tok_offsets: upload(&offsets)?,
            n_tok: tokens.len() as i64,
        })
    }
}

/// Every row of `col` through the character normalizer's tables (`lower`: the tables
/// lower-case, and a matched special token is upper-cased back); null rows stay null.
pub fn normalize_characters(col: &Column, t: &CharTablesDev, lower: bool) -> Result<Column> {
    let rest = args![
        t.keys.ptr(),
        t.vals.ptr(),
        t.n_keys,
        t.cjk.ptr(),
        t.n_cjk,
        t.tok_chars.ptr(),
        t.tok_offsets.ptr(),
        t.n_tok,
        i32::from(lower)
    ];
    build_rows(col, "nvc_normalize_characters", &rest)
}

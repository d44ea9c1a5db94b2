//! Device launchers of the character-class and per-character string kernels
//! (`cuda/strings_chars.cu`, compiled in the strings module): capitalize, title, is_title,
//! swapcase, char_types and translate.

use super::strings::{build_rows, map_rows, upload, upload_u32};
use super::{Arg, args};
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::Result;
use crate::types::TypeId;

/// The class and case tables on the device, as the `ct` words the kernels read.
pub struct Tables {
    words: DeviceMemory,
    _keep: Vec<DeviceMemory>,
}

impl Tables {
    /// Upload the class runs (`starts`, `flags`) and the upper and lower case tables
    /// (`(keys, vals)`: sorted code points and three code points a key).
    pub fn new(
        starts: &[u32],
        flags: &[u8],
        upper: (&[u32], &[u32]),
        lower: (&[u32], &[u32]),
    ) -> Result<Tables> {
        let keep = vec![
            upload_u32(starts)?,
            upload(flags)?,
            upload_u32(upper.0)?,
            upload_u32(upper.1)?,
            upload_u32(lower.0)?,
            upload_u32(lower.1)?,
        ];
        let words = [
            keep[0].ptr(),
            keep[1].ptr(),
            starts.len() as u64,
            keep[2].ptr(),
            keep[3].ptr(),
            upper.0.len() as u64,
            keep[4].ptr(),
            keep[5].ptr(),
            lower.0.len() as u64,
        ];
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        Ok(Tables {
            words: upload(&bytes)?,
            _keep: keep,
        })
    }

    fn ptr(&self) -> u64 {
        self.words.ptr()
    }
}

/// Which case change [`recase`] makes.
#[derive(Clone, Copy)]
pub enum Recase<'a> {
    /// Upper-case the first character and those after one of the code points, lower the rest.
    Capitalize(&'a [u32]),
    /// Upper-case the first character of every run of the classes, lower the rest of it.
    Title(u32),
    /// Swap upper and lower case.
    Swapcase,
}

/// capitalize, title or swapcase of every row.
pub fn recase(col: &Column, how: Recase, t: &Tables) -> Result<Column> {
    let (mode, delims, seq) = match how {
        Recase::Capitalize(d) => (0, d, 0),
        Recase::Title(types) => (1, &[][..], types),
        Recase::Swapcase => (2, &[][..], 0),
    };
    let d = upload_u32(delims)?;
    build_rows(
        col,
        "str_recase",
        &args![mode, d.ptr(), delims.len() as i64, seq as i32, t.ptr()],
    )
}

/// BOOL8: whether every row is title-cased.
pub fn is_title(col: &Column, t: &Tables) -> Result<Column> {
    map_rows(col, "str_is_title", TypeId::Bool8, &args![t.ptr()])
}

/// BOOL8: whether every checked character has one of the classes `types`.
pub fn all_of_type(col: &Column, types: u32, verify: u32, t: &Tables) -> Result<Column> {
    let a = args![types as i32, verify as i32, t.ptr()];
    map_rows(col, "str_all_of_type", TypeId::Bool8, &a)
}

/// Replace the characters of the classes `remove` (or not of `keep`) by `repl`.
pub fn filter_of_type(
    col: &Column,
    remove: u32,
    keep: u32,
    repl: &[u8],
    t: &Tables,
) -> Result<Column> {
    let r = upload(repl)?;
    let a = args![
        remove as i32,
        keep as i32,
        r.ptr(),
        repl.len() as i64,
        t.ptr()
    ];
    build_rows(col, "str_filter_of_type", &a)
}

/// Map the code points `keys` (sorted) to the byte strings `vals[voff[j]..voff[j + 1]]`.
pub fn translate(col: &Column, keys: &[u32], voff: &[i64], vals: &[u8]) -> Result<Column> {
    let (k, v) = (upload_u32(keys)?, upload(vals)?);
    let offs: Vec<u8> = voff.iter().flat_map(|x| x.to_le_bytes()).collect();
    let o = upload(&offs)?;
    let a: [Arg; 4] = args![k.ptr(), o.ptr(), v.ptr(), keys.len() as i64];
    build_rows(col, "str_translate", &a)
}

/// Keep (`keep`) or remove the characters of the inclusive `ranges` (flattened pairs);
/// the others become `repl`.
pub fn filter_chars(col: &Column, ranges: &[u32], keep: bool, repl: &[u8]) -> Result<Column> {
    let (g, r) = (upload_u32(ranges)?, upload(repl)?);
    let a = args![
        g.ptr(),
        (ranges.len() / 2) as i64,
        i32::from(keep),
        r.ptr(),
        repl.len() as i64
    ];
    build_rows(col, "str_filter_chars", &a)
}

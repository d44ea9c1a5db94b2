//! Device regex kernels (`cuda/regex.cu`, compiled with the strings module): one thread
//! per row walks the DFA tables of [`crate::ops::strings::regex::dfa`].
//!
//! Every function returns `Ok(None)` when some row made the DFA quit (a Unicode word
//! boundary next to a non-ASCII byte); the caller then redoes the call on the host.

use super::args;
use super::gather::flag_is_set;
use super::strings::{build_rows, map_rows};
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::Result;
use crate::types::TypeId;

/// A pattern's DFA tables on the device, as [`crate::ops::strings::regex::dfa`] lays them
/// out: the forward and the reverse tables in one allocation, the reverse ones from word
/// `reverse_offset`.
#[derive(Clone, Copy)]
pub struct DfaTables<'a> {
    /// The uploaded table words.
    pub tables: &'a DeviceMemory,
    /// The word where the reverse tables start.
    pub reverse_offset: usize,
}

/// contains (op 0), matches at the start (1) as BOOL8, or the count of matches (2) as
/// INT32, with the input's validity.
pub fn search(col: &Column, prog: DfaTables, op: i32) -> Result<Option<Column>> {
    let flag = DeviceMemory::zeroed(4)?;
    let dtype = if op == 2 {
        TypeId::Int32
    } else {
        TypeId::Bool8
    };
    let out = map_rows(
        col,
        "re_search",
        dtype,
        &args![
            prog.tables.ptr(),
            prog.reverse_offset as i64,
            op,
            flag.ptr()
        ],
    )?;
    Ok(if flag_is_set(&flag)? { None } else { Some(out) })
}

/// Replace the first `maxrepl` (< 0: all) successive matches in every row by `repl`.
pub fn replace(col: &Column, prog: DfaTables, repl: &[u8], maxrepl: i64) -> Result<Option<Column>> {
    let r = DeviceMemory::from_host(if repl.is_empty() { &[0] } else { repl })?;
    let flag = DeviceMemory::zeroed(4)?;
    let out = build_rows(
        col,
        "re_replace",
        &args![
            prog.tables.ptr(),
            prog.reverse_offset as i64,
            r.ptr(),
            repl.len() as i64,
            maxrepl,
            flag.ptr()
        ],
    )?;
    Ok(if flag_is_set(&flag)? { None } else { Some(out) })
}

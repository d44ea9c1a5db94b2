//! Device regex kernels (`cuda/regex.cu`, compiled with the strings module): one thread
//! per row walks the DFA tables of [`crate::ops::strings::regex::dfa`].
//!
//! Every function returns `Ok(None)` when some row made the DFA quit (a Unicode word
//! boundary next to a non-ASCII byte); the caller then redoes the call on the host.

use super::Arg;
use super::device_column;
use super::strings::{Descs, build_strings, run};
use super::transform::copied_validity;
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

/// Whether the kernels flagged a quit.
fn quit(flag: &DeviceMemory) -> Result<bool> {
    let h = flag.copy_to_host(0, 4)?;
    Ok(h.as_slice() != [0, 0, 0, 0])
}

/// contains (op 0), matches at the start (1) as BOOL8, or the count of matches (2) as
/// INT32, with the input's validity.
pub fn search(col: &Column, prog: DfaTables, op: i32) -> Result<Option<Column>> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let width = if op == 2 { 4 } else { 1 };
    let out = DeviceMemory::alloc(n * width)?;
    let flag = DeviceMemory::zeroed(4)?;
    run(
        "re_search",
        n,
        &[
            Arg::P(d.ptr()),
            Arg::I(n as i64),
            Arg::P(prog.tables.ptr()),
            Arg::I(prog.reverse_offset as i64),
            Arg::I32(op),
            Arg::P(out.ptr()),
            Arg::P(flag.ptr()),
        ],
    )?;
    if quit(&flag)? {
        return Ok(None);
    }
    let dtype = if op == 2 {
        TypeId::Int32
    } else {
        TypeId::Bool8
    };
    let (mask, nulls) = copied_validity(col)?;
    device_column(dtype.into(), n, out, mask, nulls).map(Some)
}

/// Replace the first `maxrepl` (< 0: all) successive matches in every row by `repl`.
pub fn replace(col: &Column, prog: DfaTables, repl: &[u8], maxrepl: i64) -> Result<Option<Column>> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let r = DeviceMemory::from_host(if repl.is_empty() { &[0] } else { repl })?;
    let flag = DeviceMemory::zeroed(4)?;
    let (mask, nulls) = copied_validity(col)?;
    let out = build_strings(
        "re_replace",
        n,
        mask,
        nulls,
        &[
            Arg::P(d.ptr()),
            Arg::I(n as i64),
            Arg::P(prog.tables.ptr()),
            Arg::I(prog.reverse_offset as i64),
            Arg::P(r.ptr()),
            Arg::I(repl.len() as i64),
            Arg::I(maxrepl),
            Arg::P(flag.ptr()),
        ],
    )?;
    if quit(&flag)? {
        return Ok(None);
    }
    Ok(Some(out))
}

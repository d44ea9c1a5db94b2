//! Device launchers of `io.text.multibyte_split` (`cuda/text_split.cu`, compiled in the
//! strings module): the delimiter's matches by one thread a byte, compacted; the leftmost
//! non-overlapping ones (a single thread, only for delimiters that can overlap
//! themselves); the rows a byte range keeps; their bytes.

use super::args;
use super::copying::DeviceCond;
use super::stream_compaction::{compact, compact_fixed};
use super::strings::{build_strings, run, upload};
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::Result;

/// Whether some proper prefix of `delim` is also a suffix of it, so that two of its
/// matches can overlap ("aa" at 0 and 1 of "aaa").
fn overlaps_itself(delim: &[u8]) -> bool {
    (1..delim.len()).any(|l| delim[..l] == delim[delim.len() - l..])
}

/// The rows of `data` split at `delim` (see `io::text`), those starting in `[lo, hi)`,
/// with or without their delimiters, as a STRING column, and the byte span they cover
/// (`None` when no row is kept). `data` holds fewer than 2^31 bytes.
pub fn multibyte_split(
    data: &[u8],
    delim: &[u8],
    (lo, hi): (u64, u64),
    strip: bool,
) -> Result<(Column, Option<(usize, usize)>)> {
    let n = data.len();
    let dl = delim.len() as i64;
    if n == 0 {
        return Ok((build_strings("mbs_take", 0, None, Some(0), &[])?, None));
    }
    let text = upload(data)?;
    let d = upload(delim)?;
    let flags = DeviceMemory::alloc(n)?;
    run(
        "mbs_find",
        n,
        &args![text.ptr(), n as i64, d.ptr(), dl, flags.ptr()],
    )?;
    let (mut pos, mut k) = compact(DeviceCond::flags(&flags), n)?;
    if k > 1 && overlaps_itself(delim) {
        let keep = DeviceMemory::alloc(k)?;
        run("mbs_greedy", 1, &args![pos.ptr(), k as i64, dl, keep.ptr()])?;
        let (mut kept, count) = compact_fixed(DeviceCond::flags(&keep), k, &[(pos.ptr(), 4)])?;
        (pos, k) = (kept.remove(0), count);
    }
    let keep = DeviceMemory::alloc(k + 1)?;
    run(
        "mbs_in_range",
        k + 1,
        &args![
            pos.ptr(),
            k as i64,
            dl,
            lo as i64,
            hi.min(i64::MAX as u64) as i64,
            keep.ptr()
        ],
    )?;
    let (rows, c) = compact(DeviceCond::flags(&keep), k + 1)?;
    let span = if c == 0 {
        None
    } else {
        let s = DeviceMemory::alloc(16)?;
        run(
            "mbs_span",
            1,
            &args![
                pos.ptr(),
                k as i64,
                dl,
                n as i64,
                rows.ptr(),
                c as i64,
                s.ptr()
            ],
        )?;
        let b = s.copy_to_host(0, 16)?;
        let w = |i: usize| i64::from_le_bytes(b[i * 8..i * 8 + 8].try_into().expect("8")) as usize;
        Some((w(0), w(1)))
    };
    let a = args![
        text.ptr(),
        n as i64,
        pos.ptr(),
        k as i64,
        dl,
        rows.ptr(),
        c as i64,
        i32::from(strip)
    ];
    Ok((build_strings("mbs_take", c, None, Some(0), &a)?, span))
}

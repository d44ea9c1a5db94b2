//! Device launchers of nvtext's vocabulary tokenizers (`cuda/nvtext_tokenizers.cu`,
//! compiled in the strings module): WordPiece (`wordpiece_tokenize`) and byte-pair
//! encoding (`byte_pair_encoding`). The tables arrive sorted from the host (see
//! `ops::nvtext`), are uploaded and searched by binary search.

use super::gather::narrow_offsets;
use super::nvtext::DeviceVocabulary;
use super::scan::exclusive_sum_with_total;
use super::strings::{Descs, build_strings, run, upload, upload_u32};
use super::transform::copied_validity;
use super::{args, device_values};
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::Result;
use crate::types::TypeId;

fn upload_i64(v: &[i64]) -> Result<DeviceMemory> {
    upload(&v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>())
}

fn upload_i32(v: &[i32]) -> Result<DeviceMemory> {
    upload(&v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>())
}

/// Tables in device memory: a descriptor array the kernels read (`NvtTable`s or one
/// `NvtPairs`) and the buffers it points into. Made once per vocabulary or merge-pairs
/// object and kept by it, so calls upload nothing but the input's descriptor.
pub struct Uploaded {
    descriptor: DeviceMemory,
    extra: u64,
    _keep: Vec<DeviceMemory>,
}

impl std::fmt::Debug for Uploaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Uploaded({} buffers)", self._keep.len() + 1)
    }
}

fn descriptor(words: &[u64]) -> Result<DeviceMemory> {
    upload(
        &words
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect::<Vec<u8>>(),
    )
}

/// A WordPiece vocabulary on the device: `tables[0]` its entries, `tables[1]` its `##`
/// entries without the `##` (each an `NvtTable`: chars, offsets, ids, count).
pub fn upload_vocabulary(tables: &[DeviceVocabulary<'_>; 2]) -> Result<Uploaded> {
    let (mut words, mut keep) = (Vec::new(), Vec::new());
    for t in tables {
        let (c, o, i) = (upload(t.chars)?, upload_i64(t.offsets)?, upload_i32(t.ids)?);
        words.extend([c.ptr(), o.ptr(), i.ptr(), t.ids.len() as u64]);
        keep.extend([c, o, i]);
    }
    Ok(Uploaded {
        descriptor: descriptor(&words)?,
        extra: 0,
        _keep: keep,
    })
}

/// LIST<INT32> of the WordPiece ids of the first `max_words` (0: all) words of every row
/// with the vocabulary `t` (see [`upload_vocabulary`]), with the input's validity; `unk_id`
/// stands for words that cannot be covered.
pub fn wordpiece_tokenize(
    col: &Column,
    t: &Uploaded,
    unk_id: i32,
    max_words: i64,
) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let t = &t.descriptor;
    let offsets = DeviceMemory::zeroed((n + 1) * 8)?;
    let none = 0u64;
    let a = args![
        d.ptr(),
        n as i64,
        max_words,
        t.ptr(),
        unk_id,
        offsets.ptr(),
        none,
        none
    ];
    run("nvt_wordpiece", n, &a)?;
    let total = exclusive_sum_with_total(&offsets, n)? as usize;
    let out = DeviceMemory::alloc(total * 4)?;
    if total > 0 {
        let a = args![
            d.ptr(),
            n as i64,
            max_words,
            t.ptr(),
            unk_id,
            none,
            offsets.ptr(),
            out.ptr()
        ];
        run("nvt_wordpiece", n, &a)?;
    }
    let values = device_values(TypeId::Int32.into(), total, out)?;
    let (mask, nulls) = copied_validity(col)?;
    let (offsets, _, _) = narrow_offsets(offsets, n + 1, total > i32::MAX as usize)?;
    Column::list(offsets, values, mask, nulls.unwrap_or(0))
}

/// Merge pairs on the device: sorted by (left, right), with their ranks.
pub struct DevicePairs<'a> {
    /// The left strings, one after the other.
    pub left_chars: &'a [u8],
    /// Pair e's left is `left_chars[left_offsets[e]..left_offsets[e + 1]]`.
    pub left_offsets: &'a [i64],
    /// The right strings, one after the other.
    pub right_chars: &'a [u8],
    /// Pair e's right is `right_chars[right_offsets[e]..right_offsets[e + 1]]`.
    pub right_offsets: &'a [i64],
    /// The rank of every pair.
    pub ranks: &'a [i32],
}

/// Merge pairs on the device (an `NvtPairs`) with `singles`, the sorted code points that
/// are on their own the left or right of a pair.
pub fn upload_pairs(pairs: &DevicePairs<'_>, singles: &[u32]) -> Result<Uploaded> {
    let keep = vec![
        upload(pairs.left_chars)?,
        upload_i64(pairs.left_offsets)?,
        upload(pairs.right_chars)?,
        upload_i64(pairs.right_offsets)?,
        upload_i32(pairs.ranks)?,
        upload_u32(singles)?,
    ];
    let mut words: Vec<u64> = keep[..5].iter().map(DeviceMemory::ptr).collect();
    words.push(pairs.ranks.len() as u64);
    Ok(Uploaded {
        descriptor: descriptor(&words)?,
        extra: singles.len() as u64,
        _keep: keep,
    })
}

/// Every row byte-pair encoded with the merge pairs `mp` (see [`upload_pairs`]), its
/// pieces joined by the byte `sep`, with the input's validity.
pub fn byte_pair_encoding(col: &Column, mp: &Uploaded, sep: u8) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let singles = mp._keep[5].ptr();
    // scratch of one byte of starts, one i32 rank and one byte of marks per input byte
    let scr_off = DeviceMemory::zeroed((n + 1) * 8)?;
    run(
        "nvt_bpe_lengths",
        n,
        &args![d.ptr(), n as i64, scr_off.ptr()],
    )?;
    let bytes = exclusive_sum_with_total(&scr_off, n)? as usize;
    let starts = DeviceMemory::alloc(bytes)?;
    let ranks = DeviceMemory::alloc(bytes * 4)?;
    let marks = DeviceMemory::alloc(bytes)?;
    if bytes > 0 {
        let a = args![
            d.ptr(),
            n as i64,
            mp.descriptor.ptr(),
            singles,
            mp.extra as i64,
            scr_off.ptr(),
            starts.ptr(),
            ranks.ptr(),
            marks.ptr()
        ];
        run("nvt_bpe", n, &a)?;
    }
    let s = upload(&[sep])?;
    let (mask, nulls) = copied_validity(col)?;
    let a = args![
        d.ptr(),
        n as i64,
        starts.ptr(),
        scr_off.ptr(),
        s.ptr(),
        1i64
    ];
    build_strings("nvt_bpe_join", n, mask, nulls, &a)
}

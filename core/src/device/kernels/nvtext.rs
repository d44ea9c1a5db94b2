//! Device launchers of the nvtext kernels (`cuda/nvtext.cu`, compiled in the strings
//! module): normalize_spaces, tokenize / count_tokens (delimiter characters or strings),
//! character_tokenize, the character ngrams and their hashes, generate_ngrams and
//! ngrams_tokenize, filter_tokens and replace_tokens, detokenize, vocabulary lookups, edit
//! distances, Jaccard indices and the Porter stemmer's measure and letter test.

use super::gather::narrow_offsets;
use super::scan::exclusive_sum_with_total;
use super::strings::{Descs, build_rows, build_strings, run, upload, upload_u32};
use super::transform::copied_validity;
use super::{args, device_column, device_values};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::{Error, Result};
use crate::types::{TypeId, fixed_width};

/// Every row's whitespace runs as one space, without leading or trailing whitespace.
pub fn normalize_spaces(col: &Column) -> Result<Column> {
    build_rows(col, "nvt_normalize_spaces", &[])
}

/// What a piece of a row is (`nvt_count` in `cuda/nvtext.cu`).
#[derive(Clone, Copy)]
enum Piece {
    /// A token between the delimiter characters (none: whitespace).
    Token,
    /// One character.
    Char,
    /// A character ngram of this many characters.
    Ngram(usize),
    /// A token between the delimiter strings of a column (the descriptor's second operand).
    Multi,
}

impl Piece {
    fn mode(self) -> (i32, i64) {
        match self {
            Piece::Token => (0, 0),
            Piece::Char => (1, 1),
            Piece::Ngram(w) => (2, w as i64),
            Piece::Multi => (3, 0),
        }
    }
}

/// The pieces of every row: the descriptor, the scanned counts (int64, n + 1), the total
/// and the (row, start, end) bounds of every piece.
struct Pieces {
    d: Descs,
    offsets: DeviceMemory,
    total: usize,
    bounds: DeviceMemory,
}

/// The pieces of `col`: tokens at the code points `delims` or, for [`Piece::Multi`],
/// between the delimiter strings of the column `strings`.
fn pieces(col: &Column, piece: Piece, delims: &[u32], strings: Option<&Column>) -> Result<Pieces> {
    let n = col.size();
    let (mode, width) = piece.mode();
    let d = match strings {
        Some(s) => Descs::new(&[(col, false), (s, false)])?,
        None => Descs::new(&[(col, false)])?,
    };
    let dm = upload_u32(delims)?;
    let nd = strings.map_or(delims.len(), Column::size) as i64;
    let offsets = DeviceMemory::zeroed((n + 1) * 8)?;
    let none = 0u64;
    let a = args![
        d.ptr(),
        n as i64,
        mode,
        dm.ptr(),
        nd,
        width,
        offsets.ptr(),
        none
    ];
    run("nvt_piece_counts", n, &a)?;
    let total = exclusive_sum_with_total(&offsets, n)? as usize;
    let bounds = DeviceMemory::alloc(total * 24)?;
    if total > 0 {
        let a = args![
            d.ptr(),
            n as i64,
            mode,
            dm.ptr(),
            nd,
            width,
            offsets.ptr(),
            bounds.ptr()
        ];
        run("nvt_piece_bounds", n, &a)?;
    }
    Ok(Pieces {
        d,
        offsets,
        total,
        bounds,
    })
}

impl Pieces {
    /// The pieces' bytes as one STRING column (no nulls).
    fn strings(&self) -> Result<Column> {
        let a = args![self.d.ptr(), self.total as i64, self.bounds.ptr()];
        build_strings("nvt_take_pieces", self.total, None, Some(0), &a)
    }

    /// The pieces' MurmurHash3_x86_32 values, UINT32.
    fn hashes(&self, seed: u32) -> Result<Column> {
        let out = DeviceMemory::alloc(self.total * 4)?;
        let a = args![
            self.d.ptr(),
            self.total as i64,
            self.bounds.ptr(),
            seed as i32,
            out.ptr()
        ];
        run("nvt_hash_pieces", self.total, &a)?;
        device_values(TypeId::Uint32.into(), self.total, out)
    }

    /// A LIST column of `n` rows over `values` with the scanned counts as its offsets.
    fn list(self, n: usize, values: Column) -> Result<Column> {
        let wide = self.total > i32::MAX as usize;
        let (offsets, _, _) = narrow_offsets(self.offsets, n + 1, wide)?;
        Column::list(offsets, values, None, 0)
    }
}

/// Every token of every valid row (delimiter code points `delims`; none: whitespace).
pub fn tokenize(col: &Column, delims: &[u32]) -> Result<Column> {
    pieces(col, Piece::Token, delims, None)?.strings()
}

/// Every token of every valid row between the delimiter strings of `delims` (a STRING
/// column without nulls).
pub fn tokenize_multi(col: &Column, delims: &Column) -> Result<Column> {
    pieces(col, Piece::Multi, &[], Some(delims))?.strings()
}

/// Tokens per row between the delimiter strings of `delims`, INT32 without nulls.
pub fn count_tokens_multi(col: &Column, delims: &Column) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false), (delims, false)])?;
    let out = DeviceMemory::alloc(n * 4)?;
    let none = 0u64;
    let a = args![
        d.ptr(),
        n as i64,
        3i32,
        none,
        delims.size() as i64,
        0i64,
        none,
        out.ptr()
    ];
    run("nvt_piece_counts", n, &a)?;
    device_values(TypeId::Int32.into(), n, out)
}

/// Every character of every valid row.
pub fn character_tokenize(col: &Column) -> Result<Column> {
    pieces(col, Piece::Char, &[], None)?.strings()
}

/// Tokens per row, INT32 without nulls (a null row counts 0).
pub fn count_tokens(col: &Column, delims: &[u32]) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let dm = upload_u32(delims)?;
    let out = DeviceMemory::alloc(n * 4)?;
    let none = 0u64;
    let a = args![
        d.ptr(),
        n as i64,
        0i32,
        dm.ptr(),
        delims.len() as i64,
        0i64,
        none,
        out.ptr()
    ];
    run("nvt_piece_counts", n, &a)?;
    device_values(TypeId::Int32.into(), n, out)
}

/// LIST<STRING> of every row's `width`-character ngrams or, with a seed, LIST<UINT32> of
/// their hashes; `ValueError` when a non-empty input has no ngram.
pub fn character_ngrams(
    col: &Column,
    width: usize,
    seed: Option<u32>,
    function: &str,
) -> Result<Column> {
    let n = col.size();
    let p = pieces(col, Piece::Ngram(width), &[], None)?;
    if n > 0 && p.total == 0 {
        return Err(Error::value(format!(
            "nvtext.{function}: no row has enough characters for {width}-grams"
        )));
    }
    let values = match seed {
        Some(s) => p.hashes(s)?,
        None => p.strings()?,
    };
    p.list(n, values)
}

/// The edit distances of `pairs` pairs of the descriptors `d` (see `nvt_pair`).
fn edit_pairs(d: &Descs, pairs: usize, n: usize, matrix: bool) -> Result<DeviceMemory> {
    let m = i32::from(matrix);
    let off = DeviceMemory::zeroed((pairs + 1) * 8)?;
    run(
        "nvt_edit_scratch",
        pairs,
        &args![d.ptr(), pairs as i64, n as i64, m, off.ptr()],
    )?;
    let total = exclusive_sum_with_total(&off, pairs)? as usize;
    let scratch = DeviceMemory::alloc(total * 4)?;
    let out = DeviceMemory::alloc(pairs * 4)?;
    let a = args![
        d.ptr(),
        pairs as i64,
        n as i64,
        m,
        off.ptr(),
        scratch.ptr(),
        out.ptr()
    ];
    run("nvt_edit_distance", pairs, &a)?;
    Ok(out)
}

/// INT32 edit distances of every row against the same row of `targets` (`one`: its row 0).
pub fn edit_distance(col: &Column, targets: &Column, one: bool) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false), (targets, one)])?;
    let out = edit_pairs(&d, n, n, false)?;
    device_values(TypeId::Int32.into(), n, out)
}

/// LIST<INT32>: the edit distances of every row against every row.
pub fn edit_distance_matrix(col: &Column) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let out = edit_pairs(&d, n * n, n, true)?;
    let values = device_values(TypeId::Int32.into(), n * n, out)?;
    let offsets: Vec<i32> = (0..=n).map(|i| (i * n) as i32).collect();
    Column::list(Column::from_values(offsets), values, None, 0)
}

/// FLOAT32 Jaccard indices of the `width`-character windows of the rows of `a` and `b`,
/// with the validity `mask`.
pub fn jaccard(
    a: &Column,
    b: &Column,
    width: usize,
    mask: Option<Buffer>,
    null_count: usize,
) -> Result<Column> {
    let n = a.size();
    let d = Descs::new(&[(a, false), (b, false)])?;
    let out = DeviceMemory::alloc(n * 4)?;
    run(
        "nvt_jaccard",
        n,
        &args![d.ptr(), n as i64, width as i64, out.ptr()],
    )?;
    device_column(TypeId::Float32.into(), n, out, mask, Some(null_count))
}

/// Porter's measure of every row, INT32 with the input's validity.
pub fn porter_measure(col: &Column) -> Result<Column> {
    super::strings::map_rows(col, "nvt_porter_measure", TypeId::Int32, &[])
}

/// BOOL8: whether character `pos` (or each row's of the INT64 `per_row`) is a vowel
/// (`vowel`) or a consonant, with the input's validity.
pub fn is_letter(col: &Column, vowel: bool, pos: i64, per_row: Option<&Column>) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let p = match per_row.filter(|c| c.size() > 0) {
        Some(c) => c.data().expect("values").device_ptr()? + (c.offset() * 8) as u64,
        None => 0,
    };
    let out = DeviceMemory::alloc(n)?;
    run(
        "nvt_is_letter",
        n,
        &args![d.ptr(), n as i64, i32::from(vowel), pos, p, out.ptr()],
    )?;
    let (mask, nulls) = copied_validity(col)?;
    device_column(TypeId::Bool8.into(), n, out, mask, nulls)
}

/// Every token (delimiter code points `delims`; none: whitespace) of fewer than `min_len`
/// characters replaced by `rep`, with the input's validity.
pub fn filter_tokens(col: &Column, delims: &[u32], min_len: i64, rep: &[u8]) -> Result<Column> {
    let dm = upload_u32(delims)?;
    let r = upload(rep)?;
    let a = args![
        dm.ptr(),
        delims.len() as i64,
        min_len,
        r.ptr(),
        rep.len() as i64
    ];
    build_rows(col, "nvt_filter_tokens", &a)
}

/// Every token equal to a row of `targets` replaced by the same row of `repls` (its only
/// row when it has one), with the input's validity.
pub fn replace_tokens(
    col: &Column,
    targets: &Column,
    repls: &Column,
    delims: &[u32],
) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false), (targets, false), (repls, repls.size() == 1)])?;
    let dm = upload_u32(delims)?;
    let (mask, nulls) = copied_validity(col)?;
    let a = args![
        d.ptr(),
        n as i64,
        targets.size() as i64,
        dm.ptr(),
        delims.len() as i64
    ];
    build_strings("nvt_replace_tokens", n, mask, nulls, &a)
}

/// The `ngrams`-grams of the pieces of `p` starting at `starts` (None: at every piece)
/// joined by `sep`.
fn join_pieces(p: &Pieces, count: usize, starts: u64, ngrams: usize, sep: &[u8]) -> Result<Column> {
    let s = upload(sep)?;
    let a = args![
        p.d.ptr(),
        count as i64,
        starts,
        p.bounds.ptr(),
        ngrams as i64,
        s.ptr(),
        sep.len() as i64
    ];
    build_strings("nvt_join_pieces", count, None, Some(0), &a)
}

/// The ngrams of the tokens (delimiter code points `delims`) of every row joined by `sep`.
pub fn ngrams_tokenize(col: &Column, ngrams: usize, delims: &[u32], sep: &[u8]) -> Result<Column> {
    let n = col.size();
    let p = pieces(col, Piece::Token, delims, None)?;
    let g_off = DeviceMemory::zeroed((n + 1) * 8)?;
    let a = args![p.offsets.ptr(), n as i64, ngrams as i64, g_off.ptr()];
    run("nvt_ngram_counts", n, &a)?;
    let total = exclusive_sum_with_total(&g_off, n)? as usize;
    let starts = DeviceMemory::alloc(total * 8)?;
    if total > 0 {
        let a = args![p.offsets.ptr(), n as i64, g_off.ptr(), starts.ptr()];
        run("nvt_ngram_starts", n, &a)?;
    }
    join_pieces(&p, total, starts.ptr(), ngrams, sep)
}

/// The ngrams of the valid non-empty rows joined by `sep`; `ValueError` when there are
/// some but fewer than `ngrams`.
pub fn generate_ngrams(col: &Column, ngrams: usize, sep: &[u8], function: &str) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let pos = DeviceMemory::zeroed((n + 1) * 8)?;
    run(
        "nvt_nonempty_counts",
        n,
        &args![d.ptr(), n as i64, pos.ptr()],
    )?;
    let rows = exclusive_sum_with_total(&pos, n)? as usize;
    if rows > 0 && rows < ngrams {
        return Err(Error::value(format!(
            "nvtext.{function}: {rows} valid non-empty strings are not enough for {ngrams}-grams"
        )));
    }
    let bounds = DeviceMemory::alloc(rows * 24)?;
    if rows > 0 {
        run(
            "nvt_row_bounds",
            n,
            &args![d.ptr(), n as i64, pos.ptr(), bounds.ptr()],
        )?;
    }
    let p = Pieces {
        d,
        offsets: pos,
        total: rows,
        bounds,
    };
    join_pieces(&p, (rows + 1).saturating_sub(ngrams), 0, ngrams, sep)
}

/// The rows of `sorted` (tokens ordered stably by their INT64 row index `idx`, no nulls)
/// joined by `sep` into `rows` output rows (no nulls).
pub fn detokenize(sorted: &Column, idx: &Column, rows: usize, sep: &[u8]) -> Result<Column> {
    let m = sorted.size();
    let d = Descs::new(&[(sorted, false)])?;
    let ip = match m {
        0 => 0,
        _ => idx.data().expect("values").device_ptr()? + (idx.offset() * 8) as u64,
    };
    let s = upload(sep)?;
    let a = args![
        d.ptr(),
        m as i64,
        ip,
        rows as i64,
        s.ptr(),
        sep.len() as i64
    ];
    build_strings("nvt_detokenize", rows, None, Some(0), &a)
}

/// A vocabulary on the device: its entries sorted by bytes (chars, int64 offsets) with
/// their ids.
pub struct DeviceVocabulary<'a> {
    /// The entries' bytes, one after the other.
    pub chars: &'a [u8],
    /// Entry e is `chars[offsets[e]..offsets[e + 1]]`.
    pub offsets: &'a [i64],
    /// The id of every entry.
    pub ids: &'a [i32],
}

/// LIST<INT32> of the vocabulary ids of every token (delimiter code points `delims`) of
/// every row, `default_id` for the others, with the input's validity.
pub fn tokenize_with_vocabulary(
    col: &Column,
    delims: &[u32],
    vocab: &DeviceVocabulary<'_>,
    default_id: i32,
) -> Result<Column> {
    let n = col.size();
    let p = pieces(col, Piece::Token, delims, None)?;
    let dm = upload_u32(delims)?;
    let vc = upload(vocab.chars)?;
    let vo = upload(
        &vocab
            .offsets
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect::<Vec<u8>>(),
    )?;
    let vi = upload(
        &vocab
            .ids
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect::<Vec<u8>>(),
    )?;
    let out = DeviceMemory::alloc(p.total * 4)?;
    if p.total > 0 {
        let a = args![
            p.d.ptr(),
            n as i64,
            dm.ptr(),
            delims.len() as i64,
            vc.ptr(),
            vo.ptr(),
            vi.ptr(),
            vocab.ids.len() as i64,
            default_id,
            p.offsets.ptr(),
            out.ptr()
        ];
        run("nvt_vocab_ids", n, &a)?;
    }
    let values = device_values(TypeId::Int32.into(), p.total, out)?;
    let (mask, nulls) = copied_validity(col)?;
    let wide = p.total > i32::MAX as usize;
    let (offsets, _, _) = narrow_offsets(p.offsets, n + 1, wide)?;
    Column::list(offsets, values, mask, nulls.unwrap_or(0))
}

/// The LIST<UINT32> (`wide`: LIST<UINT64>) result of a minhash kernel over the `n` rows of
/// `like` (whose validity it takes): `counts(sizes)` writes each row's value count,
/// `fill(offsets, values)` the values.
fn minhash_lists(
    like: &Column,
    wide: bool,
    counts: impl FnOnce(u64) -> Result<()>,
    fill: impl FnOnce(u64, u64) -> Result<()>,
) -> Result<Column> {
    let n = like.size();
    let off = DeviceMemory::zeroed((n + 1) * 8)?;
    counts(off.ptr())?;
    let total = exclusive_sum_with_total(&off, n)? as usize;
    let out = DeviceMemory::alloc(total * if wide { 8 } else { 4 })?;
    if total > 0 {
        fill(off.ptr(), out.ptr())?;
    }
    let t = if wide { TypeId::Uint64 } else { TypeId::Uint32 };
    let values = device_values(t.into(), total, out)?;
    let (mask, nulls) = copied_validity(like)?;
    let (offsets, _, _) = narrow_offsets(off, n + 1, total > i32::MAX as usize)?;
    Column::list(offsets, values, mask, nulls.unwrap_or(0))
}

/// The device address of the parameter column `c` (`wide`: 8-byte values).
fn param_ptr(c: &Column, wide: bool) -> Result<u64> {
    let w = if wide { 8 } else { 4 };
    Ok(c.data().expect("values").device_ptr()? + (c.offset() * w) as u64)
}

/// LIST<UINT32> (`wide`: LIST<UINT64>) of the minhash values of every row for the
/// parameters `a` and `b` (UINT32 or UINT64 columns of one length, no nulls), with the
/// input's validity (null rows are empty).
pub fn minhash(
    col: &Column,
    seed: u64,
    a: &Column,
    b: &Column,
    width: usize,
    wide: bool,
) -> Result<Column> {
    let n = col.size();
    let m = a.size();
    let d = Descs::new(&[(col, false)])?;
    let counts = |off: u64| {
        run(
            "nvt_minhash_counts",
            n,
            &args![d.ptr(), n as i64, m as i64, off],
        )
    };
    let fill = |off: u64, out: u64| {
        let a = args![
            d.ptr(),
            n as i64,
            seed,
            width as i64,
            param_ptr(a, wide)?,
            param_ptr(b, wide)?,
            m as i64,
            i32::from(wide),
            off,
            out
        ];
        run("nvt_minhash", n, &a)
    };
    minhash_lists(col, wide, counts, fill)
}

/// LIST<UINT32> (`wide`: LIST<UINT64>) of the minhash values of every row of the
/// LIST<STRING> column `lists` over its windows of `ngrams` consecutive strings (see
/// `nvt_minhash_ngrams`), with the lists' validity (null rows are empty).
pub fn minhash_ngrams(
    lists: &Column,
    seed: u64,
    a: &Column,
    b: &Column,
    ngrams: usize,
    wide: bool,
) -> Result<Column> {
    let n = lists.size();
    let m = a.size();
    let offsets = &lists.children()[0];
    let ow = fixed_width(offsets.dtype().id()).expect("integer offsets");
    let list_off = offsets.data().map_or(Ok(0), |buf| buf.device_ptr())?
        + ((offsets.offset() + lists.offset()) * ow) as u64;
    let (mask, mask_off) = match lists.mask() {
        Some(mk) if lists.null_count()? > 0 => (mk.device_ptr()?, lists.offset() as i64),
        _ => (0, 0),
    };
    let d = Descs::new(&[(&lists.children()[1], false)])?;
    let counts = |off: u64| {
        run(
            "nvt_list_minhash_counts",
            n,
            &args![n as i64, mask, mask_off, m as i64, off],
        )
    };
    let fill = |off: u64, out: u64| {
        let a = args![
            d.ptr(),
            n as i64,
            list_off,
            i32::from(ow == 8),
            mask,
            mask_off,
            seed,
            ngrams as i64,
            param_ptr(a, wide)?,
            param_ptr(b, wide)?,
            m as i64,
            i32::from(wide),
            off,
            out
        ];
        run("nvt_minhash_ngrams", n, &a)
    };
    minhash_lists(lists, wide, counts, fill)
}

//! A single-pass CSV decoder for the common simple case: quotes only around whole fields
//! without quotes, delimiters or line breaks inside, no comments, `\n` rows, and only
//! INT64, FLOAT64, BOOL, STRING and all-null columns.
//!
//! arrow-csv first copies every field into a record buffer and then parses the copies;
//! here the field ends are found 64 bytes at a time as bit masks ([`Structure`]) and
//! each field is parsed or appended straight into its column. Anything unusual (a value
//! that does not parse, a ragged row, a quote anywhere but around a whole field, bad
//! UTF-8) makes it give up and return `None`; the caller then decodes the piece with
//! arrow-csv, which also produces the error message.

use crate::interop::arrow::record_batch;
use arrow_array::{
    ArrayRef, BooleanArray, Float64Array, Int64Array, NullArray, RecordBatch, StringArray,
};
use arrow_buffer::{BooleanBufferBuilder, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{DataType as ArrowType, Schema};
use std::collections::HashSet;
use std::sync::Arc;

/// Whether the fast path can decode columns of these types.
pub(crate) fn supports(t: &ArrowType) -> bool {
    matches!(
        t,
        ArrowType::Int64
            | ArrowType::Float64
            | ArrowType::Boolean
            | ArrowType::Utf8
            | ArrowType::Null
    )
}

/// Missing-value tokens, with a first- and last-byte filter in front of the set: almost
/// every field is rejected by two table lookups instead of being hashed (hashing every
/// short text field was 5% of a read).
pub(crate) struct NaTokens<'a> {
    set: HashSet<&'a [u8]>,
    first: [bool; 256],
    last: [bool; 256],
    max_len: usize,
}

impl<'a> NaTokens<'a> {
    /// The non-empty tokens of `tokens` (an empty field is null without a lookup).
    pub fn new(tokens: &'a [String]) -> Self {
        let mut t = NaTokens {
            set: HashSet::new(),
            first: [false; 256],
            last: [false; 256],
            max_len: 0,
        };
        for s in tokens
            .iter()
            .map(|s| s.as_bytes())
            .filter(|s| !s.is_empty())
        {
            t.first[s[0] as usize] = true;
            t.last[s[s.len() - 1] as usize] = true;
            t.max_len = t.max_len.max(s.len());
            t.set.insert(s);
        }
        t
    }

    /// Whether no non-empty token exists.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// Whether `f` (non-empty) is one of the tokens.
    #[inline]
    pub fn contains(&self, f: &[u8]) -> bool {
        match (f.first(), f.last()) {
            (Some(&a), Some(&b)) => {
                f.len() <= self.max_len
                    && self.first[a as usize]
                    && self.last[b as usize]
                    && self.set.contains(f)
            }
            _ => false,
        }
    }
}

/// Field ends (delimiters and line breaks) of a byte string, 64 bytes at a time: each
/// block becomes a bit mask whose set bits are walked with `trailing_zeros`, which costs
/// far less per field than a `memchr` call per field (fields here are ~6 bytes). The
/// quote bytes of every block are counted on the way.
struct Structure<'a> {
    data: &'a [u8],
    /// Start of the block `mask` belongs to.
    base: usize,
    mask: u64,
    delimiter: u8,
    quote: u8,
    quotes: usize,
    /// Whether a `\r` not followed by `\n` was seen.
    bare_cr: bool,
}

impl<'a> Structure<'a> {
    fn new(data: &'a [u8], delimiter: u8, quote: Option<u8>) -> Self {
        // Without quoting no byte counts as a quote: pick one that is not a field end.
        let quote = quote.unwrap_or(if delimiter == 0 { 1 } else { 0 });
        let mut s = Structure {
            data,
            base: 0,
            mask: 0,
            delimiter,
            quote,
            quotes: 0,
            bare_cr: false,
        };
        s.load(0);
        s
    }

    /// Quote bytes seen in the blocks loaded so far.
    fn quotes(&self) -> usize {
        self.quotes
    }

    fn load(&mut self, base: usize) {
        self.base = base;
        let rest = &self.data[base.min(self.data.len())..];
        let (ends, quotes, crs) = if rest.len() >= 64 {
            block_masks(
                rest[..64].try_into().expect("64 bytes"),
                self.delimiter,
                self.quote,
            )
        } else {
            // The last, partial block: padded with a byte that is neither an end, a quote
            // nor a carriage return.
            let pad = (0u8..4)
                .find(|&b| b != self.delimiter && b != b'\n' && b != self.quote)
                .expect("one of four bytes is free");
            let mut block = [pad; 64];
            block[..rest.len()].copy_from_slice(rest);
            block_masks(&block, self.delimiter, self.quote)
        };
        self.mask = ends;
        self.quotes += quotes.count_ones() as usize;
        // A carriage return not followed by a line feed ends a row for arrow-csv and
        // pandas; this decoder would keep it in the field, so it gives up on such input.
        let mut crs = crs;
        while crs != 0 {
            let at = base + crs.trailing_zeros() as usize;
            self.bare_cr |= self.data.get(at + 1) != Some(&b'\n');
            crs &= crs - 1;
        }
    }
}

impl Iterator for Structure<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.mask == 0 {
            if self.base + 64 >= self.data.len() {
                return None;
            }
            self.load(self.base + 64);
        }
        let bit = self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        Some(self.base + bit)
    }
}

/// Bit masks of a 64-byte block: bytes equal to `delimiter` or `\n`, bytes equal to
/// `quote`, and bytes equal to `\r`.
#[inline]
fn block_masks(block: &[u8; 64], delimiter: u8, quote: u8) -> (u64, u64, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        // SSE2 is part of x86_64, so these need no runtime detection.
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is always available on x86_64; the loads read 16 bytes from
        // inside the 64-byte array (unaligned loads are allowed).
        unsafe {
            let d = _mm_set1_epi8(delimiter as i8);
            let n = _mm_set1_epi8(b'\n' as i8);
            let q = _mm_set1_epi8(quote as i8);
            let r = _mm_set1_epi8(b'\r' as i8);
            let (mut ends, mut quotes, mut crs) = (0u64, 0u64, 0u64);
            for k in 0..4 {
                let v = _mm_loadu_si128(block.as_ptr().add(16 * k) as *const __m128i);
                let e = _mm_or_si128(_mm_cmpeq_epi8(v, d), _mm_cmpeq_epi8(v, n));
                ends |= (_mm_movemask_epi8(e) as u16 as u64) << (16 * k);
                quotes |= (_mm_movemask_epi8(_mm_cmpeq_epi8(v, q)) as u16 as u64) << (16 * k);
                crs |= (_mm_movemask_epi8(_mm_cmpeq_epi8(v, r)) as u16 as u64) << (16 * k);
            }
            (ends, quotes, crs)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (mut ends, mut quotes, mut crs) = (0u64, 0u64, 0u64);
        for (i, &b) in block.iter().enumerate() {
            ends |= ((b == delimiter || b == b'\n') as u64) << i;
            quotes |= ((b == quote) as u64) << i;
            crs |= ((b == b'\r') as u64) << i;
        }
        (ends, quotes, crs)
    }
}

fn parse_i64(s: &[u8]) -> Option<i64> {
    let (neg, digits) = match s {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, s),
    };
    if digits.is_empty() || digits.len() > 19 {
        return None;
    }
    if digits.len() <= 18 {
        // At most 18 digits cannot overflow: no checked arithmetic per digit.
        let mut v: i64 = 0;
        for &d in digits {
            let d = d.wrapping_sub(b'0');
            if d > 9 {
                return None;
            }
            v = v * 10 + d as i64;
        }
        return Some(if neg { -v } else { v });
    }
    let mut v: i64 = 0;
    for &d in digits {
        let d = d.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v.checked_mul(10)?.checked_sub(d as i64)?;
    }
    if neg { Some(v) } else { v.checked_neg() }
}

/// `true` or `false` in any case (what arrow-csv accepts); `None` for anything else.
#[inline]
fn parse_bool(f: &[u8]) -> Option<bool> {
    if f.eq_ignore_ascii_case(b"true") {
        Some(true)
    } else if f.eq_ignore_ascii_case(b"false") {
        Some(false)
    } else {
        None
    }
}

/// Rows per batch: the field bounds of this many rows are found first, then each column
/// is parsed over them in a loop of its own. One loop per column type, instead of a
/// dispatch on the column's type at every field, took a seventh of the decode time off.
const BATCH_ROWS: usize = 2048;

/// The values of one column, as they are parsed.
enum Values {
    Int(Vec<i64>),
    Float(Vec<f64>),
    Bool(BooleanBufferBuilder),
    Str(Vec<u8>, Vec<i32>),
    Null,
    Skip,
}

/// A validity bitmap that exists only once a null has been seen (most columns have none).
struct LazyNulls {
    bits: Option<BooleanBufferBuilder>,
    len: usize,
}

impl LazyNulls {
    #[inline]
    fn push(&mut self, valid: bool) {
        match &mut self.bits {
            Some(b) => b.append(valid),
            None if !valid => self.first_null(),
            None => {}
        }
        self.len += 1;
    }

    /// Start the bitmap at the first null: all earlier rows valid.
    #[cold]
    fn first_null(&mut self) {
        let mut b = BooleanBufferBuilder::new(self.len.max(1024) * 2);
        b.append_n(self.len, true);
        b.append(false);
        self.bits = Some(b);
    }

    fn finish(self) -> Option<NullBuffer> {
        self.bits.map(|mut b| NullBuffer::new(b.finish()))
    }
}

/// `f` without its enclosing quotes, if it has them (counted in `quoted`); `None` when
/// it opens a quote it does not close (a delimiter or line break inside quotes leaves
/// such a fragment, which this decoder does not handle). Quotes inside a field are caught
/// by the per-piece count (see [`decode`]).
#[inline]
fn unquote<'a>(f: &'a [u8], quote: Option<u8>, quoted: &mut usize) -> Option<&'a [u8]> {
    match (quote, f) {
        (Some(q), [a, inner @ .., b]) if *a == q && *b == q => {
            *quoted += 1;
            Some(inner)
        }
        (Some(q), [a, ..]) if *a == q => None,
        _ => Some(f),
    }
}

/// Decode `piece` (whole rows) with `schema`'s `ncols` columns, keeping `projection`.
///
/// `rows_hint` sizes the columns (they grow past it). `na_tokens` are the missing-value
/// tokens: a float field equal to one (`NaN`, `-nan`, ...) is null, as arrow-csv's null
/// regex would make it; text columns get them applied later by the caller. Integer
/// fields cannot equal a default token (none parses).
///
/// A field that starts and ends with a quote is taken without them; that no field holds
/// any other quote is checked once for the piece: it must have exactly two quote bytes
/// per quoted field.
pub(crate) fn decode(
    piece: &[u8],
    schema: &Schema,
    projection: &[usize],
    delimiter: u8,
    rows_hint: usize,
    na_tokens: &NaTokens,
    quote: Option<u8>,
) -> Option<RecordBatch> {
    let ncols = schema.fields().len();
    if ncols == 0 {
        return None;
    }
    let mut columns: Vec<(Values, LazyNulls)> = Vec::with_capacity(ncols);
    for i in 0..ncols {
        let values = if !projection.contains(&i) {
            Values::Skip
        } else {
            match schema.field(i).data_type() {
                ArrowType::Int64 => Values::Int(Vec::with_capacity(rows_hint)),
                ArrowType::Float64 => Values::Float(Vec::with_capacity(rows_hint)),
                ArrowType::Boolean => Values::Bool(BooleanBufferBuilder::new(rows_hint)),
                ArrowType::Utf8 => {
                    let mut offsets = Vec::with_capacity(rows_hint + 1);
                    offsets.push(0);
                    Values::Str(Vec::with_capacity(piece.len() / ncols), offsets)
                }
                ArrowType::Null => Values::Null,
                _ => return None,
            }
        };
        columns.push((values, LazyNulls { bits: None, len: 0 }));
    }

    // Field bounds of a batch: per row, the start of each field and one past the row's
    // line break, so field c of row r is `bounds[r*stride + c] .. bounds[r*stride + c+1] - 1`.
    let stride = ncols + 1;
    let mut bounds: Vec<usize> = Vec::with_capacity(BATCH_ROWS * stride);
    let mut ends = Structure::new(piece, delimiter, quote);
    let (mut start, mut col, mut rows, mut quoted) = (0usize, 0usize, 0usize, 0usize);
    loop {
        bounds.clear();
        let mut finished = false;
        while bounds.len() < BATCH_ROWS * stride {
            let Some(pos) = ends.next() else {
                finished = true;
                break;
            };
            if piece[pos] == b'\n' {
                if col == 0 && (pos == start || (pos == start + 1 && piece[start] == b'\r')) {
                    // A blank line is not a row.
                    start = pos + 1;
                    continue;
                }
                if col + 1 != ncols {
                    return None;
                }
                bounds.extend_from_slice(&[start, pos + 1]);
                col = 0;
            } else {
                if col + 1 >= ncols {
                    return None;
                }
                bounds.push(start);
                col += 1;
            }
            start = pos + 1;
        }
        if finished {
            // A last row without terminator.
            let rest = &piece[start.min(piece.len())..];
            if col != 0 || !(rest.is_empty() || rest == b"\r") {
                if col + 1 != ncols {
                    return None;
                }
                bounds.extend_from_slice(&[start, piece.len() + 1]);
                col = 0;
            }
        }
        let n = bounds.len() / stride;
        for (c, (values, nulls)) in columns.iter_mut().enumerate() {
            let field = |r: usize| {
                let f = &piece[bounds[r * stride + c]..bounds[r * stride + c + 1] - 1];
                match f {
                    [head @ .., b'\r'] if c + 1 == ncols => head,
                    _ => f,
                }
            };
            parse_column(values, nulls, n, field, quote, &mut quoted, na_tokens)?;
        }
        rows += n;
        if finished {
            break;
        }
    }
    if (quote.is_some() && ends.quotes() != 2 * quoted) || ends.bare_cr {
        return None;
    }
    let mut fields = vec![];
    let mut arrays: Vec<ArrayRef> = vec![];
    for &i in projection {
        let (values, nulls) = std::mem::replace(
            &mut columns[i],
            (Values::Skip, LazyNulls { bits: None, len: 0 }),
        );
        let nulls = nulls.finish();
        let a: ArrayRef = match values {
            Values::Int(v) => Arc::new(Int64Array::new(ScalarBuffer::from(v), nulls)),
            Values::Float(v) => Arc::new(Float64Array::new(ScalarBuffer::from(v), nulls)),
            Values::Bool(mut v) => Arc::new(BooleanArray::new(v.finish(), nulls)),
            Values::Str(values, offsets) => {
                // One UTF-8 check for the whole column.
                std::str::from_utf8(&values).ok()?;
                let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
                Arc::new(StringArray::try_new(offsets, values.into(), nulls).ok()?)
            }
            Values::Null => Arc::new(NullArray::new(rows)),
            Values::Skip => unreachable!("projected columns have values"),
        };
        fields.push(schema.field(i).clone());
        arrays.push(a);
    }
    record_batch(Arc::new(Schema::new(fields)), arrays, rows).ok()
}

/// Parse field `field(r)` of rows `0..n` into one column; `None` gives up on the piece.
fn parse_column<'a>(
    values: &mut Values,
    nulls: &mut LazyNulls,
    n: usize,
    field: impl Fn(usize) -> &'a [u8],
    quote: Option<u8>,
    quoted: &mut usize,
    na_tokens: &NaTokens,
) -> Option<()> {
    match values {
        Values::Skip => {
            for r in 0..n {
                unquote(field(r), quote, quoted)?;
            }
        }
        Values::Null => {
            for r in 0..n {
                if !unquote(field(r), quote, quoted)?.is_empty() {
                    return None;
                }
            }
        }
        Values::Int(v) => {
            for r in 0..n {
                let f = unquote(field(r), quote, quoted)?;
                if f.is_empty() {
                    v.push(0);
                    nulls.push(false);
                } else {
                    v.push(parse_i64(f)?);
                    nulls.push(true);
                }
            }
        }
        Values::Float(v) => {
            for r in 0..n {
                let f = unquote(field(r), quote, quoted)?;
                if f.is_empty() || na_tokens.contains(f) {
                    v.push(0.0);
                    nulls.push(false);
                } else if f.is_ascii() {
                    // SAFETY: ASCII bytes are valid UTF-8. (Non-ASCII text never parses
                    // as a number; it gives up below.)
                    let s = unsafe { std::str::from_utf8_unchecked(f) };
                    v.push(s.parse::<f64>().ok()?);
                    nulls.push(true);
                } else {
                    return None;
                }
            }
        }
        Values::Bool(v) => {
            for r in 0..n {
                let f = unquote(field(r), quote, quoted)?;
                if f.is_empty() || na_tokens.contains(f) {
                    v.append(false);
                    nulls.push(false);
                } else {
                    // arrow-csv's spelling: `true` or `false`, in any case.
                    v.append(parse_bool(f)?);
                    nulls.push(true);
                }
            }
        }
        Values::Str(bytes, offsets) => {
            for r in 0..n {
                let f = unquote(field(r), quote, quoted)?;
                bytes.extend_from_slice(f);
                offsets.push(i32::try_from(bytes.len()).ok()?);
                nulls.push(!f.is_empty());
            }
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::Array;
    use arrow_schema::Field;

    fn schema(types: &[ArrowType]) -> Schema {
        Schema::new(
            types
                .iter()
                .enumerate()
                .map(|(i, t)| Field::new(i.to_string(), t.clone(), true))
                .collect::<Vec<_>>(),
        )
    }

    #[test]
    fn decodes_simple_rows() {
        let s = schema(&[ArrowType::Int64, ArrowType::Float64, ArrowType::Utf8]);
        let tokens = ["NaN".to_string()];
        let na = NaTokens::new(&tokens);
        let data = b"1,2.5,x\r\n\n-3,NaN,\n,1e3,\"yz\"";
        let b = decode(data, &s, &[0, 1, 2], b',', 4, &na, Some(b'"')).unwrap();
        assert_eq!(b.column(1).null_count(), 1);
        assert_eq!(b.num_rows(), 3);
        assert_eq!(b.column(0).null_count(), 1);
        assert_eq!(b.column(2).null_count(), 1);
        let c: &StringArray = b.column(2).as_any().downcast_ref().unwrap();
        assert_eq!(c.value(2), "yz");
    }

    #[test]
    fn decodes_booleans_as_arrow_csv_does() {
        let s = schema(&[ArrowType::Boolean, ArrowType::Int64]);
        let tokens = ["NA".to_string()];
        let na = NaTokens::new(&tokens);
        let data = b"true,1\nFALSE,2\n,3\nNA,4\n\"True\",5\n";
        let b = decode(data, &s, &[0, 1], b',', 2, &na, Some(b'"')).unwrap();
        let got: Vec<Option<bool>> = b
            .column(0)
            .as_any()
            .downcast_ref::<BooleanArray>()
            .unwrap()
            .iter()
            .collect();
        assert_eq!(got, [Some(true), Some(false), None, None, Some(true)]);
        // Anything else is left to arrow-csv (which names the bad value).
        assert!(decode(b"yes,1\n", &s, &[0, 1], b',', 1, &na, None).is_none());
        assert!(decode(b"1,1\n", &s, &[0, 1], b',', 1, &na, None).is_none());
    }

    #[test]
    fn structure_finds_every_field_end_and_quote() {
        // Deterministic pseudo-random bytes over a small alphabet, every length around
        // the 64-byte block size: the bit-mask walk must agree with a byte-by-byte scan.
        let mut x: u32 = 7;
        for len in (0..200).chain([1000, 4096 + 3]) {
            let data: Vec<u8> = (0..len)
                .map(|_| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    b"ab,\n\"\r\0"[(x >> 24) as usize % 7]
                })
                .collect();
            for quote in [Some(b'"'), None] {
                let mut s = Structure::new(&data, b',', quote);
                let got: Vec<usize> = s.by_ref().collect();
                let want: Vec<usize> = (0..len).filter(|&i| b",\n".contains(&data[i])).collect();
                assert_eq!(got, want, "length {len}");
                if quote.is_some() {
                    assert_eq!(s.quotes(), data.iter().filter(|&&b| b == b'"').count());
                }
            }
        }
    }

    #[test]
    fn gives_up_on_anything_unusual() {
        let s = schema(&[ArrowType::Int64, ArrowType::Utf8]);
        let na = NaTokens::new(&[]);
        let decode =
            |d: &[u8], s: &Schema, p: &[usize], c, n| decode(d, s, p, c, n, &na, Some(b'"'));
        assert!(decode(b"1,a\n2\n", &s, &[0, 1], b',', 2).is_none());
        assert!(decode(b"x,a\n", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"1,a,b\n", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"1,\xff\n", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"1,\"a,b\"\n", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"1,\"a\"\"b\"\n", &s, &[0, 1], b',', 1).is_none());
        // Stray quotes: inside an unquoted field, alone, or opening a field only.
        assert!(decode(b"1,a\"b\n", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"1,\"\n", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"1,\"ab\n", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"1,\"a\nb\"\n", &s, &[0, 1], b',', 1).is_none());
        // A lone carriage return ends a row for arrow-csv and pandas.
        assert!(decode(b"1,x\ry\n2,z\n", &s, &[0, 1], b',', 2).is_none());
        assert!(decode(b"1,x\r", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"1,x\r\n2,y\r\n", &s, &[0, 1], b',', 2).is_some());
        assert!(decode(b"99999999999999999999,a\n", &s, &[0, 1], b',', 1).is_none());
        assert_eq!(parse_i64(b"-9223372036854775808"), Some(i64::MIN));
    }
}

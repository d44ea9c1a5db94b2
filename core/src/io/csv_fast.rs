//! A single-pass CSV decoder for the common simple case: quotes only around whole fields
//! without quotes, delimiters or line breaks inside, no comments, `\n` rows, and only
//! INT64, FLOAT64, STRING and all-null columns.
//!
//! arrow-csv first copies every field into a record buffer and then parses the copies;
//! here SIMD search finds the delimiters and each field is parsed or appended straight
//! into its column, which takes about half the CPU time. Anything unusual (a value that
//! does not parse, a ragged row, bad UTF-8) makes it give up and return `None`; the
//! caller then decodes the piece with arrow-csv, which also produces the error message.

use arrow_array::{ArrayRef, Float64Array, Int64Array, NullArray, RecordBatch, StringArray};
use arrow_buffer::{BooleanBufferBuilder, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{DataType as ArrowType, Schema, SchemaRef};
use std::sync::Arc;

enum Builder {
    Int(Vec<i64>, BooleanBufferBuilder),
    Float(Vec<f64>, BooleanBufferBuilder),
    Str(Vec<u8>, Vec<i32>, BooleanBufferBuilder),
    Null,
    Skip,
}

/// Whether the fast path can decode columns of these types.
pub(crate) fn supports(t: &ArrowType) -> bool {
    matches!(
        t,
        ArrowType::Int64 | ArrowType::Float64 | ArrowType::Utf8 | ArrowType::Null
    )
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

/// Decode `piece` (whole rows) with `schema`'s `ncols` columns, keeping `projection`.
///
/// `na_tokens` are the missing-value tokens: a float field equal to one (`NaN`, `-nan`,
/// ...) is null, as arrow-csv's null regex would make it; text columns get them applied
/// later by the caller. Integer fields cannot equal a default token (none parses).
pub(crate) fn decode(
    piece: &[u8],
    schema: &Schema,
    projection: &[usize],
    delimiter: u8,
    rows_hint: usize,
    na_tokens: &std::collections::HashSet<&[u8]>,
    quote: Option<u8>,
) -> Option<RecordBatch> {
    let ncols = schema.fields().len();
    let mut builders: Vec<Builder> = (0..ncols).map(|_| Builder::Skip).collect();
    for &i in projection {
        builders[i] = match schema.field(i).data_type() {
            ArrowType::Int64 => Builder::Int(
                Vec::with_capacity(rows_hint),
                BooleanBufferBuilder::new(rows_hint),
            ),
            ArrowType::Float64 => Builder::Float(
                Vec::with_capacity(rows_hint),
                BooleanBufferBuilder::new(rows_hint),
            ),
            ArrowType::Utf8 => {
                let mut offsets = Vec::with_capacity(rows_hint + 1);
                offsets.push(0);
                Builder::Str(
                    Vec::with_capacity(piece.len() / ncols.max(1)),
                    offsets,
                    BooleanBufferBuilder::new(rows_hint),
                )
            }
            ArrowType::Null => Builder::Null,
            _ => return None,
        };
    }
    let mut rows = 0usize;
    let mut col = 0usize;
    let mut start = 0usize;
    let field = |col: usize, f: &[u8], builders: &mut [Builder]| -> Option<()> {
        // A quoted field is taken when it holds no quote, delimiter or line break (a
        // delimiter or line break inside quotes leaves a fragment with one quote).
        let f = match quote {
            Some(q) if memchr::memchr(q, f).is_some() => match f {
                [a, inner @ .., b] if *a == q && *b == q && memchr::memchr(q, inner).is_none() => {
                    inner
                }
                _ => return None,
            },
            _ => f,
        };
        match &mut builders[col] {
            Builder::Skip => {}
            Builder::Null => {
                if !f.is_empty() {
                    return None;
                }
            }
            Builder::Int(v, nulls) => {
                if f.is_empty() {
                    v.push(0);
                    nulls.append(false);
                } else {
                    v.push(parse_i64(f)?);
                    nulls.append(true);
                }
            }
            Builder::Float(v, nulls) => {
                let token = || {
                    f.iter()
                        .any(|b| b.is_ascii_alphabetic() || *b == b'#' || *b == b'<')
                        && na_tokens.contains(f)
                };
                if f.is_empty() || token() {
                    v.push(0.0);
                    nulls.append(false);
                } else {
                    // Fields are ASCII when they parse; non-ASCII text fails here too.
                    let s = std::str::from_utf8(f).ok()?;
                    v.push(s.parse::<f64>().ok()?);
                    nulls.append(true);
                }
            }
            Builder::Str(values, offsets, nulls) => {
                values.extend_from_slice(f);
                offsets.push(i32::try_from(values.len()).ok()?);
                nulls.append(!f.is_empty());
            }
        }
        Some(())
    };
    for pos in memchr::memchr2_iter(delimiter, b'\n', piece) {
        let mut f = &piece[start..pos];
        if piece[pos] == b'\n' {
            if let [head @ .., b'\r'] = f {
                f = head;
            }
            if col == 0 && f.is_empty() {
                // A blank line is not a row.
                start = pos + 1;
                continue;
            }
            if col + 1 != ncols {
                return None;
            }
            field(col, f, &mut builders)?;
            rows += 1;
            col = 0;
        } else {
            if col + 1 >= ncols {
                return None;
            }
            field(col, f, &mut builders)?;
            col += 1;
        }
        start = pos + 1;
    }
    if start < piece.len() {
        // A last row without terminator.
        let mut f = &piece[start..];
        if let [head @ .., b'\r'] = f {
            f = head;
        }
        if !(col == 0 && f.is_empty()) {
            if col + 1 != ncols {
                return None;
            }
            field(col, f, &mut builders)?;
            rows += 1;
        }
    } else if col != 0 {
        return None;
    }
    let mut fields = vec![];
    let mut arrays: Vec<ArrayRef> = vec![];
    for &i in projection {
        let nulls = |mut b: BooleanBufferBuilder| {
            let n = NullBuffer::new(b.finish());
            (n.null_count() > 0).then_some(n)
        };
        let a: ArrayRef = match std::mem::replace(&mut builders[i], Builder::Skip) {
            Builder::Int(v, n) => Arc::new(Int64Array::new(ScalarBuffer::from(v), nulls(n))),
            Builder::Float(v, n) => Arc::new(Float64Array::new(ScalarBuffer::from(v), nulls(n))),
            Builder::Str(values, offsets, n) => {
                // One UTF-8 check for the whole column.
                std::str::from_utf8(&values).ok()?;
                let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
                Arc::new(StringArray::try_new(offsets, values.into(), nulls(n)).ok()?)
            }
            Builder::Null => Arc::new(NullArray::new(rows)),
            Builder::Skip => unreachable!("projected columns have builders"),
        };
        fields.push(schema.field(i).clone());
        arrays.push(a);
    }
    let schema: SchemaRef = Arc::new(Schema::new(fields));
    let options = arrow_array::RecordBatchOptions::new().with_row_count(Some(rows));
    RecordBatch::try_new_with_options(schema, arrays, &options).ok()
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
        let na: std::collections::HashSet<&[u8]> = [&b"NaN"[..]].into_iter().collect();
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
    fn gives_up_on_anything_unusual() {
        let s = schema(&[ArrowType::Int64, ArrowType::Utf8]);
        let na = Default::default();
        let decode =
            |d: &[u8], s: &Schema, p: &[usize], c, n| decode(d, s, p, c, n, &na, Some(b'"'));
        assert!(decode(b"1,a\n2\n", &s, &[0, 1], b',', 2).is_none());
        assert!(decode(b"x,a\n", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"1,a,b\n", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"1,\xff\n", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"1,\"a,b\"\n", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"1,\"a\"\"b\"\n", &s, &[0, 1], b',', 1).is_none());
        assert!(decode(b"99999999999999999999,a\n", &s, &[0, 1], b',', 1).is_none());
        assert_eq!(parse_i64(b"-9223372036854775808"), Some(i64::MIN));
    }
}

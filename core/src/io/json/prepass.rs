//! The passes that run before arrow-json decodes, only when an option asks for one: the
//! byte range cut, splitting records at a custom delimiter or out of a JSON array, and a
//! per-record parser that validates each record and writes it back as canonical JSON
//! (single quotes normalised, `NaN`/`Infinity` made decodable, `na_values` made null,
//! string values quoted for `keep_quotes`, mixed-type columns turned into their raw text,
//! day-first dates reordered). arrow-json then reads the canonical text on its fast path.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// The bytes of the rows that START inside `[offset, offset + size)` (`size == 0`: to the
/// end), rows being cut at `delim`. A row that straddles `offset` belongs to the range
/// before; the row that straddles the end belongs to this one, read whole. Consecutive
/// ranges therefore read every row exactly once.
///
/// ```ignore
/// assert_eq!(byte_range_rows(b"ab\ncd\nef", 1, 3, b'\n'), 3..6);
/// ```
pub(crate) fn byte_range_rows(data: &[u8], offset: usize, size: usize, delim: u8) -> Range<usize> {
    let n = data.len();
    if offset >= n {
        return n..n;
    }
    // A row starts at 0 or just after a delimiter.
    let start = if offset == 0 {
        0
    } else {
        match memchr::memchr(delim, &data[offset - 1..]) {
            Some(p) => offset + p,
            None => n,
        }
    };
    let end = if size == 0 || offset.saturating_add(size) >= n {
        n
    } else {
        // The last row starting before `offset + size` ends at the first delimiter at or
        // after `offset + size - 1`.
        let last = offset + size - 1;
        match memchr::memchr(delim, &data[last..]) {
            Some(p) => last + p + 1,
            None => n,
        }
    };
    start..end.max(start)
}

/// One record: where it is in the input (for error messages) and its bytes' range.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Record {
    /// 1-based record (line) number.
    pub line: usize,
    /// Byte range in the input.
    pub span: Range<usize>,
}

/// The records of JSON lines cut at `delim` (blank records are kept: the parser skips
/// them, and keeping them keeps line numbers right).
pub(crate) fn split_lines(data: &[u8], delim: u8) -> Vec<Record> {
    let mut out = vec![];
    let mut start = 0;
    for p in memchr::memchr_iter(delim, data) {
        out.push(Record {
            line: out.len() + 1,
            span: start..p,
        });
        start = p + 1;
    }
    if start < data.len() {
        out.push(Record {
            line: out.len() + 1,
            span: start..data.len(),
        });
    }
    out
}

/// The records of a non-lines input: the elements of one top-level JSON array (each an
/// object), or one top-level object as a single record. Record numbers count elements.
pub(crate) fn split_array(data: &[u8], rules: &Rules) -> Result<Vec<Record>, (usize, String)> {
    let mut p = Parser::new(data, rules, false);
    p.ws();
    if p.i >= data.len() {
        return Ok(vec![]);
    }
    let mut out = vec![];
    if data[p.i] == b'{' {
        let s = p.i;
        p.value(0)?;
        out.push(Record {
            line: 1,
            span: s..p.i,
        });
    } else if data[p.i] == b'[' {
        p.i += 1;
        p.ws();
        if p.peek() == Some(b']') {
            p.i += 1;
        } else {
            loop {
                p.ws();
                let s = p.i;
                p.value(1)?;
                out.push(Record {
                    line: out.len() + 1,
                    span: s..p.i,
                });
                p.ws();
                match p.peek() {
                    Some(b',') => p.i += 1,
                    Some(b']') => {
                        p.i += 1;
                        break;
                    }
                    _ => return Err(p.err("expected ',' or ']' in the top-level array")),
                }
            }
        }
    } else {
        return Err(p.err("expected a JSON array of records or an object"));
    }
    p.ws();
    if p.i < data.len() {
        return Err(p.err("data after the top-level value"));
    }
    Ok(out)
}

/// How a record is checked and rewritten.
#[derive(Default, Clone)]
pub(crate) struct Rules {
    pub single_quotes: bool,
    pub strict: bool,
    pub leading_zeros: bool,
    pub nonnumeric: bool,
    pub control_chars: bool,
    pub keep_quotes: bool,
    pub normalize_whitespace: bool,
    pub na_values: HashSet<String>,
    /// Top-level keys whose non-string values become their raw JSON text.
    pub raw_keys: HashSet<String>,
    /// Top-level keys read as timestamps (their `d/m/y` strings are reordered to ISO).
    pub date_keys: HashSet<String>,
    pub dayfirst: bool,
    /// Write `NaN`/`Infinity` as a plain float (for type inference) instead of a string
    /// arrow-json's float decoder parses.
    pub nonnumeric_as_number: bool,
}

/// What a top-level value is, to find the columns mixing containers with other values.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Kind {
    Object,
    Array,
    Scalar,
}

/// The result of rewriting one record.
#[derive(Default)]
pub(crate) struct Rewritten {
    /// Whether the record was blank (no row).
    pub blank: bool,
    /// Kinds of the top-level values, by key (only when asked).
    pub kinds: Vec<(String, Kind)>,
    /// Whether a `NaN`/`Infinity` literal was seen.
    pub nonnumeric: bool,
}

/// Check `rec` and append it to `out` as canonical JSON (no whitespace outside strings).
/// The error is the byte offset in `rec` and what is wrong.
pub(crate) fn rewrite(
    rec: &[u8],
    rules: &Rules,
    out: &mut Vec<u8>,
    want_kinds: bool,
) -> Result<Rewritten, (usize, String)> {
    let mut p = Parser::new(rec, rules, want_kinds);
    p.ws();
    if p.i >= rec.len() {
        return Ok(Rewritten {
            blank: true,
            ..Default::default()
        });
    }
    if p.peek() != Some(b'{') {
        return Err(p.err("each record must be a JSON object"));
    }
    p.value(0)?;
    p.ws();
    if p.i < rec.len() {
        return Err(p.err("data after the record's object"));
    }
    out.extend_from_slice(&p.out);
    Ok(Rewritten {
        blank: false,
        kinds: p.kinds,
        nonnumeric: p.nonnumeric,
    })
}

/// Top-level keys whose values mix objects, arrays and scalars across `kinds`.
pub(crate) fn mixed_keys<'a>(kinds: impl Iterator<Item = &'a (String, Kind)>) -> HashSet<String> {
    let mut seen: HashMap<&str, HashSet<Kind>> = HashMap::new();
    for (k, kind) in kinds {
        seen.entry(k.as_str()).or_default().insert(*kind);
    }
    seen.into_iter()
        .filter(|(_, s)| s.len() > 1)
        .map(|(k, _)| k.to_string())
        .collect()
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    r: &'a Rules,
    out: Vec<u8>,
    want_kinds: bool,
    kinds: Vec<(String, Kind)>,
    nonnumeric: bool,
}

type PResult<T> = Result<T, (usize, String)>;

/// The non-numeric number literals libcudf accepts, and the text arrow parses for each.
const NONNUMERIC: [(&[u8], &str); 7] = [
    (b"NaN", "NaN"),
    (b"Infinity", "inf"),
    (b"+Infinity", "inf"),
    (b"-Infinity", "-inf"),
    (b"INF", "inf"),
    (b"+INF", "inf"),
    (b"-INF", "-inf"),
];

impl<'a> Parser<'a> {
    fn new(s: &'a [u8], r: &'a Rules, want_kinds: bool) -> Self {
        Parser {
            s,
            i: 0,
            r,
            out: Vec::with_capacity(s.len() + 8),
            want_kinds,
            kinds: vec![],
            nonnumeric: false,
        }
    }

    fn err(&self, msg: &str) -> (usize, String) {
        (self.i, msg.to_string())
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\r' | b'\n') = self.peek() {
            self.i += 1;
        }
    }

    /// Parse one value at nesting `depth`, writing it canonically to `out`; returns its kind.
    fn value(&mut self, depth: usize) -> PResult<Kind> {
        if depth > 512 {
            return Err(self.err("nesting deeper than 512 levels"));
        }
        match self.peek() {
            Some(b'{') => self.object(depth).map(|_| Kind::Object),
            Some(b'[') => self.array(depth).map(|_| Kind::Array),
            Some(b'"') => self.string_value().map(|_| Kind::Scalar),
            Some(b'\'') if self.r.single_quotes => self.string_value().map(|_| Kind::Scalar),
            Some(_) => self.literal().map(|_| Kind::Scalar),
            None => Err(self.err("unexpected end of the record")),
        }
    }

    fn object(&mut self, depth: usize) -> PResult<()> {
        self.i += 1;
        self.out.push(b'{');
        self.ws();
        if self.peek() == Some(b'}') {
            self.i += 1;
            self.out.push(b'}');
            return Ok(());
        }
        loop {
            self.ws();
            let quote = match self.peek() {
                Some(b'"') => b'"',
                Some(b'\'') if self.r.single_quotes => b'\'',
                _ => return Err(self.err("expected a quoted key")),
            };
            let content = self.string_body(quote)?;
            let key = unescape(&content);
            self.out.push(b'"');
            self.out.extend_from_slice(&content);
            self.out.push(b'"');
            self.ws();
            if self.peek() != Some(b':') {
                return Err(self.err("expected ':' after a key"));
            }
            self.i += 1;
            self.out.push(b':');
            self.ws();
            let top = depth == 0;
            let kind = if top && self.r.raw_keys.contains(&key) {
                self.raw_value(depth)?
            } else if top && self.r.date_keys.contains(&key) && self.peek() == Some(b'"') {
                self.date_value()?;
                Kind::Scalar
            } else {
                self.value(depth + 1)?
            };
            if top && self.want_kinds {
                self.kinds.push((key, kind));
            }
            self.ws();
            match self.peek() {
                Some(b',') => {
                    self.i += 1;
                    self.out.push(b',');
                }
                Some(b'}') => {
                    self.i += 1;
                    self.out.push(b'}');
                    return Ok(());
                }
                _ => return Err(self.err("expected ',' or '}' in an object")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> PResult<()> {
        self.i += 1;
        self.out.push(b'[');
        self.ws();
        if self.peek() == Some(b']') {
            self.i += 1;
            self.out.push(b']');
            return Ok(());
        }
        loop {
            self.ws();
            self.value(depth + 1)?;
            self.ws();
            match self.peek() {
                Some(b',') => {
                    self.i += 1;
                    self.out.push(b',');
                }
                Some(b']') => {
                    self.i += 1;
                    self.out.push(b']');
                    return Ok(());
                }
                _ => return Err(self.err("expected ',' or ']' in a list")),
            }
        }
    }

    /// A value written as a string holding its JSON text (strings stay strings). The text
    /// is the input's, or the canonical one (whitespace outside strings removed) under
    /// `normalize_whitespace`.
    fn raw_value(&mut self, depth: usize) -> PResult<Kind> {
        let start_in = self.i;
        let start_out = self.out.len();
        let kind = self.value(depth + 1)?;
        let is_string = matches!(self.s[start_in], b'"' | b'\'');
        if is_string || self.out[start_out..] == *b"null" {
            return Ok(kind);
        }
        let text: Vec<u8> = if self.r.normalize_whitespace {
            self.out[start_out..].to_vec()
        } else {
            self.s[start_in..self.i].to_vec()
        };
        self.out.truncate(start_out);
        self.out.push(b'"');
        for &b in &text {
            push_escaped(&mut self.out, b);
        }
        self.out.push(b'"');
        Ok(kind)
    }

    /// A string read as a timestamp: `a/b/yyyy[ rest]` becomes ISO `yyyy-mm-dd[ rest]`
    /// (day first or month first by `dayfirst`); other strings are left to arrow.
    fn date_value(&mut self) -> PResult<()> {
        let content = self.string_body(b'"')?;
        let text = unescape(&content);
        if let Some(iso) = reorder_date(&text, self.r.dayfirst) {
            self.out.push(b'"');
            self.out.extend_from_slice(iso.as_bytes());
            self.out.push(b'"');
        } else {
            self.emit_string(&content, &text);
        }
        Ok(())
    }

    fn string_value(&mut self) -> PResult<()> {
        let quote = self.s[self.i];
        let content = self.string_body(quote)?;
        let text = if self.r.na_values.is_empty() {
            String::new()
        } else {
            unescape(&content)
        };
        self.emit_string(&content, &text);
        Ok(())
    }

    /// Write a string value (its canonical escaped `content`; `text` is the decoded one,
    /// used only for `na_values`).
    fn emit_string(&mut self, content: &[u8], text: &str) {
        if !self.r.na_values.is_empty() && self.r.na_values.contains(text) {
            self.out.extend_from_slice(b"null");
            return;
        }
        self.out.push(b'"');
        if self.r.keep_quotes {
            self.out.extend_from_slice(b"\\\"");
        }
        self.out.extend_from_slice(content);
        if self.r.keep_quotes {
            self.out.extend_from_slice(b"\\\"");
        }
        self.out.push(b'"');
    }

    /// Read a string quoted by `quote` (at `i`); returns its body as the inside of a
    /// double-quoted JSON string (escapes kept, raw control characters and, for a
    /// single-quoted string, inner double quotes escaped).
    fn string_body(&mut self, quote: u8) -> PResult<Vec<u8>> {
        self.i += 1;
        let mut body = vec![];
        loop {
            let Some(b) = self.peek() else {
                return Err(self.err("unterminated string"));
            };
            if b == quote {
                self.i += 1;
                return Ok(body);
            }
            match b {
                b'\\' => {
                    let Some(e) = self.s.get(self.i + 1).copied() else {
                        return Err(self.err("unterminated escape"));
                    };
                    match e {
                        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => {
                            body.extend_from_slice(&[b'\\', e]);
                            self.i += 2;
                        }
                        b'u' => {
                            let hex = self.s.get(self.i + 2..self.i + 6);
                            if !hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
                                return Err(self.err("invalid \\u escape"));
                            }
                            body.extend_from_slice(&self.s[self.i..self.i + 6]);
                            self.i += 6;
                        }
                        b'\'' if quote == b'\'' => {
                            body.push(b'\'');
                            self.i += 2;
                        }
                        _ => return Err(self.err("invalid escape in a string")),
                    }
                }
                b'"' => {
                    // Only reachable inside a single-quoted string.
                    body.extend_from_slice(b"\\\"");
                    self.i += 1;
                }
                0..0x20 => {
                    if self.r.strict && !self.r.control_chars {
                        return Err(self.err("unquoted control character in a string"));
                    }
                    push_escaped(&mut body, b);
                    self.i += 1;
                }
                _ => {
                    body.push(b);
                    self.i += 1;
                }
            }
        }
    }

    /// A number, `true`, `false`, `null` or a non-numeric number (`NaN`, `Infinity`...).
    fn literal(&mut self) -> PResult<()> {
        let start = self.i;
        while let Some(b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'+' | b'-' | b'.') = self.peek() {
            self.i += 1;
        }
        let tok = &self.s[start..self.i];
        if tok.is_empty() {
            return Err(self.err("unexpected character"));
        }
        if !self.r.na_values.is_empty() {
            let t = String::from_utf8_lossy(tok);
            if self.r.na_values.contains(t.as_ref()) {
                self.out.extend_from_slice(b"null");
                return Ok(());
            }
        }
        if matches!(tok, b"true" | b"false" | b"null") {
            self.out.extend_from_slice(tok);
            return Ok(());
        }
        if let Some((_, canon)) = NONNUMERIC.iter().find(|(t, _)| *t == tok) {
            if self.r.strict && !self.r.nonnumeric {
                return Err((
                    start,
                    "non-numeric number (NaN/Infinity) not allowed".into(),
                ));
            }
            self.nonnumeric = true;
            if self.r.nonnumeric_as_number {
                self.out.extend_from_slice(b"0.5");
            } else {
                self.out.push(b'"');
                self.out.extend_from_slice(canon.as_bytes());
                self.out.push(b'"');
            }
            return Ok(());
        }
        match check_number(tok) {
            Some(int_start) => {
                // Leading zeros (`007`) are dropped; under strict validation they are an
                // error unless allowed.
                let (sign, digits) = tok.split_at(int_start);
                let zeros = digits
                    .iter()
                    .take_while(|&&c| c == b'0')
                    .count()
                    .min(digits.iter().take_while(|c| c.is_ascii_digit()).count() - 1);
                if zeros > 0 && self.r.strict && !self.r.leading_zeros {
                    return Err((start, "number with leading zeros not allowed".into()));
                }
                self.out.extend_from_slice(sign);
                self.out.extend_from_slice(&digits[zeros..]);
                Ok(())
            }
            None => Err((
                start,
                format!("invalid value {:?}", String::from_utf8_lossy(tok)),
            )),
        }
    }
}

/// Whether `tok` is a JSON number allowing leading zeros; returns where its digits start.
fn check_number(tok: &[u8]) -> Option<usize> {
    let mut i = usize::from(tok.first() == Some(&b'-'));
    let start = i;
    let digits = |i: &mut usize| {
        let s = *i;
        while tok.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > s
    };
    if !digits(&mut i) {
        return None;
    }
    if tok.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return None;
        }
    }
    if matches!(tok.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(tok.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return None;
        }
    }
    (i == tok.len()).then_some(start)
}

fn push_escaped(out: &mut Vec<u8>, b: u8) {
    match b {
        b'"' => out.extend_from_slice(b"\\\""),
        b'\\' => out.extend_from_slice(b"\\\\"),
        b'\n' => out.extend_from_slice(b"\\n"),
        b'\t' => out.extend_from_slice(b"\\t"),
        b'\r' => out.extend_from_slice(b"\\r"),
        0..0x20 => out.extend_from_slice(format!("\\u{b:04x}").as_bytes()),
        _ => out.push(b),
    }
}

/// Decode the escapes of a canonical string body.
fn unescape(body: &[u8]) -> String {
    if !body.contains(&b'\\') {
        return String::from_utf8_lossy(body).into_owned();
    }
    let mut out: Vec<u8> = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        if body[i] != b'\\' || i + 1 >= body.len() {
            out.push(body[i]);
            i += 1;
            continue;
        }
        let e = body[i + 1];
        i += 2;
        match e {
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'u' if i + 4 <= body.len() => {
                let cp = std::str::from_utf8(&body[i..i + 4])
                    .ok()
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .and_then(char::from_u32)
                    .unwrap_or('\u{fffd}');
                let mut buf = [0; 4];
                out.extend_from_slice(cp.encode_utf8(&mut buf).as_bytes());
                i += 4;
            }
            other => out.push(other),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `a/b/yyyy[rest]` as `yyyy-mm-dd[rest]` (`a` is the day when `dayfirst`).
fn reorder_date(s: &str, dayfirst: bool) -> Option<String> {
    let (date, rest) = match s.find([' ', 'T']) {
        Some(p) => s.split_at(p),
        None => (s, ""),
    };
    let mut parts = date.split('/');
    let (a, b, y) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let num = |t: &str, max: usize| {
        (!t.is_empty() && t.len() <= max && t.bytes().all(|c| c.is_ascii_digit()))
            .then(|| t.parse::<u32>().ok())
            .flatten()
    };
    let (a, b, y) = (num(a, 2)?, num(b, 2)?, num(y, 4)?);
    let (d, m) = if dayfirst { (a, b) } else { (b, a) };
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    let rest = match rest.strip_prefix(' ') {
        Some(time) => format!("T{time}"),
        None => rest.to_string(),
    };
    Some(format!("{y:04}-{m:02}-{d:02}{rest}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rw(s: &str, r: &Rules) -> Result<String, (usize, String)> {
        let mut out = vec![];
        rewrite(s.as_bytes(), r, &mut out, false)?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn byte_ranges_partition_rows() {
        let data = b"{\"a\":1}\n{\"a\":22}\n\n{\"a\":333}\n{\"a\":4}";
        for size in 1..data.len() + 2 {
            let mut got = vec![];
            let mut off = 0;
            while off < data.len() {
                got.extend_from_slice(&data[byte_range_rows(data, off, size, b'\n')]);
                off += size;
            }
            let rows = |d: &[u8]| {
                d.split(|&b| b == b'\n')
                    .filter(|l| !l.is_empty())
                    .map(|l| l.to_vec())
                    .collect::<Vec<_>>()
            };
            assert_eq!(rows(&got), rows(data), "size {size}");
        }
        assert_eq!(byte_range_rows(b"ab\ncd\nef", 1, 3, b'\n'), 3..6);
        assert_eq!(byte_range_rows(b"ab\ncd\nef", 0, 0, b'\n'), 0..8);
        assert_eq!(byte_range_rows(b"ab\ncd\nef", 3, 1, b'\n'), 3..6);
        assert_eq!(byte_range_rows(b"ab", 5, 1, b'\n'), 2..2);
    }

    #[test]
    fn split_lines_keeps_line_numbers() {
        let r = split_lines(b"a;;b", b';');
        assert_eq!(r.iter().map(|r| r.line).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(r[2].span, 3..4);
        assert!(split_lines(b"", b'\n').is_empty());
    }

    #[test]
    fn split_array_finds_records() {
        let r = Rules::default();
        let recs = split_array(b" [ {\"a\": [1, 2]} , {\"b\": \"]\"} ] ", &r).unwrap();
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[1].span, 19..29);
        assert_eq!(split_array(b"{\"a\":1}", &r).unwrap().len(), 1);
        assert!(split_array(b"[]", &r).unwrap().is_empty());
        assert!(split_array(b"[{}", &r).is_err());
        assert!(split_array(b"5", &r).is_err());
    }

    #[test]
    fn canonical_rewrite() {
        let r = Rules::default();
        assert_eq!(
            rw(" { \"a\" : [1, 2.5e3, -0] ,\"b\":{\"c\":null}} ", &r).unwrap(),
            "{\"a\":[1,2.5e3,-0],\"b\":{\"c\":null}}"
        );
        assert!(rw("   ", &r).unwrap().is_empty());
        assert!(rw("{\"a\":1,}", &r).is_err());
        assert!(rw("[1]", &r).is_err());
        assert!(rw("{\"a\":1} x", &r).is_err());
        assert!(rw("{'a':1}", &r).is_err());
        assert_eq!(rw("{\"a\":007}", &r).unwrap(), "{\"a\":7}");
        assert_eq!(rw("{\"a\":-00.5}", &r).unwrap(), "{\"a\":-0.5}");
    }

    #[test]
    fn single_quotes() {
        let r = Rules {
            single_quotes: true,
            ..Default::default()
        };
        assert_eq!(
            rw("{'a': 'it\\'s \"x\"'}", &r).unwrap(),
            "{\"a\":\"it's \\\"x\\\"\"}"
        );
    }

    #[test]
    fn strict_validation_flags() {
        let mut r = Rules {
            strict: true,
            leading_zeros: false,
            nonnumeric: false,
            control_chars: false,
            ..Default::default()
        };
        assert_eq!(rw("{\"a\": 01}", &r).unwrap_err().0, 6);
        assert!(rw("{\"a\": NaN}", &r).is_err());
        assert!(rw("{\"a\": \"x\ty\"}", &r).is_err());
        assert!(rw("{\"a\": nope}", &r).is_err());
        r.leading_zeros = true;
        r.nonnumeric = true;
        r.control_chars = true;
        assert_eq!(rw("{\"a\": 01}", &r).unwrap(), "{\"a\":1}");
        assert_eq!(rw("{\"a\": -INF}", &r).unwrap(), "{\"a\":\"-inf\"}");
        assert_eq!(rw("{\"a\": \"x\ty\"}", &r).unwrap(), "{\"a\":\"x\\ty\"}");
        r.nonnumeric_as_number = true;
        assert_eq!(rw("{\"a\": NaN}", &r).unwrap(), "{\"a\":0.5}");
    }

    #[test]
    fn quotes_na_raw_and_dates() {
        let r = Rules {
            keep_quotes: true,
            na_values: ["NA".to_string(), "-1".to_string()].into(),
            ..Default::default()
        };
        assert_eq!(
            rw("{\"a\":\"x\",\"b\":\"NA\",\"c\":-1}", &r).unwrap(),
            "{\"a\":\"\\\"x\\\"\",\"b\":null,\"c\":null}"
        );
        let mut r = Rules {
            raw_keys: ["a".to_string()].into(),
            ..Default::default()
        };
        assert_eq!(
            rw("{\"a\": { \"b\": [1, \"q\"] }}", &r).unwrap(),
            "{\"a\":\"{ \\\"b\\\": [1, \\\"q\\\"] }\"}"
        );
        r.normalize_whitespace = true;
        assert_eq!(
            rw("{\"a\": { \"b\": 1 }}", &r).unwrap(),
            "{\"a\":\"{\\\"b\\\":1}\"}"
        );
        assert_eq!(rw("{\"a\": \"s\"}", &r).unwrap(), "{\"a\":\"s\"}");
        assert_eq!(reorder_date("02/03/2020", true).unwrap(), "2020-03-02");
        assert_eq!(
            reorder_date("02/03/2020 10:00", false).unwrap(),
            "2020-02-03T10:00"
        );
        assert!(reorder_date("2020-01-01", false).is_none());
        assert!(reorder_date("13/13/2020", false).is_none());
    }

    #[test]
    fn mixed_kinds() {
        let kinds = [
            ("a".to_string(), Kind::Scalar),
            ("a".to_string(), Kind::Object),
            ("b".to_string(), Kind::Scalar),
        ];
        assert_eq!(mixed_keys(kinds.iter()), ["a".to_string()].into());
    }
}

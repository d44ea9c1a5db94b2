//! Escaped UTF-16 surrogate pairs (`"\ud83e\udd80"`, as Python's `json.dumps` writes every
//! character above U+FFFF) turned into the character's UTF-8 bytes before arrow-json reads
//! the text: arrow-json 59's tape decoder joins the two halves with `|` where `+ 0x10000`
//! is meant, so every character above U+1FFFF came out as another one (`\ud840\udc00`,
//! U+20000, read as U+10000). Inside a JSON string the raw character and its escape mean the
//! same; elsewhere both are invalid JSON, so the rewrite changes no verdict.
//!
//! ```
//! use ferrodf_core::io::json::surrogates::decode_escaped_pairs;
//! let text = br#"{"t": "\ud840\udc00 and \\ud840\udc00"}"#;
//! let out = decode_escaped_pairs(bytes::Bytes::from_static(text));
//! // The first pair becomes U+20000; the second `\u` follows an escaped backslash, so it
//! // is text, not an escape, and stays.
//! assert_eq!(&out[..], "{\"t\": \"\u{20000} and \\\\ud840\\udc00\"}".as_bytes());
//! ```

use bytes::Bytes;

/// `data` with each escaped surrogate pair replaced by the UTF-8 of its character; the same
/// bytes (no copy) when there is none. A lone or reversed surrogate is left for the JSON
/// decoder to judge.
pub fn decode_escaped_pairs(data: Bytes) -> Bytes {
    let mut out: Option<Vec<u8>> = None;
    let mut copied = 0; // data[..copied] is in `out` already
    for at in memchr::memmem::find_iter(&data, b"\\u") {
        if at < copied || !starts_escape(&data, at) {
            continue;
        }
        let Some(c) = pair_at(&data, at) else {
            continue;
        };
        let buf = out.get_or_insert_with(|| Vec::with_capacity(data.len()));
        buf.extend_from_slice(&data[copied..at]);
        let mut utf8 = [0u8; 4];
        buf.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
        copied = at + 12;
    }
    match out {
        None => data,
        Some(mut buf) => {
            buf.extend_from_slice(&data[copied..]);
            Bytes::from(buf)
        }
    }
}

/// Whether the backslash at `at` begins an escape: an even number of backslashes (each
/// pair an escaped backslash) comes before it.
fn starts_escape(data: &[u8], at: usize) -> bool {
    let run = data[..at].iter().rev().take_while(|&&b| b == b'\\').count();
    run % 2 == 0
}

/// The character of `\uHHHH\uLLLL` at `at` when HHHH is a high and LLLL a low surrogate.
fn pair_at(data: &[u8], at: usize) -> Option<char> {
    let s = data.get(at..at + 12)?;
    if &s[6..8] != b"\\u" {
        return None;
    }
    let high = hex4(&s[2..6])?;
    let low = hex4(&s[8..12])?;
    if !(0xD800..0xDC00).contains(&high) || !(0xDC00..0xE000).contains(&low) {
        return None;
    }
    char::from_u32(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
}

fn hex4(s: &[u8]) -> Option<u32> {
    let s = std::str::from_utf8(s).ok()?;
    if !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(s, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(s: &str) -> String {
        let out = decode_escaped_pairs(Bytes::from(s.to_owned()));
        String::from_utf8(out.to_vec()).unwrap()
    }

    #[test]
    fn every_pair_against_rusts_own_utf16_decoder() {
        for c in ['\u{10000}', '\u{1F980}', '\u{20000}', '\u{10FFFF}'] {
            let mut units = [0u16; 2];
            let [h, l] = *c.encode_utf16(&mut units) else {
                unreachable!("above U+FFFF: two units")
            };
            let text = format!("\"a\\u{h:04x}\\u{l:04X}b\"");
            assert_eq!(decode(&text), format!("\"a{c}b\""));
        }
    }

    #[test]
    fn what_is_not_a_pair_stays() {
        for s in [
            r#""\ud840""#,        // a lone high surrogate
            r#""\udc00\ud840""#,  // reversed
            r#""\ud840\u0041""#,  // high then a plain escape
            r#""\\ud840\udc00""#, // the first \u is text after an escaped backslash
            r#""\ud84""#,         // cut short
            r#""\ud8g0\udc00""#,  // not hex
            r#""\u00e9 plain""#,  // a BMP escape
        ] {
            assert_eq!(decode(s), s);
        }
        // three backslashes: an escaped backslash, then an escape
        assert_eq!(decode(r#""\\\ud840\udc00""#), "\"\\\\\u{20000}\"");
        assert_eq!(decode(""), "");
    }

    #[test]
    fn pairs_back_to_back_and_at_the_ends() {
        assert_eq!(
            decode(r#"\ud83e\udd80\ud840\udc00x\udbff\udfff"#),
            "\u{1F980}\u{20000}x\u{10FFFF}"
        );
    }
}

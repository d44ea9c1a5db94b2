//! The regex engines against each other: the input is a flags byte, a pattern, a zero byte
//! and a text. A pattern the host compiles must give, on the device's DFAs (their Rust
//! twin, `dfa::DeviceProgram`), the host's match spans, and on the capture VM (its twin,
//! `capture::CaptureProgram`) the same match at each of them, unless an engine declines
//! the pattern (too large a DFA) or quits (a Unicode word boundary next to non-ASCII).
#![no_main]

use ferrodf_core::ops::strings::regex::capture::CaptureProgram;
use ferrodf_core::ops::strings::regex::dfa::DeviceProgram;
use ferrodf_core::ops::strings::regex::{RegexProgram, flags};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&f, rest)) = data.split_first() else {
        return;
    };
    let Some(cut) = rest.iter().position(|&b| b == 0) else {
        return;
    };
    let (Ok(pattern), Ok(text)) = (
        std::str::from_utf8(&rest[..cut]),
        std::str::from_utf8(&rest[cut + 1..]),
    ) else {
        return;
    };
    let f = u32::from(f) & flags::ALL;
    let Ok(prog) = RegexProgram::create(pattern, f) else {
        return;
    };
    let host = prog.match_spans(text);
    if let Ok(dfa) = DeviceProgram::build(pattern, f)
        && let Ok(spans) = dfa.matches(text.as_bytes(), None)
    {
        assert_eq!(
            spans, host,
            "DFA and host disagree on {pattern:?} in {text:?}"
        );
    }
    if let Ok(vm) = CaptureProgram::build(pattern, f) {
        for &(b, e) in &host {
            if let Ok(Some(slots)) = vm.captures(text.as_bytes(), b) {
                assert_eq!(
                    (slots[0], slots[1]),
                    (b as i64, e as i64),
                    "capture VM and host disagree on {pattern:?} at {b} in {text:?}"
                );
            }
        }
    }
});

//! Regular expressions over STRING columns: pylibcudf's `strings.regex_flags`,
//! `strings.regex_program`, `strings.contains` (`contains_re`, `matches_re`, `count_re`),
//! `strings.replace_re` (`replace_re`, `replace_with_backrefs`), `strings.findall`
//! (`findall`, `find_re`), `strings.extract` (`extract`, `extract_single`,
//! `extract_all_record`) and the regex splits of `strings.split.split`.
//!
//! The syntax is that of Rust's `regex` crate (RE2-like: no lookaround, no
//! backreferences in patterns); characters are Unicode code points and `\d`, `\w`, `\s`
//! are Unicode classes. Matching is leftmost-first, and successive matches never overlap.
//!
//! The host path runs `regex-automata`'s meta engine. The device path walks dense DFAs
//! built on the host from the same pattern (see [`dfa`]): a forward DFA finds where the
//! leftmost-first match ends and a reverse DFA where it starts, one GPU thread per row.
//! Both paths give the same results; a pattern whose DFA would be too large (or a Unicode
//! word boundary met on non-ASCII text) is a counted host fallback. Capture groups run on
//! the device as a Pike VM inside the spans the DFAs find (see [`capture`]).

pub mod capture;
pub mod contains;
pub mod dfa;
pub mod extract;
pub mod findall;
mod items;
pub mod replace;
pub mod split;

use crate::error::{Error, Result};
use regex_automata::meta::Regex;
use regex_automata::util::syntax;
use std::sync::{Arc, OnceLock};

/// pylibcudf's `RegexFlags` (libcudf's `regex_flags`): bits that change how a pattern
/// matches. The values are Python's `re` flag values, so `re.MULTILINE | re.DOTALL` can be
/// passed as they are.
pub mod flags {
    /// No flag.
    pub const DEFAULT: u32 = 0;
    /// Case-insensitive matching (Python's `re.IGNORECASE`; not in libcudf, where
    /// pandas-style callers prepend `(?i)`).
    pub const IGNORECASE: u32 = 2;
    /// `^` and `$` also match at the start and end of every line.
    pub const MULTILINE: u32 = 8;
    /// `.` also matches `\n`.
    pub const DOTALL: u32 = 16;
    /// `\d`, `\w`, `\s` (and `\b`) match ASCII characters only.
    pub const ASCII: u32 = 256;
    /// `\r` is a line end too, alone or in `\r\n` (libcudf also counts `\u{85}`,
    /// `\u{2028}` and `\u{2029}`; ferrodf's engines do not).
    pub const EXT_NEWLINE: u32 = 512;
    /// Every flag ferrodf understands.
    pub const ALL: u32 = IGNORECASE | MULTILINE | DOTALL | ASCII | EXT_NEWLINE;
}

/// A compiled regular expression: pylibcudf's `RegexProgram`.
///
/// Built once, used by any number of calls; the device tables are built on first use.
///
/// ```
/// use ferrodf_core::ops::strings::regex::{RegexProgram, flags};
/// let p = RegexProgram::create(r"^\d+$", flags::MULTILINE).unwrap();
/// assert_eq!(p.pattern(), r"^\d+$");
/// assert!(RegexProgram::create("(unclosed", flags::DEFAULT).is_err());
/// ```
#[derive(Clone)]
pub struct RegexProgram {
    inner: Arc<Inner>,
}

/// How many compiled programs [`RegexProgram::create`] keeps.
const CACHED_PROGRAMS: usize = 128;

type ProgramCache = std::collections::HashMap<(String, u32), RegexProgram>;

static PROGRAMS: std::sync::Mutex<Option<ProgramCache>> = std::sync::Mutex::new(None);

struct Inner {
    pattern: String,
    flags: u32,
    host: Regex,
    device: OnceLock<std::result::Result<Arc<dfa::DeviceProgram>, String>>,
    capture: OnceLock<std::result::Result<Arc<capture::CaptureProgram>, String>>,
}

impl std::fmt::Debug for RegexProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "RegexProgram({:?}, flags={})",
            self.inner.pattern, self.inner.flags
        )
    }
}

/// The syntax configuration of `flags` (both engines use it, so they agree).
pub(crate) fn syntax_config(flags: u32) -> syntax::Config {
    syntax::Config::new()
        .case_insensitive(flags & flags::IGNORECASE != 0)
        .multi_line(flags & flags::MULTILINE != 0)
        .dot_matches_new_line(flags & flags::DOTALL != 0)
        .crlf(flags & flags::EXT_NEWLINE != 0)
}

/// `pattern` with ASCII-only Perl classes when `flags` has ASCII: the classes are
/// rewritten to explicit ASCII sets (Rust's `regex` has no such flag).
fn ascii_classes(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('d') => out.push_str("[0-9]"),
            Some('D') => out.push_str("[^0-9]"),
            Some('w') => out.push_str("[0-9A-Za-z_]"),
            Some('W') => out.push_str("[^0-9A-Za-z_]"),
            Some('s') => out.push_str("[\\t\\n\\x0B\\x0C\\r ]"),
            Some('S') => out.push_str("[^\\t\\n\\x0B\\x0C\\r ]"),
            Some('b') => out.push_str("(?-u:\\b)"),
            Some('B') => out.push_str("(?-u:\\B)"),
            Some(o) => {
                out.push('\\');
                out.push(o);
            }
            None => out.push('\\'),
        }
    }
    out
}

impl RegexProgram {
    /// Compile `pattern` with `flags` (see [`flags`]). A pattern the engine rejects is a
    /// `ValueError` saying why; unknown flag bits are a `ValueError` too.
    pub fn create(pattern: &str, flags: u32) -> Result<RegexProgram> {
        // The same pattern comes back call after call (`s.str.contains("x")` in a loop):
        // one compiled program per (pattern, flags) keeps its host automaton and, once
        // built, its device tables, which would otherwise be rebuilt and uploaded each time.
        let key = (pattern.to_string(), flags);
        let mut cache = PROGRAMS.lock().unwrap_or_else(|p| p.into_inner());
        let cache = cache.get_or_insert_with(std::collections::HashMap::new);
        if let Some(p) = cache.get(&key) {
            return Ok(p.clone());
        }
        let program = Self::compile(pattern, flags)?;
        if cache.len() >= CACHED_PROGRAMS {
            cache.clear(); // a bound, not an LRU: programs are cheap to rebuild
        }
        cache.insert(key, program.clone());
        Ok(program)
    }

    fn compile(pattern: &str, flags: u32) -> Result<RegexProgram> {
        if flags & !flags::ALL != 0 {
            return Err(Error::value(format!(
                "regex_program: unknown RegexFlags bits {:#x}; use DEFAULT, MULTILINE, DOTALL, \
                 ASCII, EXT_NEWLINE (or re.IGNORECASE)",
                flags & !flags::ALL
            )));
        }
        let source = if flags & flags::ASCII != 0 {
            ascii_classes(pattern)
        } else {
            pattern.to_string()
        };
        let host = Regex::builder()
            .syntax(syntax_config(flags))
            .build(&source)
            .map_err(|e| {
                Error::value(format!(
                    "regex_program: {pattern:?} is not a regular expression ferrodf accepts \
                     (Rust regex syntax: no lookaround or backreferences in patterns): {e}"
                ))
            })?;
        Ok(RegexProgram {
            inner: Arc::new(Inner {
                pattern: pattern.to_string(),
                flags,
                host,
                device: OnceLock::new(),
                capture: OnceLock::new(),
            }),
        })
    }

    /// The pattern as given.
    pub fn pattern(&self) -> &str {
        &self.inner.pattern
    }

    /// The flags as given.
    pub fn flags(&self) -> u32 {
        self.inner.flags
    }

    /// The byte spans of the successive matches in `s` on the host (Rust's `regex`
    /// iteration): what the device's DFA walk (`dfa::DeviceProgram::matches`) must give.
    ///
    /// ```
    /// use ferrodf_core::ops::strings::regex::{RegexProgram, flags};
    /// let p = RegexProgram::create(r"\d+", flags::DEFAULT).unwrap();
    /// assert_eq!(p.match_spans("a1b22"), vec![(1, 2), (3, 5)]);
    /// ```
    pub fn match_spans(&self, s: &str) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for_each_match(self.host(), s, None, |b, e| out.push((b, e)));
        out
    }

    /// Number of capture groups, the whole match (group 0) not counted.
    pub fn groups_count(&self) -> usize {
        self.inner
            .host
            .group_info()
            .group_len(regex_automata::PatternID::ZERO)
            - 1
    }

    /// The names of the capture groups (group 1 first; `None` for an unnamed group).
    ///
    /// ```
    /// use ferrodf_core::ops::strings::regex::{RegexProgram, flags};
    /// let p = RegexProgram::create(r"(?P<year>\d+)-(\d+)", flags::DEFAULT).unwrap();
    /// assert_eq!(p.group_names(), vec![Some("year".to_string()), None]);
    /// ```
    pub fn group_names(&self) -> Vec<Option<String>> {
        self.inner
            .host
            .group_info()
            .pattern_names(regex_automata::PatternID::ZERO)
            .skip(1)
            .map(|n| n.map(str::to_string))
            .collect()
    }

    /// The host engine.
    pub(crate) fn host(&self) -> &Regex {
        &self.inner.host
    }

    /// The pattern as the engines compile it (ASCII classes spelled out under ASCII).
    fn source(&self) -> String {
        if self.inner.flags & flags::ASCII != 0 {
            ascii_classes(&self.inner.pattern)
        } else {
            self.inner.pattern.clone()
        }
    }

    /// The device tables (built once), or why there are none (a DFA too large).
    pub(crate) fn device(&self) -> std::result::Result<Arc<dfa::DeviceProgram>, String> {
        self.inner
            .device
            .get_or_init(|| {
                dfa::DeviceProgram::build(&self.source(), self.inner.flags).map(Arc::new)
            })
            .clone()
    }

    /// The capture engine's tables (built once), or why there are none (an NFA too large).
    pub(crate) fn capture(&self) -> std::result::Result<Arc<capture::CaptureProgram>, String> {
        self.inner
            .capture
            .get_or_init(|| {
                capture::CaptureProgram::build(&self.source(), self.inner.flags).map(Arc::new)
            })
            .clone()
    }

    /// The `u32` words the device kernels read, for running the kernel sources elsewhere
    /// (the tests compile them for the CPU): the DFA tables and the word where their
    /// reverse half starts, then the capture tables; `None` for a part that has no device
    /// form.
    ///
    /// ```
    /// use ferrodf_core::ops::strings::regex::{RegexProgram, flags};
    /// let p = RegexProgram::create(r"(\d+)", flags::DEFAULT).unwrap();
    /// let (dfa, capture) = p.device_words();
    /// assert!(dfa.is_some() && capture.is_some());
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn device_words(&self) -> (Option<(Vec<u32>, usize)>, Option<Vec<u32>>) {
        let dfa = self
            .device()
            .ok()
            .map(|d| (d.words().to_vec(), d.reverse_offset()));
        let cap = self.capture().ok().map(|c| c.words().to_vec());
        (dfa, cap)
    }
}

/// Call `f(start, end)` for the first `limit` (all when None) successive matches in `s`,
/// with the iteration rules of Rust's `regex`: an empty match right after the previous
/// match, or inside a UTF-8 character, is skipped. The kernels in `cuda/regex.cu` follow
/// the same rules.
pub(crate) fn for_each_match(
    re: &Regex,
    s: &str,
    limit: Option<usize>,
    mut f: impl FnMut(usize, usize),
) {
    for (k, m) in re.find_iter(s).enumerate() {
        if limit.is_some_and(|l| k >= l) {
            break;
        }
        f(m.start(), m.end());
    }
}

//! Dense DFA tables for the device regex kernels (`cuda/regex.cu`).
//!
//! `regex-automata` determinizes the pattern on the host into two dense DFAs: a forward
//! one (leftmost-first, anchored and unanchored starts) that finds where a match ends,
//! and a reverse one (anchored, all matches) that finds where it starts. Their states are
//! renumbered into flat `u32` tables that one GPU thread per row walks byte by byte.
//!
//! Layout of one DFA, in `u32` words: `[stride, states, 0, 0]`, the byte-class map (256
//! words), the start states (257 unanchored then 257 anchored: index 0 for the start of
//! the text, `1 + b` after byte `b`), one flag word per state ([`MATCH`], [`DEAD`],
//! [`QUIT`]), then `states * stride` transitions, the last column being end-of-input.
//! State 0 is a quit state (the start after a byte that makes the DFA give up).
//!
//! The walks in this module ([`Tables::find_fwd`], [`Tables::find_rev`],
//! [`DeviceProgram::matches`]) are the kernels' algorithm in Rust; the unit tests check
//! them against the host engine.

use super::syntax_config;
use crate::device::DeviceMemory;
use crate::error::Result;
use hashbrown::HashMap;
use regex_automata::dfa::{Automaton, StartKind, dense};
use regex_automata::nfa::thompson;
use regex_automata::util::primitives::StateID;
use regex_automata::util::start;
use regex_automata::{Anchored, MatchKind};

/// A state in which a match ended one byte earlier (or at end-of-input).
pub const MATCH: u32 = 1;
/// A state from which no match can follow.
pub const DEAD: u32 = 2;
/// A state in which the DFA gave up (a Unicode word boundary next to a non-ASCII byte).
pub const QUIT: u32 = 4;

/// The largest DFA (bytes of transitions) the device path builds; larger patterns run on
/// the host.
const SIZE_LIMIT: usize = 32 << 20;

/// A walk stopped because the DFA gave up (see [`QUIT`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quit;

/// One DFA as flat tables.
#[derive(Debug, Clone)]
pub struct Tables {
    stride: usize,
    classes: [u8; 256],
    starts: Vec<u32>,
    flags: Vec<u32>,
    trans: Vec<u32>,
}

impl Tables {
    /// Renumber every state reachable from the starts of `dfa` into flat tables.
    fn of(dfa: &dense::DFA<Vec<u32>>) -> Tables {
        let bc = dfa.byte_classes();
        let mut classes = [0u8; 256];
        let mut reps: Vec<u8> = Vec::new();
        for b in 0..=255u8 {
            let c = bc.get(b);
            classes[b as usize] = c;
            if c as usize == reps.len() {
                reps.push(b);
            }
        }
        let stride = reps.len() + 1;
        // State 0: quit (a start that the look-behind byte makes impossible).
        let mut index: HashMap<StateID, u32> = HashMap::new();
        let mut order: Vec<StateID> = Vec::new();
        let mut number = |sid: StateID, order: &mut Vec<StateID>| -> u32 {
            *index.entry(sid).or_insert_with(|| {
                order.push(sid);
                order.len() as u32
            })
        };
        let mut starts = Vec::with_capacity(514);
        for anchored in [Anchored::No, Anchored::Yes] {
            for lb in std::iter::once(None).chain((0..=255u8).map(Some)) {
                let cfg = start::Config::new().look_behind(lb).anchored(anchored);
                starts.push(match dfa.start_state(&cfg) {
                    Ok(sid) => number(sid, &mut order),
                    Err(_) => 0,
                });
            }
        }
        let mut flags = vec![QUIT];
        let mut trans: Vec<u32> = vec![0; stride];
        let mut k = 0;
        while k < order.len() {
            let sid = order[k];
            k += 1;
            let f = if dfa.is_match_state(sid) {
                MATCH
            } else if dfa.is_dead_state(sid) {
                DEAD
            } else if dfa.is_quit_state(sid) {
                QUIT
            } else {
                0
            };
            flags.push(f);
            for &b in &reps {
                let next = dfa.next_state(sid, b);
                let id = number(next, &mut order);
                trans.push(id);
            }
            let eoi = dfa.next_eoi_state(sid);
            let id = number(eoi, &mut order);
            trans.push(id);
        }
        Tables {
            stride,
            classes,
            starts,
            flags,
            trans,
        }
    }

    /// Number of states (the quit state included).
    pub fn states(&self) -> usize {
        self.flags.len()
    }

    /// The tables as `u32` words (the layout in the module docs).
    fn words(&self) -> Vec<u32> {
        let mut w = Vec::with_capacity(4 + 256 + 514 + self.flags.len() + self.trans.len());
        w.extend([self.stride as u32, self.flags.len() as u32, 0, 0]);
        w.extend(self.classes.iter().map(|&c| u32::from(c)));
        w.extend(&self.starts);
        w.extend(&self.flags);
        w.extend(&self.trans);
        w
    }

    #[inline]
    fn next(&self, state: u32, byte: u8) -> u32 {
        self.trans[state as usize * self.stride + self.classes[byte as usize] as usize]
    }

    #[inline]
    fn next_eoi(&self, state: u32) -> u32 {
        self.trans[state as usize * self.stride + self.stride - 1]
    }

    #[inline]
    fn start(&self, anchored: bool, look_behind: Option<u8>) -> u32 {
        self.starts[usize::from(anchored) * 257 + look_behind.map_or(0, |b| 1 + b as usize)]
    }

    /// Forward walk from `pos`: the end of the leftmost-first match (the first one with
    /// `earliest`), `Ok(None)` without one, `Err(Quit)` when the DFA quit.
    pub fn find_fwd(
        &self,
        s: &[u8],
        pos: usize,
        anchored: bool,
        earliest: bool,
    ) -> std::result::Result<Option<usize>, Quit> {
        let mut st = self.start(anchored, pos.checked_sub(1).map(|p| s[p]));
        if self.flags[st as usize] & QUIT != 0 {
            return Err(Quit);
        }
        let mut mat = None;
        for (at, &b) in s.iter().enumerate().skip(pos) {
            st = self.next(st, b);
            let f = self.flags[st as usize];
            if f != 0 {
                if f & MATCH != 0 {
                    mat = Some(at);
                    if earliest {
                        return Ok(mat);
                    }
                } else if f & DEAD != 0 {
                    return Ok(mat);
                } else {
                    return Err(Quit);
                }
            }
        }
        st = self.next_eoi(st);
        if self.flags[st as usize] & MATCH != 0 {
            mat = Some(s.len());
        }
        Ok(mat)
    }

    /// Reverse walk from `end` down to `lower`: the start of the match ending at `end`.
    pub fn find_rev(
        &self,
        s: &[u8],
        end: usize,
        lower: usize,
    ) -> std::result::Result<Option<usize>, Quit> {
        let mut st = self.start(true, s.get(end).copied());
        if self.flags[st as usize] & QUIT != 0 {
            return Err(Quit);
        }
        let mut mat = None;
        let mut at = end;
        while at > lower {
            at -= 1;
            st = self.next(st, s[at]);
            let f = self.flags[st as usize];
            if f != 0 {
                if f & MATCH != 0 {
                    mat = Some(at + 1);
                } else if f & DEAD != 0 {
                    return Ok(mat);
                } else {
                    return Err(Quit);
                }
            }
        }
        st = if lower > 0 {
            self.next(st, s[lower - 1])
        } else {
            self.next_eoi(st)
        };
        let f = self.flags[st as usize];
        if f & MATCH != 0 {
            mat = Some(lower);
        } else if f & QUIT != 0 {
            return Err(Quit);
        }
        Ok(mat)
    }
}

/// The forward and reverse tables of one pattern, on the host and (once uploaded) on the
/// device.
pub struct DeviceProgram {
    forward: Tables,
    reverse: Tables,
    words: Vec<u32>,
    device: std::sync::Mutex<Option<std::sync::Arc<DeviceMemory>>>,
}

impl std::fmt::Debug for DeviceProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "DeviceProgram(forward: {} states, reverse: {} states)",
            self.forward.states(),
            self.reverse.states()
        )
    }
}

impl DeviceProgram {
    /// Determinize `pattern` (already rewritten for ASCII) with `flags`; `Err` says why
    /// there is no device program (the DFA would be too large).
    pub fn build(pattern: &str, flags: u32) -> std::result::Result<DeviceProgram, String> {
        let config = |kind: StartKind, mk: MatchKind| {
            dense::Config::new()
                .start_kind(kind)
                .match_kind(mk)
                .prefilter(None)
                .specialize_start_states(false)
                .accelerate(false)
                .unicode_word_boundary(true)
                .dfa_size_limit(Some(SIZE_LIMIT))
                .determinize_size_limit(Some(SIZE_LIMIT))
        };
        let why = |e: regex_automata::dfa::dense::BuildError| {
            format!("the pattern's DFA cannot be built within {SIZE_LIMIT} bytes ({e})")
        };
        let forward = dense::Builder::new()
            .syntax(syntax_config(flags))
            .configure(config(StartKind::Both, MatchKind::LeftmostFirst))
            .build(pattern)
            .map_err(why)?;
        let reverse = dense::Builder::new()
            .syntax(syntax_config(flags))
            .thompson(thompson::Config::new().reverse(true))
            .configure(config(StartKind::Anchored, MatchKind::All))
            .build(pattern)
            .map_err(why)?;
        let (forward, reverse) = (Tables::of(&forward), Tables::of(&reverse));
        let mut words = forward.words();
        words.extend(reverse.words());
        Ok(DeviceProgram {
            forward,
            reverse,
            words,
            device: std::sync::Mutex::new(None),
        })
    }

    /// The forward and reverse tables as the kernels read them.
    pub fn words(&self) -> &[u32] {
        &self.words
    }

    /// The forward tables.
    pub fn forward(&self) -> &Tables {
        &self.forward
    }

    /// Word offset of the reverse tables in the uploaded program.
    pub fn reverse_offset(&self) -> usize {
        4 + 256 + 514 + self.forward.flags.len() + self.forward.trans.len()
    }

    /// The tables in device memory (uploaded on first use).
    pub fn on_device(&self) -> Result<std::sync::Arc<DeviceMemory>> {
        let mut slot = self.device.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(m) = slot.as_ref() {
            return Ok(m.clone());
        }
        let bytes: Vec<u8> = self.words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let m = std::sync::Arc::new(DeviceMemory::from_host(&bytes)?);
        *slot = Some(m.clone());
        Ok(m)
    }

    /// The successive matches in `s` as the kernels find them (at most `limit` when
    /// given), or `Err(Quit)` when the DFA quit. The rules of Rust's `regex` iteration: an
    /// empty match right after the previous match, or inside a UTF-8 character, is
    /// skipped.
    pub fn matches(
        &self,
        s: &[u8],
        limit: Option<usize>,
    ) -> std::result::Result<Vec<(usize, usize)>, Quit> {
        let mut out = Vec::new();
        let (mut pos, mut last_end) = (0usize, usize::MAX);
        while pos <= s.len() && limit.is_none_or(|l| out.len() < l) {
            let Some(e) = self.forward.find_fwd(s, pos, false, false)? else {
                break;
            };
            let b = self.reverse.find_rev(s, e, pos)?.unwrap_or(e);
            if b == e && (e == last_end || (e < s.len() && s[e] & 0xC0 == 0x80)) {
                pos = e + 1;
                continue;
            }
            out.push((b, e));
            last_end = e;
            pos = e;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::super::RegexProgram;
    use super::super::flags;

    const PATTERNS: &[&str] = &[
        "a",
        "ab|a",
        "a|ab",
        "x*",
        "a+",
        "^a",
        "a$",
        r"\d+",
        r"\w+",
        r"\bfoo\b",
        r"[aeiou]{2,}",
        "(?i)hello",
        "^$",
        "",
        r"\s+$",
        "é+",
        ".",
        "(a|b)*c",
        r"^\w+@\w+\.com$",
        "(?m)^b",
        "b?",
    ];
    const TEXTS: &[&str] = &[
        "",
        "a",
        "abc",
        "aab ab a",
        "xxaxx",
        "foo bar foo",
        "foofoo foo_",
        "12 and 345",
        "HeLLo hello",
        "naïve café ééé",
        "a\nb\nab",
        "abxd",
        "ccc abc",
        "me@host.com",
        "trailing  ",
        "日本語 text",
    ];

    #[test]
    fn walks_agree_with_the_host_engine() {
        for fl in [flags::DEFAULT, flags::MULTILINE | flags::DOTALL] {
            for p in PATTERNS {
                let prog = RegexProgram::create(p, fl).unwrap();
                let dev = prog.device().unwrap();
                for t in TEXTS {
                    let want: Vec<(usize, usize)> = prog
                        .host()
                        .find_iter(t)
                        .map(|m| (m.start(), m.end()))
                        .collect();
                    match dev.matches(t.as_bytes(), None) {
                        Ok(got) => assert_eq!(got, want, "pattern {p:?} flags {fl} text {t:?}"),
                        // Only a Unicode word boundary next to non-ASCII text quits.
                        Err(super::Quit) => assert!(p.contains(r"\b") && !t.is_ascii()),
                    }
                    let is = prog.host().is_match(*t);
                    if let Ok(m) = dev.forward().find_fwd(t.as_bytes(), 0, false, true) {
                        assert_eq!(m.is_some(), is, "contains {p:?} {t:?}");
                    }
                    let anchored = prog
                        .host()
                        .search(
                            &regex_automata::Input::new(t).anchored(regex_automata::Anchored::Yes),
                        )
                        .is_some();
                    if let Ok(m) = dev.forward().find_fwd(t.as_bytes(), 0, true, true) {
                        assert_eq!(m.is_some(), anchored, "matches {p:?} {t:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn limits_count_matches() {
        let prog = RegexProgram::create("a", flags::DEFAULT).unwrap();
        let dev = prog.device().unwrap();
        assert_eq!(dev.matches(b"aaaa", Some(2)).unwrap(), vec![(0, 1), (1, 2)]);
    }

    #[test]
    fn ascii_flag_limits_classes() {
        let prog = RegexProgram::create(r"\w+", flags::ASCII).unwrap();
        let got: Vec<&str> = prog
            .host()
            .find_iter("café au")
            .map(|m| &"café au"[m.range()])
            .collect();
        assert_eq!(got, vec!["caf", "au"]);
        let dev = prog.device().unwrap();
        assert_eq!(
            dev.matches("café au".as_bytes(), None).unwrap(),
            vec![(0, 3), (6, 8)]
        );
    }
}

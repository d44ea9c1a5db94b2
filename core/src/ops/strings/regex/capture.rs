//! Capture groups on the device: a Pike VM over the pattern's Thompson NFA, exported as
//! flat `u32` tables, one GPU thread per row (`re_capture_spans` in `cuda/regex.cu`).
//!
//! The DFAs of [`super::dfa`] find each match span; the VM then runs anchored at the
//! match start and gives the groups of the leftmost-first match there, which is the match
//! the DFAs found (the kernel checks that both ends agree and otherwise hands the call to
//! the host). A Pike VM keeps one thread per NFA state, each with its own copy of the
//! capture slots, so its memory is bounded by `states * slots`: the kernel takes that much
//! global scratch per GPU thread, and a pattern whose NFA needs more than
//! [`SCRATCH_LIMIT`] bytes per thread is a counted host fallback.
//!
//! Layout, in `u32` words: a header `[states, slots, stack, start, 0, 0, 0, 0]`, then four
//! words per state `[op, a, b, 0]`, then the extra words the sparse and union states point
//! into. Ops: [`OP_RANGE`] (`a` = lo | hi << 8, `b` = next), [`OP_SPARSE`] (`a` = first
//! extra word of `b` triples lo, hi, next), [`OP_LOOK`] (`a` = the look's bit index in
//! `regex_automata::util::look::Look`, `b` = next), [`OP_UNION`] (`a` = first extra word of
//! `b` alternates, in priority order), [`OP_CAPTURE`] (`a` = slot, `b` = next), [`OP_FAIL`],
//! [`OP_MATCH`]. [`CaptureProgram::captures`] is the kernel's algorithm in Rust; the unit
//! tests check it against the host engine.

use super::contains::on_device;
use super::dfa::Quit;
use super::{RegexProgram, syntax_config};
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::regex as dev;
use crate::error::Result;
use regex_automata::nfa::thompson::{self, State};
use std::sync::{Arc, Mutex};

/// A byte range transition.
pub const OP_RANGE: u32 = 0;
/// Sorted byte range transitions.
pub const OP_SPARSE: u32 = 1;
/// A zero-width assertion.
pub const OP_LOOK: u32 = 2;
/// Alternatives in priority order.
pub const OP_UNION: u32 = 3;
/// Record the position in a capture slot.
pub const OP_CAPTURE: u32 = 4;
/// No match.
pub const OP_FAIL: u32 = 5;
/// A match.
pub const OP_MATCH: u32 = 6;

/// The most scratch bytes one GPU thread may need (two thread lists of `states * slots`
/// positions, the sets and the stack); a larger NFA runs on the host.
pub const SCRATCH_LIMIT: usize = 256 << 10;

const HEADER: usize = 8;

/// A pattern's NFA as flat tables for the capture kernel.
///
/// ```
/// use ferrodf_core::ops::strings::regex::capture::CaptureProgram;
/// let p = CaptureProgram::build(r"(\d+)-(\d+)?", 0).unwrap();
/// assert_eq!(p.slots(), 6); // the whole match and two groups
/// // Anchored at byte 2 of "x 12-": group 2 takes no part.
/// assert_eq!(p.captures(b"x 12-", 2).unwrap(), Some(vec![2, 5, 2, 4, -1, -1]));
/// ```
pub struct CaptureProgram {
    words: Vec<u32>,
    states: usize,
    slots: usize,
    stack: usize,
    start: u32,
    device: Mutex<Option<Arc<DeviceMemory>>>,
}

impl std::fmt::Debug for CaptureProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "CaptureProgram({} states, {} slots)",
            self.states, self.slots
        )
    }
}

/// The `i64` words of scratch one VM needs: two lists of `states * slots` positions, the
/// current and the best slots, the stack (two words a frame) and the two sparse sets
/// (`u32` pairs).
fn scratch_words(states: usize, slots: usize, stack: usize) -> usize {
    2 * states * slots + 2 * slots + 2 * stack + 2 * states
}

impl CaptureProgram {
    /// Compile `pattern` (already rewritten for ASCII) with `flags` into a Thompson NFA and
    /// flatten it; `Err` says why there is no device program.
    pub fn build(pattern: &str, flags: u32) -> std::result::Result<CaptureProgram, String> {
        let nfa = thompson::Compiler::new()
            .syntax(syntax_config(flags))
            .configure(thompson::Config::new().shrink(false))
            .build(pattern)
            .map_err(|e| format!("the pattern's NFA cannot be built ({e})"))?;
        let n = nfa.states().len();
        let slots = nfa.group_info().slot_len();
        let mut head = vec![0u32; HEADER + 4 * n];
        let mut extra: Vec<u32> = Vec::new();
        let mut stack = 1usize;
        for (i, st) in nfa.states().iter().enumerate() {
            let (op, a, b) = match st {
                State::ByteRange { trans } => (
                    OP_RANGE,
                    u32::from(trans.start) | u32::from(trans.end) << 8,
                    trans.next.as_u32(),
                ),
                State::Sparse(sp) => {
                    let at = extra.len() as u32;
                    for t in sp.transitions.iter() {
                        extra.extend([u32::from(t.start), u32::from(t.end), t.next.as_u32()]);
                    }
                    (OP_SPARSE, at, sp.transitions.len() as u32)
                }
                State::Dense(d) => {
                    // Runs of equal targets become sparse ranges (the dead target dropped).
                    let at = extra.len() as u32;
                    let mut count = 0u32;
                    let mut b = 0usize;
                    while b < 256 {
                        let next = d.transitions[b];
                        let mut e = b;
                        while e + 1 < 256 && d.transitions[e + 1] == next {
                            e += 1;
                        }
                        if next != regex_automata::util::primitives::StateID::ZERO {
                            extra.extend([b as u32, e as u32, next.as_u32()]);
                            count += 1;
                        }
                        b = e + 1;
                    }
                    (OP_SPARSE, at, count)
                }
                State::Look { look, next } => {
                    (OP_LOOK, look.as_repr().trailing_zeros(), next.as_u32())
                }
                State::Union { alternates } => {
                    let at = extra.len() as u32;
                    extra.extend(alternates.iter().map(|s| s.as_u32()));
                    stack += alternates.len();
                    (OP_UNION, at, alternates.len() as u32)
                }
                State::BinaryUnion { alt1, alt2 } => {
                    let at = extra.len() as u32;
                    extra.extend([alt1.as_u32(), alt2.as_u32()]);
                    stack += 2;
                    (OP_UNION, at, 2)
                }
                State::Capture { next, slot, .. } => {
                    stack += 1;
                    (OP_CAPTURE, slot.as_u32(), next.as_u32())
                }
                State::Fail => (OP_FAIL, 0, 0),
                State::Match { .. } => (OP_MATCH, 0, 0),
            };
            head[HEADER + 4 * i..HEADER + 4 * i + 3].copy_from_slice(&[op, a, b]);
        }
        let bytes = 8 * scratch_words(n, slots, stack);
        if bytes > SCRATCH_LIMIT {
            return Err(format!(
                "capture groups of a pattern whose NFA needs {bytes} bytes per GPU thread \
                 (the capture engine takes at most {SCRATCH_LIMIT})"
            ));
        }
        let start = nfa.start_anchored().as_u32();
        head[..4].copy_from_slice(&[n as u32, slots as u32, stack as u32, start]);
        head.extend(extra);
        Ok(CaptureProgram {
            words: head,
            states: n,
            slots,
            stack,
            start,
            device: Mutex::new(None),
        })
    }

    /// The tables as `u32` words (the layout in the module docs).
    pub fn words(&self) -> &[u32] {
        &self.words
    }

    /// Capture slots (two per group, the whole match included).
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// The `i64` words of scratch one GPU thread needs.
    pub fn scratch_words(&self) -> usize {
        scratch_words(self.states, self.slots, self.stack)
    }

    /// The tables in device memory (uploaded on first use).
    pub fn on_device(&self) -> Result<Arc<DeviceMemory>> {
        let mut slot = self.device.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(m) = slot.as_ref() {
            return Ok(m.clone());
        }
        let bytes: Vec<u8> = self.words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let m = Arc::new(DeviceMemory::from_host(&bytes)?);
        *slot = Some(m.clone());
        Ok(m)
    }

    /// What the capture kernel takes: `words` (from [`Self::on_device`]) with this
    /// program's slot and scratch sizes.
    pub(crate) fn vm_tables<'a>(&self, words: &'a DeviceMemory) -> dev::VmTables<'a> {
        dev::VmTables {
            words,
            slots: self.slots,
            scratch_words: self.scratch_words(),
        }
    }

    fn state(&self, sid: u32) -> (u32, u32, u32) {
        let k = HEADER + 4 * sid as usize;
        (self.words[k], self.words[k + 1], self.words[k + 2])
    }

    fn extra(&self, i: u32) -> u32 {
        self.words[HEADER + 4 * self.states + i as usize]
    }

    /// The slots of the leftmost-first match anchored at `at` in `s` (`-1` for a group
    /// that took no part), `Ok(None)` without one, `Err(Quit)` when a Unicode word boundary
    /// meets non-ASCII text. The kernel's `vm_captures` walks the same way.
    pub fn captures(&self, s: &[u8], at: usize) -> std::result::Result<Option<Vec<i64>>, Quit> {
        let (n, ns) = (self.states, self.slots);
        let mut lists = [VmList::new(n, ns), VmList::new(n, ns)];
        let mut cur = vec![-1i64; ns];
        let mut stack: Vec<(i64, i64)> = Vec::with_capacity(self.stack);
        let mut best: Option<Vec<i64>> = None;
        let mut pos = at;
        self.add(&mut lists[0], &mut stack, &mut cur, self.start, s, pos)?;
        let mut c = 0;
        loop {
            let (cl, nl) = if c == 0 {
                let (a, b) = lists.split_at_mut(1);
                (&mut a[0], &mut b[0])
            } else {
                let (a, b) = lists.split_at_mut(1);
                (&mut b[0], &mut a[0])
            };
            if cl.len == 0 {
                break;
            }
            nl.len = 0;
            for k in 0..cl.len {
                let sid = cl.sparse[k];
                let (op, a, b) = self.state(sid);
                let next = match op {
                    OP_RANGE if pos < s.len() => {
                        let byte = u32::from(s[pos]);
                        (a & 0xFF <= byte && byte <= a >> 8).then_some(b)
                    }
                    OP_SPARSE if pos < s.len() => {
                        let byte = u32::from(s[pos]);
                        (0..b)
                            .map(|t| a + 3 * t)
                            .find(|&t| self.extra(t) <= byte && byte <= self.extra(t + 1))
                            .map(|t| self.extra(t + 2))
                    }
                    OP_MATCH => {
                        let base = sid as usize * ns;
                        best = Some(cl.slots[base..base + ns].to_vec());
                        break; // lower-priority threads are cut off
                    }
                    _ => None,
                };
                if let Some(next) = next {
                    let base = sid as usize * ns;
                    cur.copy_from_slice(&cl.slots[base..base + ns]);
                    self.add(nl, &mut stack, &mut cur, next, s, pos + 1)?;
                }
            }
            if pos >= s.len() {
                break;
            }
            pos += 1;
            c ^= 1;
        }
        Ok(best)
    }

    /// Follow the epsilon transitions from `sid` at `pos` into `list`, in priority order,
    /// with the capture slots in `cur` (restored on the way back).
    fn add(
        &self,
        list: &mut VmList,
        stack: &mut Vec<(i64, i64)>,
        cur: &mut [i64],
        sid: u32,
        s: &[u8],
        pos: usize,
    ) -> std::result::Result<(), Quit> {
        stack.push((-1, i64::from(sid)));
        while let Some((slot, v)) = stack.pop() {
            if slot >= 0 {
                cur[slot as usize] = v;
                continue;
            }
            let mut sid = v as u32;
            loop {
                if !list.insert(sid) {
                    break;
                }
                let (op, a, b) = self.state(sid);
                match op {
                    OP_LOOK => {
                        if !look_matches(a, s, pos)? {
                            break;
                        }
                        sid = b;
                    }
                    OP_UNION => {
                        for k in (1..b).rev() {
                            stack.push((-1, i64::from(self.extra(a + k))));
                        }
                        sid = self.extra(a);
                    }
                    OP_CAPTURE => {
                        if (a as usize) < cur.len() {
                            stack.push((i64::from(a), cur[a as usize]));
                            cur[a as usize] = pos as i64;
                        }
                        sid = b;
                    }
                    OP_FAIL => break,
                    _ => {
                        let base = sid as usize * cur.len();
                        list.slots[base..base + cur.len()].copy_from_slice(cur);
                        break;
                    }
                }
            }
        }
        Ok(())
    }
}

/// One list of VM threads: a sparse set of states, each with its capture slots.
struct VmList {
    dense: Vec<u32>,
    sparse: Vec<u32>,
    slots: Vec<i64>,
    len: usize,
}

impl VmList {
    fn new(states: usize, slots: usize) -> VmList {
        VmList {
            dense: vec![0; states],
            sparse: vec![0; states],
            slots: vec![-1; states * slots],
            len: 0,
        }
    }

    fn insert(&mut self, sid: u32) -> bool {
        let i = self.dense[sid as usize] as usize;
        if i < self.len && self.sparse[i] == sid {
            return false;
        }
        self.dense[sid as usize] = self.len as u32;
        self.sparse[self.len] = sid;
        self.len += 1;
        true
    }
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Whether the look with bit index `look` holds at `pos` in `s`; the Unicode word looks
/// are decided as their ASCII twins when both neighbours are ASCII, else `Err(Quit)`.
fn look_matches(look: u32, s: &[u8], pos: usize) -> std::result::Result<bool, Quit> {
    let before = pos.checked_sub(1).map(|p| s[p]);
    let after = s.get(pos).copied();
    let mut look = look;
    if matches!(look, 8 | 9 | 12 | 13 | 16 | 17) {
        if before.is_some_and(|b| b >= 0x80) || after.is_some_and(|b| b >= 0x80) {
            return Err(Quit);
        }
        look -= 2; // the ASCII twin: WordUnicode (8) -> WordAscii (6), and so on
    }
    let wb = before.is_some_and(is_word_byte);
    let wa = after.is_some_and(is_word_byte);
    Ok(match look {
        0 => before.is_none(),
        1 => after.is_none(),
        2 => before.is_none_or(|b| b == b'\n'),
        3 => after.is_none_or(|b| b == b'\n'),
        4 => match before {
            None => true,
            Some(b'\n') => true,
            Some(b'\r') => after != Some(b'\n'),
            _ => false,
        },
        5 => match after {
            None => true,
            Some(b'\r') => true,
            Some(b'\n') => before != Some(b'\r'),
            _ => false,
        },
        6 => wb != wa,
        7 => wb == wa,
        10 => !wb && wa,
        11 => wb && !wa,
        14 => !wb,
        15 => !wa,
        _ => false,
    })
}

/// What [`RegexProgram::capture`] hands the kernels.
pub(crate) fn device_tables(
    name: &str,
    prog: &RegexProgram,
) -> Result<Option<Arc<CaptureProgram>>> {
    match prog.capture() {
        Ok(c) => Ok(Some(c)),
        Err(why) => {
            crate::placement::host_fallback(name, &why)?;
            Ok(None)
        }
    }
}

/// The groups of every row's first match on the device when placement says so (`None`:
/// compute on the host, after a counted fallback or, in `gpu` mode, an error).
pub(crate) fn device_first(
    name: &str,
    input: &Column,
    prog: &RegexProgram,
) -> Result<Option<dev::Items>> {
    if !crate::placement::use_device()? {
        return Ok(None);
    }
    let Some(cap) = device_tables(name, prog)? else {
        return Ok(None);
    };
    let words = cap.on_device()?;
    let vm = cap.vm_tables(&words);
    on_device(name, prog, |p| dev::Items::captures(input, p, vm, false))
}

/// The groups of every match of every row on the device, as a LIST<STRING> column whose
/// rows without a match are null (`None`: compute on the host).
pub(crate) fn device_all(
    name: &str,
    input: &Column,
    prog: &RegexProgram,
) -> Result<Option<Column>> {
    if !crate::placement::use_device()? {
        return Ok(None);
    }
    let Some(cap) = device_tables(name, prog)? else {
        return Ok(None);
    };
    let words = cap.on_device()?;
    let vm = cap.vm_tables(&words);
    on_device(name, prog, |p| {
        let Some(items) = dev::Items::captures(input, p, vm, true)? else {
            return Ok(None);
        };
        items.record_nonempty(input).map(Some)
    })
}

#[cfg(test)]
mod tests {
    use super::super::{RegexProgram, flags};

    const PATTERNS: &[&str] = &[
        r"(a)(b)?",
        r"(\d+)-(\d+)",
        r"(a|ab)(c|bcd)(d*)",
        r"((a)|b)+",
        r"(?:(x)|(y))z",
        r"^(\w+)@(\w+)\.com$",
        r"(?m)^(b)",
        r"(é+)(.)",
        r"\b(foo)\b",
        r"(a*)*",
        r"()",
        r"(?i)(hello)",
        r"([[:alpha:]]+)(\s*)",
    ];
    const TEXTS: &[&str] = &[
        "",
        "a",
        "ab",
        "abcd",
        "12-345 6-7",
        "xz yz",
        "me@host.com",
        "a\nb\nab",
        "naïve ééé!",
        "foo bar foo",
        "HeLLo hello",
        "ababab",
    ];

    #[test]
    fn vm_agrees_with_the_host_engine() {
        for fl in [flags::DEFAULT, flags::MULTILINE | flags::DOTALL] {
            for p in PATTERNS {
                let prog = RegexProgram::create(p, fl).unwrap();
                let cap = prog.capture().unwrap();
                let re = prog.host();
                for t in TEXTS {
                    for caps in re.captures_iter(*t) {
                        let m = caps.get_match().unwrap();
                        let want: Vec<i64> = (0..caps.group_len())
                            .flat_map(|g| match caps.get_group(g) {
                                Some(sp) => [sp.start as i64, sp.end as i64],
                                None => [-1, -1],
                            })
                            .collect();
                        match cap.captures(t.as_bytes(), m.start()) {
                            Ok(got) => {
                                assert_eq!(got, Some(want), "pattern {p:?} text {t:?}")
                            }
                            Err(super::Quit) => assert!(p.contains(r"\b") && !t.is_ascii()),
                        }
                    }
                }
            }
        }
    }
}

//! pylibcudf's `nvtext.unicode_normalize`: `UnicodeNormalizationForm`, `UnicodeNormalizer`
//! and `normalize_unicode` (Unicode Standard Annex #15: NFD, NFC, NFKD, NFKC).
//!
//! As libcudf's `unicode_normalizer`, the tables come from the caller: three columns of the
//! Unicode Character Database's `UnicodeData.txt` (code point hex, canonical combining
//! class, decomposition mapping). Hangul syllables decompose and compose algorithmically.
//! The composition exclusions that `UnicodeData.txt` does not carry are derived: a pair
//! mapping composes back unless its first code point is a non-starter or the code point is
//! not NFC-stable by the `unicode-normalization` crate (which holds the Unicode composition
//! exclusion list; libcudf writes the same list of Unicode 15 out by hand).
//!
//! Both paths run the same algorithm on the same tables: the host here, the device in
//! `device/kernels/nvtext_unicode.rs` (tables uploaded once per normalizer).
//!
//! One difference from libcudf, where libcudf departs from UAX #15 and Python's
//! `unicodedata.normalize`: libcudf composes a starter with a following starter only for
//! Hangul, so pairs such as U+0B47 U+0B3E (→ U+0B4B) stay apart there; here they compose,
//! as the standard says.

use super::check_strings;
use crate::column::Column;
use crate::device::kernels::nvtext_unicode as dev;
use crate::error::{Error, Result};
use crate::named_enum::named_enum;
use crate::ops::strings::{HostStrs, map_rows};
use crate::placement::use_device;
use crate::table::Table;
use crate::types::TypeId;
use std::collections::HashMap;
use std::sync::OnceLock;

named_enum! {
    /// The Unicode normalization form of a `UnicodeNormalizer` (libcudf's
    /// `unicode_normalization_form`, Unicode Standard Annex #15).
    pub enum UnicodeNormalizationForm in "nvtext.unicode_normalize" {
        /// Canonical decomposition.
        Nfd,
        /// Canonical decomposition, then canonical composition.
        Nfc,
        /// Compatibility decomposition.
        Nfkd,
        /// Compatibility decomposition, then canonical composition.
        Nfkc,
    }
}

impl UnicodeNormalizationForm {
    /// Whether compatibility mappings (`<tag> ...`) decompose too.
    pub fn compatibility(self) -> bool {
        matches!(self, Self::Nfkd | Self::Nfkc)
    }

    /// Whether the decomposed text is composed again.
    pub fn composes(self) -> bool {
        matches!(self, Self::Nfc | Self::Nfkc)
    }
}

/// The first Hangul syllable and the jamo bases of the algorithmic (de)composition.
const S_BASE: u32 = 0xAC00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const N_COUNT: u32 = V_COUNT * T_COUNT;
const S_COUNT: u32 = L_COUNT * N_COUNT;

/// Longest full decomposition accepted from the caller's table (the longest in Unicode,
/// U+FDFA's compatibility mapping, has 18 code points); longer means cyclic mappings.
const MAX_DECOMPOSITION: usize = 64;

/// The tables of one normalization form, sorted for binary search on either path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnicodeTables {
    /// Code points with a (full, recursively applied) decomposition, ascending.
    pub decomp_keys: Vec<u32>,
    /// `decomp_values[decomp_offsets[k]..decomp_offsets[k + 1]]` is key k's decomposition.
    pub decomp_offsets: Vec<u32>,
    /// The decompositions, one after the other.
    pub decomp_values: Vec<u32>,
    /// Code points whose canonical combining class is not 0, ascending.
    pub ccc_keys: Vec<u32>,
    /// Their combining classes.
    pub ccc_values: Vec<u32>,
    /// Canonical composition pairs `first << 32 | second`, ascending (composing forms).
    pub comp_keys: Vec<u64>,
    /// The code point each pair composes to.
    pub comp_values: Vec<u32>,
}

impl UnicodeTables {
    /// The combining class of `c` (0 for starters and unlisted code points).
    pub fn ccc(&self, c: u32) -> u32 {
        self.ccc_keys
            .binary_search(&c)
            .map_or(0, |k| self.ccc_values[k])
    }

    /// `c`'s full decomposition appended to `out` (Hangul syllables algorithmically).
    pub fn decompose(&self, c: u32, out: &mut Vec<u32>) {
        if (S_BASE..S_BASE + S_COUNT).contains(&c) {
            hangul_decompose(c, out);
        } else if let Ok(k) = self.decomp_keys.binary_search(&c) {
            let (a, b) = (self.decomp_offsets[k], self.decomp_offsets[k + 1]);
            out.extend_from_slice(&self.decomp_values[a as usize..b as usize]);
        } else {
            out.push(c);
        }
    }

    /// The primary composite of `a` followed by `b`, if there is one.
    pub fn compose(&self, a: u32, b: u32) -> Option<u32> {
        if (L_BASE..L_BASE + L_COUNT).contains(&a) && (V_BASE..V_BASE + V_COUNT).contains(&b) {
            return Some(S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT);
        }
        if (S_BASE..S_BASE + S_COUNT).contains(&a)
            && (a - S_BASE) % T_COUNT == 0
            && (T_BASE + 1..T_BASE + T_COUNT).contains(&b)
        {
            return Some(a + (b - T_BASE));
        }
        let key = (u64::from(a) << 32) | u64::from(b);
        self.comp_keys
            .binary_search(&key)
            .ok()
            .map(|k| self.comp_values[k])
    }

    /// `s` normalized (decomposition, canonical ordering, then composition when
    /// `compose`), as UTF-8 appended to `out`.
    pub fn normalize(&self, s: &str, compose: bool, out: &mut Vec<u8>) {
        let mut cps = Vec::with_capacity(s.len());
        for c in s.chars() {
            self.decompose(c as u32, &mut cps);
        }
        let mut ccc: Vec<u32> = cps.iter().map(|&c| self.ccc(c)).collect();
        canonical_order(&mut cps, &mut ccc);
        let len = if compose {
            self.compose_in_place(&mut cps, &mut ccc)
        } else {
            cps.len()
        };
        for &c in &cps[..len] {
            let c = char::from_u32(c).expect("tables hold scalar values");
            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        }
    }

    /// UAX #15's canonical composition of `cps` (canonically ordered, combining classes
    /// `ccc`), compacted to the front; the new length.
    fn compose_in_place(&self, cps: &mut [u32], ccc: &mut [u32]) -> usize {
        let mut w = 0usize;
        let mut starter: Option<usize> = None;
        for r in 0..cps.len() {
            let (c, cc) = (cps[r], ccc[r]);
            if let Some(s) = starter {
                // Blocked unless adjacent to the starter, or the last kept character is a
                // non-starter of a lower class.
                let last = ccc[w - 1];
                let open = w - 1 == s || (last != 0 && last < cc);
                if open && let Some(p) = self.compose(cps[s], c) {
                    cps[s] = p;
                    continue;
                }
            }
            if cc == 0 {
                starter = Some(w);
            }
            cps[w] = c;
            ccc[w] = cc;
            w += 1;
        }
        w
    }
}

/// Hangul syllable `c` as its two or three jamo.
fn hangul_decompose(c: u32, out: &mut Vec<u32>) {
    let s = c - S_BASE;
    out.push(L_BASE + s / N_COUNT);
    out.push(V_BASE + (s % N_COUNT) / T_COUNT);
    if s % T_COUNT != 0 {
        out.push(T_BASE + s % T_COUNT);
    }
}

/// Stable sort of every run of non-starters by combining class (canonical ordering).
fn canonical_order(cps: &mut [u32], ccc: &mut [u32]) {
    for j in 1..cps.len() {
        let (c, cc) = (cps[j], ccc[j]);
        if cc == 0 {
            continue;
        }
        let mut k = j;
        while k > 0 && ccc[k - 1] > cc {
            cps[k] = cps[k - 1];
            ccc[k] = ccc[k - 1];
            k -= 1;
        }
        cps[k] = c;
        ccc[k] = cc;
    }
}

/// `ValueError` naming the table row.
fn bad_row(row: usize, what: impl std::fmt::Display) -> Error {
    Error::value(format!(
        "nvtext.unicode_normalize.UnicodeNormalizer: unicode_data row {row}: {what}"
    ))
}

/// A hex code point (1 to 6 hex digits, at most U+10FFFF).
fn parse_hex(tok: &str, row: usize) -> Result<u32> {
    let v = (!tok.is_empty() && tok.len() <= 6)
        .then(|| u32::from_str_radix(tok, 16).ok())
        .flatten()
        .filter(|&v| v <= 0x10FFFF)
        .ok_or_else(|| bad_row(row, format!("{tok:?} is not a hex code point")))?;
    Ok(v)
}

/// Whether Unicode composes `c`'s canonical pair back into `c`: false for the composition
/// exclusions (the crate's NFC of `c` is not `c`). Code points the crate does not know
/// (newer than its Unicode version) count as composing.
fn primary_composite(c: u32) -> bool {
    use unicode_normalization::UnicodeNormalization;
    match char::from_u32(c) {
        Some(ch) => std::iter::once(ch).nfc().eq(std::iter::once(ch)),
        None => false,
    }
}

/// The tables of `form` from the `UnicodeData.txt` columns of `data` (see
/// [`UnicodeNormalizer::new`]).
pub fn build_tables(data: &Table, form: UnicodeNormalizationForm) -> Result<UnicodeTables> {
    const NAME: &str = "nvtext.unicode_normalize.UnicodeNormalizer";
    let cols = data.columns();
    if cols.len() != 3 {
        return Err(Error::value(format!(
            "{NAME}: unicode_data must have exactly 3 columns, got {}",
            cols.len()
        )));
    }
    for (k, want) in [TypeId::String, TypeId::Int32, TypeId::String]
        .into_iter()
        .enumerate()
    {
        if cols[k].dtype().id() != want {
            // libcudf's std::invalid_argument, a ValueError in pylibcudf
            return Err(Error::value(format!(
                "{NAME}: unicode_data column {k} must be {want:?}, got {}",
                cols[k].dtype()
            )));
        }
    }
    if cols[0].size() == 0 {
        return Err(Error::value(format!(
            "{NAME}: unicode_data must not be empty"
        )));
    }
    if cols.iter().any(|c| c.null_count().unwrap_or(1) > 0) {
        return Err(Error::value(format!(
            "{NAME}: unicode_data must not contain nulls"
        )));
    }
    let hex = HostStrs::of(&cols[0])?;
    let classes = cols[1].host_values::<i32>()?;
    let maps = HostStrs::of(&cols[2])?;
    let mut ccc: HashMap<u32, u32> = HashMap::new();
    // Single-step mappings of the form, and the canonical pairs (composition candidates).
    let mut step: HashMap<u32, Vec<u32>> = HashMap::new();
    let mut pairs: Vec<(u32, u32, u32)> = vec![];
    for row in 0..hex.len() {
        let cp = parse_hex(hex.get(row).trim(), row)?;
        let class = classes[row];
        if !(0..=254).contains(&class) {
            return Err(bad_row(
                row,
                format!("combining class {class} is not in [0, 254]"),
            ));
        }
        if char::from_u32(cp).is_none() {
            continue; // surrogates never occur in UTF-8 text
        }
        if class != 0 {
            ccc.insert(cp, class as u32);
        }
        let mut text = maps.get(row).trim();
        if text.is_empty() {
            continue;
        }
        let compat = text.starts_with('<');
        if compat {
            let end = text
                .find('>')
                .ok_or_else(|| bad_row(row, format!("unterminated tag in {text:?}")))?;
            text = &text[end + 1..];
        }
        let tokens = text
            .split_ascii_whitespace()
            .map(|t| parse_hex(t, row))
            .collect::<Result<Vec<u32>>>()?;
        if tokens.is_empty() || tokens.iter().any(|&t| char::from_u32(t).is_none()) {
            return Err(bad_row(row, format!("bad decomposition {text:?}")));
        }
        if !compat && tokens.len() == 2 {
            pairs.push((tokens[0], tokens[1], cp));
        }
        if !compat || form.compatibility() {
            step.insert(cp, tokens);
        }
    }
    // Full decompositions: apply the single steps until nothing changes.
    let mut keys: Vec<u32> = step.keys().copied().collect();
    keys.sort_unstable();
    let mut t = UnicodeTables {
        decomp_offsets: vec![0],
        ..Default::default()
    };
    for &k in &keys {
        let mut cur = vec![k];
        // Every round expands at least one code point; real data needs a few rounds, so
        // many rounds (or a long result) mean cyclic mappings, such as one to itself.
        for round in 0.. {
            let mut next = Vec::with_capacity(cur.len());
            let mut changed = false;
            for &c in &cur {
                if (S_BASE..S_BASE + S_COUNT).contains(&c) {
                    hangul_decompose(c, &mut next);
                    changed = true;
                } else if let Some(m) = step.get(&c) {
                    next.extend_from_slice(m);
                    changed = true;
                } else {
                    next.push(c);
                }
            }
            cur = next;
            if !changed {
                break;
            }
            if cur.len() > MAX_DECOMPOSITION || round >= MAX_DECOMPOSITION {
                return Err(Error::value(format!(
                    "{NAME}: the decomposition of U+{k:04X} does not end (cyclic mappings?)"
                )));
            }
        }
        t.decomp_keys.push(k);
        t.decomp_values.extend_from_slice(&cur);
        t.decomp_offsets.push(t.decomp_values.len() as u32);
    }
    let mut cc: Vec<(u32, u32)> = ccc.iter().map(|(&k, &v)| (k, v)).collect();
    cc.sort_unstable();
    (t.ccc_keys, t.ccc_values) = cc.into_iter().unzip();
    if form.composes() {
        let mut comp: Vec<(u64, u32)> = pairs
            .into_iter()
            .filter(|&(a, _, c)| !ccc.contains_key(&a) && primary_composite(c))
            .map(|(a, b, c)| ((u64::from(a) << 32) | u64::from(b), c))
            .collect();
        comp.sort_unstable();
        comp.dedup_by_key(|e| e.0);
        (t.comp_keys, t.comp_values) = comp.into_iter().unzip();
    }
    Ok(t)
}

/// libcudf's `unicode_normalizer`: the tables of one normalization form, built once from
/// `UnicodeData.txt` columns and reused by [`normalize_unicode`]; uploaded to the device
/// on its first device use.
#[derive(Debug)]
pub struct UnicodeNormalizer {
    form: UnicodeNormalizationForm,
    tables: UnicodeTables,
    device: OnceLock<dev::UnicodeTablesDev>,
}

impl UnicodeNormalizer {
    /// A normalizer for `form` from `unicode_data`: three columns of `UnicodeData.txt`
    /// (STRING code point hex such as `"00C9"`, INT32 canonical combining class, STRING
    /// decomposition mapping, empty for none, `<tag>`-prefixed for compatibility ones).
    /// `ValueError` (libcudf's `std::invalid_argument`) for another number of columns or
    /// other column types, an empty table, nulls or unparsable rows.
    ///
    /// ```
    /// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
    /// use ferrodf_core::ops::nvtext::unicode_normalize::*;
    /// use ferrodf_core::table::Table;
    /// let col = |v: Vec<&str>| from_arrow(&arrow_array::StringArray::from(v)).unwrap();
    /// let data = Table::new(vec![
    ///     col(vec!["00E9", "0301"]),
    ///     from_arrow(&arrow_array::Int32Array::from(vec![0, 230])).unwrap(),
    ///     col(vec!["0065 0301", ""]),
    /// ])
    /// .unwrap();
    /// let n = UnicodeNormalizer::new(&data, UnicodeNormalizationForm::Nfd).unwrap();
    /// let r = to_arrow(&normalize_unicode(&col(vec!["\u{e9}"]), &n).unwrap()).unwrap();
    /// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
    /// assert_eq!(r.value(0), "e\u{301}");
    /// ```
    pub fn new(unicode_data: &Table, form: UnicodeNormalizationForm) -> Result<Self> {
        Ok(UnicodeNormalizer {
            form,
            tables: build_tables(unicode_data, form)?,
            device: OnceLock::new(),
        })
    }

    /// The normalization form.
    pub fn form(&self) -> UnicodeNormalizationForm {
        self.form
    }

    /// The host tables.
    pub fn tables(&self) -> &UnicodeTables {
        &self.tables
    }

    fn device_tables(&self) -> Result<&dev::UnicodeTablesDev> {
        if let Some(d) = self.device.get() {
            return Ok(d);
        }
        let t = &self.tables;
        let d = dev::UnicodeTablesDev::upload(&dev::UnicodeTableSlices {
            decomp_keys: &t.decomp_keys,
            decomp_offsets: &t.decomp_offsets,
            decomp_values: &t.decomp_values,
            ccc_keys: &t.ccc_keys,
            ccc_values: &t.ccc_values,
            comp_keys: &t.comp_keys,
            comp_values: &t.comp_values,
        })?;
        Ok(self.device.get_or_init(|| d))
    }
}

/// Every row of `input` in the normalizer's form (UTF-8 in, UTF-8 out); nulls stay null.
/// See [`UnicodeNormalizer::new`] for an example.
pub fn normalize_unicode(input: &Column, normalizer: &UnicodeNormalizer) -> Result<Column> {
    check_strings(input, "unicode_normalize.normalize_unicode", "input")?;
    let compose = normalizer.form.composes();
    if use_device()? {
        return dev::normalize_unicode(input, normalizer.device_tables()?, compose);
    }
    let t = &normalizer.tables;
    map_rows(input, |s, out| t.normalize(s, compose, out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_normalization::UnicodeNormalization;
    use unicode_normalization::char::{
        canonical_combining_class, decompose_canonical, decompose_compatible,
    };

    /// The tables of `form` as `build_tables` would make them from a `UnicodeData.txt` of
    /// the crate's Unicode version (full decompositions, which the builder accepts as
    /// well as single steps).
    fn crate_tables(form: UnicodeNormalizationForm) -> UnicodeTables {
        let (mut hex, mut ccc, mut maps) = (vec![], vec![], vec![]);
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            if (0xAC00..0xAC00 + S_COUNT).contains(&(c as u32)) {
                continue;
            }
            let (mut canon, mut compat) = (vec![], vec![]);
            decompose_canonical(c, |d| canon.push(d));
            decompose_compatible(c, |d| compat.push(d));
            let cl = canonical_combining_class(c);
            let map = if canon != [c] {
                // UnicodeData.txt lists one canonical step: a composite of a composite
                // and a mark is that pair (U+1E69 -> U+1E63 U+0307); the full
                // decomposition serves for the rest.
                let (last, init) = canon.split_last().unwrap();
                let head: Vec<char> = init.iter().copied().nfc().collect();
                let step = match head[..] {
                    [h] if unicode_normalization::char::compose(h, *last) == Some(c) => {
                        vec![h, *last]
                    }
                    _ => canon.clone(),
                };
                step.iter()
                    .map(|d| format!("{:04X}", *d as u32))
                    .collect::<Vec<_>>()
            } else if compat != [c] {
                let mut v = vec!["<compat>".to_string()];
                v.extend(compat.iter().map(|d| format!("{:04X}", *d as u32)));
                v
            } else if cl == 0 {
                continue;
            } else {
                vec![]
            };
            hex.push(format!("{:04X}", c as u32));
            ccc.push(i32::from(cl));
            maps.push(map.join(" "));
        }
        let strs = |v: Vec<String>| {
            crate::interop::arrow::from_arrow(&arrow_array::StringArray::from(v)).unwrap()
        };
        let data = Table::new(vec![strs(hex), Column::from_values(ccc), strs(maps)]).unwrap();
        build_tables(&data, form).unwrap()
    }

    #[test]
    fn hangul_round_trips() {
        let t = UnicodeTables::default();
        let mut out = vec![];
        t.normalize("\u{AC00}\u{AC01}\u{D7A3}", false, &mut out);
        let d = String::from_utf8(out).unwrap();
        assert_eq!(
            d,
            "\u{1100}\u{1161}\u{1100}\u{1161}\u{11A8}\u{1112}\u{1175}\u{11C2}"
        );
        let mut out = vec![];
        t.normalize(&d, true, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), "\u{AC00}\u{AC01}\u{D7A3}");
    }

    #[test]
    fn canonical_order_is_stable_by_class() {
        let mut cps = vec![0x61, 0x301, 0x323, 0x302, 0x62];
        let mut ccc = vec![0, 230, 220, 230, 0];
        canonical_order(&mut cps, &mut ccc);
        assert_eq!(cps, [0x61, 0x323, 0x301, 0x302, 0x62]);
    }

    #[test]
    fn bad_tables_are_value_errors() {
        let strs = |v: Vec<&str>| {
            crate::interop::arrow::from_arrow(&arrow_array::StringArray::from(v)).unwrap()
        };
        let ok = |hex: &str, class: i32, map: &str| {
            Table::new(vec![
                strs(vec![hex]),
                Column::from_values(vec![class]),
                strs(vec![map]),
            ])
            .unwrap()
        };
        let form = UnicodeNormalizationForm::Nfc;
        assert!(build_tables(&ok("00C9", 0, "0045 0301"), form).is_ok());
        for (hex, class, map) in [
            ("zz", 0, ""),
            ("110000", 0, ""),
            ("0041", 255, ""),
            ("0041", 0, "<compat 0020"),
            ("0041", 0, "00G1"),
            ("0041", 0, "0041"),
        ] {
            let e = build_tables(&ok(hex, class, map), form).unwrap_err();
            assert!(matches!(e, Error::Value(_)), "{hex} {class} {map}: {e}");
        }
        let two = Table::new(vec![strs(vec!["0041"]), Column::from_values(vec![0i32])]).unwrap();
        assert!(matches!(
            build_tables(&two, form).unwrap_err(),
            Error::Value(_)
        ));
    }

    #[test]
    fn every_form_matches_the_crate_on_every_character() {
        use UnicodeNormalizationForm::*;
        // Every character the crate decomposes or gives a class, and a sample of the rest.
        let text: String = (0..=0x10FFFFu32)
            .filter_map(char::from_u32)
            .filter(|&c| {
                (c as u32) % 499 == 0
                    || canonical_combining_class(c) != 0
                    || std::iter::once(c).nfkd().ne(std::iter::once(c))
            })
            .collect();
        for form in [Nfd, Nfc, Nfkd, Nfkc] {
            let t = crate_tables(form);
            for c in text.chars() {
                // Each character alone, then each after a base letter and before a mark.
                for s in [c.to_string(), format!("a{c}\u{301}\u{316}")] {
                    let mut out = vec![];
                    t.normalize(&s, form.composes(), &mut out);
                    let want: String = match form {
                        Nfd => s.nfd().collect(),
                        Nfc => s.nfc().collect(),
                        Nfkd => s.nfkd().collect(),
                        Nfkc => s.nfkc().collect(),
                    };
                    assert_eq!(String::from_utf8(out).unwrap(), want, "{form:?} {s:?}");
                }
            }
        }
    }
}

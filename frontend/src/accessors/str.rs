//! `s.str`: pandas' vectorized string methods on the core's string kernels (host and
//! device paths), with pandas' pattern rules: a pattern is a regular expression only
//! where pandas treats it as one, Python's `re` flags, `case=False`, `na=` fill values,
//! and Python's replacement templates (`\1`, `\g<1>`).

use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::strings::attributes::count_characters;
use ferrodf_core::ops::strings::case::{to_lower, to_upper};
use ferrodf_core::ops::strings::combine::{Separator, concatenate};
use ferrodf_core::ops::strings::find::{Target, contains, ends_with, find, starts_with};
use ferrodf_core::ops::strings::regex::contains::{contains_re, count_re, matches_re};
use ferrodf_core::ops::strings::regex::extract::{extract as extract_groups, extract_single};
use ferrodf_core::ops::strings::regex::findall::findall as findall_re;
use ferrodf_core::ops::strings::regex::replace::{replace_re, replace_with_backrefs_n};
use ferrodf_core::ops::strings::regex::{RegexProgram, flags};
use ferrodf_core::ops::strings::replace::replace;
use ferrodf_core::ops::strings::slice::slice_strings;
use ferrodf_core::ops::strings::split::{split, split_record};
use ferrodf_core::ops::strings::strip::{SideType, strip};
use ferrodf_core::{Column, Error, Result, Scalar, Table, TypeId};

use crate::DataFrame;
use crate::compute::Value;
use crate::dtype::dtype_name;
use crate::label::Label;
use crate::series::Series;

/// Python's `re` flags that the core's regex engine honours (same bit values).
pub const RE_FLAGS: u32 = flags::IGNORECASE | flags::MULTILINE | flags::DOTALL | flags::ASCII;
/// `re.UNICODE`: Python's default for str patterns, accepted and ignored.
const RE_UNICODE: u32 = 32;

/// How a pattern is read: pandas' `case`, `flags` and `regex` arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternOptions {
    /// Whether matching is case-sensitive (`case=False` adds IGNORECASE).
    pub case: bool,
    /// Python `re` flags (IGNORECASE, MULTILINE, DOTALL, ASCII).
    pub flags: u32,
    /// Whether the pattern is a regular expression.
    pub regex: bool,
}

impl Default for PatternOptions {
    fn default() -> Self {
        PatternOptions {
            case: true,
            flags: 0,
            regex: true,
        }
    }
}

impl PatternOptions {
    /// A literal pattern (`regex=False`).
    pub fn literal() -> Self {
        PatternOptions {
            regex: false,
            ..Self::default()
        }
    }

    /// Case-insensitive matching.
    pub fn ignore_case(self) -> Self {
        PatternOptions {
            case: false,
            ..self
        }
    }
}

/// Whether `pat` uses any regular-expression syntax (a literal needs no regex engine).
fn has_regex_syntax(pat: &str) -> bool {
    pat.chars().any(|c| ".^$*+?{}[]\\|()".contains(c))
}

/// The regex program of `pat` with pandas' `case` and Python's `re` flags.
fn program(pat: &str, options: PatternOptions, what: &str) -> Result<RegexProgram> {
    let mut fl = options.flags & !RE_UNICODE;
    if !options.case {
        fl |= flags::IGNORECASE;
    }
    if fl & !RE_FLAGS != 0 {
        return Err(Error::not_implemented(format!(
            "str.{what}: flags {:#x} are not supported; use re.IGNORECASE, re.MULTILINE, \
             re.DOTALL or re.ASCII",
            fl & !RE_FLAGS
        )));
    }
    RegexProgram::create(pat, fl)
}

fn string_scalar(s: &str) -> Result<Scalar> {
    Value::string_scalar(s)
}

/// Python's `re.sub` escapes and group references in a replacement: the template the
/// core's `replace_with_backrefs` reads (`${1}`), or the plain replacement text when it
/// refers to no group.
fn python_template(repl: &str, groups: usize) -> Result<(String, bool)> {
    let escape = |c: char| match c {
        'n' => Some('\n'),
        't' => Some('\t'),
        'r' => Some('\r'),
        'f' => Some('\x0c'),
        'v' => Some('\x0b'),
        'a' => Some('\x07'),
        '\\' => Some('\\'),
        _ => None,
    };
    let mut out = String::with_capacity(repl.len());
    let mut has_ref = false;
    let chars: Vec<char> = repl.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c != '\\' || i + 1 == chars.len() {
            // `$` is literal in Python templates but a reference in the core's
            if c == '$' {
                out.push_str("$$");
            } else {
                out.push(c);
            }
            i += 1;
            continue;
        }
        let next = chars[i + 1];
        let reference = if next == 'g' && chars.get(i + 2) == Some(&'<') {
            let end = chars[i + 3..]
                .iter()
                .position(|&c| c == '>')
                .map(|p| p + i + 3);
            end.map(|end| (chars[i + 3..end].iter().collect::<String>(), end + 1))
        } else if next.is_ascii_digit() {
            let two = chars.get(i + 2).is_some_and(|c| c.is_ascii_digit());
            let len = if two { 2 } else { 1 };
            Some((chars[i + 1..i + 1 + len].iter().collect(), i + 1 + len))
        } else {
            None
        };
        match reference {
            Some((name, end)) => {
                let Ok(group) = name.parse::<usize>() else {
                    return Err(Error::value(format!(
                        "str.replace: named group reference \\g<{name}> is not supported; use \
                         the group's number"
                    )));
                };
                if group > groups {
                    return Err(Error::value(format!(
                        "str.replace: invalid group reference {group}"
                    )));
                }
                out.push_str(&format!("${{{group}}}"));
                has_ref = true;
                i = end;
            }
            None => {
                match escape(next) {
                    Some(e) => out.push(e),
                    None => {
                        out.push('\\');
                        out.push(next);
                    }
                }
                i += 2;
            }
        }
    }
    if !has_ref {
        out = out.replace("$$", "$");
    }
    Ok((out, has_ref))
}

/// String methods of a Series of strings (pandas' `Series.str`).
///
/// ```
/// use ferrodf::Series;
/// use ferrodf::accessors::PatternOptions;
/// let s = Series::new("city", vec![Some("Oslo"), None, Some("Rome")]);
/// let found = s.str().unwrap().contains("o", PatternOptions::literal().ignore_case(), None).unwrap();
/// assert_eq!(found.to_string(), "0    True\n1    <NA>\n2    True\nName: city, dtype: bool");
/// assert_eq!(s.str().unwrap().upper().unwrap().len(), 3);
/// ```
pub struct StringMethods<'a> {
    series: &'a Series,
}

impl Series {
    /// The string accessor; TypeError unless the values are strings.
    pub fn str(&self) -> Result<StringMethods<'_>> {
        if self.dtype().id() != TypeId::String {
            return Err(Error::type_err(format!(
                "Can only use .str accessor with string values, not {}",
                dtype_name(self.dtype())
            )));
        }
        Ok(StringMethods { series: self })
    }
}

impl StringMethods<'_> {
    fn col(&self) -> &Column {
        self.series.column()
    }

    fn wrap(&self, column: Column) -> Result<Series> {
        self.series.with_column(column)
    }

    /// Missing results filled with `na` (pandas' `na=`), when given.
    fn fill(&self, column: Column, na: Option<bool>) -> Result<Series> {
        let out = self.wrap(column)?;
        match na {
            Some(v) => out.fillna(v),
            None => Ok(out),
        }
    }

    /// The number of characters of each value (int64, as pandas).
    pub fn len(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let n = count_characters(self.col())?;
        self.wrap(cast(&n, TypeId::Int64.into())?)
    }

    /// The values in lower case.
    pub fn lower(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.wrap(to_lower(self.col())?)
    }

    /// The values in upper case.
    pub fn upper(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.wrap(to_upper(self.col())?)
    }

    /// Whether each value contains `pat`: a regular expression (run as a DFA on the GPU)
    /// unless `options.regex` is false; missing values give `na` (null when `None`).
    pub fn contains(&self, pat: &str, options: PatternOptions, na: Option<bool>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        if options.regex && (options.flags != 0 || has_regex_syntax(pat)) {
            let prog = program(pat, options, "contains")?;
            return self.fill(contains_re(self.col(), &prog)?, na);
        }
        let out = if options.case {
            contains(self.col(), Target::Scalar(&string_scalar(pat)?))?
        } else {
            let lower = to_lower(self.col())?;
            contains(&lower, Target::Scalar(&string_scalar(&pat.to_lowercase())?))?
        };
        self.fill(out, na)
    }

    /// Whether a match of the regular expression `pat` starts each value (pandas'
    /// `str.match`).
    pub fn match_regex(
        &self,
        pat: &str,
        options: PatternOptions,
        na: Option<bool>,
    ) -> Result<Series> {
        self.matches_at_start(pat, options, "match", na)
    }

    /// Whether the regular expression `pat` matches each whole value.
    pub fn fullmatch(
        &self,
        pat: &str,
        options: PatternOptions,
        na: Option<bool>,
    ) -> Result<Series> {
        self.matches_at_start(&format!("(?:{pat})\\z"), options, "fullmatch", na)
    }

    /// Whether a match of `regex` starts each value, missing values filled with `na`;
    /// `method` names the pandas method in errors.
    fn matches_at_start(
        &self,
        regex: &str,
        options: PatternOptions,
        method: &str,
        na: Option<bool>,
    ) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let prog = program(regex, options, method)?;
        self.fill(matches_re(self.col(), &prog)?, na)
    }

    /// The number of non-overlapping matches of the regular expression `pat`.
    pub fn count(&self, pat: &str, options: PatternOptions) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let prog = program(pat, options, "count")?;
        let n = count_re(self.col(), &prog)?;
        self.wrap(cast(&n, TypeId::Int64.into())?)
    }

    /// Whether each value starts with the literal `pat`.
    pub fn startswith(&self, pat: &str, na: Option<bool>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.fill(
            starts_with(self.col(), Target::Scalar(&string_scalar(pat)?))?,
            na,
        )
    }

    /// Whether each value ends with the literal `pat`.
    pub fn endswith(&self, pat: &str, na: Option<bool>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.fill(
            ends_with(self.col(), Target::Scalar(&string_scalar(pat)?))?,
            na,
        )
    }

    /// The lowest character position of `sub` within `[start, end)` of each value, -1
    /// where it does not occur (int64, as pandas).
    pub fn find(&self, sub: &str, start: i64, end: Option<i64>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let pos = find(
            self.col(),
            Target::Scalar(&string_scalar(sub)?),
            start,
            end.unwrap_or(-1),
        )?;
        self.wrap(cast(&pos, TypeId::Int64.into())?)
    }

    /// Replaces occurrences of `pat` by `repl`, the first `n` per value when `n >= 0`.
    /// With `options.regex`, `pat` is a regular expression and `repl` may refer to its
    /// groups as Python does (`\1`, `\g<1>`; that form runs on the host).
    pub fn replace(
        &self,
        pat: &str,
        repl: &str,
        n: i64,
        options: PatternOptions,
    ) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        if !options.regex && (!options.case || options.flags != 0) {
            return Err(Error::value(
                "str.replace: case and flags need regex=True".to_string(),
            ));
        }
        if options.regex
            && (!options.case || options.flags != 0 || repl.contains('\\') || has_regex_syntax(pat))
        {
            let prog = program(pat, options, "replace")?;
            let (template, has_ref) = if repl.contains('\\') {
                python_template(repl, prog.groups_count())?
            } else {
                (repl.to_string(), false)
            };
            let out = if has_ref {
                replace_with_backrefs_n(self.col(), &prog, &template, n)?
            } else {
                replace_re(self.col(), &prog, &string_scalar(&template)?, n)?
            };
            return self.wrap(out);
        }
        if pat.is_empty() {
            return Err(Error::value(
                "str.replace: pat must not be empty".to_string(),
            ));
        }
        self.wrap(replace(
            self.col(),
            &string_scalar(pat)?,
            &string_scalar(repl)?,
            n,
        )?)
    }

    /// The characters `start..stop` every `step` (Python slice rules) of each value.
    pub fn slice(
        &self,
        start: Option<i64>,
        stop: Option<i64>,
        step: Option<i64>,
    ) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.wrap(slice_strings(self.col(), start, stop, step.unwrap_or(1))?)
    }

    /// The character at position `i` of each value (negative from the end; missing when
    /// out of range), pandas' `str.get` and `str[i]`.
    pub fn get(&self, i: i64) -> Result<Series> {
        let stop = if i == -1 { None } else { Some(i + 1) };
        self.slice(Some(i), stop, None)
    }

    fn strip_side(&self, side: SideType, to_strip: Option<&str>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let chars = to_strip.map(string_scalar).transpose()?;
        self.wrap(strip(self.col(), side, chars.as_ref())?)
    }

    /// The values without leading and trailing `to_strip` characters (whitespace when
    /// `None`).
    pub fn strip(&self, to_strip: Option<&str>) -> Result<Series> {
        self.strip_side(SideType::Both, to_strip)
    }

    /// The values without leading `to_strip` characters.
    pub fn lstrip(&self, to_strip: Option<&str>) -> Result<Series> {
        self.strip_side(SideType::Left, to_strip)
    }

    /// The values without trailing `to_strip` characters.
    pub fn rstrip(&self, to_strip: Option<&str>) -> Result<Series> {
        self.strip_side(SideType::Right, to_strip)
    }

    /// Whether pandas reads a split pattern as a regular expression: always with
    /// `regex=Some(true)` (when it has regex syntax), never with `Some(false)`, and with
    /// `None` when it is longer than one character.
    fn split_is_regex(pat: &str, regex: Option<bool>) -> bool {
        match regex {
            Some(true) => has_regex_syntax(pat),
            Some(false) => false,
            None => pat.chars().count() > 1 && has_regex_syntax(pat),
        }
    }

    /// The column to split literally and its delimiter: regex matches become a character
    /// no value contains (replaced on the device), then split on it.
    fn split_input(
        &self,
        pat: Option<&str>,
        n: i64,
        regex: Option<bool>,
    ) -> Result<(Column, String, i64)> {
        let maxsplit = if n <= 0 { -1 } else { n };
        match pat {
            Some(p) if Self::split_is_regex(p, regex) => {
                let prog = program(p, PatternOptions::default(), "split")?;
                let delimiter = self.free_delimiter()?;
                let col = replace_re(self.col(), &prog, &string_scalar(&delimiter)?, maxsplit)?;
                Ok((col, delimiter, -1))
            }
            Some(p) => Ok((self.col().clone(), p.to_string(), maxsplit)),
            None => Ok((self.col().clone(), String::new(), maxsplit)),
        }
    }

    fn free_delimiter(&self) -> Result<String> {
        for d in [
            "\u{1f}",
            "\u{1e}",
            "\u{1d}",
            "\u{1c}",
            "\u{10fffd}",
            "\u{10fffe}",
        ] {
            let found = contains(self.col(), Target::Scalar(&string_scalar(d)?))?;
            let any = crate::compute::reduce_column(
                &found,
                crate::compute::Reduction::Any,
                crate::compute::ReduceOptions::default(),
            )?;
            if !value_is_true(&any)? {
                return Ok(d.to_string());
            }
        }
        Err(Error::not_implemented(
            "str.split with a regular expression needs a separator character the values do \
             not contain; these values contain all of U+001C..U+001F, U+10FFFD and U+10FFFE"
                .to_string(),
        ))
    }

    /// Splits each value on `pat` (whitespace runs when `None`) into a list, at most `n`
    /// times when `n > 0`; `regex` as pandas (see [`StringMethods::split_frame`]).
    pub fn split(&self, pat: Option<&str>, n: i64, regex: Option<bool>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let (col, delimiter, maxsplit) = self.split_input(pat, n, regex)?;
        self.wrap(split_record(&col, &string_scalar(&delimiter)?, maxsplit)?)
    }

    /// pandas' `str.extract(pat, flags, expand=True)`: one column per capture group of
    /// `pat` holding what the group captured in each value's first match (missing where
    /// there is no match or the group took no part), labelled by the group's name or, for
    /// an unnamed group, its position (0, 1, ...). `ValueError` without groups.
    pub fn extract_frame(&self, pat: &str, flags: u32) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let opts = PatternOptions {
            flags,
            ..PatternOptions::default()
        };
        let prog = program(pat, opts, "extract")?;
        if prog.groups_count() == 0 {
            return Err(Error::value(format!(
                "str.extract: pattern contains no capture groups: {pat:?}"
            )));
        }
        let names = prog.group_names();
        let groups = extract_groups(self.col(), &prog)?;
        let pairs = groups
            .into_columns()
            .into_iter()
            .zip(names)
            .enumerate()
            .map(|(i, (c, name))| (name.map_or(Label::Int(i as i64), Label::Str), c))
            .collect();
        DataFrame::from_columns(pairs)?.with_index(self.series.index().clone())
    }

    /// pandas' `str.extract(pat, flags, expand=False)` for a pattern with one capture
    /// group: a Series named after the group (unnamed: no name).
    pub fn extract_series(&self, pat: &str, flags: u32) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let opts = PatternOptions {
            flags,
            ..PatternOptions::default()
        };
        let prog = program(pat, opts, "extract")?;
        if prog.groups_count() != 1 {
            return Err(Error::value(format!(
                "str.extract: expand=False returns a Series only for a pattern with exactly \
                 one capture group ({pat:?} has {}); use expand=True",
                prog.groups_count()
            )));
        }
        let name = prog.group_names()[0]
            .clone()
            .map_or(Label::None, Label::Str);
        let group = extract_single(self.col(), &prog, 0)?;
        Ok(self.wrap(group)?.rename(name))
    }

    /// pandas' `str.findall(pat, flags)`: a Series of lists of every non-overlapping match
    /// of `pat` in each value (missing values stay missing). A pattern with capture groups
    /// is `NotImplemented` (pandas then lists the groups).
    pub fn findall(&self, pat: &str, flags: u32) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let opts = PatternOptions {
            flags,
            ..PatternOptions::default()
        };
        let prog = program(pat, opts, "findall")?;
        if prog.groups_count() > 0 {
            // pandas (re.findall) then returns the groups, not the whole matches.
            return Err(Error::not_implemented(format!(
                "str.findall with capture groups in the pattern ({pat:?}) is not supported: \
                 pandas would return the groups; use non-capturing groups (?:...) or \
                 str.extract"
            )));
        }
        self.wrap(findall_re(self.col(), &prog)?)
    }

    /// [`split`](Self::split) with `expand=True`: one column per part, labelled 0, 1, ...
    pub fn split_frame(&self, pat: Option<&str>, n: i64, regex: Option<bool>) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let (col, delimiter, maxsplit) = self.split_input(pat, n, regex)?;
        let parts = split(&col, &string_scalar(&delimiter)?, maxsplit)?;
        let pairs = parts
            .into_columns()
            .into_iter()
            .enumerate()
            .map(|(i, c)| (Label::Int(i as i64), c))
            .collect();
        DataFrame::from_columns(pairs)?.with_index(self.series.index().clone())
    }

    /// Each value joined with the same row of `others` (string Series), `sep` between;
    /// a missing value makes the row missing unless `na_rep` stands in for it.
    pub fn cat(&self, others: &[Series], sep: &str, na_rep: Option<&str>) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let mut columns = vec![self.col().clone()];
        for o in others {
            if o.len() != self.series.len() {
                return Err(Error::value(format!(
                    "str.cat: others have {} rows, the Series {}",
                    o.len(),
                    self.series.len()
                )));
            }
            columns.push(o.column().clone());
        }
        let sep = string_scalar(sep)?;
        let narep = na_rep.map(string_scalar).transpose()?;
        self.wrap(concatenate(
            &Table::new(columns)?,
            Separator::Scalar(&sep),
            narep.as_ref(),
            None,
            true,
        )?)
    }

    /// All values joined into one string with `sep` (missing values skipped, or shown as
    /// `na_rep`), pandas' `str.cat()` without others.
    pub fn cat_all(&self, sep: &str, na_rep: Option<&str>) -> Result<String> {
        let _operation = ferrodf_core::memory::enter_operation();
        let values = match na_rep {
            Some(r) => self.series.fillna(r)?,
            None => self.series.dropna()?,
        };
        let array = ferrodf_core::interop::arrow::to_arrow(values.column())?;
        let array = arrow_cast::cast(&array, &arrow_schema::DataType::Utf8)
            .map_err(|e| Error::type_err(format!("str.cat: {e}")))?;
        let strings = array
            .as_any()
            .downcast_ref::<arrow_array::StringArray>()
            .ok_or_else(|| Error::type_err("str.cat needs string values".to_string()))?;
        Ok(strings.iter().flatten().collect::<Vec<_>>().join(sep))
    }
}

fn value_is_true(s: &Scalar) -> Result<bool> {
    if !s.is_valid()? {
        return Ok(false);
    }
    let c = cast(s.as_column(), TypeId::Int8.into())?;
    Ok(c.host_values::<i8>()?.first().copied().unwrap_or(0) != 0)
}

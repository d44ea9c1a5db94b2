//! The host path of `ops::strings` against `arrow_string`: `count_bytes` against
//! `length::length`, `contains`/`starts_with`/`ends_with` against the `like` kernels,
//! `slice_strings` (step 1) against `substring::substring_by_char`, `concatenate` against
//! `concat_elements::concat_elements_utf8`, `contains_re` against
//! `regexp::regexp_is_match_scalar`. Character counts, case, `find`, `replace`, `strip`
//! and `split_record` have no arrow-rs kernel; their oracle is the matching `str` method
//! in a plain loop.

use crate::common::*;
use arrow_array::{Array, ArrayRef, Int32Array, Scalar as ArrowScalar, StringArray};
use arrow_string::{
    concat_elements::concat_elements_utf8, length::length, like, regexp::regexp_is_match_scalar,
    substring::substring_by_char,
};
use ferrodf_core::Error;
use ferrodf_core::ops::strings::attributes::{count_bytes, count_characters};
use ferrodf_core::ops::strings::case::{to_lower, to_upper};
use ferrodf_core::ops::strings::combine::{Separator, concatenate};
use ferrodf_core::ops::strings::find::{Target, contains, ends_with, find, starts_with};
use ferrodf_core::ops::strings::regex::{RegexProgram, contains::contains_re, flags};
use ferrodf_core::ops::strings::replace::replace;
use ferrodf_core::ops::strings::slice::slice_strings;
use ferrodf_core::ops::strings::split::split_record;
use ferrodf_core::ops::strings::strip::{SideType, strip};

fn words() -> StringArray {
    StringArray::from(vec![
        Some("Hello World"),
        None,
        Some(""),
        Some("héllo"),
        Some("  padded\t"),
        Some("a,b,,c"),
        None,
        Some("xyzzy"),
        Some("ÉCOLE"),
        Some("lollol"),
    ])
}

/// The sample three ways: whole, a sliced array, a sliced column; with the arrow rows.
fn inputs() -> Vec<(ferrodf_core::Column, StringArray)> {
    let w = words();
    let [a, b] = sliced(&w, 2, 7);
    vec![
        (col(&w), w.clone()),
        (a, w.slice(2, 7)),
        (b, w.slice(2, 7)),
        (col(&w.slice(5, 0)), w.slice(5, 0)),
    ]
}

fn map_str(a: &StringArray, f: impl Fn(&str) -> String) -> StringArray {
    a.iter().map(|s| s.map(&f)).collect()
}

#[test]
fn lengths_and_case() {
    host();
    for (c, a) in inputs() {
        assert_col(&count_bytes(&c).unwrap(), length(&a).unwrap().as_ref());
        let chars: Int32Array = a
            .iter()
            .map(|s| s.map(|s| s.chars().count() as i32))
            .collect();
        assert_col(&count_characters(&c).unwrap(), &chars);
        assert_col(&to_lower(&c).unwrap(), &map_str(&a, str::to_lowercase));
        assert_col(&to_upper(&c).unwrap(), &map_str(&a, str::to_uppercase));
    }
}

#[test]
fn find_family_against_like_and_str_find() {
    host();
    for pat in ["l", "lo", "", "é", "zz"] {
        let t = strs(&[Some(pat)]);
        let ts = scalar(t.as_ref());
        let at = ArrowScalar::new(t.clone());
        for (c, a) in inputs() {
            assert_col(
                &contains(&c, Target::Scalar(&ts)).unwrap(),
                &like::contains(&a, &at).unwrap(),
            );
            assert_col(
                &starts_with(&c, Target::Scalar(&ts)).unwrap(),
                &like::starts_with(&a, &at).unwrap(),
            );
            assert_col(
                &ends_with(&c, Target::Scalar(&ts)).unwrap(),
                &like::ends_with(&a, &at).unwrap(),
            );
            // Character positions, as Python's str.find.
            let want: Int32Array = a
                .iter()
                .map(|s| s.map(|s| s.find(pat).map_or(-1, |b| s[..b].chars().count() as i32)))
                .collect();
            assert_col(&find(&c, Target::Scalar(&ts), 0, -1).unwrap(), &want);
        }
    }
    // A column target, row by row (a null target row gives null).
    let w = words();
    let targets = StringArray::from(vec![
        Some("World"),
        Some("x"),
        None,
        Some("h"),
        Some("pad"),
        Some(",,"),
        Some("y"),
        Some("q"),
        Some("CO"),
        Some("lol"),
    ]);
    assert_col(
        &contains(&col(&w), Target::Column(&col(&targets))).unwrap(),
        &like::contains(&w, &targets).unwrap(),
    );
    assert_err!(
        contains(&col(&w), Target::Column(&col(&targets.slice(0, 3)))),
        Error::Value(_)
    );
}

#[test]
fn slice_strings_against_substring_by_char() {
    host();
    for (c, a) in inputs() {
        for (start, len) in [(0i64, Some(3u64)), (1, None), (2, Some(0)), (4, Some(100))] {
            let stop = len.map(|l| start + l as i64);
            let got = slice_strings(&c, Some(start), stop, 1).unwrap();
            assert_col(&got, &substring_by_char(&a, start, len).unwrap());
        }
        // Steps other than 1, as Python slices.
        let want = map_str(&a, |s| s.chars().rev().step_by(2).collect());
        assert_col(&slice_strings(&c, None, None, -2).unwrap(), &want);
    }
    assert_err!(
        slice_strings(&col(&words()), None, None, 0),
        Error::Value(_)
    );
}

#[test]
fn concatenate_against_concat_elements() {
    host();
    let (a, b) = (
        words(),
        StringArray::from(vec![
            Some("1"),
            Some("2"),
            None,
            Some("4"),
            Some("5"),
            Some("6"),
            Some("7"),
            None,
            Some("9"),
            Some("10"),
        ]),
    );
    let empty = scalar(strs(&[Some("")]).as_ref());
    let got = concatenate(
        &table(&[&a, &b]),
        Separator::Scalar(&empty),
        None,
        None,
        true,
    )
    .unwrap();
    assert_col(&got, &concat_elements_utf8(&a, &b).unwrap());
    let (pa, pb) = (a.slice(1, 8), b.slice(2, 8));
    for (ca, cb) in sliced(&a, 1, 8).into_iter().zip(sliced(&b, 2, 8)) {
        let t = ferrodf_core::Table::new(vec![ca, cb]).unwrap();
        let got = concatenate(&t, Separator::Scalar(&empty), None, None, true).unwrap();
        assert_col(&got, &concat_elements_utf8(&pa, &pb).unwrap());
    }
    assert_err!(
        concatenate(
            &table(&[&a, &sample_i64().slice(0, 10)]),
            Separator::Scalar(&empty),
            None,
            None,
            true
        ),
        Error::Type(_)
    );
}

#[test]
fn regex_contains_against_regexp_is_match() {
    host();
    for pat in [r"l+o", r"^\s", r"\d", r"(?i)école", r"^$"] {
        let p = RegexProgram::create(pat, flags::DEFAULT).unwrap();
        for (c, a) in inputs() {
            assert_col(
                &contains_re(&c, &p).unwrap(),
                &regexp_is_match_scalar(&a, pat, None).unwrap(),
            );
        }
    }
    assert_err!(
        RegexProgram::create("(unclosed", flags::DEFAULT),
        Error::Value(_)
    );
}

#[test]
fn replace_strip_and_split_against_str() {
    host();
    let (l, x) = (
        scalar(strs(&[Some("l")]).as_ref()),
        scalar(strs(&[Some("LL")]).as_ref()),
    );
    for (c, a) in inputs() {
        assert_col(
            &replace(&c, &l, &x, -1).unwrap(),
            &map_str(&a, |s| s.replace('l', "LL")),
        );
        assert_col(
            &replace(&c, &l, &x, 1).unwrap(),
            &map_str(&a, |s| s.replacen('l', "LL", 1)),
        );
        assert_col(
            &strip(&c, SideType::Both, None).unwrap(),
            &map_str(&a, |s| s.trim().to_string()),
        );
        assert_col(
            &strip(&c, SideType::Left, None).unwrap(),
            &map_str(&a, |s| s.trim_start().to_string()),
        );
        let lo = scalar(strs(&[Some("ol")]).as_ref());
        assert_col(
            &strip(&c, SideType::Right, Some(&lo)).unwrap(),
            &map_str(&a, |s| s.trim_end_matches(['o', 'l']).to_string()),
        );
        // split_record: a list of the pieces of every row.
        let comma = scalar(strs(&[Some(",")]).as_ref());
        let got = arr(&split_record(&c, &comma, -1).unwrap());
        let got = got
            .as_any()
            .downcast_ref::<arrow_array::ListArray>()
            .unwrap();
        assert_eq!(validity(got), validity(&a));
        for i in (0..a.len()).filter(|&i| a.is_valid(i)) {
            let v = got.value(i);
            let v = v.as_any().downcast_ref::<StringArray>().unwrap();
            let pieces: Vec<&str> = v.iter().map(Option::unwrap).collect();
            assert_eq!(pieces, a.value(i).split(',').collect::<Vec<_>>(), "row {i}");
        }
    }
    let not_str = scalar(i64s(&[Some(1)]).as_ref());
    assert_err!(replace(&col(&words()), &not_str, &x, -1), Error::Type(_));
}

#[test]
fn non_string_input_is_a_type_error() {
    host();
    let i = col(&sample_i64());
    assert_err!(count_characters(&i), Error::Type(_));
    assert_err!(to_lower(&i), Error::Type(_));
    let t: ArrayRef = strs(&[Some("a")]);
    assert_err!(
        contains(&i, Target::Scalar(&scalar(t.as_ref()))),
        Error::Type(_)
    );
}

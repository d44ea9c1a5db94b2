//! The Python package builds every `IntEnum` of `ferrodf.plc` from its one definition in
//! Rust (`ferrodf_core::python_enums::PYTHON_ENUMS`, handed over as `ferrodf._lib.enums`),
//! and its stubs repeat the members for type checkers. This test reads the package as text
//! and fails when
//! - a stub's members (names and values) drift from the Rust enum;
//! - a module's `.py` spells out an enum's members instead of building it from Rust;
//! - a `plc` module defines an `IntEnum` that has no Rust definition.

use ferrodf_core::named_enum::EnumInfo;
use ferrodf_core::python_enums::PYTHON_ENUMS;
use std::path::{Path, PathBuf};

fn plc_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../pyapi/python/ferrodf/plc")
}

/// `plc/<module>.<ext>` (a dotted module is a path: `strings.side_type`).
fn module_file(module: &str, ext: &str) -> (PathBuf, String) {
    let path = plc_dir().join(format!("{}.{ext}", module.replace('.', "/")));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    (path, text)
}

/// The `NAME = value` members of `class <class>(IntEnum):` in `text`, in order, or `None`
/// when the class is not there.
fn enum_members(text: &str, class: &str) -> Option<Vec<(String, i32)>> {
    let header = format!("class {class}(");
    let mut lines = text.lines().skip_while(|l| !l.starts_with(&header));
    lines.next()?;
    let mut members = vec![];
    for line in lines {
        if !line.is_empty() && !line.starts_with(char::is_whitespace) {
            break; // the class body ended
        }
        let Some((name, value)) = line.trim().split_once('=') else {
            continue; // blank lines and the docstring
        };
        let (name, value) = (name.trim(), value.trim());
        let value = value.split('#').next().unwrap_or("").trim();
        let value: i32 = value
            .parse()
            .unwrap_or_else(|_| panic!("member {name} has a value that is not a number: {line}"));
        members.push((name.to_string(), value));
    }
    Some(members)
}

/// The Rust members, ordered by value (as the stubs list them).
fn rust_members(info: &EnumInfo) -> Vec<(String, i32)> {
    let mut members: Vec<_> = info
        .members
        .iter()
        .map(|&(name, value)| (name.to_string(), value))
        .collect();
    members.sort_by_key(|m| m.1);
    members
}

#[test]
fn stubs_match_the_rust_enums() {
    for info in PYTHON_ENUMS {
        let (path, text) = module_file(info.module, "pyi");
        let stub = enum_members(&text, info.name)
            .unwrap_or_else(|| panic!("{}: no `class {}(IntEnum)`", path.display(), info.name));
        let rust = rust_members(info);
        let check_in = |members: &[(String, i32)], others: &[(String, i32)], what: &str| {
            for (name, value) in members {
                assert!(
                    others.contains(&(name.clone(), *value)),
                    "{}: {}.{name} = {value} {what}",
                    path.display(),
                    info.name,
                );
            }
        };
        check_in(&stub, &rust, "is not a member of the Rust enum");
        check_in(
            &rust,
            &stub,
            "is a member of the Rust enum but missing here",
        );
        assert_eq!(
            stub,
            rust,
            "{}: {} out of value order",
            path.display(),
            info.name
        );
    }
}

#[test]
fn modules_build_their_enums_from_rust() {
    for info in PYTHON_ENUMS {
        let (path, text) = module_file(info.module, "py");
        assert!(
            enum_members(&text, info.name).is_none(),
            "{}: `class {}` repeats the Rust enum; build it with rust_enum",
            path.display(),
            info.name
        );
        let built = format!("{} = rust_enum(\"{}\", __name__)", info.name, info.name);
        assert!(
            text.contains(&built),
            "{}: `{built}` is missing",
            path.display()
        );
    }
}

fn python_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            python_files(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("py" | "pyi")
        ) {
            out.push(path);
        }
    }
}

#[test]
fn every_plc_int_enum_has_a_rust_definition() {
    let mut files = vec![];
    python_files(&plc_dir(), &mut files);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            let Some(class) = line
                .strip_prefix("class ")
                .and_then(|rest| rest.strip_suffix("(IntEnum):"))
            else {
                continue;
            };
            let info = PYTHON_ENUMS.iter().find(|e| e.name == class);
            let info = info.unwrap_or_else(|| {
                panic!(
                    "{}: IntEnum {class} has no Rust definition in PYTHON_ENUMS",
                    path.display()
                )
            });
            let module = path
                .strip_prefix(plc_dir())
                .unwrap()
                .with_extension("")
                .to_string_lossy()
                .replace('/', ".");
            assert_eq!(module, info.module, "{}: {class}", path.display());
        }
    }
}

#[test]
fn parser_reads_members_and_stops_at_the_class_end() {
    let text = "x = 1\nclass BinaryOperator(IntEnum):\n    \"\"\"Doc.\"\"\"\n\n    ADD = 0\n    \
                SUB = 1  # note\n\n__all__ = [\"BinaryOperator\"]\n";
    assert_eq!(
        enum_members(text, "BinaryOperator"),
        Some(vec![("ADD".to_string(), 0), ("SUB".to_string(), 1)])
    );
    assert_eq!(enum_members(text, "UnaryOperator"), None);
}

//! The Python package repeats the binary operators for pylibcudf compatibility: the
//! `BinaryOperator` IntEnum of `ferrodf/plc/binaryop.py` and its stub `binaryop.pyi`. This
//! test reads both as text and fails when their names or values drift from the Rust enum
//! (`ferrodf_core::binary_operator::BinaryOperator`, the one definition, whose values are
//! pylibcudf's).

use ferrodf_core::binary_operator::BinaryOperator;
use std::path::PathBuf;

fn python_file(name: &str) -> (PathBuf, String) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../pyapi/python/ferrodf/plc")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    (path, text)
}

/// The `NAME = value` members of `class BinaryOperator(IntEnum):` in `text`, in order.
fn enum_members(text: &str) -> Vec<(String, i32)> {
    let mut lines = text
        .lines()
        .skip_while(|l| !l.starts_with("class BinaryOperator("));
    assert!(lines.next().is_some(), "no `class BinaryOperator(` found");
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
    members
}

fn rust_members() -> Vec<(String, i32)> {
    BinaryOperator::ALL
        .iter()
        .map(|op| (op.name().to_string(), op.kernel_id()))
        .collect()
}

fn check(file: &str) {
    let (path, text) = python_file(file);
    let python = enum_members(&text);
    let rust = rust_members();
    for (name, value) in &python {
        assert!(
            rust.contains(&(name.clone(), *value)),
            "{}: {name} = {value} is not a Rust BinaryOperator (name() and kernel_id())",
            path.display()
        );
    }
    for (name, value) in &rust {
        assert!(
            python.contains(&(name.clone(), *value)),
            "{}: the Rust BinaryOperator {name} = {value} is missing",
            path.display()
        );
    }
    assert_eq!(python, rust, "{}: members out of order", path.display());
}

#[test]
fn python_enum_matches_the_rust_enum() {
    check("binaryop.py");
}

#[test]
fn python_stub_matches_the_rust_enum() {
    check("binaryop.pyi");
}

#[test]
fn parser_reads_members_and_stops_at_the_class_end() {
    let text = "x = 1\nclass BinaryOperator(IntEnum):\n    \"\"\"Doc.\"\"\"\n\n    ADD = 0\n    \
                SUB = 1  # note\n\n__all__ = [\"BinaryOperator\"]\n";
    assert_eq!(
        enum_members(text),
        [("ADD".to_string(), 0), ("SUB".to_string(), 1)]
    );
}

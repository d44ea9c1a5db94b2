//! The layering of `core/src`: every module belongs to one layer and may use only its own
//! layer and the layers below it, so there are no import cycles between layers.
//!
//! The test reads the sources with `std::fs`, collects every `crate::...` and `super::...`
//! path of each file and every path into its own child modules (in `use` declarations,
//! `use` trees and expressions, outside comments and string literals), resolves each path to the file that defines the module it names,
//! and fails listing every import of a file from a higher layer.
//!
//! A path resolves to the longest prefix of its segments that names a module file, so an
//! item re-exported at an old path (for compatibility) still counts as the re-exporting
//! module: code inside the crate must import from the defining layer.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The layers, lowest first. A file may import from its own layer and the ones below.
///
/// Each entry is a path relative to `core/src`: a file, or a folder ending in `/` that
/// covers everything under it. The longest matching entry wins. A file that no entry
/// covers fails the test, so every new module has to be placed here.
const LAYERS: &[(&str, usize)] = &[
    // 0: types and errors. Plain values that every layer may name: the error type, data
    // types, native Rust types, the type traits, and the key and option types that both
    // the op families and their device kernels take (sort orders, key kinds, join kinds...).
    ("error.rs", 0),
    ("types.rs", 0),
    ("native.rs", 0),
    ("traits.rs", 0),
    ("keys.rs", 0),
    ("params.rs", 0),
    ("binary_operator.rs", 0),
    ("unary_operator.rs", 0),
    ("aggregation_kind.rs", 0),
    ("copy_options.rs", 0),
    ("datetime_parts.rs", 0),
    ("string_options.rs", 0),
    // The declaration of Python-visible enums (`named_enum!`), which the files above use.
    ("named_enum.rs", 0),
    // 1: device runtime. The CUDA context and stream, device allocations, the memory
    // manager (accounting, spilling, pinned host memory), the NVRTC kernel cache, the launch
    // helpers, the primitive kernels the data model itself needs (device memcpy, bitmask
    // kernels), and the host/device placement policy and its fallback log. It works on raw
    // device memory, never on buffers or columns. (The data model sits above the runtime
    // because a `Buffer` owns `DeviceMemory` and copies through these primitives.)
    ("device/mod.rs", 1),
    ("device/foreign_stream.rs", 1),
    ("device/memory.rs", 1),
    ("device/kernel_cache.rs", 1),
    ("device/kernel_bundle.rs", 1),
    ("device/nvrtc.rs", 1),
    ("device/module_stats.rs", 1),
    ("device/launch.rs", 1),
    ("device/primitives/", 1),
    ("memory/", 1),
    ("placement.rs", 1),
    ("fallback.rs", 1),
    // 2: data model. Buffers, bitmasks, columns, tables, scalars, and the conversions
    // between them and arrow-rs arrays.
    ("buffer.rs", 2),
    ("bitmask.rs", 2),
    ("column.rs", 2),
    ("table.rs", 2),
    ("scalar.rs", 2),
    ("interop/", 2),
    // 3: the per-family device kernels (launchers of the CUDA sources under
    // device/kernels/cuda/). They are called by the op families and never call them.
    ("device/kernels/", 3),
    // 4: the op families, each with its host path and its device path (layer 3).
    ("ops/", 4),
    // 5: readers and writers, and the list of every Python-visible enum (which names the
    // readers' options along with the enums of layer 0).
    ("io/", 5),
    ("python_enums.rs", 5),
];

/// Items `lib.rs` re-exports at the crate root, with the file that defines each.
const ROOT_REEXPORTS: &[(&str, &str)] = &[
    ("Column", "column.rs"),
    ("Error", "error.rs"),
    ("Result", "error.rs"),
    ("Scalar", "scalar.rs"),
    ("Table", "table.rs"),
    ("DataType", "types.rs"),
    ("TypeId", "types.rs"),
];

/// Upward imports that are known and accepted for now: (importing file, imported file,
/// why). Empty: every upward import has been removed.
const ALLOWED: &[(&str, &str, &str)] = &[];

fn layer_of(file: &str) -> Option<usize> {
    LAYERS
        .iter()
        .filter(|(p, _)| {
            if p.ends_with('/') {
                file.starts_with(p)
            } else {
                file == *p
            }
        })
        .max_by_key(|(p, _)| p.len())
        .map(|&(_, l)| l)
}

/// `text` with comments, string literals and character literals blanked out (each such
/// character becomes a space; newlines are kept).
fn strip(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        if c[i] == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c[i] == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
        } else if c[i] == 'r'
            && (next == Some('"') || next == Some('#'))
            && (i == 0 || !is_ident(c[i - 1]))
        {
            // Raw string r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= c.len() {
                    break;
                }
                if c[j] == '"' && (0..hashes).all(|h| c.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            for &ch in &c[i..j.min(c.len())] {
                blank(&mut out, ch);
            }
            i = j;
        } else if c[i] == '"' {
            blank(&mut out, c[i]);
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    blank(&mut out, c[i]);
                    i += 1;
                }
                if i < c.len() {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
            if i < c.len() {
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if c[i] == '\'' && (c.get(i + 2) == Some(&'\'') || next == Some('\\')) {
            // A character literal (not a lifetime).
            let mut j = i + 1;
            if c[j] == '\\' {
                j += 2;
            } else {
                j += 1;
            }
            while j < c.len() && c[j] != '\'' {
                j += 1;
            }
            for &ch in &c[i..(j + 1).min(c.len())] {
                blank(&mut out, ch);
            }
            i = j + 1;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

fn is_ident(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_'
}

/// A tiny tokenizer over stripped source: identifiers, `::` and single punctuation.
fn tokens(src: &str) -> Vec<(String, usize)> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < c.len() {
        if c[i] == '\n' {
            line += 1;
            i += 1;
        } else if c[i].is_whitespace() {
            i += 1;
        } else if is_ident(c[i]) {
            let s = i;
            while i < c.len() && is_ident(c[i]) {
                i += 1;
            }
            out.push((c[s..i].iter().collect(), line));
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push(("::".into(), line));
            i += 2;
        } else {
            out.push((c[i].to_string(), line));
            i += 1;
        }
    }
    out
}

/// Expand the path (or `use` tree) starting at token `i` (just after a leading `crate` or
/// `super` and its `::`) into full paths, each a list of segments after `prefix`.
fn expand(t: &[(String, usize)], mut i: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    loop {
        match t.get(i).map(|(s, _)| s.as_str()) {
            Some("{") => {
                // A use tree: comma-separated subtrees up to the matching brace.
                i += 1;
                loop {
                    match t.get(i).map(|(s, _)| s.as_str()) {
                        None | Some("}") => return,
                        Some(",") => i += 1,
                        Some("self") => {
                            out.push(path.clone());
                            i += 1;
                        }
                        _ => {
                            let start = i;
                            expand(t, start, path.clone(), out);
                            // Skip this subtree.
                            let mut depth = 0;
                            while let Some((s, _)) = t.get(i) {
                                match s.as_str() {
                                    "{" => depth += 1,
                                    "}" if depth == 0 => break,
                                    "}" => depth -= 1,
                                    "," if depth == 0 => break,
                                    _ => {}
                                }
                                i += 1;
                            }
                        }
                    }
                }
            }
            Some("*") => break,
            Some(s) if s.chars().next().is_some_and(is_ident) => {
                path.push(s.to_string());
                if t.get(i + 1).map(|(s, _)| s.as_str()) == Some("::") {
                    i += 2;
                } else {
                    break;
                }
            }
            _ => break,
        }
    }
    out.push(path);
}

/// The module path of a file under src (`device/kernels/sorting.rs` -> device, kernels, sorting).
fn module_of(file: &str) -> Vec<String> {
    let f = file.strip_suffix(".rs").expect(".rs file");
    let mut parts: Vec<String> = f.split('/').map(String::from).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The file defining the longest module prefix of `path`, or `None` when not even the
/// first segment names a module.
fn resolve(path: &[String], files: &BTreeSet<String>) -> Option<String> {
    for n in (1..=path.len()).rev() {
        let base = path[..n].join("/");
        for cand in [format!("{base}.rs"), format!("{base}/mod.rs")] {
            if files.contains(&cand) {
                return Some(cand);
            }
        }
    }
    let first = path.first()?;
    ROOT_REEXPORTS
        .iter()
        .find(|(name, _)| name == first)
        .map(|(_, f)| f.to_string())
}

/// Every upward import among `sources` (path under src, text), plus files and paths the
/// table cannot place, as readable lines.
fn violations(sources: &[(String, String)]) -> Vec<String> {
    let files: BTreeSet<String> = sources.iter().map(|(f, _)| f.clone()).collect();
    let mut found = Vec::new();
    for (file, text) in sources {
        if file == "lib.rs" {
            // The crate root declares the modules and re-exports a few items.
            continue;
        }
        let Some(own) = layer_of(file) else {
            found.push(format!("{file}: not in the LAYERS table"));
            continue;
        };
        let module = module_of(file);
        let t = tokens(&strip(text));
        // Child modules declared here (`mod name;`): a path that starts with one of them
        // is relative to this module.
        let children: BTreeSet<&str> = t
            .windows(3)
            .filter(|w| w[0].0 == "mod" && w[2].0 == ";")
            .map(|w| w[1].0.as_str())
            .collect();
        let mut seen = BTreeSet::new();
        // Inline modules (`mod tests { ... }`) open at brace depths: (depth, name).
        let (mut depth, mut inline) = (0usize, Vec::<(usize, String)>::new());
        for i in 0..t.len() {
            let (tok, line) = (&t[i].0, t[i].1);
            match tok.as_str() {
                "{" => {
                    depth += 1;
                    if i >= 2 && t[i - 2].0 == "mod" {
                        inline.push((depth, t[i - 1].0.clone()));
                    }
                }
                "}" => {
                    if inline.last().is_some_and(|(d, _)| *d == depth) {
                        inline.pop();
                    }
                    depth = depth.saturating_sub(1);
                }
                _ => {}
            }
            let mut module = module.clone();
            module.extend(inline.iter().map(|(_, m)| m.clone()));
            if t.get(i + 1).map(|(s, _)| s.as_str()) != Some("::") {
                continue;
            }
            // A path that starts here (not the tail of `a::crate`, say).
            if i > 0 && t[i - 1].0 == "::" {
                continue;
            }
            let mut paths = Vec::new();
            match tok.as_str() {
                "crate" => expand(&t, i + 2, vec![], &mut paths),
                "super" => {
                    let mut base = module.clone();
                    let mut j = i;
                    // `super::super::...`
                    while t.get(j).map(|(s, _)| s.as_str()) == Some("super")
                        && t.get(j + 1).map(|(s, _)| s.as_str()) == Some("::")
                    {
                        base.pop();
                        j += 2;
                    }
                    expand(&t, j, base, &mut paths);
                }
                child if children.contains(child) => expand(&t, i, module.clone(), &mut paths),
                _ => continue,
            }
            for p in paths {
                let Some(target) = resolve(&p, &files) else {
                    found.push(format!(
                        "{file}:{line}: cannot resolve crate::{}",
                        p.join("::")
                    ));
                    continue;
                };
                let Some(theirs) = layer_of(&target) else {
                    continue; // reported as unplaced on its own
                };
                if theirs > own
                    && !ALLOWED
                        .iter()
                        .any(|(from, to, _)| from == file && *to == target)
                    && seen.insert((target.clone(), p.clone()))
                {
                    found.push(format!(
                        "{file}:{line} (layer {own}) imports crate::{} from {target} (layer {theirs})",
                        p.join("::")
                    ));
                }
            }
        }
    }
    found
}

fn collect(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read src dir")
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, root, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let rel = p.strip_prefix(root).expect("under src");
            let rel = rel.to_string_lossy().replace('\\', "/");
            out.push((rel, std::fs::read_to_string(&p).expect("read source")));
        }
    }
}

fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    collect(&root, &root, &mut out);
    out
}

#[test]
fn no_module_imports_from_a_higher_layer() {
    let found = violations(&sources());
    assert!(
        found.is_empty(),
        "{} upward import(s) in core/src (see the LAYERS table in core/tests/layers.rs):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn every_allowed_import_still_exists() {
    // An allow-list entry whose import was removed must go too.
    let all = sources();
    for (from, to, _) in ALLOWED {
        let text = &all.iter().find(|(f, _)| f == from).expect("allowed file").1;
        let module = to.trim_end_matches(".rs").trim_end_matches("/mod");
        assert!(
            text.contains(&module.replace('/', "::")),
            "{from} no longer imports {to}: remove it from ALLOWED"
        );
    }
}

#[test]
fn an_upward_import_is_reported() {
    let mut all = sources();
    let bitmask = all
        .iter_mut()
        .find(|(f, _)| f == "bitmask.rs")
        .expect("bitmask.rs");
    bitmask.1.push_str("\nuse crate::ops::search::Order;\n");
    bitmask
        .1
        .push_str("fn f() { let _ = crate::io::csv::read_csv; }\n");
    bitmask
        .1
        .push_str("use crate::{error::Result, device::kernels::{sorting, self}};\n");
    // Mentions in comments and strings do not count.
    bitmask
        .1
        .push_str("// crate::ops::sorting\nconst S: &str = \"crate::ops::join\";\n");
    let found = violations(&all);
    let in_bitmask: Vec<&String> = found
        .iter()
        .filter(|l| l.starts_with("bitmask.rs"))
        .collect();
    assert!(
        !in_bitmask
            .iter()
            .any(|l| l.contains("ops/sorting/") || l.contains("ops/join/")),
        "a comment or string was read as code: {found:#?}"
    );
    for needle in [
        "ops/search/mod.rs",
        "io/csv/mod.rs",
        "device/kernels/sorting.rs",
        "device/kernels/mod.rs",
    ] {
        assert!(
            in_bitmask
                .iter()
                .any(|l| l.ends_with(&format!("{needle} (layer {})", layer_of(needle).unwrap()))),
            "{needle} not reported: {found:#?}"
        );
    }
}

#[test]
fn super_paths_resolve_relative_to_the_module() {
    let files: BTreeSet<String> = [
        "device/mod.rs",
        "device/kernels/mod.rs",
        "device/kernels/sorting.rs",
        "ops/reduce.rs",
        "ops/reduce/order_stats.rs",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let seg = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    assert_eq!(
        resolve(&seg("device::kernels::sorting::x"), &files).as_deref(),
        Some("device/kernels/sorting.rs")
    );
    assert_eq!(
        resolve(&seg("device::runtime"), &files).as_deref(),
        Some("device/mod.rs")
    );
    assert_eq!(resolve(&seg("reduce::order_stats::f"), &files), None);
    assert_eq!(
        resolve(&seg("ops::reduce::order_stats::f"), &files).as_deref(),
        Some("ops/reduce/order_stats.rs")
    );
    assert_eq!(module_of("device/kernels/mod.rs"), seg("device::kernels"));
}

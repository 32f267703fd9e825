//! The tree is the map (docs/decisions/0026-backend-by-feature.md), and this test keeps it one:
//! it reads every module of `src/`, follows each `crate::…` and `super::…` path to the module
//! that defines it, and fails on
//! - an import cycle between modules (a reference to a module's own ancestor is its namespace,
//!   not a dependency: a parent re-exports its children);
//! - an import cycle between the top-level folders;
//! - a feature that imports another feature, or anything but `platform` that imports `platform`;
//!   each feature's console side uses the console's kit (`console`), which imports no feature, and
//!   what one feature reads of another's records is a shared rule's narrow trait the other
//!   implements (`completion::AttendanceOf`, read by `enrolments::report`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level modules that are features; everything else is shared or wiring.
const FEATURES: [&str; 12] = [
    "assignments",
    "assistant",
    "catalog",
    "certificates",
    "demo",
    "enrolments",
    "geo",
    "leads",
    "learning",
    "live",
    "media",
    "payments",
];
const WIRING: &str = "platform";

type Module = Vec<String>;
type Graph = BTreeMap<Module, BTreeSet<Module>>;

fn source_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every module file under `root` with its module path (`http/routes.rs` → `[http, routes]`).
fn modules(root: &Path) -> BTreeMap<Module, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<Module, String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(root).unwrap().with_extension("");
                let mut module: Module = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
                if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                    module.pop();
                }
                out.insert(module, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

/// The code without comments (doc comments name modules in prose) and without string literals.
fn code_of(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Expands a `use` tree (`a::{b, c::{d, self}}`) into its paths.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else { return vec![tree.to_owned()] };
    let prefix = tree[..open].trim_end_matches("::");
    let inner = &tree[open + 1..tree.rfind('}').unwrap()];
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(expand)
        .map(|p| if p == "self" { prefix.to_owned() } else { format!("{prefix}::{p}") })
        .collect()
}

/// Every path the code names from `crate::` or `super::`, as written.
fn paths_named(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let statement = &rest[at + 4..];
        let end = statement.find(';').unwrap_or(statement.len());
        let tree = statement[..end].split(" as ").next().unwrap_or_default();
        if tree.starts_with("crate::") || tree.starts_with("super::") {
            paths.extend(expand(&statement[..end]).into_iter().map(|p| p.split(" as ").next().unwrap().to_owned()));
        }
        rest = &statement[end..];
    }
    for anchor in ["crate::", "super::"] {
        for (at, _) in code.match_indices(anchor) {
            if at > 0 && code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String =
                code[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
            paths.push(path.trim_end_matches(':').to_owned());
        }
    }
    paths
}

/// The module a path leads into: the longest prefix that is a module.
fn resolve(from: &Module, path: &str, known: &BTreeMap<Module, String>) -> Option<Module> {
    let segments: Vec<&str> = path.split("::").map(str::trim).collect();
    let (mut base, mut rest) = match segments.first() {
        Some(&"crate") => (Vec::new(), &segments[1..]),
        _ => (from.clone(), &segments[..]),
    };
    while rest.first() == Some(&"super") {
        base.pop()?;
        rest = &rest[1..];
    }
    let mut found = base.clone();
    for segment in rest {
        base.push((*segment).to_owned());
        if !known.contains_key(&base) {
            break;
        }
        found = base.clone();
    }
    Some(found)
}

fn graph(known: &BTreeMap<Module, String>) -> Graph {
    let mut graph = Graph::new();
    for (module, text) in known {
        let edges = graph.entry(module.clone()).or_default();
        for path in paths_named(&code_of(text)) {
            let Some(target) = resolve(module, &path, known) else { continue };
            // A module's own ancestors are its namespace (a parent re-exports its children).
            if target.is_empty() || module.starts_with(&target) {
                continue;
            }
            edges.insert(target);
        }
    }
    graph
}

/// One cycle of `graph`, if it has any.
fn cycle<N: Ord + Clone>(graph: &BTreeMap<N, BTreeSet<N>>) -> Option<Vec<N>> {
    fn visit<N: Ord + Clone>(
        node: &N,
        graph: &BTreeMap<N, BTreeSet<N>>,
        done: &mut BTreeSet<N>,
        stack: &mut Vec<N>,
    ) -> Option<Vec<N>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut found = stack[at..].to_vec();
            found.push(node.clone());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, done, stack) {
                return Some(found);
            }
        }
        stack.pop();
        done.insert(node.clone());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}

fn top_level(graph: &Graph) -> BTreeMap<String, BTreeSet<String>> {
    let mut top: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in graph {
        let Some(from) = from.first() else { continue };
        for target in targets.iter().filter_map(|t| t.first()) {
            if target != from {
                top.entry(from.clone()).or_default().insert(target.clone());
            }
        }
    }
    top
}

fn source_graph() -> (Graph, BTreeMap<String, BTreeSet<String>>) {
    let root = source_root();
    let known = modules(&root);
    let graph = graph(&known);
    let top = top_level(&graph);
    (graph, top)
}

#[test]
fn no_module_imports_itself_in_a_circle() {
    let (graph, _) = source_graph();
    assert!(graph.len() > 30, "the source tree was read ({} modules)", graph.len());
    if let Some(found) = cycle(&graph) {
        let names: Vec<String> = found.iter().map(|m| m.join("::")).collect();
        panic!("import cycle between modules: {}", names.join(" → "));
    }
}

#[test]
fn the_top_level_folders_depend_one_way() {
    let (_, top) = source_graph();
    if let Some(found) = cycle(&top) {
        panic!("import cycle between top-level modules: {}", found.join(" → "));
    }
}

#[test]
fn features_stand_alone_and_only_the_wiring_knows_everything() {
    let (_, top) = source_graph();
    let mut wrong = Vec::new();
    for (from, targets) in &top {
        for target in targets {
            let feature_to_feature = FEATURES.contains(&from.as_str()) && FEATURES.contains(&target.as_str());
            if feature_to_feature || (target == WIRING && from != WIRING) {
                wrong.push(format!("{from} → {target}"));
            }
        }
    }
    assert!(wrong.is_empty(), "dependencies against the layout: {wrong:?}");
    for feature in FEATURES {
        assert!(top.contains_key(feature), "feature {feature} exists and was read");
    }
}

/// The checker itself: a cycle through siblings is found, one through a parent's re-export is not.
#[test]
fn the_checker_finds_a_planted_cycle() {
    let known: BTreeMap<Module, String> = [
        (vec![], "pub mod a; pub mod b;".to_owned()),
        (vec!["a".into()], "pub mod x; pub mod y; pub use x::X;".to_owned()),
        (vec!["a".into(), "x".into()], "use super::y::Y; pub struct X;".to_owned()),
        (vec!["a".into(), "y".into()], "use crate::a::X; pub struct Y;".to_owned()),
        (vec!["b".into()], "fn f() { crate::a::x::X; }".to_owned()),
    ]
    .into_iter()
    .collect();
    let acyclic = graph(&known);
    assert_eq!(cycle(&acyclic), None, "a child naming its parent's re-export is no cycle: {acyclic:?}");
    assert!(acyclic[&vec!["b".to_owned()]].contains(&vec!["a".to_owned(), "x".to_owned()]));

    let mut planted = known.clone();
    planted.insert(vec!["a".into(), "y".into()], "use crate::a::x::X; pub struct Y;".into());
    assert!(cycle(&graph(&planted)).is_some(), "x → y → x is found");

    planted.insert(vec!["b".into()], "use crate::a::x::X;".into());
    planted.insert(vec!["a".into(), "y".into()], "fn g() { super::super::b::f(); }".into());
    let top = top_level(&graph(&planted));
    assert!(cycle(&top).is_some(), "a → b → a between top-level modules is found: {top:?}");
}

//! `academy serve` passes every case of infra/cdn/routing-cases.json, the cases the CloudFront Functions
//! pass too (infra/cdn/routing.test.mjs), on a site built from the same tables (infra/cdn/site-routes.json).

use super::tempdir::Dir;
use super::{redirect_location, Resolved, Site, CLIENT_RENDERED, NOT_FOUND_PAGE, REDIRECTS, SHELLS};
use serde_json::Value;
use std::path::Path;

fn cdn_file(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../infra/cdn").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn strings(value: &Value) -> Vec<&str> {
    value.as_array().expect("a list").iter().map(|v| v.as_str().expect("a string")).collect()
}

/// Every pre-rendered page as `<page>/index.html`, the cases' other files and the redirect table.
fn built_site(routes: &Value, cases: &Value) -> (Dir, Site) {
    let dir = Dir::new();
    let pages = strings(&routes["pages"]).into_iter().map(|page| format!("{}/index.html", page.trim_end_matches('/')));
    for file in pages.chain(strings(&cases["files"]).into_iter().map(str::to_owned)) {
        let path = dir.path().join(file.trim_start_matches('/'));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &file).unwrap();
    }
    std::fs::write(dir.path().join(REDIRECTS), routes["redirects"].to_string()).unwrap();
    let site = Site::load(dir.path());
    (dir, site)
}

#[test]
fn client_rendered_areas_are_the_sites() {
    assert_eq!(strings(&cdn_file("site-routes.json")["clientRendered"]), CLIENT_RENDERED);
}

#[test]
fn shell_areas_are_the_sites() {
    assert_eq!(strings(&cdn_file("site-routes.json")["shells"]), SHELLS);
}

#[test]
fn serve_passes_every_routing_case() {
    // GIVEN the site the cases describe
    let cases = cdn_file("routing-cases.json");
    let (_dir, site) = built_site(&cdn_file("site-routes.json"), &cases);
    let cases = cases["cases"].as_array().unwrap();
    assert!(cases.len() >= 30, "{} cases", cases.len());
    let mut failures = Vec::new();
    for case in cases {
        let (path, query, expect) = (case["path"].as_str().unwrap(), case["query"].as_str().unwrap(), &case["expect"]);
        // WHEN serve resolves the path (and builds the Location as serve.rs does)
        let resolved = site.resolve(path);
        let query = Some(query).filter(|q| !q.is_empty());
        // THEN it answers what the case expects
        let passed = if let Some(location) = expect["redirect"].as_str() {
            matches!(&resolved, Resolved::Redirect(target) if redirect_location(target, query) == location)
        } else if let Some(file) = expect["file"].as_str() {
            resolved == Resolved::File { path: site.root.join(file.trim_start_matches('/')), status: 200 }
        } else if expect["notFound"] == Value::Bool(true) {
            resolved == Resolved::File { path: site.root.join(NOT_FOUND_PAGE), status: 404 }
        } else {
            panic!("{path}: unknown expectation {expect}");
        };
        if !passed {
            failures.push(format!("{path:?} ?{query:?}: expected {expect}, got {resolved:?}"));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

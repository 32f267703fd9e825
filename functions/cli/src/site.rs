//! Where a site path leads, by the rules the CDN uses: a redirect from the build's table or to
//! the canonical letter case, the exact file, the folder's `index.html`, an area's own shell, the
//! single-page fallback for client-rendered areas, else the pre-rendered 404 page.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Paths whose pages load their data in the browser (for ids unknown at build time, and the
/// sign-in and sign-up flows' own sub-paths): the site's `clientRenderedPrefixes`
/// (site/app/config/paths.ts), as infra/cdn/site-routes.json lists them; a test holds the two equal.
const CLIENT_RENDERED: [&str; 6] =
    ["/lms", "/course-outline", "/batches", "/recorded-lectures", "/sign-in", "/sign-up"];
/// Areas the browser renders from a pre-rendered page of their own (`/verify`, whose head says
/// noindex), served for every path under them: the site's `shellAreas` (site/app/config/pages.ts),
/// as infra/cdn/site-routes.json lists them; a test holds the two equal.
const SHELLS: [&str; 1] = ["/verify"];
const SPA_FALLBACK: &str = "__spa-fallback.html";
const NOT_FOUND_PAGE: &str = "404/index.html";
/// Written by the site build: metadata URLs and aliases → their page.
const REDIRECTS: &str = "redirects.json";

#[derive(Debug, PartialEq, Eq)]
pub enum Resolved {
    File {
        path: PathBuf,
        status: u16,
    },
    Redirect(String),
    /// The site has not been built.
    Missing,
}

pub struct Site {
    root: PathBuf,
    redirects: HashMap<String, String>,
    /// Lower-cased page path → the page path as built, e.g. `/freedemo` → `/FreeDemo`.
    canonical: HashMap<String, String>,
}

fn trim_slash(path: &str) -> &str {
    match path.trim_end_matches('/') {
        "" => "/",
        p => p,
    }
}

/// The Location of a redirect: the target with the request's query string, which goes before the
/// target's `#fragment` (`/services?x=1#cloud-devops`). infra/cdn/viewer-request.js builds the same.
pub fn redirect_location(target: &str, query: Option<&str>) -> String {
    let Some(query) = query.filter(|q| !q.is_empty()) else { return target.to_owned() };
    let (path, fragment) = target.split_at(target.find('#').unwrap_or(target.len()));
    let join = if path.contains('?') { '&' } else { '?' };
    format!("{path}{join}{query}{fragment}")
}

fn collect_pages(root: &Path, dir: &Path, pages: &mut HashMap<String, String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.join("index.html").is_file() {
                if let Ok(rel) = path.strip_prefix(root) {
                    let page = format!("/{}", rel.to_string_lossy());
                    pages.insert(page.to_lowercase(), page);
                }
            }
            collect_pages(root, &path, pages);
        }
    }
}

impl Site {
    pub fn load(root: &Path) -> Self {
        let redirects = std::fs::read_to_string(root.join(REDIRECTS))
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        let mut canonical = HashMap::new();
        collect_pages(root, root, &mut canonical);
        Self { root: root.to_owned(), redirects, canonical }
    }

    /// The cache policy of a file [`Site::resolve`] returned (a missing asset's 404 page is a page).
    pub fn cache_control(&self, file: &Path) -> &'static str {
        let key = file.strip_prefix(&self.root).unwrap_or(file);
        cache_control(&key.to_string_lossy().replace('\\', "/"))
    }

    pub fn is_built(&self) -> bool {
        self.root.join("index.html").is_file()
    }

    pub fn resolve(&self, path: &str) -> Resolved {
        if !self.is_built() {
            return Resolved::Missing;
        }
        let not_found_page = self.root.join(NOT_FOUND_PAGE);
        // The not-found page answers 404 however it is reached, `/404` included.
        let found = |path: PathBuf| {
            let status = if path == not_found_page { 404 } else { 200 };
            Resolved::File { path, status }
        };
        let not_found = Resolved::File { path: not_found_page.clone(), status: 404 };
        if path.split('/').any(|seg| seg == ".." || seg.contains('\\')) || path.contains('\0') {
            return not_found;
        }
        let page = trim_slash(path);
        if let Some(target) = self.redirects.get(page) {
            return Resolved::Redirect(target.clone());
        }
        // The build's `.br`/`.gz` copies are another encoding of a file, never a file of their own.
        if path.ends_with(".br") || path.ends_with(".gz") {
            return not_found;
        }
        let relative = path.trim_start_matches('/');
        let exact = self.root.join(relative);
        if exact.is_file() {
            return found(exact);
        }
        let index = exact.join("index.html");
        if index.is_file() {
            return found(index);
        }
        if let Some(canonical) = self.canonical.get(&page.to_lowercase()) {
            return Resolved::Redirect(canonical.clone());
        }
        // A file name is a file or nothing, in a client-rendered area too: the HTML shell in place of
        // a missing `/course-outline/<id>.data` (React Router's loader data) would break navigation.
        if path.rsplit('/').next().is_some_and(|name| name.contains('.')) {
            return not_found;
        }
        let lower = page.to_lowercase();
        let under = |area: &str| lower.strip_prefix(area).is_some_and(|rest| rest.starts_with('/'));
        if let Some(shell) = SHELLS.iter().find(|area| under(area)) {
            let shell_page = self.root.join(shell.trim_start_matches('/')).join("index.html");
            if shell_page.is_file() {
                if !page.starts_with(shell) {
                    return Resolved::Redirect(format!("{shell}{}", page.get(shell.len()..).unwrap_or_default()));
                }
                return Resolved::File { path: shell_page, status: 200 };
            }
        }
        let client_rendered = CLIENT_RENDERED.iter().find(|p| lower == **p || under(p));
        let fallback = self.root.join(SPA_FALLBACK);
        if let Some(prefix) = client_rendered.filter(|_| fallback.is_file()) {
            // The client router matches case-insensitively: send `/LMS` to `/lms` rather than
            // hydrate the page over another document.
            if !page.starts_with(prefix) {
                return Resolved::Redirect(format!("{prefix}{}", page.get(prefix.len()..).unwrap_or_default()));
            }
            return Resolved::File { path: fallback, status: 200 };
        }
        not_found
    }
}

/// Cache policy by the file's path in the build, e.g. `about/index.html`. The deploy script
/// (infra/scripts/deploy_site.py) puts the same header on every S3 object, and both check the
/// cases in infra/tests/cache-control.json: content-hashed assets forever; everything else (pages,
/// the redirect table, the search index, unhashed images) revalidated, so a deploy shows at once.
pub fn cache_control(key: &str) -> &'static str {
    if key.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

#[cfg(test)]
mod routing_cases;

#[cfg(test)]
mod tests {
    use super::tempdir::Dir;
    use super::*;

    fn site() -> (Dir, Site) {
        let dir = Dir::new();
        for file in [
            "index.html",
            "FreeDemo/index.html",
            "about/index.html",
            "404/index.html",
            "__spa-fallback.html",
            "assets/app-abc123.js",
            "assets/app-abc123.js.br",
            "index.html.gz",
            "course-outline/665f1c2a9b3e4d0012a1b001/index.html",
            "verify/index.html",
        ] {
            let path = dir.path().join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, file).unwrap();
        }
        std::fs::write(dir.path().join("redirects.json"), r#"{"/courses/data-analyst": "/DataAnalysisPage"}"#).unwrap();
        let site = Site::load(dir.path());
        (dir, site)
    }

    fn file(site: &Site, rel: &str, status: u16) -> Resolved {
        Resolved::File { path: site.root.join(rel), status }
    }

    #[test]
    fn serves_exact_files_then_folder_indexes() {
        let (_dir, site) = site();
        assert_eq!(site.resolve("/"), file(&site, "index.html", 200));
        assert_eq!(site.resolve("/assets/app-abc123.js"), file(&site, "assets/app-abc123.js", 200));
        assert_eq!(site.resolve("/about"), file(&site, "about/index.html", 200));
        assert_eq!(site.resolve("/about/"), file(&site, "about/index.html", 200));
        assert_eq!(
            site.resolve("/course-outline/665f1c2a9b3e4d0012a1b001"),
            file(&site, "course-outline/665f1c2a9b3e4d0012a1b001/index.html", 200)
        );
    }

    #[test]
    fn redirects_metadata_urls_and_wrong_case() {
        let (_dir, site) = site();
        assert_eq!(site.resolve("/courses/data-analyst"), Resolved::Redirect("/DataAnalysisPage".into()));
        assert_eq!(site.resolve("/freedemo"), Resolved::Redirect("/FreeDemo".into()));
        assert_eq!(site.resolve("/FREEDEMO/"), Resolved::Redirect("/FreeDemo".into()));
    }

    #[test]
    fn client_rendered_areas_fall_back_to_the_spa_shell() {
        let (_dir, site) = site();
        for path in [
            "/lms",
            "/batches/665f1c2a9b3e4d0012a1b001",
            "/recorded-lectures/x",
            "/course-outline/unknown",
            "/sign-in/callback",
        ] {
            assert_eq!(site.resolve(path), file(&site, "__spa-fallback.html", 200), "{path}");
        }
        assert_eq!(site.resolve("/LMS"), Resolved::Redirect("/lms".into()));
        assert_eq!(
            site.resolve("/Batches/665f1c2a9b3e4d0012a1b001"),
            Resolved::Redirect("/batches/665f1c2a9b3e4d0012a1b001".into())
        );
    }

    #[test]
    fn an_area_with_a_shell_of_its_own_serves_that_page() {
        let (_dir, site) = site();
        for path in ["/verify", "/verify/", "/verify/SKY-7K3Q-9WXD-M2PA-4TRE", "/verify/anything/"] {
            assert_eq!(site.resolve(path), file(&site, "verify/index.html", 200), "{path}");
        }
        assert_eq!(
            site.resolve("/Verify/SKY-7K3Q-9WXD-M2PA-4TRE"),
            Resolved::Redirect("/verify/SKY-7K3Q-9WXD-M2PA-4TRE".into())
        );
        assert_eq!(site.resolve("/verify/SKY-7K3Q.pdf"), file(&site, "404/index.html", 404));
    }

    #[test]
    fn everything_else_is_the_404_page() {
        let (_dir, site) = site();
        for path in ["/nope", "/lmsx", "/../etc/passwd", "/assets/missing.js"] {
            assert_eq!(site.resolve(path), file(&site, "404/index.html", 404), "{path}");
        }
    }

    #[test]
    fn a_precompressed_copy_is_never_a_file_of_its_own() {
        let (_dir, site) = site();
        for path in ["/assets/app-abc123.js.br", "/index.html.gz", "/about/index.html.br"] {
            assert_eq!(site.resolve(path), file(&site, "404/index.html", 404), "{path}");
        }
    }

    #[test]
    fn the_not_found_page_answers_404_however_it_is_reached() {
        let (_dir, site) = site();
        for path in ["/404", "/404/", "/404/index.html"] {
            assert_eq!(site.resolve(path), file(&site, "404/index.html", 404), "{path}");
        }
    }

    #[test]
    fn cache_control_matches_the_deploy_script() {
        let cases: serde_json::Value =
            serde_json::from_str(include_str!("../../../infra/tests/cache-control.json")).unwrap();
        for (key, expected) in cases["cases"].as_object().unwrap() {
            assert_eq!(cache_control(key), expected, "{key}");
        }
    }

    #[test]
    fn a_missing_asset_is_a_page_not_an_immutable_asset() {
        let (_dir, site) = site();
        let Resolved::File { path, .. } = site.resolve("/assets/missing.js") else { panic!() };
        assert_eq!(site.cache_control(&path), "no-cache");
        let Resolved::File { path, .. } = site.resolve("/assets/app-abc123.js") else { panic!() };
        assert_eq!(site.cache_control(&path), "public, max-age=31536000, immutable");
    }

    #[test]
    fn a_missing_file_in_a_client_rendered_area_is_not_found() {
        let (_dir, site) = site();
        assert_eq!(site.resolve("/course-outline/unknown.data"), file(&site, "404/index.html", 404));
    }

    #[test]
    fn redirect_locations_keep_the_query_before_the_fragment() {
        assert_eq!(redirect_location("/FreeDemo", None), "/FreeDemo");
        assert_eq!(redirect_location("/FreeDemo", Some("")), "/FreeDemo");
        assert_eq!(redirect_location("/FreeDemo", Some("x=1&x=2")), "/FreeDemo?x=1&x=2");
        assert_eq!(redirect_location("/services#cloud-devops", Some("x=1")), "/services?x=1#cloud-devops");
        assert_eq!(redirect_location("/contact?service=a", Some("x=1")), "/contact?service=a&x=1");
    }

    #[test]
    fn an_unbuilt_site_says_so() {
        let dir = Dir::new();
        assert_eq!(Site::load(dir.path()).resolve("/"), Resolved::Missing);
    }
}

/// A throwaway folder, removed on drop.
#[cfg(test)]
mod tempdir {
    pub struct Dir(std::path::PathBuf);
    impl Dir {
        pub fn new() -> Self {
            let path = std::env::temp_dir().join(format!("academy-site-{}", academy_core::ids::generate()));
            std::fs::create_dir_all(&path).unwrap();
            Self(path)
        }
        pub fn path(&self) -> &std::path::Path {
            &self.0
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

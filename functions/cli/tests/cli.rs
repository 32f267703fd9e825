//! The `academy` command as an operator and a browser use it: real processes, a real store
//! file, a real HTTP server.

use academy_core::store::{CatalogRecords, SubmissionRecords};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const MERN_07: &str = "665f1c2a9b3e4d0012a1c001";

struct Workspace {
    dir: PathBuf,
}

impl Workspace {
    fn new() -> Self {
        let dir =
            std::env::temp_dir().join(format!("academy-cli-{}", std::process::id() as u64 * 1000 + rand_suffix()));
        std::fs::create_dir_all(&dir).unwrap();
        Self { dir }
    }

    fn store(&self) -> String {
        format!("embedded:{}", self.dir.join("academy.db").display())
    }

    fn outbox(&self) -> PathBuf {
        self.dir.join("outbox")
    }

    fn academy(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_academy"))
            .args(args)
            .env("ACADEMY_STORE", self.store())
            .env("ACADEMY_OUTBOX", self.outbox())
            .env("RUST_LOG", "warn")
            .output()
            .expect("academy runs")
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.academy(args);
        assert!(out.status.success(), "academy {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        if !self.dir.as_os_str().is_empty() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

fn course_count(ws: &Workspace) -> usize {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let store = ws.store().parse::<academy_core::store::StoreUrl>().unwrap().open().await.unwrap();
        store.list_courses().await.unwrap().len()
    })
}

#[test]
fn seed_is_idempotent() {
    let ws = Workspace::new();
    assert!(ws.ok(&["seed"]).contains("Imported 4 courses"));
    ws.ok(&["seed"]);
    assert_eq!(course_count(&ws), 4);
}

#[test]
fn grant_prints_the_secret_once_and_stores_only_its_hash() {
    let ws = Workspace::new();
    ws.ok(&["seed"]);
    let stdout = ws.ok(&["grant", "--batch", MERN_07, "--label", "Ayesha K."]);
    let secret = stdout.lines().last().unwrap().to_owned();
    assert!(
        secret.len() >= 22 && secret.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
        "{secret:?}"
    );
    let db = std::fs::read(ws.dir.join("academy.db")).unwrap();
    let wal = std::fs::read(ws.dir.join("academy.db-wal")).unwrap_or_default();
    for bytes in [db, wal] {
        assert!(!bytes.windows(secret.len()).any(|w| w == secret.as_bytes()), "the Secret ID itself is never stored");
    }
}

#[test]
fn grant_refuses_unknown_and_malformed_batches() {
    let ws = Workspace::new();
    ws.ok(&["seed"]);
    for batch in ["ffffffffffffffffffffffff", "nope"] {
        let out = ws.academy(&["grant", "--batch", batch]);
        assert!(!out.status.success());
        assert!(out.stdout.is_empty(), "no secret is printed");
    }
}

#[test]
fn revoke_by_label_and_by_secret() {
    let ws = Workspace::new();
    ws.ok(&["seed"]);
    ws.ok(&["grant", "--batch", MERN_07, "--label", "alpha"]);
    let secret = ws.ok(&["grant", "--batch", MERN_07]).lines().last().unwrap().to_owned();
    assert!(ws.ok(&["revoke", "--batch", MERN_07, "--label", "alpha"]).contains("Revoked 1"));
    assert!(ws.ok(&["revoke", "--batch", MERN_07, "--secret", &secret]).contains("Revoked 1"));
    let again = ws.academy(&["revoke", "--batch", MERN_07, "--secret", &secret]);
    assert!(!again.status.success(), "nothing left to revoke");
    // One Secret ID in 64 starts with `-`: it is the value, not an option.
    let hyphen = ws.academy(&["revoke", "--batch", MERN_07, "--secret", "-I4h_AxASxlv_BrsPjfQWAAUUlBG7XfB"]);
    let said = String::from_utf8_lossy(&hyphen.stderr);
    assert!(!hyphen.status.success() && !said.contains("unexpected argument"), "{said}");
}

#[test]
fn import_reports_every_problem_and_writes_nothing() {
    let ws = Workspace::new();
    let file = ws.dir.join("bad.json");
    std::fs::write(
        &file,
        r#"{"courses": [{"_id": "0123456789abcdef01234567", "title": "Good", "description": "d", "duration": "3 Months", "thumbnail": "/t.webp"},
                        {"_id": "BAD", "title": "", "description": "d", "duration": "3 Months", "thumbnail": "/t.webp"}],
           "batches": [{"_id": "0123456789abcdef0123456b", "courseId": "ffffffffffffffffffffffff", "name": "B", "mode": "Online",
                        "schedule": "Mon", "timing": "7 PM", "instructor": "I", "startDate": "2026-02-01", "endDate": "2026-01-01",
                        "price": "$99", "seats": 10, "enrolled": 12, "description": "d"}]}"#,
    )
    .unwrap();
    let out = ws.academy(&["import", file.to_str().unwrap()]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    for expected in
        ["courses[1]._id", "courses[1].title", "batches[0].courseId", "batches[0].enrolled", "batches[0].endDate"]
    {
        assert!(stderr.contains(expected), "{expected} missing from:\n{stderr}");
    }
    assert_eq!(course_count(&ws), 0, "the good course was not written either");

    std::fs::write(&file, r#"{"courses": [{"_id": 7}]}"#).unwrap();
    let stderr = String::from_utf8(ws.academy(&["import", file.to_str().unwrap()]).stderr).unwrap();
    assert!(stderr.contains("courses[0]._id"), "{stderr}");
}

#[test]
fn submissions_list_is_empty_on_a_new_store() {
    let ws = Workspace::new();
    assert!(ws.ok(&["submissions", "list"]).contains("No submissions yet."));
    assert_eq!(ws.ok(&["submissions", "list", "--json"]).trim(), "[]");
    assert!(!ws.academy(&["submissions", "show", "missing"]).status.success());
}

#[test]
fn outside_the_project_without_a_store_nothing_is_created_and_the_store_looked_for_is_named() {
    // GIVEN an empty folder that is not the project, and no store named
    let ws = Workspace::new();
    let expected = ws.dir.join("var").join("academy.db");
    for args in [&["grant", "--batch", MERN_07][..], &["submissions", "list"], &["seed"]] {
        // WHEN an operations command runs there
        let out = Command::new(env!("CARGO_BIN_EXE_academy"))
            .args(args)
            .current_dir(&ws.dir)
            .env_remove("ACADEMY_STORE")
            .env("RUST_LOG", "warn")
            .output()
            .expect("academy runs");

        // THEN it fails, names the store it looked for, and leaves the folder empty
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "academy {args:?} succeeded: {said}");
        assert!(said.contains(&format!("no store at {}", expected.display())), "{said}");
        assert!(said.contains("--store"), "{said}");
        let left: Vec<_> = std::fs::read_dir(&ws.dir).unwrap().collect();
        assert!(left.is_empty(), "academy {args:?} created {left:?}");
    }
}

/// A running `academy serve` on a free port, over a small fake site build.
struct Server {
    child: std::process::Child,
    base: String,
    _ws: Workspace,
}

fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn serve() -> Server {
    serve_with(&[])
}

/// `academy serve` with `extra` arguments.
fn serve_with(extra: &[&str]) -> Server {
    serve_in(Workspace::new(), extra, &[])
}

/// `academy serve` on `ws`'s store and outbox, with `extra` arguments and `env`.
fn serve_in(ws: Workspace, extra: &[&str], env: &[(&str, &str)]) -> Server {
    let site = ws.dir.join("site");
    let page =
        |title: &str| format!("<!doctype html><title>{title}</title><h1>{title}</h1>{}", "<p>padding</p>".repeat(200));
    write(&site, "index.html", &page("Home"));
    write(&site, "FreeDemo/index.html", &page("Free demo"));
    write(&site, "404/index.html", &page("Oops! Page not found"));
    write(&site, "__spa-fallback.html", &page("Loading"));
    write(&site, "assets/entry-abc123.js", &"console.log('hi');".repeat(100));
    // The build's precompressed copies (stand-in bytes: the test checks which file is sent).
    write(&site, "index.html.br", "home as brotli");
    write(&site, "index.html.gz", "home as gzip");
    write(&site, "404/index.html.gz", "404 as gzip");
    write(&site, "redirects.json", r#"{"/courses/data-analyst": "/DataAnalysisPage"}"#);
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new(env!("CARGO_BIN_EXE_academy"))
        .args(["serve", "--port", &port.to_string(), "--site", site.to_str().unwrap()])
        .args(extra)
        .env("ACADEMY_STORE", ws.store())
        .env("ACADEMY_OUTBOX", ws.outbox())
        .env("ACADEMY_LECTURES", ws.dir.join("lectures"))
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    Server { child, base: format!("http://127.0.0.1:{port}"), _ws: ws }
}

impl Server {
    /// Kills the server at once (SIGKILL, as `kill -9`: nothing of it runs afterwards) and gives
    /// back its workspace.
    fn kill_9(mut self) -> Workspace {
        let _ = self.child.kill();
        let _ = self.child.wait();
        std::mem::replace(&mut self._ws, Workspace { dir: PathBuf::new() })
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn client() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

#[tokio::test]
async fn serve_mounts_the_api_on_a_seeded_store() {
    let server = serve();
    let courses = client().get(format!("{}/api/courses", server.base)).send().await.unwrap();
    assert_eq!(courses.status(), 200);
    let body: serde_json::Value = serde_json::from_str(&courses.text().await.unwrap()).unwrap();
    assert_eq!(body.as_array().unwrap().len(), 4, "seeded on first start");
    let missing = client().get(format!("{}/api/outline/ffffffffffffffffffffffff", server.base)).send().await.unwrap();
    assert_eq!(missing.status(), 404);
    assert_eq!(missing.headers()["content-type"], "application/json");
}

#[tokio::test]
async fn serve_answers_every_api_path_in_json_and_head_like_get() {
    let server = serve();
    for path in ["/api", "/api/", "/api/nope", "/api/courses/x/y"] {
        let answer = client().get(format!("{}{path}", server.base)).send().await.unwrap();
        assert_eq!(
            (answer.status().as_u16(), answer.headers()["content-type"].to_str().unwrap()),
            (404, "application/json"),
            "{path}"
        );
    }
    let head = client().head(format!("{}/api/courses", server.base)).send().await.unwrap();
    assert_eq!((head.status().as_u16(), head.headers()["content-type"].to_str().unwrap()), (200, "application/json"));
    assert!(head.bytes().await.unwrap().is_empty());
}

/// Reads from `stream` until the peer closes it or `limit` passes; what arrived, and whether it closed.
fn read_until_closed(stream: &mut std::net::TcpStream, limit: Duration) -> (String, bool) {
    use std::io::Read;
    stream.set_read_timeout(Some(limit)).unwrap();
    let mut received = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return (String::from_utf8_lossy(&received).into_owned(), true),
            Ok(n) => received.extend_from_slice(&buf[..n]),
            Err(_) => return (String::from_utf8_lossy(&received).into_owned(), false),
        }
    }
}

#[test]
fn serve_closes_connections_that_send_headers_or_bodies_too_slowly() {
    use std::io::Write;
    let server = serve_with(&["--header-timeout", "1", "--body-timeout", "2"]);
    let addr = server.base.trim_start_matches("http://").to_owned();
    // Headers that never finish: the connection is closed once the header timeout passes.
    let mut slow_headers = std::net::TcpStream::connect(&addr).unwrap();
    slow_headers.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n").unwrap();
    let (_, closed) = read_until_closed(&mut slow_headers, Duration::from_secs(20));
    assert!(closed, "a connection stuck in its headers stays open");
    // A connection that sends nothing at all is closed too.
    let mut silent = std::net::TcpStream::connect(&addr).unwrap();
    let (_, closed) = read_until_closed(&mut silent, Duration::from_secs(20));
    assert!(closed, "a silent connection stays open");
    // A body that never arrives: 408 JSON, then the connection is closed.
    let mut slow_body = std::net::TcpStream::connect(&addr).unwrap();
    slow_body
        .write_all(
            b"POST /api/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{\"q",
        )
        .unwrap();
    let (answer, closed) = read_until_closed(&mut slow_body, Duration::from_secs(20));
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"request_timeout\""), "{answer}");
    assert!(closed, "the connection stays open after a 408");
}

#[tokio::test]
async fn serve_refuses_bodies_over_64_kib() {
    let server = serve();
    let big = "x".repeat(64 * 1024 + 1);
    let answer = client().post(format!("{}/api/courses", server.base)).body(big).send().await.unwrap();
    assert_eq!(answer.status(), 413);
    let body: serde_json::Value = serde_json::from_str(&answer.text().await.unwrap()).unwrap();
    assert_eq!(body["error"], "payload_too_large");
}

/// One HTTP/1.1 answer read from `stream`: its head (lowercase) and body, by its Content-Length.
fn read_answer(stream: &mut std::io::BufReader<std::net::TcpStream>) -> std::io::Result<(String, String)> {
    use std::io::{BufRead, Read};
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if stream.read_line(&mut line)? == 0 {
            return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, format!("closed after {head:?}")));
        }
        if line == "\r\n" {
            break;
        }
        head.push_str(&line.to_ascii_lowercase());
    }
    let length =
        head.lines().find_map(|l| l.strip_prefix("content-length:")).map_or(0, |v| v.trim().parse::<usize>().unwrap());
    let mut body = vec![0; length];
    stream.read_exact(&mut body)?;
    Ok((head, String::from_utf8_lossy(&body).into_owned()))
}

/// Sends `first` (a whole request, body and all) on a new connection, reads its answer, and then,
/// unless that answer said `Connection: close`, a second request on the same connection: the
/// first answer, and whether the connection was closed as said or carried the second request.
fn refused_then_next(addr: &str, first: &[u8]) -> (String, &'static str) {
    use std::io::Write;
    let stream = std::net::TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let mut reader = std::io::BufReader::new(stream.try_clone().unwrap());
    let mut writer = stream;
    writer.write_all(first).unwrap();
    let (head, _) = read_answer(&mut reader).expect("the refusal");
    if head.lines().any(|l| l.trim() == "connection: close") {
        // Closed: an end of stream, or a reset when the server left bytes of ours unread.
        let mut rest = [0u8; 1];
        let end = std::io::Read::read(reader.get_mut(), &mut rest);
        let closed = matches!(end, Ok(0)) || end.is_err_and(|e| e.kind() == std::io::ErrorKind::ConnectionReset);
        assert!(closed, "said close but stayed open: {head}");
        return (head, "closed as said");
    }
    let next = writer.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    match next.and_then(|()| read_answer(&mut reader)) {
        Ok((second, _)) if second.starts_with("http/1.1 200") => (head, "carried the next request"),
        Ok((second, _)) => panic!("after {head}: the next request answered {second}"),
        Err(e) => panic!("after {head}: the next request on the kept-alive connection failed: {e}"),
    }
}

#[test]
fn an_early_refusal_leaves_a_kept_alive_connection_usable_or_closes_it_saying_so() {
    // GIVEN a server that takes recordings' parts (of at most 64 KiB)
    const KEY: &str = "a-local-lecture-key-of-thirty-two-bytes-or-more";
    let part = academy_core::media::uploads::LOCAL_MIN_PART.to_string();
    let env = [("ACADEMY_LECTURE_KEY", KEY), ("ACADEMY_UPLOAD_PART_BYTES", part.as_str())];
    let server = serve_in(Workspace::new(), &[], &env);
    let addr = server.base.trim_start_matches("http://").to_owned();
    fn request(head: &str, body: &[u8]) -> Vec<u8> {
        let mut bytes = format!("{head}\r\nHost: x\r\nContent-Length: {}\r\n\r\n", body.len()).into_bytes();
        bytes.extend_from_slice(body);
        bytes
    }
    let body = vec![b'x'; 60 * 1024];

    // WHEN a part under a forged signature is sent in full THEN 403, and the connection carries the next request
    let forged = request("PUT /upload/0123456789abcdef/1?expires=9999999999&key=k1&signature=forged HTTP/1.1", &body);
    let (head, then) = refused_then_next(&addr, &forged);
    assert!(head.starts_with("http/1.1 403"), "{head}");
    assert_eq!(then, "carried the next request");
    // WHEN an API body over 64 KiB is sent in full THEN 413, and the same
    let json = "application/json";
    let over = request(&format!("POST /api/chat HTTP/1.1\r\nContent-Type: {json}"), &vec![b' '; 64 * 1024 + 1]);
    let (head, then) = refused_then_next(&addr, &over);
    assert!(head.starts_with("http/1.1 413"), "{head}");
    assert_eq!(then, "carried the next request");
    // WHEN a body far too large to read is announced THEN 413 saying `Connection: close`, and it closes
    let huge =
        b"POST /api/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n{";
    let (head, then) = refused_then_next(&addr, huge);
    assert!(head.starts_with("http/1.1 413"), "{head}");
    assert_eq!(then, "closed as said");
}

#[tokio::test]
async fn serve_follows_the_cdn_rules_for_the_site() {
    let server = serve();
    let get = |path: &str| client().get(format!("{}{path}", server.base)).send();
    let home = get("/").await.unwrap();
    assert_eq!(home.status(), 200);
    assert_eq!(home.headers()["cache-control"], "no-cache");
    for header in ["content-security-policy", "x-content-type-options", "referrer-policy"] {
        assert!(home.headers().contains_key(header), "{header}");
    }
    assert!(home.headers()["content-security-policy"].to_str().unwrap().contains("frame-ancestors 'none'"));
    let asset = get("/assets/entry-abc123.js").await.unwrap();
    assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");
    let no_asset = get("/assets/entry-gone99.js").await.unwrap();
    assert_eq!(no_asset.status(), 404);
    assert!(
        !no_asset.headers()["cache-control"].to_str().unwrap().contains("immutable"),
        "a missing asset is not cached for a year"
    );
    assert_eq!(get("/FreeDemo").await.unwrap().status(), 200);
    let wrong_case = get("/freedemo?x=1").await.unwrap();
    assert_eq!(
        (wrong_case.status().as_u16(), wrong_case.headers()["location"].to_str().unwrap()),
        (301, "/FreeDemo?x=1")
    );
    let alias = get("/courses/data-analyst").await.unwrap();
    assert_eq!(alias.headers()["location"], "/DataAnalysisPage");
    let spa = get("/batches/665f1c2a9b3e4d0012a1b001").await.unwrap();
    assert_eq!(spa.status(), 200);
    assert!(spa.text().await.unwrap().contains("Loading"));
    let missing = get("/no/such/page").await.unwrap();
    assert_eq!(missing.status(), 404);
    assert!(missing.text().await.unwrap().contains("Oops! Page not found"));
}

#[tokio::test]
async fn serve_sends_the_builds_compressed_copies_and_compresses_only_the_api() {
    let server = serve();
    let get = |path: &str, encoding: &str| {
        client().get(format!("{}{path}", server.base)).header("accept-encoding", encoding).send()
    };
    for (encoding, accept, body) in [("br", "gzip, br", "home as brotli"), ("gzip", "gzip", "home as gzip")] {
        let page = get("/", accept).await.unwrap();
        assert_eq!(page.headers()["content-encoding"], encoding);
        assert_eq!(page.headers()["content-type"], "text/html");
        assert_eq!(page.headers()["vary"], "accept-encoding");
        assert_eq!(page.text().await.unwrap(), body, "the file compressed at build time, as it is");
    }
    let plain = get("/", "identity").await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.headers()["vary"], "accept-encoding");
    assert!(plain.text().await.unwrap().contains("<h1>Home</h1>"));
    let not_found = get("/nope", "gzip").await.unwrap();
    assert_eq!((not_found.status().as_u16(), not_found.text().await.unwrap()), (404, "404 as gzip".into()));
    // A site file without copies goes as it is: nothing is compressed per request.
    let asset = get("/assets/entry-abc123.js", "gzip, br").await.unwrap();
    assert!(asset.headers().get("content-encoding").is_none());
    assert!(asset.headers().get("vary").is_none());
    for copy in ["/index.html.br", "/index.html.gz"] {
        assert_eq!(get(copy, "br").await.unwrap().status(), 404, "{copy}");
    }
    let api = get("/api/courses", "gzip").await.unwrap();
    assert_eq!(api.headers()["content-encoding"], "gzip", "API answers are still compressed on the fly");
}

#[test]
fn serve_stops_cleanly_on_sigterm() {
    let mut server = serve();
    // SAFETY: sending a signal to our own child process.
    unsafe { libc::kill(server.child.id() as i32, libc::SIGTERM) };
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            assert!(status.success(), "exit status {status}");
            break;
        }
        assert!(Instant::now() < deadline, "still running 10 s after SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn eml_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| std::fs::read_to_string(e.path()).unwrap()).collect())
        .unwrap_or_default()
}

#[tokio::test]
async fn a_contact_message_lands_in_the_outbox_and_lists_as_sent() {
    let server = serve();
    let form = serde_json::json!({"formType": "contact-form", "formData": {"firstName": "Zara", "lastName": "Malik",
        "email": "zara.malik@example.co.uk", "message": "Corporate training for 12 staff?"}});
    let post = || client().post(format!("{}/api/send-email", server.base)).body(form.to_string());
    let unlabelled = post().send().await.unwrap();
    assert_eq!(unlabelled.status(), 415, "a body without Content-Type: application/json is refused");
    assert!(eml_files(&server._ws.outbox()).is_empty());
    let answer = post().header("content-type", "application/json").send().await.unwrap();
    assert_eq!(answer.status(), 200);
    let messages = eml_files(&server._ws.outbox());
    assert_eq!(messages.len(), 1);
    assert!(messages[0].contains("zara.malik@example.co.uk") && messages[0].contains("Corporate training"));
    let listed = server._ws.ok(&["submissions", "list"]);
    assert!(listed.contains("sent") && listed.contains("zara.malik@example.co.uk"), "{listed}");
}

#[test]
fn resend_mails_a_stored_submission_again() {
    let ws = Workspace::new();
    let id = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let store = ws.store().parse::<academy_core::store::StoreUrl>().unwrap().open().await.unwrap();
        let data = serde_json::json!({"firstName": "Omar", "lastName": "Farooq", "email": "omar@example.pk", "message": "Hello"});
        let submission = academy_core::domain::Submission {
            id: id.into(),
            form_type: "contact-form".into(),
            form_data: data.as_object().unwrap().clone(),
            status: academy_core::domain::SubmissionStatus::Failed,
            attempts: 3,
            created_at: 1_790_000_000,
            last_error: Some("SES throttled".into()),
            handling: None,
        };
        store.insert_submission(&submission).await.unwrap();
    });
    assert!(ws.ok(&["submissions", "resend", id]).contains("is sent"));
    assert_eq!(eml_files(&ws.outbox()).len(), 1);
    let shown: serde_json::Value = serde_json::from_str(&ws.ok(&["submissions", "show", id])).unwrap();
    assert_eq!((shown["status"].as_str(), shown["attempts"].as_u64()), (Some("sent"), Some(4)));
}

/// The submissions in `ws`'s store.
async fn stored_submissions(ws: &Workspace) -> Vec<academy_core::domain::Submission> {
    let store = ws.store().parse::<academy_core::store::StoreUrl>().unwrap().open().await.unwrap();
    store.list_submissions().await.unwrap()
}

/// The outbox's file names.
fn outbox_names(ws: &Workspace) -> Vec<String> {
    std::fs::read_dir(ws.outbox())
        .map(|entries| entries.flatten().filter_map(|e| e.file_name().into_string().ok()).collect())
        .unwrap_or_default()
}

/// What a crash left: submissions still pending, and half-written files in the outbox.
async fn stranded(ws: &Workspace) -> (usize, usize) {
    let pending = stored_submissions(ws)
        .await
        .iter()
        .filter(|s| s.status == academy_core::domain::SubmissionStatus::Pending)
        .count();
    (pending, outbox_names(ws).iter().filter(|n| n.ends_with(".partial")).count())
}

/// Kills `pid` with SIGKILL the moment it next creates a file in `dir` (the outbox: it creates
/// only the partial file of a message it is writing), so it dies between storing an enquiry and
/// recording it mailed. Gives up after 30 s.
fn kill_9_at_next_file(dir: &Path, pid: u32) -> Result<(), String> {
    std::fs::create_dir_all(dir).unwrap();
    let path = std::ffi::CString::new(dir.to_str().unwrap()).unwrap();
    // SAFETY: plain system calls on a descriptor this function owns and closes.
    unsafe {
        let fd = libc::inotify_init1(libc::IN_CLOEXEC);
        assert!(fd >= 0, "inotify is available");
        assert!(libc::inotify_add_watch(fd, path.as_ptr(), libc::IN_CREATE) >= 0);
        let mut ready = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
        let created = libc::poll(&mut ready, 1, 30_000) == 1;
        if created {
            libc::kill(pid as i32, libc::SIGKILL);
        }
        libc::close(fd);
        created.then_some(()).ok_or_else(|| "no message was written for 30 s".into())
    }
}

/// Sends enquiries from 48 connections at a time to `server`, each from the next of the loopback
/// addresses (25 from each, under the per-client limit), and once `answered` have been answered
/// kills it with `kill -9` as it starts writing a message, with the others still in flight.
/// Returns the ids of the answered ones.
async fn burst_then_kill_9(server: Server, round: usize, answered: usize) -> (Workspace, Vec<String>) {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};
    let ids = Arc::new(Mutex::new(Vec::<String>::new()));
    let (next, stop) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
    let workers: Vec<_> = (0..48)
        .map(|_| {
            let (ids, next, stop, base) = (ids.clone(), next.clone(), stop.clone(), server.base.clone());
            tokio::spawn(async move {
                while !stop.load(Ordering::SeqCst) {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let address =
                        std::net::IpAddr::from([127, 1 + round as u8, (k / 25 / 250) as u8, (2 + k / 25 % 250) as u8]);
                    let client = reqwest::Client::builder().local_address(address).build().unwrap();
                    let form = serde_json::json!({"formType": "contact-form", "formData": {"firstName": "Burst",
                        "lastName": format!("Visitor {round}-{k}"), "email": format!("burst{round}x{k}@example.pk"),
                        "message": "Is there a weekend batch?"}});
                    let post = client
                        .post(format!("{base}/api/send-email"))
                        .header("content-type", "application/json")
                        .body(form.to_string());
                    let Ok(answer) = post.send().await else { continue };
                    let Ok(text) = answer.text().await else { continue };
                    let body: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
                    if let Some(id) = body["submissionId"].as_str() {
                        ids.lock().unwrap().push(id.to_owned());
                    }
                }
            })
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(60);
    while ids.lock().unwrap().len() < answered {
        assert!(Instant::now() < deadline, "the burst was not answered");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let outbox = server._ws.outbox();
    kill_9_at_next_file(&outbox, server.child.id()).unwrap();
    let ws = server.kill_9();
    stop.store(true, Ordering::SeqCst);
    for worker in workers {
        worker.await.unwrap();
    }
    let ids = ids.lock().unwrap().clone();
    (ws, ids)
}

/// `kill -9` of `academy serve` in the middle of a burst of enquiries, then a restart: every
/// stored enquiry ends `sent` with exactly one message in the outbox, and no half-written file
/// stays there.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn after_a_crash_in_a_burst_every_stored_enquiry_is_mailed_exactly_once() {
    // GIVEN servers that re-drive only at start and only what is an hour old (so: nothing), each
    // killed in a burst as it writes a message, until a kill has left an enquiry pending
    let no_redrive = [("ACADEMY_REDRIVE_SECONDS", "3600")];
    let mut ws = Workspace::new();
    let mut answered = Vec::new();
    for round in 0..10 {
        let server = serve_in(ws, &[], &no_redrive);
        let (after, ids) = burst_then_kill_9(server, round, 40).await;
        (ws, answered) = (after, [answered, ids].concat());
        let (pending, partial) = stranded(&ws).await;
        eprintln!("kill {round}: {} answered in all, {pending} pending, {partial} partial files", answered.len());
        if pending > 0 {
            break;
        }
    }
    let before = stored_submissions(&ws).await;
    assert!(stranded(&ws).await.0 > 0, "no kill caught an enquiry in flight");
    for id in &answered {
        assert!(before.iter().any(|s| &s.id == id), "answered {id} but did not store it");
    }

    // WHEN it is started again (re-driving every second what has been pending for a second)
    let restarted = serve_in(ws, &[], &[("ACADEMY_REDRIVE_SECONDS", "1")]);
    let ws = &restarted._ws;
    // THEN every stored enquiry ends sent with exactly one message, and no partial file is left
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let submissions = stored_submissions(ws).await;
        let names = outbox_names(ws);
        let messages_of = |id: &str| names.iter().filter(|n| n.ends_with(".eml") && n.contains(id)).count();
        let unsettled: Vec<String> = submissions
            .iter()
            .filter(|s| s.status != academy_core::domain::SubmissionStatus::Sent || messages_of(&s.id) != 1)
            .map(|s| format!("{} {:?} {} message(s)", s.id, s.status, messages_of(&s.id)))
            .collect();
        let partials: Vec<&String> = names.iter().filter(|n| n.ends_with(".partial")).collect();
        if unsettled.is_empty() && partials.is_empty() {
            assert_eq!(submissions.len(), before.len(), "nothing new was stored");
            assert_eq!(names.len(), submissions.len(), "one file a submission, nothing else: {names:?}");
            break;
        }
        assert!(Instant::now() < deadline, "after 90 s: unsettled {unsettled:?}, partial files {partials:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A lecture recording's parts PUT over HTTP to `academy serve`'s own part route, as the console's
/// browser sends them: the upload opened and joined through the same folder and key the server
/// uses (the staff API that does this is tested in academy-core's tests/lectures.rs).
#[tokio::test]
async fn serve_takes_a_recordings_parts_resumes_and_refuses_what_it_did_not_sign() {
    use academy_core::media::uploads::{FolderUploads, LectureUploads, LOCAL_MIN_PART};
    const KEY: &str = "a-local-lecture-key-of-thirty-two-bytes-or-more";
    let ws = Workspace::new();
    let lectures = ws.dir.join("lectures");
    let part = LOCAL_MIN_PART.to_string();
    let env = [("ACADEMY_LECTURE_KEY", KEY), ("ACADEMY_UPLOAD_PART_BYTES", part.as_str())];
    let server = serve_in(ws, &[], &env);
    let uploads = FolderUploads::new(&lectures, Some(KEY), Some(LOCAL_MIN_PART)).unwrap();
    let key = "lectures/665f1c2a9b3e4d0012a1c001/0123456789abcdef01234567/source/1-a.mp4";
    let bytes: Vec<u8> = (0..3 * LOCAL_MIN_PART as usize + 7).map(|i| (i % 253) as u8).collect();
    let id = uploads.start(key, "video/mp4", LOCAL_MIN_PART).await.unwrap();
    let urls = uploads.part_urls(key, &id, 4).await.unwrap();
    let chunk =
        |n: usize| bytes[(n - 1) * LOCAL_MIN_PART as usize..(n * LOCAL_MIN_PART as usize).min(bytes.len())].to_vec();
    let base = server.base.clone();
    let put = |url: String, body: Vec<u8>| {
        let target = format!("{base}{url}");
        async move {
            let answer = client().put(target).body(body).send().await.unwrap();
            let etag = answer.headers().get("etag").map(|v| v.to_str().unwrap().to_owned());
            (answer.status().as_u16(), etag)
        }
    };

    // WHEN two parts are sent, and the upload is looked at again (a reload)
    let mut etags = Vec::new();
    for n in 1..=2 {
        let (status, etag) = put(urls[n - 1].url.clone(), chunk(n)).await;
        assert_eq!(status, 200);
        etags.push(etag.expect("an ETag, as S3 answers"));
    }
    let stored = uploads.stored_parts(key, &id).await.unwrap();
    assert_eq!(
        stored.iter().map(|p| (p.number, p.etag.clone())).collect::<Vec<_>>(),
        [(1, etags[0].clone()), (2, etags[1].clone())]
    );
    // THEN the rest go, part 3 twice (a wrong copy first), and the parts join into the recording
    assert_eq!(put(urls[2].url.clone(), vec![9; 10]).await.0, 200);
    for n in 3..=4 {
        let (status, etag) = put(urls[n - 1].url.clone(), chunk(n)).await;
        assert_eq!(status, 200);
        etags.push(etag.unwrap());
    }
    // Refused: a part too large (413), another part's signature, a URL of another server's key
    assert_eq!(put(urls[0].url.clone(), vec![0; LOCAL_MIN_PART as usize + 1]).await.0, 413);
    assert_eq!(put(urls[0].url.replacen("/1?", "/2?", 1), vec![0; 4]).await.0, 403);
    let stranger = FolderUploads::new(&lectures, None, None).unwrap();
    let forged = stranger.part_urls(key, &id, 1).await.unwrap();
    assert_eq!(put(forged[0].url.clone(), vec![0; 4]).await.0, 403);
    assert_eq!(client().get(format!("{}{}", server.base, urls[0].url)).send().await.unwrap().status(), 405);
    let parts: Vec<_> = uploads.stored_parts(key, &id).await.unwrap();
    assert_eq!(parts.iter().map(|p| p.etag.clone()).collect::<Vec<_>>(), etags);
    uploads.complete(key, &id, &parts).await.unwrap();
    assert_eq!(std::fs::read(lectures.join(key)).unwrap(), bytes);
    // A closed upload takes no more parts
    assert_eq!(put(urls[0].url.clone(), chunk(1)).await.0, 409);
}

//! The staff console's API (`/api/staff/*`) through the dispatcher every Lambda and `academy
//! serve` use, signed in at the real local OpenID provider (which makes `oidc::STAFF_EMAIL` staff),
//! on SQLite and on DynamoDB in moto: who may call each route, the enquiries, enrolments and their
//! welcome mail, students getting their batch by e-mail, bulk enrolment, a batch's report, the
//! audit trail, and what one page of enquiries costs the store.

use crate::oidc;
use crate::support;
use support::console::{next_ip, Reply};

use academy_core::domain::{AccessGrant, BatchLink, Enrolment, Handling, Submission, SubmissionStatus};
use academy_core::enrolment::Mailing;
use academy_core::http::identity::Verifier;
use academy_core::leads::console::READ_BUDGET;
use academy_core::learning::secret;
use academy_core::mail::OutboxMailer;
use academy_core::platform::local::AppState;
use academy_core::store::sqlite::SqliteItems;
use academy_core::store::{
    EnrolmentRecords, GrantRecords, Item, ItemPage, Items, Order, Position, PutMode, Range, Store, StudentRecords,
    SubmissionRecords,
};
use academy_core::time;
use async_trait::async_trait;
use base64::Engine;
use lambda_http::Body;
use oidc::{sign_in, CLIENT_ID, STAFF_EMAIL};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The demo catalog's MERN-07 (six lectures) and MERN-08 (four).
const MERN_07: &str = "665f1c2a9b3e4d0012a1c001";
const MERN_08: &str = "665f1c2a9b3e4d0012a1c002";
const MERN_07_LECTURES: u64 = 6;
/// The site the welcome mail links to.
const SITE: &str = "https://academy.test";

// ---- the console under test ---------------------------------------------------------------------

fn encoded(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// Every service on a store holding the demo catalog, signed in at the local provider, mailing
/// into an outbox folder of its own; and staff's access token.
struct Console {
    state: AppState,
    outbox: PathBuf,
    staff: String,
}

impl Console {
    async fn open(store: Store) -> Self {
        Self::on(support::seeded(store).await).await
    }

    /// The console on `store` as it is (no catalog imported).
    async fn on(store: Store) -> Self {
        let mut state = support::app_state(store).await;
        state.sign_in(Some(Arc::new(verifier())));
        let outbox = support::outbox_dir();
        let mailer = Arc::new(OutboxMailer::new(&outbox));
        let settings = support::test_mail();
        state.mail_inline(mailer.clone(), settings.clone());
        state.staff_enrolments.mailing = Some(Mailing { mailer, from: settings.from, site_url: SITE.into() });
        let staff = sign_in(STAFF_EMAIL).await.access;
        Self { state, outbox, staff }
    }

    fn store(&self) -> &Store {
        &self.state.store
    }

    async fn call(&self, method: &str, path: &str, token: Option<&str>, body: Option<&Value>) -> Reply {
        let bearer = token.map(|t| format!("Bearer {t}"));
        let mut headers: Vec<(&str, &str)> = Vec::new();
        if let Some(bearer) = &bearer {
            headers.push(("authorization", bearer));
        }
        if matches!(method, "POST" | "PUT" | "PATCH") {
            headers.push(("content-type", "application/json"));
        }
        let body = body.map_or(Body::Empty, |b| Body::Text(b.to_string()));
        let req = support::request_with_body(method, path, &headers, &next_ip(), body);
        Reply::to(&self.state, req).await
    }

    async fn staff(&self, method: &str, path: &str, body: Option<&Value>) -> Reply {
        self.call(method, path, Some(&self.staff), body).await
    }

    async fn get(&self, path: &str) -> Value {
        self.staff("GET", path, None).await.expect(200)
    }

    /// Enrols a student as staff; the answer (`{enrolment, secretId}`).
    async fn enrol(&self, batch: &str, name: &str, email: &str) -> Value {
        let body = json!({"batchId": batch, "name": name, "email": email});
        self.staff("POST", "/api/staff/enrolments", Some(&body)).await.expect(201)
    }

    /// A batch's recorded lectures asked for with a Secret ID, from an address of its own.
    async fn videos_with(&self, batch: &str, secret: &str) -> Reply {
        let path = format!("/api/batches/{batch}/videos");
        let req = support::request("GET", &path, &[("x-secret-id", secret)], &next_ip());
        Reply::to(&self.state, req).await
    }

    /// Every page of a list, followed through its `nextCursor`s: the items in order.
    async fn every_page(&self, path: &str) -> Vec<Value> {
        let (mut items, mut cursor) = (Vec::new(), None::<String>);
        for _ in 0..10_000 {
            let join = if path.contains('?') { '&' } else { '?' };
            let page = match &cursor {
                Some(c) => self.get(&format!("{path}{join}cursor={c}")).await,
                None => self.get(path).await,
            };
            items.extend(page["items"].as_array().unwrap().iter().cloned());
            match page["nextCursor"].as_str() {
                Some(next) => cursor = Some(next.to_owned()),
                None => return items,
            }
        }
        panic!("{path} never ended")
    }

    /// The welcome mails in the outbox, decoded, oldest first.
    fn welcomes(&self) -> Vec<String> {
        let mut names: Vec<PathBuf> = std::fs::read_dir(&self.outbox)
            .map(|entries| entries.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        names.retain(|p| p.to_string_lossy().contains("-welcome-") && p.extension().is_some_and(|x| x == "eml"));
        let mut mails: Vec<(std::time::SystemTime, String)> = names
            .iter()
            .map(|p| (p.metadata().unwrap().modified().unwrap(), readable(&std::fs::read_to_string(p).unwrap())))
            .collect();
        mails.sort_by_key(|(at, _)| *at);
        mails.into_iter().map(|(_, text)| text).collect()
    }

    /// The welcomes addressed to `email`.
    fn welcomes_to(&self, email: &str) -> Vec<String> {
        self.welcomes().into_iter().filter(|m| m.lines().any(|l| l.starts_with("To:") && l.contains(email))).collect()
    }
}

fn verifier() -> Verifier {
    Verifier::new(&oidc::provider().issuer, CLIENT_ID).unwrap()
}

/// A MIME message as its reader sees it: the headers, and each part's body decoded from
/// quoted-printable or base64.
fn readable(raw: &str) -> String {
    fn decode(body: &str, encoding: &str) -> String {
        match encoding {
            "base64" => {
                let compact: String = body.split_whitespace().collect();
                let bytes = base64::engine::general_purpose::STANDARD.decode(compact).expect("base64 part");
                String::from_utf8(bytes).expect("UTF-8 part")
            }
            "quoted-printable" => {
                let joined = body.replace("=\n", "");
                let (mut out, bytes) = (Vec::new(), joined.as_bytes());
                let mut i = 0;
                while i < bytes.len() {
                    let hex =
                        bytes.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
                    match (bytes[i], hex) {
                        (b'=', Some(byte)) => {
                            out.push(byte);
                            i += 3;
                        }
                        (byte, _) => {
                            out.push(byte);
                            i += 1;
                        }
                    }
                }
                String::from_utf8(out).expect("UTF-8 part")
            }
            _ => body.to_owned(),
        }
    }
    let raw = raw.replace("\r\n", "\n");
    let (mut out, mut body) = (String::new(), String::new());
    let (mut in_headers, mut encoding) = (true, String::new());
    for line in raw.split('\n') {
        if line.starts_with("--") {
            out.push_str(&decode(&body, &encoding));
            body.clear();
            (in_headers, encoding) = (true, String::new());
            continue;
        }
        if in_headers {
            if line.is_empty() {
                in_headers = false;
            } else if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-transfer-encoding:") {
                encoding = value.trim().to_owned();
            }
            out.push_str(line);
            out.push('\n');
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    out.push_str(&decode(&body, &encoding));
    out
}

/// An enquiry as the contact form stores it, sent at `at`.
fn lead(form_type: &str, first: &str, last: &str, email: &str, at: i64) -> Submission {
    Submission {
        id: uuid::Uuid::new_v4().to_string(),
        form_type: form_type.into(),
        form_data: json!({"firstName": first, "lastName": last, "email": email, "phone": "0300 1234567",
            "message": "When does the next batch start?"})
        .as_object()
        .unwrap()
        .clone(),
        status: SubmissionStatus::Pending,
        attempts: 0,
        created_at: at,
        last_error: None,
        handling: None,
    }
}

fn handled(mut s: Submission) -> Submission {
    s.handling = Some(Handling { handled: true, at: s.created_at + 60, by: STAFF_EMAIL.into(), note: None });
    s
}

fn delivered(mut s: Submission, status: SubmissionStatus) -> Submission {
    s.status = status;
    s
}

async fn stored(store: &Store, submissions: &[Submission]) {
    for s in submissions {
        store.insert_submission(s).await.unwrap();
    }
}

fn ids_of(items: &[Value]) -> Vec<String> {
    items.iter().map(|i| i["id"].as_str().unwrap().to_owned()).collect()
}

fn ids(submissions: &[&Submission]) -> Vec<String> {
    submissions.iter().map(|s| s.id.clone()).collect()
}

/// The rows of a CSV answer, header first.
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(text.as_bytes());
    reader.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).collect()
}

// ---- who may call ---------------------------------------------------------------------------------

async fn every_staff_route_answers_401_without_a_token_403_to_a_student_and_2xx_to_staff(store: Store) {
    // GIVEN an enquiry, an enrolment, a signed-in student and staff
    let console = Console::open(store).await;
    let enquiry = lead("contact-form", "Matrix", "Lead", "matrix.lead@example.pk", time::now());
    stored(console.store(), std::slice::from_ref(&enquiry)).await;
    let enrolled = console.enrol(MERN_07, "Fixture Student", "fixture@example.pk").await;
    let enrolment = enrolled["enrolment"]["id"].as_str().unwrap().to_owned();
    let student = sign_in("student@example.pk").await.access;
    let v = verifier();
    assert!(v.verify(&console.staff).await.unwrap().is_staff(), "the provider makes {STAFF_EMAIL} staff");
    assert!(!v.verify(&student).await.unwrap().is_staff());

    let id = &enquiry.id;
    let cases: Vec<(&str, String, Option<Value>)> = vec![
        ("GET", "/api/staff/enquiries".into(), None),
        ("GET", "/api/staff/enquiries.csv".into(), None),
        ("GET", format!("/api/staff/enquiries/{id}"), None),
        ("PATCH", format!("/api/staff/enquiries/{id}"), Some(json!({"handled": true, "note": "Called back"}))),
        ("POST", format!("/api/staff/enquiries/{id}/resend"), Some(json!({}))),
        ("GET", "/api/staff/batches".into(), None),
        (
            "POST",
            "/api/staff/enrolments".into(),
            Some(json!({"batchId": MERN_07, "name": "Matrix Student", "email": "matrix@example.pk"})),
        ),
        ("GET", format!("/api/staff/batches/{MERN_07}/enrolments"), None),
        (
            "POST",
            format!("/api/staff/batches/{MERN_07}/enrolments/bulk"),
            Some(json!({"csv": "Bulk One,bulk@example.pk"})),
        ),
        ("POST", format!("/api/staff/enrolments/{enrolment}/resend"), Some(json!({}))),
        ("DELETE", format!("/api/staff/enrolments/{enrolment}"), None),
        ("GET", format!("/api/staff/batches/{MERN_07}/report"), None),
        ("GET", format!("/api/staff/batches/{MERN_07}/report.csv"), None),
        ("GET", "/api/staff/audit".into(), None),
    ];
    // The cases are every staff route with each method the route table gives it.
    let mut covered = BTreeSet::new();
    let mut expected = BTreeSet::new();
    for (method, path, _) in &cases {
        let (name, methods) = staff_route(path).unwrap_or_else(|| panic!("{path} is a console route"));
        covered.insert((name.clone(), method.to_string()));
        expected.extend(methods.iter().map(|m| (name.clone(), m.as_str().to_owned())));
    }
    assert_eq!(covered, expected, "every method of every staff route");
    assert_eq!(covered.iter().map(|(route, _)| route).collect::<BTreeSet<_>>().len(), 13, "the thirteen staff routes");

    for (method, path, body) in &cases {
        // WHEN called without a token THEN 401; with a student's THEN 403; with staff's THEN 2xx
        console.call(method, path, None, body.as_ref()).await.refused(401, "unauthorized");
        console.call(method, path, Some(&student), body.as_ref()).await.refused(403, "forbidden");
        let answer = console.staff(method, path, body.as_ref()).await;
        assert!((200..300).contains(&answer.status), "{method} {path}: {} {}", answer.status, answer.text());
        let kind = if path.ends_with(".csv") { "text/csv; charset=utf-8" } else { "application/json" };
        assert_eq!(answer.header("content-type"), kind, "{method} {path}");
    }
    // The refused calls wrote nothing: every entry of the trail is staff's.
    let trail = console.every_page("/api/staff/audit").await;
    // The enrolment made for the test, then the writes above (the bulk enrolment: its line and the roster).
    assert_eq!(trail.len(), 8, "{trail:?}");
    assert!(trail.iter().all(|e| e["actorEmail"] == STAFF_EMAIL), "{trail:?}");
}

// ---- enquiries ------------------------------------------------------------------------------------

async fn enquiries_filter_by_form_delivery_handling_and_a_name_or_email_prefix_newest_first(store: Store) {
    // GIVEN five enquiries of different forms, deliveries and handling
    let console = Console::open(store).await;
    let t = 1_760_000_000;
    let ayesha = delivered(lead("contact-form", "Ayesha", "Khan", "ayesha.khan@example.pk", t), SubmissionStatus::Sent);
    let bilal =
        delivered(lead("registration-form", "Bilal", "Ahmed", "bilal@example.pk", t + 60), SubmissionStatus::Failed);
    let sana = handled(lead("enrollment-form", "Sana", "Ayub", "sana@mail.example", t + 120));
    let khadija =
        handled(delivered(lead("contact-form", "Khadija", "Noor", "kn@example.pk", t + 180), SubmissionStatus::Failed));
    let zara = delivered(lead("contact-form", "Zara", "Ali", "Ayesha@Second.example", t + 240), SubmissionStatus::Sent);
    stored(console.store(), &[sana.clone(), ayesha.clone(), zara.clone(), bilal.clone(), khadija.clone()]).await;
    let list = |query: &str| {
        let console = &console;
        let path = format!("/api/staff/enquiries?{query}");
        async move { ids_of(&console.every_page(&path).await) }
    };
    // WHEN listed with each filter THEN only the matching come, newest first
    assert_eq!(list("").await, ids(&[&zara, &khadija, &sana, &bilal, &ayesha]));
    assert_eq!(list("formType=contact-form").await, ids(&[&zara, &khadija, &ayesha]));
    assert_eq!(list("formType=enrollment-form").await, ids(&[&sana]));
    assert_eq!(list("delivery=failed").await, ids(&[&khadija, &bilal]));
    assert_eq!(list("delivery=pending").await, ids(&[&sana]));
    assert_eq!(list("delivery=sent").await, ids(&[&zara, &ayesha]));
    assert_eq!(list("handled=true").await, ids(&[&khadija, &sana]));
    assert_eq!(list("handled=false").await, ids(&[&zara, &bilal, &ayesha]));
    // `q`: the start of the e-mail, of the name, or of a word of it, in any letter case; never the middle.
    assert_eq!(list("q=ayesha").await, ids(&[&zara, &ayesha]), "Zara by her e-mail, Ayesha by both");
    assert_eq!(list("q=kha").await, ids(&[&khadija, &ayesha]), "a first name and a last name");
    assert_eq!(list("q=AY").await, ids(&[&zara, &sana, &ayesha]));
    assert_eq!(list(&format!("q={}", encoded("ayesha khan"))).await, ids(&[&ayesha]), "the whole name");
    assert_eq!(list(&format!("q={}", encoded("ayesha.khan@"))).await, ids(&[&ayesha]));
    assert_eq!(list("q=yesha").await, Vec::<String>::new(), "not the middle of a word");
    assert_eq!(list("q=example").await, Vec::<String>::new(), "not the middle of an e-mail");
    // Filters together.
    assert_eq!(list("formType=contact-form&handled=false&q=ayesha").await, ids(&[&zara, &ayesha]));
    assert_eq!(list("formType=contact-form&delivery=failed&handled=true&q=kn").await, ids(&[&khadija]));
    assert_eq!(list("formType=registration-form&handled=true").await, Vec::<String>::new());
    // An enquiry as staff see it.
    let shown = console.get(&format!("/api/staff/enquiries/{}", khadija.id)).await;
    assert_eq!(
        (&shown["name"], &shown["email"], &shown["formType"], &shown["delivery"], &shown["handled"]),
        (&json!("Khadija Noor"), &json!("kn@example.pk"), &json!("contact-form"), &json!("failed"), &json!(true))
    );
    assert_eq!(shown["formData"]["message"], "When does the next batch start?");
    // Filters that are not ones refuse the request.
    for bad in ["formType=newsletter", "delivery=lost", "handled=yes", "limit=0", "limit=101", "limit=ten"] {
        console.staff("GET", &format!("/api/staff/enquiries?{bad}"), None).await.refused(400, "bad_request");
    }
    let long = "q=".to_owned() + &"a".repeat(101);
    console.staff("GET", &format!("/api/staff/enquiries?{long}"), None).await.refused(400, "bad_request");
}

async fn enquiry_pages_follow_their_cursors_without_duplicates_or_omissions(store: Store) {
    // GIVEN 23 enquiries, some sent in the same second, every third a registration
    let console = Console::open(store).await;
    let t = 1_760_000_000;
    let all: Vec<Submission> = (0..23)
        .map(|n| {
            let form = if n % 3 == 0 { "registration-form" } else { "contact-form" };
            lead(form, &format!("Student{n:02}"), "Paged", &format!("s{n:02}@example.pk"), t + (n / 2) * 60)
        })
        .collect();
    stored(console.store(), &all).await;
    let mut newest_first: Vec<&Submission> = all.iter().collect();
    newest_first.sort_by(|a, b| (b.created_at, &b.id).cmp(&(a.created_at, &a.id)));
    // WHEN read five at a time THEN every enquiry comes once, newest first, in pages of five
    let mut sizes = Vec::new();
    let (mut seen, mut cursor) = (Vec::new(), None::<String>);
    loop {
        let path = match &cursor {
            Some(c) => format!("/api/staff/enquiries?limit=5&cursor={c}"),
            None => "/api/staff/enquiries?limit=5".into(),
        };
        let page = console.get(&path).await;
        let items = page["items"].as_array().unwrap();
        sizes.push(items.len());
        seen.extend(ids_of(items));
        match page["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.into()),
            None => break,
        }
    }
    assert_eq!(sizes, [5, 5, 5, 5, 3]);
    assert_eq!(seen, ids(&newest_first));
    // Filtered, two at a time: the registrations, each once, newest first.
    let registrations: Vec<&Submission> =
        newest_first.iter().copied().filter(|s| s.form_type == "registration-form").collect();
    let paged = console.every_page("/api/staff/enquiries?formType=registration-form&limit=2").await;
    assert_eq!(ids_of(&paged), ids(&registrations));
    // A page ending exactly at the last enquiry names no next page.
    let whole = console.get("/api/staff/enquiries?limit=23").await;
    assert_eq!((whole["items"].as_array().unwrap().len(), whole["nextCursor"].is_null()), (23, true));

    // WHEN a cursor is garbled, or comes from another list THEN it is refused with a 4xx, not followed
    let first = console.get("/api/staff/enquiries?limit=5").await;
    let good = first["nextCursor"].as_str().unwrap().to_owned();
    console.staff("PATCH", &format!("/api/staff/enquiries/{}", all[0].id), Some(&json!({"handled": true}))).await;
    console.staff("PATCH", &format!("/api/staff/enquiries/{}", all[1].id), Some(&json!({"handled": true}))).await;
    let audit_cursor = console.get("/api/staff/audit?limit=1").await["nextCursor"].as_str().unwrap().to_owned();
    let b64 = |text: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text);
    let other_partition = b64(r#"{"pk":"USER#someone","sk":"LINK#665f1c2a9b3e4d0012a1c001"}"#);
    for (cursor, status) in [
        (audit_cursor.as_str(), 404),
        (other_partition.as_str(), 404),
        (&b64("not json"), 404),
        (&good[..good.len() - 3], 404),
        ("AAAA", 404),
        ("not+base64/", 400),
        (&"A".repeat(1025), 400),
    ] {
        let answer = console.staff("GET", &format!("/api/staff/enquiries?cursor={}", encoded(cursor)), None).await;
        assert!((400..500).contains(&answer.status), "{cursor}: {}", answer.status);
        answer.refused(status, if status == 400 { "bad_request" } else { "not_found" });
    }
    // And the enquiries' cursor is refused by the audit trail.
    console.staff("GET", &format!("/api/staff/audit?cursor={good}"), None).await.refused(404, "not_found");
}

async fn staff_mark_an_enquiry_handled_with_a_note_and_send_its_mail_again(store: Store) {
    // GIVEN an enquiry whose mail failed
    let console = Console::open(store).await;
    let mut enquiry = lead("contact-form", "Hamza", "Qureshi", "hamza.q@example.pk", time::now() - 3600);
    enquiry.status = SubmissionStatus::Failed;
    enquiry.attempts = 3;
    enquiry.last_error = Some("throttled".into());
    stored(console.store(), std::slice::from_ref(&enquiry)).await;
    let path = format!("/api/staff/enquiries/{}", enquiry.id);

    // WHEN staff mark it handled with a note THEN it says so, by whom and when, and keeps saying so
    let before = time::now();
    let marked =
        console.staff("PATCH", &path, Some(&json!({"handled": true, "note": "  Called back; wants weekends "}))).await;
    let marked = marked.expect(200);
    assert_eq!(
        (&marked["handled"], &marked["note"], &marked["handledBy"]),
        (&json!(true), &json!("Called back; wants weekends"), &json!(STAFF_EMAIL))
    );
    assert!(marked["handledAt"].as_i64().unwrap() >= before);
    assert_eq!(console.get(&path).await, marked);
    assert_eq!(ids_of(&console.every_page("/api/staff/enquiries?handled=true").await), [enquiry.id.clone()]);
    // Unmarked without a note: the note stays. An empty note removes it.
    let unmarked = console.staff("PATCH", &path, Some(&json!({"handled": false}))).await.expect(200);
    assert_eq!((&unmarked["handled"], &unmarked["note"]), (&json!(false), &json!("Called back; wants weekends")));
    let cleared = console.staff("PATCH", &path, Some(&json!({"handled": true, "note": ""}))).await.expect(200);
    assert_eq!((&cleared["handled"], &cleared["note"]), (&json!(true), &Value::Null));
    // Bad changes are refused and change nothing.
    let too_long = json!({"handled": true, "note": "n".repeat(2001)});
    console.staff("PATCH", &path, Some(&too_long)).await.refused(400, "bad_request");
    console.staff("PATCH", &path, Some(&json!({"handled": "yes"}))).await.refused(400, "bad_request");
    console.staff("PATCH", &path, Some(&json!({"handled": true, "owner": "me"}))).await.refused(400, "bad_request");
    let unknown = format!("/api/staff/enquiries/{}", uuid::Uuid::new_v4());
    console.staff("PATCH", &unknown, Some(&json!({"handled": true}))).await.refused(404, "not_found");
    console.staff("GET", &unknown, None).await.refused(404, "not_found");
    console.staff("GET", "/api/staff/enquiries/665f1c2a9b3e4d0012a1c001", None).await.refused(400, "bad_request");
    assert_eq!(console.get(&path).await, cleared);

    // WHEN staff send its mail again THEN the institute's copy is in the outbox and it reads as sent
    let resent = console.staff("POST", &format!("{path}/resend"), Some(&json!({}))).await.expect(200);
    assert_eq!(
        (&resent["delivery"], &resent["attempts"], &resent["lastError"]),
        (&json!("sent"), &json!(4), &Value::Null)
    );
    let mails = support::outbox_messages(&console.outbox);
    assert_eq!(mails.len(), 1);
    let mail = readable(&mails[0]);
    assert!(mail.contains("hamza.q@example.pk") && mail.contains("admissions@academy.test"), "{mail}");
    console.staff("POST", &format!("{unknown}/resend"), Some(&json!({}))).await.refused(404, "not_found");
}

async fn the_enquiries_export_keeps_the_filters_and_makes_formula_cells_inert(store: Store) {
    // GIVEN enquiries whose fields a spreadsheet would run as formulas, and one of another form
    let console = Console::open(store).await;
    let t = 1_760_000_000;
    let mut formulas = lead("contact-form", "=HYPERLINK(\"http://evil.example\")", "Khan", "@evil.example", t);
    formulas.form_data.insert("phone".into(), json!("+92 300 1234567"));
    formulas.form_data.insert("message".into(), json!("-2+3"));
    formulas.form_data.insert("course".into(), json!("\t=1+2"));
    let mut returns = lead("contact-form", "Rida", "Shah", "rida@example.pk", t + 60);
    returns.form_data.insert("message".into(), json!("\r=cmd|' /C calc'!A0"));
    let mut other = lead("registration-form", "Omar", "Farooq", "omar@example.pk", t + 120);
    // Inert only where a spreadsheet splits on `,`: these become formula cells split on `;` or a tab.
    other.form_data.insert("message".into(), json!("Thanks;=1+1;"));
    other.form_data.insert("course".into(), json!("Thanks;\t=HYPERLINK(\"http://evil.example\");"));
    stored(console.store(), &[formulas.clone(), returns.clone(), other.clone()]).await;

    // WHEN exported with a filter THEN the same enquiries as the list, newest first, as a download
    let answer = console.staff("GET", "/api/staff/enquiries.csv?formType=contact-form", None).await;
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.header("content-type"), "text/csv; charset=utf-8");
    assert_eq!(answer.header("content-disposition"), "attachment; filename=\"enquiries.csv\"");
    let rows = csv_rows(&answer.text());
    let header = [
        "id",
        "createdAt",
        "formType",
        "name",
        "email",
        "phone",
        "course",
        "message",
        "delivery",
        "attempts",
        "handled",
        "note",
    ];
    assert_eq!(rows[0], header);
    let exported: Vec<&str> = rows[1..].iter().map(|r| r[0].as_str()).collect();
    assert_eq!(exported, [returns.id.as_str(), formulas.id.as_str()]);
    let listed = ids_of(&console.every_page("/api/staff/enquiries?formType=contact-form").await);
    assert_eq!(exported, listed);
    // THEN every cell that would start a formula starts with an apostrophe, and no cell starts one
    let cell = |row: &[String], name: &str| row[header.iter().position(|h| *h == name).unwrap()].clone();
    let row = &rows[2];
    assert_eq!(cell(row, "name"), "'=HYPERLINK(\"http://evil.example\") Khan");
    assert_eq!(cell(row, "email"), "'@evil.example");
    assert_eq!(cell(row, "phone"), "'+92 300 1234567");
    assert_eq!(cell(row, "message"), "'-2+3");
    assert_eq!(cell(row, "course"), "'=1+2", "a leading tab is trimmed, and what follows made inert");
    assert_eq!(cell(&rows[1], "message"), "'=cmd|' /C calc'!A0", "so is a leading carriage return");
    assert_eq!(cell(&rows[1], "createdAt"), time::iso(t + 60));
    for row in &rows {
        for cell in row {
            assert!(!cell.starts_with(['=', '+', '-', '@', '\t', '\r']), "{cell:?} would run");
        }
    }
    // THEN opened as a semicolon- or tab-separated sheet (European locales), no cell starts a formula either
    let every = console.staff("GET", "/api/staff/enquiries.csv", None).await.text();
    assert!(every.contains("Thanks;'=1+1;"), "{every}");
    for delimiter in [b';', b'\t'] {
        let mut sheet = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .delimiter(delimiter)
            .from_reader(every.as_bytes());
        let cells: Vec<String> =
            sheet.records().flat_map(|r| r.unwrap().iter().map(str::to_owned).collect::<Vec<_>>()).collect();
        assert!(cells.iter().any(|c| c.contains("=1+1")), "{cells:?}");
        for cell in cells {
            // What a spreadsheet looks at: past the spaces, tabs and line breaks some of them skip.
            let lead = cell.trim_start_matches([' ', '\t', '\r', '\n']);
            assert!(!lead.starts_with(['=', '+', '-', '@']), "split on {:?}: {cell:?} would run", delimiter as char);
        }
    }
    // The other filters hold as in the list.
    for query in ["", "q=rida", "formType=registration-form", "delivery=pending&handled=false", "q=nobody"] {
        let answer = console.staff("GET", &format!("/api/staff/enquiries.csv?{query}"), None).await;
        let exported: Vec<String> = csv_rows(&answer.text())[1..].iter().map(|r| r[0].clone()).collect();
        assert_eq!(exported, ids_of(&console.every_page(&format!("/api/staff/enquiries?{query}")).await), "{query}");
    }
    console.staff("GET", "/api/staff/enquiries.csv?delivery=lost", None).await.refused(400, "bad_request");
}

// ---- enrolments -----------------------------------------------------------------------------------

async fn enrolling_issues_a_secret_id_mails_the_welcome_and_marks_the_enquiry_handled(store: Store) {
    // GIVEN an enquiry
    let console = Console::open(store).await;
    let enquiry = lead("enrollment-form", "Iqra", "Nadeem", "iqra.nadeem@example.pk", time::now() - 600);
    stored(console.store(), std::slice::from_ref(&enquiry)).await;

    // WHEN staff enrol the student it names
    let body = json!({"batchId": MERN_07, "name": "  Iqra   Nadeem ", "email": " Iqra.Nadeem@Example.PK ",
        "enquiryId": enquiry.id});
    let answer = console.staff("POST", "/api/staff/enrolments", Some(&body)).await.expect(201);

    // THEN the enrolment and its Secret ID, shown this once
    let (enrolment, secret) = (&answer["enrolment"], answer["secretId"].as_str().unwrap());
    assert_eq!(secret.len(), 32);
    assert_eq!(
        (&enrolment["name"], &enrolment["email"], &enrolment["batchId"], &enrolment["status"]),
        (&json!("Iqra Nadeem"), &json!("iqra.nadeem@example.pk"), &json!(MERN_07), &json!("active"))
    );
    assert_eq!(
        (&enrolment["enrolledBy"], &enrolment["enquiryId"], &enrolment["welcome"]),
        (&json!(STAFF_EMAIL), &json!(enquiry.id), &json!("sent"))
    );
    assert_eq!(
        (&enrolment["accountLinked"], &enrolment["lecturesWatched"], &enrolment["lecturesTotal"]),
        (&json!(false), &json!(0), &json!(MERN_07_LECTURES))
    );
    let id = enrolment["id"].as_str().unwrap();
    assert_eq!(id, format!("{MERN_07}{}", Enrolment::email_key("iqra.nadeem@example.pk")));
    // Only the Secret ID's hash is stored.
    let kept =
        console.store().get_enrolment(MERN_07, &Enrolment::email_key("iqra.nadeem@example.pk")).await.unwrap().unwrap();
    assert_eq!(kept.secret_hash, secret::hash(secret));
    assert!(!serde_json::to_string(&kept).unwrap().contains(secret));

    // THEN one welcome, to the student, with the Secret ID and a link to /lms in its text and HTML
    let welcomes = console.welcomes();
    assert_eq!(welcomes.len(), 1);
    let mail = &welcomes[0];
    assert!(mail.lines().any(|l| l.starts_with("To:") && l.contains("iqra.nadeem@example.pk")), "{mail}");
    assert!(mail.contains("Subject: Welcome to MERN-07 Evening Batch"), "{mail}");
    assert!(mail.matches(secret).count() >= 2, "the Secret ID in the text and the HTML: {mail}");
    assert!(mail.contains(&format!("Sign in at {SITE}/lms")), "{mail}");
    assert!(mail.contains(&format!("href=\"{SITE}/lms\"")), "{mail}");

    // THEN the Secret ID opens the batch's lectures
    let videos = console.videos_with(MERN_07, secret).await.expect(200);
    assert_eq!(videos["videos"].as_array().unwrap().len() as u64, MERN_07_LECTURES);
    console.videos_with(MERN_08, secret).await.refused(403, "forbidden");

    // THEN the enquiry is handled, by staff
    let shown = console.get(&format!("/api/staff/enquiries/{}", enquiry.id)).await;
    assert_eq!((&shown["handled"], &shown["handledBy"]), (&json!(true), &json!(STAFF_EMAIL)));

    // An enquiry that is not there refuses the enrolment before anything is made.
    let unknown = json!({"batchId": MERN_07, "name": "Ghost", "email": "ghost@example.pk", "enquiryId": uuid::Uuid::new_v4().to_string()});
    console.staff("POST", "/api/staff/enrolments", Some(&unknown)).await.refused(404, "not_found");
    assert_eq!(console.store().get_enrolment(MERN_07, &Enrolment::email_key("ghost@example.pk")).await.unwrap(), None);
    assert_eq!(console.welcomes().len(), 1);
}

async fn an_enrolment_is_refused_twice_or_with_an_access_end_already_past(store: Store) {
    let console = Console::open(store).await;
    // GIVEN an enrolled student WHEN enrolled again (their e-mail in another letter case) THEN 409
    console.enrol(MERN_07, "Twice Enrolled", "twice@example.pk").await;
    let again = json!({"batchId": MERN_07, "name": "Twice Again", "email": "TWICE@example.pk"});
    console.staff("POST", "/api/staff/enrolments", Some(&again)).await.refused(409, "conflict");
    assert_eq!(console.welcomes_to("twice@example.pk").len(), 1, "no second welcome");
    // In another batch the same student is enrolled.
    console.enrol(MERN_08, "Twice Enrolled", "twice@example.pk").await;

    // WHEN the access end date has passed THEN refused; a malformed one too; nothing is enrolled
    let past = json!({"batchId": MERN_07, "name": "Late", "email": "late@example.pk", "accessUntil": "2000-01-01"});
    console.staff("POST", "/api/staff/enrolments", Some(&past)).await.refused(409, "conflict");
    let yesterday = time::date(time::now() - 86_400);
    let past = json!({"batchId": MERN_07, "name": "Late", "email": "late@example.pk", "accessUntil": yesterday});
    console.staff("POST", "/api/staff/enrolments", Some(&past)).await.refused(409, "conflict");
    let malformed =
        json!({"batchId": MERN_07, "name": "Late", "email": "late@example.pk", "accessUntil": "31/12/2099"});
    let answer = console.staff("POST", "/api/staff/enrolments", Some(&malformed)).await;
    answer.refused(400, "invalid");
    assert_eq!(answer.json()["fields"]["accessUntil"], "must be a date, YYYY-MM-DD");
    assert_eq!(console.store().get_enrolment(MERN_07, &Enrolment::email_key("late@example.pk")).await.unwrap(), None);
    // Today is still allowed: access lasts the whole day.
    let today = time::date(time::now());
    let body = json!({"batchId": MERN_07, "name": "Late", "email": "late@example.pk", "accessUntil": today});
    let until = console.staff("POST", "/api/staff/enrolments", Some(&body)).await.expect(201);
    assert_eq!(until["enrolment"]["accessUntil"], today);
    assert!(console.welcomes_to("late@example.pk")[0].contains(&format!("until {today}")));

    // Other bad requests.
    let bad = |body: Value| {
        let console = &console;
        async move { console.staff("POST", "/api/staff/enrolments", Some(&body)).await }
    };
    let invalid = bad(json!({"batchId": MERN_07, "name": " ", "email": "not-an-email"})).await;
    invalid.refused(400, "invalid");
    assert_eq!(invalid.json()["fields"], json!({"name": "is required", "email": "must be an e-mail address"}));
    bad(json!({"batchId": "ffffffffffffffffffffffff", "name": "A", "email": "a@example.pk"}))
        .await
        .refused(404, "not_found");
    bad(json!({"batchId": "MERN-07", "name": "A", "email": "a@example.pk"})).await.refused(400, "bad_request");
    bad(json!({"batchId": MERN_07, "name": "A", "email": "a@example.pk", "role": "admin"}))
        .await
        .refused(400, "bad_request");
    let roster = console.get(&format!("/api/staff/batches/{MERN_07}/enrolments")).await;
    let emails: BTreeSet<&str> =
        roster["items"].as_array().unwrap().iter().map(|e| e["email"].as_str().unwrap()).collect();
    assert_eq!(emails, BTreeSet::from(["twice@example.pk", "late@example.pk"]));
}

/// A grant and its enrolment whose access ended a minute ago, as time leaves them; the Secret ID.
async fn lapsed_enrolment(store: &Store, batch: &str, email: &str) -> String {
    let (secret, now) = (secret::generate(), time::now());
    let until = now - 60;
    let grant = AccessGrant {
        batch_id: batch.into(),
        secret_hash: secret::hash(&secret),
        label: Some(format!("enrolment: {email}")),
        created_at: now - 30 * 86_400,
        revoked_at: None,
        access_until: Some(until),
        paused_at: None,
    };
    store.insert_grant(&grant).await.unwrap();
    let enrolment = Enrolment {
        batch_id: batch.into(),
        name: "Lapsed Student".into(),
        email: email.into(),
        secret_hash: grant.secret_hash.clone(),
        enrolled_at: now - 30 * 86_400,
        enrolled_by: STAFF_EMAIL.into(),
        access_until: Some(until),
        enquiry_id: None,
        revoked_at: None,
        welcome_sent: true,
        revoked_accounts: Vec::new(),
    };
    store.insert_enrolment(&enrolment).await.unwrap();
    secret
}

async fn past_its_access_end_a_secret_id_answers_as_revoked(store: Store) {
    // GIVEN an enrolment whose access ended, linked to its student's account while it lasted, and a
    // revoked Secret ID to compare with
    let console = Console::open(store).await;
    let secret = lapsed_enrolment(console.store(), MERN_07, "lapsed@example.pk").await;
    let token = sign_in("lapsed@example.pk").await.access;
    let link = BatchLink {
        sub: "lapsed@example.pk".into(),
        batch_id: MERN_07.into(),
        secret_hash: secret::hash(&secret),
        linked_at: time::now() - 86_400,
    };
    console.store().put_link(&link).await.unwrap();
    let (revoked, grant) = support::grant(console.store(), MERN_07).await;
    console.store().revoke_grant(&grant, time::now()).await.unwrap();

    // WHEN the Secret ID is used THEN it is refused exactly as a revoked one is
    let lapsed = console.videos_with(MERN_07, &secret).await;
    let gone = console.videos_with(MERN_07, &revoked).await;
    lapsed.refused(403, "forbidden");
    assert_eq!(lapsed.json(), gone.json());
    // So is a lecture link signed for it (as one signed while access lasted would be).
    let lecture_link = |secret: String| {
        let console = &console;
        async move {
            let link = console.state.lecture.links.sign(MERN_07, 1, &secret::hash(&secret), time::now()).await.unwrap();
            console.call("GET", &link, None, None).await
        }
    };
    let (lapsed_link, revoked_link) = (lecture_link(secret.clone()).await, lecture_link(revoked.clone()).await);
    lapsed_link.refused(403, "forbidden");
    assert_eq!(lapsed_link.json(), revoked_link.json());
    // THEN the account holds the batch no more, by link or by e-mail
    let mine = console.call("GET", "/api/me/batches", Some(&token), None).await.expect(200);
    assert_eq!(mine, json!({"batches": []}));
    console.call("GET", &format!("/api/batches/{MERN_07}/videos"), Some(&token), None).await.refused(403, "forbidden");
    let progress = json!({"positionSeconds": 5, "completed": false});
    console
        .call("PUT", &format!("/api/me/progress/{MERN_07}/1"), Some(&token), Some(&progress))
        .await
        .refused(403, "forbidden");
    // THEN staff see it expired, and may enrol the student again: the new Secret ID works, the old stays refused
    let roster = console.get(&format!("/api/staff/batches/{MERN_07}/enrolments")).await;
    assert_eq!(roster["items"][0]["status"], "expired");
    let again = console.enrol(MERN_07, "Lapsed Student", "lapsed@example.pk").await;
    assert_eq!(again["enrolment"]["status"], "active");
    let renewed = again["secretId"].as_str().unwrap().to_owned();
    console.videos_with(MERN_07, &renewed).await.expect(200);
    assert_eq!(lecture_link(renewed).await.status, 200, "the new Secret ID's lecture plays");
    console.videos_with(MERN_07, &secret).await.refused(403, "forbidden");
    assert_eq!(
        console.call("GET", "/api/me/batches", Some(&token), None).await.expect(200)["batches"][0]["batch"]["_id"],
        MERN_07
    );
}

async fn revoking_refuses_the_secret_id_and_removes_the_batch_from_every_linked_account(store: Store) {
    // GIVEN an enrolment whose Secret ID one account linked, and whose e-mail another signs in with
    let console = Console::open(store).await;
    let enrolled = console.enrol(MERN_07, "Revoked Student", "revoked@example.pk").await;
    let (id, secret) = (enrolled["enrolment"]["id"].as_str().unwrap(), enrolled["secretId"].as_str().unwrap());
    let linker = sign_in("linker@example.pk").await.access;
    let link = json!({"batchId": MERN_07, "secretId": secret});
    console.call("POST", "/api/me/batches", Some(&linker), Some(&link)).await.expect(200);
    let owner = sign_in("revoked@example.pk").await.access;
    for token in [&linker, &owner] {
        let mine = console.call("GET", "/api/me/batches", Some(token), None).await.expect(200);
        assert_eq!(mine["batches"][0]["batch"]["_id"], MERN_07);
    }
    let listed = console.get(&format!("/api/staff/batches/{MERN_07}/enrolments")).await;
    assert_eq!(listed["items"][0]["accountLinked"], true);

    // WHEN staff revoke it
    let revoked = console.staff("DELETE", &format!("/api/staff/enrolments/{id}"), None).await.expect(200);

    // THEN it reads revoked, the Secret ID is refused, and neither account holds the batch
    assert_eq!((&revoked["status"], &revoked["accountLinked"]), (&json!("revoked"), &json!(false)));
    assert!(revoked["revokedAt"].as_i64().is_some());
    console.videos_with(MERN_07, secret).await.refused(403, "forbidden");
    for token in [&linker, &owner] {
        assert_eq!(console.call("GET", "/api/me/batches", Some(token), None).await.expect(200), json!({"batches": []}));
        console
            .call("GET", &format!("/api/batches/{MERN_07}/videos"), Some(token), None)
            .await
            .refused(403, "forbidden");
    }
    assert!(console.store().list_batch_links(MERN_07).await.unwrap().is_empty());
    assert_eq!(console.get(&format!("/api/staff/batches/{MERN_07}/enrolments")).await["items"][0]["status"], "revoked");
    // Revoking again changes nothing; ids that name no enrolment are refused.
    assert_eq!(
        console.staff("DELETE", &format!("/api/staff/enrolments/{id}"), None).await.expect(200)["revokedAt"],
        revoked["revokedAt"]
    );
    console
        .staff("DELETE", &format!("/api/staff/enrolments/{MERN_07}{}", "0".repeat(16)), None)
        .await
        .refused(404, "not_found");
    console.staff("DELETE", "/api/staff/enrolments/not-an-id", None).await.refused(400, "bad_request");
    // A revoked enrolment gets no new Secret ID.
    console
        .staff("POST", &format!("/api/staff/enrolments/{id}/resend"), Some(&json!({})))
        .await
        .refused(409, "conflict");
}

async fn revoking_keeps_what_the_student_watched_in_the_list_and_the_report_marked_revoked(store: Store) {
    // GIVEN an enrolled student who watched lecture 1 to the end and started lecture 2
    let console = Console::open(store).await;
    let enrolled = console.enrol(MERN_07, "Watched Then Revoked", "history@example.pk").await;
    let id = enrolled["enrolment"]["id"].as_str().unwrap();
    let student = sign_in("history@example.pk").await.access;
    console.call("GET", "/api/me/batches", Some(&student), None).await.expect(200);
    // Lecture 1 (a 4 s stored file) played through under the driven clock; lecture 2 started.
    for (lecture, position, wait) in [(1, 0.0, 0.0), (1, 4.0, 4.0), (2, 40.0, 0.0)] {
        console.state.clock().advance(wait);
        let body = json!({"positionSeconds": position, "completed": false});
        let path = format!("/api/me/progress/{MERN_07}/{lecture}");
        console.call("PUT", &path, Some(&student), Some(&body)).await.expect(200);
    }
    let before = console.get(&format!("/api/staff/batches/{MERN_07}/report")).await["students"][0].clone();
    assert_eq!((&before["lecturesWatched"], &before["revokedAt"]), (&json!(1), &Value::Null));

    // WHEN staff revoke it (twice: the second changes nothing)
    let revoked = console.staff("DELETE", &format!("/api/staff/enrolments/{id}"), None).await.expect(200);
    let again = console.staff("DELETE", &format!("/api/staff/enrolments/{id}"), None).await.expect(200);

    // THEN the answer, the batch's list and the report still show what they watched and when, marked revoked
    for row in [&revoked, &again, &console.get(&format!("/api/staff/batches/{MERN_07}/enrolments")).await["items"][0]] {
        assert_eq!(
            (&row["status"], &row["accountLinked"], &row["lecturesWatched"]),
            (&json!("revoked"), &json!(false), &json!(1))
        );
        assert_eq!(row["lastActivity"], before["lastActivity"], "{row}");
    }
    let report = console.get(&format!("/api/staff/batches/{MERN_07}/report")).await;
    let row = &report["students"][0];
    assert_eq!(report["students"].as_array().unwrap().len(), 1);
    assert_eq!(
        (&row["name"], &row["accountLinked"], &row["lecturesWatched"]),
        (&json!("Watched Then Revoked"), &json!(false), &json!(1))
    );
    assert_eq!((&row["lastActivity"], &row["revokedAt"]), (&before["lastActivity"], &revoked["revokedAt"]));
    assert_eq!((&report["lectures"][0]["watchedBy"], &report["lectures"][1]["startedBy"]), (&json!(1), &json!(1)));
    // ...and the account no longer holds the batch
    assert_eq!(console.call("GET", "/api/me/batches", Some(&student), None).await.expect(200), json!({"batches": []}));
}

async fn a_new_secret_id_works_and_the_old_one_is_refused(store: Store) {
    // GIVEN an enrolment and its welcome
    let console = Console::open(store).await;
    let enrolled = console.enrol(MERN_07, "Forgetful Student", "forgetful@example.pk").await;
    let (id, old) = (enrolled["enrolment"]["id"].as_str().unwrap(), enrolled["secretId"].as_str().unwrap());

    // WHEN staff send a new Secret ID
    let resent =
        console.staff("POST", &format!("/api/staff/enrolments/{id}/resend"), Some(&json!({}))).await.expect(200);

    // THEN it is another, it works, the old one is refused, and it was mailed in a second welcome
    let new = resent["secretId"].as_str().unwrap();
    assert_ne!(new, old);
    assert_eq!((&resent["enrolment"]["id"], &resent["enrolment"]["status"]), (&json!(id), &json!("active")));
    console.videos_with(MERN_07, new).await.expect(200);
    console.videos_with(MERN_07, old).await.refused(403, "forbidden");
    let welcomes = console.welcomes_to("forgetful@example.pk");
    assert_eq!(welcomes.len(), 2);
    assert!(welcomes[1].contains(new) && !welcomes[1].contains(old));
    console
        .staff("POST", &format!("/api/staff/enrolments/{MERN_07}{}/resend", "0".repeat(16)), Some(&json!({})))
        .await
        .refused(404, "not_found");
}

async fn a_batch_lists_its_enrolments_with_status_account_and_lectures_watched(store: Store) {
    // GIVEN four enrolments: one whose student signed in and finished a lecture, one never signed
    // in, one revoked and one whose access ended
    let console = Console::open(store).await;
    console.enrol(MERN_07, "Active Watcher", "watcher@example.pk").await;
    console.enrol(MERN_07, "Never Signed In", "absent@example.pk").await;
    let gone = console.enrol(MERN_07, "Revoked Student", "gone@example.pk").await;
    console
        .staff("DELETE", &format!("/api/staff/enrolments/{}", gone["enrolment"]["id"].as_str().unwrap()), None)
        .await
        .expect(200);
    lapsed_enrolment(console.store(), MERN_07, "lapsed@example.pk").await;
    console.enrol(MERN_08, "Other Batch", "other@example.pk").await;
    let watcher = sign_in("watcher@example.pk").await.access;
    console.call("GET", "/api/me/batches", Some(&watcher), None).await.expect(200);
    // Lecture 1 (a 4 s stored file) played through: a save at its start, one at its end 4 s later.
    for (position, wait) in [(0.0, 0.0), (4.0, 4.0)] {
        console.state.clock().advance(wait);
        let save = json!({"positionSeconds": position, "completed": false});
        console.call("PUT", &format!("/api/me/progress/{MERN_07}/1"), Some(&watcher), Some(&save)).await.expect(200);
    }
    let started = json!({"positionSeconds": 30, "completed": false});
    console.call("PUT", &format!("/api/me/progress/{MERN_07}/2"), Some(&watcher), Some(&started)).await.expect(200);

    // WHEN staff list the batch, two at a time
    let items = console.every_page(&format!("/api/staff/batches/{MERN_07}/enrolments?limit=2")).await;

    // THEN each of the batch's four once, with where it stands and what the student watched
    let by_email: BTreeMap<&str, &Value> = items.iter().map(|e| (e["email"].as_str().unwrap(), e)).collect();
    assert_eq!((items.len(), by_email.len()), (4, 4));
    let view = |email: &str| {
        let e = by_email[email];
        (
            e["status"].as_str().unwrap(),
            e["accountLinked"].as_bool().unwrap(),
            e["lecturesWatched"].as_u64().unwrap(),
            e["lecturesTotal"].as_u64().unwrap(),
            e["lastActivity"].is_i64(),
        )
    };
    assert_eq!(view("watcher@example.pk"), ("active", true, 1, MERN_07_LECTURES, true));
    assert_eq!(view("absent@example.pk"), ("active", false, 0, MERN_07_LECTURES, false));
    assert_eq!(view("gone@example.pk"), ("revoked", false, 0, MERN_07_LECTURES, false));
    assert_eq!(view("lapsed@example.pk"), ("expired", false, 0, MERN_07_LECTURES, false));
    // The batches: enrolled and active counts.
    let batches = console.get("/api/staff/batches").await;
    let count = |batch: &str| {
        let b = batches["batches"].as_array().unwrap().iter().find(|b| b["batch"]["_id"] == batch).unwrap();
        (b["enrolled"].as_u64().unwrap(), b["active"].as_u64().unwrap(), b["courseTitle"].as_str().unwrap().is_empty())
    };
    assert_eq!(count(MERN_07), (4, 2, false));
    assert_eq!(count(MERN_08), (1, 1, false));
    console
        .staff("GET", "/api/staff/batches/ffffffffffffffffffffffff/enrolments", None)
        .await
        .refused(404, "not_found");
}

// ---- students get in by e-mail --------------------------------------------------------------------

async fn a_student_signed_in_with_the_enrolled_email_gets_the_batch_without_the_secret_id(store: Store) {
    // GIVEN a student enrolled in two batches
    let console = Console::open(store).await;
    let enrolled = console.enrol(MERN_07, "Noor Fatima", "noor@example.pk").await;
    console.enrol(MERN_08, "Noor Fatima", "Noor@Example.pk").await;

    // WHEN they sign in with that e-mail THEN both batches are theirs, no Secret ID typed
    let noor = sign_in("noor@example.pk").await.access;
    let mine = console.call("GET", "/api/me/batches", Some(&noor), None).await.expect(200);
    let batches: BTreeSet<&str> =
        mine["batches"].as_array().unwrap().iter().map(|b| b["batch"]["_id"].as_str().unwrap()).collect();
    assert_eq!(batches, BTreeSet::from([MERN_07, MERN_08]));
    let videos = console.call("GET", &format!("/api/batches/{MERN_07}/videos"), Some(&noor), None).await.expect(200);
    assert_eq!(videos["videos"].as_array().unwrap().len() as u64, MERN_07_LECTURES);
    // Staff see the account linked.
    let roster = console.get(&format!("/api/staff/batches/{MERN_07}/enrolments")).await;
    assert_eq!(roster["items"][0]["accountLinked"], true);

    // WHEN an account with another e-mail signs in THEN it holds neither
    let other = sign_in("not-noor@example.pk").await.access;
    assert_eq!(console.call("GET", "/api/me/batches", Some(&other), None).await.expect(200), json!({"batches": []}));
    console.call("GET", &format!("/api/batches/{MERN_07}/videos"), Some(&other), None).await.refused(403, "forbidden");
    // The Secret ID still works as the SPEC's flow has it.
    console.videos_with(MERN_07, enrolled["secretId"].as_str().unwrap()).await.expect(200);

    // WHEN the token names no e-mail (Cognito's access tokens do not) THEN the API asks the
    // provider's userinfo endpoint for it, and the enrolled student gets the batch all the same
    console.enrol(MERN_07, "Cognito Student", "cognito.student@example.pk").await;
    let mut claims = oidc::claims("cognito.student@example.pk");
    claims["token_use"] = json!("access");
    let no_email = oidc::sign(&claims, &oidc::provider().key);
    assert_eq!(verifier().verify(&no_email).await.unwrap().email, None, "the token carries no e-mail");
    let theirs = console.call("GET", "/api/me/batches", Some(&no_email), None).await.expect(200);
    assert_eq!(theirs["batches"][0]["batch"]["_id"], MERN_07);
}

// ---- bulk enrolment -------------------------------------------------------------------------------

async fn a_pasted_roster_answers_each_line(store: Store) {
    // GIVEN a student already enrolled
    let console = Console::open(store).await;
    console.enrol(MERN_07, "Already There", "already@example.pk").await;
    // WHEN staff paste a roster: a BOM and a header, quotes, commas and a line break inside quotes,
    // blank lines, bad lines, someone already enrolled, one student twice, no final line ending
    let roster = "\u{feff}Name,Email\r\n\
        \"Khan, Ayesha\",Ayesha.Khan@Example.pk\r\n\
        \r\n\
        \"Bilal \"\"BJ\"\" Ahmed\", bilal@example.pk\n\
        Not An Email,not-an-email\n\
        ,missing.name@example.pk\n\
        only-one-column\n\
        Already There,already@example.pk\n\
        Dup One,dup@example.pk\n\
        Dup Two,DUP@example.pk\n\
        \"Multi\nLine\",multi@example.pk\n\
        \n\
        Last Line,last@example.pk";
    let path = format!("/api/staff/batches/{MERN_07}/enrolments/bulk");
    let answer = console.staff("POST", &path, Some(&json!({"csv": roster}))).await.expect(200);

    // THEN each line's outcome, by its line number in the paste
    let results = answer["results"].as_array().unwrap();
    let read: Vec<(u64, &str, &str, &str)> = results
        .iter()
        .map(|r| {
            (
                r["line"].as_u64().unwrap(),
                r["name"].as_str().unwrap(),
                r["email"].as_str().unwrap(),
                r["outcome"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            (2, "Khan, Ayesha", "Ayesha.Khan@Example.pk", "enrolled"),
            (4, "Bilal \"BJ\" Ahmed", "bilal@example.pk", "enrolled"),
            (5, "Not An Email", "not-an-email", "invalid"),
            (6, "", "missing.name@example.pk", "invalid"),
            (7, "only-one-column", "", "invalid"),
            (8, "Already There", "already@example.pk", "already_enrolled"),
            (9, "Dup One", "dup@example.pk", "enrolled"),
            (10, "Dup Two", "DUP@example.pk", "already_enrolled"),
            (11, "Multi\nLine", "multi@example.pk", "enrolled"),
            (14, "Last Line", "last@example.pk", "enrolled"),
        ]
    );
    let reason = |line: u64| {
        results.iter().find(|r| r["line"] == line).unwrap()["reason"].as_str().unwrap_or_default().to_owned()
    };
    assert_eq!(reason(5), "The email must be an e-mail address.");
    assert_eq!(reason(6), "The name is required.");
    assert_eq!(reason(7), "Expected 2 columns (name,email), found 1.");
    assert_eq!(reason(8), "Already enrolled in this batch.");
    assert_eq!(reason(10), "Already enrolled in this batch, by line 9.");
    assert_eq!(
        (&answer["enrolled"], &answer["alreadyEnrolled"], &answer["invalid"]),
        (&json!(5), &json!(2), &json!(3))
    );

    // THEN the enrolled are in the batch (tidied), each mailed once; the rest are not
    let roster = console.every_page(&format!("/api/staff/batches/{MERN_07}/enrolments")).await;
    let names: BTreeMap<&str, &str> =
        roster.iter().map(|e| (e["email"].as_str().unwrap(), e["name"].as_str().unwrap())).collect();
    assert_eq!(
        names,
        BTreeMap::from([
            ("already@example.pk", "Already There"),
            ("ayesha.khan@example.pk", "Khan, Ayesha"),
            ("bilal@example.pk", "Bilal \"BJ\" Ahmed"),
            ("dup@example.pk", "Dup One"),
            ("last@example.pk", "Last Line"),
            ("multi@example.pk", "Multi Line"),
        ])
    );
    for enrolled in results.iter().filter(|r| r["outcome"] == "enrolled") {
        let id = enrolled["enrolmentId"].as_str().unwrap();
        assert!(roster.iter().any(|e| e["id"] == id), "{id}");
    }
    assert_eq!(console.welcomes().len(), 1 + 5, "the first enrolment's welcome and one per line enrolled");
    assert_eq!(console.welcomes_to("dup@example.pk").len(), 1);

    // A roster with an access end already past enrols nobody; one too long is refused whole.
    let past = json!({"csv": "Late Comer,late@example.pk", "accessUntil": "2000-01-01"});
    console.staff("POST", &path, Some(&past)).await.refused(409, "conflict");
    let long = "x".repeat(60_001);
    console.staff("POST", &path, Some(&json!({"csv": long}))).await.refused(400, "bad_request");
    assert_eq!(console.every_page(&format!("/api/staff/batches/{MERN_07}/enrolments")).await.len(), 6);
    console
        .staff(
            "POST",
            "/api/staff/batches/ffffffffffffffffffffffff/enrolments/bulk",
            Some(&json!({"csv": "A,a@example.pk"})),
        )
        .await
        .refused(404, "not_found");
}

async fn a_roster_naming_a_revoked_student_twice_enrols_them_once(store: Store) {
    // GIVEN a student whose enrolment was revoked
    let console = Console::open(store).await;
    let first = console.enrol(MERN_07, "Returning Student", "returning@example.pk").await;
    let id = first["enrolment"]["id"].as_str().unwrap();
    console.staff("DELETE", &format!("/api/staff/enrolments/{id}"), None).await.expect(200);
    // WHEN a roster names them on two lines
    let roster = "Returning Student,returning@example.pk\nReturning Again,Returning@Example.pk\n";
    let path = format!("/api/staff/batches/{MERN_07}/enrolments/bulk");
    let answer = console.staff("POST", &path, Some(&json!({"csv": roster}))).await.expect(200);
    // THEN one line enrols them again and the other answers already enrolled
    let outcomes: BTreeSet<&str> =
        answer["results"].as_array().unwrap().iter().map(|r| r["outcome"].as_str().unwrap()).collect();
    assert_eq!(outcomes, BTreeSet::from(["enrolled", "already_enrolled"]), "{answer}");
    // THEN they were mailed one new Secret ID, and once revoked again no Secret ID they were ever
    // mailed opens the batch
    let welcomes = console.welcomes_to("returning@example.pk");
    assert_eq!(welcomes.len(), 2, "the first welcome and one more");
    console.staff("DELETE", &format!("/api/staff/enrolments/{id}"), None).await.expect(200);
    let grants = console.store().list_grants(MERN_07).await.unwrap();
    let active: Vec<&AccessGrant> = grants.iter().filter(|g| g.is_active()).collect();
    assert!(active.is_empty(), "a Secret ID nobody can revoke stays valid: {active:?}");
}

async fn a_roster_enrols_a_thousand_lines_and_refuses_the_next(store: Store) {
    // GIVEN a roster of a header and 1,001 students
    let console = Console::open(store).await;
    let mut roster = String::from("name,email\n");
    for n in 1..=1_001 {
        roster.push_str(&format!("Student {n:04},student{n:04}@example.pk\n"));
    }
    // WHEN pasted
    let path = format!("/api/staff/batches/{MERN_07}/enrolments/bulk");
    let answer = console.staff("POST", &path, Some(&json!({"csv": roster}))).await.expect(200);
    // THEN the first 1,000 are enrolled and line 1,002 (the 1,001st student) is refused, saying why
    let results = answer["results"].as_array().unwrap();
    assert_eq!(results.len(), 1_001);
    assert_eq!(
        (&answer["enrolled"], &answer["alreadyEnrolled"], &answer["invalid"]),
        (&json!(1_000), &json!(0), &json!(1))
    );
    assert!(results[..1_000].iter().all(|r| r["outcome"] == "enrolled"));
    let last = &results[1_000];
    assert_eq!(
        (&last["line"], &last["email"], &last["outcome"]),
        (&json!(1_002), &json!("student1001@example.pk"), &json!("invalid"))
    );
    assert_eq!(last["reason"], "Only 1000 lines are enrolled at once: send this line again.");
    let enrolled = console.store().list_enrolments(MERN_07).await.unwrap();
    assert_eq!(enrolled.len(), 1_000);
    assert!(!enrolled.iter().any(|e| e.email == "student1001@example.pk"));
    assert_eq!(console.welcomes().len(), 1_000);
}

// ---- the report -----------------------------------------------------------------------------------

async fn the_report_counts_what_each_lecture_and_student_watched(store: Store) {
    // GIVEN three enrolled students, two of whom watched, and an account holding a Secret ID issued
    // by `academy grant` under a label a spreadsheet would run
    let console = Console::open(store).await;
    for (name, email) in
        [("Amna Baig", "amna@example.pk"), ("Bilal Chaudhry", "bilal.c@example.pk"), ("Chand Dar", "chand@example.pk")]
    {
        console.enrol(MERN_07, name, email).await;
    }
    let label = "\t=SUM(1+1)";
    let granted = secret::generate();
    let grant = AccessGrant {
        batch_id: MERN_07.into(),
        secret_hash: secret::hash(&granted),
        label: Some(label.into()),
        created_at: time::now(),
        revoked_at: None,
        access_until: None,
        paused_at: None,
    };
    console.store().insert_grant(&grant).await.unwrap();
    let amna = sign_in("amna@example.pk").await.access;
    let bilal = sign_in("bilal.c@example.pk").await.access;
    let holder = sign_in("holder@example.pk").await.access;
    for token in [&amna, &bilal] {
        console.call("GET", "/api/me/batches", Some(token), None).await.expect(200);
    }
    let link = json!({"batchId": MERN_07, "secretId": granted});
    console.call("POST", "/api/me/batches", Some(&holder), Some(&link)).await.expect(200);
    let before = time::now();
    // Amna plays lecture 1 (a 4 s stored file) through at its pace under the driven clock, then from the start again;
    // a `completed` flag on its own counts for nothing (decision 0040).
    for (token, lecture, position, wait, completed) in [
        (&amna, 1, 0.0, 0.0, false),
        (&amna, 1, 4.0, 4.0, false),
        (&amna, 1, 3.0, 0.0, false), // watched again from the start: still watched, furthest 4
        (&amna, 2, 60.0, 0.0, true), // claimed, not watched
        (&bilal, 1, 100.0, 0.0, false),
        (&bilal, 1, 20.0, 0.0, false), // went back: the furthest stays 100
        (&holder, 1, 50.0, 0.0, false),
    ] {
        console.state.clock().advance(wait);
        let body = json!({"positionSeconds": position, "completed": completed});
        let path = format!("/api/me/progress/{MERN_07}/{lecture}");
        console.call("PUT", &path, Some(token), Some(&body)).await.expect(200);
    }

    // WHEN staff ask for the report
    let report = console.get(&format!("/api/staff/batches/{MERN_07}/report")).await;

    // THEN per lecture: who watched it, who started it, and the average furthest second
    assert_eq!((&report["batch"]["_id"], &report["lecturesTotal"]), (&json!(MERN_07), &json!(MERN_07_LECTURES)));
    let lectures: Vec<(u64, u64, u64, f64)> = report["lectures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let n = |k: &str| l[k].as_u64().unwrap();
            (n("lectureNumber"), n("watchedBy"), n("startedBy"), l["averageFurthestSeconds"].as_f64().unwrap())
        })
        .collect();
    assert_eq!(
        lectures,
        [(1, 1, 3, 51.3), (2, 0, 1, 60.0), (3, 0, 0, 0.0), (4, 0, 0, 0.0), (5, 0, 0, 0.0), (6, 0, 0, 0.0)]
    );
    // THEN per student: lectures watched and last activity; the Secret ID's holder under its label
    let students: BTreeMap<&str, &Value> =
        report["students"].as_array().unwrap().iter().map(|s| (s["name"].as_str().unwrap(), s)).collect();
    let student = |name: &str| {
        let s = students[name];
        let last = s["lastActivity"].as_i64();
        (
            s["email"].as_str().unwrap(),
            s["accountLinked"].as_bool().unwrap(),
            s["lecturesWatched"].as_u64().unwrap(),
            last.is_some_and(|t| t >= before),
        )
    };
    assert_eq!(student("Amna Baig"), ("amna@example.pk", true, 1, true));
    assert_eq!(student("Bilal Chaudhry"), ("bilal.c@example.pk", true, 0, true));
    assert_eq!(student("Chand Dar"), ("chand@example.pk", false, 0, false));
    assert_eq!(student(label), ("", true, 0, true));
    assert!(students["Amna Baig"]["enrolmentId"].is_string() && students[label]["enrolmentId"].is_null());
    assert_eq!(students.len(), 4);

    // WHEN downloaded THEN the same students, one row each, the label made inert
    let answer = console.staff("GET", &format!("/api/staff/batches/{MERN_07}/report.csv"), None).await;
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.header("content-disposition"), format!("attachment; filename=\"report-{MERN_07}.csv\""));
    let rows = csv_rows(&answer.text());
    assert_eq!(
        rows[0],
        [
            "name",
            "email",
            "accountLinked",
            "lecturesWatched",
            "lecturesTotal",
            "lastActivity",
            "attendancePercent",
            "assignmentsDone",
            "assignmentsPassed",
            "assignmentsTotal"
        ]
    );
    let by_name: BTreeMap<&str, &Vec<String>> = rows[1..].iter().map(|r| (r[0].as_str(), r)).collect();
    assert_eq!(by_name.len(), 4);
    let amna_row = by_name["Amna Baig"];
    assert_eq!(amna_row[1..5], ["amna@example.pk", "true", "1", "6"]);
    assert_eq!(amna_row[5], time::iso(students["Amna Baig"]["lastActivity"].as_i64().unwrap()));
    assert_eq!(
        by_name["Chand Dar"][1..],
        ["chand@example.pk", "false", "0", "6", "", "", "0", "0", "0"],
        "no live class held: no percentage; no assignment"
    );
    // An apostrophe first, and another after the tab, where a tab-separated sheet would start a cell.
    assert_eq!(label, "\t=SUM(1+1)");
    assert!(by_name.contains_key("'\t'=SUM(1+1)"), "{rows:?}");
    assert!(rows.iter().flatten().all(|c| !c.starts_with(['=', '+', '-', '@', '\t', '\r'])), "{rows:?}");

    console.staff("GET", "/api/staff/batches/ffffffffffffffffffffffff/report", None).await.refused(404, "not_found");
    console.staff("GET", "/api/staff/batches/not-a-batch/report.csv", None).await.refused(400, "bad_request");
}

// ---- the audit trail ------------------------------------------------------------------------------

async fn every_staff_write_is_audited_newest_first_and_nothing_changes_the_trail(store: Store) {
    // GIVEN staff's writes, one of them refused, a little apart so each has its own millisecond
    let console = Console::open(store).await;
    let enquiry = lead("contact-form", "Audit", "Trail", "audit@example.pk", time::now());
    stored(console.store(), std::slice::from_ref(&enquiry)).await;
    let staff_sub = verifier().verify(&console.staff).await.unwrap().sub;
    let started = time::now();
    let pause = || tokio::time::sleep(std::time::Duration::from_millis(3));
    let enquiry_path = format!("/api/staff/enquiries/{}", enquiry.id);
    console.staff("PATCH", &enquiry_path, Some(&json!({"handled": true, "note": "Rang"}))).await.expect(200);
    pause().await;
    let enrolled = console.enrol(MERN_07, "Audited Student", "audited@example.pk").await;
    let id = enrolled["enrolment"]["id"].as_str().unwrap().to_owned();
    pause().await;
    let twice = json!({"batchId": MERN_07, "name": "Audited Student", "email": "audited@example.pk"});
    console.staff("POST", "/api/staff/enrolments", Some(&twice)).await.refused(409, "conflict");
    pause().await;
    console.staff("POST", &format!("/api/staff/enrolments/{id}/resend"), Some(&json!({}))).await.expect(200);
    pause().await;
    console.staff("DELETE", &format!("/api/staff/enrolments/{id}"), None).await.expect(200);
    pause().await;
    console
        .staff(
            "POST",
            &format!("/api/staff/batches/{MERN_08}/enrolments/bulk"),
            Some(&json!({"csv": "Bulk Student,bulk@example.pk"})),
        )
        .await
        .expect(200);
    pause().await;
    console.staff("POST", &format!("{enquiry_path}/resend"), Some(&json!({}))).await.expect(200);
    // Reads are not writes.
    console.get("/api/staff/enquiries").await;
    console.get(&format!("/api/staff/batches/{MERN_07}/report")).await;

    // WHEN staff read the trail
    let trail = console.every_page("/api/staff/audit").await;

    // THEN every write, newest first, naming who (e-mail and sub), what, to what, and how it ended
    let bulk_target = format!("{MERN_08}{}", Enrolment::email_key("bulk@example.pk"));
    let read: Vec<(&str, &str, &str)> = trail
        .iter()
        .map(|e| (e["action"].as_str().unwrap(), e["target"].as_str().unwrap(), e["outcome"].as_str().unwrap()))
        .collect();
    assert_eq!(read[0], ("enquiry.resend", enquiry.id.as_str(), "ok"), "{read:?}");
    // The bulk enrolment writes its line's entry and then the roster's, often within one millisecond
    // (the trail's order within a millisecond is not kept): both are there, after the revocation.
    let bulk: BTreeSet<(&str, &str, &str)> = read[1..3].iter().copied().collect();
    let expected =
        BTreeSet::from([("enrolment.create", bulk_target.as_str(), "ok"), ("enrolment.bulk", MERN_08, "ok")]);
    assert_eq!(bulk, expected, "{read:?}");
    assert_eq!(
        read[3..],
        [
            ("enrolment.revoke", id.as_str(), "ok"),
            ("enrolment.resend", id.as_str(), "ok"),
            ("enrolment.create", id.as_str(), "refused"),
            ("enrolment.create", id.as_str(), "ok"),
            ("enquiry.update", enquiry.id.as_str(), "ok"),
        ]
    );
    for entry in &trail {
        assert_eq!((&entry["actorEmail"], &entry["actorSub"]), (&json!(STAFF_EMAIL), &json!(staff_sub)), "{entry}");
        let at = entry["at"].as_i64().unwrap();
        assert!(at >= started && at <= time::now(), "{entry}");
    }
    assert!(trail[5]["detail"].as_str().unwrap().contains("already enrolled"), "why it was refused: {}", trail[5]);
    let roster = trail[1..3].iter().find(|e| e["action"] == "enrolment.bulk").unwrap();
    assert_eq!(roster["detail"], "1 enrolled, 0 already enrolled, 0 invalid");
    assert_eq!(trail[0]["detail"], "delivery sent");

    // THEN two at a time, the same entries, each once
    let paged = console.every_page("/api/staff/audit?limit=2").await;
    assert_eq!(paged, trail);

    // WHEN anyone tries to change or delete it THEN no route does (405), and it is unchanged
    for method in ["PUT", "PATCH", "DELETE", "POST"] {
        let answer = console.staff(method, "/api/staff/audit", Some(&json!({"items": []}))).await;
        answer.refused(405, "method_not_allowed");
        assert_eq!(answer.header("allow"), "GET, HEAD");
    }
    let one = trail[0]["id"].as_str().unwrap();
    for method in ["GET", "PUT", "PATCH", "DELETE"] {
        console.staff(method, &format!("/api/staff/audit/{one}"), Some(&json!({}))).await.refused(404, "not_found");
    }
    assert_eq!(console.every_page("/api/staff/audit").await, trail);
}

// ---- what a page costs ----------------------------------------------------------------------------

/// The SQLite items, counting what the store is asked to read: the rows each page asks for (its
/// limit and the one read ahead), the items pages return, and the items of unbounded queries.
struct Counting {
    inner: Arc<SqliteItems>,
    asked: AtomicUsize,
    paged: AtomicUsize,
    unbounded: AtomicUsize,
}

impl Counting {
    /// `(asked, paged, unbounded)` since the last call.
    fn take(&self) -> (usize, usize, usize) {
        (
            self.asked.swap(0, Ordering::SeqCst),
            self.paged.swap(0, Ordering::SeqCst),
            self.unbounded.swap(0, Ordering::SeqCst),
        )
    }
}

#[async_trait]
impl Items for Counting {
    async fn put(&self, item: Item, mode: PutMode) -> academy_core::store::Result<()> {
        self.inner.put(item, mode).await
    }
    async fn get(&self, pk: &str, sk: &str, now: i64) -> academy_core::store::Result<Option<Item>> {
        self.inner.get(pk, sk, now).await
    }
    async fn query(&self, pk: &str, sk_prefix: &str, now: i64) -> academy_core::store::Result<Vec<Item>> {
        let found = self.inner.query(pk, sk_prefix, now).await?;
        self.unbounded.fetch_add(found.len(), Ordering::SeqCst);
        Ok(found)
    }
    async fn query_index(
        &self,
        gsi1pk: &str,
        gsi1sk: Option<&str>,
        now: i64,
    ) -> academy_core::store::Result<Vec<Item>> {
        let found = self.inner.query_index(gsi1pk, gsi1sk, now).await?;
        self.unbounded.fetch_add(found.len(), Ordering::SeqCst);
        Ok(found)
    }
    async fn query_index_range(
        &self,
        gsi1pk: &str,
        from: &str,
        to: &str,
        now: i64,
    ) -> academy_core::store::Result<Vec<Item>> {
        let found = self.inner.query_index_range(gsi1pk, from, to, now).await?;
        self.unbounded.fetch_add(found.len(), Ordering::SeqCst);
        Ok(found)
    }
    async fn add(&self, pk: &str, sk: &str, delta: i64, expires_at: i64, now: i64) -> academy_core::store::Result<i64> {
        self.inner.add(pk, sk, delta, expires_at, now).await
    }
    async fn page(
        &self,
        range: Range<'_>,
        order: Order,
        after: Option<&Position>,
        limit: usize,
    ) -> academy_core::store::Result<ItemPage> {
        let page = self.inner.page(range, order, after, limit).await?;
        self.asked.fetch_add(limit + 1, Ordering::SeqCst);
        self.paged.fetch_add(page.items.len(), Ordering::SeqCst);
        Ok(page)
    }
    async fn delete(&self, pk: &str, sk: &str) -> academy_core::store::Result<()> {
        self.inner.delete(pk, sk).await
    }
    async fn delete_if(&self, pk: &str, sk: &str, field: &str, value: &str) -> academy_core::store::Result<bool> {
        self.inner.delete_if(pk, sk, field, value).await
    }
}

#[tokio::test]
async fn a_page_of_ten_thousand_enquiries_reads_no_more_than_a_page_of_ten() {
    // GIVEN ten enquiries from "Early" students, in a store that counts what it reads
    let counting = Arc::new(Counting {
        inner: support::sqlite_items(),
        asked: AtomicUsize::new(0),
        paged: AtomicUsize::new(0),
        unbounded: AtomicUsize::new(0),
    });
    let store = Store::new(counting.clone());
    let console = Console::on(store.clone()).await;
    let t = 1_700_000_000;
    for n in 0..10 {
        store
            .insert_submission(&lead("contact-form", "Early", &format!("{n}"), &format!("early{n}@example.pk"), t + n))
            .await
            .unwrap();
    }
    let page = |query: &'static str| {
        let console = &console;
        let counting = counting.clone();
        async move {
            counting.take();
            let page = console.get(&format!("/api/staff/enquiries?{query}")).await;
            (page, counting.take())
        }
    };
    // WHEN a page of five is read, and a page filtered to what only the ten match
    let (small, small_cost) = page("limit=5").await;
    let (small_filtered, small_filtered_cost) = page("limit=5&q=early").await;
    assert_eq!(small["items"].as_array().unwrap().len(), 5);
    assert_eq!(small_filtered["items"].as_array().unwrap().len(), 5);

    // AND 9,990 newer enquiries are stored
    for n in 10..10_000 {
        store
            .insert_submission(&lead("contact-form", "Later", &format!("{n}"), &format!("later{n}@example.pk"), t + n))
            .await
            .unwrap();
    }
    counting.take();

    // THEN a page of five reads the same as it did with ten stored: five, asking for six
    let (large, large_cost) = page("limit=5").await;
    assert_eq!(large["items"].as_array().unwrap().len(), 5);
    assert_eq!(large_cost, small_cost);
    assert_eq!(large_cost, (6, 5, 0), "(rows asked, items read, items of unbounded queries)");
    // THEN the largest page reads only itself
    let (_, max_cost) = page("limit=100").await;
    assert_eq!(max_cost, (101, 100, 0));
    // THEN a filtered page reads at most READ_BUDGET, however many are stored, and says where to go on
    assert_eq!(small_filtered_cost.2, 0);
    let (far, far_cost) = page("limit=5&q=early").await;
    assert_eq!(far["items"].as_array().unwrap().len(), 0, "the first thousand are all later");
    assert_eq!(far_cost.1, READ_BUDGET);
    assert!(far_cost.0 <= READ_BUDGET + 10, "{far_cost:?}");
    assert_eq!(far_cost.2, 0, "no unbounded query");
    assert!(far["nextCursor"].is_string());
    // Followed to the end, the filtered pages find the ten, each within the budget.
    let (mut found, mut cursor, mut pages) = (Vec::new(), far["nextCursor"].as_str().map(str::to_owned), 1);
    while let Some(at) = cursor {
        counting.take();
        let next = console.get(&format!("/api/staff/enquiries?limit=5&q=early&cursor={at}")).await;
        let (asked, read, unbounded) = counting.take();
        assert!(read <= READ_BUDGET && asked <= READ_BUDGET + 10 && unbounded == 0, "{asked} {read} {unbounded}");
        found.extend(ids_of(next["items"].as_array().unwrap()));
        cursor = next["nextCursor"].as_str().map(str::to_owned);
        pages += 1;
    }
    assert_eq!(found.len(), 10);
    assert!(pages <= 13, "{pages} pages");
    let _ = small_filtered_cost;
}

on_both_stores!(
    every_staff_route_answers_401_without_a_token_403_to_a_student_and_2xx_to_staff,
    enquiries_filter_by_form_delivery_handling_and_a_name_or_email_prefix_newest_first,
    enquiry_pages_follow_their_cursors_without_duplicates_or_omissions,
    staff_mark_an_enquiry_handled_with_a_note_and_send_its_mail_again,
    the_enquiries_export_keeps_the_filters_and_makes_formula_cells_inert,
    enrolling_issues_a_secret_id_mails_the_welcome_and_marks_the_enquiry_handled,
    an_enrolment_is_refused_twice_or_with_an_access_end_already_past,
    past_its_access_end_a_secret_id_answers_as_revoked,
    revoking_refuses_the_secret_id_and_removes_the_batch_from_every_linked_account,
    revoking_keeps_what_the_student_watched_in_the_list_and_the_report_marked_revoked,
    a_new_secret_id_works_and_the_old_one_is_refused,
    a_batch_lists_its_enrolments_with_status_account_and_lectures_watched,
    a_student_signed_in_with_the_enrolled_email_gets_the_batch_without_the_secret_id,
    a_pasted_roster_answers_each_line,
    a_roster_naming_a_revoked_student_twice_enrols_them_once,
    a_roster_enrols_a_thousand_lines_and_refuses_the_next,
    the_report_counts_what_each_lecture_and_student_watched,
    every_staff_write_is_audited_newest_first_and_nothing_changes_the_trail,
);

/// The console's route (named by its service's route type and variant) that `path` is, among the
/// enquiries', enrolments', reports' and audit trail's, with its methods.
fn staff_route(path: &str) -> Option<(String, &'static [lambda_http::http::Method])> {
    use academy_core::http::routes::{resolve, Routes};
    fn named<R: Routes + std::fmt::Debug>(path: &str) -> Option<(String, &'static [lambda_http::http::Method])> {
        let route = resolve::<R>(path)?;
        let variant = format!("{route:?}").split(['(', ' ']).next().unwrap().to_owned();
        Some((format!("{}::{variant}", std::any::type_name::<R>()), route.methods()))
    }
    named::<academy_core::leads::api::StaffEnquiriesRoute>(path)
        .or_else(|| named::<academy_core::enrolments::api::StaffEnrolmentsRoute>(path))
        .or_else(|| named::<academy_core::enrolments::api::StaffReportsRoute>(path))
        .or_else(|| named::<academy_core::console::api::AuditRoute>(path))
}

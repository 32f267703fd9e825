//! Certificates through the dispatcher every Lambda and `academy serve` use, on SQLite and on
//! DynamoDB in moto: the completion rule (one lecture short is refused), claims sent at once
//! (one certificate), the public answer for a valid, a revoked and an unknown id (and its limit),
//! the PDF read back (its text by poppler's `pdftotext`, its QR code rendered by `pdftoppm` and
//! decoded by `rqrr`), PDFs kept in S3 under `certificates/`, and staff's routes: who may call
//! them, and every write in the audit trail.

use crate::support;
use support::console::{as_staff, next_ip, Reply, STAFF_EMAIL, STAFF_SUB};

use academy_core::certificates::files::{CertificateFiles, FolderCertificates, S3Certificates};
use academy_core::platform::local::AppState;
use academy_core::store::{CatalogRecords, CertificateRecords, Items, Store, StoreError};
use lambda_http::Body;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;
use support::{as_student, request, request_with_body};

/// The demo catalog's MERN-07 Evening Batch: six lectures (two stored files, four embeds).
const MERN_07: &str = "665f1c2a9b3e4d0012a1c001";
const COURSE: &str = "MERN Stack Development";
/// `ACADEMY_SITE_URL`'s default: the verification page's origin in these tests.
const SITE: &str = "http://localhost:8080";

fn send(method: &str, path: &str, body: Value) -> lambda_http::Request {
    let headers = [("content-type", "application/json")];
    request_with_body(method, path, &headers, &next_ip(), Body::Text(body.to_string()))
}

fn get(path: &str) -> lambda_http::Request {
    request("GET", path, &[], &next_ip())
}

/// Every service on a store holding the demo catalog, PDFs kept in a folder of the test's own.
struct World {
    state: AppState,
    folder: PathBuf,
}

impl World {
    async fn open(store: Store) -> Self {
        let mut state = support::app_state(support::seeded(store).await).await;
        let folder = std::env::temp_dir().join(format!("academy-certificates-{}", academy_core::ids::generate()));
        state.keep_certificates(Arc::new(FolderCertificates::new(&folder)));
        Self { state, folder }
    }

    async fn call(&self, req: lambda_http::Request) -> Reply {
        Reply::to(&self.state, req).await
    }

    async fn student(&self, sub: &str, req: lambda_http::Request) -> Reply {
        self.call(as_student(req, sub)).await
    }

    async fn staff(&self, req: lambda_http::Request) -> Reply {
        self.call(as_staff(req)).await
    }

    /// The numbers of MERN-07's lectures a student can watch.
    async fn lectures(&self) -> Vec<u32> {
        let videos = self.state.store.list_lectures(MERN_07).await.unwrap();
        videos.iter().filter(|v| v.is_watchable()).map(|v| v.lecture_number).collect()
    }

    /// A student who linked MERN-07 with a Secret ID of their own.
    async fn linked(&self, sub: &str) {
        let (secret, _) = support::grant(&self.state.store, MERN_07).await;
        let link = send("POST", "/api/me/batches", json!({"batchId": MERN_07, "secretId": secret}));
        self.student(sub, link).await.expect(200);
    }

    /// Saves the student's `position` in lecture `n`, as the player does.
    async fn save(&self, sub: &str, n: u32, position: f64, completed: bool) -> Value {
        let update = json!({"positionSeconds": position, "completed": completed});
        self.student(sub, send("PUT", &format!("/api/me/progress/{MERN_07}/{n}"), update)).await.expect(200)
    }

    /// The student watches `lectures` as the player reports it, the server's clock driven at their
    /// pace: a lecture file played from its start to its end at 1x, an embed's page kept open for
    /// ten minutes (a save a minute).
    async fn watch(&self, sub: &str, lectures: &[u32]) {
        let clock = self.state.clock();
        for &n in lectures {
            let video = self.state.store.get_lecture(MERN_07, n).await.unwrap().unwrap();
            self.save(sub, n, 0.0, false).await;
            let watched = match video.known_length() {
                Some(length) => {
                    clock.advance(length);
                    self.save(sub, n, length, false).await
                }
                None => {
                    let mut last = Value::Null;
                    for _ in 0..10 {
                        clock.advance(60.0);
                        last = self.save(sub, n, 0.0, false).await;
                    }
                    last
                }
            };
            assert_eq!(watched["completed"], true, "lecture {n}: {watched}");
        }
    }

    /// A student who linked MERN-07 and watched all of it.
    async fn completed(&self, sub: &str) {
        self.linked(sub).await;
        self.watch(sub, &self.lectures().await).await;
    }

    async fn claim(&self, sub: &str, name: &str) -> Reply {
        self.student(sub, send("POST", "/api/me/certificates", json!({"batchId": MERN_07, "name": name}))).await
    }

    /// MERN-07 as the student's batch list shows it.
    async fn my_batch(&self, sub: &str) -> Value {
        let batches = self.student(sub, get("/api/me/batches")).await.expect(200);
        batches["batches"].as_array().unwrap().iter().find(|b| b["batch"]["_id"] == MERN_07).unwrap().clone()
    }
}

async fn one_lecture_short_is_not_complete(store: Store) {
    let world = World::open(store).await;
    let sub = "7c1e5a2b-short";
    let lectures = world.lectures().await;
    assert_eq!(lectures.len(), 6, "the demo batch's lectures are all watchable");
    world.linked(sub).await;
    world.watch(sub, &lectures[..5]).await;
    // A lecture started but not finished counts for nothing.
    let started = json!({"positionSeconds": 30, "completed": false});
    world.student(sub, send("PUT", &format!("/api/me/progress/{MERN_07}/{}", lectures[5]), started)).await.expect(200);
    let mine = world.my_batch(sub).await;
    assert_eq!((mine["complete"].as_bool(), &mine["certificateId"]), (Some(false), &Value::Null), "{mine}");
    let refused = world.claim(sub, "Ayesha Khan").await;
    refused.refused(409, "conflict");
    assert!(refused.json()["message"].as_str().unwrap().contains("5 of 6"), "{}", refused.text());
    assert_eq!(world.student(sub, get("/api/me/certificates")).await.expect(200), json!({"certificates": []}));

    world.watch(sub, &lectures[5..]).await;
    assert_eq!(world.my_batch(sub).await["complete"], true);
    let issued = world.claim(sub, "  Ayesha   Khan ").await.expect(201);
    assert_eq!(issued["name"], "Ayesha Khan", "trimmed, one space");
    assert_eq!((issued["course"].as_str(), issued["batch"].as_str()), (Some(COURSE), Some("MERN-07 Evening Batch")));
    assert_eq!((issued["instructor"].as_str(), issued["status"].as_str()), (Some("Bilal Rana"), Some("valid")));
    let id = issued["id"].as_str().unwrap();
    assert!(academy_core::certificates::id::is_valid(id), "{id}");
    assert_eq!(issued["verifyUrl"], format!("{SITE}/verify/{id}"));
    // Completed by the (driven) clock the progress was saved by; issued by the system's.
    let completed_on = academy_core::time::date(world.state.clock().now());
    let today = academy_core::time::date(academy_core::time::now());
    assert_eq!(
        (issued["completedOn"].as_str(), issued["issuedOn"].as_str()),
        (Some(completed_on.as_str()), Some(today.as_str()))
    );
    let linked_in = issued["linkedInUrl"].as_str().unwrap();
    let (base, query) = linked_in.split_once('?').unwrap();
    assert_eq!(base, "https://www.linkedin.com/profile/add");
    let fields: std::collections::BTreeMap<String, String> =
        form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    assert_eq!(fields["startTask"], "CERTIFICATION_NAME");
    assert_eq!((fields["name"].as_str(), fields["organizationName"].as_str()), (COURSE, "Skyline Tech Academy"));
    assert_eq!((fields["certId"].as_str(), fields["certUrl"].as_str()), (id, format!("{SITE}/verify/{id}").as_str()));
    assert_eq!(fields["issueYear"], today[..4]);
    assert_eq!(fields["issueMonth"], today[5..7].trim_start_matches('0'));

    // Claiming again answers the same certificate: the name cannot be changed by the student.
    let again = world.claim(sub, "Someone Else").await.expect(200);
    assert_eq!((again["id"].as_str(), again["name"].as_str()), (Some(id), Some("Ayesha Khan")));
    assert_eq!(world.my_batch(sub).await["certificateId"], id);
    let listed = world.student(sub, get("/api/me/certificates")).await.expect(200);
    assert_eq!(listed["certificates"], json!([issued]));
}

async fn completion_is_earned_by_watching_not_claimed(store: Store) {
    let world = World::open(store).await;
    let sub = "7c1e5a2b-replay";
    let lectures = world.lectures().await;
    world.linked(sub).await;
    // GIVEN every lecture saved as completed at position 0, as a replayed request would
    for &n in &lectures {
        let saved = world.save(sub, n, 0.0, true).await;
        assert_eq!(saved["completed"], false, "the client's flag alone changes nothing: {saved}");
    }
    // AND the two lecture files "played" to their end in no time
    let files: Vec<u32> = {
        let videos = world.state.store.list_lectures(MERN_07).await.unwrap();
        videos.iter().filter(|v| v.known_length().is_some()).map(|v| v.lecture_number).collect()
    };
    assert_eq!(files.len(), 2, "the demo batch's two stored files have a known length");
    for &n in &files {
        assert_eq!(world.save(sub, n, 4.0, true).await["completed"], false, "faster than 2x");
    }
    // THEN nothing is watched, and the certificate is refused
    let mine = world.my_batch(sub).await;
    assert_eq!((mine["lecturesWatched"].as_u64(), mine["complete"].as_bool()), (Some(0), Some(false)), "{mine}");
    world.claim(sub, "Ayesha Khan").await.refused(409, "conflict");

    // WHEN the student watches at the pace the clock allows (each file at 2x, the fastest offered)
    for &n in &files {
        world.save(sub, n, 0.0, false).await;
        world.state.clock().advance(2.0);
        let done = world.save(sub, n, 4.0, false).await;
        assert_eq!((done["completed"].as_bool(), done["watchedSeconds"].as_f64()), (Some(true), Some(4.0)), "{done}");
    }
    // AND an embed's page is open for nine minutes, then ten
    let embed = *lectures.iter().find(|n| !files.contains(n)).unwrap();
    world.save(sub, embed, 0.0, false).await;
    for minute in 1..=10 {
        world.state.clock().advance(60.0);
        let saved = world.save(sub, embed, 0.0, false).await;
        assert_eq!(saved["completed"], minute == 10, "after {minute} minutes: {saved}");
    }
    assert_eq!(world.my_batch(sub).await["lecturesWatched"], 3);
    // THEN with every lecture watched the certificate is issued
    let rest: Vec<u32> = lectures.iter().copied().filter(|n| !files.contains(n) && *n != embed).collect();
    world.watch(sub, &rest).await;
    world.claim(sub, "Ayesha Khan").await.expect(201);
}

async fn claims_are_checked(store: Store) {
    let world = World::open(store).await;
    let sub = "7c1e5a2b-checked";
    let claim = |body: Value| world.student(sub, send("POST", "/api/me/certificates", body));
    claim(json!({"batchId": MERN_07, "name": "Ayesha Khan"})).await.refused(403, "forbidden");
    world.completed(sub).await;
    for name in ["A", "Ayesha3", "<b>Ayesha</b>", "Иван Петров", "'Ayesha", &"a".repeat(81)] {
        claim(json!({"batchId": MERN_07, "name": name})).await.refused(400, "bad_request");
    }
    claim(json!({"batchId": "nope", "name": "Ayesha Khan"})).await.refused(400, "bad_request");
    claim(json!({"batchId": "ffffffffffffffffffffffff", "name": "Ayesha Khan"})).await.refused(404, "not_found");
    claim(json!({"batchId": MERN_07, "name": "Ayesha Khan", "extra": 1})).await.refused(400, "bad_request");
    world
        .call(send("POST", "/api/me/certificates", json!({"batchId": MERN_07, "name": "Ayesha Khan"})))
        .await
        .refused(401, "unauthorized");
    world.call(get("/api/me/certificates")).await.refused(401, "unauthorized");
    // Another batch of the account's is not linked.
    let other = json!({"batchId": "665f1c2a9b3e4d0012a1c002", "name": "Ayesha Khan"});
    claim(other).await.refused(403, "forbidden");
}

async fn claims_sent_at_once_issue_one_certificate(store: Store) {
    let world = World::open(store).await;
    let sub = "7c1e5a2b-race";
    world.completed(sub).await;
    let names = (0..20).map(|i| format!("Student {}", char::from(b'A' + i)));
    let world = &world;
    let claims = names.map(|name| async move { world.claim(sub, &name).await });
    let replies = futures::future::join_all(claims).await;
    let created = replies.iter().filter(|r| r.status == 201).count();
    assert_eq!(created, 1, "{:?}", replies.iter().map(|r| r.status).collect::<Vec<_>>());
    assert!(replies.iter().all(|r| r.status == 201 || r.status == 200));
    let ids: std::collections::BTreeSet<String> =
        replies.iter().map(|r| r.json()["id"].as_str().unwrap().to_owned()).collect();
    assert_eq!(ids.len(), 1, "every claim answers the one certificate");
    let listed = world.student(sub, get("/api/me/certificates")).await.expect(200);
    assert_eq!(listed["certificates"].as_array().unwrap().len(), 1);
}

async fn anyone_may_verify_an_id_valid_revoked_or_unknown(store: Store) {
    let world = World::open(store).await;
    let sub = "7c1e5a2b-verify";
    world.completed(sub).await;
    let issued = world.claim(sub, "Zoë O'Brien").await.expect(201);
    let id = issued["id"].as_str().unwrap();
    let public = world.call(get(&format!("/api/certificates/{id}"))).await.expect(200);
    assert_eq!(
        public,
        json!({"id": id, "name": "Zoë O'Brien", "course": COURSE, "batch": "MERN-07 Evening Batch",
            "completedOn": issued["completedOn"], "issuedOn": issued["issuedOn"], "status": "valid", "revokedOn": null})
    );

    let revoke = send("POST", &format!("/api/staff/certificates/{id}/revoke"), json!({"reason": "  Exam copied  "}));
    let revoked = world.staff(revoke).await.expect(200);
    let today = academy_core::time::date(academy_core::time::now());
    assert_eq!((revoked["status"].as_str(), revoked["revokedReason"].as_str()), (Some("revoked"), Some("Exam copied")));
    let public = world.call(get(&format!("/api/certificates/{id}"))).await.expect(200);
    assert_eq!((public["status"].as_str(), public["revokedOn"].as_str()), (Some("revoked"), Some(today.as_str())));
    assert!(public.get("revokedReason").is_none() && !public.to_string().contains(sub), "{public}");
    let again = send("POST", &format!("/api/staff/certificates/{id}/revoke"), json!({"reason": "again"}));
    world.staff(again).await.refused(409, "conflict");
    // The holder sees it revoked too, and still has it.
    assert_eq!(
        world.student(sub, get("/api/me/certificates")).await.expect(200)["certificates"][0]["status"],
        "revoked"
    );

    world.call(get("/api/certificates/SKY-0000-0000-0000-0000")).await.refused(404, "not_found");
    for malformed in ["sky-0000-0000-0000-0000", "SKY-0000-0000-0000-000U", "SKY-0000", "x"] {
        world.call(get(&format!("/api/certificates/{malformed}"))).await.refused(404, "not_found");
        world.call(get(&format!("/api/certificates/{malformed}/pdf"))).await.refused(404, "not_found");
    }
    // Revoked, its PDF is no longer given out publicly; its holder still has theirs.
    let pdf = world.call(get(&format!("/api/certificates/{id}/pdf"))).await.refused(410, "gone");
    assert!(pdf["message"].as_str().unwrap().contains(&format!("revoked on {today}")), "{pdf}");
    let mine = world.student(sub, get(&format!("/api/me/certificates/{id}/pdf"))).await;
    assert_eq!((mine.status, &mine.headers["content-type"]), (200, &"application/pdf".parse().unwrap()));

    // Look-ups are limited per client: 60 an hour, then 429 with Retry-After.
    let ip = "203.0.113.222";
    for _ in 0..60 {
        let reply = world.call(request("GET", &format!("/api/certificates/{id}"), &[], ip)).await;
        assert_eq!(reply.status, 200, "{}", reply.text());
    }
    let limited = world.call(request("GET", "/api/certificates/SKY-0000-0000-0000-0000", &[], ip)).await;
    limited.refused(429, "rate_limited");
    assert!(limited.headers.contains_key("retry-after"));
    world.call(request("GET", &format!("/api/certificates/{id}/pdf"), &[], ip)).await.refused(429, "rate_limited");
    // Another /64 of IPv6 is another client; the same /64 is the same one.
    let same = |tail: &str| request("GET", &format!("/api/certificates/{id}"), &[], &format!("2001:db8:7:7::{tail}"));
    for _ in 0..60 {
        assert_eq!(world.call(same("1")).await.status, 200);
    }
    world.call(same("2")).await.refused(429, "rate_limited");
}

async fn the_pdf_goes_to_its_holder_only(store: Store) {
    let world = World::open(store).await;
    let sub = "7c1e5a2b-holder";
    world.completed(sub).await;
    let id = world.claim(sub, "Ayesha Khan").await.expect(201)["id"].as_str().unwrap().to_owned();
    let own = world.student(sub, get(&format!("/api/me/certificates/{id}/pdf"))).await;
    assert_eq!(own.status, 200);
    assert_eq!(own.headers["content-type"], "application/pdf");
    assert_eq!(own.headers["content-disposition"], format!("attachment; filename=\"certificate-{id}.pdf\""));
    assert!(own.bytes.starts_with(b"%PDF-"));
    let public = world.call(get(&format!("/api/certificates/{id}/pdf"))).await;
    assert_eq!(public.bytes, own.bytes, "the same file");
    assert!(world.folder.join(format!("{id}.pdf")).is_file(), "kept once generated");
    world.student("7c1e5a2b-other", get(&format!("/api/me/certificates/{id}/pdf"))).await.refused(404, "not_found");
    world.call(get(&format!("/api/me/certificates/{id}/pdf"))).await.refused(401, "unauthorized");
    // A PDF lost from storage is made again from the record.
    std::fs::remove_file(world.folder.join(format!("{id}.pdf"))).unwrap();
    let again = world.student(sub, get(&format!("/api/me/certificates/{id}/pdf"))).await;
    assert_eq!(again.status, 200);
    assert!(world.folder.join(format!("{id}.pdf")).is_file());
}

/// The staff routes, each: no token 401, a student's 403, staff's answer.
async fn staff_routes_are_staffs_and_every_write_is_audited(store: Store) {
    let world = World::open(store).await;
    let (finished, in_class) = ("7c1e5a2b-finished", "7c1e5a2b-in.class@example.pk");
    world.completed(finished).await;
    world.linked(in_class).await;
    world.watch(in_class, &[1]).await;
    let base = format!("/api/staff/batches/{MERN_07}");
    let issued = world.claim(finished, "Bilal Ahmed").await.expect(201);
    let id = issued["id"].as_str().unwrap().to_owned();
    let routes: Vec<(&str, String, Value)> = vec![
        ("GET", format!("{base}/certificates"), Value::Null),
        ("PUT", format!("{base}/students/{in_class}/completion"), json!({"complete": true})),
        ("POST", format!("{base}/students/{in_class}/certificate"), json!({"name": "Hira Baloch"})),
        ("PATCH", format!("/api/staff/certificates/{id}"), json!({"name": "Bilal Ahmed Khan"})),
        ("POST", format!("/api/staff/certificates/{id}/revoke"), json!({"reason": "Issued in error"})),
    ];
    let build = |method: &str, path: &str, body: &Value| match body {
        Value::Null => request(method, path, &[], &next_ip()),
        body => send(method, path, body.clone()),
    };
    for (method, path, body) in &routes {
        world.call(build(method, path, body)).await.refused(401, "unauthorized");
        world.student(finished, build(method, path, body)).await.refused(403, "forbidden");
    }

    let list = world.staff(build("GET", &routes[0].1, &Value::Null)).await.expect(200);
    assert_eq!(list["lecturesTotal"], 6);
    let rows = list["students"].as_array().unwrap();
    let row = |who: &str| rows.iter().find(|r| r["studentId"] == who).unwrap().clone();
    assert_eq!(rows.len(), 2, "{list}");
    let done = row(finished);
    assert_eq!((done["complete"].as_bool(), done["markedComplete"].as_bool()), (Some(true), Some(false)));
    assert_eq!((done["lecturesWatched"].as_u64(), &done["certificate"]["id"]), (Some(6), &json!(id)));
    assert_eq!((done["name"].as_str(), done["email"].as_str()), (Some("Secret ID"), Some("")), "no enrolment");
    let pending = row(in_class);
    assert_eq!((pending["complete"].as_bool(), &pending["certificate"]), (Some(false), &Value::Null));

    // Issuing for a student who has not completed is refused until staff mark them complete.
    let issue = &routes[2];
    world.staff(build(issue.0, &issue.1, &issue.2)).await.refused(409, "conflict");
    let marked = world.staff(build(routes[1].0, &routes[1].1, &routes[1].2)).await.expect(200);
    assert_eq!((marked["complete"].as_bool(), marked["markedComplete"].as_bool()), (Some(true), Some(true)));
    assert_eq!(marked["lecturesWatched"], 1);
    assert_eq!(world.my_batch(in_class).await["complete"], true, "the student sees it too");
    let by_staff = world.staff(build(issue.0, &issue.1, &issue.2)).await.expect(201);
    assert_eq!((by_staff["name"].as_str(), by_staff["status"].as_str()), (Some("Hira Baloch"), Some("valid")));
    assert_eq!(world.staff(build(issue.0, &issue.1, &issue.2)).await.expect(200)["id"], by_staff["id"]);
    let theirs = world.student(in_class, get("/api/me/certificates")).await.expect(200);
    assert_eq!(theirs["certificates"][0]["id"], by_staff["id"]);
    // Removing the mark leaves the certificate as issued.
    let unmark = send("PUT", &routes[1].1, json!({"complete": false}));
    let unmarked = world.staff(unmark).await.expect(200);
    assert_eq!((unmarked["complete"].as_bool(), &unmarked["certificate"]["id"]), (Some(false), &by_staff["id"]));

    let renamed = world.staff(build(routes[3].0, &routes[3].1, &routes[3].2)).await.expect(200);
    assert_eq!(renamed["name"], "Bilal Ahmed Khan");
    let public = world.call(get(&format!("/api/certificates/{id}"))).await.expect(200);
    assert_eq!(public["name"], "Bilal Ahmed Khan");
    world.staff(build(routes[4].0, &routes[4].1, &routes[4].2)).await.expect(200);

    // Refusals: bad bodies, unknown students and certificates.
    world.staff(send("PATCH", &routes[3].1, json!({"name": "B"}))).await.refused(400, "bad_request");
    world.staff(send("POST", &routes[4].1, json!({"reason": " "}))).await.refused(400, "bad_request");
    world.staff(send("POST", &routes[4].1, json!({"reason": "r".repeat(301)}))).await.refused(400, "bad_request");
    let nobody = format!("{base}/students/nobody-here/completion");
    world.staff(send("PUT", &nobody, json!({"complete": true}))).await.refused(404, "not_found");
    world
        .staff(send("PUT", &format!("{base}/students/a%20b/completion"), json!({"complete": true})))
        .await
        .refused(404, "not_found");
    world
        .staff(send("PATCH", "/api/staff/certificates/SKY-0000-0000-0000-0000", json!({"name": "Ali Raza"})))
        .await
        .refused(404, "not_found");
    world.staff(get("/api/staff/batches/ffffffffffffffffffffffff/certificates")).await.refused(404, "not_found");

    let trail = world.staff(get("/api/staff/audit?limit=100")).await.expect(200);
    let entries: Vec<(String, String, String)> = trail["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"].as_str().unwrap().starts_with("certificate."))
        .map(|e| {
            assert_eq!((e["actorSub"].as_str(), e["actorEmail"].as_str()), (Some(STAFF_SUB), Some(STAFF_EMAIL)));
            let field = |name: &str| e[name].as_str().unwrap().to_owned();
            (field("action"), field("target"), field("outcome"))
        })
        .collect();
    // Every write, refused ones too (entries of one millisecond may list in either order); none
    // for the callers who were not staff.
    let (target, nobody) = (format!("{MERN_07}/{in_class}"), format!("{MERN_07}/nobody-here"));
    let mut expected: Vec<(String, String, String)> = [
        ("certificate.issue", target.as_str(), "refused"),
        ("certificate.completion", target.as_str(), "ok"),
        ("certificate.issue", target.as_str(), "ok"),
        ("certificate.issue", target.as_str(), "ok"),
        ("certificate.completion", target.as_str(), "ok"),
        ("certificate.rename", id.as_str(), "ok"),
        ("certificate.revoke", id.as_str(), "ok"),
        ("certificate.rename", id.as_str(), "refused"),
        ("certificate.revoke", id.as_str(), "refused"),
        ("certificate.revoke", id.as_str(), "refused"),
        ("certificate.completion", nobody.as_str(), "refused"),
        ("certificate.completion", &format!("{MERN_07}/a b"), "refused"),
        ("certificate.rename", "SKY-0000-0000-0000-0000", "refused"),
    ]
    .iter()
    .map(|(a, t, o)| ((*a).to_owned(), (*t).to_owned(), (*o).to_owned()))
    .collect();
    let mut written = entries;
    expected.sort();
    written.sort();
    assert_eq!(written, expected);
}

/// An account id holding `@`, `+` and a space, as the console sends it (each path segment
/// percent-encoded, as `encodeURIComponent` does): staff mark the student complete and issue the
/// certificate, and the student holds it.
async fn staff_mark_complete_and_issue_for_an_id_with_at_plus_and_space(store: Store) {
    // GIVEN a student whose account id holds `@`, `+` and a space, one lecture watched
    let world = World::open(store).await;
    let sub = "hira+evening class@example.pk";
    world.linked(sub).await;
    world.watch(sub, &[1]).await;
    let encoded = "hira%2Bevening%20class%40example.pk";
    let base = format!("/api/staff/batches/{MERN_07}/students/{encoded}");

    // WHEN staff mark them complete THEN it is that student's row
    let marked = world.staff(send("PUT", &format!("{base}/completion"), json!({"complete": true}))).await.expect(200);
    assert_eq!((marked["studentId"].as_str(), marked["complete"].as_bool()), (Some(sub), Some(true)));
    // WHEN staff issue the certificate THEN it is issued, and it is the student's
    let issued = world.staff(send("POST", &format!("{base}/certificate"), json!({"name": "Hira Baloch"}))).await;
    let issued = issued.expect(201);
    assert_eq!((issued["name"].as_str(), issued["status"].as_str()), (Some("Hira Baloch"), Some("valid")));
    let theirs = world.student(sub, get("/api/me/certificates")).await.expect(200);
    assert_eq!(theirs["certificates"][0]["id"], issued["id"]);
    // The same id sent with `@` as it is (a path may carry it) is the same student.
    let again = format!("/api/staff/batches/{MERN_07}/students/hira%2Bevening%20class@example.pk/certificate");
    assert_eq!(world.staff(send("POST", &again, json!({"name": "Hira Baloch"}))).await.expect(200)["id"], issued["id"]);
}

/// A certificate is found by its id through its holder item (`CERTIFICATE#{id}` / `HOLDER`), read
/// consistently, not through the table's index, which DynamoDB keeps eventually: a verification
/// or a revoke just after issue must find it. A second certificate for the same batch leaves no
/// holder behind.
async fn a_certificate_is_found_by_its_id_the_moment_it_is_issued(items: Arc<dyn Items>) {
    let store = Store::new(items.clone());
    let world = World::open(store.clone()).await;
    let sub = "7c1e5a2b-holder";
    world.completed(sub).await;
    let issued = world.claim(sub, "Ayesha Khan").await.expect(201);
    let id = issued["id"].as_str().unwrap();
    let holder = items.get(&format!("CERTIFICATE#{id}"), "HOLDER", 0).await.unwrap().expect("the holder item");
    assert_eq!(Value::Object(holder.body), json!({"sub": sub, "batchId": MERN_07}));
    let held = items.get(&format!("USER#{sub}"), &format!("CERTIFICATE#{MERN_07}"), 0).await.unwrap().unwrap();
    assert_eq!(held.gsi1, None, "not on the index: found by its holder");
    assert_eq!(store.find_certificate(id).await.unwrap().unwrap().id, id);

    let mut second = store.find_certificate(id).await.unwrap().unwrap();
    second.id = "SKY-0000-0000-0000-0001".into();
    assert!(matches!(store.create_certificate(&second).await, Err(StoreError::Conflict)));
    assert!(items.get(&format!("CERTIFICATE#{}", second.id), "HOLDER", 0).await.unwrap().is_none());
    assert!(store.find_certificate(&second.id).await.unwrap().is_none());
}

#[tokio::test]
async fn a_certificate_is_found_by_its_id_the_moment_it_is_issued_sqlite() {
    a_certificate_is_found_by_its_id_the_moment_it_is_issued(support::sqlite_items()).await;
}

#[tokio::test]
async fn a_certificate_is_found_by_its_id_the_moment_it_is_issued_dynamodb_on_moto() {
    a_certificate_is_found_by_its_id_the_moment_it_is_issued(support::moto_items().await).await;
}

on_both_stores!(
    completion_is_earned_by_watching_not_claimed,
    one_lecture_short_is_not_complete,
    claims_are_checked,
    claims_sent_at_once_issue_one_certificate,
    anyone_may_verify_an_id_valid_revoked_or_unknown,
    the_pdf_goes_to_its_holder_only,
    staff_routes_are_staffs_and_every_write_is_audited,
    staff_mark_complete_and_issue_for_an_id_with_at_plus_and_space,
);

/// A binary PGM (`pdftoppm -gray`): width, height and one byte per pixel.
fn read_pgm(bytes: &[u8]) -> (usize, usize, Vec<u8>) {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
    }
    assert_eq!((fields[0].as_str(), fields[3].as_str()), ("P5", "255"));
    let (width, height) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (width, height, bytes[at + 1..].to_vec())
}

/// The PDF a student downloads: under 200 KB, A4 landscape, its text (the holder's accented name,
/// the course, the id) extracted by pdftotext, and its QR code, rendered by pdftoppm, decoding to
/// the verification URL.
#[tokio::test]
async fn the_pdf_says_who_what_and_where_to_verify() {
    let world = World::open(support::sqlite_store()).await;
    let sub = "7c1e5a2b-pdf";
    world.completed(sub).await;
    let name = "Zoë Ångström-Núñez D\u{2019}Souza";
    let issued = world.claim(sub, name).await.expect(201);
    let id = issued["id"].as_str().unwrap();
    let pdf = world.student(sub, get(&format!("/api/me/certificates/{id}/pdf"))).await;
    assert_eq!(pdf.status, 200);
    assert!(pdf.bytes.len() < 200 * 1024, "{} bytes", pdf.bytes.len());
    let dir = std::env::temp_dir().join(format!("academy-certificate-pdf-{}", academy_core::ids::generate()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("certificate.pdf");
    std::fs::write(&file, &pdf.bytes).unwrap();
    let file = file.to_str().unwrap();

    let info = String::from_utf8(support::poppler("pdfinfo", &[file]).stdout).unwrap();
    assert!(info.lines().any(|l| l.split_whitespace().eq(["Pages:", "1"])), "{info}");
    assert!(info.contains("841.89 x 595.28 pts (A4)"), "A4 landscape: {info}");
    let fonts = String::from_utf8(support::poppler("pdffonts", &[file]).stdout).unwrap();
    let embedded: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(!embedded.is_empty() && embedded.iter().all(|f| f.contains(" yes yes ")), "embedded subsets: {fonts}");

    let text = String::from_utf8(support::poppler("pdftotext", &["-layout", file, "-"]).stdout).unwrap();
    for expected in
        [name, COURSE, id, "MERN-07 Evening Batch", "Bilal Rana", "Certificate of Completion", "SKYLINE TECH ACADEMY"]
    {
        assert!(text.contains(expected), "{expected:?} in {text}");
    }
    let verify_url = format!("{SITE}/verify/{id}");
    assert!(text.contains(&verify_url), "{text}");

    let image = dir.join("page");
    support::poppler("pdftoppm", &["-r", "150", "-gray", "-singlefile", file, image.to_str().unwrap()]);
    let (width, height, pixels) = read_pgm(&std::fs::read(dir.join("page.pgm")).unwrap());
    let mut prepared = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| pixels[y * width + x]);
    let grids = prepared.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code on the page");
    let (_, decoded) = grids[0].decode().unwrap();
    assert_eq!(decoded, verify_url);
}

/// In AWS the PDFs are kept in the lectures bucket under `certificates/` (moto's S3 here).
#[tokio::test]
async fn pdfs_are_kept_in_the_lectures_bucket_under_certificates() {
    let config = support::moto_config().await;
    let s3 = aws_sdk_s3::Client::from_conf(support::moto_s3(&config).build());
    let bucket = format!("academy-lectures-{}", academy_core::ids::generate());
    support::create_bucket(&s3, &bucket).await;
    let mut world = World::open(support::moto_store().await).await;
    world.state.keep_certificates(Arc::new(S3Certificates::new(s3.clone(), &bucket)));
    let sub = "7c1e5a2b-s3";
    world.completed(sub).await;
    let id = world.claim(sub, "Ayesha Khan").await.expect(201)["id"].as_str().unwrap().to_owned();
    let stored = s3.get_object().bucket(&bucket).key(format!("certificates/{id}.pdf")).send().await.unwrap();
    assert_eq!(stored.content_type(), Some("application/pdf"));
    let stored = stored.body.collect().await.unwrap().into_bytes().to_vec();
    let served = world.call(get(&format!("/api/certificates/{id}/pdf"))).await;
    assert_eq!(served.bytes, stored);
    let files = S3Certificates::new(s3, &bucket);
    assert_eq!(files.get("SKY-0000-0000-0000-0000").await.unwrap(), None, "a missing PDF is none, not an error");
}

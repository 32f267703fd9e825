//! The weekly guided assignment through the API, on both stores: staff post one (now, or at a set
//! time), students hand in text, links and files uploaded in parts (to the local folder, and to S3
//! on moto), save drafts, resubmit, hand in late, staff review from the queue and return it with a
//! mail; one student never reaches another's work or files on any route; files are judged by
//! their content (HTML named `.pdf` is refused) and their size (26 MB is refused); the batch's
//! certificate rule counts assignments when staff turn it on; a moved due time is mailed in the
//! batch's zone (its timetable's, Karachi without one) across a clock change.

use crate::support;
use support::console::{as_staff, next_ip, Reply};

use academy_core::assignments::AssignmentRecords;
use academy_core::live::LiveRecords;
use academy_core::mail::OutboxMailer;
use academy_core::media::uploads::{FolderUploads, S3Uploads, LOCAL_MIN_PART};
use academy_core::platform::local::AppState;
use academy_core::store::{CatalogRecords, Store, StudentRecords};
use lambda_http::aws_lambda_events::apigw::{ApiGatewayRequestAuthorizer, ApiGatewayRequestAuthorizerJwtDescription};
use lambda_http::request::RequestContext;
use lambda_http::{Body, Request, RequestExt};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;

const MERN_07: &str = "665f1c2a9b3e4d0012a1c001";
const AMNA: &str = "sub-amna";
const BILAL: &str = "sub-bilal";
/// A student of no batch of these assignments.
const OUTSIDER: &str = "sub-outsider";
const PDF: &[u8] =
    b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

/// `req` as API Gateway passes it on for a student whose verified e-mail is `{sub}@students.test`.
fn as_student(req: Request, sub: &str) -> Request {
    let Some(RequestContext::ApiGatewayV2(mut context)) = req.request_context_ref().cloned() else {
        panic!("an API Gateway request")
    };
    let mut jwt = ApiGatewayRequestAuthorizerJwtDescription::default();
    jwt.claims.insert("sub".into(), sub.into());
    jwt.claims.insert("email".into(), format!("{sub}@students.test"));
    jwt.claims.insert("email_verified".into(), "true".into());
    let mut authorizer = ApiGatewayRequestAuthorizer::default();
    authorizer.jwt = Some(jwt);
    context.authorizer = Some(authorizer);
    req.with_request_context(RequestContext::ApiGatewayV2(context))
}

fn send(method: &str, path: &str, body: Option<&Value>) -> Request {
    let headers: &[(&str, &str)] = if body.is_some() { &[("content-type", "application/json")] } else { &[] };
    let body = body.map_or(Body::Empty, |b| Body::Text(b.to_string()));
    support::request_with_body(method, path, headers, &next_ip(), body)
}

/// Where files go in a class.
enum Files {
    Folder(Arc<FolderUploads>),
    S3 { s3: aws_sdk_s3::Client, bucket: String },
}

struct Class {
    state: AppState,
    files: Files,
    outbox: PathBuf,
}

impl Class {
    /// The demo catalog, files in a local folder (parts of 64 KiB), mail to an outbox.
    async fn open(store: Store) -> Self {
        let mut state = support::app_state(support::seeded(store).await).await;
        let folder = std::env::temp_dir().join(format!("academy-assignments-{}", academy_core::ids::generate()));
        let parts = Arc::new(FolderUploads::new(&folder, None, Some(LOCAL_MIN_PART)).unwrap());
        state.upload_locally(parts.clone());
        let outbox = std::env::temp_dir().join(format!("academy-outbox-{}", academy_core::ids::generate()));
        state.mail_inline(Arc::new(OutboxMailer::new(&outbox)), support::test_mail());
        let class = Self { state, files: Files::Folder(parts), outbox };
        for sub in [AMNA, BILAL] {
            class.link(sub, MERN_07).await;
        }
        class
    }

    /// The same with files in a bucket of S3 on moto.
    async fn on_s3(store: Store) -> Self {
        let mut class = Self::open(store).await;
        let config = support::moto_config().await;
        let s3 = aws_sdk_s3::Client::from_conf(support::moto_s3(&config).build());
        let bucket = format!("academy-lectures-{}", academy_core::ids::generate());
        support::create_bucket(&s3, &bucket).await;
        class.state.keep_files(Arc::new(S3Uploads::new(s3.clone(), &bucket)));
        class.state.part_uploads = None;
        class.files = Files::S3 { s3, bucket };
        class
    }

    /// `sub` linked to `batch` with a Secret ID of their own.
    async fn link(&self, sub: &str, batch: &str) {
        let (secret, _) = support::grant(&self.state.store, batch).await;
        let body = json!({"batchId": batch, "secretId": secret});
        self.student(sub, "POST", "/api/me/batches", Some(body)).await.expect(200);
    }

    async fn student(&self, sub: &str, method: &str, path: &str, body: Option<Value>) -> Reply {
        Reply::to(&self.state, as_student(send(method, path, body.as_ref()), sub)).await
    }

    async fn staff(&self, method: &str, path: &str, body: Option<Value>) -> Reply {
        Reply::to(&self.state, as_staff(send(method, path, body.as_ref()))).await
    }

    /// A published assignment of MERN-07 due in `due_in` seconds; its id.
    async fn post(&self, title: &str, due_in: i64, extra: Value) -> String {
        let due = academy_core::time::iso(self.state.clock().now() + due_in);
        let mut body =
            json!({"title": title, "instructions": "Build **it**. <script>x</script>", "dueAt": due, "result": "pass"});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let posted =
            self.staff("POST", &format!("/api/staff/batches/{MERN_07}/assignments"), Some(body)).await.expect(201);
        posted["id"].as_str().unwrap().to_owned()
    }

    /// PUTs one part where the URL says, as a browser does; its ETag.
    async fn put_part(&self, url: &str, bytes: &[u8]) -> Result<String, u16> {
        match &self.files {
            Files::Folder(parts) => {
                let (path, query) = url.split_once('?').unwrap();
                let (upload, part) = path.strip_prefix("/upload/").unwrap().split_once('/').unwrap();
                let answer = parts.put_part(upload, part, Some(query), bytes).await;
                match answer.status().as_u16() {
                    200 => Ok(answer.headers()["etag"].to_str().unwrap().to_owned()),
                    status => Err(status),
                }
            }
            Files::S3 { .. } => {
                let answer = reqwest::Client::new().put(url).body(bytes.to_vec()).send().await.unwrap();
                match answer.status().as_u16() {
                    200 => Ok(answer.headers()["etag"].to_str().unwrap().to_owned()),
                    status => Err(status),
                }
            }
        }
    }

    /// Uploads `bytes` named `name` (declared `declared` bytes) as `who` through `base` (the
    /// student's `…/files` or staff's `…/attachments`): the completion's answer.
    async fn upload(&self, who: Option<&str>, base: &str, name: &str, bytes: &[u8], declared: usize) -> Reply {
        let body = json!({"fileName": name, "size": declared, "contentType": "application/pdf"});
        let started = match who {
            Some(sub) => self.student(sub, "POST", base, Some(body)).await,
            None => self.staff("POST", base, Some(body)).await,
        };
        let started = started.expect(201);
        let size = started["partSize"].as_u64().unwrap() as usize;
        let mut done = Vec::new();
        for part in started["parts"].as_array().unwrap() {
            let n = part["number"].as_u64().unwrap() as usize;
            let last = n == started["parts"].as_array().unwrap().len();
            let from = (n - 1) * size;
            let to = if last { bytes.len() } else { (n * size).min(bytes.len()) };
            let etag = self.put_part(part["url"].as_str().unwrap(), &bytes[from.min(bytes.len())..to]).await;
            done.push(json!({"number": n, "etag": etag.expect("the part is stored")}));
        }
        let complete = format!("{base}/{}/complete", started["fileId"].as_str().unwrap());
        match who {
            Some(sub) => self.student(sub, "POST", &complete, Some(json!({"parts": done}))).await,
            None => self.staff("POST", &complete, Some(json!({"parts": done}))).await,
        }
    }

    /// What a file's download link answers: status, headers and bytes.
    async fn download(&self, url: &str) -> (u16, lambda_http::http::HeaderMap, Vec<u8>) {
        match &self.files {
            Files::Folder(parts) => {
                let (path, query) = url.split_once('?').unwrap();
                let key = path.strip_prefix("/download/").expect("a local download link");
                let key = percent_encoding::percent_decode_str(key).decode_utf8().unwrap();
                let (head, body) = parts.serve_download(&key, Some(query)).await.into_parts();
                let bytes = match body {
                    Body::Binary(b) => b,
                    Body::Text(t) => t.into_bytes(),
                    _ => Vec::new(),
                };
                (head.status.as_u16(), head.headers, bytes)
            }
            Files::S3 { .. } => {
                let answer = reqwest::get(url).await.unwrap();
                let status = answer.status().as_u16();
                let mut headers = lambda_http::http::HeaderMap::new();
                for (name, value) in answer.headers() {
                    if let (Ok(n), Ok(v)) = (
                        lambda_http::http::HeaderName::from_bytes(name.as_str().as_bytes()),
                        lambda_http::http::HeaderValue::from_bytes(value.as_bytes()),
                    ) {
                        headers.insert(n, v);
                    }
                }
                (status, headers, answer.bytes().await.unwrap().to_vec())
            }
        }
    }

    /// The objects stored in S3 under an assignment's prefix.
    async fn stored(&self, assignment: &str) -> usize {
        let Files::S3 { s3, bucket } = &self.files else { panic!("files in S3") };
        let listed =
            s3.list_objects_v2().bucket(bucket).prefix(format!("assignments/{assignment}/")).send().await.unwrap();
        listed.key_count().unwrap_or_default() as usize
    }

    fn mails(&self) -> Vec<String> {
        support::outbox_messages(&self.outbox)
    }

    async fn trail(&self) -> Vec<(String, String, String)> {
        let page = self.staff("GET", "/api/staff/audit?limit=100", None).await.expect(200);
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                let text = |k: &str| e[k].as_str().unwrap_or_default().to_owned();
                (text("action"), text("target"), text("outcome"))
            })
            .collect()
    }
}

fn mine(id: &str) -> String {
    format!("/api/me/assignments/{id}")
}

/// The whole path: post, publish later, hand in a PDF, text and a link, resubmit, review "needs
/// work" (mailed), resubmit, late after the due time, pass; every version kept; audited; reported.
async fn publish_submit_resubmit_late_review_return(store: Store) {
    let class = Class::open(store).await;
    let clock = class.state.clock().clone();
    // GIVEN an assignment due in a day, and one to publish in two days
    let id = class.post("Week 3: a REST API", 86_400, json!({})).await;
    let later = academy_core::time::iso(clock.now() + 2 * 86_400);
    let scheduled = class.post("Week 4", 5 * 86_400, json!({"publishAt": later})).await;
    let staff_view = class.staff("GET", &format!("/api/staff/assignments/{id}"), None).await.expect(200);
    assert_eq!(staff_view["published"], true);
    assert!(!staff_view["instructionsHtml"].as_str().unwrap().contains("<script"), "{staff_view}");
    assert!(staff_view["instructionsHtml"].as_str().unwrap().contains("<strong>it</strong>"), "{staff_view}");
    // THEN the student sees the first only, not started
    let list = class.student(AMNA, "GET", "/api/me/assignments", None).await.expect(200);
    let ids: Vec<&str> = list["assignments"].as_array().unwrap().iter().map(|a| a["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [id.as_str()], "the scheduled one is not yet published: {list}");
    assert_eq!(list["assignments"][0]["state"], "not-started");
    assert_eq!(list["assignments"][0]["batchId"], MERN_07);
    class.student(AMNA, "GET", &mine(&scheduled), None).await.refused(404, "not_found");

    // WHEN she uploads a PDF in parts and saves a draft with text, a link and the file
    let file = class.upload(Some(AMNA), &format!("{}/files", mine(&id)), "api.pdf", PDF, PDF.len()).await.expect(200);
    assert_eq!(file["contentType"], "application/pdf");
    let draft = json!({"text": "My API", "links": ["https://github.com/amna/api"], "files": [file["id"]]});
    let saved = class.student(AMNA, "PUT", &format!("{}/submission", mine(&id)), Some(draft)).await.expect(200);
    assert_eq!(saved["state"], "draft");
    assert_eq!(saved["draft"]["files"][0]["fileName"], "api.pdf");
    // THEN the file downloads as an attachment that is never sniffed
    let (status, headers, bytes) = class.download(saved["draft"]["files"][0]["url"].as_str().unwrap()).await;
    assert_eq!((status, bytes.as_slice()), (200, PDF));
    assert!(headers["content-disposition"].to_str().unwrap().starts_with("attachment; filename=\"api.pdf\""));
    assert_eq!(headers["x-content-type-options"], "nosniff");

    // WHEN she submits, then resubmits
    let one = class.student(AMNA, "POST", &format!("{}/submission/submit", mine(&id)), None).await.expect(200);
    assert_eq!((one["state"].as_str(), one["versions"].as_array().unwrap().len()), (Some("submitted"), 1));
    assert!(one["draft"].is_null());
    class.student(AMNA, "POST", &format!("{}/submission/submit", mine(&id)), None).await.refused(409, "conflict");
    let draft = json!({"text": "My API, with tests", "links": ["https://amna.example.dev"], "files": [file["id"]]});
    class.student(AMNA, "PUT", &format!("{}/submission", mine(&id)), Some(draft)).await.expect(200);
    let two = class.student(AMNA, "POST", &format!("{}/submission/submit", mine(&id)), None).await.expect(200);
    let versions = two["versions"].as_array().unwrap();
    assert_eq!((versions[0]["number"].as_u64(), versions[1]["number"].as_u64()), (Some(2), Some(1)), "latest first");
    assert_eq!(versions[1]["text"], "My API", "the first version is kept");

    // THEN staff find it in the queue, across batches and for the batch, and open it
    let queue = class.staff("GET", "/api/staff/submissions", None).await.expect(200);
    assert_eq!(queue["submissions"].as_array().unwrap().len(), 1, "{queue}");
    let row = &queue["submissions"][0];
    assert_eq!((row["student"].as_str(), row["version"].as_u64()), (Some("sub-amna@students.test"), Some(2)));
    let submission = row["id"].as_str().unwrap().to_owned();
    let batch_queue =
        class.staff("GET", &format!("/api/staff/submissions?batchId={MERN_07}&state=waiting"), None).await;
    assert_eq!(batch_queue.expect(200)["submissions"][0]["id"], submission.as_str());
    let other_batch = class.staff("GET", "/api/staff/submissions?batchId=665f1c2a9b3e4d0012a1c0ff", None).await;
    assert_eq!(other_batch.expect(200)["submissions"], json!([]));
    let opened = class.staff("GET", &format!("/api/staff/submissions/{submission}"), None).await.expect(200);
    assert_eq!(opened["versions"].as_array().unwrap().len(), 2);
    let (status, _, bytes) = class.download(opened["versions"][0]["files"][0]["url"].as_str().unwrap()).await;
    assert_eq!((status, bytes.as_slice()), (200, PDF), "staff download it through a signed link");

    // WHEN staff ask for more work THEN she is mailed, sees the feedback, and may resubmit
    let review = json!({"feedback": "Add **validation** [docs](https://docs.test)", "result": "needs-work"});
    let reviewed =
        class.staff("POST", &format!("/api/staff/submissions/{submission}/review"), Some(review)).await.expect(200);
    assert_eq!(reviewed["reviews"][0]["result"], "needs-work");
    let mails = class.mails();
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert!(mails[0].contains("sub-amna@students.test") && mails[0].contains("Week 3: a REST API"), "{}", mails[0]);
    let back = class.student(AMNA, "GET", &format!("{}/submission", mine(&id)), None).await.expect(200);
    assert_eq!((back["state"].as_str(), back["feedback"]["result"].as_str()), (Some("reviewed"), Some("needs-work")));
    let html = back["feedback"]["html"].as_str().unwrap();
    assert!(html.contains("<strong>validation</strong>") && html.contains("rel=\"noopener nofollow\""), "{html}");
    assert_eq!(class.staff("GET", "/api/staff/submissions", None).await.expect(200)["submissions"], json!([]));

    // WHEN the due time passes and she hands in again THEN it is late, and staff pass it
    clock.advance(2.0 * 86_400.0);
    let draft = json!({"text": "Validated", "links": [], "files": []});
    class.student(AMNA, "PUT", &format!("{}/submission", mine(&id)), Some(draft)).await.expect(200);
    let late = class.student(AMNA, "POST", &format!("{}/submission/submit", mine(&id)), None).await.expect(200);
    assert_eq!((late["state"].as_str(), late["versions"][0]["late"].as_bool()), (Some("late"), Some(true)));
    let pass = json!({"feedback": "Good", "result": "passed"});
    class.staff("POST", &format!("/api/staff/submissions/{submission}/review"), Some(pass)).await.expect(200);
    let list = class.student(AMNA, "GET", "/api/me/assignments", None).await.expect(200);
    let week3 = list["assignments"].as_array().unwrap().iter().find(|a| a["id"] == id.as_str()).unwrap().clone();
    assert_eq!((week3["state"].as_str(), week3["result"].as_str()), (Some("reviewed"), Some("passed")), "{week3}");
    assert_eq!(class.mails().len(), 2);

    // THEN staff can no longer change what she handed in against, but can move the due time (mailing the batch once)
    let change = json!({"title": "Renamed"});
    class.staff("PATCH", &format!("/api/staff/assignments/{id}"), Some(change)).await.refused(409, "conflict");
    let moved = academy_core::time::iso(clock.now() + 86_400);
    class.staff("PATCH", &format!("/api/staff/assignments/{id}"), Some(json!({"dueAt": moved}))).await.expect(200);
    // (the batch's enrolled students and everyone who saved work: here Amna alone, Bilal linked a Secret ID only)
    let due_mails: Vec<String> = class.mails().into_iter().filter(|m| m.contains("New due time")).collect();
    assert_eq!(due_mails.len(), 1, "{due_mails:?}");
    assert!(due_mails[0].contains("sub-amna@students.test"));
    let unchanged = json!({"dueAt": moved, "closed": false});
    class.staff("PATCH", &format!("/api/staff/assignments/{id}"), Some(unchanged)).await.expect(200);
    assert_eq!(
        class.mails().iter().filter(|m| m.contains("New due time")).count(),
        1,
        "the same due time mails nobody"
    );

    // THEN every review is in the trail, and the batch report and card count it
    let trail = class.trail().await;
    let reviews = trail.iter().filter(|(a, t, o)| a == "submission.review" && t == &submission && o == "ok").count();
    assert_eq!(reviews, 2, "{trail:?}");
    assert!(trail.iter().any(|(a, _, o)| a == "assignment.create" && o == "ok"));
    let report = class.staff("GET", &format!("/api/staff/batches/{MERN_07}/report"), None).await.expect(200);
    assert!(report["assignments"].as_array().unwrap().iter().any(|a| a["id"] == id.as_str()));
    let card = class.student(AMNA, "GET", "/api/me/batches", None).await.expect(200);
    let card = card["batches"].as_array().unwrap().iter().find(|b| b["batch"]["_id"] == MERN_07).unwrap().clone();
    assert_eq!((card["assignmentsDone"].as_u64(), card["assignmentsPassed"].as_u64()), (Some(1), Some(1)), "{card}");
}

/// After the due time a closed assignment takes nothing more, unless staff asked for more work.
async fn a_closed_assignment_takes_nothing_after_its_due_time(store: Store) {
    let class = Class::open(store).await;
    let id = class.post("Closed", 3600, json!({})).await;
    class.staff("PATCH", &format!("/api/staff/assignments/{id}"), Some(json!({"closed": true}))).await.expect(200);
    let draft = json!({"text": "early", "links": [], "files": []});
    class.student(AMNA, "PUT", &format!("{}/submission", mine(&id)), Some(draft.clone())).await.expect(200);
    class.student(AMNA, "POST", &format!("{}/submission/submit", mine(&id)), None).await.expect(200);
    class.state.clock().advance(7200.0);
    // Bilal never handed in: closed to him
    class
        .student(BILAL, "PUT", &format!("{}/submission", mine(&id)), Some(draft.clone()))
        .await
        .refused(409, "conflict");
    let upload = json!({"fileName": "a.txt", "size": 3, "contentType": "text/plain"});
    class.student(BILAL, "POST", &format!("{}/files", mine(&id)), Some(upload)).await.refused(409, "conflict");
    // Amna's work needs more: open to her again
    let queue = class.staff("GET", "/api/staff/submissions", None).await.expect(200);
    let submission = queue["submissions"][0]["id"].as_str().unwrap().to_owned();
    let review = json!({"feedback": "Redo the tests", "result": "needs-work"});
    class.staff("POST", &format!("/api/staff/submissions/{submission}/review"), Some(review)).await.expect(200);
    class.student(AMNA, "PUT", &format!("{}/submission", mine(&id)), Some(draft)).await.expect(200);
    let again = class.student(AMNA, "POST", &format!("{}/submission/submit", mine(&id)), None).await.expect(200);
    assert_eq!(again["state"], "late");
}

/// One student never reaches another's submission or files, on any route; a student outside the
/// batch reaches none of its assignments; students reach no staff route.
async fn a_student_never_reaches_anothers_work(store: Store) {
    let class = Class::open(store).await;
    class.link(OUTSIDER, "665f1c2a9b3e4d0012a1c002").await;
    let id = class.post("Private work", 86_400, json!({})).await;
    // GIVEN Amna's file, draft and hand-in
    let base = format!("{}/files", mine(&id));
    let file = class.upload(Some(AMNA), &base, "mine.pdf", PDF, PDF.len()).await.expect(200);
    let file_id = file["id"].as_str().unwrap().to_owned();
    let draft = json!({"text": "Amna's secret answer", "links": [], "files": [file_id]});
    class.student(AMNA, "PUT", &format!("{}/submission", mine(&id)), Some(draft)).await.expect(200);
    class.student(AMNA, "POST", &format!("{}/submission/submit", mine(&id)), None).await.expect(200);
    // Amna's upload still open (begun, not completed)
    let open = json!({"fileName": "open.txt", "size": 5, "contentType": "text/plain"});
    let open = class.student(AMNA, "POST", &base, Some(open)).await.expect(201);
    let open_id = open["fileId"].as_str().unwrap().to_owned();
    let parts = json!({"parts": [{"number": 1, "etag": "\"x\""}]});

    // WHEN Bilal (same batch) tries every route with her ids THEN he sees only his own, or 404
    let his = class.student(BILAL, "GET", &format!("{}/submission", mine(&id)), None).await.expect(200);
    assert!(his["versions"].as_array().unwrap().is_empty() && his["draft"].is_null() && his["id"].is_null(), "{his}");
    assert!(!his.to_string().contains("secret answer"));
    let steal = json!({"text": "", "links": [], "files": [file_id]});
    class.student(BILAL, "PUT", &format!("{}/submission", mine(&id)), Some(steal)).await.refused(404, "not_found");
    for f in [&file_id, &open_id] {
        let path = format!("{}/files/{f}/complete", mine(&id));
        class.student(BILAL, "POST", &path, Some(parts.clone())).await.refused(404, "not_found");
    }
    let his_list = class.student(BILAL, "GET", "/api/me/assignments", None).await.expect(200);
    assert_eq!(his_list["assignments"][0]["state"], "not-started");
    // AND an outsider reaches none of the assignment's routes
    let outsider: Vec<(&str, String, Option<Value>)> = vec![
        ("GET", mine(&id), None),
        ("GET", format!("{}/submission", mine(&id)), None),
        ("PUT", format!("{}/submission", mine(&id)), Some(json!({"text": "x"}))),
        ("POST", format!("{}/submission/submit", mine(&id)), None),
        ("POST", base.clone(), Some(json!({"fileName": "a.pdf", "size": 10, "contentType": "application/pdf"}))),
        ("POST", format!("{}/files/{file_id}/complete", mine(&id)), Some(parts.clone())),
        ("POST", format!("{}/files/{open_id}/complete", mine(&id)), Some(parts.clone())),
    ];
    for (method, path, body) in outsider {
        class.student(OUTSIDER, method, &path, body).await.refused(404, "not_found");
    }
    let list = class.student(OUTSIDER, "GET", "/api/me/assignments", None).await.expect(200);
    assert_eq!(list["assignments"], json!([]));
    // AND a submission id is staff's only: a student is refused every staff route
    let queue = class.staff("GET", "/api/staff/submissions", None).await.expect(200);
    let submission = queue["submissions"][0]["id"].as_str().unwrap().to_owned();
    let staff_routes: Vec<(&str, String)> = vec![
        ("GET", format!("/api/staff/batches/{MERN_07}/assignments")),
        ("POST", format!("/api/staff/batches/{MERN_07}/assignments")),
        ("PUT", format!("/api/staff/batches/{MERN_07}/assignment-rule")),
        ("GET", format!("/api/staff/assignments/{id}")),
        ("PATCH", format!("/api/staff/assignments/{id}")),
        ("POST", format!("/api/staff/assignments/{id}/attachments")),
        ("POST", format!("/api/staff/assignments/{id}/attachments/{file_id}/complete")),
        ("DELETE", format!("/api/staff/assignments/{id}/attachments/{file_id}")),
        ("GET", format!("/api/staff/assignments/{id}/submissions")),
        ("GET", "/api/staff/submissions".into()),
        ("GET", format!("/api/staff/submissions/{submission}")),
        ("POST", format!("/api/staff/submissions/{submission}/review")),
    ];
    for (method, path) in staff_routes {
        let body = (method != "GET" && method != "DELETE").then(|| json!({}));
        class.student(BILAL, method, &path, body).await.refused(403, "forbidden");
    }
    // AND a draft alone is not staff's either; a student's file is never an attachment to complete
    let draft_only = json!({"text": "not yet", "links": [], "files": []});
    class.student(BILAL, "PUT", &format!("{}/submission", mine(&id)), Some(draft_only)).await.expect(200);
    let bilal = class.state.store.submission_of(&id, BILAL).await.unwrap().unwrap();
    class.staff("GET", &format!("/api/staff/submissions/{}", bilal.id), None).await.refused(404, "not_found");
    let path = format!("/api/staff/assignments/{id}/attachments/{file_id}/complete");
    class.staff("POST", &path, Some(parts)).await.refused(404, "not_found");
    // AND a download link altered to name her file for another key is refused
    let amna = class.student(AMNA, "GET", &format!("{}/submission", mine(&id)), None).await.expect(200);
    let url = amna["versions"][0]["files"][0]["url"].as_str().unwrap().to_owned();
    let forged = url.replace(&file_id, &open_id);
    assert_eq!(class.download(&forged).await.0, 403, "{forged}");
}

/// Files are judged by what they hold: HTML named `.pdf`, an executable and 26 MB are refused and
/// removed; images, ZIPs and source text pass. Declared sizes over 25 MB never start.
async fn files_are_judged_by_content_and_size(store: Store) {
    let class = Class::open(store).await;
    let id = class.post("Files", 86_400, json!({})).await;
    let base = format!("{}/files", mine(&id));
    let html = b"<!DOCTYPE html><html><body><script>alert(1)</script></body></html>";
    let refused = class.upload(Some(AMNA), &base, "homework.pdf", html, html.len()).await.refused(400, "invalid");
    assert!(refused["fields"]["file"].as_str().unwrap().contains("HTML"), "{refused}");
    let exe = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00";
    class.upload(Some(AMNA), &base, "notes.txt", exe, exe.len()).await.refused(400, "invalid");
    let png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01";
    assert_eq!(class.upload(Some(AMNA), &base, "shot", png, png.len()).await.expect(200)["contentType"], "image/png");
    let code = "fn main() {\n    println!(\"héllo\");\n}\n".as_bytes();
    let text = class.upload(Some(AMNA), &base, "main.rs", code, code.len()).await.expect(200);
    assert_eq!(text["contentType"], "text/plain; charset=utf-8");
    // A 26 MB file never starts, and one declared smaller cannot carry more than it said
    let big = json!({"fileName": "video.zip", "size": 26_000_000, "contentType": "application/zip"});
    class.student(AMNA, "POST", &base, Some(big)).await.refused(400, "bad_request");
    let started = json!({"fileName": "a.zip", "size": 10, "contentType": "application/zip"});
    let started = class.student(AMNA, "POST", &base, Some(started)).await.expect(201);
    let too_much = vec![b'x'; LOCAL_MIN_PART as usize + 1];
    assert_eq!(class.put_part(started["parts"][0]["url"].as_str().unwrap(), &too_much).await, Err(413));
    // A refused file cannot be handed in
    let draft = json!({"text": "", "links": [], "files": [started["fileId"]]});
    class.student(AMNA, "PUT", &format!("{}/submission", mine(&id)), Some(draft)).await.refused(409, "conflict");
    // Bad bodies are clear 4xx
    for bad in [
        json!({"fileName": "a/b.pdf", "size": 1, "contentType": "application/pdf"}),
        json!({"fileName": "a.pdf", "size": 0, "contentType": "application/pdf"}),
        json!({"fileName": "a.pdf", "size": 1.5, "contentType": "application/pdf"}),
        json!({"fileName": "a.pdf", "size": 1, "contentType": "pdf"}),
        json!({"fileName": "a.pdf", "size": 1}),
    ] {
        let answer = class.student(AMNA, "POST", &base, Some(bad.clone())).await;
        assert_eq!(answer.status, 400, "{bad}: {}", answer.text());
    }
    for bad in [
        json!({"text": "x", "links": ["javascript:alert(1)"], "files": []}),
        json!({"text": "x", "links": ["https://a b"], "files": []}),
        json!({"text": "x", "links": ["a", "b", "c", "d", "e", "f"], "files": []}),
        json!({"text": "x".repeat(20_001), "links": [], "files": []}),
    ] {
        let answer = class.student(AMNA, "PUT", &format!("{}/submission", mine(&id)), Some(bad)).await;
        assert_eq!(answer.status, 400, "{}", answer.text());
    }
}

/// The same path with files in S3 on moto: presigned part URLs, the object checked where it
/// lies, 26 MB sent in parts refused and removed, downloads presigned as attachments.
async fn files_in_s3_are_checked_and_served_as_attachments(store: Store) {
    let class = Class::on_s3(store).await;
    let id = class.post("On S3", 86_400, json!({})).await;
    let base = format!("{}/files", mine(&id));
    let file = class.upload(Some(AMNA), &base, "report.pdf", PDF, PDF.len()).await.expect(200);
    let url = file["url"].as_str().unwrap();
    assert!(url.contains("X-Amz-Signature=") && url.contains("response-content-disposition="), "{url}");
    let (status, _, bytes) = class.download(url).await;
    assert_eq!((status, bytes.as_slice()), (200, PDF));
    // S3 answers with the headers the presigned GET names (moto ignores them, so the link is read)
    let query: std::collections::BTreeMap<String, String> =
        form_urlencoded::parse(url.split_once('?').unwrap().1.as_bytes()).into_owned().collect();
    assert!(query["response-content-disposition"].starts_with("attachment; filename=\"report.pdf\""), "{query:?}");
    assert_eq!(query["response-content-type"], "application/pdf");
    assert_eq!(query["response-cache-control"], "private, no-store");
    let html = b"<html><body>not a pdf</body></html>";
    class.upload(Some(AMNA), &base, "fake.pdf", html, html.len()).await.refused(400, "invalid");
    // 26 MB declared as 25 MB and sent anyway: found on completion, refused and removed
    let big = vec![b'a'; 26_000_000];
    let refused = class.upload(Some(AMNA), &base, "big.txt", &big, 25_000_000).await.refused(400, "invalid");
    assert!(refused["fields"]["file"].as_str().unwrap().contains("25 MB"), "{refused}");
    assert_eq!(class.stored(&id).await, 1, "only the PDF stays under the assignment's prefix");
    // Staff attach a file the same way; it is under the same prefix
    let attached =
        class.upload(None, &format!("/api/staff/assignments/{id}/attachments"), "brief.pdf", PDF, PDF.len()).await;
    assert_eq!(attached.expect(200)["attachments"][0]["fileName"], "brief.pdf");
    let seen = class.student(BILAL, "GET", &mine(&id), None).await.expect(200);
    assert_eq!(seen["attachments"][0]["contentType"], "application/pdf");
    assert_eq!(class.stored(&id).await, 2);
}

/// Off by default, the lectures alone complete a batch; with the batch's rule on, every published
/// assignment must be passed too (staff's mark still completes).
async fn the_certificate_rule_may_require_every_assignment_passed(store: Store) {
    let class = Class::open(store).await;
    // GIVEN Amna watched every lecture (as the player's saves record it)
    let videos = class.state.store.list_lectures(MERN_07).await.unwrap();
    for v in videos.iter().filter(|v| v.is_watchable()) {
        let progress = academy_core::domain::LectureProgress {
            lecture_number: v.lecture_number,
            completed: true,
            updated_at: academy_core::time::now(),
            ..Default::default()
        };
        class.state.store.put_progress(AMNA, MERN_07, &progress).await.unwrap();
    }
    let card =
        |c: Value| c["batches"].as_array().unwrap().iter().find(|b| b["batch"]["_id"] == MERN_07).unwrap().clone();
    let id = class.post("Required", 86_400, json!({})).await;
    let before = card(class.student(AMNA, "GET", "/api/me/batches", None).await.expect(200));
    assert_eq!((before["complete"].as_bool(), before["assignmentsRequired"].as_bool()), (Some(true), Some(false)));
    // WHEN staff turn the rule on THEN the batch is not complete until the assignment passes
    let rule = format!("/api/staff/batches/{MERN_07}/assignment-rule");
    let set = class.staff("PUT", &rule, Some(json!({"requireAllPassed": true}))).await.expect(200);
    assert_eq!(set["requireAllPassed"], true);
    let listed = class.staff("GET", &format!("/api/staff/batches/{MERN_07}/assignments"), None).await.expect(200);
    assert_eq!(listed["requireAllPassed"], true);
    let now = card(class.student(AMNA, "GET", "/api/me/batches", None).await.expect(200));
    assert_eq!((now["complete"].as_bool(), now["assignmentsTotal"].as_u64()), (Some(false), Some(1)), "{now}");
    let claim = json!({"batchId": MERN_07, "name": "Amna Baig"});
    let refused =
        class.student(AMNA, "POST", "/api/me/certificates", Some(claim.clone())).await.refused(409, "conflict");
    assert!(refused["message"].as_str().unwrap().contains("0 of 1 assignments passed"), "{refused}");
    let draft = json!({"text": "done", "links": [], "files": []});
    class.student(AMNA, "PUT", &format!("{}/submission", mine(&id)), Some(draft)).await.expect(200);
    class.student(AMNA, "POST", &format!("{}/submission/submit", mine(&id)), None).await.expect(200);
    let submission = class.state.store.submission_of(&id, AMNA).await.unwrap().unwrap().id;
    let pass = json!({"feedback": "Well done", "result": "passed"});
    class.staff("POST", &format!("/api/staff/submissions/{submission}/review"), Some(pass)).await.expect(200);
    let done = card(class.student(AMNA, "GET", "/api/me/batches", None).await.expect(200));
    assert_eq!((done["complete"].as_bool(), done["assignmentsPassed"].as_u64()), (Some(true), Some(1)));
    class.student(AMNA, "POST", "/api/me/certificates", Some(claim)).await.expect(201);
    let trail = class.trail().await;
    assert!(trail.iter().any(|(a, t, o)| a == "assignment.rule" && t == MERN_07 && o == "ok"), "{trail:?}");
}

/// Staff's writes refuse bad input as clear JSON, and are audited whatever their outcome.
async fn staff_input_is_checked(store: Store) {
    let class = Class::open(store).await;
    let path = format!("/api/staff/batches/{MERN_07}/assignments");
    let due = academy_core::time::iso(academy_core::time::now() + 3600);
    for bad in [
        json!({"title": " ", "dueAt": due, "result": "pass"}),
        json!({"title": "t", "dueAt": "tomorrow", "result": "pass"}),
        json!({"title": "t", "dueAt": due, "result": "stars"}),
        json!({"title": "t", "dueAt": due, "result": "points", "points": 0}),
        json!({"title": "t", "dueAt": due, "result": "pass", "extra": 1}),
        json!({"title": "t", "instructions": "x".repeat(20_001), "dueAt": due, "result": "pass"}),
    ] {
        let answer = class.staff("POST", &path, Some(bad.clone())).await;
        assert_eq!(answer.status, 400, "{bad}: {}", answer.text());
        assert!(answer.json()["message"].is_string());
    }
    class
        .staff(
            "POST",
            "/api/staff/batches/665f1c2a9b3e4d0012a1ffff/assignments",
            Some(json!({"title": "t", "dueAt": due, "result": "pass"})),
        )
        .await
        .refused(404, "not_found");
    let points = class.post("Points", 3600, json!({"result": "points", "points": 10})).await;
    let draft = json!({"text": "x", "links": [], "files": []});
    class.student(AMNA, "PUT", &format!("{}/submission", mine(&points)), Some(draft)).await.expect(200);
    class.student(AMNA, "POST", &format!("{}/submission/submit", mine(&points)), None).await.expect(200);
    let submission = class.state.store.submission_of(&points, AMNA).await.unwrap().unwrap().id;
    let review = format!("/api/staff/submissions/{submission}/review");
    for bad in [
        json!({"feedback": "x", "result": 11}),
        json!({"feedback": "x", "result": "passed"}),
        json!({"feedback": " ", "result": 5}),
    ] {
        let answer = class.staff("POST", &review, Some(bad.clone())).await;
        assert_eq!(answer.status, 400, "{bad}: {}", answer.text());
    }
    let scored = class.staff("POST", &review, Some(json!({"feedback": "Nice", "result": 9}))).await.expect(200);
    assert_eq!(scored["result"], 9);
    let trail = class.trail().await;
    assert!(trail.iter().any(|(a, _, o)| a == "submission.review" && o == "refused"), "{trail:?}");
    assert!(trail.iter().any(|(a, _, o)| a == "assignment.create" && o == "refused"), "{trail:?}");
}

/// The demo batch's seeded assignment: published, once, and a linked student sees it.
async fn the_demo_batch_is_seeded_with_a_published_assignment(store: Store) {
    let class = Class::open(store).await;
    let now = academy_core::time::now();
    assert!(academy_core::assignments::seed_demo(&class.state.store, now).await.unwrap());
    assert!(!academy_core::assignments::seed_demo(&class.state.store, now).await.unwrap(), "once");
    let list = class.student(AMNA, "GET", "/api/me/assignments", None).await.expect(200);
    assert_eq!(list["assignments"][0]["id"], academy_core::assignments::DEMO_ASSIGNMENT);
    assert_eq!(list["assignments"][0]["state"], "not-started");
}

/// The texts of the "New due time" letters in the outbox.
fn due_letters(class: &Class) -> Vec<String> {
    class
        .mails()
        .iter()
        .filter_map(|raw| {
            let message = mail_parser::MessageParser::default().parse(raw.as_bytes()).expect("a MIME message");
            let subject = message.subject().unwrap_or_default().to_owned();
            subject.starts_with("New due time").then(|| message.body_text(0).unwrap_or_default().into_owned())
        })
        .collect()
}

/// The letter of a moved due time names both times in the batch's zone with their UTC: Karachi's
/// (PKT) while the batch has no timetable, then London's once its timetable is in Europe/London,
/// GMT after the October change and BST before it.
async fn a_moved_due_time_is_mailed_in_the_batchs_zone(store: Store) {
    let class = Class::open(store).await;
    // GIVEN an assignment due 2026-10-24T17:00Z that Amna handed in (late: the clock is past it)
    let body = json!({"title": "Zones", "dueAt": "2026-10-24T17:00:00Z", "result": "pass"});
    let posted = class.staff("POST", &format!("/api/staff/batches/{MERN_07}/assignments"), Some(body)).await;
    let id = posted.expect(201)["id"].as_str().unwrap().to_owned();
    let draft = json!({"text": "Done", "links": [], "files": []});
    class.student(AMNA, "PUT", &format!("{}/submission", mine(&id)), Some(draft)).await.expect(200);
    class.student(AMNA, "POST", &format!("{}/submission/submit", mine(&id)), None).await.expect(200);
    let path = format!("/api/staff/assignments/{id}");
    let moved = |to: &'static str| class.staff("PATCH", &path, Some(json!({"dueAt": to})));

    // WHEN the batch has no timetable THEN the letter is in Pakistan time
    moved("2026-10-25T13:00:00Z").await.expect(200);
    let letters = due_letters(&class);
    assert_eq!(letters.len(), 1, "{letters:?}");
    assert!(
        letters[0].contains(
            "moved from Sat 24 Oct 2026, 10:00 PM PKT (17:00 UTC) to Sun 25 Oct 2026, 6:00 PM PKT (13:00 UTC) \
             (the batch's time zone, Asia/Karachi)"
        ),
        "{}",
        letters[0]
    );

    // WHEN its timetable is in London THEN the letters are in UK time, GMT after 25 October and BST before
    let london = academy_core::live::Timetable {
        batch_id: MERN_07.into(),
        time_zone: "Europe/London".into(),
        slots: Vec::new(),
        meeting_url: "https://meet.example.test/mern-07".into(),
        updated_at: 0,
        updated_by: "staff@example.test".into(),
    };
    class.state.store.put_timetable(&london).await.unwrap();
    moved("2026-10-26T18:00:00Z").await.expect(200);
    moved("2026-10-24T17:00:00Z").await.expect(200);
    let letters = due_letters(&class);
    assert_eq!(letters.len(), 3, "{letters:?}");
    for expected in [
        "moved from Sun 25 Oct 2026, 1:00 PM GMT (13:00 UTC) to Mon 26 Oct 2026, 6:00 PM GMT (18:00 UTC) \
         (the batch's time zone, Europe/London)",
        "moved from Mon 26 Oct 2026, 6:00 PM GMT (18:00 UTC) to Sat 24 Oct 2026, 6:00 PM BST (17:00 UTC) \
         (the batch's time zone, Europe/London)",
    ] {
        assert!(letters.iter().any(|l| l.contains(expected)), "{expected} in {letters:#?}");
    }
    // (the contract still speaks UTC)
    let seen = class.staff("GET", &format!("/api/staff/assignments/{id}"), None).await.expect(200);
    assert_eq!(seen["dueAt"], "2026-10-24T17:00:00Z");
}

/// In AWS a download is a CloudFront signed URL at the site's origin (its `/assignments/*`
/// behaviour adds nosniff): the file's key, the attachment and its checked type in S3's
/// response overrides, 15 minutes, signed by the files key; uploads go to S3 (on moto) as before.
async fn downloads_in_aws_are_cloudfront_signed_links(store: Store) {
    use academy_core::platform::objects::CloudFrontDownloads;
    let mut class = Class::on_s3(store).await;
    let Files::S3 { s3, bucket } = &class.files else { panic!("files in S3") };
    let (signer, public) = support::files_key("K2JCJMDEHXQW5F");
    let files = Arc::new(S3Uploads::new(s3.clone(), bucket));
    let downloads = CloudFrontDownloads::new(files, signer, "https://academy.example/");
    class.state.keep_files(Arc::new(downloads));
    let id = class.post("Through CloudFront", 86_400, json!({})).await;
    let before = class.state.clock().now();
    let file =
        class.upload(Some(AMNA), &format!("{}/files", mine(&id)), "report.pdf", PDF, PDF.len()).await.expect(200);
    let url = file["url"].as_str().unwrap();
    let expected = format!(
        "https://academy.example/assignments/{id}/{}?response-content-disposition=attachment%3B%20filename%3D%22report.pdf%22%3B%20filename%2A%3DUTF-8%27%27report%252Epdf&response-content-type=application%2Fpdf&response-cache-control=private%2C%20no-store&Expires=",
        file["id"].as_str().unwrap()
    );
    assert!(url.starts_with(&expected), "{url}");
    assert!(url.contains("&Key-Pair-Id=K2JCJMDEHXQW5F&") && !url.contains("X-Amz-"), "{url}");
    let expires: i64 = url.split("&Expires=").nth(1).unwrap().split('&').next().unwrap().parse().unwrap();
    assert!((before + 15 * 60..=class.state.clock().now() + 15 * 60).contains(&expires), "15 minutes: {expires}");
    assert!(support::cloudfront_signed(url, &public), "{url}");
    assert!(!support::cloudfront_signed(&url.replace("attachment", "inline"), &public), "the disposition is signed");
    // The same for staff, on a hand-in they open
    let draft = json!({"text": "mine", "links": [], "files": [file["id"]]});
    class.student(AMNA, "PUT", &format!("{}/submission", mine(&id)), Some(draft)).await.expect(200);
    class.student(AMNA, "POST", &format!("{}/submission/submit", mine(&id)), None).await.expect(200);
    let queue = class.staff("GET", "/api/staff/submissions", None).await.expect(200);
    let submission = queue["submissions"][0]["id"].as_str().unwrap().to_owned();
    let opened = class.staff("GET", &format!("/api/staff/submissions/{submission}"), None).await.expect(200);
    let link = opened["versions"][0]["files"][0]["url"].as_str().unwrap();
    assert!(
        link.starts_with("https://academy.example/assignments/") && support::cloudfront_signed(link, &public),
        "{link}"
    );
}

on_both_stores!(
    downloads_in_aws_are_cloudfront_signed_links,
    a_moved_due_time_is_mailed_in_the_batchs_zone,
    the_demo_batch_is_seeded_with_a_published_assignment,
    publish_submit_resubmit_late_review_return,
    a_closed_assignment_takes_nothing_after_its_due_time,
    a_student_never_reaches_anothers_work,
    files_are_judged_by_content_and_size,
    files_in_s3_are_checked_and_served_as_attachments,
    the_certificate_rule_may_require_every_assignment_passed,
    staff_input_is_checked,
);

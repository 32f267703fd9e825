//! Lead capture: every enquiry is validated, stored before the answer, then mailed — through
//! SES (moto) or the local outbox — and nothing is lost when mail or the store fails.

use crate::support;

use academy_core::domain::SubmissionStatus;
use academy_core::leads::mail::{deliver, stream::on_stream, Redrive, Redriver};
use academy_core::mail::{Mail, MailSettings, Mailer, OutboxMailer};
use academy_core::platform::local::AppState;
use academy_core::store::SubmissionRecords;
use lambda_http::Body;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use support::{
    assert_error, call, contact, outbox_dir, outbox_messages, post, request, request_with_body, ses, ses_sent,
};

async fn state() -> AppState {
    support::app_state(support::seeded(support::sqlite_store()).await).await
}

#[tokio::test]
async fn a_contact_message_is_stored_pending_before_the_answer() {
    let state = state().await;
    let (status, _, body) =
        call(&state, post(&json!({"formType": "contact-form", "formData": contact()}), "198.51.100.10")).await;
    assert_eq!(status, 200, "{body}");
    let id = body["submissionId"].as_str().unwrap();
    let stored = state.store.get_submission(id).await.unwrap().expect("stored");
    assert_eq!(stored.status, SubmissionStatus::Pending, "in AWS the stream mails it");
    assert_eq!(stored.form_data["email"], "hamza.q@example.pk");
}

#[tokio::test]
async fn locally_the_mail_lands_in_the_outbox_with_the_visitors_data() {
    let mut state = state().await;
    let dir = outbox_dir();
    state.mail_inline(Arc::new(OutboxMailer::new(&dir)), support::test_mail());
    let form = json!({"formType": "enrollment-form", "formData": {"firstName": "Iqra", "lastName": "Nadeem",
        "email": "iqra@example.pk", "phone": "03001234567", "course": "Data Analysis"}});
    let (status, _, body) = call(&state, post(&form, "198.51.100.11")).await;
    assert_eq!(status, 200);
    let messages = outbox_messages(&dir);
    assert_eq!(messages.len(), 1);
    for expected in
        ["Iqra", "Nadeem", "iqra@example.pk", "03001234567", "Data Analysis", "Pakistan", "admissions@academy.test"]
    {
        assert!(messages[0].contains(expected), "{expected} missing");
    }
    let stored = state.store.get_submission(body["submissionId"].as_str().unwrap()).await.unwrap().unwrap();
    assert_eq!((stored.status, stored.attempts), (SubmissionStatus::Sent, 1));
}

#[tokio::test]
async fn bad_input_gets_a_clear_4xx() {
    let state = state().await;
    let ip = "198.51.100.12";
    let bad_type = json!({"formType": "newsletter", "formData": contact()});
    assert_error(&call(&state, post(&bad_type, ip)).await, 400, "bad_request");
    let json_type = [("content-type", "application/json")];
    let not_json = request_with_body("POST", "/api/send-email", &json_type, ip, Body::Text("{not json".into()));
    assert_error(&call(&state, not_json).await, 400, "bad_request");
    let bad_id = json!({"formType": "contact-form", "formData": contact(), "submissionId": "1234"});
    assert_error(&call(&state, post(&bad_id, ip)).await, 400, "bad_request");

    let missing = json!({"formType": "registration-form", "formData": {"firstName": "A", "email": "not-an-email",
        "course": "Underwater Basket Weaving", "plan": "basic"}});
    let answer = call(&state, post(&missing, ip)).await;
    assert_error(&answer, 400, "invalid");
    let fields = answer.2["fields"].as_object().unwrap();
    assert_eq!(fields["email"], "must be a valid e-mail address");
    assert_eq!(fields["lastName"], "is required");
    assert_eq!(fields["phone"], "is required");

    let unknown_course = json!({"formType": "registration-form", "formData": {"firstName": "A", "lastName": "B",
        "email": "a@b.co", "phone": "+44 20 7946 0958", "course": "Underwater Basket Weaving", "plan": "basic"}});
    assert_eq!(call(&state, post(&unknown_course, ip)).await.2["fields"]["course"], "must be one of our courses");

    let huge = json!({"formType": "contact-form", "formData": {"message": "x".repeat(33 * 1024)}});
    assert_error(&call(&state, post(&huge, ip)).await, 413, "payload_too_large");
    let wrong_method = request("GET", "/api/send-email", &[], ip);
    assert_error(&call(&state, wrong_method).await, 405, "method_not_allowed");
    assert!(state.store.list_submissions().await.unwrap().is_empty(), "nothing invalid was stored");
}

#[tokio::test]
async fn a_filled_honeypot_is_dropped_silently() {
    let state = state().await;
    let mut data = contact();
    data["website"] = json!("http://cheap-pills.example");
    let (status, _, _) =
        call(&state, post(&json!({"formType": "contact-form", "formData": data}), "198.51.100.13")).await;
    assert_eq!(status, 200, "the bot is not told");
    assert!(state.store.list_submissions().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_retried_submission_is_one_record() {
    let state = state().await;
    let form = json!({"formType": "contact-form", "formData": contact(), "submissionId": "9b2f7c1a-3e4d-4b5c-8d6e-7f8091a2b3c4"});
    for _ in 0..3 {
        let (status, _, body) = call(&state, post(&form, "198.51.100.14")).await;
        assert_eq!((status, body["submissionId"].as_str()), (200, Some("9b2f7c1a-3e4d-4b5c-8d6e-7f8091a2b3c4")));
    }
    assert_eq!(state.store.list_submissions().await.unwrap().len(), 1);
}

fn contact_from(email: &str) -> Value {
    let mut form = contact();
    form["email"] = email.into();
    json!({"formType": "contact-form", "formData": form})
}

/// One shared address (a carrier's NAT, a university lab): 30 people's enquiries in a minute are
/// all stored and mailed; the 31st is refused with a time to try again.
#[tokio::test]
async fn a_busy_shared_address_is_served() {
    let mut state = state().await;
    let dir = outbox_dir();
    state.mail_inline(Arc::new(OutboxMailer::new(&dir)), support::test_mail());
    let state = Arc::new(state);
    let posts = (0..30).map(|i| {
        let state = state.clone();
        tokio::spawn(async move {
            call(&state, post(&contact_from(&format!("student{i}@example.pk")), "203.0.113.20")).await.0
        })
    });
    for post in posts {
        assert_eq!(post.await.unwrap(), 200);
    }
    assert_eq!(state.store.list_submissions().await.unwrap().len(), 30);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 30, "each one mailed");
    let answer = call(&state, post(&contact_from("student31@example.pk"), "203.0.113.20")).await;
    assert_error(&answer, 429, "rate_limited");
    let retry_after: u64 = answer.1["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=600).contains(&retry_after));
    assert_eq!(
        call(&state, post(&contact_from("student31@example.pk"), "203.0.113.21")).await.0,
        200,
        "another address is unaffected"
    );
}

/// 200 at once from one address: never more than the limit stored.
#[tokio::test]
async fn a_burst_from_one_address_stores_at_most_the_limit() {
    let state = Arc::new(state().await);
    let posts = (0..200).map(|i| {
        let state = state.clone();
        tokio::spawn(async move {
            call(&state, post(&contact_from(&format!("burst{i}@example.pk")), "203.0.113.22")).await.0
        })
    });
    let mut answers = std::collections::BTreeMap::new();
    for post in posts {
        *answers.entry(post.await.unwrap()).or_insert(0) += 1;
    }
    let limit = academy_core::limits::ENQUIRIES.max as usize;
    assert_eq!(answers, std::collections::BTreeMap::from([(200, limit), (429, 200 - limit)]));
    assert_eq!(state.store.list_submissions().await.unwrap().len(), limit);
}

/// One sender cannot flood the inbox by changing addresses.
#[tokio::test]
async fn one_email_address_is_limited_wherever_it_posts_from() {
    let state = state().await;
    let max = academy_core::limits::ENQUIRIES_PER_EMAIL.max;
    for i in 0..max {
        assert_eq!(
            call(&state, post(&contact_from("Same@Example.pk"), &format!("198.51.100.{}", 40 + i))).await.0,
            200
        );
    }
    let answer = call(&state, post(&contact_from("same@example.pk"), "198.51.100.99")).await;
    assert_error(&answer, 429, "rate_limited");
    assert_eq!(state.store.list_submissions().await.unwrap().len(), max as usize);
}

/// The same submission id with other text is a 409, not a 200 that drops the new text.
#[tokio::test]
async fn a_reused_submission_id_with_other_text_is_a_conflict() {
    let state = state().await;
    let id = "0c4a2b1e-5d6f-4a7b-8c9d-0e1f2a3b4c5d";
    let mut first = contact_from("first@example.pk");
    first["submissionId"] = id.into();
    assert_eq!(call(&state, post(&first, "198.51.100.60")).await.0, 200);
    assert_eq!(call(&state, post(&first, "198.51.100.60")).await.0, 200, "the same enquiry again is fine");
    let mut other = first.clone();
    other["formData"]["message"] = "A different question".into();
    assert_error(&call(&state, post(&other, "198.51.100.60")).await, 409, "conflict");
    let stored = state.store.get_submission(id).await.unwrap().unwrap();
    assert_eq!(stored.form_data["email"], "first@example.pk");
    assert_ne!(stored.form_data["message"], "A different question");
}

#[tokio::test]
async fn a_failing_store_answers_503_json() {
    // A DynamoDB table that does not exist: every store call fails in the real SDK.
    let config = support::moto_config().await;
    let client = academy_core::store::dynamodb::Client::new(&config);
    let missing = academy_core::store::Store::new(Arc::new(academy_core::store::dynamodb::DynamoItems::new(
        client,
        "no-such-table",
    )));
    let state = support::app_state(missing).await;
    let answer = call(&state, post(&json!({"formType": "contact-form", "formData": contact()}), "198.51.100.15")).await;
    assert_error(&answer, 503, "unavailable");
}

#[tokio::test]
async fn ses_failure_loses_nothing_and_resend_delivers_later() {
    let state = state().await;
    let settings = MailSettings {
        inbox: "admissions@academy.test".into(),
        from: "leads-a@academy.test".into(),
        auto_reply: false,
    };
    let (mailer, client) = ses().await;
    let mut data = contact();
    data["lastName"] = json!("Resendtest");
    let (status, _, body) =
        call(&state, post(&json!({"formType": "contact-form", "formData": data}), "198.51.100.16")).await;
    assert_eq!(status, 200, "the visitor's answer does not depend on mail");
    let id = body["submissionId"].as_str().unwrap();

    // GIVEN SES refuses the unverified sender, WHEN the mailer runs, THEN the record is failed, not lost.
    assert!(deliver(&state.store, &mailer, &settings, id, false).await.is_err());
    let failed = state.store.get_submission(id).await.unwrap().unwrap();
    assert_eq!((failed.status, failed.attempts), (SubmissionStatus::Failed, 1));
    assert!(failed.last_error.as_deref().is_some_and(|e| !e.is_empty()));

    // WHEN the sender is verified and ops resend, THEN it is delivered.
    client.create_email_identity().email_identity("leads-a@academy.test").send().await.unwrap();
    assert_eq!(deliver(&state.store, &mailer, &settings, id, true).await.unwrap(), SubmissionStatus::Sent);
    let sent = state.store.get_submission(id).await.unwrap().unwrap();
    assert_eq!((sent.status, sent.attempts, sent.last_error), (SubmissionStatus::Sent, 2, None));
    let raw = ses_sent().await;
    let ours = raw.iter().find(|m| m.contains("Resendtest")).expect("moto received our message");
    assert!(ours.contains("Reply-To: <hamza.q@example.pk>"));
    assert!(ours.contains("&lt;weekend&gt;"), "escaped in the HTML part");
}

#[tokio::test]
async fn auto_reply_goes_to_the_visitor_when_enabled() {
    let state = state().await;
    let settings =
        MailSettings { inbox: "admissions@academy.test".into(), from: "leads-b@academy.test".into(), auto_reply: true };
    let (mailer, client) = ses().await;
    client.create_email_identity().email_identity("leads-b@academy.test").send().await.unwrap();
    let mut data = contact();
    data["email"] = json!("autoreply.visitor@example.pk");
    let (_, _, body) =
        call(&state, post(&json!({"formType": "contact-form", "formData": data}), "198.51.100.17")).await;
    deliver(&state.store, &mailer, &settings, body["submissionId"].as_str().unwrap(), false).await.unwrap();
    let raw = ses_sent().await;
    assert!(raw.iter().any(|m| m.contains("To: <autoreply.visitor@example.pk>") && m.contains("within 24 hours")));
}

/// Every message handed to it, in order.
#[derive(Default)]
struct Recorder(std::sync::Mutex<Vec<Mail>>);

#[async_trait::async_trait]
impl Mailer for Recorder {
    async fn send(&self, mail: &Mail) -> Result<(), String> {
        self.0.lock().unwrap().push(mail.clone());
        Ok(())
    }
}

impl Recorder {
    fn to(&self, address: &str) -> Vec<Mail> {
        self.0.lock().unwrap().iter().filter(|m| m.to == address).cloned().collect()
    }
}

/// The acknowledgement is no relay: it repeats no visitor text but a plain first name, and one
/// address gets at most one a day however often it is typed. The institute gets every enquiry.
#[tokio::test]
async fn the_acknowledgement_carries_no_visitor_text_and_goes_once_a_day() {
    let mut state = state().await;
    let recorder = Arc::new(Recorder::default());
    state.mail_inline(recorder.clone(), MailSettings { auto_reply: true, ..support::test_mail() });
    let enquiry = |first: &str, email: &str| {
        let mut data = contact();
        data["firstName"] = first.into();
        data["lastName"] = "verify at http://x".into();
        data["email"] = email.into();
        post(&json!({"formType": "contact-form", "formData": data}), "198.51.100.20")
    };
    // GIVEN an enquiry whose name is a message with a link, to someone else's address
    let hostile = "Your account is suspended - verify at http://x";
    assert_eq!(call(&state, enquiry(hostile, "target@example.com")).await.0, 200);
    // THEN the acknowledgement carries none of it
    let acks = recorder.to("target@example.com");
    assert_eq!(acks.len(), 1);
    for part in [&acks[0].subject, &acks[0].text, &acks[0].html] {
        for word in ["account", "suspended", "verify", "http", "://"] {
            assert!(!part.contains(word), "{word:?} in {part}");
        }
    }
    assert!(acks[0].text.starts_with("Dear student,"), "{}", acks[0].text);
    // WHEN a second enquiry names the same address (in other letters' case) the same day
    assert_eq!(call(&state, enquiry("Sana", "Target@Example.com")).await.0, 200);
    // THEN it gets no second acknowledgement, and the institute still gets both enquiries
    assert_eq!(recorder.to("target@example.com").len() + recorder.to("Target@Example.com").len(), 1);
    let inbox = recorder.to("admissions@academy.test");
    assert_eq!(inbox.len(), 2);
    assert!(inbox[0].text.contains(hostile), "the institute sees what was typed");
    // A name of letters, spaces, hyphens and apostrophes is kept.
    assert_eq!(call(&state, enquiry("Ayesha O'Neil-Khan", "ayesha@example.pk")).await.0, 200);
    let kept = recorder.to("ayesha@example.pk");
    assert!(kept[0].text.starts_with("Dear Ayesha O'Neil-Khan,"), "{}", kept[0].text);
    assert!(kept[0].html.contains("Dear Ayesha O'Neil-Khan,"), "{}", kept[0].html);
    let stored = state.store.list_submissions().await.unwrap();
    assert!(stored.iter().all(|s| s.status == SubmissionStatus::Sent), "an acknowledgement skipped is no failure");
}

/// The outbox files of `submission`'s message to the inbox.
fn inbox_files(dir: &std::path::Path, submission: &str) -> usize {
    let marker = format!("-{submission}-inbox-");
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.file_name().to_str().is_some_and(|n| n.ends_with(".eml") && n.contains(&marker)))
                .count()
        })
        .unwrap_or_default()
}

fn partial_files(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.ends_with(".partial"))
        .collect()
}

/// What a crash of the local server leaves (submissions stored but never mailed, one mailed but
/// not recorded, half-written files) is re-driven once it is a minute old: every pending one
/// mailed exactly once, the one already mailed only marked sent, partial files removed; a
/// fresh one waits for a later pass.
#[tokio::test]
async fn the_redrive_mails_what_a_crash_left_pending_exactly_once() {
    let store = support::sqlite_store();
    let dir = outbox_dir();
    let mailer = Arc::new(OutboxMailer::new(&dir));
    let now = academy_core::time::now();
    let stored = |n: u32, created_at: i64, status: SubmissionStatus| academy_core::domain::Submission {
        id: format!("0b8e6c8e-5f0e-4a53-9d43-1e9a3c1a2b{n:02}"),
        form_type: "contact-form".into(),
        form_data: contact().as_object().unwrap().clone(),
        status,
        attempts: 0,
        created_at,
        last_error: None,
        handling: None,
    };
    let stranded: Vec<_> = (1..=3).map(|n| stored(n, now - 120 + n as i64, SubmissionStatus::Pending)).collect();
    let mailed_not_recorded = stored(4, now - 90, SubmissionStatus::Pending);
    let fresh = stored(5, now - 10, SubmissionStatus::Pending);
    let long_sent = stored(6, now - 300, SubmissionStatus::Sent);
    for s in stranded.iter().chain([&mailed_not_recorded, &fresh, &long_sent]) {
        store.insert_submission(s).await.unwrap();
    }
    // The crashed process had written one message but not recorded it, and left two half-written.
    mailer.send(&academy_core::leads::mail::notification(&mailed_not_recorded, &support::test_mail())).await.unwrap();
    let two_minutes_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(120);
    for s in &stranded[..2] {
        let partial = dir.join(format!(".{}-{}-inbox-{}.eml.partial", now - 100, s.id, academy_core::ids::generate()));
        std::fs::write(&partial, "From: half a message").unwrap();
        std::fs::File::options().write(true).open(&partial).unwrap().set_modified(two_minutes_ago).unwrap();
    }
    // and a message is being written right now (a live send: not touched).
    std::fs::write(dir.join(".being-written.eml.partial"), "From: in progress").unwrap();

    let mut redriver = Redriver::new(store.clone(), mailer.clone(), support::test_mail(), Duration::from_secs(60));
    let done = redriver.pass(now).await.unwrap();
    assert_eq!(done, Redrive { mailed: 3, marked_sent: 1, failed: 0, partials_removed: 2 });
    for s in stranded.iter().chain([&mailed_not_recorded]) {
        let now_stored = store.get_submission(&s.id).await.unwrap().unwrap();
        assert_eq!((now_stored.status, now_stored.attempts), (SubmissionStatus::Sent, 1), "{}", s.id);
        assert_eq!(inbox_files(&dir, &s.id), 1, "{} mailed exactly once", s.id);
    }
    assert_eq!(partial_files(&dir), [".being-written.eml.partial"]);
    assert_eq!(store.get_submission(&fresh.id).await.unwrap().unwrap().status, SubmissionStatus::Pending);
    assert_eq!(inbox_files(&dir, &fresh.id), 0, "a fresh one is not touched");
    assert_eq!(inbox_files(&dir, &long_sent.id), 0, "a sent one is not mailed again");

    // Passes are idempotent, and a later one takes the fresh one once it is a minute old.
    assert_eq!(redriver.pass(now).await.unwrap(), Redrive::default());
    assert_eq!(redriver.pass(now + 61).await.unwrap(), Redrive { mailed: 1, ..Redrive::default() });
    assert_eq!(store.get_submission(&fresh.id).await.unwrap().unwrap().status, SubmissionStatus::Sent);
    for s in stranded.iter().chain([&mailed_not_recorded, &fresh]) {
        assert_eq!(inbox_files(&dir, &s.id), 1, "{} mailed exactly once", s.id);
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 6, "five messages and the live partial file");
}

#[tokio::test]
async fn the_stream_mails_new_submissions_only() {
    let state = state().await;
    let event: aws_lambda_events::event::dynamodb::Event = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/events/submission-stream.json"))
            .unwrap(),
    )
    .unwrap();
    // The INSERT's submission exists in the store, as it would in the table.
    let image_id = "3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b";
    let form = json!({"formType": "contact-form", "formData": contact(), "submissionId": image_id});
    assert_eq!(call(&state, post(&form, "198.51.100.18")).await.0, 200);

    let dir = outbox_dir();
    let mailer = OutboxMailer::new(&dir);
    let response = on_stream(&state.store, &mailer, &support::test_mail(), event.clone()).await;
    assert!(response.batch_item_failures.is_empty());
    assert_eq!(outbox_messages(&dir).len(), 1, "one INSERT of a submission: one message; MODIFY and counters ignored");
    assert_eq!(state.store.get_submission(image_id).await.unwrap().unwrap().status, SubmissionStatus::Sent);

    // A submission the store does not hold is reported back for the stream to retry.
    let empty = support::app_state(support::sqlite_store()).await;
    let response = on_stream(&empty.store, &mailer, &support::test_mail(), event).await;
    let failed: Vec<_> = response.batch_item_failures.iter().map(|f| f.item_identifier.clone()).collect();
    assert_eq!(failed, [Some("4421584500000000017450439091".to_owned())]);
}

#[tokio::test]
async fn geo_reads_the_cdn_country_header() {
    let mut state = state().await;
    let geo = |country: Option<&str>| {
        let headers: Vec<(&str, &str)> = country.map(|c| ("cloudfront-viewer-country", c)).into_iter().collect();
        request("GET", "/api/geo", &headers, "198.51.100.19")
    };
    let (status, _, body) = call(&state, geo(Some("PK"))).await;
    assert_eq!((status, body), (200, json!({"country": "Pakistan", "country_code": "PK", "success": true})));
    assert_eq!(call(&state, geo(Some("GB"))).await.2["country_code"], "GB");
    assert_eq!(call(&state, geo(Some("ZZ"))).await.2["success"], false);
    assert_eq!(call(&state, geo(None)).await.2, json!({"country": null, "country_code": null, "success": false}));
    state.geo.default_country = Some("QA".into());
    assert_eq!(call(&state, geo(None)).await.2["country"], "Qatar");
}

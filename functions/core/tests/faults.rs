//! Nothing is lost when a part fails or the load is high: the mail service answering 500 or
//! never answering, the store failing on write, and 1,000 enquiries at once. Real parts where
//! they exist (moto's DynamoDB and SES, SQLite, the outbox); a stand-in endpoint speaking the
//! service's wire format where a failure must be made on demand (`support::faults`).

use crate::support;

use academy_core::domain::SubmissionStatus;
use academy_core::leads::mail::{deliver, stream::on_stream};
use academy_core::mail::{MailSettings, OutboxMailer, SesMailer, SEND_TIMEOUT};
use academy_core::platform::local::AppState;
use academy_core::store::dynamodb::{create_table, DynamoItems};
use academy_core::store::Store;
use academy_core::store::SubmissionRecords;
use aws_lambda_events::event::dynamodb::Event;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::faults::{Fault, FaultyAws};
use support::{assert_error, call, contact, outbox_dir, outbox_messages, post, ses_sent};

/// An enquiry whose last name carries `marker`, so its mail can be found among others.
fn enquiry(marker: &str, email: &str) -> Value {
    let mut data = contact();
    data["lastName"] = marker.into();
    data["email"] = email.into();
    json!({"formType": "contact-form", "formData": data})
}

/// Posts an enquiry and returns its submission id; the answer must be 200.
async fn submit(state: &AppState, body: &Value, ip: &str) -> String {
    let (status, _, answer) = call(state, post(body, ip)).await;
    assert_eq!(status, 200, "{answer}");
    answer["submissionId"].as_str().unwrap().to_owned()
}

/// The table's stream as the mailer Lambda receives it: one INSERT per submission, in order.
fn inserted(ids: &[&str]) -> Event {
    let fixture: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/events/submission-stream.json"))
            .unwrap(),
    )
    .unwrap();
    let records: Vec<Value> = ids
        .iter()
        .enumerate()
        .map(|(n, id)| {
            let mut record = fixture["Records"][0].clone();
            let change = &mut record["dynamodb"];
            change["Keys"]["pk"]["S"] = format!("SUBMISSION#{id}").into();
            change["NewImage"]["pk"]["S"] = format!("SUBMISSION#{id}").into();
            change["NewImage"]["id"]["S"] = (*id).into();
            change["SequenceNumber"] = format!("{}", 1_000 + n).into();
            record
        })
        .collect();
    serde_json::from_value(json!({"Records": records})).unwrap()
}

fn failed_sequence_numbers(response: &aws_lambda_events::event::streams::DynamoDbEventResponse) -> Vec<String> {
    response.batch_item_failures.iter().filter_map(|f| f.item_identifier.clone()).collect()
}

/// The AWS world with SES failing as `fault`: the store on moto's DynamoDB, and SES (moto) behind
/// the stand-in endpoint through the adapter as the mailer Lambda builds it, with `from` verified so
/// that sends succeed whenever the endpoint lets them through.
async fn with_ses_failing(fault: Fault, from: &str) -> (FaultyAws, AppState, SesMailer, MailSettings) {
    let faulty = FaultyAws::start().await;
    faulty.fail("SendEmail", fault);
    let state = support::app_state(support::moto_store().await).await;
    let (client, set) = support::ses_configuration_set().await;
    client.create_email_identity().email_identity(from).send().await.expect("moto verifies the sender");
    let settings = MailSettings { inbox: "admissions@academy.test".into(), from: from.into(), auto_reply: false };
    let mailer = SesMailer::from_config(&faulty.config().await, Some(set));
    (faulty, state, mailer, settings)
}

/// A seeded store on a fresh DynamoDB table in moto, reached through the stand-in endpoint.
async fn store_behind(faulty: &FaultyAws) -> Store {
    let client = academy_core::store::dynamodb::client(&faulty.config().await);
    let table = format!("academy-{}", academy_core::ids::generate());
    create_table(&client, &table).await.expect("moto creates the table");
    Store::new(Arc::new(DynamoItems::new(client, &table)))
}

async fn mails_mentioning(marker: &str) -> usize {
    ses_sent().await.iter().filter(|m| m.contains(marker)).count()
}

/// GIVEN SES answers 500, WHEN the stream delivers a new enquiry, THEN the SDK retries, the
/// record is `failed` with the error, the stream is told to retry it; and once SES works,
/// `academy submissions resend` (its library step, `deliver` again) mails it exactly once.
#[tokio::test]
async fn a_mail_service_answering_500_loses_nothing_and_resend_delivers_later() {
    let (faulty, state, mailer, settings) = with_ses_failing(Fault::ServerError, "faults-500@academy.test").await;
    let marker = "Failingfivehundred";
    let id = submit(&state, &enquiry(marker, "five.hundred@example.pk"), "198.51.100.30").await;

    let response = on_stream(&state.store, &mailer, &settings, inserted(&[&id])).await;
    assert_eq!(failed_sequence_numbers(&response), ["1000"], "the stream is told to retry it");
    assert!(faulty.calls("SendEmail") >= 2, "the SDK retried the 500 ({} calls)", faulty.calls("SendEmail"));
    let failed = state.store.get_submission(&id).await.unwrap().expect("still stored");
    assert_eq!((failed.status, failed.attempts), (SubmissionStatus::Failed, 1));
    let error = failed.last_error.unwrap_or_default();
    assert!(error.contains("InternalFailure") || error.contains("500"), "the error is recorded: {error}");

    // The stream's retry while SES still fails: one more attempt, still failed, still stored.
    let response = on_stream(&state.store, &mailer, &settings, inserted(&[&id])).await;
    assert_eq!(failed_sequence_numbers(&response), ["1000"]);
    let failed = state.store.get_submission(&id).await.unwrap().unwrap();
    assert_eq!((failed.status, failed.attempts), (SubmissionStatus::Failed, 2));
    assert_eq!(mails_mentioning(marker).await, 0, "nothing reached SES");

    faulty.heal("SendEmail");
    assert_eq!(deliver(&state.store, &mailer, &settings, &id, true).await.unwrap(), SubmissionStatus::Sent);
    let sent = state.store.get_submission(&id).await.unwrap().unwrap();
    assert_eq!((sent.status, sent.attempts, sent.last_error), (SubmissionStatus::Sent, 3, None));
    assert_eq!(mails_mentioning(marker).await, 1, "mailed once, by the resend");
}

/// GIVEN SES never answers, WHEN the stream delivers three enquiries, THEN the send gives up
/// after the adapter's timeout (not the Lambda's), the first is `failed` with a timeout, the
/// other two are not tried, and all three go back to the stream, whose retry mails them.
#[tokio::test]
async fn a_hanging_mail_service_times_out_and_the_stream_retries_the_batch() {
    let (faulty, state, mailer, settings) = with_ses_failing(Fault::Hang, "faults-hang@academy.test").await;
    let marker = "Hangingservice";
    let mut ids = Vec::new();
    for n in 0..3 {
        ids.push(
            submit(&state, &enquiry(marker, &format!("hang{n}@example.pk")), &format!("198.51.100.{}", 31 + n)).await,
        );
    }
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();

    // Three sends' worth of time: without the adapter's timeouts the send would wait forever.
    let response = tokio::time::timeout(SEND_TIMEOUT * 3, on_stream(&state.store, &mailer, &settings, inserted(&ids)))
        .await
        .expect("the mailer gives up on a hanging SES by itself");
    assert_eq!(failed_sequence_numbers(&response), ["1000", "1001", "1002"]);
    assert!(faulty.calls("SendEmail") >= 1);
    let first = state.store.get_submission(ids[0]).await.unwrap().unwrap();
    assert_eq!((first.status, first.attempts), (SubmissionStatus::Failed, 1));
    let error = first.last_error.unwrap_or_default();
    assert!(error.to_lowercase().contains("timeout"), "the error names the timeout: {error}");
    for id in &ids[1..] {
        let waiting = state.store.get_submission(id).await.unwrap().unwrap();
        assert_eq!(
            (waiting.status, waiting.attempts),
            (SubmissionStatus::Pending, 0),
            "not tried after the first failure"
        );
    }

    faulty.heal("SendEmail");
    let response = on_stream(&state.store, &mailer, &settings, inserted(&ids)).await;
    assert!(response.batch_item_failures.is_empty());
    for id in &ids {
        assert_eq!(state.store.get_submission(id).await.unwrap().unwrap().status, SubmissionStatus::Sent);
    }
    assert_eq!(mails_mentioning(marker).await, 3);
}

/// GIVEN the store fails every write of a submission (DynamoDB answering PutItem with 500), WHEN
/// a visitor sends an enquiry, THEN the answer is 503 JSON, nothing is stored or mailed; and the
/// visitor's retry with the same submission id, once the store works, is stored and mailed once.
#[tokio::test]
async fn a_store_failing_on_write_answers_503_and_claims_nothing() {
    let faulty = FaultyAws::start().await;
    let mut state = support::app_state(store_behind(&faulty).await).await;
    let outbox = outbox_dir();
    state.mail_inline(Arc::new(OutboxMailer::new(&outbox)), support::test_mail());
    faulty.fail("PutItem", Fault::ServerError);
    let mut body = enquiry("Storefailure", "store.failure@example.pk");
    body["submissionId"] = "5d1c0b7a-2e3f-4a5b-8c6d-7e8f9a0b1c2d".into();

    let answer = call(&state, post(&body, "198.51.100.40")).await;
    assert_error(&answer, 503, "unavailable");
    assert!(answer.2.get("ok").is_none() && answer.2.get("submissionId").is_none(), "no success is claimed");
    assert!(faulty.calls("PutItem") >= 1, "the write was tried");
    faulty.heal("PutItem");
    assert!(state.store.list_submissions().await.unwrap().is_empty(), "nothing stored");
    assert!(outbox_messages(&outbox).is_empty(), "nothing mailed");

    assert_eq!(submit(&state, &body, "198.51.100.40").await, "5d1c0b7a-2e3f-4a5b-8c6d-7e8f9a0b1c2d");
    let stored = state.store.list_submissions().await.unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].status, SubmissionStatus::Sent);
    assert_eq!(outbox_messages(&outbox).len(), 1);
}

/// GIVEN the store hangs (DynamoDB accepting a Query and never answering), WHEN a visitor asks for
/// the courses, THEN the API answers 503 JSON once the store call's own time is up, well before a
/// function's 10 s; and answers 200 again once the store works.
#[tokio::test]
async fn a_hanging_store_answers_503_in_time() {
    use academy_core::store::dynamodb::CALL_TIMEOUT;
    let faulty = FaultyAws::start().await;
    let state = support::app_state(support::seeded(store_behind(&faulty).await).await).await;
    faulty.fail("Query", Fault::Hang);
    let started = Instant::now();
    let answer = call(&state, support::get("/api/courses")).await;
    let took = started.elapsed();
    assert_error(&answer, 503, "unavailable");
    assert!(took >= CALL_TIMEOUT && took < CALL_TIMEOUT + Duration::from_secs(3), "answered after {took:?}");
    faulty.heal("Query");
    assert_eq!(call(&state, support::get("/api/courses")).await.0, 200);
}

/// `n` valid enquiries at once, each from its own address and e-mail, through the dispatcher on
/// `state`: the submission ids answered 200, and each request's latency. Panics on any other answer.
async fn enquiries_at_once(state: Arc<AppState>, n: usize) -> (Vec<String>, Vec<Duration>) {
    let tasks: Vec<_> = (0..n)
        .map(|i| {
            let state = state.clone();
            tokio::spawn(async move {
                let ip = format!("10.{}.{}.{}", i / 65_536, (i / 256) % 256, i % 256);
                let body = enquiry(&format!("Visitor{i}"), &format!("visitor{i}@example.pk"));
                let started = Instant::now();
                let (status, _, answer) = call(&state, post(&body, &ip)).await;
                assert_eq!(status, 200, "enquiry {i}: {answer}");
                (answer["submissionId"].as_str().unwrap().to_owned(), started.elapsed())
            })
        })
        .collect();
    let mut answered = Vec::with_capacity(n);
    for task in tasks {
        answered.push(task.await.expect("no request panicked"));
    }
    answered.into_iter().unzip()
}

/// The local world (`academy serve`): SQLite and the outbox, mailed inline.
async fn local_state() -> (Arc<AppState>, std::path::PathBuf) {
    let mut state = support::app_state(support::sqlite_store()).await;
    let outbox = outbox_dir();
    state.mail_inline(Arc::new(OutboxMailer::new(&outbox)), support::test_mail());
    (Arc::new(state), outbox)
}

/// Answered 200 = stored = mailed: the same 1,000 ids in each, every record `sent`.
async fn assert_all_stored_and_mailed(state: &AppState, outbox: &std::path::Path, answered: &[String]) {
    let answered: std::collections::BTreeSet<&str> = answered.iter().map(String::as_str).collect();
    let submissions = state.store.list_submissions().await.unwrap();
    let stored: std::collections::BTreeSet<&str> = submissions.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(stored, answered, "stored = answered");
    assert!(submissions.iter().all(|s| s.status == SubmissionStatus::Sent && s.attempts == 1));
    let messages = outbox_messages(outbox);
    assert_eq!(messages.len(), answered.len(), "one message per enquiry");
    let mailed: std::collections::BTreeSet<&str> =
        answered.iter().copied().filter(|id| messages.iter().any(|m| m.contains(id))).collect();
    assert_eq!(mailed, answered, "mailed = answered");
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

const BURST: usize = 1_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_enquiries_at_once_from_a_thousand_clients_are_all_stored_and_mailed() {
    let (state, outbox) = local_state().await;
    let (answered, mut latencies) = enquiries_at_once(state.clone(), BURST).await;
    assert_eq!(answered.len(), BURST);
    assert_all_stored_and_mailed(&state, &outbox, &answered).await;
    latencies.sort();
    eprintln!("{BURST} enquiries: p50 {:?}, p99 {:?}", percentile(&latencies, 0.5), percentile(&latencies, 0.99));
}

/// `make bench-enquiries`: the burst above on an optimised build, latencies written to
/// docs/benchmarks/enquiries.md.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: make bench-enquiries"]
async fn bench_enquiries() {
    let mut rows = Vec::new();
    for run in 1..=3 {
        let (state, outbox) = local_state().await;
        let started = Instant::now();
        let (answered, mut latencies) = enquiries_at_once(state.clone(), BURST).await;
        let wall = started.elapsed();
        assert_all_stored_and_mailed(&state, &outbox, &answered).await;
        latencies.sort();
        let ms = |d: Duration| format!("{:.1}", d.as_secs_f64() * 1e3);
        rows.push(format!(
            "| {run} | {} | {} | {} | {} | {} | {:.0} |",
            answered.len(),
            ms(percentile(&latencies, 0.5)),
            ms(percentile(&latencies, 0.99)),
            ms(*latencies.last().unwrap()),
            ms(wall),
            BURST as f64 / wall.as_secs_f64()
        ));
    }
    let report = format!(
        "# Enquiries under load\n\n\
         Written by `make bench-enquiries` (`functions/core/tests/faults.rs`, `bench_enquiries`; the same burst \
         runs without timings in `make test`). {BURST} valid contact-form enquiries sent at once, each from its own \
         client address and e-mail address, through the dispatcher every Lambda and `academy serve` use, on the \
         local world: the SQLite store and the outbox mailer, mailed inline before the answer (as `academy \
         serve` does; in AWS the stream mails after the answer). Latency is per request, from the call to its \
         answer, with all {BURST} in flight: it is mostly queueing behind the one SQLite connection. Build: \
         the `bench-server` profile; tokio with 2 worker threads; {} cores, shared with other work.\n\n\
         In every run: answered 200 = stored = mailed = {BURST} (the same ids in the answers, the store and \
         the outbox), every record `sent` after one attempt.\n\n\
         | run | answered 200 = stored = mailed | p50 ms | p99 ms | max ms | wall ms | enquiries/s |\n\
         |---|---|---|---|---|---|---|\n{}\n",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        rows.join("\n")
    );
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/benchmarks/enquiries.md");
    std::fs::write(path, &report).unwrap();
    println!("{report}");
}

//! The assistant: the endpoint's limits, the model over its real wire format (a local server
//! speaking `generateContent`), and the offline answerer on the institute's own knowledge.

use crate::support;

use academy_core::assistant::{answer, AnswerSource, GeminiModel, Knowledge, NO_ANSWER};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Json, Router};
use lambda_http::Body;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support::{assert_error, call, request_with_body};

/// How the fake model behaves, and what it was sent.
#[derive(Clone, Copy)]
enum Behaviour {
    Answer,
    NoCandidates,
    ServerError,
    Slow,
}

#[derive(Default)]
struct Seen {
    key: Option<String>,
    query: HashMap<String, String>,
    body: Value,
}

async fn generate(
    State((behaviour, seen)): State<(Behaviour, Arc<Mutex<Seen>>)>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    *seen.lock().unwrap() =
        Seen { key: headers.get("x-goog-api-key").map(|v| v.to_str().unwrap().to_owned()), query, body };
    match behaviour {
        Behaviour::Answer => (
            StatusCode::OK,
            Json(
                json!({"candidates": [{"content": {"role": "model", "parts": [{"text": " Our demo lasts 30–45 minutes. "}]},
                                        "finishReason": "STOP"}]}),
            ),
        ),
        Behaviour::NoCandidates => {
            (StatusCode::OK, Json(json!({"candidates": [], "promptFeedback": {"blockReason": "OTHER"}})))
        }
        Behaviour::ServerError => (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({"error": {"code": 500}}))),
        Behaviour::Slow => {
            tokio::time::sleep(Duration::from_secs(5)).await;
            (StatusCode::OK, Json(json!({})))
        }
    }
}

/// A local server speaking the generateContent wire format: its base URL and what it saw.
async fn fake_server(behaviour: Behaviour) -> (String, Arc<Mutex<Seen>>) {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let app = Router::new().route("/v1beta/models/{call}", post(generate)).with_state((behaviour, seen.clone()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (base, seen)
}

/// The model client of a fake server, and what the server saw.
async fn fake_model(behaviour: Behaviour) -> (GeminiModel, Arc<Mutex<Seen>>) {
    let (base, seen) = fake_server(behaviour).await;
    let model = GeminiModel::new(&base, "gemini-2.5-flash", "test-key-123", Duration::from_millis(500)).unwrap();
    (model, seen)
}

fn knowledge() -> Knowledge {
    Knowledge::parse(
        r#"{"company": "Skyline Tech Academy", "passages": [
            {"title": "How long is a free demo class?", "text": "A free demo class lasts 30–45 minutes.", "url": "/FreeDemo"}
        ]}"#,
    )
    .unwrap()
}

#[tokio::test]
async fn the_model_gets_the_key_in_a_header_and_the_facts_in_the_prompt() {
    let (model, seen) = fake_model(Behaviour::Answer).await;
    let (text, source) = answer(&knowledge(), Some(&model), "How long is the free demo?").await;
    assert_eq!((text.as_str(), source), ("Our demo lasts 30–45 minutes.", AnswerSource::Model));
    let seen = seen.lock().unwrap();
    assert_eq!(seen.key.as_deref(), Some("test-key-123"));
    assert!(seen.query.values().all(|v| !v.contains("test-key-123")), "the key is never in the URL");
    let instruction = seen.body["system_instruction"]["parts"][0]["text"].as_str().unwrap();
    assert!(instruction.contains("⚠️ I can only provide information about Skyline Tech Academy and its services."));
    let prompt = seen.body["contents"][0]["parts"][0]["text"].as_str().unwrap();
    assert!(prompt.contains("lasts 30–45 minutes") && prompt.contains("Question: How long is the free demo?"));
}

#[tokio::test]
async fn no_candidates_is_no_answer() {
    let (model, _) = fake_model(Behaviour::NoCandidates).await;
    assert_eq!(answer(&knowledge(), Some(&model), "demo length?").await, (NO_ANSWER.to_owned(), AnswerSource::Model));
}

#[tokio::test]
async fn a_failing_or_slow_model_falls_back_to_the_offline_answer() {
    for behaviour in [Behaviour::ServerError, Behaviour::Slow] {
        let (model, _) = fake_model(behaviour).await;
        let (text, source) = answer(&knowledge(), Some(&model), "How long is the free demo?").await;
        assert_eq!(source, AnswerSource::Offline);
        assert!(text.contains("30–45 minutes"), "{text}");
    }
}

fn ask(body: &str, ip: &str) -> lambda_http::Request {
    request_with_body("POST", "/api/chat", &[("content-type", "application/json")], ip, Body::Text(body.into()))
}

#[tokio::test]
async fn the_endpoint_bounds_questions_and_clients() {
    let state = support::app_state(support::sqlite_store()).await;
    assert_error(&call(&state, ask(r#"{"question": "   "}"#, "198.51.100.30")).await, 400, "bad_request");
    let long = json!({"question": "a".repeat(501)}).to_string();
    assert_error(&call(&state, ask(&long, "198.51.100.30")).await, 400, "bad_request");
    assert_error(&call(&state, ask("not json", "198.51.100.30")).await, 400, "bad_request");
    let huge = json!({"question": "a".repeat(9000)}).to_string();
    assert_error(&call(&state, ask(&huge, "198.51.100.30")).await, 413, "payload_too_large");

    let question = json!({"question": "What courses do you offer?"}).to_string();
    for _ in 0..20 {
        let (status, _, body) = call(&state, ask(&question, "203.0.113.40")).await;
        assert_eq!((status, body["source"].as_str()), (200, Some("offline")));
    }
    assert_error(&call(&state, ask(&question, "203.0.113.40")).await, 429, "rate_limited");
    assert_eq!(call(&state, ask(&question, "203.0.113.41")).await.0, 200);
}

/// In AWS the key is read from Secrets Manager at run time (moto here) on first use and kept; a
/// missing secret leaves the assistant offline until it can be read.
#[tokio::test]
async fn the_model_key_comes_from_secrets_manager_on_first_use() {
    use academy_core::assistant::provider::{Endpoint, ModelProvider};
    let (base_url, seen) = fake_server(Behaviour::Answer).await;
    let secrets = aws_sdk_secretsmanager::Client::new(&support::moto_config().await);
    let name = format!("academy/model-key-{}", academy_core::ids::generate());
    let provider =
        ModelProvider::secret(secrets.clone(), &name, Endpoint { base_url, model: "gemini-2.5-flash".into() });
    assert!(provider.get().await.is_none(), "no secret yet: offline");

    secrets.create_secret().name(&name).secret_string(" key-from-the-vault \n").send().await.unwrap();
    let model = provider.get().await.expect("read once the secret exists");
    let (_, source) = answer(&knowledge(), Some(&model), "How long is the free demo?").await;
    assert_eq!(source, AnswerSource::Model);
    assert_eq!(seen.lock().unwrap().key.as_deref(), Some("key-from-the-vault"));

    secrets.put_secret_value().secret_id(&name).secret_string("rotated").send().await.unwrap();
    assert!(Arc::ptr_eq(&model, &provider.get().await.unwrap()), "kept for the container's life");
}

//! A stand-in AWS endpoint for fault tests: it forwards every call to moto, except the operations
//! told to fail, which it answers with the service's own 500 error or never answers at all.

use axum::body::{to_bytes, Body};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// HTTP 500 with the service's error body (an internal error, which the SDK retries).
    ServerError,
    /// The request is read and never answered.
    Hang,
}

#[derive(Default)]
struct Shared {
    faults: Mutex<HashMap<String, Fault>>,
    calls: Mutex<HashMap<String, usize>>,
    client: reqwest::Client,
}

pub struct FaultyAws {
    endpoint: String,
    shared: Arc<Shared>,
}

/// The operation a request calls: `PutItem` from DynamoDB's `X-Amz-Target`, `SendEmail` for SES
/// v2's `POST /v2/email/outbound-emails`, otherwise the method and path.
fn operation(headers: &HeaderMap, method: &str, path: &str) -> String {
    if let Some(target) = headers.get("x-amz-target").and_then(|t| t.to_str().ok()) {
        return target.rsplit('.').next().unwrap_or(target).to_owned();
    }
    match (method, path) {
        ("POST", "/v2/email/outbound-emails") => "SendEmail".into(),
        _ => format!("{method} {path}"),
    }
}

/// A 500 in the wire format the caller speaks: awsJson (DynamoDB) carries the error type in the
/// body, restJson (SES v2) in the `X-Amzn-ErrorType` header.
fn server_error(aws_json: bool) -> Response {
    let message = "We encountered an internal error. Please try again. (injected by a fault test)";
    if aws_json {
        let body =
            serde_json::json!({"__type": "com.amazonaws.dynamodb.v20120810#InternalServerError", "message": message});
        let mut response = (StatusCode::INTERNAL_SERVER_ERROR, body.to_string()).into_response();
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-amz-json-1.0"));
        return response;
    }
    let mut response =
        (StatusCode::INTERNAL_SERVER_ERROR, serde_json::json!({"message": message}).to_string()).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response.headers_mut().insert("x-amzn-errortype", HeaderValue::from_static("InternalFailure"));
    response
}

async fn handle(State(shared): State<Arc<Shared>>, req: Request) -> Response {
    let (parts, body) = req.into_parts();
    let path_and_query = parts.uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
    let operation = operation(&parts.headers, parts.method.as_str(), parts.uri.path());
    *shared.calls.lock().unwrap().entry(operation.clone()).or_default() += 1;
    let body = to_bytes(body, usize::MAX).await.unwrap_or_default();
    let fault = shared.faults.lock().unwrap().get(&operation).copied();
    match fault {
        Some(Fault::ServerError) => return server_error(parts.headers.contains_key("x-amz-target")),
        Some(Fault::Hang) => std::future::pending::<()>().await,
        None => {}
    }
    let mut forward = shared.client.request(parts.method, format!("{}{path_and_query}", super::moto_endpoint()));
    for (name, value) in &parts.headers {
        if name != header::HOST && name != header::CONTENT_LENGTH {
            forward = forward.header(name, value);
        }
    }
    let answer = match forward.body(body).send().await {
        Ok(answer) => answer,
        Err(e) => return (StatusCode::BAD_GATEWAY, e.to_string()).into_response(),
    };
    let mut response = Response::builder().status(answer.status());
    for (name, value) in answer.headers() {
        if name != header::CONTENT_LENGTH && name != header::TRANSFER_ENCODING && name != header::CONNECTION {
            response = response.header(name, value);
        }
    }
    response.body(Body::from(answer.bytes().await.unwrap_or_default())).unwrap()
}

impl FaultyAws {
    /// Starts the endpoint on a free loopback port, passing everything through until told otherwise.
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let endpoint = format!("http://{}", listener.local_addr().unwrap());
        let shared = Arc::new(Shared::default());
        let app = axum::Router::new().fallback(handle).with_state(shared.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Self { endpoint, shared }
    }

    /// SDK configuration pointing at this endpoint, with moto's test credentials.
    pub async fn config(&self) -> aws_config::SdkConfig {
        super::moto_config().await.into_builder().endpoint_url(&self.endpoint).build()
    }

    /// From now on, answers `operation` (e.g. `PutItem`, `SendEmail`) with `fault`.
    pub fn fail(&self, operation: &str, fault: Fault) {
        self.shared.faults.lock().unwrap().insert(operation.into(), fault);
    }

    /// From now on, passes `operation` through to moto again.
    pub fn heal(&self, operation: &str) {
        self.shared.faults.lock().unwrap().remove(operation);
    }

    /// How many requests for `operation` have arrived (each of the SDK's attempts is one).
    pub fn calls(&self, operation: &str) -> usize {
        self.shared.calls.lock().unwrap().get(operation).copied().unwrap_or(0)
    }
}

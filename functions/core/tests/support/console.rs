//! Calling the API through the dispatcher every Lambda and `academy serve` use, as the tests of the
//! staff console and of the features it works on do: who calls (`Caller`, as API Gateway passes a
//! verified token on), a client address of its own for each request, and the answer (`Reply`).

use academy_core::platform::local::AppState;
use academy_core::platform::routes::dispatch;
use lambda_http::aws_lambda_events::apigw::{ApiGatewayRequestAuthorizer, ApiGatewayRequestAuthorizerJwtDescription};
use lambda_http::http::HeaderMap;
use lambda_http::request::RequestContext;
use lambda_http::{Body, Request, RequestExt};
use serde_json::Value;
use std::sync::atomic::{AtomicU32, Ordering};

/// The member of staff and the student the gateway's claims name.
pub const STAFF_SUB: &str = "0b5e4f7a-staff";
pub const STAFF_EMAIL: &str = "staff@academy.test";
pub const STUDENT_SUB: &str = "0b5e4f7a-student";

/// Who calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caller {
    Nobody,
    Student,
    Staff,
}

/// A client address of its own for each request, so that no rate limit of one case reaches another.
pub fn next_ip() -> String {
    static NEXT: AtomicU32 = AtomicU32::new(1);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("10.{}.{}.{}", (n >> 16) & 255, (n >> 8) & 255, n & 255)
}

/// `req` as API Gateway passes it on after its JWT authorizer verified a member of staff's token.
pub fn as_staff(req: Request) -> Request {
    let Some(RequestContext::ApiGatewayV2(mut context)) = req.request_context_ref().cloned() else {
        panic!("an API Gateway request")
    };
    let mut jwt = ApiGatewayRequestAuthorizerJwtDescription::default();
    jwt.claims.insert("sub".into(), STAFF_SUB.into());
    jwt.claims.insert("cognito:groups".into(), "[staff]".into());
    jwt.claims.insert("email".into(), STAFF_EMAIL.into());
    jwt.claims.insert("email_verified".into(), "true".into());
    let mut authorizer = ApiGatewayRequestAuthorizer::default();
    authorizer.jwt = Some(jwt);
    context.authorizer = Some(authorizer);
    req.with_request_context(RequestContext::ApiGatewayV2(context))
}

/// `req` as `caller` sends it (nobody: no token at all).
pub fn signed(req: Request, caller: Caller) -> Request {
    match caller {
        Caller::Nobody => req,
        Caller::Student => super::as_student(req, STUDENT_SUB),
        Caller::Staff => as_staff(req),
    }
}

/// A request with a JSON body when there is one.
pub fn json_request(method: &str, path: &str, body: Option<&Value>) -> Request {
    let headers: &[(&str, &str)] = if body.is_some() { &[("content-type", "application/json")] } else { &[] };
    let body = body.map_or(Body::Empty, |b| Body::Text(b.to_string()));
    super::request_with_body(method, path, headers, &next_ip(), body)
}

/// One answer: its status, headers and body.
pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    pub bytes: Vec<u8>,
}

impl Reply {
    /// What the API answers `req`.
    pub async fn to(state: &AppState, req: Request) -> Self {
        let (parts, body) = dispatch(state, req).await.into_parts();
        let bytes = match body {
            Body::Text(text) => text.into_bytes(),
            Body::Binary(bytes) => bytes,
            Body::Empty => Vec::new(),
            other => panic!("unexpected body {other:?}"),
        };
        Self { status: parts.status.as_u16(), headers: parts.headers, bytes }
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes).unwrap_or_else(|e| panic!("{e}: {} {}", self.status, self.text()))
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default()
    }

    /// Asserts the status, and returns the JSON body (null when there is none).
    pub fn expect(&self, status: u16) -> Value {
        assert_eq!(self.status, status, "{}", self.text());
        if self.bytes.is_empty() {
            Value::Null
        } else {
            self.json()
        }
    }

    /// Asserts a refusal: the status, as JSON with the API's error code and a readable message.
    pub fn refused(&self, status: u16, code: &str) -> Value {
        assert_eq!(self.status, status, "{}", self.text());
        assert_eq!(self.header("content-type"), "application/json", "{}", self.text());
        let body = self.json();
        assert_eq!(body["error"], code, "{body}");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "a readable message: {body}");
        body
    }
}

//! HTTP, shared by every feature: the route table (`routes`), one error type (`error`), the
//! origin guard (`origin`), who is calling (`identity`), liveness (`health`), and small helpers
//! for `lambda_http` requests and JSON answers.

pub mod error;
pub mod health;
pub mod identity;
pub mod origin;
pub mod routes;

use error::ApiError;
use lambda_http::{http::StatusCode, request::RequestContext, Body, Request, RequestExt, Response};
use serde::{de::DeserializeOwned, Serialize};

/// What every handler returns: an answer, or an error that `ApiError::into_response` answers.
pub type Answer = Result<Response<Body>, ApiError>;

/// A JSON response with the given status.
pub fn json<T: Serialize>(status: StatusCode, value: &T) -> Response<Body> {
    let body = serde_json::to_string(value).unwrap_or_else(|_| "null".into());
    Response::builder()
        .status(status)
        .header("content-type", "application/json")
        .header("cache-control", "no-store")
        .body(Body::Text(body))
        .expect("static response parts are valid")
}

/// `200 OK` with `value` as JSON, never stored by a cache.
pub fn ok<T: Serialize>(value: &T) -> Response<Body> {
    json(StatusCode::OK, value)
}

/// How long the public catalog may be cached (by CloudFront at the edge and by browsers): a
/// minute fresh, then served stale for five while one request revalidates it.
pub const CATALOG_CACHE: &str = "public, max-age=60, stale-while-revalidate=300";

/// `200 OK` with `value` as JSON that caches may keep as `cache_control` says.
pub fn ok_cached<T: Serialize>(value: &T, cache_control: &'static str) -> Response<Body> {
    let mut response = json(StatusCode::OK, value);
    response.headers_mut().insert("cache-control", lambda_http::http::HeaderValue::from_static(cache_control));
    response
}

/// The caller's address: the source IP API Gateway saw, or the peer address the local server
/// put in the same request context.
pub fn client_ip(req: &Request) -> String {
    match req.request_context_ref() {
        Some(RequestContext::ApiGatewayV2(ctx)) => ctx.http.source_ip.clone(),
        #[allow(unreachable_patterns)]
        _ => None,
    }
    .unwrap_or_else(|| "unknown".into())
}

/// The request's JSON body as `T`: 413 past `limit` bytes, else 400 with `refused`'s sentence.
pub fn json_body<T: DeserializeOwned>(
    req: &Request,
    limit: usize,
    refused: impl FnOnce(serde_json::Error) -> String,
) -> Result<T, ApiError> {
    let body = req.body().as_ref();
    if body.len() > limit {
        return Err(ApiError::PayloadTooLarge { limit });
    }
    serde_json::from_slice(body).map_err(|e| ApiError::BadRequest(refused(e)))
}

/// A header's value as trimmed text, if present and not blank.
pub fn header<'a>(req: &'a Request, name: &str) -> Option<&'a str> {
    req.headers().get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty())
}

/// A query parameter's value as trimmed text, if present and not blank.
pub fn query_param(req: &Request, name: &str) -> Option<String> {
    let query = req.uri().query()?;
    form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

//! HTTP, shared by every feature: the route and service traits each feature's `api.rs` implements (`routes`), one error type (`error`), the
//! origin guard (`origin`), who is calling (`identity`), liveness (`health`), and small helpers
//! for `lambda_http` requests and JSON answers.

pub mod contract;
pub mod error;
pub mod health;
pub mod identity;
pub mod origin;
pub mod routes;
pub mod whole;

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

/// Who a per-client limit counts: the caller's address, with an IPv6 address cut to its /64 (one
/// home or phone connection is given a whole /64, so 2^64 addresses are one client) and an
/// IPv4-mapped address (`::ffff:203.0.113.9`) read as the IPv4 address it carries. Every
/// per-client limit keys on this; `client_ip` stays the exact address, for logs.
pub fn client_key(req: &Request) -> String {
    address_key(&client_ip(req))
}

fn address_key(address: &str) -> String {
    match address.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(v4)) => v4.to_string(),
        Ok(std::net::IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let network = u128::from(v6) & !((1u128 << 64) - 1);
                format!("{}/64", std::net::Ipv6Addr::from(network))
            }
        },
        Err(_) => address.to_owned(),
    }
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
    query_value(req, name).filter(|v| !v.is_empty())
}

/// A query parameter's value, trimmed, when the query names it, even empty (`?limit=`): for
/// parameters whose every value is checked, where an empty one is a mistake, not an absence.
pub fn query_value(req: &Request, name: &str) -> Option<String> {
    let query = req.uri().query()?;
    form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == name).map(|(_, v)| v.trim().to_string())
}

/// The spaces of the contract's patterns (`\s` in ECMAScript): a text of these alone is blank.
pub fn is_space(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}')
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' | '\u{feff}')
}

#[cfg(test)]
mod tests {
    use super::address_key;

    #[test]
    fn ipv6_clients_are_keyed_by_their_64_and_mapped_ipv4_as_ipv4() {
        let cases = [
            ("203.0.113.9", "203.0.113.9"),
            ("::ffff:203.0.113.9", "203.0.113.9"),
            ("2001:db8:1:2::7", "2001:db8:1:2::/64"),
            ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
            ("2001:db8:1:3::7", "2001:db8:1:3::/64"),
            ("::1", "::/64"),
            ("unknown", "unknown"),
        ];
        for (address, key) in cases {
            assert_eq!(address_key(address), key, "{address}");
        }
    }
}

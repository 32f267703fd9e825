//! What the CDN vouches for. In AWS, CloudFront adds a secret header to every request it sends
//! to the API (`ACADEMY_ORIGIN_SECRET`, the same value on both sides); a request without it came
//! around the CDN (the execute-api URL) and is refused, so nobody can forge the viewer headers.
//! A request that carries it is keyed by the viewer's own address (`CloudFront-Viewer-Address`)
//! instead of the edge server's (and the limits count an IPv6 viewer by its /64: `http::client_key`).
//! Locally no secret is set and nothing changes.

use crate::http::error::ApiError;
use lambda_http::request::RequestContext;
use lambda_http::{Request, RequestExt};
use std::net::IpAddr;
use subtle::ConstantTimeEq;

pub const ORIGIN_SECRET_HEADER: &str = "x-origin-verify";
pub const VIEWER_ADDRESS_HEADER: &str = "cloudfront-viewer-address";

#[derive(Clone, Default)]
pub struct OriginGuard {
    secret: Option<String>,
}

impl OriginGuard {
    pub fn new(secret: Option<String>) -> Self {
        Self { secret: secret.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()) }
    }

    /// The request as the handlers see it: refused without the CDN's secret (when one is
    /// configured), otherwise with the viewer's address as its source IP.
    pub fn admit(&self, req: Request) -> Result<Request, ApiError> {
        let Some(secret) = &self.secret else { return Ok(req) };
        let presented = req.headers().get(ORIGIN_SECRET_HEADER).map(|v| v.as_bytes()).unwrap_or_default();
        if !bool::from(presented.ct_eq(secret.as_bytes())) {
            return Err(ApiError::Forbidden("Requests must come through the site.".into()));
        }
        let viewer = req.headers().get(VIEWER_ADDRESS_HEADER).and_then(|v| v.to_str().ok()).and_then(viewer_ip);
        let Some(viewer) = viewer else { return Ok(req) };
        let mut context = match req.request_context_ref() {
            Some(RequestContext::ApiGatewayV2(context)) => context.clone(),
            #[allow(unreachable_patterns)]
            _ => Default::default(),
        };
        context.http.source_ip = Some(viewer.to_string());
        Ok(req.with_request_context(RequestContext::ApiGatewayV2(context)))
    }
}

/// The address part of `CloudFront-Viewer-Address` (`203.0.113.7:46532`, `2001:db8::1:46532`).
fn viewer_ip(value: &str) -> Option<IpAddr> {
    let (address, port) = value.trim().rsplit_once(':')?;
    port.parse::<u16>().ok()?;
    address.trim_start_matches('[').trim_end_matches(']').parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::client_ip;
    use lambda_http::aws_lambda_events::apigw::ApiGatewayV2httpRequestContext;

    fn request(headers: &[(&str, &str)]) -> Request {
        let mut builder = lambda_http::http::Request::builder().uri("https://api.test/api/courses");
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        let mut context = ApiGatewayV2httpRequestContext::default();
        context.http.source_ip = Some("130.176.0.1".into());
        builder.body(lambda_http::Body::Empty).unwrap().with_request_context(RequestContext::ApiGatewayV2(context))
    }

    #[test]
    fn without_a_secret_every_request_passes_unchanged() {
        let guard = OriginGuard::new(Some("  ".into()));
        let req = guard.admit(request(&[(VIEWER_ADDRESS_HEADER, "203.0.113.7:443")])).unwrap();
        assert_eq!(client_ip(&req), "130.176.0.1", "the viewer header is not trusted without the secret");
    }

    #[test]
    fn a_missing_or_wrong_secret_is_refused() {
        let guard = OriginGuard::new(Some("s3cret-value".into()));
        for headers in [&[][..], &[(ORIGIN_SECRET_HEADER, "s3cret-valuX")][..], &[(ORIGIN_SECRET_HEADER, "s3cret")][..]]
        {
            let err = guard.admit(request(headers)).unwrap_err();
            assert_eq!(err.status(), 403);
        }
    }

    #[test]
    fn the_viewer_address_keys_requests_through_the_cdn() {
        let guard = OriginGuard::new(Some("s3cret-value".into()));
        let cases = [
            ("203.0.113.7:46532", "203.0.113.7"),
            ("2001:db8::1:46532", "2001:db8::1"),
            ("[2001:db8::2]:443", "2001:db8::2"),
            ("garbage", "130.176.0.1"),
            ("203.0.113.7", "130.176.0.1"),
        ];
        for (viewer, expected) in cases {
            let req = request(&[(ORIGIN_SECRET_HEADER, "s3cret-value"), (VIEWER_ADDRESS_HEADER, viewer)]);
            assert_eq!(client_ip(&guard.admit(req).unwrap()), expected, "{viewer}");
        }
    }
}

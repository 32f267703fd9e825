//! How a request reaches a handler, the same for the local server and for every Lambda: each
//! feature's `api.rs` names its paths as a `Routes` type (a path's segments → a route, and the
//! methods each route answers) beside the `Service` whose `answer` says what each method does. A
//! Lambda answers with its one service, so only that service's routes exist for it; `academy
//! serve` holds a table of path prefix → service (`platform::routes`). Anything else is a JSON 404.

use super::error::ApiError;
use super::origin::OriginGuard;
use super::Answer;
use async_trait::async_trait;
use lambda_http::{http::Method, Body, Request, Response};

/// One service's paths: matched from a request path's segments (each percent-decoded once,
/// `["api", "demo", "slots"]`), with the methods each answers.
pub trait Routes: Sized + Send {
    /// The route `parts` name, if it is one of these.
    fn resolve(parts: &[&str]) -> Option<Self>;
    /// The methods the route answers (HEAD is answered wherever GET is).
    fn methods(&self) -> &'static [Method];
    /// Whether the route's body is JSON (a few take another type, such as WebVTT captions).
    fn takes_json(&self) -> bool {
        true
    }
}

/// One Lambda's handlers with the dependencies they use. `route` is one of its own and has
/// passed the method check.
#[async_trait]
pub trait Service: Send + Sync {
    type Route: Routes;
    async fn answer(&self, route: Self::Route, req: &Request) -> Answer;
}

/// The `Allow` header value for `methods`.
pub fn allow(methods: &[Method]) -> &'static str {
    match methods {
        [Method::POST] => "POST",
        [Method::PUT] => "PUT",
        [Method::DELETE] => "DELETE",
        [Method::PATCH] => "PATCH",
        [Method::GET, Method::POST] => "GET, HEAD, POST",
        [Method::POST, Method::PUT] => "POST, PUT",
        [Method::GET, Method::PATCH] => "GET, HEAD, PATCH",
        [Method::GET, Method::PUT] => "GET, HEAD, PUT",
        [Method::PATCH, Method::DELETE] => "PATCH, DELETE",
        [Method::GET, Method::PATCH, Method::DELETE] => "GET, HEAD, PATCH, DELETE",
        _ => "GET, HEAD",
    }
}

/// The route of `R` that `path` names: the path as the client sent it, percent-encoded
/// (`academy serve`'s request line, API Gateway's `rawPath`), each segment decoded here once,
/// after the path is split on `/` (a trailing slash is ignored), so an id may hold `@`, `+`, a
/// space or even a `/`. A segment that is not UTF-8 once decoded matches nothing.
pub fn resolve<R: Routes>(path: &str) -> Option<R> {
    let parts = segments(path)?;
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    R::resolve(&parts)
}

/// The non-empty segments of a path, each percent-decoded; `None` if one is not UTF-8 once decoded.
pub fn segments(path: &str) -> Option<Vec<String>> {
    path.split('/')
        .filter(|p| !p.is_empty())
        .map(|p| percent_encoding::percent_decode_str(p).decode_utf8().ok().map(|d| d.into_owned()))
        .collect()
}

/// Whether a request's `Content-Type` is JSON (`application/json`, any parameters).
fn is_json(req: &Request) -> bool {
    req.headers()
        .get(lambda_http::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// The answer to a path no route names.
pub fn no_route() -> ApiError {
    ApiError::NotFound("No such API endpoint.".into())
}

/// What every request passes before a handler sees it: the origin guard, the routes of `R`
/// (those `serves` keeps: a Lambda may answer a part of its service's routes), the route's method,
/// and for a POST a JSON body: a cross-site HTML form cannot send `application/json` without a
/// CORS preflight, which this API never grants.
pub fn admit<R: Routes>(origin: &OriginGuard, req: Request, serves: fn(&R) -> bool) -> Result<(R, Request), ApiError> {
    let req = origin.admit(req)?;
    let Some(route) = resolve::<R>(req.uri().path()).filter(serves) else { return Err(no_route()) };
    let methods = route.methods();
    let method = req.method();
    if !(methods.contains(method) || (method == Method::HEAD && methods.contains(&Method::GET))) {
        return Err(ApiError::MethodNotAllowed { allow: allow(methods) });
    }
    let has_body = !req.body().is_empty();
    if matches!(*method, Method::POST | Method::PUT | Method::PATCH) && has_body && route.takes_json() && !is_json(&req)
    {
        return Err(ApiError::UnsupportedMediaType);
    }
    Ok((route, req))
}

/// Every route a service has.
pub fn all<R>(_: &R) -> bool {
    true
}

/// Answers one request with `service` (its routes that `serves` keeps), after `admit`.
pub async fn answer<S: Service + ?Sized>(
    origin: &OriginGuard,
    service: &S,
    req: Request,
    serves: fn(&S::Route) -> bool,
) -> Response<Body> {
    let head = req.method() == Method::HEAD;
    let mut response = match admit(origin, req, serves) {
        Ok((route, req)) => service.answer(route, &req).await.unwrap_or_else(ApiError::into_response),
        Err(refused) => refused.into_response(),
    };
    if head {
        // The GET answer's status and headers, without its body.
        *response.body_mut() = Body::Empty;
    }
    response
}

/// A service as the local server's route table holds it, its route type hidden.
#[async_trait]
pub trait Mounted: Send + Sync {
    /// Whether one of the service's routes is the path of `parts`.
    fn has(&self, parts: &[&str]) -> bool;
    async fn respond(&self, origin: &OriginGuard, req: Request) -> Response<Body>;
}

#[async_trait]
impl<S: Service> Mounted for S {
    fn has(&self, parts: &[&str]) -> bool {
        S::Route::resolve(parts).is_some()
    }

    async fn respond(&self, origin: &OriginGuard, req: Request) -> Response<Body> {
        answer(origin, self, req, all).await
    }
}

/// Answers `req` with the first service of `table` whose path prefix the path starts with and
/// that has a route for it; else the origin guard's refusal or a JSON 404.
pub async fn dispatch(origin: &OriginGuard, table: &[(&str, &dyn Mounted)], req: Request) -> Response<Body> {
    let parts = segments(req.uri().path()).unwrap_or_default();
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    let mounted = table.iter().find(|(prefix, service)| {
        let prefix: Vec<&str> = prefix.split('/').filter(|p| !p.is_empty()).collect();
        parts.starts_with(&prefix) && service.has(&parts)
    });
    match mounted {
        Some((_, service)) => service.respond(origin, req).await,
        None => match origin.admit(req) {
            Ok(_) => no_route().into_response(),
            Err(refused) => refused.into_response(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A service's routes as a feature writes them.
    #[derive(Debug, PartialEq)]
    enum Sample {
        Student { batch: String, student: String },
        File(Option<String>),
    }

    impl Routes for Sample {
        fn resolve(parts: &[&str]) -> Option<Self> {
            Some(match parts {
                ["api", "batches", batch, "students", student] => {
                    Self::Student { batch: (*batch).into(), student: (*student).into() }
                }
                ["files", file @ ..] => Self::File((!file.is_empty()).then(|| file.join("/"))),
                _ => return None,
            })
        }

        fn methods(&self) -> &'static [Method] {
            &[Method::PUT]
        }
    }

    fn student(batch: &str, student: &str) -> Option<Sample> {
        Some(Sample::Student { batch: batch.into(), student: student.into() })
    }

    #[test]
    fn decodes_each_segment_once_after_splitting() {
        let path = "/api/batches/b1/students/x%2Bevening%20class%40example.test";
        assert_eq!(resolve::<Sample>(path), student("b1", "x+evening class@example.test"));
        // A `+` is itself in a path (a space only in a form), an encoded `/` stays inside its segment, and `%25`
        // is decoded once: to `%`, not further.
        assert_eq!(resolve::<Sample>("/api/batches/b1/students/a+b%2Fc%2540"), student("b1", "a+b/c%40"));
        assert_eq!(resolve::<Sample>("/api/batches/%62%31/students/s/"), student("b1", "s"), "a trailing slash");
        assert_eq!(resolve::<Sample>("/files/360p%2Fseg_1.m4s"), Some(Sample::File(Some("360p/seg_1.m4s".into()))));
        assert_eq!(resolve::<Sample>("/api/batches/%FF/students/s"), None, "not UTF-8");
        assert_eq!(resolve::<Sample>("/apibatches/b1/students/s"), None);
    }

    /// API Gateway hands the Lambda `rawPath` as the client sent it, encoded.
    #[test]
    fn a_lambdas_raw_path_is_decoded_too() {
        let event = serde_json::json!({
            "version": "2.0", "routeKey": "$default", "rawQueryString": "",
            "rawPath": "/api/batches/665f1c2a9b3e4d0012a1b001/students/x%2Bevening%20class%40example.test",
            "headers": {"host": "api.example.test"}, "isBase64Encoded": false,
            "requestContext": {"accountId": "1", "apiId": "a", "domainName": "api.example.test", "domainPrefix": "api",
                "requestId": "r", "routeKey": "$default", "stage": "$default", "time": "", "timeEpoch": 0,
                "http": {"method": "PUT", "path": "/api/batches/665f1c2a9b3e4d0012a1b001/students/x+evening class@example.test",
                    "protocol": "HTTP/1.1", "sourceIp": "203.0.113.9", "userAgent": "t"}}
        });
        let req = lambda_http::request::from_str(&event.to_string()).unwrap();
        assert_eq!(
            resolve::<Sample>(req.uri().path()),
            student("665f1c2a9b3e4d0012a1b001", "x+evening class@example.test")
        );
    }

    #[test]
    fn allow_lists_head_with_get() {
        assert_eq!(allow(&[Method::GET]), "GET, HEAD");
        assert_eq!(allow(&[Method::GET, Method::PATCH, Method::DELETE]), "GET, HEAD, PATCH, DELETE");
        assert_eq!(allow(&[Method::POST, Method::PUT]), "POST, PUT");
    }
}

//! The API's paths, matched once for the local server and for every Lambda. A Lambda serves
//! only its own endpoint's routes; anything else is a JSON 404.

use crate::error::ApiError;
use crate::handlers;
use crate::handlers::send_email::InlineMail;
use crate::state::AppState;
use lambda_http::{http::Method, Body, Request, Response};

/// One Lambda function's share of the API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoint {
    Health,
    Courses,
    Outline,
    Batches,
    Videos,
    SendEmail,
    Geo,
    Chat,
}

/// A matched API path with its (still unvalidated) ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Health,
    Courses,
    Outline(String),
    AllBatches,
    Batch(String),
    BatchesOfCourse(String),
    Videos(String),
    SendEmail,
    Geo,
    Chat,
}

impl Route {
    /// Matches a request path (with its `/api` prefix; a trailing slash is ignored).
    pub fn resolve(path: &str) -> Option<Self> {
        let rest = path.strip_prefix("/api")?;
        let parts: Vec<&str> = rest.split('/').filter(|p| !p.is_empty()).collect();
        let id = |s: &str| s.to_owned();
        Some(match parts.as_slice() {
            ["health"] => Self::Health,
            ["courses"] => Self::Courses,
            ["outline", course] => Self::Outline(id(course)),
            ["batches"] => Self::AllBatches,
            ["batches", "course", course] => Self::BatchesOfCourse(id(course)),
            ["batches", batch] => Self::Batch(id(batch)),
            ["batches", batch, "videos"] => Self::Videos(id(batch)),
            ["send-email"] => Self::SendEmail,
            ["geo"] => Self::Geo,
            ["chat"] => Self::Chat,
            _ => return None,
        })
    }

    pub fn endpoint(&self) -> Endpoint {
        match self {
            Self::Health => Endpoint::Health,
            Self::Courses => Endpoint::Courses,
            Self::Outline(_) => Endpoint::Outline,
            Self::AllBatches | Self::Batch(_) | Self::BatchesOfCourse(_) => Endpoint::Batches,
            Self::Videos(_) => Endpoint::Videos,
            Self::SendEmail => Endpoint::SendEmail,
            Self::Geo => Endpoint::Geo,
            Self::Chat => Endpoint::Chat,
        }
    }

    /// The method the route answers.
    pub fn method(&self) -> Method {
        match self {
            Self::SendEmail | Self::Chat => Method::POST,
            _ => Method::GET,
        }
    }

    /// The `Allow` header value for the route.
    pub fn allow(&self) -> &'static str {
        match self {
            Self::SendEmail | Self::Chat => "POST",
            _ => "GET",
        }
    }
}

/// Answers one API request. `only` restricts it to one Lambda's endpoint.
pub async fn dispatch(state: &AppState, req: Request, only: Option<Endpoint>) -> Response<Body> {
    let req = match state.origin.admit(req) {
        Ok(req) => req,
        Err(refused) => return refused.into_response(),
    };
    let route = Route::resolve(req.uri().path()).filter(|r| only.is_none_or(|e| r.endpoint() == e));
    let Some(route) = route else {
        return ApiError::NotFound("No such API endpoint.".into()).into_response();
    };
    if req.method() != route.method() {
        return ApiError::MethodNotAllowed { allow: route.allow() }.into_response();
    }
    let store = &state.store;
    let answer = match route {
        Route::Health => Ok(handlers::health::health()),
        Route::Courses => handlers::catalog::courses(store).await,
        Route::Outline(course) => handlers::catalog::outline(store, &course).await,
        Route::AllBatches => handlers::catalog::batches(store).await,
        Route::Batch(batch) => handlers::catalog::batch(store, &batch).await,
        Route::BatchesOfCourse(course) => handlers::catalog::batches_of_course(store, &course).await,
        Route::Videos(batch) => handlers::videos::videos(store, state.media.as_ref(), &req, &batch).await,
        Route::SendEmail => {
            let inline = state.inline_mailer.as_deref().map(|mailer| InlineMail { mailer, settings: &state.mail });
            handlers::send_email::send_email(store, inline, &req).await
        }
        Route::Geo => Ok(handlers::geo::geo(&req, state.default_country.as_deref())),
        Route::Chat => {
            let model = state.model.get().await;
            handlers::chat::chat(store, &state.knowledge, model.as_deref(), &req).await
        }
    };
    answer.unwrap_or_else(ApiError::into_response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_every_api_path() {
        let id = "665f1c2a9b3e4d0012a1b001";
        assert_eq!(Route::resolve("/api/health"), Some(Route::Health));
        assert_eq!(Route::resolve("/api/courses"), Some(Route::Courses));
        assert_eq!(Route::resolve(&format!("/api/outline/{id}")), Some(Route::Outline(id.into())));
        assert_eq!(Route::resolve("/api/batches/"), Some(Route::AllBatches));
        assert_eq!(Route::resolve(&format!("/api/batches/{id}")), Some(Route::Batch(id.into())));
        assert_eq!(Route::resolve(&format!("/api/batches/course/{id}")), Some(Route::BatchesOfCourse(id.into())));
        assert_eq!(Route::resolve(&format!("/api/batches/{id}/videos")), Some(Route::Videos(id.into())));
        assert_eq!(Route::resolve("/api/send-email"), Some(Route::SendEmail));
        assert_eq!(Route::resolve("/api/geo"), Some(Route::Geo));
        assert_eq!(Route::resolve("/api/chat"), Some(Route::Chat));
    }

    #[test]
    fn rejects_unknown_paths() {
        for path in ["/api", "/api/", "/api/nope", "/courses", "/api/outline", "/api/batches/a/b/c"] {
            assert_eq!(Route::resolve(path), None, "{path}");
        }
    }
}

//! One error type for every endpoint: each case maps to a status and a JSON body
//! `{"error": code, "message": text}`. Infrastructure failures are logged here and never
//! described to the client.

use crate::store::StoreError;
use lambda_http::{http::StatusCode, Body, Response};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    /// Form fields that failed validation, each with its reason.
    #[error("Please correct the highlighted fields.")]
    Invalid { fields: BTreeMap<String, String> },
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// The request contradicts what is stored (e.g. a submission id reused for other text).
    #[error("{0}")]
    Conflict(String),
    /// What was asked for existed and was withdrawn (a revoked certificate's PDF).
    #[error("{0}")]
    Gone(String),
    #[error("Method not allowed.")]
    MethodNotAllowed { allow: &'static str },
    /// The local server: the body did not arrive in time.
    #[error("The request body took too long to arrive.")]
    RequestTimeout,
    #[error("The request body must be JSON (Content-Type: application/json).")]
    UnsupportedMediaType,
    #[error("Request body is larger than {limit} bytes.")]
    PayloadTooLarge { limit: usize },
    #[error("Too many attempts. Try again in {} minutes.", retry_after.div_ceil(60))]
    TooManyRequests { retry_after: u64 },
    #[error("The service is temporarily unavailable. Please try again shortly.")]
    Unavailable,
}

/// The JSON body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// A stable machine-readable code, e.g. `invalid_id`.
    pub error: &'static str,
    /// A sentence a person can read.
    pub message: String,
    /// For `invalid`: each failing field with its reason.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) | Self::Invalid { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Gone(_) => StatusCode::GONE,
            Self::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            Self::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            Self::BadRequest(_) => "bad_request",
            Self::Invalid { .. } => "invalid",
            Self::Unauthorized(_) => "unauthorized",
            Self::Forbidden(_) => "forbidden",
            Self::NotFound(_) => "not_found",
            Self::MethodNotAllowed { .. } => "method_not_allowed",
            Self::Conflict(_) => "conflict",
            Self::Gone(_) => "gone",
            Self::RequestTimeout => "request_timeout",
            Self::UnsupportedMediaType => "unsupported_media_type",
            Self::PayloadTooLarge { .. } => "payload_too_large",
            Self::TooManyRequests { .. } => "rate_limited",
            Self::Unavailable => "unavailable",
        }
    }

    /// A malformed record id in the path.
    pub fn invalid_id(what: &str) -> Self {
        Self::BadRequest(format!("The {what} id must be 24 lowercase hexadecimal characters."))
    }

    /// `id` when it is a well-formed record id, else `invalid_id(what)`: before any store call.
    pub fn checked_id<'a>(id: &'a str, what: &str) -> Result<&'a str, Self> {
        crate::ids::is_valid(id).then_some(id).ok_or_else(|| Self::invalid_id(what))
    }

    /// `id` when it is an enquiry's id, its submission's UUID hyphenated and lowercase as `send-email` stores
    /// it (`contract::ENQUIRY_ID_PATTERN`), else a 400: before any store call.
    pub fn checked_enquiry_id(id: &str) -> Result<&str, Self> {
        uuid::Uuid::parse_str(id)
            .ok()
            .filter(|uuid| uuid.hyphenated().to_string() == id)
            .map(|_| id)
            .ok_or_else(|| Self::BadRequest("The enquiry id must be a lowercase hyphenated UUID.".into()))
    }

    pub fn into_response(self) -> Response<Body> {
        let fields = match &self {
            Self::Invalid { fields } => Some(fields.clone()),
            _ => None,
        };
        let mut response =
            crate::http::json(self.status(), &ErrorBody { error: self.code(), message: self.to_string(), fields });
        let headers = response.headers_mut();
        match self {
            Self::MethodNotAllowed { allow } => {
                headers.insert("allow", allow.parse().expect("static header value"));
            }
            Self::TooManyRequests { retry_after } => {
                headers.insert("retry-after", retry_after.into());
            }
            _ => {}
        }
        response
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        if let StoreError::BadCursor = err {
            return Self::NotFound("No page of this list starts at this cursor.".into());
        }
        tracing::error!(error = %err, "store failure");
        Self::Unavailable
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_enquiry_id_is_the_submission_uuid_as_stored() {
        // GIVEN the id send-email stores WHEN staff name it THEN it is accepted; any other spelling is refused.
        let id = "0f8fad5b-d9cb-469f-a165-70867728950e";
        assert_eq!(ApiError::checked_enquiry_id(id).ok(), Some(id));
        for refused in
            ["0F8FAD5B-D9CB-469F-A165-70867728950E", "0f8fad5bd9cb469fa16570867728950e", "665f1c2a9b3e4d0012a1b001", ""]
        {
            assert!(matches!(ApiError::checked_enquiry_id(refused), Err(ApiError::BadRequest(_))), "{refused}");
        }
    }
}

//! `POST /api/chat`: the assistant. Bounded body and question, a per-client limit, and an
//! answer grounded in the institute's own content.

use crate::assistant::{self, AnswerSource, GeminiModel, Knowledge};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::Answer;
use crate::http::{client_key, json_body, ok};
use crate::limits::{Admission, CHAT_QUESTIONS};
use crate::store::Counters;
use crate::time;
use lambda_http::Request;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Room for the longest question even when every character is sent as JSON escapes.
pub const MAX_BODY: usize = 8 * 1024;
pub const MAX_QUESTION_CHARS: usize = 500;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChatRequest {
    /// The question; its bounds (`MAX_QUESTION_CHARS`) are written into the contract by `openapi::Rules`.
    pub question: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChatAnswer {
    pub answer: String,
    pub source: AnswerSource,
}

#[utoipa::path(post, path = "/api/chat", tag = "assistant", request_body = ChatRequest,
    responses(
        (status = 200, body = ChatAnswer),
        (status = 400, body = ErrorBody), (status = 429, body = ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub async fn chat(
    store: &(impl Counters + ?Sized),
    knowledge: &Knowledge,
    model: Option<&GeminiModel>,
    req: &Request,
) -> Answer {
    let request: ChatRequest = json_body(req, MAX_BODY, |_| "The body must be JSON with a question.".into())?;
    let question = request.question.trim();
    if question.is_empty() || request.question.chars().count() > MAX_QUESTION_CHARS {
        return Err(ApiError::BadRequest(format!("The question must be 1 to {MAX_QUESTION_CHARS} characters.")));
    }
    let now = time::now();
    let client = client_key(req);
    if let Admission::Refused { retry_after } = CHAT_QUESTIONS.admit(store, &client, now).await? {
        return Err(ApiError::TooManyRequests { retry_after });
    }
    let (answer, source) = assistant::answer(knowledge, model, question).await;
    Ok(ok(&ChatAnswer { answer, source }))
}

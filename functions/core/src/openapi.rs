//! The API contract, generated from the handlers' annotations and the domain types. The
//! committed `functions/openapi.json` must equal this (a test checks), and the site's
//! TypeScript types are generated from that file.

use crate::domain::{Batch, Course, Health, Outline, OutlineMonth, OutlineWeek, Video, VideoList, WeeklySchedule};
use crate::error::ErrorBody;
use crate::handlers::chat::{ChatAnswer, ChatRequest};
use crate::handlers::geo::GeoAnswer;
use crate::handlers::send_email::{SendEmailAnswer, SendEmailRequest};
use crate::handlers::{catalog, chat, geo, health, lecture, send_email, videos};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Academy API",
        description = "The API of Skyline Tech Academy: catalog, recorded lectures, enquiries and visitor country."
    ),
    paths(
        health::health,
        catalog::courses,
        catalog::outline,
        catalog::batches,
        catalog::batch,
        catalog::batches_of_course,
        videos::videos,
        lecture::lecture,
        send_email::send_email,
        geo::geo,
        chat::chat,
    ),
    components(schemas(
        Course,
        Outline,
        OutlineMonth,
        OutlineWeek,
        WeeklySchedule,
        Batch,
        Video,
        VideoList,
        Health,
        ErrorBody,
        SendEmailRequest,
        SendEmailAnswer,
        GeoAnswer,
        ChatRequest,
        ChatAnswer,
        crate::chat::AnswerSource
    ))
)]
pub struct ApiDoc;

/// The document as committed: pretty JSON with a trailing newline.
pub fn document() -> String {
    let mut doc = ApiDoc::openapi();
    doc.info.version = "1".into();
    doc.info.license = None;
    let mut text = doc.to_pretty_json().expect("the OpenAPI document serialises");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    #[test]
    fn committed_document_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi.json");
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == super::document(),
            "functions/openapi.json is stale: run `make openapi` and commit the result"
        );
    }
}

//! Staff's lectures: their routes and service (`/api/staff/batches/{batchId}/lectures…`).

use super::console as lectures;
use super::uploads::LectureUploads;
use super::TranscodeQueue;
use crate::console::Actor;
use crate::http::contract::{nullable, Schemas};
use crate::http::identity::{identify_staff, Verifier};
use crate::http::routes::{Routes, Service};
use crate::http::Answer;
use crate::store::Store;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};
use std::sync::Arc;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

/// Staff: a batch's lectures (GET), a new one (POST); one (PATCH, DELETE); its recording's upload
/// begun or resumed, and completed; its processing retried; its captions (PUT).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StaffLecturesRoute {
    Lectures(String),
    Lecture { batch: String, lecture: String },
    Upload { batch: String, lecture: String },
    UploadComplete { batch: String, lecture: String },
    Retry { batch: String, lecture: String },
    Captions { batch: String, lecture: String },
}

impl Routes for StaffLecturesRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let ["api", "staff", "batches", batch, "lectures", rest @ ..] = parts else { return None };
        let (batch, id) = ((*batch).to_owned(), |s: &str| s.to_owned());
        Some(match rest {
            [] => Self::Lectures(batch),
            [lecture] => Self::Lecture { batch, lecture: id(lecture) },
            [lecture, "upload"] => Self::Upload { batch, lecture: id(lecture) },
            [lecture, "upload", "complete"] => Self::UploadComplete { batch, lecture: id(lecture) },
            [lecture, "retry"] => Self::Retry { batch, lecture: id(lecture) },
            [lecture, "captions"] => Self::Captions { batch, lecture: id(lecture) },
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        match self {
            Self::Lectures(_) => &[Method::GET, Method::POST],
            Self::Lecture { .. } => &[Method::PATCH, Method::DELETE],
            Self::Upload { .. } | Self::UploadComplete { .. } | Self::Retry { .. } => &[Method::POST],
            Self::Captions { .. } => &[Method::PUT],
        }
    }

    /// Captions are WebVTT.
    fn takes_json(&self) -> bool {
        !matches!(self, Self::Captions { .. })
    }
}

/// Staff: a batch's lectures. The store, the sign-in verifier, where recordings and captions are
/// stored (S3 in AWS, the lecture folder locally), and the transcoder's queue.
pub struct StaffLecturesApi {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub uploads: Arc<dyn LectureUploads>,
    pub queue: Arc<dyn TranscodeQueue>,
}

#[async_trait]
impl Service for StaffLecturesApi {
    type Route = StaffLecturesRoute;
    async fn answer(&self, route: StaffLecturesRoute, req: &Request) -> Answer {
        use StaffLecturesRoute as R;
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        if let R::Lectures(batch) = &route {
            if req.method() != Method::POST {
                return lectures::list(&self.store, batch).await;
            }
        }
        let actor = Actor::named(verifier, req, caller).await;
        let handlers = lectures::Lectures {
            store: &self.store,
            uploads: self.uploads.as_ref(),
            queue: self.queue.as_ref(),
            actor: &actor,
        };
        match route {
            R::Lectures(batch) => lectures::add(&handlers, req, &batch).await,
            R::Lecture { batch, lecture } if req.method() == Method::DELETE => {
                lectures::delete(&handlers, &batch, &lecture).await
            }
            R::Lecture { batch, lecture } => lectures::update(&handlers, req, &batch, &lecture).await,
            R::Upload { batch, lecture } => lectures::start_upload(&handlers, req, &batch, &lecture).await,
            R::UploadComplete { batch, lecture } => lectures::complete_upload(&handlers, req, &batch, &lecture).await,
            R::Retry { batch, lecture } => lectures::retry(&handlers, &batch, &lecture).await,
            R::Captions { batch, lecture } => lectures::captions(&handlers, req, &batch, &lecture).await,
        }
    }
}

/// The contract of staff's lectures: its routes' annotations and answers, merged into the whole document
/// by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        super::console::list,
        super::console::add,
        super::console::update,
        super::console::delete,
        super::console::start_upload,
        super::console::complete_upload,
        super::console::retry,
        super::console::captions,
    ),
    components(schemas(
        super::console::LectureKind,
        super::console::StaffLecture,
        super::console::LectureRoster,
        super::console::UploadView,
        super::console::NewLecture,
        super::console::LectureChange,
        super::console::UploadRequest,
        super::console::PartUrl,
        super::console::UploadedPart,
        super::console::UploadStarted,
        super::console::CompleteRequest,
    ))
)]
pub struct Contract;

/// The lecture bodies' text fields as the server checks them (`media::console`).
pub fn body_rules(schemas: &mut Schemas) {
    let text = |max: usize, pattern: &str| {
        ObjectBuilder::new().schema_type(Type::String).min_length(Some(1)).max_length(Some(max)).pattern(Some(pattern))
    };
    if let Some(RefOr::T(Schema::Object(new))) = schemas.get_mut("NewLecture") {
        let embed = nullable(ObjectBuilder::new())
            .max_length(Some(super::console::MAX_EMBED_URL_CHARS))
            .pattern(Some(super::console::embed_url_pattern()))
            .description(Some("An https address of a YouTube, Vimeo or Google Drive player: the lecture is that embed. None: a recording awaiting its upload."));
        new.properties.insert("embedUrl".into(), embed.into());
    }
    if let Some(RefOr::T(Schema::Object(upload))) = schemas.get_mut("UploadRequest") {
        let name = text(super::console::MAX_FILE_NAME_CHARS, super::console::FILE_NAME_PATTERN)
            .description(Some("The file's own name, no folder."));
        let kind = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(super::console::VIDEO_TYPE_PATTERN))
            .description(Some("A video/* type, no parameters."));
        upload.properties.insert("fileName".into(), name.into());
        upload.properties.insert("contentType".into(), kind.into());
    }
}

/// The captions body: WebVTT text as the server checks it.
pub fn path_rules(paths: &mut utoipa::openapi::Paths) {
    let captions = paths.paths.get_mut("/api/staff/batches/{batchId}/lectures/{lectureNumber}/captions");
    let body = captions.and_then(|item| item.put.as_mut()).and_then(|put| put.request_body.as_mut());
    if let Some(vtt) = body.and_then(|body| body.content.get_mut("text/vtt")) {
        let text = ObjectBuilder::new().schema_type(Type::String).pattern(Some(super::console::CAPTIONS_PATTERN));
        vtt.schema = Some(text.into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::routes::resolve;

    #[test]
    fn resolves_the_lecture_paths() {
        let id = "665f1c2a9b3e4d0012a1b001";
        let lecture = |n: &str| (id.to_owned(), n.to_owned());
        assert_eq!(
            resolve(&format!("/api/staff/batches/{id}/lectures")),
            Some(StaffLecturesRoute::Lectures(id.into()))
        );
        let (batch, lecture) = lecture("4");
        assert_eq!(
            resolve(&format!("/api/staff/batches/{id}/lectures/4/upload/complete")),
            Some(StaffLecturesRoute::UploadComplete { batch: batch.clone(), lecture: lecture.clone() })
        );
        let captions = StaffLecturesRoute::Captions { batch, lecture };
        assert_eq!(resolve(&format!("/api/staff/batches/{id}/lectures/4/captions")), Some(captions));
        assert_eq!(resolve::<StaffLecturesRoute>(&format!("/api/staff/batches/{id}/lectures/4/x")), None);
    }
}

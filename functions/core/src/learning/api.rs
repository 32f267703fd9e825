//! Learning's routes and services: a batch's recorded lectures (`/api/batches/{batchId}/videos`),
//! a signed-in student's batches and progress (`/api/me/…`), and a lecture's files behind their
//! signed links (`/lecture/…`, outside `/api`).

use super::lecture::{self, LectureFiles, LectureLinks};
use super::{me, videos};
use crate::http::contract::{Schemas, ID_PATTERN};
use crate::http::identity::{identify, verified_email_of, Verifier};
use crate::http::routes::{Routes, Service};
use crate::http::Answer;
use crate::store::Store;
use crate::time;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};
use std::sync::Arc;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VideosRoute {
    Videos(String),
}

impl Routes for VideosRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        match parts {
            ["api", "batches", batch, "videos"] => Some(Self::Videos((*batch).to_owned())),
            _ => None,
        }
    }

    fn methods(&self) -> &'static [Method] {
        &[Method::GET]
    }
}

/// A batch's recorded lectures: the store, the signer of lecture links, and the sign-in
/// verifier (a linked student may send a token instead of the Secret ID).
pub struct VideosApi {
    pub store: Store,
    pub links: Arc<LectureLinks>,
    pub verifier: Option<Arc<Verifier>>,
}

#[async_trait]
impl Service for VideosApi {
    type Route = VideosRoute;
    async fn answer(&self, route: VideosRoute, req: &Request) -> Answer {
        let VideosRoute::Videos(batch) = route;
        videos::videos(&self.store, &self.links, self.verifier.as_deref(), req, &batch).await
    }
}

/// A signed-in student's linked batches (GET) or a new link (POST); a batch's progress; one
/// lecture's progress saved (PUT).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MeRoute {
    Batches,
    Progress(String),
    LectureProgress { batch: String, lecture: String },
}

impl Routes for MeRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let id = |s: &str| s.to_owned();
        Some(match parts {
            ["api", "me", "batches"] => Self::Batches,
            ["api", "me", "progress", batch] => Self::Progress(id(batch)),
            ["api", "me", "progress", batch, lecture] => {
                Self::LectureProgress { batch: id(batch), lecture: id(lecture) }
            }
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        match self {
            Self::Batches => &[Method::GET, Method::POST],
            Self::Progress(_) => &[Method::GET],
            Self::LectureProgress { .. } => &[Method::PUT],
        }
    }
}

/// A signed-in student's own learning: the store and the sign-in verifier (in AWS the gateway's
/// JWT authorizer has verified the token already, and its claims are read instead).
pub struct MeApi {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    /// When progress is saved (the progress rule measures pace by it).
    pub clock: time::Clock,
}

#[async_trait]
impl Service for MeApi {
    type Route = MeRoute;
    async fn answer(&self, route: MeRoute, req: &Request) -> Answer {
        let student = identify(self.verifier.as_deref(), req).await?;
        let store = &self.store;
        match route {
            MeRoute::Batches if req.method() == Method::POST => me::link(store, &student, req).await,
            MeRoute::Batches => {
                let email = verified_email_of(self.verifier.as_deref(), req, &student).await;
                me::batches(store, &student, email.as_deref()).await
            }
            MeRoute::Progress(batch) => me::progress(store, &student, &batch).await,
            MeRoute::LectureProgress { batch, lecture } => {
                me::save_progress(store, &student, req, &batch, &lecture, self.clock.now_millis()).await
            }
        }
    }
}

/// A lecture file behind a signed link (`/lecture/{batchId}/{lectureNumber}`), or one file of its
/// HLS recording (`/lecture/{batchId}/{lectureNumber}/{file…}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaybackRoute {
    pub batch: String,
    pub lecture: String,
    pub file: Option<String>,
}

impl Routes for PlaybackRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let ["lecture", batch, lecture, file @ ..] = parts else { return None };
        let file = (!file.is_empty()).then(|| file.join("/"));
        Some(Self { batch: (*batch).to_owned(), lecture: (*lecture).to_owned(), file })
    }

    fn methods(&self) -> &'static [Method] {
        &[Method::GET]
    }
}

/// Lecture files: the grants and lectures, the link checker, and where the files are.
pub struct PlaybackApi {
    pub store: Store,
    pub links: Arc<LectureLinks>,
    pub files: Arc<dyn LectureFiles>,
}

#[async_trait]
impl Service for PlaybackApi {
    type Route = PlaybackRoute;
    async fn answer(&self, route: PlaybackRoute, req: &Request) -> Answer {
        let PlaybackRoute { batch, lecture, file } = route;
        let files = self.files.as_ref();
        lecture::serve::lecture(&self.store, &self.links, files, req, &batch, &lecture, file.as_deref()).await
    }
}

/// The contract of learning: its routes' annotations and answers, merged into the whole document
/// by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        super::videos::videos,
        super::lecture::serve::lecture,
        super::me::batches,
        super::me::link,
        super::me::progress,
        super::me::save_progress,
    ),
    components(schemas(
        super::me::MyBatch,
        super::me::MyBatches,
        super::me::LinkRequest,
        super::me::ProgressList,
        super::me::ProgressUpdate,
    ))
)]
pub struct Contract;

/// The bodies' fields as the server checks them, in the contract (`platform::openapi` calls this once every
/// feature's contract is merged).
pub fn body_rules(schemas: &mut Schemas) {
    if let Some(RefOr::T(Schema::Object(link))) = schemas.get_mut("LinkRequest") {
        let id = ObjectBuilder::new().schema_type(Type::String).pattern(Some(ID_PATTERN));
        let secret = ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(super::me::MAX_SECRET_CHARS))
            .pattern(Some("\\S"));
        link.properties.insert("batchId".into(), id.into());
        link.properties.insert("secretId".into(), secret.into());
    }
    if let Some(RefOr::T(Schema::Object(update))) = schemas.get_mut("ProgressUpdate") {
        let position = ObjectBuilder::new()
            .schema_type(Type::Number)
            .minimum(Some(0))
            .maximum(Some(super::me::MAX_POSITION_SECONDS))
            .description(Some("The second to resume at."));
        update.properties.insert("positionSeconds".into(), position.into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::routes::resolve;

    #[test]
    fn resolves_the_learning_paths() {
        let id = "665f1c2a9b3e4d0012a1b001";
        assert_eq!(resolve(&format!("/api/batches/{id}/videos")), Some(VideosRoute::Videos(id.into())));
        assert_eq!(resolve("/api/me/batches"), Some(MeRoute::Batches));
        assert_eq!(resolve(&format!("/api/me/progress/{id}")), Some(MeRoute::Progress(id.into())));
        assert_eq!(
            resolve(&format!("/api/me/progress/{id}/2")),
            Some(MeRoute::LectureProgress { batch: id.into(), lecture: "2".into() })
        );
        let file =
            |file: Option<&str>| PlaybackRoute { batch: id.into(), lecture: "3".into(), file: file.map(Into::into) };
        assert_eq!(resolve(&format!("/lecture/{id}/3")), Some(file(None)));
        assert_eq!(resolve(&format!("/lecture/{id}/3/360p/seg_1.m4s")), Some(file(Some("360p/seg_1.m4s"))));
        assert_eq!(resolve(&format!("/lecture/{id}/3/360p%2Fseg_1.m4s")), Some(file(Some("360p/seg_1.m4s"))));
        for path in ["/api/me", "/api/me/progress", "/api/me/progress/a/1/x"] {
            assert_eq!(resolve::<MeRoute>(path), None, "{path}");
        }
        for path in ["/lecture/a", "/lectures/a/1", "/api/lecture/a/1"] {
            assert_eq!(resolve::<PlaybackRoute>(path), None, "{path}");
        }
    }
}

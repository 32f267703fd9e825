//! Each endpoint with exactly the dependencies it uses, built once per container (or once for the
//! local server) and handed to its handlers. A Lambda binary constructs only its own service
//! (`lambda.rs`), so it neither links nor starts what its endpoint does not use; the local
//! server holds them all (`state.rs`).

use crate::chat::{Knowledge, ModelProvider};
use crate::error::ApiError;
use crate::handlers;
use crate::handlers::send_email::InlineMail;
use crate::identity::{identify, Verifier};
use crate::lecture::{LectureFiles, LectureLinks};
use crate::mail::{MailSettings, Mailer};
use crate::routes::Route;
use crate::store::Store;
use async_trait::async_trait;
use lambda_http::{http::Method, Body, Request, Response};
use std::sync::Arc;

pub type Answer = Result<Response<Body>, ApiError>;

/// One endpoint's handlers. `route` has passed the route table and the method check.
#[async_trait]
pub trait Service: Send + Sync {
    async fn answer(&self, route: Route, req: &Request) -> Answer;
}

/// A route this service does not serve (the route table keeps them apart; this is its guard).
fn not_here() -> Answer {
    Err(ApiError::NotFound("No such API endpoint.".into()))
}

/// `/api/health`: nothing.
pub struct Health;

#[async_trait]
impl Service for Health {
    async fn answer(&self, _route: Route, _req: &Request) -> Answer {
        Ok(handlers::health::health())
    }
}

/// `/api/geo`: the country assumed when the CDN sends none (`ACADEMY_DEFAULT_COUNTRY`).
pub struct Geo {
    pub default_country: Option<String>,
}

impl Geo {
    pub fn from_env() -> Self {
        Self { default_country: std::env::var("ACADEMY_DEFAULT_COUNTRY").ok().filter(|c| !c.trim().is_empty()) }
    }
}

#[async_trait]
impl Service for Geo {
    async fn answer(&self, _route: Route, req: &Request) -> Answer {
        Ok(handlers::geo::geo(req, self.default_country.as_deref()))
    }
}

/// Courses, outlines and batches: the store.
pub struct Catalog {
    pub store: Store,
}

#[async_trait]
impl Service for Catalog {
    async fn answer(&self, route: Route, _req: &Request) -> Answer {
        use handlers::catalog;
        let store = &self.store;
        match route {
            Route::Courses => catalog::courses(store).await,
            Route::Outline(course) => catalog::outline(store, &course).await,
            Route::AllBatches => catalog::batches(store).await,
            Route::Batch(batch) => catalog::batch(store, &batch).await,
            Route::BatchesOfCourse(course) => catalog::batches_of_course(store, &course).await,
            _ => not_here(),
        }
    }
}

/// A batch's recorded lectures: the store, the signer of lecture links, and the sign-in
/// verifier (a linked student may send a token instead of the Secret ID).
pub struct Videos {
    pub store: Store,
    pub links: Arc<LectureLinks>,
    pub verifier: Option<Arc<Verifier>>,
}

#[async_trait]
impl Service for Videos {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        let Route::Videos(batch) = route else { return not_here() };
        handlers::videos::videos(&self.store, &self.links, self.verifier.as_deref(), req, &batch).await
    }
}

/// A signed-in student's own learning: the store and the sign-in verifier (in AWS the gateway's
/// JWT authorizer has verified the token already, and its claims are read instead).
pub struct Me {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
}

#[async_trait]
impl Service for Me {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        use handlers::me;
        let student = identify(self.verifier.as_deref(), req).await?;
        let store = &self.store;
        match route {
            Route::MyBatches if req.method() == Method::POST => me::link(store, &student, req).await,
            Route::MyBatches => me::batches(store, &student).await,
            Route::MyProgress(batch) => me::progress(store, &student, &batch).await,
            Route::LectureProgress { batch, lecture } => {
                me::save_progress(store, &student, req, &batch, &lecture).await
            }
            _ => not_here(),
        }
    }
}

/// Mail sent right after a submission is stored: the local world's stand-in for the table's stream.
pub struct InlineMailer {
    pub mailer: Arc<dyn Mailer>,
    pub settings: MailSettings,
}

/// Enquiries: the store (and, locally, the inline mailer).
pub struct SendEmail {
    pub store: Store,
    pub inline: Option<InlineMailer>,
}

#[async_trait]
impl Service for SendEmail {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        let Route::SendEmail = route else { return not_here() };
        let inline = self.inline.as_ref().map(|i| InlineMail { mailer: i.mailer.as_ref(), settings: &i.settings });
        handlers::send_email::send_email(&self.store, inline, req).await
    }
}

/// The assistant: the store (its limit), what it knows, and the model it may ask.
pub struct Chat {
    pub store: Store,
    pub knowledge: Arc<Knowledge>,
    pub model: ModelProvider,
}

#[async_trait]
impl Service for Chat {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        let Route::Chat = route else { return not_here() };
        let model = self.model.get().await;
        handlers::chat::chat(&self.store, &self.knowledge, model.as_deref(), req).await
    }
}

/// Lecture files: the grants and lectures, the link checker, and where the files are.
pub struct Lecture {
    pub store: Store,
    pub links: Arc<LectureLinks>,
    pub files: Arc<dyn LectureFiles>,
}

#[async_trait]
impl Service for Lecture {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        let Route::Lecture { batch, lecture } = route else { return not_here() };
        handlers::lecture::lecture(&self.store, &self.links, self.files.as_ref(), req, &batch, &lecture).await
    }
}

//! Assignments' routes and services: a signed-in student's (`/api/me/assignments…`) and staff's
//! (`/api/staff/…assignments…`, `/api/staff/submissions…`).

use super::console::{self as handlers, StaffAssignmentHandlers};
use super::mine::{self, Mine};
use crate::console::Actor;
use crate::enrolment::Mailing;
use crate::http::contract::{Schemas, ID_PATTERN};
use crate::http::identity::{identify, identify_staff, verified_email_of, Verifier};
use crate::http::routes::{Routes, Service};
use crate::http::Answer;
use crate::objects::Objects;
use crate::store::Store;
use crate::time;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};
use std::sync::Arc;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

/// A student's assignments; one; their submission (GET, PUT the draft); handed in; a file's
/// upload begun, and completed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssignmentsRoute {
    Mine,
    Assignment(String),
    Submission(String),
    Submit(String),
    Files(String),
    FileComplete { assignment: String, file: String },
}

impl Routes for AssignmentsRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let ["api", "me", "assignments", rest @ ..] = parts else { return None };
        let id = |s: &str| s.to_owned();
        Some(match rest {
            [] => Self::Mine,
            [a] => Self::Assignment(id(a)),
            [a, "submission"] => Self::Submission(id(a)),
            [a, "submission", "submit"] => Self::Submit(id(a)),
            [a, "files"] => Self::Files(id(a)),
            [a, "files", f, "complete"] => Self::FileComplete { assignment: id(a), file: id(f) },
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        match self {
            Self::Mine | Self::Assignment(_) => &[Method::GET],
            Self::Submission(_) => &[Method::GET, Method::PUT],
            Self::Submit(_) | Self::Files(_) | Self::FileComplete { .. } => &[Method::POST],
        }
    }
}

/// A signed-in student's assignments: the store, the sign-in verifier, where assignment files
/// are stored, and the clock (a test moves it past a due time).
pub struct AssignmentsApi {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub files: Arc<dyn Objects>,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for AssignmentsApi {
    type Route = AssignmentsRoute;
    async fn answer(&self, route: AssignmentsRoute, req: &Request) -> Answer {
        use AssignmentsRoute as R;
        let student = identify(self.verifier.as_deref(), req).await?;
        let writes = matches!(*req.method(), Method::PUT | Method::POST);
        let email = if writes { verified_email_of(self.verifier.as_deref(), req, &student).await } else { None };
        let mine =
            Mine { store: &self.store, storage: self.files.as_ref(), student: &student, email, now: self.clock.now() };
        match route {
            R::Mine => mine::list(&mine).await,
            R::Assignment(id) => mine::get(&mine, &id).await,
            R::Submission(id) if req.method() == Method::PUT => mine::save_draft(&mine, req, &id).await,
            R::Submission(id) => mine::submission(&mine, &id).await,
            R::Submit(id) => mine::submit(&mine, &id).await,
            R::Files(id) => mine::start_file(&mine, req, &id).await,
            R::FileComplete { assignment, file } => mine::complete_file(&mine, req, &assignment, &file).await,
        }
    }
}

/// Staff: a batch's assignments (GET), a new one (POST); its certificate rule (PUT); one (GET,
/// PATCH); its files' uploads begun, completed, one removed (DELETE); its hand-ins; the review
/// queue; one hand-in; its review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StaffAssignmentsRoute {
    OfBatch(String),
    Rule(String),
    Assignment(String),
    Attachments(String),
    AttachmentComplete { assignment: String, file: String },
    Attachment { assignment: String, file: String },
    Submissions(String),
    Queue,
    Submission(String),
    Review(String),
}

impl Routes for StaffAssignmentsRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let id = |s: &str| s.to_owned();
        Some(match parts {
            ["api", "staff", "batches", batch, "assignments"] => Self::OfBatch(id(batch)),
            ["api", "staff", "batches", batch, "assignment-rule"] => Self::Rule(id(batch)),
            ["api", "staff", "assignments", a] => Self::Assignment(id(a)),
            ["api", "staff", "assignments", a, "attachments"] => Self::Attachments(id(a)),
            ["api", "staff", "assignments", a, "attachments", f] => Self::Attachment { assignment: id(a), file: id(f) },
            ["api", "staff", "assignments", a, "attachments", f, "complete"] => {
                Self::AttachmentComplete { assignment: id(a), file: id(f) }
            }
            ["api", "staff", "assignments", a, "submissions"] => Self::Submissions(id(a)),
            ["api", "staff", "submissions"] => Self::Queue,
            ["api", "staff", "submissions", s] => Self::Submission(id(s)),
            ["api", "staff", "submissions", s, "review"] => Self::Review(id(s)),
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        match self {
            Self::OfBatch(_) => &[Method::GET, Method::POST],
            Self::Rule(_) => &[Method::PUT],
            Self::Assignment(_) => &[Method::GET, Method::PATCH],
            Self::Attachments(_) | Self::AttachmentComplete { .. } | Self::Review(_) => &[Method::POST],
            Self::Attachment { .. } => &[Method::DELETE],
            Self::Submissions(_) | Self::Queue | Self::Submission(_) => &[Method::GET],
        }
    }
}

/// Staff: assignments and their review. The store, the sign-in verifier, where assignment files
/// are stored, what the student's and batch's mail goes with, and the clock.
pub struct StaffAssignmentsApi {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub files: Arc<dyn Objects>,
    pub mailing: Option<Mailing>,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for StaffAssignmentsApi {
    type Route = StaffAssignmentsRoute;
    async fn answer(&self, route: StaffAssignmentsRoute, req: &Request) -> Answer {
        use StaffAssignmentsRoute as R;
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let reads = matches!(*req.method(), Method::GET | Method::HEAD);
        let actor = if reads {
            Actor { sub: caller.sub.clone(), email: caller.email.clone() }
        } else {
            Actor::named(verifier, req, caller).await
        };
        let h = StaffAssignmentHandlers {
            store: &self.store,
            storage: self.files.as_ref(),
            mailing: self.mailing.as_ref(),
            actor: &actor,
            now: self.clock.now(),
        };
        match route {
            R::OfBatch(batch) if req.method() == Method::POST => handlers::create(&h, req, &batch).await,
            R::OfBatch(batch) => handlers::list(&h, &batch).await,
            R::Rule(batch) => handlers::set_rule(&h, req, &batch).await,
            R::Assignment(id) if req.method() == Method::PATCH => handlers::update(&h, req, &id).await,
            R::Assignment(id) => handlers::get(&h, &id).await,
            R::Attachments(id) => handlers::start_attachment(&h, req, &id).await,
            R::AttachmentComplete { assignment, file } => {
                handlers::complete_attachment(&h, req, &assignment, &file).await
            }
            R::Attachment { assignment, file } => handlers::remove_attachment(&h, &assignment, &file).await,
            R::Submissions(id) => handlers::submissions(&h, &id).await,
            R::Queue => handlers::queue(&h, req).await,
            R::Submission(id) => handlers::submission(&h, &id).await,
            R::Review(id) => handlers::review(&h, req, &id).await,
        }
    }
}

/// The contract of assignments: its routes' annotations and answers, merged into the whole document
/// by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        super::mine::list,
        super::mine::get,
        super::mine::submission,
        super::mine::save_draft,
        super::mine::submit,
        super::mine::start_file,
        super::mine::complete_file,
        super::console::list,
        super::console::create,
        super::console::set_rule,
        super::console::get,
        super::console::update,
        super::console::start_attachment,
        super::console::complete_attachment,
        super::console::remove_attachment,
        super::console::submissions,
        super::console::queue,
        super::console::submission,
        super::console::review,
    ),
    components(schemas(
        super::WorkState,
        super::mine::MyAssignmentSummary,
        super::mine::MyAssignments,
        super::mine::MyAssignment,
        super::mine::SubmissionDraft,
        super::mine::DraftView,
        super::mine::MySubmission,
        super::FeedbackView,
        super::VersionView,
        super::FileView,
        super::console::NewAssignment,
        super::console::AssignmentChange,
        super::console::StaffAssignment,
        super::console::StaffAssignments,
        super::console::AssignmentRuleView,
        super::console::QueueState,
        super::console::SubmissionRow,
        super::console::SubmissionQueue,
        super::console::ReviewView,
        super::console::StaffSubmission,
        super::console::ReviewRequest,
    ))
)]
pub struct Contract;

/// The assignment bodies' list items as the server checks them (`assignments::mine::checked_links`, ids).
pub fn body_rules(schemas: &mut Schemas) {
    use crate::assignments::{LINK_PATTERN, MAX_LINK_CHARS};
    if let Some(RefOr::T(Schema::Object(draft))) = schemas.get_mut("SubmissionDraft") {
        let link =
            ObjectBuilder::new().schema_type(Type::String).max_length(Some(MAX_LINK_CHARS)).pattern(Some(LINK_PATTERN));
        let id = ObjectBuilder::new().schema_type(Type::String).pattern(Some(ID_PATTERN));
        let list = |item: ObjectBuilder, what: &str| {
            ArrayBuilder::new().items(item).max_items(Some(crate::assignments::MAX_LINKS)).description(Some(what))
        };
        draft
            .properties
            .insert("links".into(), list(link, "http(s) links (a repository, a deployed site): at most 5.").into());
        draft.properties.insert(
            "files".into(),
            list(id, "Ids of files this student uploaded to this assignment: at most 5.").into(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::routes::resolve;

    #[test]
    fn resolves_the_assignment_paths() {
        let id = "665f1c2a9b3e4d0012a1b001";
        let file = "665f1c2a9b3e4d0012a1b002";
        assert_eq!(resolve("/api/me/assignments"), Some(AssignmentsRoute::Mine));
        assert_eq!(
            resolve(&format!("/api/me/assignments/{id}/submission")),
            Some(AssignmentsRoute::Submission(id.into()))
        );
        assert_eq!(AssignmentsRoute::Submission(id.into()).methods(), [Method::GET, Method::PUT]);
        assert_eq!(
            resolve(&format!("/api/me/assignments/{id}/files/{file}/complete")),
            Some(AssignmentsRoute::FileComplete { assignment: id.into(), file: file.into() })
        );
        assert_eq!(resolve("/api/staff/submissions"), Some(StaffAssignmentsRoute::Queue));
        assert_eq!(
            resolve(&format!("/api/staff/batches/{id}/assignments")),
            Some(StaffAssignmentsRoute::OfBatch(id.into()))
        );
        assert_eq!(StaffAssignmentsRoute::Assignment(id.into()).methods(), [Method::GET, Method::PATCH]);
    }
}

//! `/api/me/*`: a signed-in student's own learning. The student is the verified token's `sub`
//! (`identity.rs`); every record read or written here lives under that `sub`, so no request can
//! reach another student's.
//!
//! - `GET /api/me/batches`: the batches linked to the account whose grant is still active, each
//!   with lectures watched of total and the next lecture to watch; first, every batch where the
//!   account's verified e-mail is enrolled is linked (`enrolled.rs`).
//! - `POST /api/me/batches`: links a Secret ID, after the same check and guessing limit as the
//!   videos endpoint (`access.rs`).
//! - `GET /api/me/progress/{batchId}` and `PUT /api/me/progress/{batchId}/{lectureNumber}`:
//!   where the student is in each lecture, and whether it is watched: the server's measure
//!   (`watching.rs`), never the client's word.

use crate::completion;
use crate::completion::AssignmentsOf;
use crate::completion::AttendanceOf;
use crate::domain::{Batch, BatchLink, LectureProgress};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::identity::Student;
use crate::http::Answer;
use crate::http::{json_body, ok};
use crate::learning::{access, enrolled, watching};
use crate::store::{CatalogRecords, CertificateRecords, Counters, EnrolmentRecords, GrantRecords, StudentRecords};
use crate::{ids, time};
use lambda_http::Request;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use utoipa::ToSchema;

/// Room for a batch id and the longest Secret ID, even as JSON escapes.
pub const MAX_LINK_BODY: usize = 2 * 1024;
/// Room for a position and a flag.
pub const MAX_PROGRESS_BODY: usize = 1024;
/// The longest position accepted: a day (the longest lecture the catalog takes).
pub const MAX_POSITION_SECONDS: f64 = crate::domain::MAX_LECTURE_SECONDS;
/// The longest Secret ID accepted (those `academy grant` issues are far shorter).
pub const MAX_SECRET_CHARS: usize = 128;

/// A linked batch with the student's progress in it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyBatch {
    pub batch: Batch,
    pub lectures_total: u32,
    /// Lectures watched, as the server measured (`watching.rs`).
    pub lectures_watched: u32,
    /// The first lecture not yet completed; none when all are.
    pub next_lecture: Option<u32>,
    pub linked_at: i64,
    /// Every watchable lecture completed, or staff marked the student complete: a certificate
    /// may be claimed (docs/product.md#certificates).
    pub complete: bool,
    /// The certificate issued for this batch, if any.
    pub certificate_id: Option<String>,
    /// The batch's assignments published so far.
    pub assignments_total: u32,
    /// Those the student handed in.
    pub assignments_done: u32,
    /// Those whose latest version was reviewed as passed (or given points).
    pub assignments_passed: u32,
    /// The batch's certificate also needs every assignment passed.
    pub assignments_required: bool,
}

/// `GET /api/me/batches` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyBatches {
    pub batches: Vec<MyBatch>,
}

/// `POST /api/me/batches` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LinkRequest {
    pub batch_id: String,
    pub secret_id: String,
}

/// `GET /api/me/progress/{batchId}` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProgressList {
    pub batch_id: String,
    /// One entry per lecture the student has started, by lecture number.
    pub lectures: Vec<LectureProgress>,
}

/// `PUT /api/me/progress/{batchId}/{lectureNumber}` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProgressUpdate {
    /// The second to resume at, 0 to 86,400.
    pub position_seconds: f64,
    /// Accepted for older players and ignored: the server decides when a lecture is watched
    /// (docs/product.md#lecture-progress).
    #[serde(default)]
    #[allow(dead_code)]
    pub completed: bool,
}

fn body_of<T: DeserializeOwned>(req: &Request, limit: usize, shape: &str) -> Result<T, ApiError> {
    json_body(req, limit, |_| format!("The body must be JSON: {shape}."))
}

/// A linked batch with the student's progress in it, by the rule certificates use.
async fn with_progress(
    store: &(impl CatalogRecords + StudentRecords + CertificateRecords + AttendanceOf + AssignmentsOf + ?Sized),
    link: &BatchLink,
    batch: Batch,
) -> Result<MyBatch, ApiError> {
    let done = completion::of_student(store, &link.sub, &batch.id).await?;
    let certificate = store.certificate_of(&link.sub, &batch.id).await?;
    Ok(MyBatch {
        lectures_total: done.lectures_total,
        lectures_watched: done.lectures_watched,
        next_lecture: done.next_lecture,
        linked_at: link.linked_at,
        complete: done.complete,
        certificate_id: certificate.map(|c| c.id),
        assignments_total: done.assignments.total,
        assignments_done: done.assignments.done,
        assignments_passed: done.assignments.passed,
        assignments_required: done.assignments_required,
        batch,
    })
}

#[utoipa::path(get, path = "/api/me/batches", tag = "me", operation_id = "my_batches", security(("bearer" = [])),
    responses((status = 200, body = MyBatches), (status = 401, body = ErrorBody)))]
pub async fn batches(
    store: &(impl CatalogRecords
          + GrantRecords
          + StudentRecords
          + EnrolmentRecords
          + CertificateRecords
          + AttendanceOf
          + AssignmentsOf
          + ?Sized),
    student: &Student,
    verified_email: Option<&str>,
) -> Answer {
    if let Some(email) = verified_email {
        enrolled::claim(store, &student.sub, email).await?;
    }
    let mut batches = Vec::new();
    for link in store.list_links(&student.sub).await? {
        // A link whose grant was revoked, or whose batch is gone, is not shown.
        if access::linked_grant(store, &link.sub, &link.batch_id).await?.is_none() {
            continue;
        }
        if let Some(batch) = store.get_batch(&link.batch_id).await? {
            batches.push(with_progress(store, &link, batch).await?);
        }
    }
    Ok(ok(&MyBatches { batches }))
}

#[utoipa::path(post, path = "/api/me/batches", tag = "me", operation_id = "link_batch", security(("bearer" = [])), request_body = LinkRequest,
    responses(
        (status = 200, body = MyBatch),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 429, body = ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub async fn link(
    store: &(impl CatalogRecords
          + GrantRecords
          + StudentRecords
          + CertificateRecords
          + Counters
          + AttendanceOf
          + AssignmentsOf
          + ?Sized),
    student: &Student,
    req: &Request,
) -> Answer {
    let request: LinkRequest = body_of(req, MAX_LINK_BODY, "a batchId and a secretId")?;
    let batch_id = ApiError::checked_id(&request.batch_id, "batch")?;
    let secret = request.secret_id.trim();
    if secret.is_empty() || secret.chars().count() > MAX_SECRET_CHARS {
        return Err(ApiError::BadRequest(format!("The Secret ID must be 1 to {MAX_SECRET_CHARS} characters.")));
    }
    let Some(batch) = store.get_batch(batch_id).await? else {
        return Err(ApiError::NotFound("No batch has this id.".into()));
    };
    let grant = access::check_secret(store, req, batch_id, secret).await?;
    let link = BatchLink {
        sub: student.sub.clone(),
        batch_id: batch_id.to_owned(),
        secret_hash: grant.secret_hash,
        linked_at: time::now(),
    };
    store.put_link(&link).await?;
    Ok(ok(&with_progress(store, &link, batch).await?))
}

#[utoipa::path(get, path = "/api/me/progress/{batchId}", tag = "me", operation_id = "my_progress", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, body = ProgressList), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn progress(store: &(impl StudentRecords + ?Sized), student: &Student, batch_id: &str) -> Answer {
    let batch_id = ApiError::checked_id(batch_id, "batch")?;
    let lectures = store.list_progress(&student.sub, batch_id).await?;
    Ok(ok(&ProgressList { batch_id: batch_id.to_owned(), lectures }))
}

#[utoipa::path(put, path = "/api/me/progress/{batchId}/{lectureNumber}", tag = "me", security(("bearer" = [])),
    request_body = ProgressUpdate,
    params(
        ("batchId" = String, Path, description = "24 lowercase hex characters"),
        ("lectureNumber" = u32, Path, description = "the lecture's number in its batch"),
    ),
    responses(
        (status = 200, body = LectureProgress),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn save_progress(
    store: &(impl CatalogRecords + GrantRecords + StudentRecords + ?Sized),
    student: &Student,
    req: &Request,
    batch_id: &str,
    lecture: &str,
    now_millis: i64,
) -> Answer {
    let batch_id = ApiError::checked_id(batch_id, "batch")?;
    let lecture_number = ids::lecture_number(lecture)
        .ok_or_else(|| ApiError::BadRequest("The lecture number must be a whole number from 1.".into()))?;
    let update: ProgressUpdate = body_of(req, MAX_PROGRESS_BODY, "a positionSeconds")?;
    if !(0.0..=MAX_POSITION_SECONDS).contains(&update.position_seconds) {
        return Err(ApiError::BadRequest(format!("The position must be 0 to {MAX_POSITION_SECONDS} seconds.")));
    }
    if access::linked_grant(store, &student.sub, batch_id).await?.is_none() {
        return Err(access::not_linked());
    }
    let Some(video) = store.get_lecture(batch_id, lecture_number).await? else {
        return Err(ApiError::NotFound("This batch has no lecture with this number.".into()));
    };
    let before = store.get_progress(&student.sub, batch_id, lecture_number).await?;
    let length = video.known_length();
    let saved = watching::saved(before.as_ref(), lecture_number, update.position_seconds, length, now_millis);
    store.put_progress(&student.sub, batch_id, &saved).await?;
    Ok(ok(&saved))
}

//! `GET /api/batches/{batchId}/videos`: a batch's recorded lectures, for holders of a Secret ID
//! granted for that batch, or for a signed-in student who linked one (`Authorization: Bearer`).
//! Failed guesses are counted per client and batch (`access.rs`); the Secret ID itself is never
//! logged.

use crate::domain::{Video, VideoList};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::identity::{bearer, identify, verified_email_of, Verifier};
use crate::http::Answer;
use crate::http::{header, ok, query_param};
use crate::learning::lecture::{parse_s3_url, LectureLinks};
use crate::learning::{access, enrolled};
use crate::store::{CatalogRecords, Counters, EnrolmentRecords, GrantRecords, StudentRecords};
use crate::time;
use lambda_http::Request;

pub const SECRET_HEADER: &str = "x-secret-id";

#[utoipa::path(get, path = "/api/batches/{batchId}/videos", tag = "lectures",
    params(
        ("batchId" = String, Path, description = "24 lowercase hex characters"),
        ("X-Secret-Id" = Option<String>, Header, description = "the Secret ID granted for this batch; without it, a signed-in student's token (Authorization: Bearer) for a linked batch"),
        ("secretId" = Option<String>, Query, description = "accepted for old links; prefer the header"),
    ),
    responses(
        (status = 200, body = VideoList),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 429, body = ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub async fn videos(
    store: &(impl CatalogRecords + GrantRecords + StudentRecords + EnrolmentRecords + Counters + ?Sized),
    links: &LectureLinks,
    verifier: Option<&Verifier>,
    req: &Request,
    batch_id: &str,
) -> Answer {
    let batch_id = ApiError::checked_id(batch_id, "batch")?;
    let secret = header(req, SECRET_HEADER).map(str::to_owned).or_else(|| query_param(req, "secretId"));
    if secret.is_none() && bearer(req).is_none() {
        return Err(ApiError::Unauthorized("A Secret ID is required to watch recorded lectures.".into()));
    }
    if store.get_batch(batch_id).await?.is_none() {
        return Err(ApiError::NotFound("No batch has this id.".into()));
    }
    let grant = match secret {
        Some(secret) => access::check_secret(store, req, batch_id, &secret).await?,
        None => {
            let student = identify(verifier, req).await?;
            match access::linked_grant(store, &student.sub, batch_id).await? {
                Some(grant) => grant,
                None => {
                    // Enrolled by e-mail but not yet linked: link, then look again.
                    if let Some(email) = verified_email_of(verifier, req, &student).await {
                        enrolled::claim(store, &student.sub, &email).await?;
                    }
                    access::linked_grant(store, &student.sub, batch_id).await?.ok_or_else(access::not_linked)?
                }
            }
        }
    };

    let now = time::now();
    let mut videos: Vec<Video> = store.list_videos(batch_id).await?;
    for video in videos.iter_mut().filter(|v| parse_s3_url(&v.url).is_some()) {
        video.url = links.sign(batch_id, video.lecture_number, &grant.secret_hash, now).await.map_err(|error| {
            tracing::error!(batch = batch_id, %error, "could not sign lecture links");
            ApiError::Unavailable
        })?;
    }
    Ok(ok(&VideoList { videos }))
}

//! `GET /api/batches/{batchId}/videos`: a batch's recorded lectures, for holders of a Secret ID
//! granted for that batch. Failed guesses are counted per client and batch; the Secret ID
//! itself is never logged.

use crate::domain::{Video, VideoList};
use crate::error::{ApiError, ErrorBody};
use crate::http::{client_ip, header, ok, query_param};
use crate::lecture::{parse_s3_url, LectureLinks};
use crate::rate::{Admission, SECRET_ID_GUESSES};
use crate::store::Store;
use crate::{ids, secret, time};
use lambda_http::{Body, Request, Response};

pub const SECRET_HEADER: &str = "x-secret-id";

#[utoipa::path(get, path = "/api/batches/{batchId}/videos", tag = "lectures",
    params(
        ("batchId" = String, Path, description = "24 lowercase hex characters"),
        ("X-Secret-Id" = String, Header, description = "the Secret ID granted for this batch"),
        ("secretId" = Option<String>, Query, description = "accepted for old links; prefer the header"),
    ),
    responses(
        (status = 200, body = VideoList),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 429, body = ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub async fn videos(
    store: &Store,
    links: &LectureLinks,
    req: &Request,
    batch_id: &str,
) -> Result<Response<Body>, ApiError> {
    if !ids::is_valid(batch_id) {
        return Err(ApiError::invalid_id("batch"));
    }
    let secret = header(req, SECRET_HEADER).map(str::to_owned).or_else(|| query_param(req, "secretId"));
    let Some(secret) = secret else {
        return Err(ApiError::Unauthorized("A Secret ID is required to watch recorded lectures.".into()));
    };
    if store.get_batch(batch_id).await?.is_none() {
        return Err(ApiError::NotFound("No batch has this id.".into()));
    }

    let now = time::now();
    let guesser = format!("{batch_id}#{}", client_ip(req));
    let attempt = match SECRET_ID_GUESSES.admit(store, &guesser, now).await? {
        Admission::Refused { retry_after } => return Err(ApiError::TooManyRequests { retry_after }),
        Admission::Admitted { count } => count,
    };
    let grant = store.find_grant(batch_id, &secret::hash(&secret)).await?.filter(|g| g.is_active());
    let Some(grant) = grant else {
        tracing::info!(batch = batch_id, failures = attempt, "secret id refused");
        return Err(ApiError::Forbidden("This Secret ID is not valid for this batch.".into()));
    };
    if let Err(e) = SECRET_ID_GUESSES.refund(store, &guesser, now).await {
        tracing::warn!(error = %e, "could not give back a right Secret ID's count");
    }

    let mut videos: Vec<Video> = store.list_videos(batch_id).await?;
    for video in videos.iter_mut().filter(|v| parse_s3_url(&v.url).is_some()) {
        video.url = links.sign(batch_id, video.lecture_number, &grant.secret_hash, now).await.map_err(|error| {
            tracing::error!(batch = batch_id, %error, "could not sign lecture links");
            ApiError::Unavailable
        })?;
    }
    Ok(ok(&VideoList { videos }))
}

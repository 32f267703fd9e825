//! `GET /api/batches/{batchId}/videos`: a batch's recorded lectures, for holders of a Secret ID
//! granted for that batch, or for a signed-in student who linked one (`Authorization: Bearer`).
//! Failed guesses are counted per client and batch (`access.rs`); the Secret ID itself is never
//! logged. Only lectures students may watch are listed (`Lecture::is_watchable`), without the
//! staff-side facts of a recording; a stored file's URL becomes a signed lecture link, and a
//! recording transcoded to HLS a signed link to its master playlist (with its poster and captions).

use crate::domain::Lecture;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::identity::{bearer, identify, verified_email_of, Verifier};
use crate::http::Answer;
use crate::http::{header, ok, query_param};
use crate::learning::lecture::playlist::CAPTIONS_FILE;
use crate::learning::lecture::recording::Recording;
use crate::learning::lecture::{parse_s3_url, LectureLinks};
use crate::learning::{access, enrolled};
use crate::learning::{LectureList, PlaybackKind, WatchableVideo};
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
        (status = 200, body = LectureList),
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
    let grant = access::unpaused(grant)?;

    let now = time::now();
    let stored: Vec<Lecture> = store.list_lectures(batch_id).await?;
    let mut videos = Vec::with_capacity(stored.len());
    for video in stored.iter().filter(|v| v.is_watchable()) {
        videos.push(watchable(links, video, &grant.secret_hash, now).await.map_err(|error| {
            tracing::error!(batch = batch_id, %error, "could not sign lecture links");
            ApiError::Unavailable
        })?);
    }
    Ok(ok(&LectureList { videos }))
}

/// A watchable lecture as the holder of `grant` plays it.
async fn watchable(links: &LectureLinks, video: &Lecture, grant: &str, now: i64) -> Result<WatchableVideo, String> {
    let mut answer = WatchableVideo::from(video);
    let (batch, n) = (video.batch_id.as_str(), video.lecture_number);
    let expires = now + links.lifetime_secs();
    if let Some(recording) = Recording::of(video) {
        answer.kind = Some(PlaybackKind::Hls);
        answer.url = links.sign_file(batch, n, recording.master, grant, now, expires).await?;
        if let Some(poster) = recording.poster {
            answer.poster = Some(links.sign_file(batch, n, poster, grant, now, expires).await?);
        }
        if recording.has_captions() {
            answer.captions = Some(links.sign_file(batch, n, CAPTIONS_FILE, grant, now, expires).await?);
        }
    } else if video.media.is_some() {
        // An uploaded recording with no playlist to play: nothing of the upload reaches a student.
        answer.url = String::new();
    } else if parse_s3_url(&video.url).is_some() {
        answer.url = links.sign(batch, n, grant, now).await?;
    }
    Ok(answer)
}

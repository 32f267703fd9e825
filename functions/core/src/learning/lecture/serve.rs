//! `GET /lecture/{batchId}/{lectureNumber}?grant=…&expires=…&key=…&signature=…`: one lecture
//! file for whoever holds a valid signed link. Every fetch re-checks the grant, so a revoked
//! Secret ID stops playback at the player's next request, not when some URL expires.

use crate::http::error::{ApiError, ErrorBody};
use crate::http::Answer;
use crate::learning::lecture::{parse_s3_url, LectureFiles, LectureLinks, LinkParams, LinkRefused};
use crate::store::{CatalogRecords, GrantRecords};
use crate::{ids, time};
use lambda_http::Request;

fn refused(why: &str) -> ApiError {
    ApiError::Forbidden(why.into())
}

#[utoipa::path(get, path = "/lecture/{batchId}/{lectureNumber}", tag = "lectures",
    description = "A link from the videos answer; it names the grant and expires. Served on the site's origin.",
    params(
        ("batchId" = String, Path, description = "24 lowercase hex characters"),
        ("lectureNumber" = u32, Path, description = "the lecture's number in its batch"),
        ("grant" = String, Query), ("expires" = i64, Query, description = "epoch seconds"),
        ("key" = String, Query, description = "the signing key's id"), ("signature" = String, Query),
        ("Range" = Option<String>, Header, description = "one byte range"),
    ),
    responses(
        (status = 200, description = "the file (local lecture folder)", content_type = "video/mp4"),
        (status = 206, description = "the requested byte range", content_type = "video/mp4"),
        (status = 302, description = "in AWS: to a presigned S3 GET of the file", headers(("Location" = String))),
        (status = 403, body = ErrorBody, description = "expired, altered or foreign link, or a revoked Secret ID"),
        (status = 404, body = ErrorBody), (status = 416, description = "the range lies outside the file"),
        (status = 503, body = ErrorBody),
    ))]
pub async fn lecture(
    records: &(impl GrantRecords + CatalogRecords + ?Sized),
    links: &LectureLinks,
    files: &dyn LectureFiles,
    req: &Request,
    batch_id: &str,
    lecture: &str,
) -> Answer {
    let no_such = || ApiError::NotFound("No such lecture.".into());
    let number = ids::lecture_number(lecture).ok_or_else(no_such)?;
    if !ids::is_valid(batch_id) {
        return Err(no_such());
    }
    let Some(params) = LinkParams::from_request(req) else {
        return Err(refused("This lecture link is incomplete. Open the lecture again from its batch."));
    };
    match links.check(batch_id, number, &params, time::now()).await {
        Ok(()) => {}
        Err(LinkRefused::Expired) => {
            return Err(refused("This lecture link has expired. Open the lecture again from its batch."))
        }
        Err(LinkRefused::Forged) => return Err(refused("This lecture link is not valid.")),
        Err(LinkRefused::KeysUnavailable(error)) => {
            tracing::error!(%error, "lecture keys unavailable");
            return Err(ApiError::Unavailable);
        }
    }
    if !records.find_grant(batch_id, &params.grant).await?.is_some_and(|g| g.is_active()) {
        tracing::info!(batch = batch_id, lecture = number, "lecture link of a revoked grant refused");
        return Err(refused("This Secret ID is no longer valid for this batch."));
    }
    let video = records.get_video(batch_id, number).await?.ok_or_else(no_such)?;
    if parse_s3_url(&video.url).is_none() {
        return Err(no_such());
    }
    files.respond(&video.url, req).await
}

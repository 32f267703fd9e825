//! `GET /lecture/{batchId}/{lectureNumber}[/{file}]?grant=…&expires=…&key=…&signature=…`: one
//! lecture file for whoever holds a valid signed link.
//!
//! A lecture's one stored file (no `file`) and every HLS playlist re-check the grant on each fetch,
//! so a revoked Secret ID stops playback at the player's next request, not when some URL expires.
//! A playlist is answered rewritten: each playlist it names becomes a signed link to this function
//! again, each segment, init segment, poster or caption a URL of its own (`LectureFiles::presign`;
//! locally a link to this function checked by its signature alone, as a presigned URL is in AWS).
//! See docs/decisions/0031-signed-playlists-and-segments.md.

use super::files::Delivery;
use super::playlist::{self, PLAYLIST_TYPE};
use super::recording::Recording;
use crate::domain::Lecture;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::Answer;
use crate::learning::lecture::{parse_s3_url, LectureFiles, LectureLinks, LinkParams, LinkRefused};
use crate::store::{CatalogRecords, GrantRecords};
use crate::{ids, time};
use lambda_http::http::{header, StatusCode};
use lambda_http::{Body, Request, Response};
use std::collections::HashMap;

fn refused(why: &str) -> ApiError {
    ApiError::Forbidden(why.into())
}

fn no_such() -> ApiError {
    ApiError::NotFound("No such lecture.".into())
}

#[utoipa::path(get, path = "/lecture/{batchId}/{lectureNumber}", tag = "lectures",
    description = "A link from the videos answer; it names the grant and expires. Served on the site's origin. \
        A recording transcoded to HLS is played from `/lecture/{batchId}/{lectureNumber}/{file}` links of the \
        same shape (its playlists, answered rewritten with every URI signed; its segments, poster and captions).",
    params(
        ("batchId" = String, Path, description = "24 lowercase hex characters"),
        ("lectureNumber" = u32, Path, description = "the lecture's number in its batch"),
        ("grant" = String, Query), ("expires" = i64, Query, description = "epoch seconds"),
        ("key" = String, Query, description = "the signing key's id"), ("signature" = String, Query),
        ("scope" = Option<String>, Query, description = "a folder link's folder (`360p/`): the files a media \
            playlist names in its own folder share one signature over that folder, and open any file of it but a \
            playlist"),
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
    file: Option<&str>,
) -> Answer {
    let number = ids::lecture_number(lecture).ok_or_else(no_such)?;
    if !ids::is_valid(batch_id) {
        return Err(no_such());
    }
    let file = match file {
        None => "",
        Some(file) => playlist::safe_file(file).ok_or_else(no_such)?,
    };
    let Some(params) = LinkParams::from_request(req) else {
        return Err(refused("This lecture link is incomplete. Open the lecture again from its batch."));
    };
    let now = time::now();
    match links.check(batch_id, number, file, &params, now).await {
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
    let is_playlist = file.ends_with(".m3u8");
    if file.is_empty() || is_playlist {
        match records.find_grant(batch_id, &params.grant).await? {
            Some(grant) if grant.is_active() && grant.is_paused() => {
                return Err(refused(crate::domain::PAYMENT_OVERDUE));
            }
            Some(grant) if grant.is_active() => {}
            _ => {
                tracing::info!(batch = batch_id, lecture = number, "lecture link of a revoked grant refused");
                return Err(refused("This Secret ID is no longer valid for this batch."));
            }
        }
    }
    let video = records.get_lecture(batch_id, number).await?.ok_or_else(no_such)?;
    if file.is_empty() {
        if parse_s3_url(&video.url).is_none() {
            return Err(no_such());
        }
        return files.respond(&video.url, req, None).await;
    }
    let recording = Recording::of(&video).ok_or_else(no_such)?;
    let url = recording.url_of(file).ok_or_else(no_such)?;
    if !is_playlist {
        return files.respond(&url, req, Some(Delivery::of(file))).await;
    }
    let text = String::from_utf8(files.read(&url).await?).map_err(|_| broken(&video, file, "not UTF-8"))?;
    let targets = playlist::targets(file, &text).map_err(|why| broken(&video, file, &why.0))?;
    let signed = sign(links, files, &recording, batch_id, number, &params.grant, now, targets).await?;
    let body = playlist::rewrite(file, &text, &signed).map_err(|why| broken(&video, file, &why.0))?;
    let answer = Response::builder()
        .status(StatusCode::OK)
        .header(header::CONTENT_TYPE, PLAYLIST_TYPE)
        .header(header::CACHE_CONTROL, "no-store")
        .header(header::VARY, "Accept-Encoding");
    if !accepts_gzip(req) {
        return Ok(answer.body(Body::Text(body)).expect("static response parts are valid"));
    }
    Ok(answer
        .header(header::CONTENT_ENCODING, "gzip")
        .body(Body::Binary(gzip(body.as_bytes())))
        .expect("static response parts are valid"))
}

/// Whether the player takes gzip. CloudFront does not compress this uncached behaviour, and a
/// rewritten media playlist is mostly the same signed query over and over: a 2-hour lecture's
/// 1.9 MB of presigned URLs is 60 KB gzipped (the decision's measurements).
fn accepts_gzip(req: &Request) -> bool {
    req.headers()
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';');
            let name = parts.next().unwrap_or("").trim();
            let refused = parts.filter_map(|p| p.trim().strip_prefix("q=")).any(|q| q.trim().parse() == Ok(0.0));
            name.eq_ignore_ascii_case("gzip") && !refused
        })
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(bytes.len() / 8), flate2::Compression::fast());
    encoder.write_all(bytes).expect("writing to memory");
    encoder.finish().expect("writing to memory")
}

/// A stored playlist we cannot hand out: the transcoding wrote something unexpected.
fn broken(video: &Lecture, file: &str, why: &str) -> ApiError {
    tracing::error!(batch = video.batch_id, lecture = video.lecture_number, file, why, "a stored playlist is refused");
    ApiError::NotFound("This lecture's file is not available.".into())
}

/// Signs the files a playlist names, for the grant that fetched it. A playlist: a link to this
/// function (the grant is checked again when it is fetched). Any other file: its own URL, or
/// locally a link to this function. Both live as long as a lecture takes to watch, since a
/// video-on-demand playlist is fetched once. The files a media playlist names share one signature
/// over what their paths share (`shared_scope`: the rung's folder `360p/`, or MediaConvert's
/// `master_360p_`); the rest are signed each, with one key made ready once for the whole playlist,
/// not once a URL
/// (docs/decisions/0044-playlists-signed-with-one-key.md, 0047-one-signature-a-playlist.md).
#[allow(clippy::too_many_arguments)]
async fn sign(
    links: &LectureLinks,
    files: &dyn LectureFiles,
    recording: &Recording<'_>,
    batch_id: &str,
    number: u32,
    grant: &str,
    now: i64,
    targets: Vec<String>,
) -> Result<HashMap<String, String>, ApiError> {
    let expires = now + files.play_secs();
    let files_named: Vec<&str> = targets.iter().map(String::as_str).filter(|file| !file.ends_with(".m3u8")).collect();
    let scope = shared_scope(&files_named);
    let own = files_named
        .iter()
        .map(|file| recording.url_of(file).map(|url| (url, Delivery::of(file))).ok_or_else(no_such))
        .collect::<Result<Vec<_>, _>>()?;
    let mut own = match scope.and_then(|scope| recording.prefix_url(scope)) {
        Some(folder) => files.presign_folder(&folder, &own, expires, now).await?,
        None => files.presign_all(&own, expires, now).await?,
    }
    .map(Vec::into_iter);
    let signer = links.signer(now).await.map_err(|error| {
        tracing::error!(%error, "could not sign lecture links");
        ApiError::Unavailable
    })?;
    let shared = scope.map(|scope| signer.folder(batch_id, number, scope, grant, expires));
    let mut signed = HashMap::with_capacity(targets.len());
    for file in targets {
        let url = match own.as_mut().filter(|_| !file.ends_with(".m3u8")) {
            Some(urls) => urls.next().ok_or(ApiError::Unavailable)?,
            None => match shared.as_ref().and_then(|links| links.link(&file)) {
                Some(link) => link,
                None => signer.sign_file(batch_id, number, &file, grant, expires),
            },
        };
        signed.insert(file, url);
    }
    Ok(signed)
}

/// What the paths of a playlist's files (none of them a playlist) share, up to and including its
/// last `/` or `_`: the scope one signature covers (`360p/` for the local ladder's
/// `360p/seg_000.m4s`…, `master_360p_` for MediaConvert's `master_360p_00001.ts`…). None when they
/// share no such prefix, or there are fewer than two files (one file is signed as itself).
fn shared_scope<'a>(files: &[&'a str]) -> Option<&'a str> {
    let (first, rest) = files.split_first()?;
    if rest.is_empty() {
        return None;
    }
    let mut shared = first.len();
    for file in rest {
        shared = first.bytes().zip(file.bytes()).take(shared).take_while(|(a, b)| a == b).count();
    }
    let end = first[..shared].rfind(['/', '_'])? + 1;
    Some(&first[..end])
}

#[cfg(test)]
mod tests {
    use super::shared_scope;

    #[test]
    fn a_playlists_files_share_their_rung_and_nothing_wider() {
        let local = ["360p/init_0.mp4", "360p/seg_000.m4s", "360p/seg_001.m4s"];
        assert_eq!(shared_scope(&local), Some("360p/"));
        let mediaconvert = ["master_360p_00001.ts", "master_360p_00002.ts", "master_360p_01800.ts"];
        assert_eq!(shared_scope(&mediaconvert), Some("master_360p_"));
        assert_eq!(shared_scope(&["360p/seg_000.m4s", "540p/seg_000.m4s"]), None, "two rungs share nothing");
        assert_eq!(shared_scope(&["poster.jpg", "captions.vtt"]), None);
        assert_eq!(shared_scope(&["360p/seg_000.m4s"]), None, "one file is signed as itself");
        assert_eq!(shared_scope(&[]), None);
    }
}

//! A batch's lectures, as staff manage them: add one (an embed, ready at once, or a recording
//! awaiting its upload), rename, describe, publish or hide it, move it to a free number, delete it
//! with every file it has; upload its recording in parts straight to storage (`media::uploads`),
//! resume an interrupted upload, complete it (the recording then goes to the transcoder:
//! `media::TranscodeQueue`), retry a failed transcode, and add captions
//! (docs/decisions/0032-uploads-in-parts.md). Every write is in the audit trail.

use crate::console::audit::recorded;
use crate::console::Actor;
use crate::domain::UploadSession;
use crate::domain::{Batch, Lecture, LectureMedia, LectureState};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::is_space;
use crate::http::{json, json_body, ok, Answer};
use crate::media::uploads::{key_of, part_count, LectureUploads, StoredPart, UploadError};
use crate::media::{self, TranscodeQueue};
use crate::store::{AuditRecords, CatalogRecords, StoreError};
use crate::{ids, time};
use lambda_http::http::{header, StatusCode};
use lambda_http::{Body, Request, Response};
use rand::RngCore;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

pub const MAX_TITLE_CHARS: usize = 200;
pub const MAX_DESCRIPTION_CHARS: usize = 2000;
pub const MAX_FILE_NAME_CHARS: usize = 255;
pub const MAX_EMBED_URL_CHARS: usize = 2048;
/// The largest recording accepted: 10 GiB.
pub const MAX_UPLOAD_BYTES: u64 = 10 * 1024 * 1024 * 1024;
/// Lecture numbers are stored zero-padded to five digits, which keeps them in order.
pub const MAX_LECTURE_NUMBER: u32 = 99_999;
/// The most parts one upload has (S3's limit).
pub const MAX_PART_NUMBER: u32 = 10_000;
/// The longest ETag accepted.
pub const MAX_ETAG_CHARS: usize = 256;
/// Captions: at most 1 MB of WebVTT.
pub const MAX_CAPTIONS_BYTES: usize = 1_000_000;
/// Room for a lecture's fields as JSON escapes.
pub const MAX_LECTURE_BODY: usize = 32 * 1024;
/// Room for every part of the largest upload (10,000 numbers and ETags).
pub const MAX_COMPLETE_BODY: usize = 1024 * 1024;
/// The largest body any lecture route takes (the local server's bound for these paths).
pub const MAX_BODY: usize = MAX_COMPLETE_BODY + 64 * 1024;
/// The hosts whose players a lecture may embed.
pub const EMBED_HOSTS: [&str; 9] = [
    "youtube.com",
    "www.youtube.com",
    "m.youtube.com",
    "youtu.be",
    "www.youtube-nocookie.com",
    "vimeo.com",
    "player.vimeo.com",
    "drive.google.com",
    "docs.google.com",
];
/// How often a new lecture looks for the next free number when others take it first.
const NUMBER_ATTEMPTS: u32 = 64;

/// Everything the lecture handlers need from the store.
pub trait LectureStore: CatalogRecords + AuditRecords {}
impl<T: CatalogRecords + AuditRecords + ?Sized> LectureStore for T {}

/// Where a lecture's video comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LectureKind {
    /// Uploaded in the console: transcoded to adaptive streams.
    Recording,
    /// A file stored before the console (plays as it always did).
    File,
    /// A player of YouTube, Vimeo or Google Drive.
    Embed,
}

/// An upload under way, as the console resumes it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadView {
    pub upload_id: String,
    pub file_name: String,
    pub size: u64,
    pub part_size: u64,
}

/// A lecture as staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffLecture {
    pub lecture_number: u32,
    pub id: String,
    pub title: String,
    pub description: Option<String>,
    pub published: bool,
    pub kind: LectureKind,
    /// The embed's address (embeds only).
    pub url: Option<String>,
    pub state: LectureState,
    /// Processing: how far, 0–100.
    pub percent: Option<u8>,
    /// Failed: why.
    pub failure: Option<String>,
    pub upload: Option<UploadView>,
    pub duration_secs: Option<f64>,
    /// The renditions' heights, lowest first.
    pub rungs: Vec<u32>,
    pub has_captions: bool,
    /// Epoch seconds of the recording's last change; none for lectures without one.
    pub updated_at: Option<i64>,
}

impl StaffLecture {
    pub fn of(video: &Lecture) -> Self {
        let media = video.media.as_ref();
        let kind = match media {
            Some(_) => LectureKind::Recording,
            None if crate::domain::parse_s3_url(&video.url).is_some() => LectureKind::File,
            None => LectureKind::Embed,
        };
        Self {
            lecture_number: video.lecture_number,
            id: video.id.clone(),
            title: video.title.clone(),
            description: video.description.clone(),
            published: video.published,
            kind,
            url: (kind == LectureKind::Embed).then(|| video.url.clone()),
            state: video.state(),
            percent: media.and_then(|m| m.percent),
            failure: media.and_then(|m| m.failure.clone()),
            upload: media.and_then(|m| m.upload.as_ref()).map(|u| UploadView {
                upload_id: u.upload_id.clone(),
                file_name: u.file_name.clone(),
                size: u.size,
                part_size: u.part_size,
            }),
            duration_secs: media.and_then(|m| m.duration_secs),
            rungs: media.map(|m| m.rungs.clone()).unwrap_or_default(),
            has_captions: media.is_some_and(|m| m.captions.is_some()),
            updated_at: media.map(|m| m.updated_at),
        }
    }
}

/// `GET /api/staff/batches/{batchId}/lectures` answer.
// The contract names it `StaffLectures`, as before; in Rust that is the Lambda's name.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StaffLectures)]
pub struct LectureRoster {
    pub lectures: Vec<StaffLecture>,
}

/// `POST /api/staff/batches/{batchId}/lectures` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewLecture {
    #[schema(min_length = 1, max_length = 200, pattern = "\\S")]
    pub title: String,
    #[schema(max_length = 2000)]
    pub description: Option<String>,
    /// A free number; none: the next free one.
    #[serde(default, deserialize_with = "crate::http::whole::some_u32")]
    #[schema(minimum = 1, maximum = 99999)]
    pub lecture_number: Option<u32>,
    /// An https address of a YouTube, Vimeo or Google Drive player: the lecture is that embed.
    /// None: a recording awaiting its upload.
    #[schema(max_length = 2048)]
    pub embed_url: Option<String>,
}

/// A field that may be absent (leave as it is) or `null` (clear it).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// `PATCH /api/staff/batches/{batchId}/lectures/{lectureNumber}` body: the fields to change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LectureChange {
    #[schema(min_length = 1, max_length = 200, pattern = "\\S")]
    pub title: Option<String>,
    /// `null` or blank clears it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 2000)]
    pub description: Option<Option<String>>,
    pub published: Option<bool>,
    /// Move the lecture to this free number.
    #[serde(default, deserialize_with = "crate::http::whole::some_u32")]
    #[schema(minimum = 1, maximum = 99999)]
    pub lecture_number: Option<u32>,
}

/// `POST …/lectures/{lectureNumber}/upload` body: the file about to be sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UploadRequest {
    /// The file's own name, no folder.
    #[schema(min_length = 1, max_length = 255)]
    pub file_name: String,
    /// Bytes, 1 to 10 GiB.
    #[serde(deserialize_with = "crate::http::whole::u64")]
    #[schema(minimum = 1, maximum = 10737418240_u64)]
    pub size: u64,
    /// A `video/*` type.
    pub content_type: String,
}

/// Where the browser PUTs one part.
#[derive(Debug, Serialize, ToSchema)]
pub struct PartUrl {
    pub number: u32,
    pub url: String,
}

/// A part stored, as its PUT's `ETag` header named it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UploadedPart {
    #[serde(deserialize_with = "crate::http::whole::u32")]
    #[schema(minimum = 1, maximum = 10000)]
    pub number: u32,
    #[schema(min_length = 1, max_length = 256, pattern = "\\S")]
    pub etag: String,
}

/// An upload begun, or resumed: every part's URL, and the parts already stored.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadStarted {
    pub upload_id: String,
    /// Every part but the last has exactly this many bytes.
    pub part_size: u64,
    pub parts: Vec<PartUrl>,
    pub uploaded: Vec<UploadedPart>,
}

/// `POST …/lectures/{lectureNumber}/upload/complete` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CompleteRequest {
    #[schema(min_length = 1, max_length = 1024)]
    pub upload_id: String,
    /// Every part, numbered from 1, each with its ETag.
    #[schema(min_items = 1, max_items = 10000)]
    pub parts: Vec<UploadedPart>,
}

/// What the handlers store and call.
pub struct Lectures<'a, S: LectureStore + ?Sized> {
    pub store: &'a S,
    pub uploads: &'a dyn LectureUploads,
    pub queue: &'a dyn TranscodeQueue,
    pub actor: &'a Actor,
}

fn no_lecture() -> ApiError {
    ApiError::NotFound("No such lecture.".into())
}

async fn find_batch(store: &(impl CatalogRecords + ?Sized), batch_id: &str) -> Result<Batch, ApiError> {
    let batch_id = ApiError::checked_id(batch_id, "batch")?;
    store.get_batch(batch_id).await?.ok_or_else(|| ApiError::NotFound("No batch has this id.".into()))
}

/// The lecture `lecture` of `batch_id` (a number from 1; anything else is no lecture).
async fn find(store: &(impl CatalogRecords + ?Sized), batch_id: &str, lecture: &str) -> Result<Lecture, ApiError> {
    let batch_id = ApiError::checked_id(batch_id, "batch")?;
    let number = ids::lecture_number(lecture).filter(|n| *n <= MAX_LECTURE_NUMBER).ok_or_else(no_lecture)?;
    store.get_lecture(batch_id, number).await?.ok_or_else(no_lecture)
}

fn target_of(batch_id: &str, lecture: &str) -> String {
    format!("{batch_id}/{lecture}")
}

/// A title as typed, tidied: 1 to 200 characters, not all of them spaces.
fn checked_title(title: &str) -> Result<String, String> {
    let tidy = title.trim_matches(is_space);
    if title.chars().count() > MAX_TITLE_CHARS {
        Err(format!("must be at most {MAX_TITLE_CHARS} characters"))
    } else if tidy.is_empty() {
        Err("is required".into())
    } else {
        Ok(tidy.to_owned())
    }
}

/// A description: at most 2,000 characters; blank is none.
fn checked_description(description: Option<&str>) -> Result<Option<String>, String> {
    match description {
        Some(d) if d.chars().count() > MAX_DESCRIPTION_CHARS => {
            Err(format!("must be at most {MAX_DESCRIPTION_CHARS} characters"))
        }
        other => Ok(other.map(|d| d.trim_matches(is_space)).filter(|d| !d.is_empty()).map(str::to_owned)),
    }
}

fn checked_number(number: u32) -> Result<u32, String> {
    if (1..=MAX_LECTURE_NUMBER).contains(&number) {
        Ok(number)
    } else {
        Err(format!("must be a whole number from 1 to {MAX_LECTURE_NUMBER}"))
    }
}

/// An embed's address: `https://`, one of `EMBED_HOSTS` exactly, then a path, query or fragment
/// (the contract says the same: `embed_url_pattern`).
pub fn checked_embed(url: &str) -> Result<String, String> {
    let refused = || "must be an https address of a YouTube, Vimeo or Google Drive player".to_owned();
    if url.chars().count() > MAX_EMBED_URL_CHARS || url.chars().any(is_space) {
        return Err(refused());
    }
    let rest = url.strip_prefix("https://").ok_or_else(refused)?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if !EMBED_HOSTS.contains(&host) {
        return Err(refused());
    }
    let parsed = reqwest::Url::parse(url).map_err(|_| refused())?;
    (parsed.host_str() == Some(host)).then(|| parsed.to_string()).ok_or_else(refused)
}

/// `checked_embed`'s rule as a regular expression, for the contract.
pub fn embed_url_pattern() -> String {
    let hosts: Vec<String> = EMBED_HOSTS.iter().map(|h| h.replace('.', "\\.")).collect();
    format!("^https://({})([/?#]\\S*)?$", hosts.join("|"))
}

/// A file's own name (shown to staff; never a path of ours): 1 to 255 characters, no folder, no
/// control characters, something besides spaces (`FILE_NAME_PATTERN`).
fn checked_file_name(name: &str) -> Result<String, String> {
    let allowed = |c: char| c >= ' ' && c != '\x7f' && c != '/' && c != '\\';
    let sane =
        name.chars().count() <= MAX_FILE_NAME_CHARS && name.chars().all(allowed) && name.chars().any(|c| c != ' ');
    sane.then(|| name.to_owned())
        .ok_or_else(|| "must be the file's own name (at most 255 characters, no folder)".into())
}

/// `checked_file_name`'s rule, for the contract.
pub const FILE_NAME_PATTERN: &str = "^[^/\\\\\\x00-\\x1f\\x7f]*[^/\\\\\\x00-\\x20\\x7f][^/\\\\\\x00-\\x1f\\x7f]*$";

/// A `video/*` media type, no parameters (`VIDEO_TYPE_PATTERN`); stored in lowercase.
fn checked_video_type(content_type: &str) -> Result<String, String> {
    let subtype = content_type.strip_prefix("video/").unwrap_or_default();
    let token = |c: char| c.is_ascii_alphanumeric() || "!#$&^_.+-".contains(c);
    let fine = subtype.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && subtype.len() <= 127
        && subtype.chars().all(token);
    fine.then(|| content_type.to_ascii_lowercase()).ok_or_else(|| "must be a video type (video/…)".into())
}

/// `checked_video_type`'s rule, for the contract.
pub const VIDEO_TYPE_PATTERN: &str = "^video/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$";

/// The extension a recording is stored under: the file's own, else its type's.
fn extension_of(file_name: &str, content_type: &str) -> String {
    let own = file_name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    let fine = |e: &str| (1..=8).contains(&e.len()) && e.chars().all(|c| c.is_ascii_alphanumeric());
    match own.filter(|e| fine(e)) {
        Some(e) => e,
        None => match content_type.strip_prefix("video/") {
            Some("quicktime") => "mov".into(),
            Some(sub) if fine(sub) => sub.into(),
            _ => "video".into(),
        },
    }
}

/// A stamp that keeps a new file apart from an earlier one: the time, and a little randomness.
fn stamp() -> String {
    let mut salt = [0u8; 3];
    rand::rng().fill_bytes(&mut salt);
    format!("{}-{}", time::now(), hex::encode(salt))
}

fn invalid(field: &str, why: String) -> ApiError {
    ApiError::Invalid { fields: [(field.to_owned(), why)].into() }
}

fn conflict(why: &str) -> ApiError {
    ApiError::Conflict(why.into())
}

/// The media record of a recording, or 409 for an embed or an older file.
fn media_of(video: &mut Lecture) -> Result<&mut LectureMedia, ApiError> {
    video.media.as_mut().ok_or_else(|| conflict("This lecture is not an uploaded recording."))
}

impl<S: LectureStore + ?Sized> Lectures<'_, S> {
    async fn audited<T>(&self, action: &str, target: &str, result: Result<T, ApiError>) -> Result<T, ApiError> {
        recorded(self.store, self.actor, action, target, None, result).await
    }

    /// Stores `video` under `number` if no lecture holds it: whether it did. A write that landed
    /// but whose answer was lost is retried by the SDK and then refused as taken: the lecture
    /// found there is this one, so it counts as stored (one lecture never takes two numbers).
    async fn claim(&self, video: &mut Lecture, number: u32) -> Result<bool, ApiError> {
        video.lecture_number = number;
        match self.store.create_lecture(video).await {
            Ok(()) => Ok(true),
            Err(StoreError::Conflict) => {
                let holder = self.store.get_lecture(&video.batch_id, number).await?;
                Ok(holder.is_some_and(|held| held.id == video.id))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Saves `video` under a free number: `number`, else the next one after the batch's last.
    async fn create(&self, mut video: Lecture, number: Option<u32>) -> Result<Lecture, ApiError> {
        if let Some(number) = number {
            return match self.claim(&mut video, number).await? {
                true => Ok(video),
                false => Err(conflict(&format!("Lecture {number} already exists in this batch."))),
            };
        }
        let last = self.store.list_lectures(&video.batch_id).await?.iter().map(|v| v.lecture_number).max();
        let first = last.unwrap_or(0) + 1;
        // Someone took a number a moment ago: the next one.
        for number in (first..=MAX_LECTURE_NUMBER).take(NUMBER_ATTEMPTS as usize) {
            if self.claim(&mut video, number).await? {
                return Ok(video);
            }
        }
        Err(conflict("No free lecture number was found: give one."))
    }

    pub async fn add(&self, req: &Request, batch_id: &str) -> Answer {
        let result = async {
            let request: NewLecture = json_body(req, MAX_LECTURE_BODY, |_| {
                "The body must be JSON: title, and optionally description, lectureNumber and embedUrl.".into()
            })?;
            let batch = find_batch(self.store, batch_id).await?;
            let mut fields = std::collections::BTreeMap::new();
            let title = checked_title(&request.title).map_err(|e| fields.insert("title".into(), e)).ok();
            let description = checked_description(request.description.as_deref())
                .map_err(|e| fields.insert("description".into(), e))
                .ok()
                .flatten();
            let number = request.lecture_number.map(checked_number).transpose();
            let number = number.map_err(|e| fields.insert("lectureNumber".into(), e)).ok().flatten();
            let embed = request.embed_url.as_deref().map(checked_embed).transpose();
            let embed = embed.map_err(|e| fields.insert("embedUrl".into(), e)).ok().flatten();
            if !fields.is_empty() {
                return Err(ApiError::Invalid { fields });
            }
            let existing = self.store.list_lectures(&batch.id).await?;
            let batch_number = existing
                .first()
                .map(|v| v.batch_number.clone())
                .unwrap_or_else(|| batch.name.split_whitespace().next().unwrap_or(&batch.name).to_owned());
            let media = embed.is_none().then(|| LectureMedia {
                state: LectureState::Uploading,
                updated_at: time::now(),
                ..LectureMedia::default()
            });
            let video = Lecture {
                id: ids::generate(),
                batch_id: batch.id.clone(),
                batch_number,
                lecture_number: 0,
                title: title.expect("checked"),
                url: embed.unwrap_or_default(),
                description,
                duration_secs: None,
                published: true,
                media,
            };
            self.create(video, number).await
        }
        .await;
        let target = match &result {
            Ok(video) => target_of(batch_id, &video.lecture_number.to_string()),
            Err(_) => batch_id.to_owned(),
        };
        let video = self.audited("lecture.create", &target, result).await?;
        Ok(json(StatusCode::CREATED, &StaffLecture::of(&video)))
    }

    pub async fn update(&self, req: &Request, batch_id: &str, lecture: &str) -> Answer {
        let result = async {
            let change: LectureChange = json_body(req, MAX_LECTURE_BODY, |_| {
                "The body must be JSON: any of title, description, published and lectureNumber.".into()
            })?;
            let mut video = find(self.store, batch_id, lecture).await?;
            let mut fields = std::collections::BTreeMap::new();
            if let Some(title) = &change.title {
                match checked_title(title) {
                    Ok(title) => video.title = title,
                    Err(e) => {
                        fields.insert("title".to_owned(), e);
                    }
                }
            }
            if let Some(description) = &change.description {
                match checked_description(description.as_deref()) {
                    Ok(description) => video.description = description,
                    Err(e) => {
                        fields.insert("description".to_owned(), e);
                    }
                }
            }
            let moved = match change.lecture_number.map(checked_number).transpose() {
                Ok(number) => number.filter(|n| *n != video.lecture_number),
                Err(e) => {
                    fields.insert("lectureNumber".to_owned(), e);
                    None
                }
            };
            if !fields.is_empty() {
                return Err(ApiError::Invalid { fields });
            }
            if let Some(published) = change.published {
                video.published = published;
            }
            if let Some(media) = video.media.as_mut() {
                media.updated_at = time::now();
            }
            match moved {
                None => self.store.put_lecture(&video).await?,
                Some(number) => {
                    // Take the new number first (refused if it is held), then give up the old one.
                    let old = video.lecture_number;
                    video = self.create(video, Some(number)).await?;
                    self.store.delete_lecture(&video.batch_id, old).await?;
                }
            }
            Ok(video)
        }
        .await;
        let video = self.audited("lecture.update", &target_of(batch_id, lecture), result).await?;
        Ok(ok(&StaffLecture::of(&video)))
    }

    pub async fn delete(&self, batch_id: &str, lecture: &str) -> Answer {
        let result = async {
            let video = find(self.store, batch_id, lecture).await?;
            if video.state() == LectureState::Processing {
                self.queue.deleted(&video.batch_id, &video.id).await;
            }
            if let Some(upload) = video.media.as_ref().and_then(|m| m.upload.as_ref()) {
                self.uploads.abort(key_of(&upload.target)?, &upload.upload_id).await?;
            }
            self.uploads.delete_folder(&media::lecture_folder(&video.batch_id, &video.id)).await?;
            self.store.delete_lecture(&video.batch_id, video.lecture_number).await?;
            Ok(())
        }
        .await;
        self.audited("lecture.delete", &target_of(batch_id, lecture), result).await?;
        Ok(Response::builder().status(StatusCode::NO_CONTENT).body(Body::Empty).expect("valid response"))
    }

    pub async fn start_upload(&self, req: &Request, batch_id: &str, lecture: &str) -> Answer {
        let result = async {
            let request: UploadRequest =
                json_body(req, MAX_LECTURE_BODY, |_| "The body must be JSON: fileName, size and contentType.".into())?;
            let mut fields = std::collections::BTreeMap::new();
            let file_name = checked_file_name(&request.file_name).map_err(|e| fields.insert("fileName".into(), e)).ok();
            let content_type =
                checked_video_type(&request.content_type).map_err(|e| fields.insert("contentType".into(), e)).ok();
            if !(1..=MAX_UPLOAD_BYTES).contains(&request.size) {
                fields.insert("size".into(), "must be from 1 byte to 10 GiB".into());
            }
            if !fields.is_empty() {
                return Err(ApiError::Invalid { fields });
            }
            let (file_name, content_type) = (file_name.expect("checked"), content_type.expect("checked"));
            let mut video = find(self.store, batch_id, lecture).await?;
            let (batch, id) = (video.batch_id.clone(), video.id.clone());
            let media = media_of(&mut video)?;
            if media.state != LectureState::Uploading {
                return Err(conflict("This lecture's recording is already uploaded."));
            }
            // The same file again while its upload is open: resume it.
            if let Some(open) = media.upload.clone() {
                if open.file_name == file_name && open.size == request.size {
                    let key = key_of(&open.target)?;
                    match self.uploads.stored_parts(key, &open.upload_id).await {
                        Ok(stored) => return self.answer_upload(&open, stored).await,
                        Err(UploadError::Gone) => {}
                        Err(e) => return Err(e.into()),
                    }
                } else {
                    // Another file replaces the open upload.
                    self.uploads.abort(key_of(&open.target)?, &open.upload_id).await?;
                }
            }
            let key = media::source_key(&batch, &id, &stamp(), &extension_of(&file_name, &content_type));
            let part_size = self.uploads.part_size(request.size);
            let upload_id = self.uploads.start(&key, &content_type, part_size).await?;
            let session = UploadSession {
                upload_id,
                target: self.uploads.location(&key),
                file_name,
                size: request.size,
                content_type,
                part_size,
                started_at: time::now(),
            };
            media.upload = Some(session.clone());
            media.updated_at = time::now();
            self.store.put_lecture(&video).await?;
            self.answer_upload(&session, Vec::new()).await
        }
        .await;
        let detail = result.as_ref().ok().map(|u| format!("upload {}", u.upload_id));
        let started =
            recorded(self.store, self.actor, "lecture.upload", &target_of(batch_id, lecture), detail, result).await?;
        Ok(ok(&started))
    }

    async fn answer_upload(&self, session: &UploadSession, stored: Vec<StoredPart>) -> Result<UploadStarted, ApiError> {
        let count = part_count(session.size, session.part_size);
        let urls = self.uploads.part_urls(key_of(&session.target)?, &session.upload_id, count).await?;
        Ok(UploadStarted {
            upload_id: session.upload_id.clone(),
            part_size: session.part_size,
            parts: urls.into_iter().map(|p| PartUrl { number: p.number, url: p.url }).collect(),
            uploaded: stored.into_iter().map(|p| UploadedPart { number: p.number, etag: p.etag }).collect(),
        })
    }

    /// Marks the lecture failed with the transcoder's reason when it could not be asked.
    async fn transcode(&self, mut video: Lecture, asked: Result<(), String>) -> Result<Lecture, ApiError> {
        if let Err(reason) = asked {
            let media = media_of(&mut video)?;
            media.state = LectureState::Failed;
            media.failure = Some(reason);
            media.percent = None;
            media.updated_at = time::now();
            self.store.put_lecture(&video).await?;
        }
        Ok(video)
    }

    pub async fn complete_upload(&self, req: &Request, batch_id: &str, lecture: &str) -> Answer {
        let result = async {
            let request: CompleteRequest = json_body(req, MAX_COMPLETE_BODY, |_| {
                "The body must be JSON: uploadId and parts (each a number and an etag).".into()
            })?;
            let numbers_fine = !request.parts.is_empty()
                && request.parts.len() <= MAX_PART_NUMBER as usize
                && request.parts.iter().all(|p| (1..=MAX_PART_NUMBER).contains(&p.number));
            if !numbers_fine {
                return Err(invalid("parts", format!("must be 1 to {MAX_PART_NUMBER} parts numbered from 1")));
            }
            let etags_fine = request
                .parts
                .iter()
                .all(|p| p.etag.chars().any(|c| !is_space(c)) && p.etag.chars().count() <= MAX_ETAG_CHARS);
            if !etags_fine {
                return Err(invalid("parts", "each part needs the ETag its upload answered".into()));
            }
            let mut video = find(self.store, batch_id, lecture).await?;
            let media = media_of(&mut video)?;
            if media.state != LectureState::Uploading {
                return Err(conflict("This lecture's recording is already uploaded."));
            }
            let Some(session) = media.upload.clone().filter(|u| u.upload_id == request.upload_id) else {
                return Err(conflict("This upload is no longer open: start the upload again."));
            };
            let count = part_count(session.size, session.part_size);
            let in_order = request.parts.iter().enumerate().all(|(i, p)| p.number as usize == i + 1);
            if request.parts.len() != count as usize || !in_order {
                return Err(conflict(&format!("This upload has {count} parts: name them all, in order from 1.")));
            }
            let parts: Vec<StoredPart> = request
                .parts
                .iter()
                .map(|p| StoredPart { number: p.number, etag: p.etag.trim_matches(is_space).to_owned() })
                .collect();
            self.uploads.complete(key_of(&session.target)?, &session.upload_id, &parts).await?;
            media.upload = None;
            media.source = Some(session.target.clone());
            media.state = LectureState::Processing;
            media.percent = Some(0);
            media.failure = None;
            media.updated_at = time::now();
            self.store.put_lecture(&video).await?;
            let asked = self.queue.uploaded(&video.batch_id, video.lecture_number).await;
            self.transcode(video, asked).await
        }
        .await;
        let video = self.audited("lecture.complete", &target_of(batch_id, lecture), result).await?;
        Ok(ok(&StaffLecture::of(&video)))
    }

    pub async fn retry(&self, batch_id: &str, lecture: &str) -> Answer {
        let result = async {
            let mut video = find(self.store, batch_id, lecture).await?;
            let media = media_of(&mut video)?;
            if media.state != LectureState::Failed {
                return Err(conflict("Only a lecture whose processing failed can be retried."));
            }
            if media.source.is_none() {
                return Err(conflict("This lecture has no uploaded recording to process."));
            }
            media.state = LectureState::Processing;
            media.percent = Some(0);
            media.failure = None;
            media.updated_at = time::now();
            self.store.put_lecture(&video).await?;
            let asked = self.queue.retry(&video.batch_id, video.lecture_number).await;
            self.transcode(video, asked).await
        }
        .await;
        let video = self.audited("lecture.retry", &target_of(batch_id, lecture), result).await?;
        Ok(ok(&StaffLecture::of(&video)))
    }

    pub async fn captions(&self, req: &Request, batch_id: &str, lecture: &str) -> Answer {
        let result = async {
            let mut video = find(self.store, batch_id, lecture).await?;
            let text = checked_captions(req)?;
            let key = media::captions_key(&video.batch_id, &video.id, &stamp());
            let media = media_of(&mut video)?;
            self.uploads.put_captions(&key, &text).await?;
            media.captions = Some(self.uploads.location(&key));
            media.updated_at = time::now();
            self.store.put_lecture(&video).await?;
            Ok(video)
        }
        .await;
        let video = self.audited("lecture.captions", &target_of(batch_id, lecture), result).await?;
        Ok(ok(&StaffLecture::of(&video)))
    }
}

/// What a WebVTT file starts with (`checked_captions`), for the contract.
pub const CAPTIONS_PATTERN: &str = "^\\uFEFF?WEBVTT([ \\t\\r\\n]|$)";

/// Captions as sent: `text/vtt`, at most 1 MB of UTF-8 starting `WEBVTT` (`CAPTIONS_PATTERN`).
fn checked_captions(req: &Request) -> Result<String, ApiError> {
    let essence = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|v| v.trim().to_ascii_lowercase());
    if essence.as_deref() != Some("text/vtt") {
        return Err(ApiError::BadRequest("Captions must be sent as text/vtt.".into()));
    }
    let body = req.body().as_ref();
    if body.len() > MAX_CAPTIONS_BYTES {
        return Err(ApiError::PayloadTooLarge { limit: MAX_CAPTIONS_BYTES });
    }
    let text = std::str::from_utf8(body).map_err(|_| ApiError::BadRequest("Captions must be UTF-8 text.".into()))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let after = text.strip_prefix("WEBVTT").map(|rest| rest.chars().next());
    if !matches!(after, Some(None | Some(' ' | '\t' | '\r' | '\n'))) {
        return Err(ApiError::BadRequest("Captions must be WebVTT: the file starts with WEBVTT.".into()));
    }
    Ok(text.to_owned())
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/lectures", tag = "staff", operation_id = "staff_lectures", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "every lecture, by number", body = LectureRoster), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn list(store: &(impl LectureStore + ?Sized), batch_id: &str) -> Answer {
    let batch = find_batch(store, batch_id).await?;
    let lectures = store.list_lectures(&batch.id).await?.iter().map(StaffLecture::of).collect();
    Ok(ok(&LectureRoster { lectures }))
}

#[utoipa::path(post, path = "/api/staff/batches/{batchId}/lectures", tag = "staff", operation_id = "staff_add_lecture", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")), request_body = NewLecture,
    responses((status = 201, description = "added: an embed is ready at once, a recording awaits its upload", body = StaffLecture),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the number is taken", body = ErrorBody)))]
pub async fn add(lectures: &Lectures<'_, impl LectureStore + ?Sized>, req: &Request, batch_id: &str) -> Answer {
    lectures.add(req, batch_id).await
}

#[utoipa::path(patch, path = "/api/staff/batches/{batchId}/lectures/{lectureNumber}", tag = "staff", operation_id = "staff_update_lecture", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters"), ("lectureNumber" = u32, Path, description = "the lecture's number")),
    request_body = LectureChange,
    responses((status = 200, body = StaffLecture), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, description = "the new number is taken", body = ErrorBody)))]
pub async fn update(
    lectures: &Lectures<'_, impl LectureStore + ?Sized>,
    req: &Request,
    batch_id: &str,
    lecture: &str,
) -> Answer {
    lectures.update(req, batch_id, lecture).await
}

#[utoipa::path(delete, path = "/api/staff/batches/{batchId}/lectures/{lectureNumber}", tag = "staff", operation_id = "staff_delete_lecture", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters"), ("lectureNumber" = u32, Path, description = "the lecture's number")),
    responses((status = 204, description = "deleted, with its recording, renditions and captions"), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(lectures: &Lectures<'_, impl LectureStore + ?Sized>, batch_id: &str, lecture: &str) -> Answer {
    lectures.delete(batch_id, lecture).await
}

#[utoipa::path(post, path = "/api/staff/batches/{batchId}/lectures/{lectureNumber}/upload", tag = "staff", operation_id = "staff_start_upload", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters"), ("lectureNumber" = u32, Path, description = "the lecture's number")),
    request_body = UploadRequest,
    responses((status = 200, description = "a URL for every part, and the parts already stored (the same file again resumes its upload)", body = UploadStarted),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "not a recording awaiting its upload", body = ErrorBody)))]
pub async fn start_upload(
    lectures: &Lectures<'_, impl LectureStore + ?Sized>,
    req: &Request,
    batch_id: &str,
    lecture: &str,
) -> Answer {
    lectures.start_upload(req, batch_id, lecture).await
}

#[utoipa::path(post, path = "/api/staff/batches/{batchId}/lectures/{lectureNumber}/upload/complete", tag = "staff", operation_id = "staff_complete_upload", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters"), ("lectureNumber" = u32, Path, description = "the lecture's number")),
    request_body = CompleteRequest,
    responses((status = 200, description = "stored; processing (or failed, with the reason, if the transcoder could not be asked)", body = StaffLecture),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "not awaiting this upload", body = ErrorBody)))]
pub async fn complete_upload(
    lectures: &Lectures<'_, impl LectureStore + ?Sized>,
    req: &Request,
    batch_id: &str,
    lecture: &str,
) -> Answer {
    lectures.complete_upload(req, batch_id, lecture).await
}

#[utoipa::path(post, path = "/api/staff/batches/{batchId}/lectures/{lectureNumber}/retry", tag = "staff", operation_id = "staff_retry_lecture", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters"), ("lectureNumber" = u32, Path, description = "the lecture's number")),
    responses((status = 200, description = "processing again (or failed, with the reason)", body = StaffLecture),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "its processing has not failed", body = ErrorBody)))]
pub async fn retry(lectures: &Lectures<'_, impl LectureStore + ?Sized>, batch_id: &str, lecture: &str) -> Answer {
    lectures.retry(batch_id, lecture).await
}

#[utoipa::path(put, path = "/api/staff/batches/{batchId}/lectures/{lectureNumber}/captions", tag = "staff", operation_id = "staff_lecture_captions", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters"), ("lectureNumber" = u32, Path, description = "the lecture's number")),
    request_body(content = String, content_type = "text/vtt", description = "WebVTT, at most 1 MB, starting WEBVTT"),
    responses((status = 200, body = StaffLecture), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, description = "not an uploaded recording", body = ErrorBody),
        (status = 413, body = ErrorBody)))]
pub async fn captions(
    lectures: &Lectures<'_, impl LectureStore + ?Sized>,
    req: &Request,
    batch_id: &str,
    lecture: &str,
) -> Answer {
    lectures.captions(req, batch_id, lecture).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_may_be_spelled_as_json_decimals() {
        let upload: UploadRequest =
            serde_json::from_str(r#"{"fileName": "a.mp4", "size": 681.0, "contentType": "video/mp4"}"#).unwrap();
        assert_eq!(upload.size, 681);
        let change: LectureChange = serde_json::from_str(r#"{"lectureNumber": 194.0}"#).unwrap();
        assert_eq!(change.lecture_number, Some(194));
        let change: LectureChange = serde_json::from_str(r#"{"lectureNumber": null}"#).unwrap();
        assert_eq!(change.lecture_number, None);
        for bad in [r#"{"lectureNumber": 1.5}"#, r#"{"lectureNumber": -1}"#, r#"{"lectureNumber": 4294967296}"#] {
            assert!(serde_json::from_str::<LectureChange>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn embeds_are_https_players_of_known_hosts() {
        assert!(checked_embed("https://www.youtube.com/embed/abc").is_ok());
        assert!(checked_embed("https://player.vimeo.com/video/1").is_ok());
        assert!(checked_embed("https://drive.google.com/file/d/x/preview").is_ok());
        assert!(checked_embed("https://vimeo.com#\u{b7}\u{1e}S").is_ok(), "a separator is no space in the contract");
        for bad in [
            "http://www.youtube.com/embed/abc",
            "https://youtube.com.evil.test/x",
            "https://user@www.youtube.com/x",
            "https://www.youtube.com:8443/x",
            "https://vimeo.com/a b",
            "https://vimeo.com/\u{feff}",
            "javascript:alert(1)",
            "https://example.com/video.mp4",
            "not a url",
        ] {
            assert!(checked_embed(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn file_names_are_names_not_paths() {
        assert!(checked_file_name("Lecture 4 – arrays.mp4").is_ok());
        for bad in ["", " ", "a/b.mp4", "..\\x.mp4", "a\nb.mp4", "a\u{7f}", &"x".repeat(256)] {
            assert!(checked_file_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn only_video_types() {
        assert_eq!(checked_video_type("video/mp4"), Ok("video/mp4".into()));
        assert_eq!(checked_video_type("video/QuickTime"), Ok("video/quicktime".into()));
        for bad in ["audio/mpeg", "video/", "video/mp4 x", "video/mp4; codecs=x", "Video/mp4", "text/plain", ""] {
            assert!(checked_video_type(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_recording_keeps_its_extension() {
        assert_eq!(extension_of("talk.MOV", "video/quicktime"), "mov");
        assert_eq!(extension_of("talk", "video/quicktime"), "mov");
        assert_eq!(extension_of("talk", "video/webm"), "webm");
        assert_eq!(extension_of("talk.a b", "video/x-matroska"), "video");
    }

    #[test]
    fn titles_and_descriptions_are_bounded() {
        assert_eq!(checked_title("  Arrays  "), Ok("Arrays".into()));
        assert!(checked_title(" ").is_err());
        assert!(checked_title(&"t".repeat(201)).is_err());
        assert_eq!(checked_description(Some("  ")), Ok(None));
        assert!(checked_description(Some(&"d".repeat(2001))).is_err());
    }
}

//! The weekly guided assignment (docs/decisions/0042-assignments.md): staff post it to a batch
//! (`assignments::console`), students of the batch hand in text, links and files until the due time
//! and after it, marked late, unless staff closed it (`mine`); staff review each version with
//! feedback and a result, and the student is mailed and reads it here.
//!
//! Files go from the browser straight to storage in parts, as lecture recordings do
//! (docs/decisions/0032-uploads-in-parts.md), under the assignment's own prefix
//! (`assignments/{assignmentId}/`); on completion their first bytes are read and their type is
//! decided by their content (`content`), never by their name. They are handed out only through
//! short-lived signed links that download them (`Content-Disposition: attachment`). Instructions
//! and feedback are Markdown, answered as safe HTML (`markdown`).

pub mod api;
pub mod console;
pub mod markdown;
pub mod mine;
mod records;
mod store;

pub use records::*;
pub use store::AssignmentRecords;

use crate::http::error::ApiError;
use crate::objects::{
    checked_content_type, checked_file_name, checked_size, FileDone, FileUpload, NewFile, Objects, MAX_FILE_BYTES,
};
use crate::store::{GrantRecords, StudentRecords};
use crate::{ids, time};
use serde::Serialize;
use utoipa::ToSchema;

/// Files in one hand-in.
pub const MAX_FILES: usize = 5;
/// Staff's files on one assignment.
pub const MAX_ATTACHMENTS: usize = 10;
/// Uploads one student may begin for one assignment (finished or not).
pub const MAX_UPLOADS: i64 = 30;
/// Drafts one student may save for one assignment.
pub const MAX_DRAFT_SAVES: u32 = 500;
/// Versions one student may hand in for one assignment.
pub const MAX_VERSIONS: usize = 20;
pub const MAX_TITLE_CHARS: usize = 200;
pub const MAX_MARKDOWN_CHARS: usize = 20_000;
pub const MAX_TEXT_CHARS: usize = 20_000;
pub const MAX_LINKS: usize = 5;
pub const MAX_LINK_CHARS: usize = 2_048;
pub const MAX_POINTS: u32 = 1_000;
/// How long a download link works.
pub const LINK_SECS: i64 = 15 * 60;
/// The largest body an assignment route takes (a hand-in of the longest text and every link).
pub const MAX_BODY: usize = 256 * 1024;

/// A link of a hand-in: http or https, a host, no spaces.
pub const LINK_PATTERN: &str = "^https?://[^\\s/?#@]+([/?#]\\S*)?$";
/// An RFC 3339 time with its offset.
pub const INSTANT_PATTERN: &str =
    "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$";

/// The store an assignment's routes read and write.
pub trait AssignmentStore: AssignmentRecords + StudentRecords + GrantRecords {}
impl<T: AssignmentRecords + StudentRecords + GrantRecords + ?Sized> AssignmentStore for T {}

/// The key of an assignment file: every file of an assignment under its prefix.
pub fn file_key(assignment_id: &str, file_id: &str) -> String {
    format!("{}{file_id}", folder(assignment_id))
}

/// The prefix every file of one assignment sits under.
pub fn folder(assignment_id: &str) -> String {
    format!("assignments/{assignment_id}/")
}

/// A stored file with a link that downloads it (valid for 15 minutes).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileView {
    pub id: String,
    pub file_name: String,
    pub size: u64,
    /// The type its content was found to be.
    pub content_type: String,
    pub url: String,
}

/// A version handed in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionView {
    /// 1, 2, … in the order handed in.
    pub number: u32,
    pub text: String,
    pub links: Vec<String>,
    pub files: Vec<FileView>,
    /// RFC 3339.
    pub submitted_at: String,
    pub late: bool,
}

/// Staff's review as the student reads it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackView {
    /// The version reviewed.
    pub version: u32,
    /// The feedback, rendered to safe HTML.
    pub html: String,
    /// The feedback as staff wrote it (Markdown).
    pub markdown: String,
    pub result: Grade,
    /// RFC 3339.
    pub reviewed_at: String,
}

impl FeedbackView {
    pub fn of(review: &Review) -> Self {
        Self {
            version: review.version,
            html: markdown::to_html(&review.feedback),
            markdown: review.feedback.clone(),
            result: review.grade,
            reviewed_at: time::iso(review.reviewed_at),
        }
    }
}

/// A file record's view with a fresh download link.
pub async fn file_view(
    storage: &dyn Objects,
    assignment_id: &str,
    file: &FileRef,
    now: i64,
) -> Result<FileView, ApiError> {
    let key = file_key(assignment_id, &file.id);
    let url = storage.download_url(&key, &file.file_name, &file.content_type, now + LINK_SECS).await?;
    Ok(FileView {
        id: file.id.clone(),
        file_name: file.file_name.clone(),
        size: file.size,
        content_type: file.content_type.clone(),
        url,
    })
}

pub async fn file_views(
    storage: &dyn Objects,
    assignment_id: &str,
    files: &[FileRef],
    now: i64,
) -> Result<Vec<FileView>, ApiError> {
    let mut out = Vec::with_capacity(files.len());
    for file in files {
        out.push(file_view(storage, assignment_id, file, now).await?);
    }
    Ok(out)
}

pub async fn version_view(
    storage: &dyn Objects,
    assignment_id: &str,
    version: &HandedIn,
    now: i64,
) -> Result<VersionView, ApiError> {
    Ok(VersionView {
        number: version.number,
        text: version.text.clone(),
        links: version.links.clone(),
        files: file_views(storage, assignment_id, &version.files, now).await?,
        submitted_at: time::iso(version.submitted_at),
        late: version.late,
    })
}

/// The assignment `id`, if it exists.
pub async fn find(store: &(impl AssignmentRecords + ?Sized), id: &str) -> Result<Assignment, ApiError> {
    let id = ids::is_valid(id).then_some(id).ok_or_else(no_assignment)?;
    store.get_assignment(id).await?.ok_or_else(no_assignment)
}

pub fn no_assignment() -> ApiError {
    ApiError::NotFound("No such assignment.".into())
}

pub fn no_file() -> ApiError {
    ApiError::NotFound("No such file.".into())
}

/// Whether an assignment is open for hand-ins at `now` to a student whose last result is `last`:
/// before the due time; after it unless closed; a "needs work" result reopens it.
pub fn open_to(assignment: &Assignment, last: Option<&Grade>, now: i64) -> bool {
    let reviewed_final = last.is_some_and(|g| !g.needs_work());
    if last.is_some_and(Grade::needs_work) {
        return true;
    }
    if now <= assignment.due_at {
        return true;
    }
    !assignment.closed && !reviewed_final
}

/// Begins an upload of `request` for `owner` (a student's `sub`, or staff).
pub async fn begin_upload(
    store: &(impl AssignmentRecords + ?Sized),
    storage: &dyn Objects,
    assignment: &Assignment,
    owner: &str,
    request: &NewFile,
    now: i64,
) -> Result<FileUpload, ApiError> {
    let file_name = checked_file_name(&request.file_name)?;
    let size = checked_size(request.size, MAX_FILE_BYTES)?;
    checked_content_type(&request.content_type)?;
    let id = ids::generate();
    let key = file_key(&assignment.id, &id);
    let part_size = storage.part_size(size);
    let upload_id = storage.start(&key, part_size).await?;
    let file = AssignmentFile {
        id: id.clone(),
        assignment_id: assignment.id.clone(),
        owner: owner.to_owned(),
        file_name,
        size,
        key: key.clone(),
        upload_id: upload_id.clone(),
        part_size,
        content_type: None,
        created_at: now,
    };
    store.save_assignment_file(&file).await?;
    let count = size.div_ceil(part_size).max(1) as u32;
    let parts = storage.part_urls(&key, &upload_id, count).await?;
    Ok(FileUpload { file_id: id, part_size, parts })
}

/// Completes the upload of `file_id` (owned by `owner`): joins its parts, then reads the object's
/// first bytes and size and keeps it only if its content is an allowed type and it is at most
/// 25 MB (`content::sniff`); refused, the object is removed.
pub async fn finish_upload(
    store: &(impl AssignmentRecords + ?Sized),
    storage: &dyn Objects,
    assignment: &Assignment,
    owner: &str,
    file_id: &str,
    done: &FileDone,
) -> Result<AssignmentFile, ApiError> {
    let file_id = ids::is_valid(file_id).then_some(file_id).ok_or_else(no_file)?;
    let mut file =
        store.get_assignment_file(&assignment.id, file_id).await?.filter(|f| f.owner == owner).ok_or_else(no_file)?;
    if file.content_type.is_some() {
        return Ok(file);
    }
    let arrived = crate::objects::finish(
        storage,
        (&file.key, &file.upload_id),
        (file.size, file.part_size),
        done,
        MAX_FILE_BYTES,
        None,
    )
    .await?;
    file.content_type = Some(arrived.content_type.to_owned());
    store.save_assignment_file(&file).await?;
    Ok(file)
}

/// Whether `sub` has linked `batch_id` with a grant still active (the rule the lecture list and
/// certificates use: `completion::actively_linked`).
pub async fn in_batch(
    store: &(impl StudentRecords + GrantRecords + ?Sized),
    sub: &str,
    batch_id: &str,
) -> Result<bool, ApiError> {
    let Some(link) = store.get_link(sub, batch_id).await? else { return Ok(false) };
    Ok(store.find_grant(batch_id, &link.secret_hash).await?.is_some_and(|g| crate::domain::AccessGrant::is_active(&g)))
}

/// The demo batch (MERN-07 of the demo catalog) and the id of its demo assignment.
pub const DEMO_BATCH: &str = "665f1c2a9b3e4d0012a1c001";
pub const DEMO_ASSIGNMENT: &str = "665f1c2a9b3e4d0012a1e001";

/// The demo batch's published assignment, due in a week (`academy seed`, and `academy serve` on an
/// empty store): nothing happens when the batch is missing or the assignment exists already.
pub async fn seed_demo(
    store: &(impl AssignmentRecords + crate::store::CatalogRecords + ?Sized),
    now: i64,
) -> Result<bool, ApiError> {
    if store.get_batch(DEMO_BATCH).await?.is_none() || store.get_assignment(DEMO_ASSIGNMENT).await?.is_some() {
        return Ok(false);
    }
    let assignment = Assignment {
        id: DEMO_ASSIGNMENT.into(),
        batch_id: DEMO_BATCH.into(),
        title: "Week 1: a REST API for a to-do list".into(),
        instructions: "Build a small **Express** API with `GET`, `POST`, `PATCH` and `DELETE` on `/todos`, \
                       stored in MongoDB.\n\n- Validate the input and answer clear errors.\n- Add a README \
                       with how to run it.\n\nHand in the link to your GitHub repository (and the deployed \
                       API if you have one), and a PDF or screenshot of your tests passing. See the \
                       [Express guide](https://expressjs.com/en/guide/routing.html)."
            .into(),
        due_at: now + 7 * 86_400,
        marking: crate::assignments::Marking::Pass,
        points: None,
        publish_at: now,
        closed: false,
        lecture_number: Some(1),
        live_session_id: None,
        attachments: Vec::new(),
        created_at: now,
        created_by: "seed".into(),
        first_submitted_at: None,
    };
    store.save_assignment(&assignment).await?;
    Ok(true)
}

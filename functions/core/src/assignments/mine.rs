//! A signed-in student's assignments (`/api/me/assignments…`): those of the batches they linked
//! (with an active grant) published by now, each with their state; one with its instructions and
//! staff's files; their submission (draft, versions handed in, feedback) and its files. Everything
//! is looked up under the caller's own `sub`: another student's submission or file is "no such"
//! (404) on every route, as an unknown id is.

use super::{
    begin_upload, file_views, find, finish_upload, in_batch, markdown, no_assignment, no_file, open_to, state_of,
    version_view, AssignmentStore, FeedbackView, FileView, VersionView, WorkState, MAX_BODY, MAX_DRAFT_SAVES,
    MAX_FILES, MAX_LINKS, MAX_LINK_CHARS, MAX_TEXT_CHARS, MAX_UPLOADS, MAX_VERSIONS,
};
use crate::assignments::{Assignment, AssignmentSubmission, Draft, FileRef, Grade, HandedIn, Marking};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::identity::Student;
use crate::http::{json, json_body, ok, Answer};
use crate::objects::{FileDone, FileUpload, NewFile, Objects};
use crate::store::CatalogRecords;
use crate::{ids, time};
use lambda_http::http::StatusCode;
use lambda_http::Request;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What the store must hold for a student's routes.
pub trait MyStore: AssignmentStore + CatalogRecords {}
impl<T: AssignmentStore + CatalogRecords + ?Sized> MyStore for T {}

/// One of a student's assignments, as `/lms` lists them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyAssignmentSummary {
    pub id: String,
    pub batch_id: String,
    pub batch_name: String,
    pub title: String,
    /// RFC 3339 (UTC); shown in the student's own zone.
    pub due_at: String,
    pub state: WorkState,
    /// When the latest version was handed in (RFC 3339).
    pub submitted_at: Option<String>,
    /// The latest review's result.
    pub result: Option<Grade>,
    pub marking: Marking,
    pub points: Option<u32>,
    /// Closed by staff: nothing more after the due time.
    pub closed: bool,
    /// Whether the student may save and hand in now.
    pub open: bool,
    /// A draft is saved beside what was handed in.
    pub has_draft: bool,
}

/// `GET /api/me/assignments` answer: by due time, soonest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyAssignments {
    pub assignments: Vec<MyAssignmentSummary>,
}

/// `GET /api/me/assignments/{id}` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyAssignment {
    #[serde(flatten)]
    pub summary: MyAssignmentSummary,
    /// The instructions, rendered to safe HTML.
    pub instructions_html: String,
    pub attachments: Vec<FileView>,
    pub lecture_number: Option<u32>,
    pub live_session_id: Option<String>,
}

/// `PUT /api/me/assignments/{id}/submission` body: the draft.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SubmissionDraft {
    /// At most 20,000 characters.
    #[serde(default)]
    #[schema(max_length = 20000)]
    pub text: String,
    /// http(s) links (a repository, a deployed site): at most 5.
    #[serde(default)]
    #[schema(max_items = 5)]
    pub links: Vec<String>,
    /// Ids of files this student uploaded to this assignment: at most 5.
    #[serde(default)]
    #[schema(max_items = 5)]
    pub files: Vec<String>,
}

/// The draft as saved.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DraftView {
    pub text: String,
    pub links: Vec<String>,
    pub files: Vec<FileView>,
    /// RFC 3339.
    pub saved_at: String,
}

/// `GET /api/me/assignments/{id}/submission` answer: the student's own work on it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MySubmission {
    /// None until something is saved.
    pub id: Option<String>,
    pub assignment_id: String,
    pub state: WorkState,
    /// Whether the student may save and hand in now.
    pub open: bool,
    pub draft: Option<DraftView>,
    /// Every version handed in, the latest first.
    pub versions: Vec<VersionView>,
    /// The latest review (of any version), once reviewed.
    pub feedback: Option<FeedbackView>,
    /// Every review, the latest first.
    pub reviews: Vec<FeedbackView>,
}

fn last_grade(submission: Option<&AssignmentSubmission>) -> Option<Grade> {
    submission.and_then(|s| s.reviews.last()).map(|r| r.grade)
}

fn summary(
    assignment: &Assignment,
    batch_name: &str,
    submission: Option<&AssignmentSubmission>,
    now: i64,
) -> MyAssignmentSummary {
    let last = last_grade(submission);
    MyAssignmentSummary {
        id: assignment.id.clone(),
        batch_id: assignment.batch_id.clone(),
        batch_name: batch_name.to_owned(),
        title: assignment.title.clone(),
        due_at: time::iso(assignment.due_at),
        state: state_of(submission),
        submitted_at: submission.and_then(|s| s.latest()).map(|v| time::iso(v.submitted_at)),
        result: submission.and_then(|s| s.current_review()).map(|r| r.grade),
        marking: assignment.marking,
        points: assignment.points,
        closed: assignment.closed,
        open: open_to(assignment, last.as_ref(), now) && submission.is_none_or(|s| s.versions.len() < MAX_VERSIONS),
        has_draft: submission.is_some_and(|s| s.draft.is_some()),
    }
}

/// What the student's routes need.
pub struct Mine<'a, S: MyStore + ?Sized> {
    pub store: &'a S,
    pub storage: &'a dyn Objects,
    pub student: &'a Student,
    /// The caller's verified e-mail (where a review is mailed).
    pub email: Option<String>,
    pub now: i64,
}

impl<S: MyStore + ?Sized> Mine<'_, S> {
    /// The assignment `id` if the caller may see it: published, of a batch they are in.
    async fn visible(&self, id: &str) -> Result<Assignment, ApiError> {
        let assignment = find(self.store, id).await?;
        if assignment.publish_at > self.now || !in_batch(self.store, &self.student.sub, &assignment.batch_id).await? {
            return Err(no_assignment());
        }
        Ok(assignment)
    }

    async fn batch_name(&self, batch_id: &str) -> Result<String, ApiError> {
        Ok(self.store.get_batch(batch_id).await?.map(|b| b.name).unwrap_or_default())
    }

    pub async fn list(&self) -> Answer {
        let mut out = Vec::new();
        for link in self.store.list_links(&self.student.sub).await? {
            if !in_batch(self.store, &self.student.sub, &link.batch_id).await? {
                continue;
            }
            let name = self.batch_name(&link.batch_id).await?;
            for assignment in self.store.batch_assignments(&link.batch_id).await? {
                if assignment.publish_at > self.now {
                    continue;
                }
                let submission = self.store.submission_of(&assignment.id, &self.student.sub).await?;
                out.push(summary(&assignment, &name, submission.as_ref(), self.now));
            }
        }
        out.sort_by(|a, b| a.due_at.cmp(&b.due_at).then_with(|| a.id.cmp(&b.id)));
        Ok(ok(&MyAssignments { assignments: out }))
    }

    pub async fn get(&self, id: &str) -> Answer {
        let assignment = self.visible(id).await?;
        let submission = self.store.submission_of(&assignment.id, &self.student.sub).await?;
        let name = self.batch_name(&assignment.batch_id).await?;
        Ok(ok(&MyAssignment {
            summary: summary(&assignment, &name, submission.as_ref(), self.now),
            instructions_html: markdown::to_html(&assignment.instructions),
            attachments: file_views(self.storage, &assignment.id, &assignment.attachments, self.now).await?,
            lecture_number: assignment.lecture_number,
            live_session_id: assignment.live_session_id.clone(),
        }))
    }

    async fn view(
        &self,
        assignment: &Assignment,
        submission: Option<&AssignmentSubmission>,
    ) -> Result<MySubmission, ApiError> {
        let mut versions = Vec::new();
        for version in submission.map(|s| s.versions.as_slice()).unwrap_or_default().iter().rev() {
            versions.push(version_view(self.storage, &assignment.id, version, self.now).await?);
        }
        let draft = match submission.and_then(|s| s.draft.as_ref()) {
            Some(d) => Some(DraftView {
                text: d.text.clone(),
                links: d.links.clone(),
                files: file_views(self.storage, &assignment.id, &d.files, self.now).await?,
                saved_at: time::iso(d.saved_at),
            }),
            None => None,
        };
        let reviews: Vec<FeedbackView> =
            submission.map(|s| s.reviews.iter().rev().map(FeedbackView::of).collect()).unwrap_or_default();
        Ok(MySubmission {
            id: submission.map(|s| s.id.clone()),
            assignment_id: assignment.id.clone(),
            state: state_of(submission),
            open: open_to(assignment, last_grade(submission).as_ref(), self.now)
                && submission.is_none_or(|s| s.versions.len() < MAX_VERSIONS),
            draft,
            versions,
            feedback: submission.and_then(|s| s.reviews.last()).map(FeedbackView::of),
            reviews,
        })
    }

    pub async fn submission(&self, id: &str) -> Answer {
        let assignment = self.visible(id).await?;
        let submission = self.store.submission_of(&assignment.id, &self.student.sub).await?;
        Ok(ok(&self.view(&assignment, submission.as_ref()).await?))
    }

    fn refuse_closed(
        &self,
        assignment: &Assignment,
        submission: Option<&AssignmentSubmission>,
    ) -> Result<(), ApiError> {
        if !open_to(assignment, last_grade(submission).as_ref(), self.now) {
            return Err(ApiError::Conflict("This assignment is closed: nothing more can be handed in.".into()));
        }
        if submission.is_some_and(|s| s.versions.len() >= MAX_VERSIONS) {
            return Err(ApiError::Conflict(format!("At most {MAX_VERSIONS} versions can be handed in.")));
        }
        Ok(())
    }

    fn fresh(&self, assignment: &Assignment) -> AssignmentSubmission {
        AssignmentSubmission {
            id: ids::generate(),
            assignment_id: assignment.id.clone(),
            batch_id: assignment.batch_id.clone(),
            sub: self.student.sub.clone(),
            email: None,
            draft: None,
            versions: Vec::new(),
            reviews: Vec::new(),
            saves: 0,
            updated_at: self.now,
        }
    }

    pub async fn save_draft(&self, req: &Request, id: &str) -> Answer {
        let assignment = self.visible(id).await?;
        let body: SubmissionDraft =
            json_body(req, MAX_BODY, |e| format!("The draft must be {{text, links, files}}: {e}"))?;
        let existing = self.store.submission_of(&assignment.id, &self.student.sub).await?;
        self.refuse_closed(&assignment, existing.as_ref())?;
        let text = checked_text(&body.text)?;
        let links = checked_links(&body.links)?;
        if body.files.len() > MAX_FILES {
            return Err(invalid("files", &format!("at most {MAX_FILES} files")));
        }
        let mut files: Vec<FileRef> = Vec::new();
        for file_id in &body.files {
            if files.iter().any(|f| &f.id == file_id) {
                continue;
            }
            let found = match ids::is_valid(file_id) {
                true => self.store.get_assignment_file(&assignment.id, file_id).await?,
                false => None,
            };
            let file = found.filter(|f| f.owner == self.student.sub).ok_or_else(no_file)?;
            let Some(content_type) = file.content_type.clone() else {
                return Err(ApiError::Conflict(format!("{} has not finished uploading.", file.file_name)));
            };
            files.push(FileRef { id: file.id, file_name: file.file_name, size: file.size, content_type });
        }
        let mut submission = existing.unwrap_or_else(|| self.fresh(&assignment));
        if submission.saves >= MAX_DRAFT_SAVES {
            return Err(ApiError::Conflict(format!("A draft can be saved at most {MAX_DRAFT_SAVES} times.")));
        }
        submission.saves += 1;
        submission.draft = Some(Draft { text, links, files, saved_at: self.now });
        submission.email = self.email.clone().or(submission.email);
        submission.updated_at = self.now;
        self.store.save_submission(&submission).await?;
        Ok(ok(&self.view(&assignment, Some(&submission)).await?))
    }

    pub async fn submit(&self, id: &str) -> Answer {
        let assignment = self.visible(id).await?;
        let existing = self.store.submission_of(&assignment.id, &self.student.sub).await?;
        self.refuse_closed(&assignment, existing.as_ref())?;
        let Some(mut submission) = existing.filter(|s| s.draft.is_some()) else {
            return Err(ApiError::Conflict("Nothing to hand in: save a draft first.".into()));
        };
        let draft = submission.draft.take().expect("a draft");
        if draft.text.trim().is_empty() && draft.links.is_empty() && draft.files.is_empty() {
            submission.draft = Some(draft);
            return Err(ApiError::Conflict("The draft is empty: add text, a link or a file.".into()));
        }
        let number = submission.versions.last().map_or(1, |v| v.number + 1);
        submission.versions.push(HandedIn {
            number,
            text: draft.text,
            links: draft.links,
            files: draft.files,
            submitted_at: self.now,
            late: self.now > assignment.due_at,
        });
        submission.email = self.email.clone().or(submission.email);
        submission.updated_at = self.now;
        self.store.save_submission(&submission).await?;
        if assignment.first_submitted_at.is_none() {
            let mut marked = assignment.clone();
            marked.first_submitted_at = Some(self.now);
            self.store.save_assignment(&marked).await?;
        }
        Ok(ok(&self.view(&assignment, Some(&submission)).await?))
    }

    pub async fn start_file(&self, req: &Request, id: &str) -> Answer {
        let assignment = self.visible(id).await?;
        let body: NewFile =
            json_body(req, MAX_BODY, |e| format!("The file must be {{fileName, size, contentType}}: {e}"))?;
        let existing = self.store.submission_of(&assignment.id, &self.student.sub).await?;
        self.refuse_closed(&assignment, existing.as_ref())?;
        crate::objects::checked_file_name(&body.file_name)?;
        crate::objects::checked_size(body.size, super::MAX_FILE_BYTES)?;
        if self.store.count_assignment_upload(&assignment.id, &self.student.sub, self.now).await? > MAX_UPLOADS {
            return Err(ApiError::Conflict(format!("At most {MAX_UPLOADS} files can be uploaded to one assignment.")));
        }
        let started: FileUpload =
            begin_upload(self.store, self.storage, &assignment, &self.student.sub, &body, self.now).await?;
        Ok(json(StatusCode::CREATED, &started))
    }

    pub async fn complete_file(&self, req: &Request, id: &str, file_id: &str) -> Answer {
        let assignment = self.visible(id).await?;
        let body: FileDone =
            json_body(req, MAX_BODY, |e| format!("The parts must be {{parts: [{{number, etag}}]}}: {e}"))?;
        let file = finish_upload(self.store, self.storage, &assignment, &self.student.sub, file_id, &body).await?;
        let reference = FileRef {
            id: file.id.clone(),
            file_name: file.file_name.clone(),
            size: file.size,
            content_type: file.content_type.clone().unwrap_or_default(),
        };
        Ok(ok(&super::file_view(self.storage, &assignment.id, &reference, self.now).await?))
    }
}

fn invalid(field: &str, why: &str) -> ApiError {
    ApiError::Invalid { fields: [(field.to_owned(), why.to_owned())].into_iter().collect() }
}

fn checked_text(text: &str) -> Result<String, ApiError> {
    if text.chars().count() > MAX_TEXT_CHARS {
        return Err(invalid("text", &format!("at most {MAX_TEXT_CHARS} characters")));
    }
    Ok(text.to_owned())
}

/// Links: at most 5, each an http(s) address with a host, no spaces, at most 2,048 characters
/// (`LINK_PATTERN`, exactly: the contract says the same); the same one once.
pub fn checked_links(links: &[String]) -> Result<Vec<String>, ApiError> {
    if links.len() > MAX_LINKS {
        return Err(invalid("links", &format!("at most {MAX_LINKS} links")));
    }
    let mut out: Vec<String> = Vec::new();
    for link in links {
        let refused = || invalid("links", &format!("{link:.80} is not an http or https address"));
        if link.chars().count() > MAX_LINK_CHARS || link.chars().any(crate::http::is_space) {
            return Err(refused());
        }
        let rest = link.strip_prefix("https://").or_else(|| link.strip_prefix("http://")).ok_or_else(refused)?;
        let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
        if host.is_empty() || host.contains('@') {
            return Err(refused());
        }
        if !out.iter().any(|l| l == link) {
            out.push(link.clone());
        }
    }
    Ok(out)
}

#[utoipa::path(get, path = "/api/me/assignments", tag = "me", operation_id = "my_assignments", security(("bearer" = [])),
    responses((status = 200, description = "the published assignments of the caller's batches, soonest due first", body = MyAssignments),
        (status = 401, body = ErrorBody)))]
pub async fn list(mine: &Mine<'_, impl MyStore + ?Sized>) -> Answer {
    mine.list().await
}

#[utoipa::path(get, path = "/api/me/assignments/{id}", tag = "me", operation_id = "my_assignment", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, body = MyAssignment), (status = 401, body = ErrorBody),
        (status = 404, description = "no such assignment, not published yet, or not of the caller's batches", body = ErrorBody)))]
pub async fn get(mine: &Mine<'_, impl MyStore + ?Sized>, id: &str) -> Answer {
    mine.get(id).await
}

#[utoipa::path(get, path = "/api/me/assignments/{id}/submission", tag = "me", operation_id = "my_submission", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "the caller's own work: draft, versions, feedback once reviewed", body = MySubmission),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn submission(mine: &Mine<'_, impl MyStore + ?Sized>, id: &str) -> Answer {
    mine.submission(id).await
}

#[utoipa::path(put, path = "/api/me/assignments/{id}/submission", tag = "me", operation_id = "my_save_draft", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters")), request_body = SubmissionDraft,
    responses((status = 200, description = "the draft saved", body = MySubmission), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, description = "no such assignment, or a file that is not the caller's", body = ErrorBody),
        (status = 409, description = "closed, a file still uploading, or too many drafts", body = ErrorBody)))]
pub async fn save_draft(mine: &Mine<'_, impl MyStore + ?Sized>, req: &Request, id: &str) -> Answer {
    mine.save_draft(req, id).await
}

#[utoipa::path(post, path = "/api/me/assignments/{id}/submission/submit", tag = "me", operation_id = "my_submit", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "the draft handed in as a new version (late after the due time)", body = MySubmission),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "nothing saved, or closed", body = ErrorBody)))]
pub async fn submit(mine: &Mine<'_, impl MyStore + ?Sized>, id: &str) -> Answer {
    mine.submit(id).await
}

#[utoipa::path(post, path = "/api/me/assignments/{id}/files", tag = "me", operation_id = "my_start_file", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters")), request_body = NewFile,
    responses((status = 201, description = "where to PUT each part (then complete)", body = FileUpload),
        (status = 400, description = "no name, empty, or larger than 25 MB", body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "closed, or too many uploads", body = ErrorBody)))]
pub async fn start_file(mine: &Mine<'_, impl MyStore + ?Sized>, req: &Request, id: &str) -> Answer {
    mine.start_file(req, id).await
}

#[utoipa::path(post, path = "/api/me/assignments/{id}/files/{fileId}/complete", tag = "me", operation_id = "my_complete_file", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters"), ("fileId" = String, Path, description = "24 lowercase hex characters")),
    request_body = FileDone,
    responses((status = 200, description = "stored and checked: its type by its content", body = FileView),
        (status = 400, description = "refused: not an allowed type by its content, or larger than 25 MB (the file is removed)", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, description = "no such file of the caller's", body = ErrorBody),
        (status = 409, description = "parts missing", body = ErrorBody)))]
pub async fn complete_file(mine: &Mine<'_, impl MyStore + ?Sized>, req: &Request, id: &str, file_id: &str) -> Answer {
    mine.complete_file(req, id, file_id).await
}

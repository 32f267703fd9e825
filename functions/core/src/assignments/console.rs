//! Staff's side of assignments (`/api/staff/…assignments…`, `/api/staff/submissions…`): post one
//! to a batch (published now or at a set time), edit it until the first hand-in (after that only
//! its due time, which mails the batch once per change, and closing), attach files (uploaded in
//! parts as students' are), review the queue of hand-ins oldest first, open one with its earlier
//! versions, and return a review with feedback and a result, which mails the student. The batch's
//! rule for certificates (every assignment passed, off by default) is set here too. Every write
//! is in the audit trail. Times are UTC in the contract; the mail of a moved due time names them
//! in the batch's zone (its live-class timetable's, Asia/Karachi when it has none).

use crate::assignments::AssignmentRecords;
use crate::assignments::{
    begin_upload, file_views, find, finish_upload, markdown, no_file, version_view, FileView, VersionView,
    MAX_ATTACHMENTS, MAX_BODY, MAX_MARKDOWN_CHARS, MAX_POINTS, MAX_TITLE_CHARS,
};
use crate::assignments::{state_of, WorkState};
use crate::assignments::{
    Assignment, AssignmentRule, AssignmentSubmission, FileRef, Grade, Marking, Review, STAFF_OWNER,
};
use crate::console::audit::recorded;
use crate::console::Actor;
use crate::enrolment::Mailing;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{json, json_body, ok, query_value, Answer};
use crate::mail::{Mail, MailKind};
use crate::objects::{FileDone, FileUpload, NewFile, Objects};
use crate::store::{AuditRecords, CatalogRecords, EnrolmentRecords};
use crate::zones::{batch_zone, ZoneOf};
use crate::{ids, time, zones};
use lambda_http::http::StatusCode;
use lambda_http::Request;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

/// Everything staff's assignment routes need from the store.
/// (The batch's timetable only for its zone.)
pub trait StaffAssignmentStore: AssignmentRecords + CatalogRecords + EnrolmentRecords + AuditRecords + ZoneOf {}
impl<T: AssignmentRecords + CatalogRecords + EnrolmentRecords + AuditRecords + ZoneOf + ?Sized> StaffAssignmentStore
    for T
{
}

/// `POST /api/staff/batches/{batchId}/assignments` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewAssignment {
    #[schema(min_length = 1, max_length = 200, pattern = "\\S")]
    pub title: String,
    /// Markdown, at most 20,000 characters.
    #[serde(default)]
    #[schema(max_length = 20000)]
    pub instructions: String,
    /// RFC 3339 with its offset (the batch's zone, as the console shows it).
    #[schema(format = DateTime, pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$")]
    pub due_at: String,
    /// `pass`: passed or needs work; `points`: out of `points`.
    pub result: Marking,
    /// The most points, 1 to 1,000 (marking by points only).
    #[serde(default, deserialize_with = "crate::http::whole::some_u32")]
    #[schema(minimum = 1, maximum = 1000)]
    pub points: Option<u32>,
    /// When students see it (RFC 3339); none: now.
    #[schema(format = DateTime, pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$")]
    pub publish_at: Option<String>,
    /// The lecture it belongs to (optional).
    #[serde(default, deserialize_with = "crate::http::whole::some_u32")]
    #[schema(minimum = 1, maximum = 99999)]
    pub lecture_number: Option<u32>,
    /// The live session it belongs to (optional).
    #[schema(pattern = "^[0-9a-f]{24}$")]
    pub live_session_id: Option<String>,
}

/// A field that may be absent (leave it) or `null` (clear it).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// `PATCH /api/staff/assignments/{id}` body: the fields to change. After the first hand-in only
/// `dueAt`, `closed` and `publishAt` change.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AssignmentChange {
    #[schema(min_length = 1, max_length = 200, pattern = "\\S")]
    pub title: Option<String>,
    #[schema(max_length = 20000)]
    pub instructions: Option<String>,
    #[schema(format = DateTime, pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$")]
    pub due_at: Option<String>,
    pub result: Option<Marking>,
    #[serde(default, deserialize_with = "crate::http::whole::present_u32")]
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 1000)]
    pub points: Option<Option<u32>>,
    #[schema(format = DateTime, pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$")]
    pub publish_at: Option<String>,
    /// Closed: no hand-ins after the due time.
    pub closed: Option<bool>,
    #[serde(default, deserialize_with = "crate::http::whole::present_u32")]
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 99999)]
    pub lecture_number: Option<Option<u32>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, pattern = "^[0-9a-f]{24}$")]
    pub live_session_id: Option<Option<String>>,
}

/// An assignment as staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffAssignment {
    pub id: String,
    pub batch_id: String,
    pub title: String,
    /// Markdown, as written.
    pub instructions: String,
    /// As students see it.
    pub instructions_html: String,
    /// RFC 3339 (UTC).
    pub due_at: String,
    pub result: Marking,
    pub points: Option<u32>,
    /// RFC 3339 (UTC).
    pub publish_at: String,
    /// Students see it (its publish time has come).
    pub published: bool,
    pub closed: bool,
    pub lecture_number: Option<u32>,
    pub live_session_id: Option<String>,
    pub attachments: Vec<FileView>,
    /// RFC 3339.
    pub created_at: String,
    pub created_by: String,
    /// Students who handed in at least once.
    pub submitted: u32,
    /// Hand-ins waiting for a review.
    pub waiting: u32,
    /// Nothing handed in yet: every field may change.
    pub editable: bool,
}

/// `GET /api/staff/batches/{batchId}/assignments` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffAssignments {
    /// By due time.
    pub assignments: Vec<StaffAssignment>,
    /// The batch's certificate rule: every published assignment passed.
    pub require_all_passed: bool,
}

/// `PUT /api/staff/batches/{batchId}/assignment-rule` body and answer.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AssignmentRuleView {
    /// A certificate needs every published assignment passed (default off).
    pub require_all_passed: bool,
}

/// Where a hand-in stands for staff.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum QueueState {
    /// The latest version waits for a review.
    Waiting,
    Reviewed,
    All,
}

/// One student's hand-in in a list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmissionRow {
    pub id: String,
    pub assignment_id: String,
    pub assignment_title: String,
    pub batch_id: String,
    /// The student's e-mail (or account id when none is known).
    pub student: String,
    /// The latest version's number.
    pub version: u32,
    /// When the latest version was handed in (RFC 3339).
    pub submitted_at: String,
    pub late: bool,
    pub state: WorkState,
    /// The latest version's review.
    pub result: Option<Grade>,
    pub reviewed_at: Option<String>,
}

/// A list of hand-ins, oldest hand-in first.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubmissionQueue {
    pub submissions: Vec<SubmissionRow>,
}

/// A review as staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewView {
    pub version: u32,
    /// Markdown, as written.
    pub feedback: String,
    pub feedback_html: String,
    pub result: Grade,
    /// RFC 3339.
    pub reviewed_at: String,
    pub reviewed_by: String,
}

/// `GET /api/staff/submissions/{id}` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffSubmission {
    #[serde(flatten)]
    pub row: SubmissionRow,
    pub marking: Marking,
    pub points: Option<u32>,
    /// RFC 3339.
    pub due_at: String,
    /// Every version, the latest first (with signed links to its files).
    pub versions: Vec<VersionView>,
    /// Every review, the latest first.
    pub reviews: Vec<ReviewView>,
}

/// `POST /api/staff/submissions/{id}/review` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// Markdown, 1 to 20,000 characters.
    #[schema(min_length = 1, max_length = 20000, pattern = "\\S")]
    pub feedback: String,
    /// `"passed"` or `"needs-work"` (marking pass), or points from 0 to the assignment's most.
    pub result: Grade,
}

/// What staff's handlers use.
pub struct StaffAssignmentHandlers<'a, S: StaffAssignmentStore + ?Sized> {
    pub store: &'a S,
    pub storage: &'a dyn Objects,
    pub mailing: Option<&'a Mailing>,
    pub actor: &'a Actor,
    pub now: i64,
}

fn invalid(field: &str, why: &str) -> ApiError {
    ApiError::Invalid { fields: [(field.to_owned(), why.to_owned())].into_iter().collect() }
}

/// An RFC 3339 time as epoch seconds.
pub fn checked_instant(field: &str, text: &str) -> Result<i64, ApiError> {
    let parsed = chrono::DateTime::parse_from_rfc3339(text.trim())
        .map_err(|_| invalid(field, "must be an RFC 3339 time, e.g. 2026-12-04T18:00:00+05:00"))?;
    let at = parsed.timestamp();
    // 2000 to 2100: anything else is a typing slip (a well-formed time, so not a malformed field).
    if !(946_684_800..=4_102_444_800).contains(&at) {
        return Err(ApiError::Conflict(format!("The {field} must be a time from 2000 to 2100.")));
    }
    Ok(at)
}

fn checked_title(title: &str) -> Result<String, ApiError> {
    let tidy = title.trim_matches(crate::http::is_space);
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(invalid("title", &format!("must be at most {MAX_TITLE_CHARS} characters")));
    }
    if tidy.is_empty() {
        return Err(invalid("title", "is required"));
    }
    Ok(tidy.to_owned())
}

fn checked_markdown(field: &str, text: &str) -> Result<String, ApiError> {
    if text.chars().count() > MAX_MARKDOWN_CHARS {
        return Err(invalid(field, &format!("must be at most {MAX_MARKDOWN_CHARS} characters")));
    }
    Ok(text.trim().to_owned())
}

fn checked_marking(marking: Marking, points: Option<u32>) -> Result<Option<u32>, ApiError> {
    // Points out of range are refused whatever the marking: the contract bounds the field itself.
    match (marking, points) {
        (_, Some(p)) if !(1..=MAX_POINTS).contains(&p) => {
            Err(invalid("points", &format!("the most points must be 1 to {MAX_POINTS}")))
        }
        (Marking::Pass, _) => Ok(None),
        (Marking::Points, Some(p)) => Ok(Some(p)),
        (Marking::Points, None) => Ok(Some(DEFAULT_POINTS)),
    }
}

/// The most points when staff mark by points and name none.
pub const DEFAULT_POINTS: u32 = 100;

fn checked_live(id: Option<&str>) -> Result<Option<String>, ApiError> {
    match id {
        Some(id) if !ids::is_valid(id) => Err(invalid("liveSessionId", "must be 24 lowercase hex characters")),
        other => Ok(other.map(str::to_owned)),
    }
}

fn checked_lecture(number: Option<u32>) -> Result<Option<u32>, ApiError> {
    match number {
        Some(n) if !(1..=99_999).contains(&n) => Err(invalid("lectureNumber", "must be from 1 to 99999")),
        other => Ok(other),
    }
}

fn row_of(assignment: &Assignment, submission: &AssignmentSubmission) -> Option<SubmissionRow> {
    let latest = submission.latest()?;
    let review = submission.current_review();
    Some(SubmissionRow {
        id: submission.id.clone(),
        assignment_id: assignment.id.clone(),
        assignment_title: assignment.title.clone(),
        batch_id: assignment.batch_id.clone(),
        student: submission.email.clone().unwrap_or_else(|| submission.sub.clone()),
        version: latest.number,
        submitted_at: time::iso(latest.submitted_at),
        late: latest.late,
        state: state_of(Some(submission)),
        result: review.map(|r| r.grade),
        reviewed_at: review.map(|r| time::iso(r.reviewed_at)),
    })
}

fn no_submission() -> ApiError {
    ApiError::NotFound("No such submission.".into())
}

impl<S: StaffAssignmentStore + ?Sized> StaffAssignmentHandlers<'_, S> {
    async fn view(&self, assignment: &Assignment) -> Result<StaffAssignment, ApiError> {
        let submissions = self.store.submissions_of(&assignment.id).await?;
        let submitted = submissions.iter().filter(|s| !s.versions.is_empty()).count() as u32;
        let waiting = submissions.iter().filter(|s| s.waiting()).count() as u32;
        Ok(StaffAssignment {
            id: assignment.id.clone(),
            batch_id: assignment.batch_id.clone(),
            title: assignment.title.clone(),
            instructions: assignment.instructions.clone(),
            instructions_html: markdown::to_html(&assignment.instructions),
            due_at: time::iso(assignment.due_at),
            result: assignment.marking,
            points: assignment.points,
            publish_at: time::iso(assignment.publish_at),
            published: assignment.publish_at <= self.now,
            closed: assignment.closed,
            lecture_number: assignment.lecture_number,
            live_session_id: assignment.live_session_id.clone(),
            attachments: file_views(self.storage, &assignment.id, &assignment.attachments, self.now).await?,
            created_at: time::iso(assignment.created_at),
            created_by: assignment.created_by.clone(),
            submitted,
            waiting,
            editable: assignment.first_submitted_at.is_none() && submitted == 0,
        })
    }

    async fn batch(&self, batch_id: &str) -> Result<crate::domain::Batch, ApiError> {
        let batch_id = ApiError::checked_id(batch_id, "batch")?;
        self.store.get_batch(batch_id).await?.ok_or_else(|| ApiError::NotFound("No batch has this id.".into()))
    }

    pub async fn list(&self, batch_id: &str) -> Answer {
        let batch = self.batch(batch_id).await?;
        let mut assignments = Vec::new();
        for assignment in self.store.batch_assignments(&batch.id).await? {
            assignments.push(self.view(&assignment).await?);
        }
        let rule = self.store.get_assignment_rule(&batch.id).await?.unwrap_or_default();
        Ok(ok(&StaffAssignments { assignments, require_all_passed: rule.require_all_passed }))
    }

    pub async fn get(&self, id: &str) -> Answer {
        let assignment = find(self.store, id).await?;
        Ok(ok(&self.view(&assignment).await?))
    }

    pub async fn create(&self, req: &Request, batch_id: &str) -> Answer {
        let result = async {
            let batch = self.batch(batch_id).await?;
            let body: NewAssignment = json_body(req, MAX_BODY, |e| {
                format!("The assignment must be {{title, instructions, dueAt, result, points?}}: {e}")
            })?;
            let title = checked_title(&body.title)?;
            let instructions = checked_markdown("instructions", &body.instructions)?;
            let due_at = checked_instant("dueAt", &body.due_at)?;
            let publish_at = match body.publish_at.as_deref() {
                Some(at) => checked_instant("publishAt", at)?,
                None => self.now,
            };
            let points = checked_marking(body.result, body.points)?;
            let assignment = Assignment {
                id: ids::generate(),
                batch_id: batch.id,
                title,
                instructions,
                due_at,
                marking: body.result,
                points,
                publish_at,
                closed: false,
                lecture_number: checked_lecture(body.lecture_number)?,
                live_session_id: checked_live(body.live_session_id.as_deref())?,
                attachments: Vec::new(),
                created_at: self.now,
                created_by: self.actor.name().to_owned(),
                first_submitted_at: None,
            };
            self.store.save_assignment(&assignment).await?;
            Ok(assignment)
        }
        .await;
        let target = result.as_ref().map(|a| a.id.clone()).unwrap_or_else(|_| batch_id.to_owned());
        let assignment = recorded(self.store, self.actor, "assignment.create", &target, None, result).await?;
        Ok(json(StatusCode::CREATED, &self.view(&assignment).await?))
    }

    pub async fn update(&self, req: &Request, id: &str) -> Answer {
        let mut detail = None;
        let result = async {
            let mut assignment = find(self.store, id).await?;
            let change: AssignmentChange =
                json_body(req, MAX_BODY, |e| format!("The change must be the assignment's fields: {e}"))?;
            let started = assignment.first_submitted_at.is_some()
                || self.store.submissions_of(&assignment.id).await?.iter().any(|s| !s.versions.is_empty());
            let fixed = change.title.is_some()
                || change.instructions.is_some()
                || change.result.is_some()
                || change.points.is_some()
                || change.lecture_number.is_some()
                || change.live_session_id.is_some();
            if started && fixed {
                return Err(ApiError::Conflict(
                    "Students have handed in: only the due time, the publish time and closing can change.".into(),
                ));
            }
            if let Some(title) = &change.title {
                assignment.title = checked_title(title)?;
            }
            if let Some(text) = &change.instructions {
                assignment.instructions = checked_markdown("instructions", text)?;
            }
            if let Some(marking) = change.result {
                assignment.marking = marking;
            }
            if let Some(points) = change.points {
                assignment.points = points;
            }
            if change.result.is_some() || change.points.is_some() {
                assignment.points = checked_marking(assignment.marking, assignment.points)?;
            }
            if let Some(at) = &change.publish_at {
                assignment.publish_at = checked_instant("publishAt", at)?;
            }
            if let Some(closed) = change.closed {
                assignment.closed = closed;
            }
            if let Some(number) = change.lecture_number {
                assignment.lecture_number = checked_lecture(number)?;
            }
            if let Some(live) = &change.live_session_id {
                assignment.live_session_id = checked_live(live.as_deref())?;
            }
            let mut moved = None;
            if let Some(at) = &change.due_at {
                let due_at = checked_instant("dueAt", at)?;
                if due_at != assignment.due_at {
                    moved = Some(assignment.due_at);
                    assignment.due_at = due_at;
                }
            }
            self.store.save_assignment(&assignment).await?;
            if let (Some(before), true) = (moved, started) {
                let sent = self.mail_due_change(&assignment, before).await?;
                detail = Some(format!(
                    "due time moved from {} to {}: {sent} students mailed",
                    time::iso(before),
                    time::iso(assignment.due_at)
                ));
            }
            Ok(assignment)
        }
        .await;
        let assignment = recorded(self.store, self.actor, "assignment.update", id, detail, result).await?;
        Ok(ok(&self.view(&assignment).await?))
    }

    /// Mails every student of the batch (enrolled, or who handed in) once that the due time moved.
    async fn mail_due_change(&self, assignment: &Assignment, before: i64) -> Result<usize, ApiError> {
        let Some(mailing) = self.mailing else { return Ok(0) };
        let mut to: Vec<String> = self
            .store
            .list_enrolments(&assignment.batch_id)
            .await?
            .into_iter()
            .filter(|e| e.revoked_at.is_none())
            .map(|e| e.email.to_ascii_lowercase())
            .collect();
        for submission in self.store.submissions_of(&assignment.id).await? {
            if let Some(email) = submission.email {
                to.push(email.to_ascii_lowercase());
            }
        }
        to.sort();
        to.dedup();
        let lms = format!("{}/lms", mailing.site_url.trim_end_matches('/'));
        let e = |s: &str| html_escape::encode_text(s).into_owned();
        // In the batch's zone, as staff set it; the page shows each student the time in their own.
        let zone = batch_zone(self.store, &assignment.batch_id).await?;
        let (from, until) = (zones::with_utc(before, zone), zones::with_utc(assignment.due_at, zone));
        let zone_name = zone.name();
        for email in &to {
            let text = format!(
                "Hello,\n\nThe due time of \"{title}\" moved from {from} to {until} (the batch's time zone, {zone_name}).\n\n\
                 See it in your own time zone on {lms}\n\nSkyline Tech Academy\n",
                title = assignment.title,
            );
            let html = format!(
                "<p>Hello,</p><p>The due time of <strong>{title}</strong> moved from {from} to {until} \
                 (the batch's time zone, {zone_name}).</p>\
                 <p><a href=\"{lms}\">See it in your own time zone on your batches' page</a>.</p><p>Skyline Tech Academy</p>",
                title = e(&assignment.title),
                from = e(&from),
                until = e(&until),
                zone_name = e(zone_name),
                lms = html_escape::encode_double_quoted_attribute(&lms),
            );
            let mail = Mail {
                about: format!("assignment-{}-due-{}", assignment.id, assignment.due_at),
                kind: MailKind::Assignment,
                from: mailing.from.clone(),
                to: email.clone(),
                reply_to: None,
                subject: format!("New due time: {}", assignment.title),
                text,
                html,
                calendar: None,
            };
            if let Err(error) = mailing.mailer.send(&mail).await {
                tracing::error!(assignment = %assignment.id, %error, "due time mail failed");
            }
        }
        Ok(to.len())
    }

    pub async fn start_attachment(&self, req: &Request, id: &str) -> Answer {
        let result = async {
            let assignment = find(self.store, id).await?;
            let body: NewFile =
                json_body(req, MAX_BODY, |e| format!("The file must be {{fileName, size, contentType}}: {e}"))?;
            if assignment.attachments.len() >= MAX_ATTACHMENTS {
                return Err(ApiError::Conflict(format!("An assignment has at most {MAX_ATTACHMENTS} files.")));
            }
            begin_upload(self.store, self.storage, &assignment, STAFF_OWNER, &body, self.now).await
        }
        .await;
        let started: FileUpload = recorded(self.store, self.actor, "assignment.attach", id, None, result).await?;
        Ok(json(StatusCode::CREATED, &started))
    }

    pub async fn complete_attachment(&self, req: &Request, id: &str, file_id: &str) -> Answer {
        let result = async {
            let mut assignment = find(self.store, id).await?;
            let body: FileDone =
                json_body(req, MAX_BODY, |e| format!("The parts must be {{parts: [{{number, etag}}]}}: {e}"))?;
            let file = finish_upload(self.store, self.storage, &assignment, STAFF_OWNER, file_id, &body).await?;
            if !assignment.attachments.iter().any(|a| a.id == file.id) {
                if assignment.attachments.len() >= MAX_ATTACHMENTS {
                    return Err(ApiError::Conflict(format!("An assignment has at most {MAX_ATTACHMENTS} files.")));
                }
                assignment.attachments.push(FileRef {
                    id: file.id.clone(),
                    file_name: file.file_name.clone(),
                    size: file.size,
                    content_type: file.content_type.clone().unwrap_or_default(),
                });
                self.store.save_assignment(&assignment).await?;
            }
            Ok(assignment)
        }
        .await;
        let assignment =
            recorded(self.store, self.actor, "assignment.attach-complete", &format!("{id}/{file_id}"), None, result)
                .await?;
        Ok(ok(&self.view(&assignment).await?))
    }

    pub async fn remove_attachment(&self, id: &str, file_id: &str) -> Answer {
        let result = async {
            let mut assignment = find(self.store, id).await?;
            let before = assignment.attachments.len();
            assignment.attachments.retain(|a| a.id != file_id);
            if assignment.attachments.len() == before {
                // A file of staff's still uploading is not attached yet: nothing to detach.
                let uploading = self
                    .store
                    .get_assignment_file(&assignment.id, file_id)
                    .await?
                    .is_some_and(|f| f.owner == crate::assignments::STAFF_OWNER && f.content_type.is_none());
                return if uploading { Ok(assignment) } else { Err(no_file()) };
            }
            self.store.save_assignment(&assignment).await?;
            self.storage.delete(&crate::assignments::file_key(&assignment.id, file_id)).await?;
            Ok(assignment)
        }
        .await;
        let assignment =
            recorded(self.store, self.actor, "assignment.detach", &format!("{id}/{file_id}"), None, result).await?;
        Ok(ok(&self.view(&assignment).await?))
    }

    pub async fn set_rule(&self, req: &Request, batch_id: &str) -> Answer {
        let result = async {
            let batch = self.batch(batch_id).await?;
            let body: AssignmentRuleView =
                json_body(req, MAX_BODY, |e| format!("The rule must be {{requireAllPassed}}: {e}"))?;
            let rule = AssignmentRule { batch_id: batch.id, require_all_passed: body.require_all_passed };
            self.store.save_assignment_rule(&rule).await?;
            Ok(rule)
        }
        .await;
        let detail = result.as_ref().ok().map(|r| format!("requireAllPassed={}", r.require_all_passed));
        let rule = recorded(self.store, self.actor, "assignment.rule", batch_id, detail, result).await?;
        Ok(ok(&AssignmentRuleView { require_all_passed: rule.require_all_passed }))
    }

    pub async fn submissions(&self, id: &str) -> Answer {
        let assignment = find(self.store, id).await?;
        let mut rows: Vec<SubmissionRow> =
            self.store.submissions_of(&assignment.id).await?.iter().filter_map(|s| row_of(&assignment, s)).collect();
        rows.sort_by(|a, b| a.submitted_at.cmp(&b.submitted_at).then_with(|| a.id.cmp(&b.id)));
        Ok(ok(&SubmissionQueue { submissions: rows }))
    }

    pub async fn queue(&self, req: &Request) -> Answer {
        let batch = match query_value(req, "batchId") {
            None => None,
            Some(id) if ids::is_valid(&id) => Some(id),
            Some(_) => return Err(ApiError::BadRequest("The batchId must be 24 lowercase hex characters.".into())),
        };
        let state = match query_value(req, "state").as_deref() {
            None | Some("waiting") => QueueState::Waiting,
            Some("reviewed") => QueueState::Reviewed,
            Some("all") => QueueState::All,
            Some(_) => return Err(ApiError::BadRequest("The state must be waiting, reviewed or all.".into())),
        };
        let mut found = Vec::new();
        if state != QueueState::Reviewed {
            found.extend(self.store.review_queue(true).await?);
        }
        if state != QueueState::Waiting {
            found.extend(self.store.review_queue(false).await?);
        }
        let mut rows = Vec::new();
        let mut titles: std::collections::HashMap<String, Option<Assignment>> = Default::default();
        for submission in found.iter().filter(|s| batch.as_deref().is_none_or(|b| b == s.batch_id)) {
            if !titles.contains_key(&submission.assignment_id) {
                let assignment = self.store.get_assignment(&submission.assignment_id).await?;
                titles.insert(submission.assignment_id.clone(), assignment);
            }
            if let Some(Some(assignment)) = titles.get(&submission.assignment_id) {
                rows.extend(row_of(assignment, submission));
            }
        }
        rows.sort_by(|a, b| a.submitted_at.cmp(&b.submitted_at).then_with(|| a.id.cmp(&b.id)));
        Ok(ok(&SubmissionQueue { submissions: rows }))
    }

    async fn detail(&self, submission: &AssignmentSubmission) -> Result<StaffSubmission, ApiError> {
        let assignment = find(self.store, &submission.assignment_id).await?;
        let row = row_of(&assignment, submission).ok_or_else(no_submission)?;
        let mut versions = Vec::new();
        for version in submission.versions.iter().rev() {
            versions.push(version_view(self.storage, &assignment.id, version, self.now).await?);
        }
        let reviews = submission
            .reviews
            .iter()
            .rev()
            .map(|r| ReviewView {
                version: r.version,
                feedback: r.feedback.clone(),
                feedback_html: markdown::to_html(&r.feedback),
                result: r.grade,
                reviewed_at: time::iso(r.reviewed_at),
                reviewed_by: r.reviewed_by.clone(),
            })
            .collect();
        Ok(StaffSubmission {
            row,
            marking: assignment.marking,
            points: assignment.points,
            due_at: time::iso(assignment.due_at),
            versions,
            reviews,
        })
    }

    async fn find_submission(&self, id: &str) -> Result<AssignmentSubmission, ApiError> {
        let id = ids::is_valid(id).then_some(id).ok_or_else(no_submission)?;
        // Only handed-in work is staff's to read: a draft alone is the student's.
        self.store.get_submission(id).await?.filter(|s| !s.versions.is_empty()).ok_or_else(no_submission)
    }

    pub async fn submission(&self, id: &str) -> Answer {
        let submission = self.find_submission(id).await?;
        Ok(ok(&self.detail(&submission).await?))
    }

    pub async fn review(&self, req: &Request, id: &str) -> Answer {
        let mut detail = None;
        let result = async {
            let mut submission = self.find_submission(id).await?;
            let assignment = find(self.store, &submission.assignment_id).await?;
            let body: ReviewRequest =
                json_body(req, MAX_BODY, |e| format!("The review must be {{feedback, result}}: {e}"))?;
            let feedback = checked_markdown("feedback", &body.feedback)?;
            if !body.feedback.chars().any(|c| !crate::http::is_space(c)) {
                return Err(invalid("feedback", "is required"));
            }
            match (assignment.marking, body.result) {
                (Marking::Pass, Grade::Verdict(_)) => {}
                (Marking::Points, Grade::Points(p)) if p <= assignment.points.unwrap_or(0) => {}
                (Marking::Points, Grade::Verdict(crate::assignments::Verdict::NeedsWork)) => {}
                (Marking::Points, _) => {
                    return Err(invalid(
                        "result",
                        &format!("must be points from 0 to {}, or \"needs-work\"", assignment.points.unwrap_or(0)),
                    ))
                }
                (Marking::Pass, Grade::Points(_)) => {
                    return Err(invalid("result", "must be \"passed\" or \"needs-work\""))
                }
            }
            let version = submission.latest().map(|v| v.number).ok_or_else(no_submission)?;
            submission.reviews.push(Review {
                version,
                feedback,
                grade: body.result,
                reviewed_at: self.now,
                reviewed_by: self.actor.name().to_owned(),
            });
            submission.updated_at = self.now;
            self.store.save_submission(&submission).await?;
            detail = Some(format!("version {version}: {}", serde_json::to_string(&body.result).unwrap_or_default()));
            self.mail_review(&assignment, &submission).await;
            Ok(submission)
        }
        .await;
        let submission = recorded(self.store, self.actor, "submission.review", id, detail, result).await?;
        Ok(ok(&self.detail(&submission).await?))
    }

    /// Tells the student their work was reviewed (the feedback itself is read on the site).
    async fn mail_review(&self, assignment: &Assignment, submission: &AssignmentSubmission) {
        let (Some(mailing), Some(email)) = (self.mailing, submission.email.as_ref()) else { return };
        let lms = format!("{}/lms", mailing.site_url.trim_end_matches('/'));
        let e = |s: &str| html_escape::encode_text(s).into_owned();
        let text = format!(
            "Hello,\n\nYour work on \"{title}\" has been reviewed. Read the feedback on {lms}\n\nSkyline Tech Academy\n",
            title = assignment.title
        );
        let html = format!(
            "<p>Hello,</p><p>Your work on <strong>{title}</strong> has been reviewed.</p>\
             <p><a href=\"{lms}\">Read the feedback</a>.</p><p>Skyline Tech Academy</p>",
            title = e(&assignment.title),
            lms = html_escape::encode_double_quoted_attribute(&lms),
        );
        let mail = Mail {
            about: format!("submission-{}-review-{}", submission.id, submission.reviews.len()),
            kind: MailKind::Assignment,
            from: mailing.from.clone(),
            to: email.clone(),
            reply_to: None,
            subject: format!("Feedback on {}", assignment.title),
            text,
            html,
            calendar: None,
        };
        if let Err(error) = mailing.mailer.send(&mail).await {
            tracing::error!(submission = %submission.id, %error, "review mail failed");
        }
    }
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/assignments", tag = "staff", operation_id = "staff_assignments", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "the batch's assignments by due time, and its certificate rule", body = StaffAssignments),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn list(h: &StaffAssignmentHandlers<'_, impl StaffAssignmentStore + ?Sized>, batch_id: &str) -> Answer {
    h.list(batch_id).await
}

#[utoipa::path(post, path = "/api/staff/batches/{batchId}/assignments", tag = "staff", operation_id = "staff_add_assignment", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")), request_body = NewAssignment,
    responses((status = 201, description = "posted (students see it from its publish time)", body = StaffAssignment),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "a well-formed time outside 2000 to 2100", body = ErrorBody)))]
pub async fn create(
    h: &StaffAssignmentHandlers<'_, impl StaffAssignmentStore + ?Sized>,
    req: &Request,
    batch_id: &str,
) -> Answer {
    h.create(req, batch_id).await
}

#[utoipa::path(put, path = "/api/staff/batches/{batchId}/assignment-rule", tag = "staff", operation_id = "staff_assignment_rule", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")), request_body = AssignmentRuleView,
    responses((status = 200, body = AssignmentRuleView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn set_rule(
    h: &StaffAssignmentHandlers<'_, impl StaffAssignmentStore + ?Sized>,
    req: &Request,
    batch_id: &str,
) -> Answer {
    h.set_rule(req, batch_id).await
}

#[utoipa::path(get, path = "/api/staff/assignments/{id}", tag = "staff", operation_id = "staff_assignment", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, body = StaffAssignment), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn get(h: &StaffAssignmentHandlers<'_, impl StaffAssignmentStore + ?Sized>, id: &str) -> Answer {
    h.get(id).await
}

#[utoipa::path(patch, path = "/api/staff/assignments/{id}", tag = "staff", operation_id = "staff_update_assignment", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters")), request_body = AssignmentChange,
    responses((status = 200, description = "changed (a due time moved after the first hand-in mails the batch once)", body = StaffAssignment),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "students have handed in: only dueAt, publishAt and closed change", body = ErrorBody)))]
pub async fn update(
    h: &StaffAssignmentHandlers<'_, impl StaffAssignmentStore + ?Sized>,
    req: &Request,
    id: &str,
) -> Answer {
    h.update(req, id).await
}

#[utoipa::path(post, path = "/api/staff/assignments/{id}/attachments", tag = "staff", operation_id = "staff_start_attachment", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters")), request_body = NewFile,
    responses((status = 201, body = FileUpload), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, description = "ten files already", body = ErrorBody)))]
pub async fn start_attachment(
    h: &StaffAssignmentHandlers<'_, impl StaffAssignmentStore + ?Sized>,
    req: &Request,
    id: &str,
) -> Answer {
    h.start_attachment(req, id).await
}

#[utoipa::path(post, path = "/api/staff/assignments/{id}/attachments/{fileId}/complete", tag = "staff", operation_id = "staff_complete_attachment", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters"), ("fileId" = String, Path, description = "24 lowercase hex characters")),
    request_body = FileDone,
    responses((status = 200, description = "checked by its content and attached", body = StaffAssignment),
        (status = 400, description = "not an allowed type by its content, or larger than 25 MB", body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn complete_attachment(
    h: &StaffAssignmentHandlers<'_, impl StaffAssignmentStore + ?Sized>,
    req: &Request,
    id: &str,
    file_id: &str,
) -> Answer {
    h.complete_attachment(req, id, file_id).await
}

#[utoipa::path(delete, path = "/api/staff/assignments/{id}/attachments/{fileId}", tag = "staff", operation_id = "staff_remove_attachment", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters"), ("fileId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, body = StaffAssignment), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn remove_attachment(
    h: &StaffAssignmentHandlers<'_, impl StaffAssignmentStore + ?Sized>,
    id: &str,
    file_id: &str,
) -> Answer {
    h.remove_attachment(id, file_id).await
}

#[utoipa::path(get, path = "/api/staff/assignments/{id}/submissions", tag = "staff", operation_id = "staff_assignment_submissions", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "every student's hand-in, oldest first", body = SubmissionQueue), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn submissions(h: &StaffAssignmentHandlers<'_, impl StaffAssignmentStore + ?Sized>, id: &str) -> Answer {
    h.submissions(id).await
}

#[utoipa::path(get, path = "/api/staff/submissions", tag = "staff", operation_id = "staff_review_queue", security(("bearer" = [])),
    params(("batchId" = Option<String>, Query, description = "one batch (24 lowercase hex characters); none: every batch", pattern = "^[0-9a-f]{24}$"),
        ("state" = Option<QueueState>, Query, description = "waiting (default), reviewed or all")),
    responses((status = 200, description = "hand-ins, oldest first", body = SubmissionQueue), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn queue(h: &StaffAssignmentHandlers<'_, impl StaffAssignmentStore + ?Sized>, req: &Request) -> Answer {
    h.queue(req).await
}

#[utoipa::path(get, path = "/api/staff/submissions/{id}", tag = "staff", operation_id = "staff_submission", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "the hand-in with every version (signed file links) and review", body = StaffSubmission),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn submission(h: &StaffAssignmentHandlers<'_, impl StaffAssignmentStore + ?Sized>, id: &str) -> Answer {
    h.submission(id).await
}

#[utoipa::path(post, path = "/api/staff/submissions/{id}/review", tag = "staff", operation_id = "staff_review_submission", security(("bearer" = [])),
    params(("id" = String, Path, description = "24 lowercase hex characters")), request_body = ReviewRequest,
    responses((status = 200, description = "returned to the student (who is mailed)", body = StaffSubmission), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn review(
    h: &StaffAssignmentHandlers<'_, impl StaffAssignmentStore + ?Sized>,
    req: &Request,
    id: &str,
) -> Answer {
    h.review(req, id).await
}

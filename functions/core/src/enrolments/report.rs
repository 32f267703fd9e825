//! A batch's report: per lecture, how many students watched it (to 90 %) or started it and how
//! far they got on average; per student, what they watched and when they were last active. The
//! students are the batch's enrolments and every account linked to it (a Secret ID issued by
//! `academy grant` counts too, named by its label). A revoked student stays, marked revoked, with
//! what they watched. Beside the lectures, each student's hand-ins and results of the batch's
//! assignments (`assignments`).

use super::console::{accounts, EnrolmentStore};
use crate::completion::{AssignmentColumn, AssignmentsOf, AttendanceOf, StudentAssignment, StudentWork};
use crate::console::sheet;
use crate::domain::{Batch, Enrolment, LectureProgress};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{ok, Answer};
use crate::time;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LectureReport {
    pub lecture_number: u32,
    pub title: String,
    /// Students who watched it to at least 90 %.
    pub watched_by: u32,
    /// Students who played any of it.
    pub started_by: u32,
    /// The average furthest second reached, over those who started it.
    pub average_furthest_seconds: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StudentReport {
    /// None for an account that linked a Secret ID issued outside the console.
    pub enrolment_id: Option<String>,
    pub name: String,
    pub email: String,
    pub account_linked: bool,
    pub lectures_watched: u32,
    pub last_activity: Option<i64>,
    /// When the enrolment was revoked: the student keeps their row, with what they watched.
    pub revoked_at: Option<i64>,
    /// Live classes attended, in percent of those held (less excused ones); null while none counts.
    pub attendance_percent: Option<u32>,
    /// One per assignment of the batch, in the report's `assignments` order.
    pub assignments: Vec<StudentAssignment>,
    /// Assignments handed in, and passed.
    pub assignments_done: u32,
    pub assignments_passed: u32,
}

/// `GET /api/staff/batches/{batchId}/report` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchReport {
    pub batch: Batch,
    pub lectures_total: u32,
    pub lectures: Vec<LectureReport>,
    pub students: Vec<StudentReport>,
    /// The batch's assignments, by due time.
    pub assignments: Vec<AssignmentColumn>,
}

/// Builds the report of `batch_id`.
async fn report(
    store: &(impl EnrolmentStore + AttendanceOf + AssignmentsOf + ?Sized),
    batch_id: &str,
    now: i64,
) -> Result<BatchReport, ApiError> {
    let batch_id = ApiError::checked_id(batch_id, "batch")?;
    let batch = store.get_batch(batch_id).await?.ok_or_else(|| ApiError::NotFound("No batch has this id.".into()))?;
    let videos = store.list_lectures(batch_id).await?;
    let listed = store.list_enrolments(batch_id).await?;
    // Each student's progress: by grant, so one student's two devices (or accounts) are one student;
    // a revoked student's unlinked accounts count too, so their history stays.
    let accounts = accounts(store, batch_id, &listed).await?;
    let enrolments: BTreeMap<String, Enrolment> = listed.into_iter().map(|e| (e.secret_hash.clone(), e)).collect();
    let mut progress: BTreeMap<String, Vec<LectureProgress>> = BTreeMap::new();
    let mut linked: BTreeSet<String> = BTreeSet::new();
    let mut labels: BTreeMap<String, String> = BTreeMap::new();
    // Attendance beside progress: by account, kept per grant (the best of its accounts).
    let percents = store.attendance_by_account(batch_id, now).await?;
    let mut attendance: BTreeMap<String, u32> = BTreeMap::new();
    // Each student's accounts, by grant, for the assignments' columns (a student with none has a row too).
    let mut accounts_of: BTreeMap<String, Vec<String>> =
        enrolments.keys().map(|hash| (hash.clone(), Vec::new())).collect();
    for account in accounts {
        if let Some(Some(percent)) = percents.get(&account.sub) {
            let best = attendance.entry(account.secret_hash.clone()).or_insert(*percent);
            *best = (*best).max(*percent);
        }
        accounts_of.entry(account.secret_hash.clone()).or_default().push(account.sub.clone());
        let saved = store.list_progress(&account.sub, batch_id).await?;
        if account.linked {
            linked.insert(account.secret_hash.clone());
        }
        if !enrolments.contains_key(&account.secret_hash) && !labels.contains_key(&account.secret_hash) {
            let grant = store.find_grant(batch_id, &account.secret_hash).await?;
            labels
                .insert(account.secret_hash.clone(), grant.and_then(|g| g.label).unwrap_or_else(|| "Secret ID".into()));
        }
        let mine = progress.entry(account.secret_hash).or_default();
        for p in saved {
            match mine.iter_mut().find(|m| m.lecture_number == p.lecture_number) {
                Some(m) => {
                    m.completed |= p.completed;
                    m.furthest_seconds = m.furthest_seconds.max(p.furthest_seconds.max(p.position_seconds));
                    m.updated_at = m.updated_at.max(p.updated_at);
                }
                None => {
                    mine.push(LectureProgress { furthest_seconds: p.furthest_seconds.max(p.position_seconds), ..p })
                }
            }
        }
    }
    let lectures = videos
        .iter()
        .map(|v| {
            let of_it: Vec<&LectureProgress> =
                progress.values().flatten().filter(|p| p.lecture_number == v.lecture_number).collect();
            let started = of_it.len() as u32;
            let sum: f64 = of_it.iter().map(|p| p.furthest_seconds).sum();
            LectureReport {
                lecture_number: v.lecture_number,
                title: v.title.clone(),
                watched_by: of_it.iter().filter(|p| p.completed).count() as u32,
                started_by: started,
                average_furthest_seconds: if started == 0 {
                    0.0
                } else {
                    (sum / f64::from(started) * 10.0).round() / 10.0
                },
            }
        })
        .collect();
    let mut work = store.batch_work(batch_id, &accounts_of).await?;
    let mut work_of = |hash: &str| work.students.remove(hash).unwrap_or_default();
    let summary = |hash: &str| {
        let mine = progress.get(hash);
        (
            linked.contains(hash),
            mine.map_or(0, |m| m.iter().filter(|p| p.completed).count() as u32),
            mine.and_then(|m| m.iter().map(|p| p.updated_at).max()),
        )
    };
    let mut students: Vec<StudentReport> = enrolments
        .values()
        .map(|e| {
            let (linked, watched, last) = summary(&e.secret_hash);
            let StudentWork { assignments, done, passed } = work_of(&e.secret_hash);
            StudentReport {
                assignments,
                assignments_done: done,
                assignments_passed: passed,
                enrolment_id: Some(e.id()),
                name: e.name.clone(),
                email: e.email.clone(),
                account_linked: linked,
                lectures_watched: watched,
                last_activity: last,
                revoked_at: e.revoked_at,
                attendance_percent: attendance.get(&e.secret_hash).copied(),
            }
        })
        .collect();
    for (hash, label) in labels {
        let (_, watched, last) = summary(&hash);
        let attendance_percent = attendance.get(&hash).copied();
        let StudentWork { assignments, done, passed } = work_of(&hash);
        students.push(StudentReport {
            assignments,
            assignments_done: done,
            assignments_passed: passed,
            enrolment_id: None,
            name: label,
            email: String::new(),
            account_linked: true,
            lectures_watched: watched,
            last_activity: last,
            revoked_at: None,
            attendance_percent,
        });
    }
    students.sort_by_key(|a| a.name.to_lowercase());
    Ok(BatchReport { lectures_total: videos.len() as u32, batch, lectures, students, assignments: work.columns })
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/report", tag = "staff", operation_id = "staff_batch_report", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, body = BatchReport), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn batch_report(
    store: &(impl EnrolmentStore + AttendanceOf + AssignmentsOf + ?Sized),
    batch_id: &str,
    now: i64,
) -> Answer {
    Ok(ok(&report(store, batch_id, now).await?))
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/report.csv", tag = "staff", operation_id = "staff_batch_report_csv", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses(
        (status = 200, description = "one row per student (formula cells made inert)", content_type = "text/csv", body = String),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    ))]
pub async fn batch_report_csv(
    store: &(impl EnrolmentStore + AttendanceOf + AssignmentsOf + ?Sized),
    batch_id: &str,
    now: i64,
) -> Answer {
    let report = report(store, batch_id, now).await?;
    let total = report.lectures_total.to_string();
    let assignments = report.assignments.len().to_string();
    let rows = report.students.into_iter().map(|s| {
        vec![
            s.name,
            s.email,
            s.account_linked.to_string(),
            s.lectures_watched.to_string(),
            total.clone(),
            s.last_activity.map(time::iso).unwrap_or_default(),
            s.attendance_percent.map(|p| p.to_string()).unwrap_or_default(),
            s.assignments_done.to_string(),
            s.assignments_passed.to_string(),
            assignments.clone(),
        ]
    });
    let header = [
        "name",
        "email",
        "accountLinked",
        "lecturesWatched",
        "lecturesTotal",
        "lastActivity",
        "attendancePercent",
        "assignmentsDone",
        "assignmentsPassed",
        "assignmentsTotal",
    ];
    sheet::download(&format!("report-{}.csv", report.batch.id), &header, rows)
}

//! The reminder an hour before each session, scheduled per session and `sequence` on the demo
//! class's schedule (EventBridge Scheduler in AWS, invoking `demo-reminder` with
//! `{bookingId: sessionId, kind: "class-1h", sequence}`; the store and `academy serve`'s worker
//! locally). When due it is sent only if the session still stands at that sequence, not
//! cancelled and not begun, so a moved or cancelled session's stale reminder sends nothing
//! whichever way it was scheduled. Each active student of the batch is mailed, unless they
//! turned reminders off.

use super::messages::{self, Student};
use super::{Desk, ReminderSlots};
use crate::domain::{DemoReminder, EnrolmentStatus};
use crate::live::LiveRecords;
use crate::live::{LiveSession, SessionStatus};
use crate::store::{CatalogRecords, EnrolmentRecords, ReminderRecords, StoreError, StudentRecords};

/// The reminder's kind, as its schedule and record name it.
pub const KIND: &str = "class-1h";
/// How long before the session it is due.
pub const BEFORE_SECS: i64 = 3600;

/// The reminder `session` has from `now` on (none once cancelled, or already past).
pub fn reminder_of(session: &LiveSession, now: i64) -> Option<DemoReminder> {
    let at = session.starts_at - BEFORE_SECS;
    (session.status == SessionStatus::Scheduled && at > now).then(|| DemoReminder {
        booking_id: session.id.clone(),
        kind: KIND.into(),
        sequence: session.sequence,
        at,
    })
}

/// Schedules `session`'s reminder after removing `previous`'s (the session before this change).
/// A failure is logged: the check on sending keeps a stale reminder from going out.
pub async fn plan(slots: &dyn ReminderSlots, session: Option<&LiveSession>, previous: Option<&LiveSession>, now: i64) {
    if let Some(reminder) = previous.and_then(|p| reminder_of(p, now)) {
        if session.and_then(|s| reminder_of(s, now)).as_ref() == Some(&reminder) {
            return;
        }
        if let Err(error) = slots.unschedule(&reminder).await {
            tracing::warn!(session = %reminder.booking_id, %error, "class reminder not removed");
        }
    }
    if let Some(reminder) = session.and_then(|s| reminder_of(s, now)) {
        if let Err(error) = slots.schedule(&reminder).await {
            tracing::error!(session = %reminder.booking_id, %error, "class reminder not scheduled");
        }
    }
}

/// The batch's students to mail: every active enrolment, except (for reminders) those whose
/// account turned reminders off.
pub async fn students(
    store: &(impl EnrolmentRecords + StudentRecords + LiveRecords + ?Sized),
    batch_id: &str,
    reminders_only: bool,
    now: i64,
) -> Result<Vec<Student>, StoreError> {
    let mut quiet = Vec::new();
    if reminders_only {
        for link in store.list_batch_links(batch_id).await? {
            if store.get_calendar(&link.sub).await?.is_some_and(|c| !c.reminders) {
                quiet.push(link.secret_hash);
            }
        }
    }
    Ok(store
        .list_enrolments(batch_id)
        .await?
        .into_iter()
        .filter(|e| e.status_at(now) == EnrolmentStatus::Active && !quiet.contains(&e.secret_hash))
        .map(|e| Student { name: e.name, email: e.email })
        .collect())
}

/// Whether a due reminder was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Sent to this many students.
    Sent(usize),
    /// The session was cancelled, moved (another sequence), removed, or has begun.
    Stale,
}

/// Sends one due reminder if its session still stands at `sequence`.
pub async fn deliver(
    store: &(impl LiveRecords + CatalogRecords + EnrolmentRecords + StudentRecords + ?Sized),
    desk: &Desk,
    session_id: &str,
    sequence: u32,
    now: i64,
) -> Result<Outcome, StoreError> {
    let Some(session) = store.get_session(session_id).await? else { return Ok(Outcome::Stale) };
    if session.status != SessionStatus::Scheduled || session.sequence != sequence || session.starts_at <= now {
        return Ok(Outcome::Stale);
    }
    let batch = store.get_batch(&session.batch_id).await?.map(|b| b.name).unwrap_or_else(|| "Your batch".into());
    let zone = crate::zones::batch_zone(store, &session.batch_id).await?;
    let students = students(store, &session.batch_id, true, now).await?;
    for student in &students {
        desk.post(messages::reminder(desk, &batch, &session, zone, student)).await;
    }
    Ok(Outcome::Sent(students.len()))
}

/// The local worker's step: sends every stored class reminder due at `now` and removes it (sent
/// at most once). How many sessions were reminded of.
pub async fn send_due(
    store: &(impl LiveRecords + ReminderRecords + CatalogRecords + EnrolmentRecords + StudentRecords + ?Sized),
    desk: &Desk,
    now: i64,
) -> Result<usize, StoreError> {
    let mut sent = 0;
    for reminder in store.due_demo_reminders(now).await?.into_iter().filter(|r| r.kind == KIND) {
        store.delete_demo_reminder(&reminder).await?;
        if let Outcome::Sent(_) = deliver(store, desk, &reminder.booking_id, reminder.sequence, now).await? {
            sent += 1;
        }
    }
    Ok(sent)
}

/// The `demo-reminder` function's answer to a class reminder's event.
pub async fn on_event(
    store: &(impl LiveRecords + CatalogRecords + EnrolmentRecords + StudentRecords + ?Sized),
    desk: &Desk,
    event: &serde_json::Value,
    now: i64,
) -> Result<String, String> {
    let session = event.get("bookingId").and_then(|v| v.as_str()).filter(|id| crate::ids::is_valid(id));
    let sequence = event.get("sequence").and_then(|v| v.as_u64()).and_then(|s| u32::try_from(s).ok());
    let (Some(session), Some(sequence)) = (session, sequence) else {
        return Err("a class reminder names bookingId (the session) and sequence".into());
    };
    match deliver(store, desk, session, sequence, now).await.map_err(|e| e.to_string())? {
        Outcome::Sent(n) => Ok(format!("class reminder sent to {n} students")),
        Outcome::Stale => Ok("class reminder dropped: the session changed".into()),
    }
}

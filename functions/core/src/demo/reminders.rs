//! Reminders 24 hours and 1 hour before a class, and the staff's morning digest. Each reminder is
//! scheduled for one `sequence` of its booking; when it is due it is sent only if the booking
//! still stands at that sequence (a move or a cancellation adds one), so a stale reminder is
//! dropped however it was scheduled. In AWS each is a one-time EventBridge Scheduler schedule
//! (`SchedulerReminders`) invoking the `demo-reminder` function with
//! `{bookingId, kind, sequence}`; the digest is a recurring schedule at 08:00 Asia/Karachi invoking
//! it with `{kind: "digest"}` (`on_event`). Locally the same records sit in the store
//! (`StoredReminders`) and `academy serve`'s worker sends what is due (`send_due`, `digest_if_due`).

use super::store::DemoRecords;
use super::{messages, zones, Desk};
use super::{DemoBooking, DemoStatus};
use crate::domain::DemoReminder;
use crate::store::{CatalogRecords, ReminderRecords, StoreError};
use async_trait::async_trait;
use serde::Deserialize;
use std::sync::Arc;

/// The reminders of a booking: their kind, how long before the class, and how mail says it.
pub const KINDS: [(&str, i64, &str); 2] = [("24h", 24 * 3600, "24 hours"), ("1h", 3600, "1 hour")];

/// The reminders `booking` has from `now` on (none once cancelled; none already past).
pub fn reminders_of(booking: &DemoBooking, now: i64) -> Vec<DemoReminder> {
    if booking.status != DemoStatus::Booked {
        return Vec::new();
    }
    KINDS
        .iter()
        .map(|(kind, before, _)| DemoReminder {
            booking_id: booking.id.clone(),
            kind: (*kind).into(),
            sequence: booking.sequence,
            at: booking.starts_at - before,
        })
        .filter(|r| r.at > now)
        .collect()
}

/// Where reminders are scheduled.
#[async_trait]
pub trait ReminderSchedule: Send + Sync {
    async fn schedule(&self, reminder: &DemoReminder) -> Result<(), String>;
    /// Removes a scheduled reminder (nothing when there is none).
    async fn unschedule(&self, reminder: &DemoReminder) -> Result<(), String>;
}

/// Schedules `booking`'s reminders, after removing those of `previous` (the booking before this
/// change). A failure is logged: the check on sending keeps a stale reminder from going out.
pub async fn plan(schedule: &dyn ReminderSchedule, booking: &DemoBooking, previous: Option<&DemoBooking>, now: i64) {
    if let Some(previous) = previous {
        for reminder in reminders_of(previous, now) {
            if let Err(error) = schedule.unschedule(&reminder).await {
                tracing::warn!(booking = %reminder.booking_id, kind = %reminder.kind, %error, "reminder not removed");
            }
        }
    }
    for reminder in reminders_of(booking, now) {
        if let Err(error) = schedule.schedule(&reminder).await {
            tracing::error!(booking = %reminder.booking_id, kind = %reminder.kind, %error, "reminder not scheduled");
        }
    }
}

/// Reminders as records in the store, for a worker to send (`send_due`).
pub struct StoredReminders<S: ?Sized> {
    pub store: Arc<S>,
}

#[async_trait]
impl<S: ReminderRecords + ?Sized + 'static> ReminderSchedule for StoredReminders<S> {
    async fn schedule(&self, reminder: &DemoReminder) -> Result<(), String> {
        self.store.save_demo_reminder(reminder).await.map_err(|e| e.to_string())
    }

    async fn unschedule(&self, reminder: &DemoReminder) -> Result<(), String> {
        self.store.delete_demo_reminder(reminder).await.map_err(|e| e.to_string())
    }
}

/// The group every reminder schedule is in (template.yaml creates it).
pub const SCHEDULE_GROUP: &str = "academy-demo";

/// One-time EventBridge Scheduler schedules (`at(…)`, deleted after they ran) invoking the
/// `demo-reminder` function as the role Scheduler assumes.
pub struct SchedulerReminders {
    pub client: aws_sdk_scheduler::Client,
    pub group: String,
    /// The `demo-reminder` function's ARN.
    pub target_arn: String,
    /// The role Scheduler assumes to invoke it.
    pub role_arn: String,
}

/// A schedule's name: one per booking, kind and sequence (letters, digits, `-`; at most 64).
pub fn schedule_name(reminder: &DemoReminder) -> String {
    format!("demo-{}-{}-{}", reminder.booking_id, reminder.kind, reminder.sequence)
}

/// Scheduler's `at(…)` expression (UTC, no zone suffix).
pub fn at_expression(at: i64) -> String {
    let stamp = zones::rfc3339(at);
    format!("at({})", stamp.trim_end_matches('Z'))
}

#[async_trait]
impl ReminderSchedule for SchedulerReminders {
    async fn schedule(&self, reminder: &DemoReminder) -> Result<(), String> {
        use aws_sdk_scheduler::types::{ActionAfterCompletion, FlexibleTimeWindow, FlexibleTimeWindowMode, Target};
        let input = serde_json::json!({
            "bookingId": reminder.booking_id, "kind": reminder.kind, "sequence": reminder.sequence,
        });
        let target = Target::builder()
            .arn(&self.target_arn)
            .role_arn(&self.role_arn)
            .input(input.to_string())
            .build()
            .map_err(|e| e.to_string())?;
        let window =
            FlexibleTimeWindow::builder().mode(FlexibleTimeWindowMode::Off).build().map_err(|e| e.to_string())?;
        let created = self
            .client
            .create_schedule()
            .name(schedule_name(reminder))
            .group_name(&self.group)
            .schedule_expression(at_expression(reminder.at))
            .schedule_expression_timezone("UTC")
            .flexible_time_window(window)
            .target(target)
            .action_after_completion(ActionAfterCompletion::Delete)
            .send()
            .await;
        match created {
            Ok(_) => Ok(()),
            // Scheduled already (a retried request): the same schedule stands.
            Err(e) if e.as_service_error().is_some_and(|se| se.is_conflict_exception()) => Ok(()),
            Err(e) => Err(aws_sdk_scheduler::error::DisplayErrorContext(e).to_string()),
        }
    }

    async fn unschedule(&self, reminder: &DemoReminder) -> Result<(), String> {
        let deleted = self.client.delete_schedule().name(schedule_name(reminder)).group_name(&self.group).send().await;
        match deleted {
            Ok(_) => Ok(()),
            Err(e) if e.as_service_error().is_some_and(|se| se.is_resource_not_found_exception()) => Ok(()),
            Err(e) => Err(aws_sdk_scheduler::error::DisplayErrorContext(e).to_string()),
        }
    }
}

/// What became of a due reminder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Sent,
    /// The booking was cancelled, moved (another sequence) or its class began or was cancelled.
    Stale,
}

/// The title a booking's mail names its class by: the booking's course, else the slot's, else
/// the institute.
pub async fn course_title(
    store: &(impl CatalogRecords + ?Sized),
    booking_course: &str,
    slot_course: Option<&str>,
) -> Result<String, StoreError> {
    let id = Some(booking_course).filter(|c| !c.is_empty()).or(slot_course);
    Ok(match id {
        Some(id) => store.get_course(id).await?.map(|c| c.title),
        None => None,
    }
    .unwrap_or_else(|| "Skyline Tech Academy".into()))
}

/// Sends one due reminder if its booking still stands at `sequence`.
pub async fn deliver(
    store: &(impl DemoRecords + CatalogRecords + ?Sized),
    desk: &Desk,
    booking_id: &str,
    kind: &str,
    sequence: u32,
    now: i64,
) -> Result<Outcome, StoreError> {
    let Some((_, _, ahead)) = KINDS.iter().find(|(k, _, _)| *k == kind) else { return Ok(Outcome::Stale) };
    let Some(booking) = store.get_demo_booking(booking_id).await? else { return Ok(Outcome::Stale) };
    if booking.status != DemoStatus::Booked || booking.sequence != sequence || booking.starts_at <= now {
        return Ok(Outcome::Stale);
    }
    let Some(slot) = store.get_demo_slot(&booking.slot_id).await?.filter(|s| !s.cancelled) else {
        return Ok(Outcome::Stale);
    };
    let course = course_title(store, &booking.course_id, slot.course_id.as_deref()).await?;
    let token = desk.token(&booking, &slot);
    desk.post(messages::reminder(desk, &booking, &slot, &course, &token, ahead)).await;
    Ok(Outcome::Sent)
}

/// The local worker's step: sends every stored reminder due at `now`, earliest first, and
/// removes it (sent at most once). How many were sent.
pub async fn send_due(
    store: &(impl DemoRecords + ReminderRecords + CatalogRecords + ?Sized),
    desk: &Desk,
    now: i64,
) -> Result<usize, StoreError> {
    let mut sent = 0;
    // The schedule is shared with live classes' reminders (`live::reminders`): only this feature's kinds.
    let own = |r: &DemoReminder| KINDS.iter().any(|(kind, _, _)| *kind == r.kind);
    for reminder in store.due_demo_reminders(now).await?.into_iter().filter(own) {
        store.delete_demo_reminder(&reminder).await?;
        if deliver(store, desk, &reminder.booking_id, &reminder.kind, reminder.sequence, now).await? == Outcome::Sent {
            sent += 1;
        }
    }
    Ok(sent)
}

/// The hour (Asia/Karachi) of the staff's morning digest.
pub const DIGEST_HOUR: u32 = 8;

/// Mails the institute the classes of the Karachi day holding `now` and who booked them (nothing
/// when there are none). Whether one was sent.
pub async fn digest(store: &(impl DemoRecords + ?Sized), desk: &Desk, now: i64) -> Result<bool, StoreError> {
    let (date, start, end) = zones::institute_day(now);
    let mut day = Vec::new();
    for slot in store.demo_slots_between(start, end).await? {
        if slot.cancelled {
            continue;
        }
        let bookings: Vec<_> =
            store.demo_bookings_of(&slot.id).await?.into_iter().filter(|b| b.status == DemoStatus::Booked).collect();
        day.push((slot, bookings));
    }
    if day.is_empty() {
        return Ok(false);
    }
    desk.post(messages::digest(desk, &date, &day)).await;
    Ok(true)
}

/// The local worker's digest: once a Karachi day, from 08:00 on.
pub async fn digest_if_due(store: &(impl DemoRecords + ?Sized), desk: &Desk, now: i64) -> Result<bool, StoreError> {
    if zones::institute_hour(now) < DIGEST_HOUR {
        return Ok(false);
    }
    let (date, _, _) = zones::institute_day(now);
    match store.claim_demo_digest(&date, now).await {
        Ok(()) => digest(store, desk, now).await,
        Err(StoreError::Conflict) => Ok(false),
        Err(e) => Err(e),
    }
}

/// The event EventBridge Scheduler sends the `demo-reminder` function.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReminderEvent {
    /// `24h`, `1h` or `digest`.
    pub kind: String,
    #[serde(default)]
    pub booking_id: Option<String>,
    #[serde(default)]
    pub sequence: Option<u32>,
}

/// The `demo-reminder` function's answer to one event: what it did.
pub async fn on_event(
    store: &(impl DemoRecords + CatalogRecords + ?Sized),
    desk: &Desk,
    event: &serde_json::Value,
    now: i64,
) -> Result<String, String> {
    let event: ReminderEvent =
        serde_json::from_value(event.clone()).map_err(|e| format!("not a reminder event: {e}"))?;
    match (event.kind.as_str(), event.booking_id, event.sequence) {
        ("digest", _, _) => Ok(match digest(store, desk, now).await.map_err(|e| e.to_string())? {
            true => "digest sent".into(),
            false => "no classes today".into(),
        }),
        (kind, Some(booking), Some(sequence)) if crate::ids::is_valid(&booking) => {
            match deliver(store, desk, &booking, kind, sequence, now).await.map_err(|e| e.to_string())? {
                Outcome::Sent => Ok(format!("reminder {kind} sent")),
                Outcome::Stale => Ok(format!("reminder {kind} dropped: the booking changed")),
            }
        }
        _ => Err("a reminder names bookingId, kind (24h or 1h) and sequence".into()),
    }
}

/// The local worker's step at `now`: the reminders due, then the digest once a Karachi day from
/// 08:00. How many reminders were sent, and whether the digest was.
pub async fn tick(
    store: &(impl DemoRecords + ReminderRecords + CatalogRecords + ?Sized),
    desk: &Desk,
    now: i64,
) -> Result<(usize, bool), StoreError> {
    let sent = send_due(store, desk, now).await?;
    Ok((sent, digest_if_due(store, desk, now).await?))
}

//! Live classes: a batch's timetable and attendance rule in its partition; each session an item
//! of its own (found by id for a change or a join) on the index under its batch by start; in each
//! session's partition one attendance item per student, also on the index under the batch (by
//! student, then session), so a batch's or a student's attendance is one query; a student's
//! calendar settings in their partition, and their feed token as an item naming them.

use super::{
    attendance_percent, student_attendance, AttendanceRule, LiveSession, SessionAttendance, StudentCalendar, Timetable,
};
use crate::completion::{AttendanceOf, AttendanceStanding};
use crate::http::error::ApiError;
use crate::store::{item, record_of, records_of, Item, PutMode, Result, Store, StoreError};
use crate::zones::ZoneOf;
use async_trait::async_trait;
use std::collections::BTreeMap;

/// The live classes' key layout over the table's `Items`; a batch's and a student's partitions are
/// the store's (`store::keys`).
mod keys {
    pub use crate::store::keys::{batch_pk, user_pk};

    /// A batch's timetable and its attendance rule, in the batch's partition.
    pub const TIMETABLE: &str = "TIMETABLE";
    pub const ATTENDANCE_RULE: &str = "ATTENDANCE_RULE";

    /// A live session: an item of its own (found by its id), on the index under its batch by start.
    pub fn session_pk(session_id: &str) -> String {
        format!("SESSION#{session_id}")
    }

    pub const SESSION: &str = "SESSION";

    /// The index key under which a batch's sessions sort by start.
    pub fn batch_sessions(batch_id: &str) -> String {
        format!("SESSIONS#{batch_id}")
    }

    /// In a session's partition, one student's attendance.
    pub const ATTENDANCE_PREFIX: &str = "ATTENDANCE#";

    pub fn attendance_sk(sub: &str) -> String {
        format!("{ATTENDANCE_PREFIX}{sub}")
    }

    /// The index key under which a batch's attendance sits, by student then session.
    pub fn batch_attendance(batch_id: &str) -> String {
        format!("ATTENDANCE#{batch_id}")
    }

    /// A student's calendar settings, in their partition.
    pub const CALENDAR: &str = "CALENDAR";

    /// Who a calendar token belongs to: an item of its own, found by the token.
    pub fn calendar_token_pk(token: &str) -> String {
        format!("CALENDAR#{token}")
    }
}

#[async_trait]
/// Also the zone the batch's times are read in and a student's attendance standing, which other
/// features read through their own narrow traits (`crate::zones::ZoneOf`, `crate::completion::AttendanceOf`).
pub trait LiveRecords: ZoneOf + AttendanceOf + Send + Sync {
    async fn put_timetable(&self, timetable: &Timetable) -> Result<()>;
    async fn get_timetable(&self, batch_id: &str) -> Result<Option<Timetable>>;

    async fn put_attendance_rule(&self, rule: &AttendanceRule) -> Result<()>;
    async fn get_attendance_rule(&self, batch_id: &str) -> Result<Option<AttendanceRule>>;
    async fn delete_attendance_rule(&self, batch_id: &str) -> Result<()>;

    /// Stores a session (a new one, or its change).
    async fn put_session(&self, session: &LiveSession) -> Result<()>;
    async fn get_session(&self, id: &str) -> Result<Option<LiveSession>>;
    async fn delete_session(&self, id: &str) -> Result<()>;
    /// Every session of a batch (cancelled ones too), by start.
    async fn sessions_of(&self, batch_id: &str) -> Result<Vec<LiveSession>>;

    /// Records `sub`'s first join of a session: only if none is recorded (a conditional put), so
    /// pressing Join again changes nothing. Whether this call recorded it.
    async fn record_join(&self, attendance: &SessionAttendance) -> Result<bool>;
    /// Stores staff's correction (or the record as it now stands).
    async fn put_attendance(&self, attendance: &SessionAttendance) -> Result<()>;
    async fn get_attendance(&self, session_id: &str, sub: &str) -> Result<Option<SessionAttendance>>;
    /// Every attendance record of a session.
    async fn attendance_of_session(&self, session_id: &str) -> Result<Vec<SessionAttendance>>;
    /// Every attendance record of a batch (one query).
    async fn attendance_of_batch(&self, batch_id: &str) -> Result<Vec<SessionAttendance>>;
    /// A student's attendance records in a batch (one query).
    async fn attendance_of_student(&self, batch_id: &str, sub: &str) -> Result<Vec<SessionAttendance>>;

    /// A student's calendar settings.
    async fn get_calendar(&self, sub: &str) -> Result<Option<StudentCalendar>>;
    /// Stores the settings and the token's item (a new token: `Conflict` if taken); the old token
    /// (`previous`) stops working.
    async fn put_calendar(&self, calendar: &StudentCalendar, previous: Option<&str>) -> Result<()>;
    /// Who holds calendar `token`.
    async fn calendar_holder(&self, token: &str) -> Result<Option<String>>;
}

fn session_item(session: &LiveSession) -> Result<Item> {
    let mut it = item(keys::session_pk(&session.id), keys::SESSION.into(), session)?;
    let place = format!("{:012}#{}", session.starts_at.max(0), session.id);
    it.gsi1 = Some((keys::batch_sessions(&session.batch_id), place));
    Ok(it)
}

fn attendance_item(attendance: &SessionAttendance) -> Result<Item> {
    let mut it = item(keys::session_pk(&attendance.session_id), keys::attendance_sk(&attendance.sub), attendance)?;
    let place = format!("{}#{}", attendance.sub, attendance.session_id);
    it.gsi1 = Some((keys::batch_attendance(&attendance.batch_id), place));
    Ok(it)
}

#[async_trait]
impl LiveRecords for Store {
    async fn put_timetable(&self, timetable: &Timetable) -> Result<()> {
        let it = item(keys::batch_pk(&timetable.batch_id), keys::TIMETABLE.into(), timetable)?;
        self.items().put(it, PutMode::Upsert).await
    }

    async fn get_timetable(&self, batch_id: &str) -> Result<Option<Timetable>> {
        self.items().get(&keys::batch_pk(batch_id), keys::TIMETABLE, 0).await?.map(record_of).transpose()
    }

    async fn put_attendance_rule(&self, rule: &AttendanceRule) -> Result<()> {
        let it = item(keys::batch_pk(&rule.batch_id), keys::ATTENDANCE_RULE.into(), rule)?;
        self.items().put(it, PutMode::Upsert).await
    }

    async fn get_attendance_rule(&self, batch_id: &str) -> Result<Option<AttendanceRule>> {
        self.items().get(&keys::batch_pk(batch_id), keys::ATTENDANCE_RULE, 0).await?.map(record_of).transpose()
    }

    async fn delete_attendance_rule(&self, batch_id: &str) -> Result<()> {
        self.items().delete(&keys::batch_pk(batch_id), keys::ATTENDANCE_RULE).await
    }

    async fn put_session(&self, session: &LiveSession) -> Result<()> {
        self.items().put(session_item(session)?, PutMode::Upsert).await
    }

    async fn get_session(&self, id: &str) -> Result<Option<LiveSession>> {
        self.items().get(&keys::session_pk(id), keys::SESSION, 0).await?.map(record_of).transpose()
    }

    async fn delete_session(&self, id: &str) -> Result<()> {
        self.items().delete(&keys::session_pk(id), keys::SESSION).await
    }

    async fn sessions_of(&self, batch_id: &str) -> Result<Vec<LiveSession>> {
        records_of(self.items().query_index(&keys::batch_sessions(batch_id), None, 0).await?)
    }

    async fn record_join(&self, attendance: &SessionAttendance) -> Result<bool> {
        match self.items().put(attendance_item(attendance)?, PutMode::IfAbsent).await {
            Ok(()) => Ok(true),
            Err(StoreError::Conflict) => {
                // Staff marked the student before they joined: the join is noted once, the mark kept.
                let Some(mut found) = self.get_attendance(&attendance.session_id, &attendance.sub).await? else {
                    return Ok(false);
                };
                if found.joined_at.is_some() {
                    return Ok(false);
                }
                found.joined_at = attendance.joined_at;
                self.put_attendance(&found).await?;
                Ok(true)
            }
            Err(e) => Err(e),
        }
    }

    async fn put_attendance(&self, attendance: &SessionAttendance) -> Result<()> {
        self.items().put(attendance_item(attendance)?, PutMode::Upsert).await
    }

    async fn get_attendance(&self, session_id: &str, sub: &str) -> Result<Option<SessionAttendance>> {
        let found = self.items().get(&keys::session_pk(session_id), &keys::attendance_sk(sub), 0).await?;
        found.map(record_of).transpose()
    }

    async fn attendance_of_session(&self, session_id: &str) -> Result<Vec<SessionAttendance>> {
        records_of(self.items().query(&keys::session_pk(session_id), keys::ATTENDANCE_PREFIX, 0).await?)
    }

    async fn attendance_of_batch(&self, batch_id: &str) -> Result<Vec<SessionAttendance>> {
        records_of(self.items().query_index(&keys::batch_attendance(batch_id), None, 0).await?)
    }

    async fn attendance_of_student(&self, batch_id: &str, sub: &str) -> Result<Vec<SessionAttendance>> {
        let (from, to) = (format!("{sub}#"), format!("{sub}#~"));
        records_of(self.items().query_index_range(&keys::batch_attendance(batch_id), &from, &to, 0).await?)
    }

    async fn get_calendar(&self, sub: &str) -> Result<Option<StudentCalendar>> {
        self.items().get(&keys::user_pk(sub), keys::CALENDAR, 0).await?.map(record_of).transpose()
    }

    async fn put_calendar(&self, calendar: &StudentCalendar, previous: Option<&str>) -> Result<()> {
        if previous != Some(calendar.token.as_str()) {
            let holder = serde_json::json!({ "sub": calendar.sub });
            let token = item(keys::calendar_token_pk(&calendar.token), keys::CALENDAR.into(), &holder)?;
            self.items().put(token, PutMode::IfAbsent).await?;
        }
        self.items().put(item(keys::user_pk(&calendar.sub), keys::CALENDAR.into(), calendar)?, PutMode::Upsert).await?;
        if let Some(old) = previous.filter(|old| *old != calendar.token) {
            self.items().delete(&keys::calendar_token_pk(old), keys::CALENDAR).await?;
        }
        Ok(())
    }

    async fn calendar_holder(&self, token: &str) -> Result<Option<String>> {
        let found = self.items().get(&keys::calendar_token_pk(token), keys::CALENDAR, 0).await?;
        Ok(found.and_then(|it| it.body.get("sub").and_then(|s| s.as_str()).map(str::to_owned)))
    }
}

/// The certificate rule (`crate::completion`) and "My batches" read a student's attendance here.
#[async_trait]
impl AttendanceOf for Store {
    async fn attendance_standing(&self, batch_id: &str, sub: &str, now: i64) -> Result<Option<AttendanceStanding>> {
        let Some(rule) = self.get_attendance_rule(batch_id).await? else { return Ok(None) };
        let sessions = self.sessions_of(batch_id).await?;
        let records = self.attendance_of_student(batch_id, sub).await?;
        let (held, present, excused) = student_attendance(&sessions, &records, sub, now);
        Ok(Some(AttendanceStanding { minimum: rule.min_percent, percent: attendance_percent(held, present, excused) }))
    }

    async fn attendance_by_account(
        &self,
        batch_id: &str,
        now: i64,
    ) -> std::result::Result<BTreeMap<String, Option<u32>>, ApiError> {
        super::console::percentages(self, batch_id, now).await
    }
}

/// A batch's time zone is its timetable's (`crate::zones::batch_zone`).
#[async_trait]
impl ZoneOf for Store {
    async fn zone_name(&self, batch_id: &str) -> Result<Option<String>> {
        Ok(self.get_timetable(batch_id).await?.map(|t| t.time_zone))
    }
}

//! Live classes' routes and services: a student's sessions, Join and calendar (`/api/me/sessions…`,
//! `/api/me/calendar…`, the feed `/calendar/{token}.ics` outside `/api`), and staff's timetables,
//! sessions and attendance.

use super::console as live;
use super::{feed, sessions, Desk, ReminderSlots};
use crate::console::Actor;
use crate::http::contract::{nullable, Schemas, INSTANT_PATTERN, MEETING_URL_PATTERN};
use crate::http::identity::{identify, identify_staff, Verifier};
use crate::http::routes::{Routes, Service};
use crate::http::Answer;
use crate::store::Store;
use crate::time;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};
use std::sync::Arc;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::RefOr;

/// A signed-in student's live sessions; Join (a navigation: a token in the query, or a bearer);
/// their calendar settings (GET, PATCH), a new feed token (POST), and the feed itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionsRoute {
    Mine,
    Join(String),
    Calendar,
    CalendarToken,
    Feed(String),
}

impl Routes for SessionsRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        Some(match parts {
            ["api", "me", "sessions"] => Self::Mine,
            ["api", "me", "sessions", session, "join"] => Self::Join((*session).to_owned()),
            ["api", "me", "calendar"] => Self::Calendar,
            ["api", "me", "calendar", "token"] => Self::CalendarToken,
            ["calendar", file] => Self::Feed(file.strip_suffix(".ics")?.to_owned()),
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        match self {
            Self::Calendar => &[Method::GET, Method::PATCH],
            Self::CalendarToken => &[Method::POST],
            _ => &[Method::GET],
        }
    }
}

/// Live classes, a student's side: the store, the desk (the site's origin for Join and feed
/// links, and the letter box), and the sign-in verifier (Join and the feed also answer without
/// one: the student's calendar token names them).
pub struct SessionsApi {
    pub store: Store,
    pub desk: Desk,
    pub verifier: Option<Arc<Verifier>>,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for SessionsApi {
    type Route = SessionsRoute;
    async fn answer(&self, route: SessionsRoute, req: &Request) -> Answer {
        use SessionsRoute as R;
        let classes = sessions::Classes { store: &self.store, desk: &self.desk, now: self.clock.now() };
        // The feed and Join (with its calendar token) name the student themselves; the rest are signed in.
        let student = || identify(self.verifier.as_deref(), req);
        match route {
            R::Feed(token) => feed::feed(&classes, &token).await,
            R::Join(id) => {
                let signed_in = match crate::http::query_value(req, "token") {
                    Some(_) => None,
                    None => Some(student().await?),
                };
                sessions::join(&classes, req, &id, signed_in).await
            }
            R::Mine => sessions::mine(&classes, &student().await?, req).await,
            R::Calendar if req.method() == Method::PATCH => {
                sessions::change_calendar(&classes, &student().await?, req).await
            }
            R::Calendar => sessions::calendar(&classes, &student().await?).await,
            R::CalendarToken => sessions::reset_calendar(&classes, &student().await?).await,
        }
    }
}

/// Staff: a batch's timetable (GET, PUT), its sessions (GET) and a one-off (POST); a session
/// changed (PATCH); its attendance, and one student's corrected (PUT); the batch's attendance, as
/// a spreadsheet, and its minimum for a certificate (PUT).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StaffSessionsRoute {
    Timetable(String),
    Sessions(String),
    Session(String),
    SessionAttendance(String),
    Attendee { session: String, student: String },
    BatchAttendance(String),
    BatchAttendanceCsv(String),
    AttendanceMinimum(String),
}

impl Routes for StaffSessionsRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let id = |s: &str| s.to_owned();
        Some(match parts {
            ["api", "staff", "batches", batch, "timetable"] => Self::Timetable(id(batch)),
            ["api", "staff", "batches", batch, "sessions"] => Self::Sessions(id(batch)),
            ["api", "staff", "sessions", session] => Self::Session(id(session)),
            ["api", "staff", "sessions", session, "attendance"] => Self::SessionAttendance(id(session)),
            ["api", "staff", "sessions", session, "attendance", student] => {
                Self::Attendee { session: id(session), student: id(student) }
            }
            ["api", "staff", "batches", batch, "attendance"] => Self::BatchAttendance(id(batch)),
            ["api", "staff", "batches", batch, "attendance.csv"] => Self::BatchAttendanceCsv(id(batch)),
            ["api", "staff", "batches", batch, "attendance", "minimum"] => Self::AttendanceMinimum(id(batch)),
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        match self {
            Self::Timetable(_) => &[Method::GET, Method::PUT],
            Self::Sessions(_) => &[Method::GET, Method::POST],
            Self::Session(_) => &[Method::PATCH],
            Self::Attendee { .. } | Self::AttendanceMinimum(_) => &[Method::PUT],
            Self::SessionAttendance(_) | Self::BatchAttendance(_) | Self::BatchAttendanceCsv(_) => &[Method::GET],
        }
    }
}

/// Staff: live classes. The store, the sign-in verifier, the desk (mail to students) and where
/// session reminders are scheduled.
pub struct StaffSessionsApi {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub desk: Desk,
    pub reminders: Arc<dyn ReminderSlots>,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for StaffSessionsApi {
    type Route = StaffSessionsRoute;
    async fn answer(&self, route: StaffSessionsRoute, req: &Request) -> Answer {
        use StaffSessionsRoute as R;
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let (store, now) = (&self.store, self.clock.now());
        let write = matches!(*req.method(), Method::PUT | Method::POST | Method::PATCH);
        if !write {
            return match route {
                R::Timetable(batch) => live::timetable(store, &batch, now).await,
                R::Sessions(batch) => live::sessions(store, &batch).await,
                R::SessionAttendance(id) => live::session_attendance(store, &id).await,
                R::BatchAttendance(batch) => live::batch_attendance(store, &batch, now).await,
                R::BatchAttendanceCsv(batch) => live::batch_attendance_csv(store, &batch, now).await,
                // Writes only: the method check let none of them through here.
                R::Session(_) | R::Attendee { .. } | R::AttendanceMinimum(_) => Err(crate::http::routes::no_route()),
            };
        }
        let actor = Actor::named(verifier, req, caller).await;
        let console =
            live::LiveConsole { store, desk: &self.desk, reminders: self.reminders.as_ref(), actor: &actor, now };
        match route {
            R::Timetable(batch) => live::save_timetable(&console, req, &batch).await,
            R::Sessions(batch) => live::add_session(&console, req, &batch).await,
            R::Session(id) => live::change_session(&console, req, &id).await,
            R::Attendee { session, student } => live::correct(&console, req, &session, &student).await,
            R::AttendanceMinimum(batch) => live::set_minimum(&console, req, &batch).await,
            R::SessionAttendance(_) | R::BatchAttendance(_) | R::BatchAttendanceCsv(_) => {
                Err(crate::http::routes::no_route())
            }
        }
    }
}

/// The contract of live classes: its routes' annotations and answers, merged into the whole document
/// by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        super::sessions::mine,
        super::sessions::join,
        super::sessions::calendar,
        super::sessions::change_calendar,
        super::sessions::reset_calendar,
        super::feed::feed,
        super::console::timetable,
        super::console::save_timetable,
        super::console::sessions,
        super::console::add_session,
        super::console::change_session,
        super::console::session_attendance,
        super::console::correct,
        super::console::batch_attendance,
        super::console::batch_attendance_csv,
        super::console::set_minimum,
    ),
    components(schemas(
        super::RecordingRef,
        super::MySession,
        super::MySessions,
        super::MyCalendar,
        super::CalendarChange,
        super::console::SlotRequest,
        super::console::TimetableRequest,
        super::console::SlotView,
        super::console::TimetableView,
        super::console::StaffSession,
        super::console::TimetableAnswer,
        super::console::StaffSessions,
        super::console::NewSession,
        super::console::StatusChange,
        super::console::SessionChange,
        super::console::AttendanceRow,
        super::console::SessionAttendanceView,
        super::console::AttendanceCorrection,
        super::console::StudentAttendance,
        super::console::BatchAttendance,
        super::console::AttendanceMinimum,
    ))
)]
pub struct Contract;

/// The live class bodies' fields as the server checks them (`live::console`).
pub fn body_rules(schemas: &mut Schemas) {
    let time = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
            .pattern(Some(INSTANT_PATTERN))
            .description(Some("RFC 3339, e.g. 2026-12-05T19:00:00+05:00."))
    };
    let link = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(crate::console::checks::MAX_URL_CHARS))
            .pattern(Some(MEETING_URL_PATTERN))
            .description(Some("The meeting's https link (Zoom, Google Meet or any https address)."))
    };
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("TimetableRequest") {
        let zone = ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(chrono_tz::TZ_VARIANTS.iter().map(|zone| zone.name())))
            .description(Some("An IANA time zone, e.g. Asia/Karachi or Europe/London."));
        body.properties.insert("timeZone".into(), zone.into());
        body.properties.insert("meetingUrl".into(), link().into());
        if let Some(RefOr::T(Schema::Array(slots))) = body.properties.get_mut("slots") {
            slots.min_items = Some(1);
            slots.max_items = Some(super::console::MAX_SLOTS);
        }
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("SlotRequest") {
        let start = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(super::console::START_PATTERN))
            .description(Some("HH:MM, 24-hour, in the timetable's zone."));
        body.properties.insert("start".into(), start.into());
        body.properties.insert("meetingUrl".into(), nullable(link()).into());
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("NewSession") {
        body.properties.insert("startsAt".into(), time().into());
        body.properties.insert("meetingUrl".into(), nullable(link()).into());
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("SessionChange") {
        let reason = nullable(ObjectBuilder::new())
            .min_length(Some(1))
            .max_length(Some(super::console::MAX_REASON_CHARS))
            .pattern(Some("\\S"))
            .description(Some("Why, 1 to 300 characters, not all of them spaces; required with status."));
        body.properties.insert("reason".into(), reason.into());
        body.properties.insert("startsAt".into(), nullable(time()).into());
        body.properties.insert("meetingUrl".into(), nullable(link()).into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::routes::resolve;

    #[test]
    fn resolves_the_live_class_paths() {
        let id = "665f1c2a9b3e4d0012a1b001";
        assert_eq!(resolve("/api/me/sessions"), Some(SessionsRoute::Mine));
        assert_eq!(resolve(&format!("/api/me/sessions/{id}/join")), Some(SessionsRoute::Join(id.into())));
        assert_eq!(resolve("/api/me/calendar"), Some(SessionsRoute::Calendar));
        assert_eq!(resolve("/api/me/calendar/token"), Some(SessionsRoute::CalendarToken));
        assert_eq!(resolve("/calendar/abc_-1.ics"), Some(SessionsRoute::Feed("abc_-1".into())));
        assert_eq!(resolve::<SessionsRoute>("/calendar/abc"), None);
        assert_eq!(resolve::<SessionsRoute>("/calendar/a/b.ics"), None);
        assert_eq!(
            resolve(&format!("/api/staff/batches/{id}/timetable")),
            Some(StaffSessionsRoute::Timetable(id.into()))
        );
        assert_eq!(StaffSessionsRoute::Timetable(id.into()).methods(), [Method::GET, Method::PUT]);
        assert_eq!(
            resolve(&format!("/api/staff/sessions/{id}/attendance/a@b.test")),
            Some(StaffSessionsRoute::Attendee { session: id.into(), student: "a@b.test".into() })
        );
        assert_eq!(
            resolve(&format!("/api/staff/batches/{id}/attendance.csv")),
            Some(StaffSessionsRoute::BatchAttendanceCsv(id.into()))
        );
    }
}

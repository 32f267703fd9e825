//! The free demo class's routes and services: open slots and visitors' bookings (`/api/demo/…`),
//! and staff's demo classes (`/api/staff/demo/…`).

use super::bookings::{self, Bookings};
use super::console as demo;
use super::reminders::ReminderSchedule;
use super::Desk;
use crate::console::Actor;
use crate::http::contract::{
    not_blank_pattern, nullable, phone_pattern, Schemas, ID_PATTERN, INSTANT_PATTERN, MEETING_URL_PATTERN,
};
use crate::http::identity::{identify_staff, Verifier};
use crate::http::routes::{no_route, Routes, Service};
use crate::http::Answer;
use crate::store::Store;
use crate::time;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};
use std::sync::Arc;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::RefOr;

/// The open slots; a new booking (POST); a booking behind its signed link: see it (GET), move it
/// (PATCH), cancel it (DELETE).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DemoRoute {
    Slots,
    Bookings,
    Booking(String),
}

impl Routes for DemoRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        Some(match parts {
            ["api", "demo", "slots"] => Self::Slots,
            ["api", "demo", "bookings"] => Self::Bookings,
            ["api", "demo", "bookings", booking] => Self::Booking((*booking).to_owned()),
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        match self {
            Self::Slots => &[Method::GET],
            Self::Bookings => &[Method::POST],
            Self::Booking(_) => &[Method::GET, Method::PATCH, Method::DELETE],
        }
    }
}

/// The free demo class: the store, the desk it mails from (with the link key), and where
/// reminders are scheduled (EventBridge Scheduler in AWS, the store locally).
pub struct DemoApi {
    pub store: Store,
    pub desk: Desk,
    pub reminders: Arc<dyn ReminderSchedule>,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for DemoApi {
    type Route = DemoRoute;
    async fn answer(&self, route: DemoRoute, req: &Request) -> Answer {
        let now = self.clock.now();
        let handlers = Bookings { store: &self.store, desk: &self.desk, reminders: self.reminders.as_ref(), now };
        match route {
            DemoRoute::Slots => super::slots::list(&self.store, req, now).await,
            DemoRoute::Bookings => bookings::book(&handlers, req).await,
            DemoRoute::Booking(id) if req.method() == Method::PATCH => bookings::reschedule(&handlers, req, &id).await,
            DemoRoute::Booking(id) if req.method() == Method::DELETE => bookings::cancel(&handlers, req, &id).await,
            DemoRoute::Booking(id) => bookings::get(&handlers, req, &id).await,
        }
    }
}

/// Staff: demo slots (GET), new ones (POST); one changed (PATCH) or cancelled (DELETE); its
/// bookings; a booking's attendance (PATCH).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StaffDemoRoute {
    Slots,
    Slot(String),
    SlotBookings(String),
    Booking(String),
}

impl Routes for StaffDemoRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let id = |s: &str| s.to_owned();
        Some(match parts {
            ["api", "staff", "demo", "slots"] => Self::Slots,
            ["api", "staff", "demo", "slots", slot] => Self::Slot(id(slot)),
            ["api", "staff", "demo", "slots", slot, "bookings"] => Self::SlotBookings(id(slot)),
            ["api", "staff", "demo", "bookings", booking] => Self::Booking(id(booking)),
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        match self {
            Self::Slots => &[Method::GET, Method::POST],
            Self::Slot(_) => &[Method::PATCH, Method::DELETE],
            Self::SlotBookings(_) => &[Method::GET],
            Self::Booking(_) => &[Method::PATCH],
        }
    }
}

/// Staff: demo classes. The store, the sign-in verifier, the desk and the reminders' schedule.
pub struct StaffDemoApi {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub desk: Desk,
    pub reminders: Arc<dyn ReminderSchedule>,
}

#[async_trait]
impl Service for StaffDemoApi {
    type Route = StaffDemoRoute;
    async fn answer(&self, route: StaffDemoRoute, req: &Request) -> Answer {
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let now = crate::time::now();
        match &route {
            StaffDemoRoute::Slots if req.method() != Method::POST => return demo::list(&self.store, req, now).await,
            StaffDemoRoute::SlotBookings(slot) => return demo::bookings(&self.store, slot).await,
            _ => {}
        }
        let actor = Actor::named(verifier, req, caller).await;
        let console = demo::DemoConsole {
            store: &self.store,
            desk: &self.desk,
            reminders: self.reminders.as_ref(),
            actor: &actor,
            now,
        };
        match route {
            StaffDemoRoute::Slots => demo::publish(&console, req).await,
            StaffDemoRoute::Slot(id) if req.method() == Method::DELETE => demo::cancel(&console, &id).await,
            StaffDemoRoute::Slot(id) => demo::change(&console, req, &id).await,
            StaffDemoRoute::Booking(id) => demo::mark(&console, req, &id).await,
            // Answered above, before an actor is named.
            StaffDemoRoute::SlotBookings(_) => Err(no_route()),
        }
    }
}

/// The contract of the demo class: its routes' annotations and answers, merged into the whole document
/// by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        super::slots::list,
        super::bookings::book,
        super::bookings::get,
        super::bookings::reschedule,
        super::bookings::cancel,
        super::console::list,
        super::console::publish,
        super::console::change,
        super::console::cancel,
        super::console::bookings,
        super::console::mark,
    ),
    components(schemas(
        super::Slot,
        super::Booking,
        super::DemoStatus,
        super::Attendance,
        super::slots::SlotList,
        super::bookings::NewBooking,
        super::bookings::Reschedule,
        super::bookings::Booked,
        super::bookings::BookingAnswer,
        super::bookings::SlotRefused,
        super::console::StaffSlot,
        super::console::StaffSlots,
        super::console::SlotBookings,
        super::console::NewSlots,
        super::console::SlotChange,
        super::console::AttendanceChange,
    ))
)]
pub struct Contract;

/// The demo bodies' fields as the server checks them (`demo::bookings`, `demo::console`).
pub fn body_rules(schemas: &mut Schemas) {
    use crate::demo::bookings::{MAX_EMAIL_CHARS, MAX_NAME_CHARS, MAX_PHONE_CHARS};
    let id = || ObjectBuilder::new().schema_type(Type::String).pattern(Some(ID_PATTERN));
    let course = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^([0-9a-f]{24})?$"))
            .description(Some("A course's id, or empty: any course."))
    };
    let time = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
            .pattern(Some(INSTANT_PATTERN))
            .description(Some("RFC 3339, e.g. 2026-03-29T19:00:00+05:00."))
    };
    let link = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(crate::console::checks::MAX_URL_CHARS))
            .pattern(Some(MEETING_URL_PATTERN))
            .description(Some("The meeting's https link."))
    };
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("NewBooking") {
        let name = ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(MAX_NAME_CHARS))
            .pattern(Some(not_blank_pattern()));
        let email = ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)))
            .max_length(Some(MAX_EMAIL_CHARS));
        let phone = ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(MAX_PHONE_CHARS))
            .pattern(Some(phone_pattern(false)))
            .description(Some("7 to 15 digits, and only spaces and + - ( ) . besides."));
        body.properties.insert("slotId".into(), id().into());
        body.properties.insert("name".into(), name.into());
        body.properties.insert("email".into(), email.into());
        body.properties.insert("phone".into(), phone.into());
        body.properties.insert("courseId".into(), course().into());
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("Reschedule") {
        body.properties.insert("slotId".into(), id().into());
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("NewSlots") {
        body.properties.insert("startsAt".into(), time().into());
        body.properties.insert("meetingUrl".into(), link().into());
        body.properties.insert("courseId".into(), nullable(course()).into());
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("SlotChange") {
        body.properties.insert("startsAt".into(), nullable(time()).into());
        body.properties.insert("meetingUrl".into(), nullable(link()).into());
        body.properties.insert("courseId".into(), nullable(course()).into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::routes::resolve;

    #[test]
    fn resolves_the_demo_paths() {
        let id = "665f1c2a9b3e4d0012a1b001";
        assert_eq!(resolve("/api/demo/slots"), Some(DemoRoute::Slots));
        assert_eq!(resolve("/api/demo/bookings"), Some(DemoRoute::Bookings));
        assert_eq!(resolve(&format!("/api/demo/bookings/{id}")), Some(DemoRoute::Booking(id.into())));
        assert_eq!(resolve(&format!("/api/staff/demo/slots/{id}")), Some(StaffDemoRoute::Slot(id.into())));
        assert_eq!(
            resolve(&format!("/api/staff/demo/slots/{id}/bookings")),
            Some(StaffDemoRoute::SlotBookings(id.into()))
        );
        assert_eq!(resolve(&format!("/api/staff/demo/bookings/{id}")), Some(StaffDemoRoute::Booking(id.into())));
        assert_eq!(DemoRoute::Booking(id.into()).methods(), [Method::GET, Method::PATCH, Method::DELETE]);
        assert_eq!(resolve::<DemoRoute>("/api/staff/demo/slots"), None);
    }
}

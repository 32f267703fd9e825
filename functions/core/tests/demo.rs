//! Booking the free demo class, through the dispatcher every Lambda and `academy serve` use, on
//! SQLite and on DynamoDB in moto: seats held atomically (20 concurrent bookings of 3 seats give
//! exactly 3), the same e-mail twice is one booking, refusals name the next open slots, signed
//! links refused when tampered or expired, the mailed calendar objects parsed back (invitation,
//! update, cancellation), reminders in order under a driven clock and none after a cancellation or
//! a move, the staff's morning digest, the staff console (auth, publish, move, cancel, attendance,
//! audit), the reminders' EventBridge Scheduler calls against moto, and the institute's and the
//! UK's times across the UK's clock changes.

use crate::support;
use support::console::{next_ip, signed, Caller, Reply};

use academy_core::demo::reminders::{self, Outcome, SchedulerReminders, SCHEDULE_GROUP};
use academy_core::demo::store::DemoRecords;
use academy_core::demo::tokens::{self, DemoKey};
use academy_core::demo::{zones, Desk};
use academy_core::demo::{DemoBooking, DemoSlot, DemoStatus};
use academy_core::limits;
use academy_core::mail::OutboxMailer;
use academy_core::platform::local::AppState;
use academy_core::store::Store;
use icalendar::{Calendar, CalendarComponent, Component, EventLike};
use lambda_http::Body;
use mail_parser::MimeHeaders;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;

const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;
/// The demo catalog's MERN course.
const MERN: &str = "665f1c2a9b3e4d0012a1b001";
const MEETING: &str = "https://meet.example.com/abc-defg-hij";

/// Every service on a store holding the demo catalog, mailing into an outbox of its own, demo
/// links signed with a key the test knows.
struct World {
    state: AppState,
    outbox: PathBuf,
    key: DemoKey,
}

impl World {
    async fn open(store: Store) -> Self {
        let mut state = support::app_state(support::seeded(store).await).await;
        let outbox = support::outbox_dir();
        state.mail_inline(Arc::new(OutboxMailer::new(&outbox)), support::test_mail());
        let key = DemoKey::random();
        state.sign_demo_links(key.clone());
        Self { state, outbox, key }
    }

    fn store(&self) -> &Store {
        &self.state.store
    }

    fn desk(&self) -> &Desk {
        &self.state.demo.desk
    }

    async fn call(&self, method: &str, path: &str, caller: Caller, body: Option<&Value>) -> Reply {
        let headers: &[(&str, &str)] = if body.is_some() { &[("content-type", "application/json")] } else { &[] };
        let body = body.map_or(Body::Empty, |b| Body::Text(b.to_string()));
        let req = signed(support::request_with_body(method, path, headers, &next_ip(), body), caller);
        Reply::to(&self.state, req).await
    }

    async fn visitor(&self, method: &str, path: &str, body: Option<Value>) -> Reply {
        self.call(method, path, Caller::Nobody, body.as_ref()).await
    }

    async fn staff(&self, method: &str, path: &str, body: Option<Value>) -> Reply {
        self.call(method, path, Caller::Staff, body.as_ref()).await
    }

    /// A slot stored as staff would publish it, starting at `starts_at` (any time, past ones too).
    async fn slot_at(&self, starts_at: i64, seats: u32) -> DemoSlot {
        let slot = DemoSlot {
            id: academy_core::ids::generate(),
            starts_at,
            minutes: 40,
            seats,
            seat_numbers: 0,
            course_id: Some(MERN.into()),
            meeting_url: MEETING.into(),
            cancelled: false,
            created_at: academy_core::time::now(),
        };
        self.store().insert_demo_slot(&slot).await.unwrap();
        slot
    }

    /// A slot published through the console `days` from now (at a whole hour).
    async fn publish(&self, days: i64, seats: u32) -> Value {
        let at = (academy_core::time::now() / HOUR + days * 24) * HOUR;
        let body = json!({"startsAt": zones::rfc3339(at), "minutes": 40, "seats": seats, "courseId": MERN,
                          "meetingUrl": MEETING});
        self.staff("POST", "/api/staff/demo/slots", Some(body)).await.expect(201)["slots"][0].clone()
    }

    async fn book(&self, slot: &str, email: &str) -> Reply {
        let body = json!({"slotId": slot, "name": "Ayesha Khan", "email": email, "phone": "+44 7700 900123",
                          "courseId": MERN});
        self.visitor("POST", "/api/demo/bookings", Some(body)).await
    }

    /// The messages in the outbox, parsed.
    fn mails(&self) -> Vec<String> {
        support::outbox_messages(&self.outbox)
    }
}

/// The calendar part of a mailed message (`text/calendar`), its `method=` and the attachment's copy.
fn calendar_of(raw: &str) -> Option<(String, Calendar)> {
    let message = mail_parser::MessageParser::default().parse(raw.as_bytes())?;
    let mut found = None;
    let mut attached = None;
    for part in &message.parts {
        let Some(kind) = part.content_type() else { continue };
        let essence = format!("{}/{}", kind.ctype(), kind.subtype().unwrap_or_default());
        if essence == "text/calendar" {
            let method = kind.attribute("method").unwrap_or_default().to_owned();
            found = Some((method, part.text_contents()?.to_owned()));
        } else if part.attachment_name() == Some("invite.ics") {
            attached = Some(String::from_utf8_lossy(part.contents()).into_owned());
        }
    }
    let (method, ics) = found?;
    assert_eq!(attached.as_deref().map(str::trim), Some(ics.trim()), "invite.ics carries the same object");
    Some((method, ics.parse::<Calendar>().expect("the calendar library parses it")))
}

/// A mailed message's subject and its text and HTML bodies, decoded.
fn read(raw: &str) -> (String, String) {
    let message = mail_parser::MessageParser::default().parse(raw.as_bytes()).expect("a MIME message");
    let subject = message.subject().unwrap_or_default().to_owned();
    let mut body = String::new();
    for i in 0..message.text_body_count() {
        body.push_str(&message.body_text(i).unwrap_or_default());
    }
    for i in 0..message.html_body_count() {
        body.push_str(&message.body_html(i).unwrap_or_default());
    }
    (subject, body)
}

/// The mails whose subject contains `words`, decoded (subject, bodies).
fn mails_about(world: &World, words: &str) -> Vec<(String, String)> {
    world.mails().iter().map(|m| read(m)).filter(|(subject, _)| subject.contains(words)).collect()
}

fn event_of(calendar: &Calendar) -> &icalendar::Event {
    calendar
        .components
        .iter()
        .find_map(|c| match c {
            CalendarComponent::Event(e) => Some(e),
            _ => None,
        })
        .expect("one event")
}

fn token_of(booked: &Value) -> String {
    booked["token"].as_str().unwrap().to_owned()
}

fn manage(id: &str, token: &str) -> String {
    format!("/api/demo/bookings/{id}?token={}", form_urlencoded::byte_serialize(token.as_bytes()).collect::<String>())
}

// Seats

async fn twenty_concurrent_bookings_of_three_seats_give_exactly_three(store: Store) {
    // GIVEN a 3-seat slot and another open slot later
    let world = World::open(store).await;
    let slot = world.publish(3, 3).await;
    let later = world.publish(4, 5).await;
    let id = slot["id"].as_str().unwrap();
    // WHEN 20 visitors book it at once
    let emails: Vec<String> = (0..20).map(|n| format!("visitor{n}@example.com")).collect();
    let replies = futures::future::join_all(emails.iter().map(|e| world.book(id, e))).await;
    // THEN exactly 3 are booked and 17 refused, each naming the next open slots
    let booked = replies.iter().filter(|r| r.status == 201).count();
    let refused: Vec<Value> = replies.iter().filter(|r| r.status == 409).map(|r| r.json()).collect();
    assert_eq!((booked, refused.len()), (3, 17), "{:?}", replies.iter().map(|r| r.status).collect::<Vec<_>>());
    for body in &refused {
        assert_eq!(body["error"], "slot_unavailable");
        assert!(body["message"].as_str().unwrap().contains("full"), "{body}");
        let next: Vec<&str> = body["nextSlots"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
        assert_eq!(next, [later["id"].as_str().unwrap()], "the full slot is not suggested");
    }
    assert_eq!(world.store().seats_taken(id).await.unwrap(), 3);
    // AND the full slot is no longer listed; staff see 3 booked of 3
    let open = world.visitor("GET", "/api/demo/slots", None).await.expect(200);
    let listed: Vec<&str> = open["slots"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(listed, [later["id"].as_str().unwrap()]);
    assert!(!open.to_string().contains(MEETING), "the public list never carries the meeting link");
    let bookings = world.staff("GET", &format!("/api/staff/demo/slots/{id}/bookings"), None).await.expect(200);
    assert_eq!(bookings["bookings"].as_array().unwrap().len(), 3);
}

async fn the_same_email_booking_a_slot_twice_is_one_booking(store: Store) {
    let world = World::open(store).await;
    let slot = world.publish(2, 5).await;
    let id = slot["id"].as_str().unwrap();
    // GIVEN a booking
    let first = world.book(id, "ayesha@example.com").await.expect(201);
    assert_eq!(first["booking"]["meetingUrl"], MEETING, "the holder sees the link");
    // WHEN the same address books again (another case, spaces), also twice at once
    let again = world.book(id, " Ayesha@Example.com ").await.expect(200);
    let both =
        futures::future::join_all([world.book(id, "ayesha@example.com"), world.book(id, "AYESHA@example.com")]).await;
    // THEN it is the same booking, and one seat
    assert_eq!(again["booking"]["id"], first["booking"]["id"]);
    for reply in both {
        assert_eq!(reply.expect(200)["booking"]["id"], first["booking"]["id"]);
    }
    assert_eq!(world.store().seats_taken(id).await.unwrap(), 1);
    let listed = world.visitor("GET", "/api/demo/slots", None).await.expect(200);
    let ours = listed["slots"].as_array().unwrap().iter().find(|s| s["id"] == id).cloned().unwrap();
    assert_eq!(ours["seatsLeft"], 4);
    assert_eq!(world.mails().len(), 1, "one confirmation");
}

async fn full_soon_past_and_cancelled_slots_are_refused_with_the_next_ones(store: Store) {
    let world = World::open(store).await;
    let now = academy_core::time::now();
    let open = world.publish(5, 2).await;
    let soon = world.slot_at(now + HOUR + 50 * 60, 5).await;
    let past = world.slot_at(now - HOUR, 5).await;
    let full = world.slot_at(now + 3 * DAY, 1).await;
    world.book(&full.id, "first@example.com").await.expect(201);
    let cancelled = world.publish(6, 2).await;
    let cancelled_id = cancelled["id"].as_str().unwrap();
    world.staff("DELETE", &format!("/api/staff/demo/slots/{cancelled_id}"), None).await.expect(200);
    for (slot, why) in [
        (soon.id.as_str(), "within 2 hours"),
        (past.id.as_str(), "already started"),
        (full.id.as_str(), "full"),
        (cancelled_id, "cancelled"),
    ] {
        let body = world.book(slot, "late@example.com").await.refused(409, "slot_unavailable");
        assert!(body["message"].as_str().unwrap().contains(why), "{why}: {body}");
        let next: Vec<&str> = body["nextSlots"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
        assert_eq!(next, [open["id"].as_str().unwrap()], "{why}");
    }
    // AND bad requests are 4xx JSON, never a booking
    let unknown = academy_core::ids::generate();
    world.book(&unknown, "x@example.com").await.refused(404, "not_found");
    world.book("nope", "x@example.com").await.refused(400, "bad_request");
    let body = json!({"slotId": open["id"], "name": " ", "email": "not-an-email", "phone": "12", "courseId": "x"});
    let invalid = world.visitor("POST", "/api/demo/bookings", Some(body)).await.refused(400, "invalid");
    for field in ["name", "email", "phone", "courseId"] {
        assert!(invalid["fields"][field].is_string(), "{field}: {invalid}");
    }
    let undecided = json!({"slotId": open["id"], "name": "Bilal", "email": "b@example.com", "phone": "03001234567", "courseId": ""});
    world.visitor("POST", "/api/demo/bookings", Some(undecided)).await.expect(201);
    let unknown_course = json!({"slotId": open["id"], "name": "Bilal", "email": "c@example.com", "phone": "03001234567",
        "courseId": "665f1c2a9b3e4d0012a1bfff"});
    world.visitor("POST", "/api/demo/bookings", Some(unknown_course)).await.refused(404, "not_found");
    world.visitor("GET", "/api/demo/slots?from=yesterday", None).await.refused(400, "bad_request");
    // A span longer than 31 days is cut to 31; a backwards one is empty
    let too_long = format!("/api/demo/slots?from={}&to={}", zones::rfc3339(now), zones::rfc3339(now + 40 * DAY));
    assert_eq!(world.visitor("GET", &too_long, None).await.expect(200)["slots"].as_array().unwrap().len(), 1);
    let backwards = format!("/api/demo/slots?from={}&to={}", zones::rfc3339(now + 9 * DAY), zones::rfc3339(now));
    assert_eq!(world.visitor("GET", &backwards, None).await.expect(200)["slots"], json!([]));
}

/// The seats taken in each of `slots`.
async fn taken<const N: usize>(world: &World, slots: [&str; N]) -> [i64; N] {
    let mut out = [0; N];
    for (n, slot) in slots.iter().enumerate() {
        out[n] = world.store().seats_taken(slot).await.unwrap();
    }
    out
}

async fn concurrent_changes_of_one_booking_move_its_seat_once(store: Store) {
    let world = World::open(store).await;
    let (a, b, c) = (world.publish(3, 5).await, world.publish(4, 5).await, world.publish(5, 5).await);
    let (a_id, b_id, c_id) = (a["id"].as_str().unwrap(), b["id"].as_str().unwrap(), c["id"].as_str().unwrap());
    // GIVEN a booking in A
    let booked = world.book(a_id, "ayesha@example.com").await.expect(201);
    let (id, token) = (booked["booking"]["id"].as_str().unwrap().to_owned(), token_of(&booked));
    let path = manage(&id, &token);
    // WHEN it is moved to B and to C at once: one move wins, the other is refused (409 when both read the booking
    // before either saved; 403 when the winner had already replaced the link), and it may be retried
    let (to_b, to_c) = (json!({"slotId": b_id}), json!({"slotId": c_id}));
    let moves =
        futures::future::join(world.visitor("PATCH", &path, Some(to_b)), world.visitor("PATCH", &path, Some(to_c)))
            .await;
    let statuses = [moves.0.status, moves.1.status];
    assert!(statuses.contains(&200) && (statuses.contains(&409) || statuses.contains(&403)), "{statuses:?}");
    let seats = taken(&world, [a_id, b_id, c_id]).await;
    assert_eq!(seats.iter().sum::<i64>(), 1, "one seat in all: {seats:?}");
    assert_eq!(seats[0], 0, "the old seat was given back");
    let moved = if moves.0.status == 200 { moves.0.json() } else { moves.1.json() };
    // AND cancelled five times at once: the seat is given back once
    let path = manage(&id, &token_of(&moved));
    let cancels = futures::future::join_all((0..5).map(|_| world.visitor("DELETE", &path, None))).await;
    for reply in &cancels {
        assert_eq!(reply.expect(200)["booking"]["status"], "cancelled");
    }
    assert_eq!(taken(&world, [a_id, b_id, c_id]).await, [0, 0, 0]);
    let cancellations =
        world.mails().iter().filter(|m| calendar_of(m).is_some_and(|(method, _)| method == "CANCEL")).count();
    assert_eq!(cancellations, 1, "one cancellation mailed");
}

async fn lowering_the_seats_while_visitors_book_never_overbooks(store: Store) {
    let world = World::open(store).await;
    for trial in 0..20 {
        // GIVEN a 10-seat class
        let slot = world.publish(3 + trial, 10).await;
        let id = slot["id"].as_str().unwrap();
        let path = format!("/api/staff/demo/slots/{id}");
        // WHEN staff lower it to 1 seat while 10 visitors book it
        let lower = world.staff("PATCH", &path, Some(json!({"seats": 1})));
        let emails: Vec<String> = (0..10).map(|n| format!("race{trial}-{n}@example.com")).collect();
        let books = futures::future::join_all(emails.iter().map(|e| world.book(id, e)));
        let (lowered, booked) = futures::future::join(lower, books).await;
        // THEN the slot never ends with fewer seats than bookings
        let seats = world.store().get_demo_slot(id).await.unwrap().unwrap().seats;
        let taken = world.store().seats_taken(id).await.unwrap();
        let made = booked.iter().filter(|r| r.status == 201).count() as i64;
        assert_eq!(taken, made, "trial {trial}: every booking made holds one seat");
        assert!(taken <= i64::from(seats), "trial {trial}: {taken} booked of {seats} seats");
        match lowered.status {
            200 => assert_eq!((seats, lowered.json()["seats"].as_u64()), (1, Some(1)), "trial {trial}"),
            409 => {
                assert_eq!(seats, 10, "trial {trial}: refused, it keeps its seats");
                let message = lowered.json()["message"].as_str().unwrap().to_owned();
                assert!(message.contains("seats are booked"), "{message}");
            }
            other => panic!("trial {trial}: lowering the seats answered {other}: {}", lowered.text()),
        }
    }
    // AND lowering below the seats taken is refused saying how many are booked; raising opens them again
    let slot = world.publish(30, 5).await;
    let id = slot["id"].as_str().unwrap();
    for n in 0..3 {
        world.book(id, &format!("three{n}@example.com")).await.expect(201);
    }
    let path = format!("/api/staff/demo/slots/{id}");
    let refused = world.staff("PATCH", &path, Some(json!({"seats": 2}))).await.refused(409, "conflict");
    assert_eq!(refused["message"], "3 seats are booked: keep at least that many.");
    assert_eq!(world.staff("PATCH", &path, Some(json!({"seats": 3}))).await.expect(200)["seatsLeft"], 0);
    world.book(id, "fourth@example.com").await.refused(409, "slot_unavailable");
    assert_eq!(world.staff("PATCH", &path, Some(json!({"seats": 6}))).await.expect(200)["seatsLeft"], 3);
    for n in 0..3 {
        world.book(id, &format!("more{n}@example.com")).await.expect(201);
    }
    world.book(id, "seventh@example.com").await.refused(409, "slot_unavailable");
    assert_eq!(world.store().seats_taken(id).await.unwrap(), 6);
}

// Signed links

/// A move of booking `id` by `token` to `slot`, from one client address.
async fn move_from(world: &World, id: &str, token: &str, slot: &str) -> Reply {
    let body = Body::Text(json!({"slotId": slot}).to_string());
    let headers = [("content-type", "application/json")];
    Reply::to(&world.state, support::request_with_body("PATCH", &manage(id, token), &headers, "198.51.100.40", body))
        .await
}

async fn moves_are_limited_and_each_replaces_the_link(store: Store) {
    let world = World::open(store).await;
    // The moves below span 41 minutes and their limit is a UTC calendar day: start at the next noon
    // (UTC), so the run never crosses midnight whatever time of day the test runs at.
    let now = world.state.clock().now();
    world.state.clock().advance(((12 * 3600 - now.rem_euclid(86_400)).rem_euclid(86_400)) as f64);
    let (a, b) = (world.publish(3, 5).await, world.publish(4, 5).await);
    let (a, b) = (a["id"].as_str().unwrap().to_owned(), b["id"].as_str().unwrap().to_owned());
    let booked = world.book(&a, "ayesha@example.com").await.expect(201);
    let id = booked["booking"]["id"].as_str().unwrap().to_owned();
    let first = token_of(&booked);
    let mailed = world.mails().len();
    // GIVEN one move; a second within the minute is refused, saying when to try again
    let moved = move_from(&world, &id, &first, &b).await.expect(200);
    let mut token = token_of(&moved);
    let soon = move_from(&world, &id, &token, &a).await;
    soon.refused(429, "rate_limited");
    let wait: u64 = soon.header("retry-after").parse().unwrap();
    assert!((1..=60).contains(&wait), "Retry-After {wait}");
    // WHEN 40 moves follow from one address, a minute and a second apart, each with the latest link
    let mut statuses = Vec::new();
    let mut other = &a;
    for _ in 0..40 {
        world.state.clock().advance(61.0);
        let reply = move_from(&world, &id, &token, other).await;
        if reply.status == 200 {
            token = token_of(&reply.json());
            other = if other == &a { &b } else { &a };
        } else {
            reply.refused(429, "rate_limited");
            assert!(reply.header("retry-after").parse::<u64>().unwrap() >= 1);
        }
        statuses.push(reply.status);
    }
    // THEN 5 moves in all went through (the limit of one booking), and each mailed once
    let moves = 1 + statuses.iter().filter(|s| **s == 200).count();
    assert_eq!(moves, limits::DEMO_MOVES_PER_BOOKING.max as usize, "{statuses:?}");
    assert_eq!(world.mails().len() - mailed, moves, "one mail per move, no more");
    // AND every link before the latest answers that it was replaced; the latest still works
    for method in ["GET", "DELETE"] {
        let old = world.visitor(method, &manage(&id, &first), None).await.refused(403, "forbidden");
        assert_eq!(old["message"], "this link was replaced; use the latest e-mail");
    }
    let current = world.visitor("GET", &manage(&id, &token), None).await.expect(200);
    assert_eq!(current["booking"]["status"], "booked");
}

async fn moves_and_cancels_count_against_the_clients_limit(store: Store) {
    let world = World::open(store).await;
    let slot = world.publish(3, 5).await;
    let booked = world.book(slot["id"].as_str().unwrap(), "bilal@example.com").await.expect(201);
    let id = booked["booking"]["id"].as_str().unwrap();
    // Changes with a wrong link from one address: each is counted before the link is checked
    let limit = limits::DEMO_CHANGES.max as usize;
    let mut refused = 0;
    for n in 0..limit + 5 {
        let method = if n % 2 == 0 { "DELETE" } else { "PATCH" };
        let body = Body::Text(json!({"slotId": slot["id"]}).to_string());
        let req = support::request_with_body(
            method,
            &manage(id, "1.x"),
            &[("content-type", "application/json")],
            "198.51.100.41",
            body,
        );
        let reply = Reply::to(&world.state, req).await;
        match reply.status {
            403 => assert!(n < limit, "attempt {n} was checked"),
            429 => refused += 1,
            other => panic!("attempt {n}: {other}"),
        }
    }
    assert_eq!(refused, 5);
    // Another address is not held up by it
    world.visitor("DELETE", &manage(id, &token_of(&booked)), None).await.expect(200);
}

async fn links_open_their_booking_and_tampered_or_expired_ones_are_refused(store: Store) {
    let world = World::open(store).await;
    let slot = world.publish(2, 5).await;
    let booked = world.book(slot["id"].as_str().unwrap(), "ayesha@example.com").await.expect(201);
    let other = world.book(slot["id"].as_str().unwrap(), "bilal@example.com").await.expect(201);
    let (id, token) = (booked["booking"]["id"].as_str().unwrap(), token_of(&booked));
    // A good link opens it, with the meeting link
    let seen = world.visitor("GET", &manage(id, &token), None).await.expect(200);
    assert_eq!(seen["booking"]["meetingUrl"], MEETING);
    assert_eq!(seen["booking"]["status"], "booked");
    // Tampered: one character of the signature, the expiry, another booking's token, none at all
    let mut flipped = token.clone().into_bytes();
    let last = flipped.len() - 1;
    flipped[last] = if flipped[last] == b'A' { b'B' } else { b'A' };
    let flipped = String::from_utf8(flipped).unwrap();
    let (expiry, mac) = token.split_once('.').unwrap();
    let longer = format!("{}.{mac}", expiry.parse::<i64>().unwrap() + DAY);
    for bad in [flipped, longer, token_of(&other), String::new(), "x".repeat(500)] {
        world.visitor("GET", &manage(id, &bad), None).await.refused(403, "forbidden");
        world.visitor("DELETE", &manage(id, &bad), None).await.refused(403, "forbidden");
    }
    world.visitor("GET", &format!("/api/demo/bookings/{id}"), None).await.refused(403, "forbidden");
    // Expired: a token of ours whose time is over
    let expired = tokens::issue(&world.key, id, academy_core::time::now() - 1, 0);
    let refused = world.visitor("GET", &manage(id, &expired), None).await.refused(403, "forbidden");
    assert!(refused["message"].as_str().unwrap().contains("expired"), "{refused}");
    // Signed with another key: refused
    let foreign = tokens::issue(&DemoKey::random(), id, academy_core::time::now() + DAY, 0);
    world.visitor("GET", &manage(id, &foreign), None).await.refused(403, "forbidden");
    // Nothing was changed by the refused calls
    assert_eq!(world.store().get_demo_booking(id).await.unwrap().unwrap().status, DemoStatus::Booked);
}

// Calendar objects

async fn the_invitation_update_and_cancellation_parse_back(store: Store) {
    let world = World::open(store).await;
    let first = world.publish(3, 5).await;
    let second = world.publish(4, 5).await;
    let booked = world.book(first["id"].as_str().unwrap(), "ayesha@example.com").await.expect(201);
    let (id, token) = (booked["booking"]["id"].as_str().unwrap().to_owned(), token_of(&booked));
    // WHEN the visitor moves it, then cancels it
    let moved = world.visitor("PATCH", &manage(&id, &token), Some(json!({"slotId": second["id"]}))).await.expect(200);
    assert_eq!(moved["booking"]["slotId"], second["id"]);
    assert_eq!(moved["booking"]["sequence"], 1);
    let cancelled = world.visitor("DELETE", &manage(&id, &token_of(&moved)), None).await.expect(200);
    assert_eq!(cancelled["booking"]["status"], "cancelled");
    assert_eq!(cancelled["booking"]["meetingUrl"], Value::Null);
    // THEN three mails, each with a calendar object the library parses
    let mut objects: Vec<(String, Calendar)> = world.mails().iter().filter_map(|m| calendar_of(m)).collect();
    assert_eq!(objects.len(), 3);
    objects.sort_by_key(|(_, c)| event_of(c).get_sequence());
    let uid = format!("{id}@academy");
    let expect = [
        ("REQUEST", 0, &first, "CONFIRMED"),
        ("REQUEST", 1, &second, "CONFIRMED"),
        ("CANCEL", 2, &second, "CANCELLED"),
    ];
    for ((method, calendar), (want_method, sequence, slot, status)) in objects.iter().zip(expect) {
        assert_eq!(method, want_method, "the part's content type names the method");
        assert_eq!(calendar.property_value("METHOD"), Some(want_method));
        let event = event_of(calendar);
        assert_eq!(event.get_uid(), Some(uid.as_str()), "one event, updated");
        assert_eq!(event.get_sequence(), Some(sequence));
        assert_eq!(event.property_value("STATUS"), Some(status));
        assert_eq!(event.get_summary(), Some("Free demo class — MERN Stack Development"));
        let start = event.property_value("DTSTART").unwrap();
        let wanted = slot["startsAt"].as_str().unwrap().replace(['-', ':'], "");
        assert_eq!(start, wanted, "DTSTART in UTC");
        assert!(event.property_value("DTEND").unwrap().ends_with('Z'));
        assert_eq!(event.property_value("ORGANIZER"), Some(format!("mailto:{}", support::test_mail().from).as_str()));
        let attendees: Vec<&str> =
            event.multi_properties().get("ATTENDEE").into_iter().flatten().map(|p| p.value()).collect();
        let attendee = event.property_value("ATTENDEE").into_iter().chain(attendees).collect::<Vec<_>>();
        assert_eq!(attendee, ["mailto:ayesha@example.com"]);
        if want_method == "REQUEST" {
            assert_eq!(event.get_location(), Some(MEETING));
        }
    }
    // AND the mails carry both zones' times and the signed links
    let (subject, body) = mails_about(&world, "Your free demo class is booked").pop().unwrap();
    assert!(subject.contains("Pakistan time") && body.contains("UK time"), "{subject} {body}");
    assert!(body.contains(&format!("/FreeDemo/booking?id={id}&token=")), "the manage link: {body}");
    assert!(body.contains(MEETING), "the meeting link");
    let (_, cancellation) = mails_about(&world, "Cancelled: your free demo class").pop().unwrap();
    assert!(cancellation.contains("/FreeDemo#book"), "where to book again");
}

// Reminders

/// Sends what is due at each of `times`, in order; what was sent, as (booking, subject's reminder).
async fn drive(world: &World, times: &[i64]) -> Vec<(String, String)> {
    let mut sent = Vec::new();
    for &now in times {
        let before = world.mails().len();
        reminders::send_due(world.store(), world.desk(), now).await.unwrap();
        let mails = world.mails();
        for raw in mails.iter().filter(|m| read(m).0.contains("Reminder: your free demo class")) {
            let parsed = mail_parser::MessageParser::default().parse(raw.as_bytes()).unwrap();
            let to = parsed.to().and_then(|a| a.first()).and_then(|a| a.address()).unwrap_or_default().to_owned();
            let entry = (to, read(raw).0);
            if !sent.contains(&entry) {
                sent.push(entry);
            }
        }
        assert!(mails.len() >= before);
    }
    sent
}

async fn reminders_go_out_in_order_and_never_after_a_cancellation_or_move(store: Store) {
    let world = World::open(store).await;
    let a = world.publish(3, 5).await;
    let b = world.publish(5, 5).await;
    let (a_id, b_id) = (a["id"].as_str().unwrap(), b["id"].as_str().unwrap());
    let a_at = zones::parse_rfc3339(a["startsAt"].as_str().unwrap()).unwrap();
    let b_at = zones::parse_rfc3339(b["startsAt"].as_str().unwrap()).unwrap();
    // GIVEN three bookings of A: one stays, one is cancelled, one moves to B
    let stays = world.book(a_id, "stays@example.com").await.expect(201);
    let cancels = world.book(a_id, "cancels@example.com").await.expect(201);
    let moves = world.book(a_id, "moves@example.com").await.expect(201);
    let cancel_id = cancels["booking"]["id"].as_str().unwrap();
    world.visitor("DELETE", &manage(cancel_id, &token_of(&cancels)), None).await.expect(200);
    let move_id = moves["booking"]["id"].as_str().unwrap();
    world.visitor("PATCH", &manage(move_id, &token_of(&moves)), Some(json!({"slotId": b_id}))).await.expect(200);
    // WHEN the clock runs past each reminder's time
    let times =
        [a_at - 25 * HOUR, a_at - 24 * HOUR, a_at - 2 * HOUR, a_at - HOUR, a_at + HOUR, b_at - 24 * HOUR, b_at - HOUR];
    let sent = drive(&world, &times).await;
    // THEN only the standing bookings are reminded, 24 hours then 1 hour before, each once
    let who = |s: &(String, String)| (s.0.clone(), s.1.contains("24 hours"));
    let order: Vec<(String, bool)> = sent.iter().map(who).collect();
    assert_eq!(
        order,
        [
            ("stays@example.com".to_owned(), true),
            ("stays@example.com".to_owned(), false),
            ("moves@example.com".to_owned(), true),
            ("moves@example.com".to_owned(), false),
        ],
        "{sent:?}"
    );
    assert_eq!(reminders::send_due(world.store(), world.desk(), b_at + DAY).await.unwrap(), 0, "nothing twice");
    // AND a reminder scheduled for an older sequence is dropped when it comes due anyway
    let stays_id = stays["booking"]["id"].as_str().unwrap();
    let stale = reminders::deliver(world.store(), world.desk(), move_id, "1h", 0, b_at - HOUR).await.unwrap();
    assert_eq!(stale, Outcome::Stale);
    let cancelled = reminders::deliver(world.store(), world.desk(), cancel_id, "1h", 1, a_at - HOUR).await.unwrap();
    assert_eq!(cancelled, Outcome::Stale);
    let fresh = reminders::deliver(world.store(), world.desk(), stays_id, "1h", 0, a_at - HOUR).await.unwrap();
    assert_eq!(fresh, Outcome::Sent);
    let (_, reminder) = mails_about(&world, "Reminder: your free demo class").pop().unwrap();
    assert!(reminder.contains(MEETING), "with the meeting link");
}

async fn staff_get_the_days_classes_at_eight_karachi_time(store: Store) {
    let world = World::open(store).await;
    // GIVEN a class at 19:00 Karachi on 2026-03-29 (14:00 UTC) with one booking
    let slot = world.slot_at(zones::parse_rfc3339("2026-03-29T19:00:00+05:00").unwrap(), 5).await;
    let booking = DemoBooking {
        id: academy_core::ids::generate(),
        slot_id: slot.id.clone(),
        starts_at: slot.starts_at,
        minutes: slot.minutes,
        course_id: String::new(),
        name: "Zoë Clarke".into(),
        email: "zoe@example.co.uk".into(),
        phone: "+44 7700 900123".into(),
        status: DemoStatus::Booked,
        attendance: None,
        sequence: 0,
        created_at: slot.created_at,
        link: 0,
        moved_at: None,
    };
    world.store().save_demo_booking(&booking).await.unwrap();
    let at = |text: &str| zones::parse_rfc3339(text).unwrap();
    // WHEN the worker looks at 07:59, 08:00 and 09:00 Karachi time
    let early = reminders::digest_if_due(world.store(), world.desk(), at("2026-03-29T07:59:00+05:00")).await.unwrap();
    let eight = reminders::digest_if_due(world.store(), world.desk(), at("2026-03-29T08:00:00+05:00")).await.unwrap();
    let nine = reminders::digest_if_due(world.store(), world.desk(), at("2026-03-29T09:00:00+05:00")).await.unwrap();
    // THEN one digest, at 08:00, to the inbox, naming the class in both zones and who booked it
    assert_eq!((early, eight, nine), (false, true, false));
    let raw = world.mails().into_iter().find(|m| read(m).0.contains("Today's demo classes")).unwrap();
    let parsed = mail_parser::MessageParser::default().parse(raw.as_bytes()).unwrap();
    let to = parsed.to().and_then(|a| a.first()).and_then(|a| a.address()).unwrap_or_default().to_owned();
    assert_eq!(to, support::test_mail().inbox);
    let digest = read(&raw).1;
    assert!(digest.contains("zoe@example.co.uk"));
    assert!(
        digest.contains("7:00 PM Pakistan time") && digest.contains("3:00 PM UK time"),
        "BST from 29 March: {digest}"
    );
    // AND the Lambda's event does the same
    let said =
        reminders::on_event(world.store(), world.desk(), &json!({"kind": "digest"}), at("2026-03-29T08:00:00+05:00"))
            .await
            .unwrap();
    assert_eq!(said, "digest sent");
    assert!(reminders::on_event(world.store(), world.desk(), &json!({"kind": "24h"}), 0).await.is_err());
}

// The console

async fn staff_publish_move_cancel_and_mark_every_write_audited(store: Store) {
    let world = World::open(store).await;
    // Who may call
    world.call("GET", "/api/staff/demo/slots", Caller::Nobody, None).await.refused(401, "unauthorized");
    world.call("GET", "/api/staff/demo/slots", Caller::Student, None).await.refused(403, "forbidden");
    // What is refused
    let now = academy_core::time::now();
    let base = json!({"startsAt": zones::rfc3339(now + 3 * DAY), "minutes": 40, "seats": 5, "meetingUrl": MEETING});
    for (field, value) in [
        ("minutes", json!(29)),
        ("minutes", json!(46)),
        ("seats", json!(0)),
        ("seats", json!(51)),
        ("meetingUrl", json!("http://meet.example.com/x")),
        ("startsAt", json!("next Friday")),
        ("repeatWeeks", json!(13)),
        ("courseId", json!("mern")),
    ] {
        let mut body = base.clone();
        body[field] = value;
        let refused = world.staff("POST", "/api/staff/demo/slots", Some(body)).await.refused(400, "invalid");
        assert!(refused["fields"][field].is_string(), "{field}: {refused}");
    }
    // Well-formed but not possible: a time gone (409), a course we do not have (404)
    let mut past = base.clone();
    past["startsAt"] = json!(zones::rfc3339(now - 60));
    world.staff("POST", "/api/staff/demo/slots", Some(past)).await.refused(409, "conflict");
    let mut unknown = base.clone();
    unknown["courseId"] = json!("665f1c2a9b3e4d0012a1bfff");
    world.staff("POST", "/api/staff/demo/slots", Some(unknown)).await.refused(404, "not_found");
    // Publish weekly for two more weeks: the same Karachi time each week
    let mut weekly = base.clone();
    weekly["repeatWeeks"] = json!(2);
    weekly["minutes"] = json!(45.0);
    let slots = world.staff("POST", "/api/staff/demo/slots", Some(weekly)).await.expect(201)["slots"].clone();
    let starts: Vec<i64> = slots
        .as_array()
        .unwrap()
        .iter()
        .map(|s| zones::parse_rfc3339(s["startsAt"].as_str().unwrap()).unwrap())
        .collect();
    assert_eq!(starts.len(), 3);
    assert!(starts.windows(2).all(|w| w[1] - w[0] == 7 * DAY));
    let id = slots[0]["id"].as_str().unwrap().to_owned();
    assert_eq!(
        (slots[0]["seats"].clone(), slots[0]["booked"].clone(), slots[0]["cancelled"].clone()),
        (json!(5), json!(0), json!(false))
    );
    // A booking; staff move the class: the visitor's booking follows, sequence 1, mailed
    let booked = world.book(&id, "ayesha@example.com").await.expect(201);
    let booking_id = booked["booking"]["id"].as_str().unwrap().to_owned();
    let later = zones::rfc3339(starts[0] + 2 * HOUR);
    world
        .staff("PATCH", &format!("/api/staff/demo/slots/{id}"), Some(json!({"seats": 0})))
        .await
        .refused(400, "invalid");
    let moved = world
        .staff("PATCH", &format!("/api/staff/demo/slots/{id}"), Some(json!({"startsAt": later})))
        .await
        .expect(200);
    assert_eq!((moved["startsAt"].as_str(), moved["booked"].as_u64()), (Some(later.as_str()), Some(1)));
    let listed = world.staff("GET", &format!("/api/staff/demo/slots/{id}/bookings"), None).await.expect(200);
    assert_eq!(listed["bookings"][0]["startsAt"], later.as_str());
    assert_eq!(listed["bookings"][0]["sequence"], 1);
    assert_eq!(mails_about(&world, "Your free demo class has changed").len(), 1);
    // Attendance
    let path = format!("/api/staff/demo/bookings/{booking_id}");
    let marked = world.staff("PATCH", &path, Some(json!({"attendance": "no-show"}))).await.expect(200);
    assert_eq!(marked["attendance"], "no-show");
    let cleared = world.staff("PATCH", &path, Some(json!({"attendance": null}))).await.expect(200);
    assert_eq!(cleared["attendance"], Value::Null);
    world.staff("PATCH", &path, Some(json!({"attendance": "maybe"}))).await.refused(400, "bad_request");
    // Cancel the class: the booking is cancelled and mailed where to book again
    let cancelled = world.staff("DELETE", &format!("/api/staff/demo/slots/{id}"), None).await.expect(200);
    assert_eq!(cancelled["cancelled"], true);
    let booking = world.store().get_demo_booking(&booking_id).await.unwrap().unwrap();
    assert_eq!((booking.status, booking.sequence), (DemoStatus::Cancelled, 2));
    let cancellation = world.mails().into_iter().find(|m| read(m).1.contains("we had to cancel")).expect("mailed");
    assert!(read(&cancellation).1.contains("/FreeDemo#book"));
    let (method, calendar) = calendar_of(&cancellation).unwrap();
    assert_eq!((method.as_str(), event_of(&calendar).get_sequence()), ("CANCEL", Some(2)));
    world
        .staff("PATCH", &format!("/api/staff/demo/slots/{id}"), Some(json!({"seats": 9})))
        .await
        .refused(409, "conflict");
    // Every write is in the trail
    let trail = world.staff("GET", "/api/staff/audit?limit=100", None).await.expect(200);
    let actions: Vec<(String, String)> = trail["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["action"].as_str().unwrap().to_owned(), e["outcome"].as_str().unwrap().to_owned()))
        .collect();
    for (action, outcome) in [
        ("demo.slot.create", "ok"),
        ("demo.slot.create", "refused"),
        ("demo.slot.update", "ok"),
        ("demo.slot.update", "refused"),
        ("demo.slot.cancel", "ok"),
        ("demo.booking.attendance", "ok"),
    ] {
        assert!(actions.contains(&(action.to_owned(), outcome.to_owned())), "{action} {outcome}: {actions:?}");
    }
}

/// A booking whose function stopped between taking its seat and saving the booking (a crash or a
/// timeout) strands the seat and its e-mail's hold: once they are `STRANDED_AFTER_SECS` old they
/// are given back to the next booking (the same e-mail too), never while a booking may still be
/// being made.
async fn a_seat_stranded_by_a_crash_is_given_back_once_it_is_old(store: Store) {
    use academy_core::demo::email_key;
    use academy_core::demo::store::STRANDED_AFTER_SECS;
    let world = World::open(store).await;
    let now = academy_core::time::now();
    let strand = |slot: DemoSlot, email: &'static str, at: i64| {
        let store = world.store().clone();
        async move {
            let ghost = academy_core::ids::generate();
            store.hold_seat(&slot.id, &email_key(email), &ghost, at).await.unwrap();
            assert!(store.take_seat(&slot, &ghost, at).await.unwrap());
        }
    };
    // GIVEN a one-seat class whose seat a crashed booking took just now
    let fresh = world.slot_at(now + 3 * DAY, 1).await;
    strand(fresh.clone(), "ghost@example.com", now - 5).await;
    // THEN it is not given back: that booking may still be being saved
    world.book(&fresh.id, "other@example.com").await.refused(409, "slot_unavailable");
    assert_eq!(world.store().seats_taken(&fresh.id).await.unwrap(), 1);

    // GIVEN one whose seat and hold were stranded long enough ago
    let old = world.slot_at(now + 3 * DAY + HOUR, 1).await;
    strand(old.clone(), "ghost@example.com", now - STRANDED_AFTER_SECS - 1).await;
    // WHEN the same e-mail books it again
    let booked = world.book(&old.id, "Ghost@example.com").await.expect(201);
    // THEN the hold and the seat are its new booking's, and the class is full with it
    assert_eq!(
        world.store().seat_holder(&old.id, &email_key("ghost@example.com")).await.unwrap().as_deref(),
        booked["booking"]["id"].as_str()
    );
    assert_eq!(world.store().seats_taken(&old.id).await.unwrap(), 1);
    world.book(&old.id, "third@example.com").await.refused(409, "slot_unavailable");
}

on_both_stores!(
    lowering_the_seats_while_visitors_book_never_overbooks,
    moves_are_limited_and_each_replaces_the_link,
    moves_and_cancels_count_against_the_clients_limit,
    a_seat_stranded_by_a_crash_is_given_back_once_it_is_old,
    twenty_concurrent_bookings_of_three_seats_give_exactly_three,
    the_same_email_booking_a_slot_twice_is_one_booking,
    concurrent_changes_of_one_booking_move_its_seat_once,
    full_soon_past_and_cancelled_slots_are_refused_with_the_next_ones,
    links_open_their_booking_and_tampered_or_expired_ones_are_refused,
    the_invitation_update_and_cancellation_parse_back,
    reminders_go_out_in_order_and_never_after_a_cancellation_or_move,
    staff_get_the_days_classes_at_eight_karachi_time,
    staff_publish_move_cancel_and_mark_every_write_audited,
);

// EventBridge Scheduler (moto)

async fn scheduler(group: &str) -> SchedulerReminders {
    let client = aws_sdk_scheduler::Client::new(&support::moto_config().await);
    client.create_schedule_group().name(group).send().await.expect("moto creates the group");
    SchedulerReminders {
        client,
        group: group.into(),
        target_arn: "arn:aws:lambda:eu-west-2:123456789012:function:demo-reminder".into(),
        role_arn: "arn:aws:iam::123456789012:role/demo-scheduler".into(),
    }
}

async fn schedules(reminders: &SchedulerReminders) -> Vec<String> {
    let listed = reminders.client.list_schedules().group_name(&reminders.group).send().await.unwrap();
    let mut names: Vec<String> = listed.schedules().iter().filter_map(|s| s.name().map(str::to_owned)).collect();
    names.sort();
    names
}

#[tokio::test]
async fn bookings_schedule_their_reminders_in_eventbridge_scheduler() {
    // GIVEN the demo service scheduling reminders in moto's EventBridge Scheduler
    let mut world = World::open(support::moto_store().await).await;
    let group = format!("{SCHEDULE_GROUP}-{}", &academy_core::ids::generate()[..8]);
    let scheduler = Arc::new(scheduler(&group).await);
    world.state.demo.reminders = scheduler.clone();
    let (a, b) = (world.publish(3, 5).await, world.publish(4, 5).await);
    // WHEN a visitor books
    let booked = world.book(a["id"].as_str().unwrap(), "ayesha@example.com").await.expect(201);
    let id = booked["booking"]["id"].as_str().unwrap().to_owned();
    // THEN two one-time schedules invoke demo-reminder with the booking, kind and sequence
    assert_eq!(schedules(&scheduler).await, [format!("demo-{id}-1h-0"), format!("demo-{id}-24h-0")]);
    let start = zones::parse_rfc3339(a["startsAt"].as_str().unwrap()).unwrap();
    let got = scheduler.client.get_schedule().group_name(&group).name(format!("demo-{id}-1h-0")).send().await.unwrap();
    assert_eq!(got.schedule_expression(), Some(reminders::at_expression(start - HOUR).as_str()));
    assert_eq!(got.schedule_expression_timezone(), Some("UTC"));
    assert_eq!(got.action_after_completion().map(|a| a.as_str()), Some("DELETE"));
    let target = got.target().unwrap();
    assert_eq!(target.arn(), scheduler.target_arn);
    assert_eq!(target.role_arn(), scheduler.role_arn);
    let input: Value = serde_json::from_str(target.input().unwrap()).unwrap();
    assert_eq!(input, json!({"bookingId": id, "kind": "1h", "sequence": 0}));
    // WHEN it moves: the old schedules go, the new sequence's come
    let moved =
        world.visitor("PATCH", &manage(&id, &token_of(&booked)), Some(json!({"slotId": b["id"]}))).await.expect(200);
    assert_eq!(schedules(&scheduler).await, [format!("demo-{id}-1h-1"), format!("demo-{id}-24h-1")]);
    // WHEN it is cancelled: none is left
    world.visitor("DELETE", &manage(&id, &token_of(&moved)), None).await.expect(200);
    assert!(schedules(&scheduler).await.is_empty());
    // AND scheduling twice or removing what is gone is no error
    let reminder =
        academy_core::domain::DemoReminder { booking_id: id.clone(), kind: "1h".into(), sequence: 5, at: start };
    use academy_core::demo::reminders::ReminderSchedule;
    scheduler.schedule(&reminder).await.unwrap();
    scheduler.schedule(&reminder).await.unwrap();
    scheduler.unschedule(&reminder).await.unwrap();
    scheduler.unschedule(&reminder).await.unwrap();
}

// Time zones

#[test]
fn karachi_and_london_times_across_the_uks_clock_changes() {
    let at = |text: &str| zones::parse_rfc3339(text).unwrap();
    // 19:00 in Karachi (UTC+5 all year) is 14:00 UTC: 2 PM in London on GMT, 3 PM on BST.
    let cases = [
        ("2026-03-28T19:00:00+05:00", "2026-03-28T14:00:00Z", "Sat 28 Mar 2026, 7:00 PM", "Sat 28 Mar 2026, 2:00 PM"),
        ("2026-03-29T19:00:00+05:00", "2026-03-29T14:00:00Z", "Sun 29 Mar 2026, 7:00 PM", "Sun 29 Mar 2026, 3:00 PM"),
        ("2026-10-24T19:00:00+05:00", "2026-10-24T14:00:00Z", "Sat 24 Oct 2026, 7:00 PM", "Sat 24 Oct 2026, 3:00 PM"),
        ("2026-10-25T19:00:00+05:00", "2026-10-25T14:00:00Z", "Sun 25 Oct 2026, 7:00 PM", "Sun 25 Oct 2026, 2:00 PM"),
        // Around the change itself: 01:00 UTC on 29 March is 02:00 BST; on 25 October, 01:00 GMT.
        ("2026-03-29T06:30:00+05:00", "2026-03-29T01:30:00Z", "Sun 29 Mar 2026, 6:30 AM", "Sun 29 Mar 2026, 2:30 AM"),
        ("2026-10-25T06:30:00+05:00", "2026-10-25T01:30:00Z", "Sun 25 Oct 2026, 6:30 AM", "Sun 25 Oct 2026, 1:30 AM"),
        ("2026-10-25T05:30:00+05:00", "2026-10-25T00:30:00Z", "Sun 25 Oct 2026, 5:30 AM", "Sun 25 Oct 2026, 1:30 AM"),
    ];
    for (karachi, utc, there, london) in cases {
        let t = at(karachi);
        assert_eq!(zones::rfc3339(t), utc, "{karachi}");
        assert_eq!(zones::wall_clock(t, zones::INSTITUTE), there, "{karachi}");
        assert_eq!(zones::wall_clock(t, zones::UK), london, "{karachi}");
        assert_eq!(zones::both(t), format!("{there} Pakistan time ({london} UK time)"));
    }
    // A UK visitor's 7 PM is 11 PM in Karachi in winter and midnight in summer.
    assert_eq!(zones::wall_clock(at("2026-03-28T19:00:00+00:00"), zones::INSTITUTE), "Sun 29 Mar 2026, 12:00 AM");
    assert_eq!(zones::wall_clock(at("2026-03-29T19:00:00+01:00"), zones::INSTITUTE), "Sun 29 Mar 2026, 11:00 PM");
    assert_eq!(zones::wall_clock(at("2026-10-25T19:00:00+00:00"), zones::INSTITUTE), "Mon 26 Oct 2026, 12:00 AM");
}

//! Live classes through the dispatcher every Lambda and `academy serve` use, on SQLite and on
//! DynamoDB in moto: a timetable generating the term's sessions across London's October clock
//! change (a batch in Asia/Karachi, one in Europe/London, read by a student in London), the
//! public card following it, a second save keeping what was held or edited; cancel and move
//! mailing each student once and the feed (parsed back by the `icalendar` crate) showing
//! `STATUS:CANCELLED` and a raised `SEQUENCE` under a stable `UID`, with no meeting link in it;
//! Join refused before its window, for a student not enrolled and after a revocation, and
//! allowed inside it (by the feed's token too) recording attendance once however often pressed;
//! reminders under a driven clock (none stale after a move, none to a student who turned them
//! off); staff's corrections audited, the term's percentages, their spreadsheet, and the
//! certificate's minimum attendance.

use crate::support;
use support::console::{next_ip, signed, Caller, Reply, STUDENT_SUB};

use academy_core::completion::AttendanceOf;
use academy_core::domain::{Batch, BatchLink, Enrolment};
use academy_core::live::reminders::{self, Outcome};
use academy_core::live::LiveRecords;
use academy_core::live::{AttendanceMark, SessionStatus};
use academy_core::mail::OutboxMailer;
use academy_core::platform::local::AppState;
use academy_core::store::{AuditRecords, CatalogRecords, EnrolmentRecords, ReminderRecords, Store, StudentRecords};
use academy_core::zones::rfc3339;
use chrono::{Datelike, NaiveDate, TimeZone, Utc};
use icalendar::{Calendar, CalendarComponent, Component};
use lambda_http::Body;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;

const MEETING: &str = "https://meet.example.com/live-abc";
const OTHER_SUB: &str = "0b5e4f7a-other";

struct World {
    state: AppState,
    outbox: PathBuf,
}

impl World {
    async fn open(store: Store) -> Self {
        let mut state = support::app_state(support::seeded(store).await).await;
        let outbox = support::outbox_dir();
        state.mail_inline(Arc::new(OutboxMailer::new(&outbox)), support::test_mail());
        Self { state, outbox }
    }

    fn store(&self) -> &Store {
        &self.state.store
    }

    fn now(&self) -> i64 {
        self.state.clock().now()
    }

    async fn call(&self, method: &str, path: &str, caller: Caller, body: Option<&Value>) -> Reply {
        let headers: &[(&str, &str)] = if body.is_some() { &[("content-type", "application/json")] } else { &[] };
        let body = body.map_or(Body::Empty, |b| Body::Text(b.to_string()));
        let req = signed(support::request_with_body(method, path, headers, &next_ip(), body), caller);
        Reply::to(&self.state, req).await
    }

    async fn staff(&self, method: &str, path: &str, body: Option<Value>) -> Reply {
        self.call(method, path, Caller::Staff, body.as_ref()).await
    }

    async fn student(&self, method: &str, path: &str, body: Option<Value>) -> Reply {
        self.call(method, path, Caller::Student, body.as_ref()).await
    }

    async fn as_account(&self, sub: &str, path: &str) -> Reply {
        let req = support::as_student(support::request("GET", path, &[], &next_ip()), sub);
        Reply::to(&self.state, req).await
    }

    /// A batch of its own, its term from `first` to `last`.
    async fn batch(&self, name: &str, first: NaiveDate, last: NaiveDate) -> String {
        let id = academy_core::ids::generate();
        let batch = Batch {
            id: id.clone(),
            course_id: "665f1c2a9b3e4d0012a1b001".into(),
            name: name.into(),
            mode: "Online".into(),
            schedule: "To be announced".into(),
            timing: "To be announced".into(),
            instructor: "Sana Mir".into(),
            start_date: first.format("%Y-%m-%d").to_string(),
            end_date: last.format("%Y-%m-%d").to_string(),
            price: "PKR 30,000".into(),
            seats: 30,
            enrolled: 0,
            description: "A batch of the tests' own.".into(),
        };
        self.store().put_batch(&batch).await.unwrap();
        id
    }

    /// `sub` enrolled in `batch` as `name` <`email`>, their account linked (as signing in does).
    async fn enrol(&self, batch: &str, sub: &str, name: &str, email: &str) -> Enrolment {
        let (_, grant) = support::grant(self.store(), batch).await;
        let enrolment = Enrolment {
            batch_id: batch.into(),
            name: name.into(),
            email: email.into(),
            secret_hash: grant.secret_hash.clone(),
            enrolled_at: self.now(),
            enrolled_by: "staff@academy.test".into(),
            access_until: None,
            enquiry_id: None,
            revoked_at: None,
            welcome_sent: true,
            revoked_accounts: Vec::new(),
        };
        self.store().insert_enrolment(&enrolment).await.unwrap();
        let link = BatchLink {
            sub: sub.into(),
            batch_id: batch.into(),
            secret_hash: grant.secret_hash,
            linked_at: self.now(),
        };
        self.store().put_link(&link).await.unwrap();
        enrolment
    }

    async fn timetable(&self, batch: &str, zone: &str, slots: Value) -> Value {
        let body = json!({"timeZone": zone, "slots": slots, "meetingUrl": MEETING});
        self.staff("PUT", &format!("/api/staff/batches/{batch}/timetable"), Some(body)).await.expect(200)
    }

    /// A weekly timetable whose sessions all lie a day or more away (on the weekday three days
    /// from now), clear of the one-off sessions a test adds near now and of their reminders.
    async fn distant_timetable(&self, batch: &str) -> Value {
        let weekday = (Utc::now() + chrono::Duration::days(3)).format("%a").to_string().to_lowercase();
        self.timetable(batch, "Asia/Karachi", json!([{"weekday": weekday, "start": "03:00", "minutes": 60}])).await
    }

    /// A one-off session of `batch` starting `minutes_ahead` minutes from now (to the minute).
    async fn extra(&self, batch: &str, minutes_ahead: i64, minutes: u32) -> Value {
        let at = (self.now() / 60 + minutes_ahead) * 60;
        let body = json!({"startsAt": rfc3339(at), "minutes": minutes});
        self.staff("POST", &format!("/api/staff/batches/{batch}/sessions"), Some(body)).await.expect(201)
    }

    fn mails(&self) -> Vec<String> {
        support::outbox_messages(&self.outbox)
    }

    fn mails_to(&self, email: &str) -> usize {
        self.mails()
            .iter()
            .filter(|m| m.contains(&format!("To: <{email}>")) || m.contains(&format!("To: {email}")))
            .count()
    }

    /// The student's feed, fetched as a calendar program would (no sign-in), and parsed back.
    async fn feed(&self) -> (String, Calendar) {
        let calendar = self.student("GET", "/api/me/calendar", None).await.expect(200);
        let url = calendar["url"].as_str().unwrap();
        assert!(calendar["webcalUrl"].as_str().unwrap().starts_with("webcal://"), "{calendar}");
        let path = &url[url.find("/calendar/").unwrap()..];
        let reply = self.call("GET", path, Caller::Nobody, None).await;
        assert_eq!(reply.status, 200, "{}", reply.text());
        assert!(reply.header("content-type").starts_with("text/calendar"), "{}", reply.header("content-type"));
        let text = reply.text();
        (text.clone(), text.parse::<Calendar>().expect("the calendar library parses the feed"))
    }
}

/// The last Sunday of October of `year`: London's clocks go back that day.
fn october_change(year: i32) -> NaiveDate {
    let last = NaiveDate::from_ymd_opt(year, 10, 31).unwrap();
    last - chrono::Duration::days(i64::from(last.weekday().num_days_from_sunday()))
}

fn events(calendar: &Calendar) -> Vec<&icalendar::Event> {
    calendar
        .components
        .iter()
        .filter_map(|c| if let CalendarComponent::Event(e) = c { Some(e) } else { None })
        .collect()
}

fn wall(at: &str, zone: chrono_tz::Tz) -> String {
    let at = chrono::DateTime::parse_from_rfc3339(at).unwrap().with_timezone(&Utc);
    zone.from_utc_datetime(&at.naive_utc()).format("%a %H:%M %Z").to_string()
}

/// A term across next year's October change: a batch in Karachi and one in London, a student in London.
async fn sessions_follow_the_wall_clock_across_londons_october_change(store: Store) {
    let world = World::open(store).await;
    let year = Utc::now().year() + 1;
    let change = october_change(year);
    let (first, last) = (change - chrono::Duration::days(13), change + chrono::Duration::days(13));
    let karachi = world.batch("KHI-01 Evening", first, last).await;
    let london = world.batch("LDN-01 Evening", first, last).await;
    world.enrol(&karachi, STUDENT_SUB, "Ayesha Khan", "ayesha@example.test").await;
    world.enrol(&london, STUDENT_SUB, "Ayesha Khan", "ayesha@example.test").await;

    let saved = world
        .timetable(
            &karachi,
            "Asia/Karachi",
            json!([{"weekday": "mon", "start": "19:00", "minutes": 120},
                                                    {"weekday": "wed", "start": "19:00", "minutes": 120}]),
        )
        .await;
    assert_eq!(saved["timetable"]["timeZone"], "Asia/Karachi");
    assert_eq!(saved["timetable"]["schedule"], "Mon, Wed");
    assert_eq!(saved["timetable"]["timing"], "7:00 PM – 9:00 PM PKT");
    let sessions = saved["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 8, "4 weeks of Mondays and Wednesdays: {saved}");
    // Karachi has no clock change: every session is at 14:00 UTC; a student in London sees 15:00 BST, then 14:00 GMT.
    let london_zone = chrono_tz::Europe::London;
    for s in sessions {
        assert!(s["startsAt"].as_str().unwrap().ends_with("T14:00:00Z"), "{s}");
        assert_eq!(s["meetingUrl"], MEETING);
    }
    assert_eq!(wall(sessions[0]["startsAt"].as_str().unwrap(), london_zone), "Mon 15:00 BST");
    assert_eq!(wall(sessions[7]["startsAt"].as_str().unwrap(), london_zone), "Wed 14:00 GMT");
    // The public card follows the timetable.
    let card = world.call("GET", &format!("/api/batches/{karachi}"), Caller::Nobody, None).await.expect(200);
    assert_eq!((card["schedule"].as_str(), card["timing"].as_str()), (Some("Mon, Wed"), Some("7:00 PM – 9:00 PM PKT")));

    let saved =
        world.timetable(&london, "Europe/London", json!([{"weekday": "thu", "start": "18:00", "minutes": 60}])).await;
    let starts: Vec<&str> =
        saved["sessions"].as_array().unwrap().iter().map(|s| s["startsAt"].as_str().unwrap()).collect();
    assert_eq!(starts.len(), 4, "{starts:?}");
    // London keeps 18:00 on its own clock: 17:00 UTC in BST, 18:00 UTC in GMT.
    let before: Vec<bool> = starts.iter().map(|s| s.ends_with("T17:00:00Z")).collect();
    assert_eq!(before, [true, true, false, false], "{starts:?}");
    assert!(starts[2].ends_with("T18:00:00Z") && starts[3].ends_with("T18:00:00Z"), "{starts:?}");
    assert!(starts.iter().all(|s| wall(s, london_zone).starts_with("Thu 18:00")), "{starts:?}");
    assert!(saved["timetable"]["timing"].as_str().unwrap().starts_with("6:00 PM – 7:00 PM "), "{saved}");

    // The student's sessions: both batches, in UTC, each with its batch's zone and name, never a meeting link.
    let mine = world.student("GET", "/api/me/sessions", None).await.expect(200);
    let mine = mine["sessions"].as_array().unwrap();
    assert_eq!(mine.len(), 12);
    assert!(mine.windows(2).all(|w| w[0]["startsAt"].as_str() <= w[1]["startsAt"].as_str()), "by start");
    let zones: std::collections::BTreeSet<&str> = mine.iter().map(|s| s["timeZone"].as_str().unwrap()).collect();
    assert_eq!(zones.into_iter().collect::<Vec<_>>(), ["Asia/Karachi", "Europe/London"]);
    assert!(mine.iter().all(|s| s["joinOpen"] == false && s["attended"] == false && s["batchName"].is_string()));
    let text = serde_json::to_string(&mine).unwrap();
    assert!(!text.contains(MEETING), "no meeting link in a student's answer");
    // A span: only what overlaps it.
    let from = mine[4]["startsAt"].as_str().unwrap();
    let to = mine[5]["startsAt"].as_str().unwrap();
    let span = world.student("GET", &format!("/api/me/sessions?from={from}&to={to}"), None).await.expect(200);
    assert_eq!(span["sessions"].as_array().unwrap().len(), 2, "{span}");
    world.student("GET", "/api/me/sessions?from=yesterday", None).await.refused(400, "bad_request");

    // Saved again unchanged: the same sessions, the same ids, nobody mailed.
    let mails = world.mails().len();
    let again = world
        .timetable(
            &karachi,
            "Asia/Karachi",
            json!([{"weekday": "mon", "start": "19:00", "minutes": 120},
                                                    {"weekday": "wed", "start": "19:00", "minutes": 120}]),
        )
        .await;
    let ids = |v: &Value| {
        v["sessions"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
    };
    assert_eq!(ids(&again), sessions.iter().map(|s| s["id"].as_str().unwrap().to_owned()).collect::<Vec<_>>());
    assert_eq!(world.mails().len(), mails);
    // A moved session is kept when Wednesdays are dropped; the other future Wednesdays go; the student is mailed once.
    let wednesday = sessions[1]["id"].as_str().unwrap();
    let moved_to =
        chrono::DateTime::parse_from_rfc3339(sessions[1]["startsAt"].as_str().unwrap()).unwrap().timestamp() + 3600;
    world
        .staff("PATCH", &format!("/api/staff/sessions/{wednesday}"), Some(json!({"startsAt": rfc3339(moved_to)})))
        .await
        .expect(200);
    let before_mails = world.mails_to("ayesha@example.test");
    let fridays = world
        .timetable(
            &karachi,
            "Asia/Karachi",
            json!([{"weekday": "mon", "start": "19:00", "minutes": 120},
                                                    {"weekday": "fri", "start": "19:00", "minutes": 120}]),
        )
        .await;
    let kept = ids(&fridays);
    assert!(kept.contains(&wednesday.to_owned()), "the edited Wednesday stays");
    assert_eq!(kept.len(), 9, "4 Mondays, 4 Fridays and the moved Wednesday: {fridays}");
    assert_eq!(fridays["timetable"]["schedule"], "Mon, Fri");
    assert_eq!(world.mails_to("ayesha@example.test"), before_mails + 1, "one mail for the new timetable");

    // Bad timetables are refused with the field named.
    let bad = [
        json!({"timeZone": "Mars/Olympus", "slots": [{"weekday": "mon", "start": "19:00", "minutes": 60}], "meetingUrl": MEETING}),
        json!({"timeZone": "Asia/Karachi", "slots": [{"weekday": "mon", "start": "7pm", "minutes": 60}], "meetingUrl": MEETING}),
        json!({"timeZone": "Asia/Karachi", "slots": [], "meetingUrl": MEETING}),
        json!({"timeZone": "Asia/Karachi", "slots": [{"weekday": "mon", "start": "19:00", "minutes": 60}], "meetingUrl": "http://x.test"}),
    ];
    for body in bad {
        world
            .staff("PUT", &format!("/api/staff/batches/{karachi}/timetable"), Some(body.clone()))
            .await
            .refused(400, "invalid");
    }
    // Two well-formed slots that overlap contradict each other: 409.
    let overlapping = json!({"timeZone": "Asia/Karachi", "slots": [{"weekday": "mon", "start": "19:00", "minutes": 120},
        {"weekday": "mon", "start": "20:00", "minutes": 60}], "meetingUrl": MEETING});
    world
        .staff("PUT", &format!("/api/staff/batches/{karachi}/timetable"), Some(overlapping))
        .await
        .refused(409, "conflict");
    world.student("GET", &format!("/api/staff/batches/{karachi}/timetable"), None).await.refused(403, "forbidden");
}

/// Cancel and move: each student mailed once per change; the feed shows CANCELLED and a raised SEQUENCE.
async fn cancel_and_move_mail_once_and_the_feed_follows(store: Store) {
    let world = World::open(store).await;
    let today = Utc::now().date_naive();
    let batch = world.batch("FEED-01", today + chrono::Duration::days(2), today + chrono::Duration::days(30)).await;
    world.enrol(&batch, STUDENT_SUB, "Ayesha Khan", "ayesha@example.test").await;
    world.enrol(&batch, OTHER_SUB, "Bilal Ahmed", "bilal@example.test").await;
    let saved =
        world.timetable(&batch, "Asia/Karachi", json!([{"weekday": "tue", "start": "10:00", "minutes": 90}])).await;
    let sessions = saved["sessions"].as_array().unwrap().clone();
    assert!(sessions.len() >= 3);
    let (cancelled, moved) = (sessions[0]["id"].as_str().unwrap(), sessions[1]["id"].as_str().unwrap());
    let start = |s: &Value| chrono::DateTime::parse_from_rfc3339(s["startsAt"].as_str().unwrap()).unwrap().timestamp();

    let mails = world.mails().len();
    let path = format!("/api/staff/sessions/{cancelled}");
    let patch = |body: Value| world.staff("PATCH", &path, Some(body));
    patch(json!({"status": "cancelled"})).await.refused(409, "conflict");
    patch(json!({"reason": "no status"})).await.refused(409, "conflict");
    patch(json!({"status": "cancelled", "reason": " "})).await.refused(400, "invalid");
    patch(json!({"status": "cancelled", "reason": "Unwell", "minutes": 60})).await.refused(409, "conflict");
    assert_eq!(world.mails().len(), mails, "nothing refused mails anyone");
    let answer = world
        .staff(
            "PATCH",
            &format!("/api/staff/sessions/{cancelled}"),
            Some(json!({"status": "cancelled", "reason": "The teacher is unwell"})),
        )
        .await
        .expect(200);
    assert_eq!((answer["status"].as_str(), answer["sequence"].as_u64()), (Some("cancelled"), Some(1)));
    assert_eq!(world.mails().len(), mails + 2, "each student once");
    assert_eq!(world.mails_to("bilal@example.test"), 1);
    world
        .staff(
            "PATCH",
            &format!("/api/staff/sessions/{cancelled}"),
            Some(json!({"status": "cancelled", "reason": "again"})),
        )
        .await
        .refused(409, "conflict");
    let new_start = start(&sessions[1]) + 2 * 3600;
    let answer = world
        .staff("PATCH", &format!("/api/staff/sessions/{moved}"), Some(json!({"startsAt": rfc3339(new_start)})))
        .await
        .expect(200);
    assert_eq!(
        (answer["startsAt"].as_str(), answer["sequence"].as_u64()),
        (Some(rfc3339(new_start).as_str()), Some(1))
    );
    assert_eq!(world.mails().len(), mails + 4, "each student once more");
    let moved_mail = world.mails().into_iter().find(|m| m.contains("has moved")).expect("a move mail");
    assert!(!moved_mail.contains(MEETING), "no meeting link in mail");
    // A link change alone mails nobody.
    world
        .staff(
            "PATCH",
            &format!("/api/staff/sessions/{moved}"),
            Some(json!({"meetingUrl": "https://zoom.example.com/j/1"})),
        )
        .await
        .expect(200);
    assert_eq!(world.mails().len(), mails + 4);
    world
        .staff("PATCH", &format!("/api/staff/sessions/{moved}"), Some(json!({"startsAt": "2001-01-01T10:00:00Z"})))
        .await
        .refused(409, "conflict");
    world
        .staff("PATCH", "/api/staff/sessions/665f1c2a9b3e4d0012a1ffff", Some(json!({"minutes": 60})))
        .await
        .refused(404, "not_found");

    let (text, calendar) = world.feed().await;
    assert!(!text.contains("meet.example.com") && !text.contains("zoom.example.com"), "no meeting link in the feed");
    let found = events(&calendar);
    assert_eq!(found.len(), sessions.len(), "every session, cancelled ones too");
    let by_uid =
        |id: &str| *found.iter().find(|e| e.get_uid() == Some(&format!("{id}@academy-live"))).expect("a stable UID");
    let cancelled_event = by_uid(cancelled);
    assert_eq!(cancelled_event.get_status(), Some(icalendar::EventStatus::Cancelled));
    assert_eq!(cancelled_event.property_value("SEQUENCE"), Some("1"));
    let moved_event = by_uid(moved);
    assert_eq!(moved_event.property_value("SEQUENCE"), Some("1"));
    assert_eq!(moved_event.get_status(), Some(icalendar::EventStatus::Confirmed));
    assert!(moved_event.get_start().is_some());
    let dtstart = format!("DTSTART:{}", Utc.timestamp_opt(new_start, 0).unwrap().format("%Y%m%dT%H%M%SZ"));
    assert!(text.contains(&dtstart), "the moved event starts at its new time: {dtstart}");
    let untouched = by_uid(sessions[2]["id"].as_str().unwrap());
    assert_eq!(untouched.property_value("SEQUENCE"), Some("0"));
    let url = untouched.property_value("URL").unwrap();
    assert!(url.contains("/api/me/sessions/") && url.contains("/join?token="), "the event's URL is Join: {url}");

    // Reset: the old feed and its Join links stop working; the new one works.
    let old = world.student("GET", "/api/me/calendar", None).await.expect(200)["url"].as_str().unwrap().to_owned();
    let renewed = world.student("POST", "/api/me/calendar/token", None).await.expect(200);
    assert_ne!(renewed["url"], old.as_str());
    world.call("GET", &old[old.find("/calendar/").unwrap()..], Caller::Nobody, None).await.refused(404, "not_found");
    world.feed().await;
    world.call("GET", "/calendar/not-a-token.ics", Caller::Nobody, None).await.refused(404, "not_found");
    // Reminders off and on.
    let off = world.student("PATCH", "/api/me/calendar", Some(json!({"reminders": false}))).await.expect(200);
    assert_eq!(off["reminders"], false);
    world.student("PATCH", "/api/me/calendar", Some(json!({"reminders": "no"}))).await.refused(400, "bad_request");
}

/// Join: refused before the window, for a student not enrolled and after revocation; inside it,
/// a redirect to the meeting, attendance recorded once.
async fn join_opens_in_its_window_and_counts_once(store: Store) {
    let world = World::open(store).await;
    let today = Utc::now().date_naive();
    let batch = world.batch("JOIN-01", today, today + chrono::Duration::days(30)).await;
    let enrolment = world.enrol(&batch, STUDENT_SUB, "Ayesha Khan", "ayesha@example.test").await;
    let other = world.batch("JOIN-02", today, today + chrono::Duration::days(30)).await;
    world.enrol(&other, OTHER_SUB, "Bilal Ahmed", "bilal@example.test").await;
    for id in [&batch, &other] {
        world.distant_timetable(id).await;
    }
    let session = world.extra(&batch, 20, 30).await;
    let id = session["id"].as_str().unwrap();
    let join = format!("/api/me/sessions/{id}/join");

    let early = world.student("GET", &join, None).await.refused(403, "forbidden");
    assert!(early["message"].as_str().unwrap().contains("10 minutes before"), "{early}");
    world.as_account(OTHER_SUB, &join).await.refused(403, "forbidden");
    world.call("GET", &join, Caller::Nobody, None).await.refused(401, "unauthorized");
    world.call("GET", &format!("{join}?token=forged"), Caller::Nobody, None).await.refused(404, "not_found");

    world.state.clock().advance(11.0 * 60.0);
    let mine = world.student("GET", "/api/me/sessions", None).await.expect(200);
    let listed = mine["sessions"].as_array().unwrap().iter().find(|s| s["id"] == id).unwrap().clone();
    assert_eq!(listed["joinOpen"], true);
    for _ in 0..3 {
        let reply = world.student("GET", &join, None).await;
        assert_eq!(reply.status, 302, "{}", reply.text());
        assert_eq!(reply.header("location"), MEETING);
    }
    // The Join link of the sessions answer works as a plain navigation (no sign-in header).
    let url = listed["joinUrl"].as_str().unwrap();
    let path = &url[url.find("/api/").unwrap()..];
    let reply = world.call("GET", path, Caller::Nobody, None).await;
    assert_eq!((reply.status, reply.header("location")), (302, MEETING));
    let records = world.store().attendance_of_session(id).await.unwrap();
    assert_eq!(records.len(), 1, "one attendance, however many presses");
    let first_join = records[0].joined_at.unwrap();
    assert_eq!(world.store().get_attendance(id, STUDENT_SUB).await.unwrap().unwrap().joined_at, Some(first_join));
    let mine = world.student("GET", "/api/me/sessions", None).await.expect(200);
    assert!(mine["sessions"].as_array().unwrap().iter().any(|s| s["id"] == id && s["attended"] == true));
    let staff_view = world.staff("GET", &format!("/api/staff/sessions/{id}/attendance"), None).await.expect(200);
    let row =
        staff_view["students"].as_array().unwrap().iter().find(|r| r["studentId"] == STUDENT_SUB).unwrap().clone();
    assert_eq!(
        (row["attendance"].as_str(), row["joinedAt"].as_str()),
        (Some("present"), Some(rfc3339(first_join).as_str()))
    );
    assert_eq!(staff_view["session"]["attended"], 1);

    // Revoked: refused at the click, by the token too.
    world.staff("DELETE", &format!("/api/staff/enrolments/{}", enrolment.id()), None).await.expect(200);
    world.student("GET", &join, None).await.refused(403, "forbidden");
    world.call("GET", path, Caller::Nobody, None).await.refused(403, "forbidden");

    // Over: refused.
    let later = world.extra(&other, 30, 15).await;
    world.state.clock().advance(60.0 * 60.0);
    world
        .as_account(OTHER_SUB, &format!("/api/me/sessions/{}/join", later["id"].as_str().unwrap()))
        .await
        .refused(403, "forbidden");
}

/// Reminders an hour before, under a driven clock: sent once to each student who wants them, none stale.
async fn reminders_go_an_hour_before_and_never_stale(store: Store) {
    let world = World::open(store).await;
    let today = Utc::now().date_naive();
    let batch = world.batch("REMIND-01", today, today + chrono::Duration::days(30)).await;
    world.enrol(&batch, STUDENT_SUB, "Ayesha Khan", "ayesha@example.test").await;
    world.enrol(&batch, OTHER_SUB, "Bilal Ahmed", "bilal@example.test").await;
    world.as_account(OTHER_SUB, "/api/me/calendar").await.expect(200);
    let req = support::as_student(
        support::request_with_body(
            "PATCH",
            "/api/me/calendar",
            &[("content-type", "application/json")],
            &next_ip(),
            Body::Text(json!({"reminders": false}).to_string()),
        ),
        OTHER_SUB,
    );
    Reply::to(&world.state, req).await.expect(200);
    world.distant_timetable(&batch).await;
    let session = world.extra(&batch, 180, 60).await;
    let id = session["id"].as_str().unwrap();
    let desk = world.state.sessions.desk.clone();
    let starts = chrono::DateTime::parse_from_rfc3339(session["startsAt"].as_str().unwrap()).unwrap().timestamp();
    let due = starts - 3600;
    let stored = world.store().due_demo_reminders(due).await.unwrap();
    assert!(stored.iter().any(|r| r.booking_id == id && r.kind == reminders::KIND && r.at == due), "{stored:?}");

    // Not yet due: nothing.
    let before = world.mails().len();
    assert_eq!(reminders::send_due(world.store(), &desk, due - 60).await.unwrap(), 0);
    // Moved an hour later: the old reminder is stale, the new one is due an hour later.
    world
        .staff("PATCH", &format!("/api/staff/sessions/{id}"), Some(json!({"startsAt": rfc3339(starts + 3600)})))
        .await
        .expect(200);
    let after_move = world.mails().len();
    assert_eq!(after_move, before + 2, "the move mailed both students");
    assert_eq!(reminders::deliver(world.store(), &desk, id, 0, due).await.unwrap(), Outcome::Stale);
    assert_eq!(reminders::send_due(world.store(), &desk, due + 60).await.unwrap(), 0, "nothing due at the old time");
    world.state.clock().advance((due + 3600 - world.now() + 1) as f64);
    assert_eq!(reminders::send_due(world.store(), &desk, world.now()).await.unwrap(), 1);
    let reminded: Vec<String> = world.mails().into_iter().filter(|m| m.contains("starts in 1 hour")).collect();
    assert_eq!(reminded.len(), 1, "the student who turned reminders off gets none: {reminded:#?}");
    assert!(reminded[0].contains("ayesha@example.test"));
    assert_eq!(reminders::send_due(world.store(), &desk, world.now() + 60).await.unwrap(), 0, "sent once");
    // Cancelled: its reminder event (as Scheduler would send it) is dropped.
    let event = json!({"bookingId": id, "kind": reminders::KIND, "sequence": 1});
    world
        .staff("PATCH", &format!("/api/staff/sessions/{id}"), Some(json!({"status": "cancelled", "reason": "Holiday"})))
        .await
        .expect(200);
    let said = reminders::on_event(world.store(), &desk, &event, world.now()).await.unwrap();
    assert!(said.contains("dropped"), "{said}");
    assert!(reminders::on_event(world.store(), &desk, &json!({"kind": reminders::KIND}), world.now()).await.is_err());
}

/// Attendance: staff's corrections audited, the term's percentages, the spreadsheet, the certificate's minimum.
async fn attendance_is_corrected_counted_and_exported(store: Store) {
    let world = World::open(store).await;
    let today = Utc::now().date_naive();
    let batch = world.batch("ATT-01", today, today + chrono::Duration::days(30)).await;
    world.enrol(&batch, STUDENT_SUB, "Ayesha Khan", "ayesha@example.test").await;
    world.enrol(&batch, OTHER_SUB, "=HYPERLINK(\"http://x.test\")", "bilal@example.test").await;
    world.distant_timetable(&batch).await;
    let one = world.extra(&batch, 20, 30).await;
    let two = world.extra(&batch, 80, 30).await;
    let three = world.extra(&batch, 140, 30).await;
    let (one, two, three) = (one["id"].as_str().unwrap(), two["id"].as_str().unwrap(), three["id"].as_str().unwrap());
    world.state.clock().advance(15.0 * 60.0);
    world.student("GET", &format!("/api/me/sessions/{one}/join"), None).await.expect(302);
    world.state.clock().advance(60.0 * 60.0);
    world.student("GET", &format!("/api/me/sessions/{two}/join"), None).await.expect(302);
    world.state.clock().advance(120.0 * 60.0);

    // Staff excuse the other student from the second and mark them present at the third.
    let corrected = world
        .staff("PUT", &format!("/api/staff/sessions/{two}/attendance/{OTHER_SUB}"), Some(json!({"mark": "excused"})))
        .await
        .expect(200);
    assert_eq!((corrected["mark"].as_str(), corrected["attendance"].as_str()), (Some("excused"), Some("excused")));
    world
        .staff("PUT", &format!("/api/staff/sessions/{three}/attendance/{OTHER_SUB}"), Some(json!({"mark": "present"})))
        .await
        .expect(200);
    world
        .staff("PUT", &format!("/api/staff/sessions/{three}/attendance/{OTHER_SUB}"), Some(json!({"mark": "late"})))
        .await
        .refused(400, "bad_request");
    world
        .staff("PUT", &format!("/api/staff/sessions/{three}/attendance/nobody-here"), Some(json!({"mark": "present"})))
        .await
        .refused(404, "not_found");
    let trail = world.store().page_audit(None, 100).await.unwrap().into_parts().0;
    let corrections: Vec<_> = trail.iter().filter(|e| e.action == "live.attendance.correct").collect();
    assert_eq!(corrections.len(), 4, "every correction, refused ones too: {corrections:?}");
    assert_eq!(corrections.iter().filter(|e| e.outcome == "ok").count(), 2);
    assert!(trail.iter().any(|e| e.action == "live.timetable.save" && e.target == batch));
    assert_eq!(trail.iter().filter(|e| e.action == "live.session.add").count(), 3);

    let report = world.staff("GET", &format!("/api/staff/batches/{batch}/attendance"), None).await.expect(200);
    assert_eq!(report["sessionsHeld"], 3);
    let of = |sub: &str| report["students"].as_array().unwrap().iter().find(|s| s["studentId"] == sub).unwrap().clone();
    let ayesha = of(STUDENT_SUB);
    assert_eq!(
        (ayesha["present"].as_u64(), ayesha["absent"].as_u64(), ayesha["percent"].as_u64()),
        (Some(2), Some(1), Some(66))
    );
    let bilal = of(OTHER_SUB);
    assert_eq!(
        (bilal["present"].as_u64(), bilal["excused"].as_u64(), bilal["percent"].as_u64()),
        (Some(1), Some(1), Some(50))
    );
    // The batch report shows attendance beside progress.
    let progress = world.staff("GET", &format!("/api/staff/batches/{batch}/report"), None).await.expect(200);
    let row =
        progress["students"].as_array().unwrap().iter().find(|s| s["email"] == "ayesha@example.test").unwrap().clone();
    assert_eq!(row["attendancePercent"], 66);

    let csv = world.staff("GET", &format!("/api/staff/batches/{batch}/attendance.csv"), None).await;
    assert_eq!(csv.status, 200);
    assert!(csv.header("content-type").starts_with("text/csv"));
    let mut reader = csv::ReaderBuilder::new().from_reader(csv.bytes.as_slice());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    assert_eq!(&header[..6], ["Name", "Email", "Present", "Absent", "Excused", "Percent"]);
    assert_eq!(header.len(), 9, "one column per session held");
    let rows: Vec<Vec<String>> = reader.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).collect();
    let formula = rows.iter().find(|r| r[1] == "bilal@example.test").unwrap();
    assert!(formula[0].starts_with("'="), "a formula cell is inert: {formula:?}");
    assert_eq!(&formula[6..], ["absent", "excused", "present"]);

    // The certificate's minimum: set, audited, read back, and in the rule.
    world
        .staff("PUT", &format!("/api/staff/batches/{batch}/attendance/minimum"), Some(json!({"percent": 101})))
        .await
        .refused(400, "invalid");
    world
        .staff("PUT", &format!("/api/staff/batches/{batch}/attendance/minimum"), Some(json!({"percent": 75})))
        .await
        .expect(200);
    let report = world.staff("GET", &format!("/api/staff/batches/{batch}/attendance"), None).await.expect(200);
    assert_eq!(report["minimumPercent"], 75);
    let standing = world.store().attendance_standing(&batch, STUDENT_SUB, world.now()).await.unwrap().unwrap();
    assert_eq!((standing.minimum, standing.percent, standing.met()), (75, Some(66), false));
    let done = academy_core::completion::Completion::of(&[], &[], None).with_attendance(Some(standing));
    assert!(!done.complete);
    world
        .staff("PUT", &format!("/api/staff/batches/{batch}/attendance/minimum"), Some(json!({"percent": null})))
        .await
        .expect(200);
    assert!(world.store().attendance_standing(&batch, STUDENT_SUB, world.now()).await.unwrap().is_none());
    let _ = (AttendanceMark::Present, SessionStatus::Scheduled);
}

/// Recordings: a lecture of the batch attached to a session reaches the student's past session.
async fn a_recording_lands_on_its_session(store: Store) {
    let world = World::open(store).await;
    let today = Utc::now().date_naive();
    let batch = world.batch("REC-01", today, today + chrono::Duration::days(30)).await;
    world.enrol(&batch, STUDENT_SUB, "Ayesha Khan", "ayesha@example.test").await;
    world.distant_timetable(&batch).await;
    let session = world.extra(&batch, 20, 30).await;
    let id = session["id"].as_str().unwrap();
    world
        .staff("PATCH", &format!("/api/staff/sessions/{id}"), Some(json!({"recording": 1})))
        .await
        .refused(404, "not_found");
    let lecture = world
        .staff(
            "POST",
            &format!("/api/staff/batches/{batch}/lectures"),
            Some(json!({"title": "Week 1: HTML", "embedUrl": "https://www.youtube.com/embed/dQw4w9WgXcQ"})),
        )
        .await;
    let number = lecture.expect(201)["lectureNumber"].as_u64().unwrap();
    let attached = world
        .staff("PATCH", &format!("/api/staff/sessions/{id}"), Some(json!({"recording": number})))
        .await
        .expect(200);
    assert_eq!(attached["recording"]["title"], "Week 1: HTML");
    let mine = world.student("GET", "/api/me/sessions", None).await.expect(200);
    let listed = mine["sessions"].as_array().unwrap().iter().find(|s| s["id"] == id).unwrap().clone();
    assert_eq!(listed["recording"], json!({"batchId": batch, "lectureNumber": number, "title": "Week 1: HTML"}));
    let trail = world.store().page_audit(None, 100).await.unwrap().into_parts().0;
    assert!(trail.iter().any(|e| e.action == "live.session.recording" && e.target == id));
    world.staff("PATCH", &format!("/api/staff/sessions/{id}"), Some(json!({"recording": null}))).await.expect(200);
}

/// `make dev`: the demo batches get timetables matching their cards, once.
async fn the_demo_batches_get_timetables_matching_their_cards(store: Store) {
    let world = World::open(store).await;
    let reminders = world.state.staff_sessions.reminders.clone();
    let seeded =
        academy_core::live::console::seed_timetables(world.store(), reminders.as_ref(), world.now()).await.unwrap();
    assert!(seeded >= 10, "every demo batch whose card reads as weekly slots: {seeded}");
    let mern_09 = "665f1c2a9b3e4d0012a1c003";
    let answer = world.staff("GET", &format!("/api/staff/batches/{mern_09}/timetable"), None).await.expect(200);
    let card = world.call("GET", &format!("/api/batches/{mern_09}"), Caller::Nobody, None).await.expect(200);
    assert_eq!(answer["timetable"]["timeZone"], "Asia/Karachi");
    assert_eq!(answer["timetable"]["schedule"], card["schedule"], "{answer}");
    assert_eq!(answer["timetable"]["timing"], card["timing"], "{answer}");
    let days: Vec<&str> =
        answer["timetable"]["slots"].as_array().unwrap().iter().map(|s| s["weekday"].as_str().unwrap()).collect();
    assert_eq!(days, ["tue", "thu", "sat"]);
    assert!(answer["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["startsAt"].as_str().unwrap().ends_with("T05:00:00Z")));
    let again =
        academy_core::live::console::seed_timetables(world.store(), reminders.as_ref(), world.now()).await.unwrap();
    assert_eq!(again, 0, "once");
}

on_both_stores!(
    the_demo_batches_get_timetables_matching_their_cards,
    sessions_follow_the_wall_clock_across_londons_october_change,
    cancel_and_move_mail_once_and_the_feed_follows,
    join_opens_in_its_window_and_counts_once,
    reminders_go_an_hour_before_and_never_stale,
    attendance_is_corrected_counted_and_exported,
    a_recording_lands_on_its_session,
);

//! One behaviour, two stores: every case runs on SQLite and on DynamoDB (in moto).

use crate::support;

use academy_core::domain::{
    AccessGrant, AuditEntry, Batch, BatchLink, Course, Enrolment, Lecture, LectureProgress, Outline, Submission,
    SubmissionStatus,
};
use academy_core::store::{
    AuditRecords, CatalogRecords, Counters, EnrolmentRecords, GrantRecords, StudentRecords, SubmissionRecords,
};
use academy_core::store::{Cursor, Item, Items, Order, Page, Position, PutMode, Range, Store, StoreError};
use serde_json::json;
use std::collections::BTreeSet;
use std::sync::Arc;

fn course(id: &str, title: &str) -> Course {
    serde_json::from_value(json!({
        "_id": id, "title": title, "description": "d", "duration": "3 Months", "thumbnail": "/t.webp",
        "skills": ["SQL"], "rating": 4.8
    }))
    .unwrap()
}

fn batch(id: &str, course_id: &str) -> Batch {
    serde_json::from_value(json!({
        "_id": id, "courseId": course_id, "name": format!("Batch {id}"), "mode": "Online", "schedule": "Mon",
        "timing": "7 PM", "instructor": "A. Teacher", "startDate": "2026-01-01", "endDate": "2026-04-01",
        "price": "$99/month", "seats": 30, "enrolled": 12, "description": "d"
    }))
    .unwrap()
}

fn video(batch_id: &str, lecture: u32) -> Lecture {
    Lecture {
        id: format!("{:0>24}", lecture),
        batch_id: batch_id.into(),
        batch_number: "B-1".into(),
        lecture_number: lecture,
        title: format!("Lecture {lecture}"),
        url: "https://example.com/v.mp4".into(),
        description: None,
        duration_secs: None,
        published: true,
        media: None,
    }
}

const C1: &str = "aaaaaaaaaaaaaaaaaaaaaa01";
const C2: &str = "aaaaaaaaaaaaaaaaaaaaaa02";
const B1: &str = "bbbbbbbbbbbbbbbbbbbbbb01";
const B2: &str = "bbbbbbbbbbbbbbbbbbbbbb02";
const B3: &str = "bbbbbbbbbbbbbbbbbbbbbb03";

fn submission(id: &str, at: i64) -> Submission {
    Submission {
        id: id.into(),
        form_type: "contact-form".into(),
        form_data: json!({"email": "a@b.co"}).as_object().unwrap().clone(),
        status: SubmissionStatus::Pending,
        attempts: 0,
        created_at: at,
        last_error: None,
        handling: None,
    }
}

async fn courses_round_trip(store: Store) {
    // GIVEN two courses, WHEN stored, THEN each reads back and the list holds both in id order.
    store.put_course(&course(C2, "Second")).await.unwrap();
    store.put_course(&course(C1, "First")).await.unwrap();
    assert_eq!(store.get_course(C1).await.unwrap(), Some(course(C1, "First")));
    assert_eq!(store.get_course("ffffffffffffffffffffffff").await.unwrap(), None);
    let titles: Vec<String> = store.list_courses().await.unwrap().into_iter().map(|c| c.title).collect();
    assert_eq!(titles, ["First", "Second"]);
    // An upsert replaces.
    store.put_course(&course(C1, "Renamed")).await.unwrap();
    assert_eq!(store.get_course(C1).await.unwrap().unwrap().title, "Renamed");
    assert_eq!(store.list_courses().await.unwrap().len(), 2);
}

async fn outlines_round_trip(store: Store) {
    let outline: Outline = serde_json::from_value(json!({
        "courseId": C1, "roadmap": "Road", "durationWeeks": 1, "topics": ["Intro"],
        "months": [{"month": 1, "title": "M1", "weeks": [{"week": 1, "title": "Intro", "theory": ["a", "b"], "lab": "L"}]}],
        "weeklySchedule": {"theory": "4h", "practice": "2h", "lab": "2h"}
    }))
    .unwrap();
    store.put_outline(&outline).await.unwrap();
    assert_eq!(store.get_outline(C1).await.unwrap(), Some(outline));
    assert_eq!(store.get_outline(C2).await.unwrap(), None);
}

async fn batches_by_id_and_by_course(store: Store) {
    for (b, c) in [(B1, C1), (B2, C1), (B3, C2)] {
        store.put_batch(&batch(b, c)).await.unwrap();
    }
    assert_eq!(store.get_batch(B3).await.unwrap(), Some(batch(B3, C2)));
    assert_eq!(store.get_batch("bbbbbbbbbbbbbbbbbbbbbb99").await.unwrap(), None);
    let all: Vec<String> = store.list_batches().await.unwrap().into_iter().map(|b| b.id).collect();
    assert_eq!(all, [B1, B2, B3]);
    let of_c1: Vec<String> = store.list_batches_of_course(C1).await.unwrap().into_iter().map(|b| b.id).collect();
    assert_eq!(of_c1, [B1, B2]);
    assert!(store.list_batches_of_course("aaaaaaaaaaaaaaaaaaaaaa99").await.unwrap().is_empty());
}

async fn lectures_in_order(store: Store) {
    for lecture in [10, 2, 1] {
        store.put_lecture(&video(B1, lecture)).await.unwrap();
    }
    store.put_lecture(&video(B2, 7)).await.unwrap();
    let order: Vec<u32> = store.list_lectures(B1).await.unwrap().into_iter().map(|v| v.lecture_number).collect();
    assert_eq!(order, [1, 2, 10]);
    assert!(store.list_lectures(B3).await.unwrap().is_empty());
}

async fn a_lecture_number_is_taken_once_and_given_up_by_deleting(store: Store) {
    // GIVEN lecture 3 of B1, with its upload's media
    let mut first = video(B1, 3);
    first.media = Some(academy_core::domain::LectureMedia {
        state: academy_core::domain::LectureState::Uploading,
        updated_at: 1_800_000_000,
        ..Default::default()
    });
    store.create_lecture(&first).await.unwrap();
    // WHEN another lecture asks for number 3 THEN it is refused, and the first stays as it was
    let mut second = video(B1, 3);
    second.id = "cccccccccccccccccccccc03".into();
    assert!(matches!(store.create_lecture(&second).await, Err(StoreError::Conflict)));
    assert_eq!(store.get_lecture(B1, 3).await.unwrap(), Some(first.clone()));
    // WHEN it is deleted THEN the number is free again (deleting twice is no error)
    store.delete_lecture(B1, 3).await.unwrap();
    store.delete_lecture(B1, 3).await.unwrap();
    assert_eq!(store.get_lecture(B1, 3).await.unwrap(), None);
    store.create_lecture(&second).await.unwrap();
    assert_eq!(store.list_lectures(B1).await.unwrap(), [second]);
}

async fn grants_by_hash_conflict_and_revocation(store: Store) {
    let grant = AccessGrant {
        batch_id: B1.into(),
        secret_hash: "h1".into(),
        label: Some("Ayesha".into()),
        created_at: 100,
        revoked_at: None,
        access_until: None,
        paused_at: None,
    };
    store.insert_grant(&grant).await.unwrap();
    // GIVEN a grant, WHEN the same Secret ID is granted again, THEN the conditional put refuses.
    assert!(matches!(store.insert_grant(&grant).await, Err(StoreError::Conflict)));
    assert_eq!(store.find_grant(B1, "h1").await.unwrap(), Some(grant.clone()));
    assert_eq!(store.find_grant(B2, "h1").await.unwrap(), None, "a grant opens only its own batch");
    assert_eq!(store.find_grant(B1, "h2").await.unwrap(), None);
    store.revoke_grant(&grant, 200).await.unwrap();
    let revoked = store.find_grant(B1, "h1").await.unwrap().unwrap();
    assert_eq!(revoked.revoked_at, Some(200));
    assert!(!revoked.is_active());
    assert_eq!(store.list_grants(B1).await.unwrap().len(), 1);
}

async fn submissions_are_conditional_and_listed_in_order(store: Store) {
    store.insert_submission(&submission("s2", 20)).await.unwrap();
    store.insert_submission(&submission("s1", 10)).await.unwrap();
    assert!(matches!(store.insert_submission(&submission("s1", 10)).await, Err(StoreError::Conflict)));
    let mut sent = submission("s1", 10);
    sent.status = SubmissionStatus::Sent;
    sent.attempts = 1;
    store.save_submission(&sent).await.unwrap();
    assert_eq!(store.get_submission("s1").await.unwrap(), Some(sent));
    let order: Vec<String> = store.list_submissions().await.unwrap().into_iter().map(|s| s.id).collect();
    assert_eq!(order, ["s1", "s2"]);
    // One range of the creation-time index, both ends included, every id of its seconds.
    store.insert_submission(&submission("s3", 20)).await.unwrap();
    store.insert_submission(&submission("s4", 21)).await.unwrap();
    let created = |from, until| {
        let store = store.clone();
        async move {
            let found = store.list_submissions_created(from, until).await.unwrap();
            found.into_iter().map(|s| s.id).collect::<Vec<_>>()
        }
    };
    assert_eq!(created(11, 20).await, ["s2", "s3"]);
    assert_eq!(created(10, 21).await, ["s1", "s2", "s3", "s4"]);
    assert_eq!(created(0, 9).await, Vec::<String>::new());
    assert_eq!(created(21, 21).await, ["s4"]);
}

async fn rate_counters_count_and_expire(store: Store) {
    let now = 1_000_000;
    for expected in 1..=3 {
        assert_eq!(store.rate_add("videos", "c1", 999_900, 1, now + 900, now).await.unwrap(), expected);
    }
    assert_eq!(store.rate_add("videos", "c1", 999_900, -1, now + 900, now).await.unwrap(), 2, "a refund");
    assert_eq!(store.rate_add("videos", "c2", 999_900, 1, now + 900, now).await.unwrap(), 1, "clients apart");
    // WHEN the counter's expiry passes (TTL may not have deleted it yet) THEN it starts again.
    let later = now + 901;
    assert_eq!(store.rate_add("videos", "c1", 999_900, 1, later + 900, later).await.unwrap(), 1);
}

/// Many callers at once: each gets its own count, so a limit decided on it admits exactly `max`.
async fn concurrent_attempts_never_pass_the_limit(store: Store) {
    let limit = academy_core::limits::WindowLimit { scope: "burst", max: 10, window_secs: 600 };
    let now = academy_core::time::now();
    let attempts = (0..60).map(|_| {
        let store = store.clone();
        tokio::spawn(async move { limit.admit(&store, "one-client", now).await.unwrap() })
    });
    let mut admitted = Vec::new();
    for attempt in attempts {
        if let academy_core::limits::Admission::Admitted { count } = attempt.await.unwrap() {
            admitted.push(count);
        }
    }
    admitted.sort();
    assert_eq!(admitted, (1..=10).collect::<Vec<u64>>(), "exactly the limit, each count once");
}

async fn demo_catalog_imports(store: Store) {
    let store = support::seeded(store).await;
    assert_eq!(store.list_courses().await.unwrap().len(), 4);
    assert!(store.list_batches().await.unwrap().len() >= 12);
    // Importing again changes nothing.
    let store = support::seeded(store).await;
    assert_eq!(store.list_courses().await.unwrap().len(), 4);
}

async fn links_belong_to_their_student(store: Store) {
    // GIVEN two students, WHEN each links batches, THEN each lists only their own, by batch id,
    // and linking again replaces the link.
    let link = |sub: &str, batch: &str, hash: &str| BatchLink {
        sub: sub.into(),
        batch_id: batch.into(),
        secret_hash: hash.into(),
        linked_at: 1_700_000_000,
    };
    store.put_link(&link("student-a", B2, "h2")).await.unwrap();
    store.put_link(&link("student-a", B1, "h1")).await.unwrap();
    store.put_link(&link("student-b", B1, "h9")).await.unwrap();
    let batches = |links: Vec<BatchLink>| links.into_iter().map(|l| l.batch_id).collect::<Vec<_>>();
    assert_eq!(batches(store.list_links("student-a").await.unwrap()), [B1, B2]);
    assert_eq!(batches(store.list_links("student-b").await.unwrap()), [B1]);
    assert_eq!(store.list_links("student-c").await.unwrap(), []);
    store.put_link(&link("student-a", B1, "h1-new")).await.unwrap();
    assert_eq!(store.get_link("student-a", B1).await.unwrap().unwrap().secret_hash, "h1-new");
    assert_eq!(store.get_link("student-b", B2).await.unwrap(), None);
}

async fn progress_is_per_student_batch_and_lecture(store: Store) {
    // GIVEN progress in two batches, WHEN listed, THEN one batch's lectures come in lecture
    // order (10 after 9), and another student or batch sees none of them.
    let at = |lecture: u32, position: f64| LectureProgress {
        lecture_number: lecture,
        position_seconds: position,
        furthest_seconds: position,
        completed: false,
        updated_at: 1_700_000_000,
        ..LectureProgress::default()
    };
    for lecture in [10, 2, 9] {
        store.put_progress("student-a", B1, &at(lecture, 12.5)).await.unwrap();
    }
    store.put_progress("student-a", B2, &at(1, 1.0)).await.unwrap();
    let numbers: Vec<u32> =
        store.list_progress("student-a", B1).await.unwrap().into_iter().map(|p| p.lecture_number).collect();
    assert_eq!(numbers, [2, 9, 10]);
    assert_eq!(store.list_progress("student-b", B1).await.unwrap(), []);
    assert_eq!(store.list_progress("student-a", B3).await.unwrap(), []);
    // A save replaces the last one, position and all.
    let done = LectureProgress { completed: true, ..at(9, 3599.25) };
    store.put_progress("student-a", B1, &done).await.unwrap();
    assert_eq!(store.get_progress("student-a", B1, 9).await.unwrap(), Some(done));
    assert_eq!(store.list_progress("student-a", B1).await.unwrap().len(), 3);
    // A student's links and progress share their partition without mixing.
    assert_eq!(store.list_links("student-a").await.unwrap(), []);
}

async fn whole_partitions_and_index_keys_page_without_a_prefix(store: Store) {
    // GIVEN three audit entries (the trail pages its whole partition) and links of two batches
    // (a batch's links are a whole index key), WHEN read with no sort-key prefix, THEN the trail
    // comes newest first a page at a time, and each batch lists only its own links.
    let entry = |id: &str| AuditEntry {
        id: id.into(),
        at: 1_700_000_000,
        actor_sub: "staff-a".into(),
        actor_email: None,
        action: "enquiry.update".into(),
        target: id.into(),
        outcome: "ok".into(),
        detail: None,
    };
    for (millis, id) in [(1_000, "first"), (3_000, "third"), (2_000, "second")] {
        store.append_audit(&entry(id), millis).await.unwrap();
    }
    let (page, next) = store.page_audit(None, 2).await.unwrap().into_parts();
    assert_eq!(page.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), ["third", "second"]);
    let (rest, end) = store.page_audit(next.as_ref(), 2).await.unwrap().into_parts();
    assert_eq!((rest.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), end), (vec!["first"], None));
    let link = |sub: &str, batch: &str| BatchLink {
        sub: sub.into(),
        batch_id: batch.into(),
        secret_hash: format!("{sub}-{batch}"),
        linked_at: 1_700_000_000,
    };
    for (sub, batch) in [("student-b", B1), ("student-a", B1), ("student-a", B2)] {
        store.put_link(&link(sub, batch)).await.unwrap();
    }
    let mut subs: Vec<String> = store.list_batch_links(B1).await.unwrap().into_iter().map(|l| l.sub).collect();
    subs.sort();
    assert_eq!(subs, ["student-a", "student-b"]);
    assert_eq!(store.list_batch_links(B3).await.unwrap(), []);
}

/// Every record of a list, read `limit` at a time by following each page's cursor; panics if a
/// page that says more follows is empty (a cursor that would loop).
async fn every_page<T, F, Fut>(limit: usize, mut page: F) -> Vec<T>
where
    F: FnMut(Option<Cursor>, usize) -> Fut,
    Fut: std::future::Future<Output = academy_core::store::Result<Page<T>>>,
{
    let (mut out, mut after) = (Vec::new(), None);
    loop {
        let got = page(after.take(), limit).await.unwrap();
        assert!(got.records.len() <= limit, "a page holds at most its limit");
        let (records, next) = got.into_parts();
        assert!(next.is_none() || !records.is_empty(), "a page that names a next one holds records");
        out.extend(records);
        match next {
            Some(cursor) => after = Some(cursor),
            None => return out,
        }
    }
}

async fn submissions_page_newest_first(store: Store) {
    // GIVEN seven submissions, two of them in the same second, stored out of order
    for (id, at) in [("s3", 30), ("s1", 10), ("s7", 70), ("s5", 50), ("s2", 20), ("s6", 50), ("s4", 40)] {
        store.insert_submission(&submission(id, at)).await.unwrap();
    }
    // WHEN read three at a time THEN every one comes once, newest first (ties by id, descending)
    let paged = every_page(3, |after, limit| {
        let store = store.clone();
        async move { store.page_submissions(after.as_ref(), limit).await }
    })
    .await;
    let ids: Vec<String> = paged.into_iter().map(|s| s.id).collect();
    assert_eq!(ids, ["s7", "s6", "s5", "s4", "s3", "s2", "s1"]);
    // A page that ends exactly at the last submission says nothing more follows.
    let all = store.page_submissions(None, 7).await.unwrap();
    assert_eq!((all.records.len(), all.more), (7, false));
    let (_, next) = store.page_submissions(None, 6).await.unwrap().into_parts();
    let last = store.page_submissions(next.as_ref(), 6).await.unwrap();
    assert_eq!((last.records.len(), last.more, last.records[0].1.id.as_str()), (1, false, "s1"));
    // A cursor naming a place outside the submissions' index is refused, not followed.
    let foreign = Cursor(Position { pk: "AUDIT".into(), sk: "0000000000001#x".into(), gsi1: None });
    assert!(matches!(store.page_submissions(Some(&foreign), 3).await, Err(StoreError::BadCursor)));
}

fn enrolment(batch: &str, email: &str, hash: &str) -> Enrolment {
    Enrolment {
        batch_id: batch.into(),
        name: format!("Student {email}"),
        email: email.into(),
        secret_hash: hash.into(),
        enrolled_at: 1_700_000_000,
        enrolled_by: "staff@academy.test".into(),
        access_until: None,
        enquiry_id: None,
        revoked_at: None,
        welcome_sent: true,
        revoked_accounts: Vec::new(),
    }
}

async fn enrolments_are_one_per_email_and_batch_and_found_by_email(store: Store) {
    // GIVEN an enrolment
    let first = enrolment(B1, "a@example.pk", "h-a1");
    store.insert_enrolment(&first).await.unwrap();
    // WHEN the same e-mail is enrolled in the same batch again THEN the conditional put refuses it
    // and the first stays
    let again = Enrolment { secret_hash: "h-again".into(), ..first.clone() };
    assert!(matches!(store.insert_enrolment(&again).await, Err(StoreError::Conflict)));
    let key = Enrolment::email_key("a@example.pk");
    assert_eq!(store.get_enrolment(B1, &key).await.unwrap(), Some(first.clone()));
    // The same e-mail in another batch is another enrolment.
    store.insert_enrolment(&enrolment(B2, "a@example.pk", "h-a2")).await.unwrap();
    // A save replaces (revoked).
    let revoked = Enrolment { revoked_at: Some(1_700_000_100), ..first.clone() };
    store.save_enrolment(&revoked).await.unwrap();
    assert_eq!(store.get_enrolment(B1, &key).await.unwrap(), Some(revoked.clone()));
    assert_eq!(store.get_enrolment(B3, &key).await.unwrap(), None);

    for email in ["b@example.pk", "c@example.pk", "d@example.pk", "e@example.pk"] {
        store.insert_enrolment(&enrolment(B1, email, &format!("h-{email}"))).await.unwrap();
    }
    // The batch's list: all five, by e-mail key; another batch's enrolments are not in it.
    let listed = store.list_enrolments(B1).await.unwrap();
    let keys: Vec<String> = listed.iter().map(|e| Enrolment::email_key(&e.email)).collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted, "ordered by e-mail key");
    let emails: BTreeSet<&str> = listed.iter().map(|e| e.email.as_str()).collect();
    assert_eq!(
        emails,
        BTreeSet::from(["a@example.pk", "b@example.pk", "c@example.pk", "d@example.pk", "e@example.pk"])
    );
    assert!(listed.contains(&revoked));
    assert_eq!(store.list_enrolments(B2).await.unwrap().len(), 1);
    // Paged two at a time: the same five, each once, in the same order.
    let paged = every_page(2, |after, limit| {
        let store = store.clone();
        async move { store.page_enrolments(B1, after.as_ref(), limit).await }
    })
    .await;
    assert_eq!(paged, listed);
    // A cursor of one batch's list is refused in another's.
    let (_, b1_cursor) = store.page_enrolments(B1, None, 2).await.unwrap().into_parts();
    assert!(matches!(store.page_enrolments(B2, b1_cursor.as_ref(), 2).await, Err(StoreError::BadCursor)));
    // On the index by e-mail: every batch naming it, by batch id; nobody else's.
    let batches: Vec<String> =
        store.enrolments_of("a@example.pk").await.unwrap().into_iter().map(|e| e.batch_id).collect();
    assert_eq!(batches, [B1, B2]);
    assert_eq!(store.enrolments_of("c@example.pk").await.unwrap().len(), 1);
    assert_eq!(store.enrolments_of("nobody@example.pk").await.unwrap(), []);
}

fn audit_entry(id: &str, action: &str) -> AuditEntry {
    AuditEntry {
        id: id.into(),
        at: 1_700_000_000,
        actor_sub: "staff-sub".into(),
        actor_email: Some("staff@academy.test".into()),
        action: action.into(),
        target: "665f1c2a9b3e4d0012a1c001".into(),
        outcome: "ok".into(),
        detail: None,
    }
}

async fn the_audit_trail_is_appended_never_replaced_and_read_newest_first(store: Store) {
    // GIVEN five entries, two of them in the same millisecond
    let base = 1_700_000_000_000;
    for (id, millis) in [("e1", 0), ("e2", 5), ("e3", 5), ("e4", 9), ("e5", 12)] {
        store.append_audit(&audit_entry(id, &format!("action.{id}")), base + millis).await.unwrap();
    }
    // WHEN an entry is appended again at its place THEN it is refused and the first stays
    let replaced = store.append_audit(&audit_entry("e4", "action.rewritten"), base + 9).await;
    assert!(matches!(replaced, Err(StoreError::Conflict)), "{replaced:?}");
    // THEN read two at a time, the trail is every entry once, newest first
    let trail = every_page(2, |after, limit| {
        let store = store.clone();
        async move { store.page_audit(after.as_ref(), limit).await }
    })
    .await;
    let read: Vec<(String, String)> = trail.into_iter().map(|e| (e.id, e.action)).collect();
    assert_eq!(
        read,
        [
            ("e5".to_owned(), "action.e5".to_owned()),
            ("e4".into(), "action.e4".into()),
            ("e3".into(), "action.e3".into()),
            ("e2".into(), "action.e2".into()),
            ("e1".into(), "action.e1".into()),
        ]
    );
    let whole = store.page_audit(None, 100).await.unwrap();
    assert_eq!((whole.records.len(), whole.more), (5, false));
    // A cursor from another list is refused.
    let foreign = Cursor(Position { pk: "BATCH#x".into(), sk: "ENROLMENT#y".into(), gsi1: None });
    assert!(matches!(store.page_audit(Some(&foreign), 2).await, Err(StoreError::BadCursor)));
}

async fn batch_links_are_listed_per_batch_and_deleted(store: Store) {
    // GIVEN 501 accounts linked to one batch (more than one page of the index), one of them also
    // to another batch
    let link = |sub: &str, batch: &str| BatchLink {
        sub: sub.into(),
        batch_id: batch.into(),
        secret_hash: format!("h-{sub}"),
        linked_at: 1_700_000_000,
    };
    let subs: Vec<String> = (0..501).map(|n| format!("student-{n:03}")).collect();
    for sub in &subs {
        store.put_link(&link(sub, B1)).await.unwrap();
    }
    store.put_link(&link("student-001", B2)).await.unwrap();
    // WHEN a batch's links are listed THEN every account linked to it comes once, and only those
    let of_b1: BTreeSet<String> = store.list_batch_links(B1).await.unwrap().into_iter().map(|l| l.sub).collect();
    assert_eq!(of_b1, subs.iter().cloned().collect());
    assert_eq!(store.list_batch_links(B1).await.unwrap().len(), 501, "no account twice");
    assert_eq!(store.list_batch_links(B2).await.unwrap(), [link("student-001", B2)]);
    assert_eq!(store.list_batch_links(B3).await.unwrap(), []);
    // WHEN one account's link is deleted THEN it is gone from its account and from the batch's
    // list, its other batch's link stays, and deleting it again is no error
    store.delete_link("student-001", B1).await.unwrap();
    assert_eq!(store.get_link("student-001", B1).await.unwrap(), None);
    assert_eq!(store.list_links("student-001").await.unwrap(), [link("student-001", B2)]);
    let after: Vec<String> = store.list_batch_links(B1).await.unwrap().into_iter().map(|l| l.sub).collect();
    assert_eq!(after.len(), 500);
    assert!(!after.contains(&"student-001".to_owned()));
    store.delete_link("student-001", B1).await.unwrap();
    store.delete_link("nobody", B3).await.unwrap();
    assert_eq!(store.list_batch_links(B2).await.unwrap().len(), 1);
}

// The key-value contract itself: `Items::page` on each backend.

fn raw(pk: &str, sk: &str, gsi1: Option<(&str, &str)>) -> Item {
    Item {
        pk: pk.into(),
        sk: sk.into(),
        gsi1: gsi1.map(|(g, s)| (g.into(), s.into())),
        expires_at: None,
        body: json!({"name": format!("{pk} {sk}")}).as_object().unwrap().clone(),
    }
}

/// `(pk, sk)` of a page's items, and whether it says more follow.
async fn read(
    items: &dyn Items,
    range: Range<'_>,
    order: Order,
    after: Option<&Position>,
    limit: usize,
) -> (Vec<String>, bool) {
    let page = items.page(range, order, after, limit).await.unwrap();
    (page.items.iter().map(|i| format!("{}/{}", i.pk, i.sk)).collect(), page.more)
}

fn at(pk: &str, sk: &str) -> Position {
    Position { pk: pk.into(), sk: sk.into(), gsi1: None }
}

async fn a_table_range_pages_in_either_order_after_a_position(items: Arc<dyn Items>) {
    // GIVEN seven items under one prefix, one under another prefix and one in another partition
    for n in [4, 1, 7, 2, 6, 3, 5] {
        items.put(raw("P", &format!("A#{n:02}"), None), PutMode::IfAbsent).await.unwrap();
    }
    items.put(raw("P", "B#01", None), PutMode::IfAbsent).await.unwrap();
    items.put(raw("Q", "A#00", None), PutMode::IfAbsent).await.unwrap();
    let range = Range::Table { pk: "P", sk_prefix: "A#" };
    let items = items.as_ref();
    // Ascending, three at a time, each page continuing after the last one's last item.
    assert_eq!(
        read(items, range, Order::Ascending, None, 3).await,
        (vec!["P/A#01".into(), "P/A#02".into(), "P/A#03".into()], true)
    );
    let (page, more) = read(items, range, Order::Ascending, Some(&at("P", "A#03")), 3).await;
    assert_eq!((page, more), (vec!["P/A#04".into(), "P/A#05".into(), "P/A#06".into()], true));
    assert_eq!(read(items, range, Order::Ascending, Some(&at("P", "A#06")), 3).await, (vec!["P/A#07".into()], false));
    // A page ending exactly at the last item says nothing more follows.
    let exact = read(items, range, Order::Ascending, Some(&at("P", "A#04")), 3).await;
    assert_eq!(exact, (vec!["P/A#05".into(), "P/A#06".into(), "P/A#07".into()], false));
    // Descending.
    assert_eq!(
        read(items, range, Order::Descending, None, 3).await,
        (vec!["P/A#07".into(), "P/A#06".into(), "P/A#05".into()], true)
    );
    let (page, more) = read(items, range, Order::Descending, Some(&at("P", "A#05")), 3).await;
    assert_eq!((page, more), (vec!["P/A#04".into(), "P/A#03".into(), "P/A#02".into()], true));
    assert_eq!(read(items, range, Order::Descending, Some(&at("P", "A#02")), 3).await, (vec!["P/A#01".into()], false));
    // The whole range in one page: the other prefix and partition are not in it, bodies round-trip.
    let whole = items.page(range, Order::Ascending, None, 100).await.unwrap();
    assert_eq!((whole.items.len(), whole.more), (7, false));
    assert_eq!(whole.items[0], raw("P", "A#01", None));
    let empty = Range::Table { pk: "R", sk_prefix: "" };
    assert_eq!(read(items, empty, Order::Descending, None, 3).await, (vec![], false));
}

async fn an_index_range_pages_in_either_order_without_repeating_ties(items: Arc<dyn Items>) {
    // GIVEN six items on the index under one key and prefix, two pairs sharing their index sort key,
    // and others under another prefix and another key
    let on_index = [
        ("U#1", "T#2024-03"),
        ("U#2", "T#2024-01"),
        ("U#3", "T#2024-02"),
        ("U#4", "T#2024-02"),
        ("U#5", "T#2024-05"),
        ("U#6", "T#2024-05"),
    ];
    for (pk, gsk) in on_index {
        items.put(raw(pk, "LINK", Some(("G", gsk))), PutMode::IfAbsent).await.unwrap();
    }
    items.put(raw("U#7", "LINK", Some(("G", "OTHER#1"))), PutMode::IfAbsent).await.unwrap();
    items.put(raw("U#8", "LINK", Some(("H", "T#2024-01"))), PutMode::IfAbsent).await.unwrap();
    items.put(raw("U#9", "LINK", None), PutMode::IfAbsent).await.unwrap();
    let range = Range::Index { gsi1pk: "G", gsi1sk_prefix: "T#" };
    for order in [Order::Ascending, Order::Descending] {
        // WHEN read two at a time THEN each of the six comes once, in index order
        let (mut seen, mut after) = (Vec::new(), None::<Position>);
        loop {
            let page = items.page(range, order, after.as_ref(), 2).await.unwrap();
            assert!(page.items.len() <= 2);
            for item in &page.items {
                assert!(range.holds(&Position::of(item)), "{item:?} is in the range");
            }
            seen.extend(page.items.iter().map(|i| (i.gsi1.clone().unwrap().1, i.pk.clone())));
            after = page.items.last().map(Position::of);
            if !page.more {
                break;
            }
        }
        let pks: BTreeSet<&str> = seen.iter().map(|(_, pk)| pk.as_str()).collect();
        assert_eq!(pks, BTreeSet::from(["U#1", "U#2", "U#3", "U#4", "U#5", "U#6"]), "{order:?}");
        assert_eq!(seen.len(), 6, "{order:?}: none twice");
        let sort_keys: Vec<&str> = seen.iter().map(|(s, _)| s.as_str()).collect();
        let mut expected = sort_keys.clone();
        expected.sort();
        if order == Order::Descending {
            expected.reverse();
        }
        assert_eq!(sort_keys, expected, "{order:?}");
    }
}

/// A pure rule (no store involved): the check that keeps a cursor in its own list.
#[test]
fn a_range_holds_only_positions_inside_it() {
    // GIVEN positions in and out of a table range and an index range WHEN asked THEN only those inside hold
    let table = Range::Table { pk: "P", sk_prefix: "A#" };
    assert!(table.holds(&at("P", "A#05")));
    assert!(!table.holds(&at("P", "B#01")), "another prefix");
    assert!(!table.holds(&at("Q", "A#05")), "another partition");
    let index = Range::Index { gsi1pk: "G", gsi1sk_prefix: "T#" };
    let on = |g: &str, s: &str| Position { pk: "U#1".into(), sk: "LINK".into(), gsi1: Some((g.into(), s.into())) };
    assert!(index.holds(&on("G", "T#2024")));
    assert!(!index.holds(&on("G", "OTHER#1")), "another prefix");
    assert!(!index.holds(&on("H", "T#2024")), "another index key");
    assert!(!index.holds(&at("G", "T#2024")), "a table position is not on the index");
}

/// A conditional delete removes the item only while the field holds the value: a seat another
/// booking took since is left alone (`demo::store::DemoRecords::take_seat`).
async fn a_conditional_delete_removes_only_while_the_field_holds_the_value(items: Arc<dyn Items>) {
    let seat = |holder: &str| Item {
        pk: "SLOT#1".into(),
        sk: "SEATNO#001".into(),
        gsi1: None,
        expires_at: None,
        body: json!({"bookingId": holder, "takenAt": 1}).as_object().unwrap().clone(),
    };
    items.put(seat("b1"), PutMode::Upsert).await.unwrap();
    assert!(!items.delete_if("SLOT#1", "SEATNO#001", "bookingId", "b2").await.unwrap(), "another holder");
    assert!(!items.delete_if("SLOT#1", "SEATNO#001", "takenAt", "1").await.unwrap(), "a number is not that text");
    assert!(items.get("SLOT#1", "SEATNO#001", 0).await.unwrap().is_some());
    assert!(items.delete_if("SLOT#1", "SEATNO#001", "bookingId", "b1").await.unwrap());
    assert!(items.get("SLOT#1", "SEATNO#001", 0).await.unwrap().is_none());
    assert!(!items.delete_if("SLOT#1", "SEATNO#001", "bookingId", "b1").await.unwrap(), "gone already");
}

macro_rules! conformance {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            $( #[tokio::test] async fn $case() { super::$case(super::support::sqlite_store()).await } )*
        }
        mod dynamodb_on_moto {
            $( #[tokio::test] async fn $case() { super::$case(super::support::moto_store().await).await } )*
        }
    };
}

/// The same, for cases of the key-value contract under `Store`.
macro_rules! items_conformance {
    ($($case:ident),* $(,)?) => {
        mod sqlite_items {
            $( #[tokio::test] async fn $case() { super::$case(super::support::sqlite_items()).await } )*
        }
        mod dynamodb_items_on_moto {
            $( #[tokio::test] async fn $case() { super::$case(super::support::moto_items().await).await } )*
        }
    };
}

conformance!(
    courses_round_trip,
    outlines_round_trip,
    batches_by_id_and_by_course,
    lectures_in_order,
    a_lecture_number_is_taken_once_and_given_up_by_deleting,
    grants_by_hash_conflict_and_revocation,
    submissions_are_conditional_and_listed_in_order,
    rate_counters_count_and_expire,
    concurrent_attempts_never_pass_the_limit,
    demo_catalog_imports,
    links_belong_to_their_student,
    progress_is_per_student_batch_and_lecture,
    whole_partitions_and_index_keys_page_without_a_prefix,
    submissions_page_newest_first,
    enrolments_are_one_per_email_and_batch_and_found_by_email,
    the_audit_trail_is_appended_never_replaced_and_read_newest_first,
    batch_links_are_listed_per_batch_and_deleted,
);

items_conformance!(
    a_conditional_delete_removes_only_while_the_field_holds_the_value,
    a_table_range_pages_in_either_order_after_a_position,
    an_index_range_pages_in_either_order_without_repeating_ties,
);

//! One behaviour, two stores: every case runs on SQLite and on DynamoDB (in moto).

mod support;

use academy_core::domain::{
    AccessGrant, AuditEntry, Batch, BatchLink, Course, LectureProgress, Outline, Submission, SubmissionStatus, Video,
};
use academy_core::store::{AuditRecords, CatalogRecords, Counters, GrantRecords, StudentRecords, SubmissionRecords};
use academy_core::store::{Store, StoreError};
use serde_json::json;

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

fn video(batch_id: &str, lecture: u32) -> Video {
    Video {
        id: format!("{:0>24}", lecture),
        batch_id: batch_id.into(),
        batch_number: "B-1".into(),
        lecture_number: lecture,
        title: format!("Lecture {lecture}"),
        url: "https://example.com/v.mp4".into(),
    }
}

const C1: &str = "aaaaaaaaaaaaaaaaaaaaaa01";
const C2: &str = "aaaaaaaaaaaaaaaaaaaaaa02";
const B1: &str = "bbbbbbbbbbbbbbbbbbbbbb01";
const B2: &str = "bbbbbbbbbbbbbbbbbbbbbb02";
const B3: &str = "bbbbbbbbbbbbbbbbbbbbbb03";

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

async fn videos_in_lecture_order(store: Store) {
    for lecture in [10, 2, 1] {
        store.put_video(&video(B1, lecture)).await.unwrap();
    }
    store.put_video(&video(B2, 7)).await.unwrap();
    let order: Vec<u32> = store.list_videos(B1).await.unwrap().into_iter().map(|v| v.lecture_number).collect();
    assert_eq!(order, [1, 2, 10]);
    assert!(store.list_videos(B3).await.unwrap().is_empty());
}

async fn grants_by_hash_conflict_and_revocation(store: Store) {
    let grant = AccessGrant {
        batch_id: B1.into(),
        secret_hash: "h1".into(),
        label: Some("Ayesha".into()),
        created_at: 100,
        revoked_at: None,
        access_until: None,
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
    let submission = |id: &str, at: i64| Submission {
        id: id.into(),
        form_type: "contact-form".into(),
        form_data: json!({"email": "a@b.co"}).as_object().unwrap().clone(),
        status: SubmissionStatus::Pending,
        attempts: 0,
        created_at: at,
        last_error: None,
        handling: None,
    };
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

conformance!(
    courses_round_trip,
    outlines_round_trip,
    batches_by_id_and_by_course,
    videos_in_lecture_order,
    grants_by_hash_conflict_and_revocation,
    submissions_are_conditional_and_listed_in_order,
    rate_counters_count_and_expire,
    concurrent_attempts_never_pass_the_limit,
    demo_catalog_imports,
    links_belong_to_their_student,
    progress_is_per_student_batch_and_lecture,
    whole_partitions_and_index_keys_page_without_a_prefix,
);

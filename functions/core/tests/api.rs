//! The API as a client sees it: requests (API Gateway fixtures and built ones) through the same
//! dispatcher every Lambda and the local server use, on a seeded store. Lecture files behind
//! their signed links: `lecture.rs`.

use crate::support;

use academy_core::domain::AccessGrant;
use academy_core::platform::lambda;
use academy_core::platform::lambda::dispatch_as;
use academy_core::platform::local::AppState;
use academy_core::platform::routes::dispatch;
use academy_core::store::{CatalogRecords, GrantRecords};
use academy_core::time;
use lambda_http::Body;
use support::{assert_error, call, fixture, get, request, request_with_body};

const MERN: &str = "665f1c2a9b3e4d0012a1b001";
const MERN_07: &str = "665f1c2a9b3e4d0012a1c001";
const MERN_08: &str = "665f1c2a9b3e4d0012a1c002";
const CS_04: &str = "665f1c2a9b3e4d0012a1c00c";

async fn state() -> AppState {
    support::app_state(support::seeded(support::sqlite_store()).await).await
}

async fn grant(state: &AppState, batch: &str) -> (String, AccessGrant) {
    support::grant(&state.store, batch).await
}

fn videos_path(batch: &str) -> String {
    format!("/api/batches/{batch}/videos")
}

#[tokio::test]
async fn lists_the_four_courses() {
    let state = state().await;
    let (status, _, body) = call(&state, fixture("courses")).await;
    assert_eq!(status, 200);
    let titles: Vec<&str> = body.as_array().unwrap().iter().map(|c| c["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["MERN Stack Development", "Data Analysis", "AI & Machine Learning", "Cyber Security"]);
}

#[tokio::test]
async fn outline_found_malformed_and_unknown() {
    let state = state().await;
    let (status, _, body) = call(&state, fixture("outline")).await;
    assert_eq!(status, 200);
    assert_eq!(body["durationWeeks"], 16);
    assert_eq!(body["months"].as_array().unwrap().len(), 4);
    assert!(body["weeklySchedule"]["lab"].is_string());
    assert_error(&call(&state, fixture("outline-bad-id")).await, 400, "bad_request");
    assert_error(&call(&state, get("/api/outline/ffffffffffffffffffffffff")).await, 404, "not_found");
}

#[tokio::test]
async fn batches_all_one_and_by_course() {
    let state = state().await;
    let (status, _, all) = call(&state, fixture("batches")).await;
    assert_eq!(status, 200);
    assert_eq!(all.as_array().unwrap().len(), 12);
    let (status, _, one) = call(&state, fixture("batch")).await;
    assert_eq!((status, one["_id"].as_str()), (200, Some(MERN_07)));
    let (status, _, of_course) = call(&state, fixture("batches-of-course")).await;
    assert_eq!(status, 200);
    assert!(of_course.as_array().unwrap().iter().all(|b| b["courseId"] == "665f1c2a9b3e4d0012a1b002"));
    assert_eq!(of_course.as_array().unwrap().len(), 3);
    // All batches with a trailing slash too: the product's specification writes the all-batches
    // call as `GET /batches/`, so callers written from it keep working.
    assert_eq!(call(&state, get("/api/batches/")).await.0, 200);
    assert_error(&call(&state, get("/api/batches/ffffffffffffffffffffffff")).await, 404, "not_found");
    assert_error(&call(&state, get("/api/batches/NOT-AN-ID")).await, 400, "bad_request");
    assert_error(&call(&state, get("/api/batches/course/ffffffffffffffffffffffff")).await, 404, "not_found");
}

#[tokio::test]
async fn a_course_without_batches_is_an_empty_list() {
    let state = state().await;
    let mut course = state.store.get_course(MERN).await.unwrap().unwrap();
    course.id = "0123456789abcdef01234567".into();
    state.store.put_course(&course).await.unwrap();
    let (status, _, body) = call(&state, get("/api/batches/course/0123456789abcdef01234567")).await;
    assert_eq!((status, body), (200, serde_json::json!([])));
}

#[tokio::test]
async fn unknown_paths_and_wrong_methods_answer_json() {
    let state = state().await;
    assert_error(&call(&state, get("/api/nothing-here")).await, 404, "not_found");
    let answer = call(&state, request("DELETE", "/api/courses", &[], "198.51.100.1")).await;
    assert_error(&answer, 405, "method_not_allowed");
    assert_eq!(answer.1["allow"], "GET, HEAD");
    for path in ["/api", "/api/", "/api/courses/extra", "/api/batches/a/b/c"] {
        assert_error(&call(&state, get(path)).await, 404, "not_found");
    }
}

#[tokio::test]
async fn head_is_answered_wherever_get_is_without_a_body() {
    let state = state().await;
    let response = dispatch(&state, request("HEAD", "/api/courses", &[], "198.51.100.1")).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/json");
    assert!(response.body().is_empty(), "a HEAD answer has no body");
    let missing = dispatch(&state, request("HEAD", "/api/batches/ffffffffffffffffffffffff", &[], "198.51.100.1"));
    assert_eq!(missing.await.status(), 404);
    let post_only = dispatch(&state, request("HEAD", "/api/chat", &[], "198.51.100.1")).await;
    assert_eq!((post_only.status().as_u16(), post_only.headers()["allow"].to_str().unwrap()), (405, "POST"));
}

#[tokio::test]
async fn a_post_body_must_be_json() {
    let state = state().await;
    let body = r#"{"question":"What courses do you offer?"}"#;
    for content_type in
        [None, Some("text/plain"), Some("application/x-www-form-urlencoded"), Some("multipart/form-data")]
    {
        let headers: Vec<(&str, &str)> = content_type.map(|c| ("content-type", c)).into_iter().collect();
        for path in ["/api/chat", "/api/send-email"] {
            let req = request_with_body("POST", path, &headers, "198.51.100.9", Body::Text(body.into()));
            assert_error(&call(&state, req).await, 415, "unsupported_media_type");
        }
    }
    let json = [("content-type", "Application/JSON; charset=utf-8")];
    let req = request_with_body("POST", "/api/chat", &json, "198.51.100.9", Body::Text(body.into()));
    assert_eq!(call(&state, req).await.0, 200);
    // A POST with no body at all (an action such as a resend) needs no content type: the handler
    // answers it, here that a question is missing.
    let empty = request_with_body("POST", "/api/chat", &[], "198.51.100.9", Body::Empty);
    assert_error(&call(&state, empty).await, 400, "bad_request");
}

#[tokio::test]
async fn a_lambda_answers_only_its_own_endpoint() {
    let state = state().await;
    let response = dispatch_as::<lambda::Courses>(&state, fixture("batches")).await;
    assert_eq!(response.status(), 404);
    let response = dispatch_as::<lambda::Courses>(&state, fixture("courses")).await;
    assert_eq!(response.status(), 200);
}

#[tokio::test]
async fn videos_need_a_secret_id() {
    let state = state().await;
    assert_error(&call(&state, fixture("videos-no-secret")).await, 401, "unauthorized");
    let blank = request("GET", &videos_path(MERN_07), &[("x-secret-id", "   ")], "198.51.100.1");
    assert_error(&call(&state, blank).await, 401, "unauthorized");
    let wrong = request("GET", &videos_path(MERN_07), &[("x-secret-id", "guess")], "198.51.100.1");
    assert_error(&call(&state, wrong).await, 403, "forbidden");
    let malformed = request("GET", "/api/batches/xyz/videos", &[("x-secret-id", "guess")], "198.51.100.1");
    assert_error(&call(&state, malformed).await, 400, "bad_request");
    let unknown = request("GET", &videos_path("ffffffffffffffffffffffff"), &[("x-secret-id", "g")], "198.51.100.1");
    assert_error(&call(&state, unknown).await, 404, "not_found");
}

#[tokio::test]
async fn a_granted_secret_opens_its_own_batch_only() {
    let state = state().await;
    let (secret, _) = grant(&state, MERN_07).await;
    let (status, _, body) =
        call(&state, request("GET", &videos_path(MERN_07), &[("x-secret-id", &secret)], "198.51.100.2")).await;
    assert_eq!(status, 200);
    let lectures: Vec<u64> =
        body["videos"].as_array().unwrap().iter().map(|v| v["lectureNumber"].as_u64().unwrap()).collect();
    assert_eq!(lectures, (1..=lectures.len() as u64).collect::<Vec<_>>(), "ordered by lecture number");
    let first = body["videos"][0]["url"].as_str().unwrap();
    assert!(first.starts_with(&format!("/lecture/{MERN_07}/1?grant=")), "stored files become signed links: {first}");
    assert!(first.contains("&expires=") && first.contains("&signature="), "{first}");
    assert!(!first.contains(&secret), "the Secret ID itself is never in a link");
    assert!(body["videos"][1]["url"].as_str().unwrap().starts_with("https://drive.google.com/"), "embeds pass through");

    let other = request("GET", &videos_path(MERN_08), &[("x-secret-id", &secret)], "198.51.100.2");
    assert_error(&call(&state, other).await, 403, "forbidden");

    // Old links carry the Secret ID in the query string.
    let legacy = request("GET", &format!("{}?secretId={secret}", videos_path(MERN_07)), &[], "198.51.100.2");
    assert_eq!(call(&state, legacy).await.0, 200);
}

#[tokio::test]
async fn a_batch_without_lectures_answers_an_empty_list() {
    let state = state().await;
    let (secret, _) = grant(&state, CS_04).await;
    let (status, _, body) =
        call(&state, request("GET", &videos_path(CS_04), &[("x-secret-id", &secret)], "198.51.100.3")).await;
    assert_eq!((status, body), (200, serde_json::json!({"videos": []})));
}

#[tokio::test]
async fn a_revoked_secret_is_refused() {
    let state = state().await;
    let (secret, grant) = grant(&state, MERN_07).await;
    state.store.revoke_grant(&grant, time::now()).await.unwrap();
    let req = request("GET", &videos_path(MERN_07), &[("x-secret-id", &secret)], "198.51.100.5");
    assert_error(&call(&state, req).await, 403, "forbidden");
}

#[tokio::test]
async fn ten_failures_lock_the_client_out_of_that_batch() {
    let state = state().await;
    let (secret, _) = grant(&state, MERN_07).await;
    let attacker = "203.0.113.66";
    for _ in 0..10 {
        let guess = request("GET", &videos_path(MERN_07), &[("x-secret-id", "guess")], attacker);
        assert_error(&call(&state, guess).await, 403, "forbidden");
    }
    // Even the right Secret ID is refused until the window passes.
    let answer = call(&state, request("GET", &videos_path(MERN_07), &[("x-secret-id", &secret)], attacker)).await;
    assert_error(&answer, 429, "rate_limited");
    let retry_after: u64 = answer.1["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=900).contains(&retry_after), "Retry-After {retry_after}");
    // Another client, and another batch, are unaffected.
    let other = request("GET", &videos_path(MERN_07), &[("x-secret-id", &secret)], "203.0.113.67");
    assert_eq!(call(&state, other).await.0, 200);
    let (secret_08, _) = grant(&state, MERN_08).await;
    let other_batch = request("GET", &videos_path(MERN_08), &[("x-secret-id", &secret_08)], attacker);
    assert_eq!(call(&state, other_batch).await.0, 200);
}

#[tokio::test]
async fn the_catalog_may_be_cached_briefly_and_nothing_else() {
    let state = state().await;
    for path in [
        "/api/courses".to_owned(),
        format!("/api/outline/{MERN}"),
        "/api/batches".to_owned(),
        format!("/api/batches/{MERN_07}"),
        format!("/api/batches/course/{MERN}"),
    ] {
        let (status, headers, _) = call(&state, get(&path)).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(headers["cache-control"], academy_core::http::CATALOG_CACHE, "{path}");
    }
    let (secret, _) = grant(&state, MERN_07).await;
    let answers = [
        call(&state, get("/api/outline/ffffffffffffffffffffffff")).await,
        call(&state, request("GET", &videos_path(MERN_07), &[("x-secret-id", &secret)], "198.51.100.9")).await,
        call(&state, get("/api/geo")).await,
        call(&state, get("/api/health")).await,
    ];
    for (status, headers, body) in answers {
        assert_eq!(headers["cache-control"], "no-store", "{status} {body}");
    }
}

/// Behind CloudFront: without the origin secret the API refuses (403 JSON); with it, limits key
/// on the viewer's address, so two visitors behind one edge server are counted apart.
#[tokio::test]
async fn only_the_cdn_reaches_the_api_and_its_viewer_address_is_the_client() {
    use academy_core::http::origin::{OriginGuard, ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER};
    let mut state = state().await;
    state.origin = OriginGuard::new(Some("a-long-origin-secret".into()));
    assert_error(&call(&state, get("/api/courses")).await, 403, "forbidden");
    let forged = request("GET", "/api/courses", &[(ORIGIN_SECRET_HEADER, "guess")], "198.51.100.1");
    assert_error(&call(&state, forged).await, 403, "forbidden");

    let edge = "130.176.0.10";
    let via_cdn = |viewer: &'static str, secret: Option<&'static str>| {
        let mut headers = vec![(ORIGIN_SECRET_HEADER, "a-long-origin-secret"), (VIEWER_ADDRESS_HEADER, viewer)];
        headers.extend(secret.map(|s| ("x-secret-id", s)));
        request("GET", &videos_path(MERN_07), &headers, edge)
    };
    assert_eq!(call(&state, via_cdn("203.0.113.70:50000", None)).await.0, 401);
    for _ in 0..10 {
        assert_error(&call(&state, via_cdn("203.0.113.70:50001", Some("guess"))).await, 403, "forbidden");
    }
    assert_error(&call(&state, via_cdn("203.0.113.70:50002", Some("guess"))).await, 429, "rate_limited");
    // Another visitor arriving through the same edge server is not locked out.
    assert_error(&call(&state, via_cdn("203.0.113.71:50000", Some("guess"))).await, 403, "forbidden");
}

/// One IPv6 connection is a /64: varying the low 64 bits does not make a new client, an
/// IPv4-mapped address is its IPv4 address, and another /64 is another client. For every
/// per-client limit: enquiries, assistant questions and wrong Secret IDs.
#[tokio::test]
async fn ipv6_clients_are_counted_by_their_64_and_mapped_ipv4_as_ipv4() {
    use academy_core::http::origin::{OriginGuard, ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER};
    use academy_core::limits::{CHAT_QUESTIONS, ENQUIRIES, SECRET_ID_GUESSES};
    let mut state = state().await;
    state.origin = OriginGuard::new(Some("a-long-origin-secret".into()));
    let json = ("content-type", "application/json");
    let via_cdn = |method: &str, path: &str, viewer: &str, extra: Option<(&str, &str)>, body: String| {
        let mut headers = vec![(ORIGIN_SECRET_HEADER, "a-long-origin-secret"), (VIEWER_ADDRESS_HEADER, viewer)];
        headers.extend(extra);
        request_with_body(method, path, &headers, "130.176.0.10", Body::Text(body))
    };
    let enquiry = |viewer: &str, n: u64| {
        let mut form = support::contact();
        form["email"] = format!("visitor{n}@example.pk").into();
        let body = serde_json::json!({"formType": "contact-form", "formData": form}).to_string();
        via_cdn("POST", "/api/send-email", viewer, Some(json), body)
    };
    let question = |viewer: &str| via_cdn("POST", "/api/chat", viewer, Some(json), r#"{"question": "Fees?"}"#.into());
    let guess = |viewer: &str| {
        via_cdn("GET", &videos_path(MERN_07), viewer, Some(("x-secret-id", "a-wrong-guess")), String::new())
    };
    let one_64 = |n: u64| format!("2001:db8:1:2::{n:x}:443");

    for n in 1..=ENQUIRIES.max {
        assert_eq!(call(&state, enquiry(&one_64(n), n)).await.0, 200, "enquiry {n}");
    }
    assert_error(&call(&state, enquiry(&one_64(0xffff), 999)).await, 429, "rate_limited");
    assert_eq!(call(&state, enquiry("[2001:db8:1:3::1]:443", 1000)).await.0, 200, "another /64 is another client");

    for n in 1..=CHAT_QUESTIONS.max {
        assert_eq!(call(&state, question(&one_64(n))).await.0, 200, "question {n}");
    }
    assert_error(&call(&state, question(&one_64(0xffff))).await, 429, "rate_limited");
    assert_eq!(call(&state, question("2001:db8:1:3::1:443")).await.0, 200, "another /64 is another client");

    for n in 1..=SECRET_ID_GUESSES.max {
        assert_error(&call(&state, guess(&one_64(n))).await, 403, "forbidden");
    }
    assert_error(&call(&state, guess(&one_64(0xffff))).await, 429, "rate_limited");
    assert_error(&call(&state, guess("2001:db8:1:3::1:443")).await, 403, "forbidden");

    // An IPv4-mapped address and the IPv4 address it carries share one count.
    for n in 1..=SECRET_ID_GUESSES.max {
        let viewer = if n % 2 == 0 { "203.0.113.9:443" } else { "::ffff:203.0.113.9:443" };
        assert_error(&call(&state, guess(viewer)).await, 403, "forbidden");
    }
    assert_error(&call(&state, guess("[::ffff:203.0.113.9]:443")).await, 429, "rate_limited");
    assert_error(&call(&state, guess("203.0.113.9:443")).await, 429, "rate_limited");
}

/// 100 wrong Secret IDs at once from one client: only the limit's worth are ever checked.
#[tokio::test]
async fn a_burst_of_wrong_secret_ids_is_checked_at_most_ten_times() {
    let state = std::sync::Arc::new(state().await);
    let guesses = (0..100).map(|i| {
        let state = state.clone();
        tokio::spawn(async move {
            let guess = format!("guess-{i}");
            call(&state, request("GET", &videos_path(MERN_07), &[("x-secret-id", &guess)], "203.0.113.77")).await.0
        })
    });
    let mut answers = std::collections::BTreeMap::new();
    for guess in guesses {
        *answers.entry(guess.await.unwrap()).or_insert(0) += 1;
    }
    assert_eq!(answers, std::collections::BTreeMap::from([(403, 10), (429, 90)]), "checked = refused with 403");
}

/// A right Secret ID does not use up the guesses: a student may open the list again and again.
#[tokio::test]
async fn right_secret_ids_do_not_count_as_guesses() {
    let state = state().await;
    let (secret, _) = grant(&state, MERN_07).await;
    for _ in 0..15 {
        let answer =
            call(&state, request("GET", &videos_path(MERN_07), &[("x-secret-id", &secret)], "203.0.113.78")).await;
        assert_eq!(answer.0, 200);
    }
}

/// A class behind one address (a lab's NAT) opening its lecture list at once with right Secret IDs:
/// past the limit some are asked to retry, but a refused attempt is not left counted, so once the
/// checks under way are done the class opens its lectures again.
#[tokio::test]
async fn a_burst_of_right_secret_ids_leaves_no_count_behind() {
    use academy_core::limits::SECRET_ID_GUESSES;
    let state = state().await;
    let (secret, _) = grant(&state, MERN_07).await;
    let (viewer, now) = ("203.0.113.79", time::now());
    let guesser = format!("{MERN_07}#{viewer}");
    // Ten checks under way from this address...
    for _ in 0..10 {
        SECRET_ID_GUESSES.admit(&state.store, &guesser, now).await.unwrap();
    }
    // ...so eleven more students are asked to retry...
    for _ in 0..11 {
        let answer = call(&state, request("GET", &videos_path(MERN_07), &[("x-secret-id", &secret)], viewer)).await;
        assert_error(&answer, 429, "rate_limited");
    }
    // ...and once those ten are done (right ones give their count back), everyone opens.
    for _ in 0..10 {
        SECRET_ID_GUESSES.refund(&state.store, &guesser, now).await.unwrap();
    }
    for _ in 0..15 {
        let answer = call(&state, request("GET", &videos_path(MERN_07), &[("x-secret-id", &secret)], viewer)).await;
        assert_eq!(answer.0, 200);
    }
}

/// 60 questions at once from one client: exactly the limit answered (the model bill).
#[tokio::test]
async fn a_burst_of_questions_gets_exactly_the_limit_answered() {
    let state = std::sync::Arc::new(state().await);
    let questions = (0..60).map(|_| {
        let state = state.clone();
        tokio::spawn(async move {
            let body = lambda_http::Body::Text(r#"{"question": "How long is the free demo?"}"#.into());
            let headers = [("content-type", "application/json")];
            call(&state, support::request_with_body("POST", "/api/chat", &headers, "203.0.113.79", body)).await.0
        })
    });
    let mut answers = std::collections::BTreeMap::new();
    for question in questions {
        *answers.entry(question.await.unwrap()).or_insert(0) += 1;
    }
    let limit = academy_core::limits::CHAT_QUESTIONS.max as usize;
    assert_eq!(answers, std::collections::BTreeMap::from([(200, limit), (429, 60 - limit)]));
}

/// Every path of the contract is claimed by exactly one line of the local server's route table
/// (so no two services answer one route, and none is missing), and every line claims a path.
#[tokio::test]
async fn every_path_of_the_contract_has_one_service() {
    let state = state().await;
    let table = academy_core::platform::routes::table(&state);
    let contract: serde_json::Value =
        serde_json::from_str(&academy_core::platform::openapi::document()).expect("the contract is JSON");
    let paths = contract["paths"].as_object().expect("the contract has paths");
    assert!(paths.len() > 90, "{} paths", paths.len());
    let mut used = vec![0; table.len()];
    for path in paths.keys() {
        let concrete = filled(path);
        let parts: Vec<&str> = concrete.split('/').filter(|p| !p.is_empty()).collect();
        let claims: Vec<usize> = (0..table.len())
            .filter(|&i| {
                let (prefix, service) = table[i];
                let prefix: Vec<&str> = prefix.split('/').filter(|p| !p.is_empty()).collect();
                parts.starts_with(&prefix) && service.has(&parts)
            })
            .collect();
        assert_eq!(claims.len(), 1, "{path} ({concrete}) is claimed by lines {claims:?}");
        used[claims[0]] += 1;
    }
    for (i, (prefix, _)) in table.iter().enumerate() {
        assert!(used[i] > 0, "the table's line {i} ({prefix}) claims no path of the contract");
    }
}

/// A contract path with each `{parameter}` filled in (`{token}.ics` keeps its suffix).
fn filled(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}').expect("a parameter closes") + open;
        out.push_str("665f1c2a9b3e4d0012a1b001");
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

//! A signed-in student's own learning, through the dispatcher every Lambda and `academy serve`
//! use: access tokens from the real local OpenID provider verified against its JWKS, linking a
//! Secret ID, progress per lecture, and one student never reaching another's records.

use crate::oidc;
use crate::support;

use academy_core::http::error::ApiError;
use academy_core::http::identity::Verifier;
use academy_core::platform::local::AppState;
use academy_core::store::GrantRecords;
use academy_core::{limits, time};
use lambda_http::Body;
use oidc::{claims, provider, sign, sign_as, sign_in, unsigned, CLIENT_ID};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use support::{assert_error, call, request, request_with_body};

const MERN_07: &str = "665f1c2a9b3e4d0012a1c001";
const CS_04: &str = "665f1c2a9b3e4d0012a1c00c";

fn verifier() -> Verifier {
    Verifier::new(&provider().issuer, CLIENT_ID).unwrap()
}

async fn state() -> AppState {
    let mut state = support::app_state(support::seeded(support::sqlite_store()).await).await;
    state.sign_in(Some(Arc::new(verifier())));
    state
}

fn bearer(token: &str) -> String {
    format!("Bearer {token}")
}

async fn get(state: &AppState, path: &str, token: &str) -> (u16, lambda_http::http::HeaderMap, Value) {
    call(state, request("GET", path, &[("authorization", &bearer(token))], "198.51.100.7")).await
}

async fn send(
    state: &AppState,
    method: &str,
    path: &str,
    token: &str,
    body: Value,
) -> (u16, lambda_http::http::HeaderMap, Value) {
    let headers = [("authorization", bearer(token)), ("content-type", "application/json".into())];
    let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    call(state, request_with_body(method, path, &headers, "198.51.100.7", Body::Text(body.to_string()))).await
}

async fn link(state: &AppState, token: &str, batch: &str, secret: &str) -> (u16, lambda_http::http::HeaderMap, Value) {
    send(state, "POST", "/api/me/batches", token, json!({"batchId": batch, "secretId": secret})).await
}

fn progress_path(batch: &str, lecture: u32) -> String {
    format!("/api/me/progress/{batch}/{lecture}")
}

// Verification

#[tokio::test]
async fn a_token_from_the_provider_names_its_student_and_so_does_a_renewed_one() {
    let tokens = sign_in("ayesha@example.pk").await;
    let verifier = verifier();
    assert_eq!(verifier.verify(&tokens.access).await.unwrap().sub, "ayesha@example.pk");
    let renewed = oidc::refresh(&tokens.refresh).await;
    assert_ne!(renewed.access, tokens.access);
    assert_eq!(verifier.verify(&renewed.access).await.unwrap().sub, "ayesha@example.pk");
}

#[tokio::test]
async fn forged_expired_and_foreign_tokens_are_refused() {
    let p = provider();
    let verifier = verifier();
    let good = claims("bilal@example.pk");
    // The test's own signing is right: the same claims signed with the provider's key pass.
    assert_eq!(verifier.verify(&sign(&good, &p.key)).await.unwrap().sub, "bilal@example.pk");

    let mut expired = good.clone();
    expired["exp"] = json!(time::now() - 120);
    let mut other_issuer = good.clone();
    other_issuer["iss"] = json!("https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_other");
    let mut other_client = good.clone();
    other_client["client_id"] = json!("another-app");
    other_client["aud"] = json!("another-app");
    let mut id_token_of_cognito = good.clone();
    id_token_of_cognito["token_use"] = json!("id");
    let mut no_subject = good.clone();
    no_subject.as_object_mut().unwrap().remove("sub");
    let hmac_with_public_name = {
        let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256);
        header.kid = Some(oidc::KID.into());
        jsonwebtoken::encode(&header, &good, &jsonwebtoken::EncodingKey::from_secret(b"public")).unwrap()
    };
    let tampered = {
        let token = sign(&good, &p.key);
        let (head, rest) = token.split_once('.').unwrap();
        let (_, signature) = rest.split_once('.').unwrap();
        let forged = base64::Engine::encode(
            &base64::engine::general_purpose::URL_SAFE_NO_PAD,
            claims("someone-else@example.pk").to_string(),
        );
        format!("{head}.{forged}.{signature}")
    };
    let cases = [
        ("expired", sign(&expired, &p.key)),
        ("other issuer", sign(&other_issuer, &p.key)),
        ("other audience", sign(&other_client, &p.key)),
        ("an ID token", sign(&id_token_of_cognito, &p.key)),
        ("no sub", sign(&no_subject, &p.key)),
        ("bad signature", sign(&good, &p.stranger)),
        ("tampered claims", tampered),
        ("alg none", unsigned(&good)),
        ("HS256", hmac_with_public_name),
        ("not a JWT", "not-a-token".into()),
    ];
    for (what, token) in cases {
        let refused = verifier.verify(&token).await;
        assert!(matches!(refused, Err(academy_core::http::error::ApiError::Unauthorized(_))), "{what}: {refused:?}");
    }
}

/// `claims` signed with the provider's key id and the given JOSE `typ`.
fn typed(claims: &serde_json::Value, pem: &[u8], typ: Option<&str>) -> String {
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::RS256);
    header.typ = typ.map(str::to_owned);
    header.kid = Some(oidc::KID.into());
    jsonwebtoken::encode(&header, claims, &jsonwebtoken::EncodingKey::from_rsa_pem(pem).unwrap()).unwrap()
}

#[tokio::test]
async fn only_access_tokens_are_accepted_as_each_provider_marks_them() {
    let p = provider();
    let verifier = verifier();
    // The local provider types its access tokens `at+jwt` (RFC 9068).
    let tokens = sign_in("typed@example.pk").await;
    let head = jsonwebtoken::decode_header(&tokens.access).unwrap();
    assert_eq!(head.typ.as_deref(), Some("at+jwt"));
    // Cognito does not type its tokens; its access tokens say `token_use: access` and name the client as
    // `client_id`, without `aud`.
    let mut cognito_access = claims("cognito@example.pk");
    cognito_access["token_use"] = json!("access");
    cognito_access.as_object_mut().unwrap().remove("aud");
    assert_eq!(verifier.verify(&typed(&cognito_access, &p.key, None)).await.unwrap().sub, "cognito@example.pk");
    let generic = typed(&cognito_access, &p.key, Some("JWT"));
    assert_eq!(verifier.verify(&generic).await.unwrap().sub, "cognito@example.pk");

    let good = claims("shape@example.pk");
    // Cognito's ID token: untyped, `token_use: id`, the client as `aud`.
    let mut cognito_id = cognito_access.clone();
    cognito_id["token_use"] = json!("id");
    cognito_id["aud"] = json!(CLIENT_ID);
    // The shape of an ID token (the client as `aud`, the sign-in's `nonce`, the `at_hash` of the access token
    // issued beside it), even when the token also names the client and is typed as an access token.
    let mut with_nonce = good.clone();
    with_nonce["nonce"] = json!("test-nonce");
    let mut with_at_hash = good.clone();
    with_at_hash["at_hash"] = json!("x4tDuLKSDPEUxVNvMTNbBw");
    let mut client_as_audience = good.clone();
    client_as_audience["aud"] = json!(CLIENT_ID);
    client_as_audience.as_object_mut().unwrap().remove("client_id");
    let mut untyped_id_use = good.clone();
    untyped_id_use["token_use"] = json!("id");
    let cases = [
        ("Cognito's ID token", typed(&cognito_id, &p.key, None)),
        ("an ID token's token_use, typed at+jwt", sign(&untyped_id_use, &p.key)),
        ("a nonce", sign(&with_nonce, &p.key)),
        ("an at_hash", sign(&with_at_hash, &p.key)),
        ("the client as aud, no client_id", sign(&client_as_audience, &p.key)),
        // Neither mark: typed only as a JWT, or not typed, without `token_use`.
        ("typed as a plain JWT", typed(&good, &p.key, Some("JWT"))),
        ("untyped, no token_use", typed(&good, &p.key, None)),
        ("an ID token's typ", typed(&good, &p.key, Some("id_token+jwt"))),
    ];
    for (what, token) in cases {
        let refused = verifier.verify(&token).await;
        assert!(matches!(refused, Err(academy_core::http::error::ApiError::Unauthorized(_))), "{what}: {refused:?}");
    }
}

#[tokio::test]
async fn an_id_token_of_the_provider_is_not_an_access_token() {
    let state = state().await;
    let tokens = sign_in("id-token@example.pk").await;
    assert_eq!(get(&state, "/api/me/batches", &tokens.access).await.0, 200);
    assert_error(&get(&state, "/api/me/batches", &tokens.id).await, 401, "unauthorized");
    let renewed = oidc::refresh(&tokens.refresh).await;
    assert_error(&get(&state, "/api/me/batches", &renewed.id).await, 401, "unauthorized");
}

#[tokio::test]
async fn a_token_not_valid_yet_is_refused() {
    let state = state().await;
    let mut later = claims("early@example.pk");
    later["nbf"] = json!(time::now() + 3600);
    assert_error(&get(&state, "/api/me/batches", &sign(&later, &provider().key)).await, 401, "unauthorized");
    // Within the leeway allowed for the clocks, as for `exp`, a token valid from a few seconds ahead passes.
    later["nbf"] = json!(time::now() + 5);
    assert_eq!(get(&state, "/api/me/batches", &sign(&later, &provider().key)).await.0, 200);
}

#[tokio::test]
async fn a_token_issued_in_the_future_is_refused() {
    let state = state().await;
    let mut ahead = claims("ahead@example.pk");
    ahead["iat"] = json!(time::now() + 3600);
    assert_error(&get(&state, "/api/me/batches", &sign(&ahead, &provider().key)).await, 401, "unauthorized");
    ahead["iat"] = json!(time::now() + 600);
    assert_error(&get(&state, "/api/me/batches", &sign(&ahead, &provider().key)).await, 401, "unauthorized");
    // Within the leeway allowed for the clocks, as for `nbf`, one issued a few seconds ahead passes.
    ahead["iat"] = json!(time::now() + 5);
    assert_eq!(get(&state, "/api/me/batches", &sign(&ahead, &provider().key)).await.0, 200);
}

#[tokio::test]
async fn the_api_answers_401_json_without_a_valid_token() {
    let state = state().await;
    let path = format!("/api/me/progress/{MERN_07}");
    let answer = call(&state, request("GET", &path, &[], "198.51.100.7")).await;
    assert_error(&answer, 401, "unauthorized");
    assert_error(&get(&state, &path, &unsigned(&claims("x@example.pk"))).await, 401, "unauthorized");
    assert_error(
        &get(&state, "/api/me/batches", &sign(&claims("x@example.pk"), &provider().stranger)).await,
        401,
        "unauthorized",
    );
    // Without sign-in set up, nobody is signed in.
    let mut unset = support::app_state(support::sqlite_store()).await;
    unset.sign_in(None);
    let token = sign_in("noor@example.pk").await.access;
    assert_error(&get(&unset, "/api/me/batches", &token).await, 401, "unauthorized");
}

// Linking and progress

#[tokio::test]
async fn a_student_links_a_secret_id_and_their_progress_follows_them() {
    let state = state().await;
    let (secret, _) = support::grant(&state.store, MERN_07).await;
    let token = sign_in("hira@example.pk").await.access;

    let (status, _, none) = get(&state, "/api/me/batches", &token).await;
    assert_eq!((status, none), (200, json!({"batches": []})));

    let (status, _, linked) = link(&state, &token, MERN_07, &secret).await;
    assert_eq!(status, 200, "{linked}");
    assert_eq!(linked["batch"]["_id"], MERN_07);
    let total = linked["lecturesTotal"].as_u64().unwrap();
    assert!(total >= 2, "the demo batch has lectures");
    assert_eq!((linked["lecturesWatched"].as_u64(), linked["nextLecture"].as_u64()), (Some(0), Some(1)));

    // The videos endpoint takes the token instead of the Secret ID.
    let (status, _, videos) = get(&state, &format!("/api/batches/{MERN_07}/videos"), &token).await;
    assert_eq!(status, 200);
    assert_eq!(videos["videos"].as_array().unwrap().len() as u64, total);
    assert!(videos["videos"][0]["url"].as_str().unwrap().starts_with("/lecture/"));

    let saved =
        send(&state, "PUT", &progress_path(MERN_07, 1), &token, json!({"positionSeconds": 42.5, "completed": false}))
            .await;
    assert_eq!(saved.0, 200, "{}", saved.2);
    assert_eq!((saved.2["lectureNumber"].as_u64(), saved.2["positionSeconds"].as_f64()), (Some(1), Some(42.5)));
    // The same write again is the same record (idempotent).
    send(&state, "PUT", &progress_path(MERN_07, 1), &token, json!({"positionSeconds": 42.5, "completed": false})).await;
    let (_, _, progress) = get(&state, &format!("/api/me/progress/{MERN_07}"), &token).await;
    assert_eq!(progress["batchId"], MERN_07);
    assert_eq!(progress["lectures"].as_array().unwrap().len(), 1);
    assert_eq!(progress["lectures"][0]["positionSeconds"], 42.5);

    // Played through (lecture 1 is a 4 s file: from its start to its end in 4 s of the server's
    // clock): it counts as watched, and stays so when rewatched from the start.
    send(&state, "PUT", &progress_path(MERN_07, 1), &token, json!({"positionSeconds": 0, "completed": false})).await;
    state.clock().advance(4.0);
    let (_, _, done) =
        send(&state, "PUT", &progress_path(MERN_07, 1), &token, json!({"positionSeconds": 4, "completed": false}))
            .await;
    assert_eq!((done["completed"].as_bool(), done["watchedSeconds"].as_f64()), (Some(true), Some(4.0)), "{done}");
    let (_, _, again) =
        send(&state, "PUT", &progress_path(MERN_07, 1), &token, json!({"positionSeconds": 3, "completed": false}))
            .await;
    assert_eq!((again["completed"].as_bool(), again["positionSeconds"].as_f64()), (Some(true), Some(3.0)));
    let (_, _, mine) = get(&state, "/api/me/batches", &token).await;
    assert_eq!(mine["batches"][0]["lecturesWatched"], 1);
    assert_eq!(mine["batches"][0]["nextLecture"], 2);

    // A new token of the same account (another device) sees the same.
    let other_device = sign_in("hira@example.pk").await.access;
    let (_, _, there) = get(&state, &format!("/api/me/progress/{MERN_07}"), &other_device).await;
    assert_eq!(there, progress_after(&state, &token).await);
}

async fn progress_after(state: &AppState, token: &str) -> Value {
    get(state, &format!("/api/me/progress/{MERN_07}"), token).await.2
}

#[tokio::test]
async fn one_student_never_reads_or_writes_anothers_progress() {
    let state = state().await;
    let (secret, _) = support::grant(&state.store, MERN_07).await;
    let first = sign_in("first@example.pk").await.access;
    let second = sign_in("second@example.pk").await.access;
    assert_eq!(link(&state, &first, MERN_07, &secret).await.0, 200);
    send(&state, "PUT", &progress_path(MERN_07, 2), &first, json!({"positionSeconds": 61, "completed": false})).await;

    let (status, _, theirs) = get(&state, &format!("/api/me/progress/{MERN_07}"), &second).await;
    assert_eq!((status, theirs["lectures"].clone()), (200, json!([])));
    assert_eq!(get(&state, "/api/me/batches", &second).await.2, json!({"batches": []}));
    // Writing without a link of one's own is refused, and the first student's record is untouched.
    let refused =
        send(&state, "PUT", &progress_path(MERN_07, 2), &second, json!({"positionSeconds": 0, "completed": true}))
            .await;
    assert_error(&refused, 403, "forbidden");
    assert_error(&get(&state, &format!("/api/batches/{MERN_07}/videos"), &second).await, 403, "forbidden");
    let (_, _, still) = get(&state, &format!("/api/me/progress/{MERN_07}"), &first).await;
    assert_eq!(
        (still["lectures"][0]["positionSeconds"].as_f64(), still["lectures"][0]["completed"].as_bool()),
        (Some(61.0), Some(false))
    );
}

#[tokio::test]
async fn a_wrong_secret_id_counts_toward_the_same_guessing_limit() {
    let state = state().await;
    let (secret, _) = support::grant(&state.store, CS_04).await;
    let token = sign_in("guesser@example.pk").await.access;
    assert_error(&link(&state, &token, CS_04, "not-the-secret").await, 403, "forbidden");
    // The rest of the window's guesses go to the videos endpoint, from the same address.
    for _ in 1..limits::SECRET_ID_GUESSES.max {
        let path = format!("/api/batches/{CS_04}/videos");
        let answer = call(&state, request("GET", &path, &[("x-secret-id", "wrong")], "198.51.100.7")).await;
        assert_eq!(answer.0, 403);
    }
    let (status, headers, _) = link(&state, &token, CS_04, &secret).await;
    assert_eq!(status, 429, "even the right Secret ID waits once the limit is reached");
    assert!(headers.contains_key("retry-after"));
}

#[tokio::test]
async fn revoking_the_grant_unlinks_the_batch() {
    let state = state().await;
    let (secret, grant) = support::grant(&state.store, MERN_07).await;
    let token = sign_in("revoked@example.pk").await.access;
    assert_eq!(link(&state, &token, MERN_07, &secret).await.0, 200);
    state.store.revoke_grant(&grant, time::now()).await.unwrap();
    assert_eq!(get(&state, "/api/me/batches", &token).await.2, json!({"batches": []}));
    assert_error(&get(&state, &format!("/api/batches/{MERN_07}/videos"), &token).await, 403, "forbidden");
    let write =
        send(&state, "PUT", &progress_path(MERN_07, 1), &token, json!({"positionSeconds": 1, "completed": false}))
            .await;
    assert_error(&write, 403, "forbidden");
}

#[tokio::test]
async fn bad_input_gets_a_clear_4xx() {
    let state = state().await;
    let (secret, _) = support::grant(&state.store, MERN_07).await;
    let token = sign_in("careful@example.pk").await.access;
    assert_eq!(link(&state, &token, MERN_07, &secret).await.0, 200);
    let put = |path: String, body: Value| {
        let token = token.clone();
        let state = &state;
        async move { send(state, "PUT", &path, &token, body).await }
    };
    let position = |p: Value| json!({"positionSeconds": p, "completed": false});
    assert_error(&put(progress_path(MERN_07, 1), position(json!(-1))).await, 400, "bad_request");
    assert_error(&put(progress_path(MERN_07, 1), position(json!(86_401))).await, 400, "bad_request");
    assert_error(&put(progress_path(MERN_07, 1), position(json!("12"))).await, 400, "bad_request");
    // `completed` may be left out: it is accepted and ignored (the server decides).
    assert_eq!(put(progress_path(MERN_07, 1), json!({"positionSeconds": 1})).await.0, 200);
    assert_error(&put(progress_path(MERN_07, 1), json!({"completed": true})).await, 400, "bad_request");
    assert_error(
        &put(progress_path(MERN_07, 1), json!({"positionSeconds": 1, "completed": false, "x": 1})).await,
        400,
        "bad_request",
    );
    assert_error(&put(format!("/api/me/progress/{MERN_07}/0"), position(json!(1))).await, 400, "bad_request");
    assert_error(&put(format!("/api/me/progress/{MERN_07}/abc"), position(json!(1))).await, 400, "bad_request");
    assert_error(&put(progress_path(MERN_07, 999), position(json!(1))).await, 404, "not_found");
    assert_error(&put(progress_path("NOT-AN-ID", 1), position(json!(1))).await, 400, "bad_request");
    assert_eq!(put(progress_path(MERN_07, 1), position(json!(86_400))).await.0, 200);
    let huge = json!({"positionSeconds": 1, "completed": false, "pad": "x".repeat(4096)});
    assert_error(&put(progress_path(MERN_07, 1), huge).await, 413, "payload_too_large");

    assert_error(&link(&state, &token, "NOT-AN-ID", &secret).await, 400, "bad_request");
    assert_error(&link(&state, &token, "ffffffffffffffffffffffff", &secret).await, 404, "not_found");
    assert_error(&link(&state, &token, MERN_07, "   ").await, 400, "bad_request");
    assert_error(&link(&state, &token, MERN_07, &"s".repeat(129)).await, 400, "bad_request");
    assert_error(&get(&state, "/api/me/progress/NOT-AN-ID", &token).await, 400, "bad_request");
    let not_json = request_with_body(
        "PUT",
        &progress_path(MERN_07, 1),
        &[("authorization", &bearer(&token)), ("content-type", "text/plain")],
        "198.51.100.7",
        Body::Text("{}".into()),
    );
    assert_error(&call(&state, not_json).await, 415, "unsupported_media_type");
    let (status, headers, _) = call(&state, request("DELETE", "/api/me/batches", &[], "198.51.100.7")).await;
    assert_eq!((status, headers["allow"].to_str().unwrap()), (405, "GET, HEAD, POST"));
}

#[tokio::test]
async fn behind_the_gateway_the_authorizers_claims_name_the_student() {
    let state = state().await;
    let (secret, _) = support::grant(&state.store, MERN_07).await;
    let token = sign_in("gateway@example.pk").await.access;
    assert_eq!(link(&state, &token, MERN_07, &secret).await.0, 200);
    // No bearer token at all: only the verified claims API Gateway put in the request context.
    let req = support::as_student(request("GET", "/api/me/batches", &[], "198.51.100.7"), "gateway@example.pk");
    let (status, _, mine) = call(&state, req).await;
    assert_eq!(status, 200);
    assert_eq!(mine["batches"][0]["batch"]["_id"], MERN_07);
}

/// How the test's key server answers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keys {
    /// Its JWKS.
    Published,
    /// 500 for the discovery document.
    Failing,
    /// Holds each request until the test releases it, then answers its JWKS.
    Hanging,
}

/// A provider of the test's own: a discovery document and a JWKS, counting the fetches (one discovery request
/// each).
struct KeyServer {
    issuer: String,
    keys: Arc<std::sync::Mutex<Vec<jsonwebtoken::jwk::Jwk>>>,
    mode: Arc<std::sync::Mutex<Keys>>,
    fetches: Arc<std::sync::atomic::AtomicUsize>,
    /// A permit for each fetch that reached the server while it hangs.
    held: Arc<tokio::sync::Semaphore>,
    /// Lets held fetches go on.
    release: Arc<tokio::sync::Semaphore>,
}

impl KeyServer {
    async fn start(keys: Vec<jsonwebtoken::jwk::Jwk>) -> Self {
        use axum::{http::StatusCode, response::IntoResponse, routing::get, Json, Router};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let issuer = format!("http://{}", listener.local_addr().unwrap());
        let server = Self {
            issuer: issuer.clone(),
            keys: Arc::new(std::sync::Mutex::new(keys)),
            mode: Arc::new(std::sync::Mutex::new(Keys::Published)),
            fetches: Default::default(),
            held: Arc::new(tokio::sync::Semaphore::new(0)),
            release: Arc::new(tokio::sync::Semaphore::new(0)),
        };
        let (mode, fetches, held, release) =
            (server.mode.clone(), server.fetches.clone(), server.held.clone(), server.release.clone());
        let discovery = move || async move {
            fetches.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let now = *mode.lock().unwrap();
            if now == Keys::Failing {
                return StatusCode::INTERNAL_SERVER_ERROR.into_response();
            }
            if now == Keys::Hanging {
                held.add_permits(1);
                drop(release.acquire().await.unwrap());
            }
            Json(json!({"jwks_uri": format!("{issuer}/jwks")})).into_response()
        };
        let keys = server.keys.clone();
        let app = Router::new().route("/.well-known/openid-configuration", get(discovery)).route(
            "/jwks",
            get(move || async move {
                let keys = keys.lock().unwrap().clone();
                Json(json!({ "keys": keys }))
            }),
        );
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        server
    }

    fn answer(&self, mode: Keys) {
        *self.mode.lock().unwrap() = mode;
    }

    fn fetches(&self) -> usize {
        self.fetches.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Returns once a fetch is held at the server.
    async fn holding(&self) {
        self.held.acquire().await.unwrap().forget();
    }

    fn release(&self) {
        self.release.add_permits(1_000);
    }

    /// A token of this issuer for `sub`, signed with `pem` under key id `kid`.
    fn token(&self, sub: &str, pem: &[u8], kid: &str) -> String {
        let mut claims = claims(sub);
        claims["iss"] = json!(self.issuer);
        sign_as(&claims, pem, kid)
    }
}

fn jwk(pem: &[u8], kid: &str) -> jsonwebtoken::jwk::Jwk {
    use jsonwebtoken::{jwk::Jwk, Algorithm, EncodingKey};
    let mut jwk = Jwk::from_encoding_key(&EncodingKey::from_rsa_pem(pem).unwrap(), Algorithm::RS256).unwrap();
    jwk.common.key_id = Some(kid.into());
    jwk
}

/// What a future answers on its first poll, if it answers without waiting.
fn at_once<F: std::future::Future>(future: F) -> Option<F::Output> {
    let mut context = std::task::Context::from_waker(std::task::Waker::noop());
    match std::pin::pin!(future).poll(&mut context) {
        std::task::Poll::Ready(output) => Some(output),
        std::task::Poll::Pending => None,
    }
}

#[tokio::test]
async fn keys_are_cached_and_fetched_again_for_a_new_key_id() {
    let p = provider();
    let server = KeyServer::start(vec![jwk(&p.key, "old")]).await;
    let verifier = Verifier::new(&server.issuer, CLIENT_ID).unwrap();
    let token = |pem: &[u8], kid: &str| server.token("rotating@example.pk", pem, kid);

    for _ in 0..3 {
        assert_eq!(verifier.verify(&token(&p.key, "old")).await.unwrap().sub, "rotating@example.pk");
    }
    assert_eq!(server.fetches(), 1, "the keys are fetched once and kept");

    // An id the provider does not publish is refused, without fetching again within REFETCH_AFTER.
    let unknown = verifier.verify(&token(&p.key, "made-up")).await;
    assert!(matches!(unknown, Err(ApiError::Unauthorized(_))), "{unknown:?}");
    assert_eq!(server.fetches(), 1, "unknown key ids cannot make it fetch on every request");

    // The provider rotates: a token under the new key id makes a verifier fetch the keys again (one whose pause
    // between fetches has passed; here, none).
    let eager = Verifier::new(&server.issuer, CLIENT_ID).unwrap().refetching_after(Duration::ZERO);
    assert_eq!(eager.verify(&token(&p.key, "old")).await.unwrap().sub, "rotating@example.pk");
    server.keys.lock().unwrap().push(jwk(&p.stranger, "new"));
    assert_eq!(eager.verify(&token(&p.stranger, "new")).await.unwrap().sub, "rotating@example.pk");
    assert_eq!(server.fetches(), 3, "its first fetch, then one for the new key id");
}

#[tokio::test]
async fn a_failing_provider_is_asked_once_a_pause_however_many_key_ids_are_made_up() {
    let p = provider();
    let server = KeyServer::start(vec![jwk(&p.key, "old")]).await;
    server.answer(Keys::Failing);
    // A pause longer than the test, so that a slow machine cannot let it pass.
    let verifier = Verifier::new(&server.issuer, CLIENT_ID).unwrap().refetching_after(Duration::from_secs(3600));
    for n in 0..100 {
        let answer = verifier.verify(&server.token("flood@example.pk", &p.key, &format!("made-up-{n}"))).await;
        // The keys could not be read: the API cannot tell, and says so, rather than calling the token invalid.
        assert!(matches!(answer, Err(ApiError::Unavailable)), "{n}: {answer:?}");
    }
    assert_eq!(server.fetches(), 1, "a failed fetch starts the pause too");
}

#[tokio::test]
async fn while_a_fetch_hangs_cached_keys_verify_and_requests_needing_a_key_wait_for_that_fetch() {
    let p = provider();
    let server = KeyServer::start(vec![jwk(&p.key, "old")]).await;
    let verifier = Arc::new(
        Verifier::new(&server.issuer, CLIENT_ID)
            .unwrap()
            .refetching_after(Duration::ZERO)
            // The held fetch ends when the test releases it, never by running out of time.
            .giving_up_on_keys_after(Duration::from_secs(3600)),
    );
    assert_eq!(
        verifier.verify(&server.token("cached@example.pk", &p.key, "old")).await.unwrap().sub,
        "cached@example.pk"
    );
    assert_eq!(server.fetches(), 1);

    // The provider rotates to a new key and is slow to answer.
    server.keys.lock().unwrap().push(jwk(&p.stranger, "new"));
    server.answer(Keys::Hanging);
    let verify = |sub: &str, pem: &[u8], kid: &str| {
        let (verifier, token) = (verifier.clone(), server.token(sub, pem, kid));
        tokio::spawn(async move { verifier.verify(&token).await })
    };
    let first = verify("rotated@example.pk", &p.stranger, "new");
    server.holding().await;

    // Meanwhile: a key already cached verifies at once; requests that need a key wait for the held fetch,
    // starting no other.
    let waiting: Vec<_> = (0..5).map(|_| verify("waiting@example.pk", &p.stranger, "new")).collect();
    let made_up = verify("made-up@example.pk", &p.stranger, "other");
    for _ in 0..5 {
        let cached = at_once(verifier.verify(&server.token("cached@example.pk", &p.key, "old")));
        assert_eq!(cached.map(|student| student.unwrap().sub).as_deref(), Some("cached@example.pk"));
        tokio::task::yield_now().await;
    }
    assert!(!first.is_finished() && waiting.iter().all(|w| !w.is_finished()) && !made_up.is_finished());
    assert_eq!(server.fetches(), 2, "one fetch in flight, no other started");

    // The provider answers: the held request and every waiting one verify with the new key; a key id it does
    // not publish is refused, by the same fetch.
    server.release();
    assert_eq!(first.await.unwrap().unwrap().sub, "rotated@example.pk");
    for waiter in waiting {
        assert_eq!(waiter.await.unwrap().unwrap().sub, "waiting@example.pk");
    }
    let refused = made_up.await.unwrap();
    assert!(matches!(refused, Err(ApiError::Unauthorized(_))), "{refused:?}");
    assert_eq!(server.fetches(), 2, "the waiting requests started no fetch of their own");
}

#[tokio::test]
async fn requests_waiting_for_a_fetch_past_its_time_limit_are_answered_503() {
    let p = provider();
    let server = KeyServer::start(vec![jwk(&p.key, "old")]).await;
    server.answer(Keys::Hanging);
    let verifier =
        Arc::new(Verifier::new(&server.issuer, CLIENT_ID).unwrap().giving_up_on_keys_after(Duration::from_secs(1)));
    let verify = |sub: &str| {
        let (verifier, token) = (verifier.clone(), server.token(sub, &p.key, "old"));
        tokio::spawn(async move { verifier.verify(&token).await })
    };
    let first = verify("first@example.pk");
    server.holding().await;
    // A request arriving now waits for the fetch in flight: it is not answered at once.
    assert!(at_once(verifier.verify(&server.token("waiting@example.pk", &p.key, "old"))).is_none());
    let waiting: Vec<_> = (0..3).map(|_| verify("waiting@example.pk")).collect();
    for answer in std::iter::once(first).chain(waiting) {
        let answer = tokio::time::timeout(Duration::from_secs(60), answer).await.expect("answered").unwrap();
        assert!(matches!(answer, Err(ApiError::Unavailable)), "{answer:?}");
    }
    assert_eq!(server.fetches(), 1, "one fetch, which the others waited for");
    server.release();
}

/// A freshly started server, several signed-in requests at once (a console opening): the first fetches the
/// provider's keys, and the others wait for that fetch instead of being refused.
#[tokio::test]
async fn concurrent_first_requests_after_start_all_verify() {
    let tokens = sign_in("first.burst@example.pk").await;
    let state = state().await;
    let answers = futures::future::join_all((0..5).map(|_| get(&state, "/api/me/batches", &tokens.access))).await;
    for (status, _, body) in answers {
        assert_eq!(status, 200, "{body}");
    }
}

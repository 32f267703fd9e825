//! The real local OpenID provider (`infra/oidc/server.mjs`), started once per test binary with a
//! signing key made for the run, and a sign-in through it as the site's browser does it
//! (authorization code + PKCE, then the token endpoint). The tests also sign tokens of their own
//! with the provider's key (to test expiry, issuer and audience with a good signature) and with a
//! stranger's key (a bad signature).
#![allow(dead_code)]

use crate::support::{free_port, serve_for_life};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

pub const CLIENT_ID: &str = "academy-local";
pub const KID: &str = "test-key";
/// The account the provider makes staff (its tokens carry `cognito:groups: ["staff"]`), as
/// `ACADEMY_STAFF_EMAILS` names it.
pub const STAFF_EMAIL: &str = "staff@academy.test";
const REDIRECT: &str = "http://127.0.0.1/sign-in";

pub struct Provider {
    pub issuer: String,
    /// The provider's signing key (PEM).
    pub key: Vec<u8>,
    /// A key the provider does not know (PEM).
    pub stranger: Vec<u8>,
}

fn rsa_key(path: &PathBuf) -> Vec<u8> {
    let made = Command::new("openssl")
        .args(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out"])
        .arg(path)
        .status()
        .expect("openssl makes the test keys");
    assert!(made.success(), "openssl genpkey failed");
    std::fs::read(path).unwrap()
}

/// The provider of this test binary.
pub fn provider() -> &'static Provider {
    static PROVIDER: OnceLock<Provider> = OnceLock::new();
    PROVIDER.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("academy-oidc-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (key_file, stranger_file) = (dir.join("provider.pem"), dir.join("stranger.pem"));
        let (key, stranger) = (rsa_key(&key_file), rsa_key(&stranger_file));
        let port = free_port();
        let server = concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/oidc/server.mjs");
        let mut command = Command::new("node");
        command
            .arg(server)
            .env("OIDC_PORT", port.to_string())
            .env("OIDC_SIGNING_KEY", &key_file)
            .env("OIDC_SIGNING_KID", KID)
            .env("OIDC_CLIENT_ID", CLIENT_ID)
            .env("ACADEMY_STAFF_EMAILS", STAFF_EMAIL);
        let issuer = serve_for_life(command, port, "`make oidc-tools` installs the local provider (infra/oidc)");
        Provider { issuer, key, stranger }
    })
}

/// What the token endpoint answers.
pub struct Tokens {
    pub access: String,
    pub refresh: String,
    /// The ID token issued with them (for the site to read; never accepted by the API).
    pub id: String,
}

fn form(pairs: &[(&str, &str)]) -> String {
    form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish()
}

fn location(answer: &reqwest::Response) -> String {
    assert!(answer.status().is_redirection(), "expected a redirect, got {}", answer.status());
    answer.headers()["location"].to_str().unwrap().to_owned()
}

fn absolute(issuer: &str, location: String) -> String {
    if location.starts_with('/') {
        format!("{issuer}{location}")
    } else {
        location
    }
}

async fn token_request(issuer: &str, body: String) -> Value {
    let answer = reqwest::Client::new()
        .post(format!("{issuer}/token"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .unwrap();
    assert!(answer.status().is_success(), "token endpoint answered {}", answer.status());
    serde_json::from_slice(&answer.bytes().await.unwrap()).unwrap()
}

fn tokens(answer: Value) -> Tokens {
    Tokens {
        access: answer["access_token"].as_str().expect("an access token").to_owned(),
        refresh: answer["refresh_token"].as_str().expect("a refresh token").to_owned(),
        id: answer["id_token"].as_str().expect("an ID token").to_owned(),
    }
}

/// Signs `email` in through the provider's own pages, as a browser would.
pub async fn sign_in(email: &str) -> Tokens {
    let issuer = &provider().issuer;
    let browser =
        reqwest::Client::builder().cookie_store(true).redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let verifier = URL_SAFE_NO_PAD.encode(rand_bytes());
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    let authorize = format!(
        "{issuer}/auth?{}",
        form(&[
            ("client_id", CLIENT_ID),
            ("response_type", "code"),
            ("scope", "openid email profile"),
            ("redirect_uri", REDIRECT),
            ("code_challenge", &challenge),
            ("code_challenge_method", "S256"),
            ("state", "test-state"),
            ("nonce", "test-nonce"),
        ])
    );
    let interaction = absolute(issuer, location(&browser.get(authorize).send().await.unwrap()));
    let submitted = browser
        .post(&interaction)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form(&[("email", email)]))
        .send()
        .await
        .unwrap();
    let resume = absolute(issuer, location(&submitted));
    let back = location(&browser.get(resume).send().await.unwrap());
    assert!(back.starts_with(REDIRECT), "the provider sends the browser back to the site: {back}");
    let query = back.split_once('?').unwrap().1;
    let code = form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == "code").unwrap().1.into_owned();
    let body = form(&[
        ("grant_type", "authorization_code"),
        ("code", &code),
        ("redirect_uri", REDIRECT),
        ("client_id", CLIENT_ID),
        ("code_verifier", &verifier),
    ]);
    tokens(token_request(issuer, body).await)
}

/// New tokens for a refresh token.
pub async fn refresh(refresh_token: &str) -> Tokens {
    let body = form(&[("grant_type", "refresh_token"), ("refresh_token", refresh_token), ("client_id", CLIENT_ID)]);
    tokens(token_request(&provider().issuer, body).await)
}

fn rand_bytes() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    bytes
}

/// Claims like the provider's access tokens, for `sub`, valid for an hour.
pub fn claims(sub: &str) -> Value {
    let now = academy_core::time::now();
    json!({"sub": sub, "iss": provider().issuer, "aud": "urn:academy:api", "client_id": CLIENT_ID,
        "iat": now, "exp": now + 3600})
}

/// `claims` signed RS256 with `pem` under the provider's key id, typed as an access token (`at+jwt`), as the
/// provider's are.
pub fn sign(claims: &Value, pem: &[u8]) -> String {
    sign_as(claims, pem, KID)
}

/// `claims` signed RS256 with `pem` under key id `kid`, typed as an access token.
pub fn sign_as(claims: &Value, pem: &[u8], kid: &str) -> String {
    let mut header = Header::new(Algorithm::RS256);
    header.typ = Some("at+jwt".into());
    header.kid = Some(kid.into());
    encode(&header, claims, &EncodingKey::from_rsa_pem(pem).unwrap()).unwrap()
}

/// An unsigned token (`alg: none`) with the given claims.
pub fn unsigned(claims: &Value) -> String {
    let header = URL_SAFE_NO_PAD.encode(json!({"alg": "none", "typ": "JWT", "kid": KID}).to_string());
    format!("{header}.{}.", URL_SAFE_NO_PAD.encode(claims.to_string()))
}

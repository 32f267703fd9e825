//! Who is calling. A signed-in student's requests carry `Authorization: Bearer <access token>`
//! from the OpenID provider (Cognito in AWS, the local provider in `make dev`). The token is
//! verified here with `jsonwebtoken` against the provider's published keys (its JWKS, found
//! through the discovery document, cached, and fetched again when a token names a key id the
//! cache does not hold): the signature, RS256 only, the issuer, the expiry and the start of
//! validity (`exp`, `nbf`, and an `iat` not in the future, each with 30 s of leeway for the
//! clocks), that it was issued to our client (its `client_id`), and that it is an access token.
//! The student is the token's `sub`.
//!
//! **Access tokens only.** An ID token is signed by the same key for the same client, but it is
//! the provider telling the site who signed in, not a credential for the API. Each provider marks
//! its access tokens its own way, and a token is accepted only when it carries its provider's mark:
//! - the local provider (`oidc-provider`, `infra/oidc`) types them `at+jwt` in the JOSE header
//!   (RFC 9068) and names the client as `client_id` (its `aud` is the API, `urn:academy:api`);
//! - Cognito types neither kind, and marks them with the claim `token_use: access` (its ID tokens
//!   say `token_use: id`); the client is `client_id`, and there is no `aud`.
//!
//! A token with an ID token's shape is refused whatever else it says: a `typ` other than `at+jwt`
//! (or the generic `JWT`, which says nothing), `token_use` other than `access`, a `nonce` or an
//! `at_hash` claim, or the client named only as `aud` (no `client_id`).
//!
//! **While the provider fails.** One JWKS fetch at a time; the keys already fetched keep
//! verifying during an outage. After a fetch, failed or not, no other starts within
//! `REFETCH_AFTER`: an unknown key id within that pause is refused (401) after a good fetch and
//! answered 503 after a failed one. A request that needs a key while a fetch is in flight (every
//! signed-in request that reaches a freshly started server before its first fetch ends) waits
//! for that fetch, up to its time limit, and is answered by what it brought: it starts no other.
//!
//! Behind API Gateway's JWT authorizer (the `/api/me/*` routes in AWS) the gateway has already
//! verified the token; its claims arrive in the request context, where no client can write, and
//! are read from there.

use crate::http::error::ApiError;
use crate::http::header;
use jsonwebtoken::jwk::{Jwk, JwkSet, KeyAlgorithm, PublicKeyUse};
use jsonwebtoken::{decode, decode_header, Algorithm, DecodingKey, Validation};
use lambda_http::request::RequestContext;
use lambda_http::{Request, RequestExt};
use serde::Deserialize;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, RwLock};

/// The only signing algorithm accepted (Cognito's and the local provider's). Never `none`, never
/// an HMAC algorithm that would treat the public key as a shared secret.
const ALGORITHMS: [Algorithm; 1] = [Algorithm::RS256];
/// Clock skew tolerated on `exp`, `nbf` and `iat`.
const LEEWAY_SECONDS: u64 = 30;
/// An unknown key id fetches the JWKS again, but not within this long after the last fetch, good or failed
/// (a flood of made-up key ids costs the provider at most one fetch per period, even while it fails).
pub const REFETCH_AFTER: Duration = Duration::from_secs(10);
/// How long the provider may take to answer for its keys (the discovery document and the JWKS together).
const FETCH_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest `sub` accepted (it becomes part of a store key).
const MAX_SUBJECT_CHARS: usize = 256;

/// The identity provider's group whose members are staff (Cognito's `cognito:groups` claim; the
/// local provider gives it to the e-mails in `ACADEMY_STAFF_EMAILS`).
pub const STAFF_GROUP: &str = "staff";

/// A verified caller.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Student {
    /// The provider's stable id for the account.
    pub sub: String,
    /// The account's e-mail, lowercase, when the token carries it and the provider verified it.
    pub email: Option<String>,
    /// The provider's groups the account is in.
    pub groups: Vec<String>,
}

impl Student {
    pub fn is_staff(&self) -> bool {
        self.groups.iter().any(|g| g == STAFF_GROUP)
    }
}

/// Whether a claim says yes: `true`, or Cognito's `"true"`.
fn says_yes(value: Option<&serde_json::Value>) -> bool {
    match value {
        Some(serde_json::Value::Bool(b)) => *b,
        Some(serde_json::Value::String(s)) => s.eq_ignore_ascii_case("true"),
        _ => false,
    }
}

/// The e-mail a provider vouches for, lowercase; `None` unless verified and plausible.
fn verified_email(email: Option<&str>, verified: Option<&serde_json::Value>) -> Option<String> {
    let email = email?.trim().to_lowercase();
    let plausible =
        email.len() <= 254 && email.contains('@') && !email.chars().any(|c| c.is_control() || c.is_whitespace());
    (says_yes(verified) && plausible).then_some(email)
}

#[derive(Deserialize)]
struct Claims {
    sub: String,
    client_id: Option<String>,
    /// Cognito marks its tokens `access` or `id`.
    token_use: Option<String>,
    /// Only ID tokens carry these (the sign-in's nonce, the hash of the access token issued with it).
    nonce: Option<serde_json::Value>,
    at_hash: Option<serde_json::Value>,
    /// The local provider's access tokens carry the e-mail; Cognito's do not (the userinfo endpoint tells).
    email: Option<String>,
    email_verified: Option<serde_json::Value>,
    #[serde(rename = "cognito:groups", default)]
    groups: Vec<String>,
    /// When it was issued (a NumericDate: seconds, maybe with a fraction).
    iat: Option<f64>,
}

/// What a token's JOSE `typ` says it is.
#[derive(PartialEq, Eq)]
enum Typ {
    /// `at+jwt` (RFC 9068), with or without its `application/` prefix.
    AccessToken,
    /// None, or the generic `JWT`: the claims must tell.
    Untyped,
    /// Anything else (an ID token's, a logout token's, …).
    Other,
}

impl Typ {
    fn of(typ: Option<&str>) -> Self {
        match typ.map(str::to_ascii_lowercase).as_deref() {
            Some("at+jwt" | "application/at+jwt") => Self::AccessToken,
            None | Some("jwt") => Self::Untyped,
            Some(_) => Self::Other,
        }
    }
}

impl Claims {
    /// An access token for `client_id`, as its provider marks one: typed `at+jwt` (the local provider) or
    /// `token_use: access` (Cognito), and nothing of an ID token's shape.
    fn access_token_for(&self, typ: Option<&str>, client_id: &str) -> bool {
        let typ = Typ::of(typ);
        let token_use = self.token_use.as_deref();
        let marked = typ == Typ::AccessToken || token_use == Some("access");
        let id_token_shape = typ == Typ::Other
            || token_use.is_some_and(|token_use| token_use != "access")
            || self.nonce.is_some()
            || self.at_hash.is_some();
        marked && !id_token_shape && self.client_id.as_deref() == Some(client_id)
    }

    /// Issued later than `now` and the leeway: a clock (or a forger) ahead of ours, refused as
    /// a token not valid yet (`nbf`) is.
    fn issued_in_future(&self, now: i64) -> bool {
        self.iat.is_some_and(|iat| !iat.is_finite() || iat > (now + LEEWAY_SECONDS as i64) as f64)
    }
}

fn refused(message: &str) -> ApiError {
    ApiError::Unauthorized(message.into())
}

fn signed_out() -> ApiError {
    refused("Sign in to continue.")
}

fn invalid_token() -> ApiError {
    refused("Your sign-in is no longer valid. Please sign in again.")
}

#[derive(Default)]
struct Keys {
    set: Option<JwkSet>,
    /// When the last fetch ended, and whether it failed.
    fetched: Option<(Instant, bool)>,
    /// How many fetches have ended: a request that waited for another's fetch knows it ended.
    fetches: u64,
}

impl Keys {
    fn find(&self, kid: &str) -> Option<Jwk> {
        self.set.as_ref()?.find(kid).cloned()
    }

    /// Within the pause after the last fetch, the answer for a key id the cache does not hold: the token is
    /// not valid after a good fetch; after a failed one, nobody can tell yet.
    fn paused(&self, pause: Duration) -> Option<ApiError> {
        let (at, failed) = self.fetched?;
        (at.elapsed() < pause).then(|| if failed { ApiError::Unavailable } else { invalid_token() })
    }
}

/// Verifies access tokens of one issuer for one client.
pub struct Verifier {
    issuer: String,
    client_id: String,
    http: reqwest::Client,
    keys: RwLock<Keys>,
    /// Held while a JWKS fetch is in flight (one at a time; the requests that need a key wait for it).
    fetching: Mutex<()>,
    refetch_after: Duration,
    fetch_timeout: Duration,
    /// E-mails learnt from the userinfo endpoint, by `sub`, with when.
    emails: Mutex<std::collections::HashMap<String, (Option<String>, Instant)>>,
}

/// How long an e-mail learnt from the userinfo endpoint is used before asking again.
const EMAIL_MEMORY: Duration = Duration::from_secs(600);
/// At most this many remembered (then forgotten all at once: a Lambda container sees few accounts).
const EMAIL_MEMORY_ENTRIES: usize = 10_000;

impl Verifier {
    pub fn new(issuer: &str, client_id: &str) -> Result<Self, String> {
        let http = crate::tls::web_client().build().map_err(|e| e.to_string())?;
        Ok(Self {
            issuer: issuer.trim_end_matches('/').to_owned(),
            client_id: client_id.to_owned(),
            http,
            keys: RwLock::new(Keys::default()),
            fetching: Mutex::new(()),
            refetch_after: REFETCH_AFTER,
            fetch_timeout: FETCH_TIMEOUT,
            emails: Mutex::new(Default::default()),
        })
    }

    /// The same verifier with another pause between JWKS fetches for unknown key ids.
    pub fn refetching_after(self, pause: Duration) -> Self {
        Self { refetch_after: pause, ..self }
    }

    /// The same verifier waiting at most `timeout` for the provider's keys.
    pub fn giving_up_on_keys_after(self, timeout: Duration) -> Self {
        Self { fetch_timeout: timeout, ..self }
    }

    /// The verifier for an issuer and a client (`ACADEMY_OIDC_ISSUER`, `ACADEMY_OIDC_CLIENT_ID`),
    /// shared by the services that verify; `None` when sign-in is not set up.
    pub fn configured(issuer: Option<String>, client_id: Option<String>) -> Result<Option<Arc<Self>>, String> {
        match (issuer, client_id) {
            (Some(issuer), Some(client)) => Self::new(&issuer, &client).map(|v| Some(Arc::new(v))),
            (None, None) => Ok(None),
            _ => Err("set both ACADEMY_OIDC_ISSUER and ACADEMY_OIDC_CLIENT_ID, or neither".into()),
        }
    }

    /// The student a bearer token names, after every check.
    pub async fn verify(&self, token: &str) -> Result<Student, ApiError> {
        let head = decode_header(token).map_err(|_| invalid_token())?;
        if !ALGORITHMS.contains(&head.alg) {
            return Err(invalid_token());
        }
        let kid = head.kid.ok_or_else(invalid_token)?;
        let jwk = self.key(&kid).await?;
        // A key published for another algorithm or for encryption is not used to verify.
        let other_use = jwk.common.public_key_use.as_ref().is_some_and(|u| *u != PublicKeyUse::Signature);
        if other_use || jwk.common.key_algorithm.is_some_and(|a| a != KeyAlgorithm::RS256) {
            return Err(invalid_token());
        }
        let key = DecodingKey::from_jwk(&jwk).map_err(|_| invalid_token())?;
        let mut validation = Validation::new(head.alg);
        validation.algorithms = ALGORITHMS.to_vec();
        validation.set_issuer(&[&self.issuer]);
        validation.set_required_spec_claims(&["exp", "iss", "sub"]);
        validation.leeway = LEEWAY_SECONDS;
        validation.validate_nbf = true;
        // Checked below: an access token names the client as `client_id` (Cognito's carry no `aud`; the local
        // provider's `aud` is the API).
        validation.validate_aud = false;
        let claims = decode::<Claims>(token, &key, &validation).map_err(|_| invalid_token())?.claims;
        if !claims.access_token_for(head.typ.as_deref(), &self.client_id) || claims.issued_in_future(crate::time::now())
        {
            return Err(invalid_token());
        }
        let email = verified_email(claims.email.as_deref(), claims.email_verified.as_ref());
        Ok(Student { email, groups: claims.groups, ..student(claims.sub)? })
    }

    /// The verified e-mail of the account `token` belongs to, from the provider's userinfo endpoint
    /// (Cognito's access tokens name no e-mail), remembered per account for `EMAIL_MEMORY`.
    pub async fn email_of(&self, sub: &str, token: &str) -> Result<Option<String>, String> {
        if let Some((email, at)) = self.emails.lock().await.get(sub) {
            if at.elapsed() < EMAIL_MEMORY {
                return Ok(email.clone());
            }
        }
        #[derive(Deserialize)]
        struct Discovery {
            userinfo_endpoint: Option<String>,
        }
        #[derive(Deserialize)]
        struct UserInfo {
            sub: String,
            email: Option<String>,
            email_verified: Option<serde_json::Value>,
        }
        let lookup = async {
            let discovery: Discovery =
                self.get_json(&format!("{}/.well-known/openid-configuration", self.issuer), None).await?;
            let endpoint = discovery.userinfo_endpoint.ok_or("the provider has no userinfo endpoint")?;
            let info: UserInfo = self.get_json(&endpoint, Some(token)).await?;
            if info.sub != sub {
                return Err("the userinfo endpoint named another account".to_owned());
            }
            Ok(verified_email(info.email.as_deref(), info.email_verified.as_ref()))
        };
        let email = tokio::time::timeout(self.fetch_timeout, lookup).await.map_err(|_| "userinfo timed out")??;
        let mut emails = self.emails.lock().await;
        if emails.len() >= EMAIL_MEMORY_ENTRIES {
            emails.clear();
        }
        emails.insert(sub.to_owned(), (email.clone(), Instant::now()));
        Ok(email)
    }

    /// The key `kid`, from the cache or a fresh JWKS.
    async fn key(&self, kid: &str) -> Result<Jwk, ApiError> {
        let cached = |keys: &Keys| match keys.find(kid) {
            Some(jwk) => Some(Ok(jwk)),
            None => keys.paused(self.refetch_after).map(Err),
        };
        let seen = {
            let keys = self.keys.read().await;
            if let Some(answer) = cached(&keys) {
                return answer;
            }
            keys.fetches
        };
        // Another request's fetch may be in flight: wait for it (it ends within the same time limit).
        let Ok(_one) = tokio::time::timeout(self.fetch_timeout, self.fetching.lock()).await else {
            return Err(ApiError::Unavailable);
        };
        {
            let keys = self.keys.read().await;
            if let Some(jwk) = keys.find(kid) {
                return Ok(jwk);
            }
            // A fetch ended while this request waited, and did not bring its key: its answer is this request's.
            if keys.fetches != seen {
                let failed = keys.fetched.is_some_and(|(_, failed)| failed);
                return Err(if failed { ApiError::Unavailable } else { invalid_token() });
            }
            if let Some(refused) = keys.paused(self.refetch_after) {
                return Err(refused);
            }
        }
        let fetched = match tokio::time::timeout(self.fetch_timeout, self.fetch()).await {
            Ok(fetched) => fetched,
            Err(_) => Err(format!("no answer within {:?}", self.fetch_timeout)),
        };
        let mut keys = self.keys.write().await;
        match fetched {
            Ok(set) => {
                *keys = Keys { set: Some(set), fetched: Some((Instant::now(), false)), fetches: keys.fetches + 1 };
                keys.find(kid).ok_or_else(invalid_token)
            }
            Err(error) => {
                tracing::error!(issuer = %self.issuer, %error, "could not fetch the sign-in keys");
                // The keys fetched before stay in use.
                keys.fetched = Some((Instant::now(), true));
                keys.fetches += 1;
                Err(ApiError::Unavailable)
            }
        }
    }

    async fn fetch(&self) -> Result<JwkSet, String> {
        #[derive(Deserialize)]
        struct Discovery {
            jwks_uri: String,
        }
        let discovery: Discovery =
            self.get_json(&format!("{}/.well-known/openid-configuration", self.issuer), None).await?;
        self.get_json(&discovery.jwks_uri, None).await
    }

    async fn get_json<T: serde::de::DeserializeOwned>(&self, url: &str, bearer: Option<&str>) -> Result<T, String> {
        let mut request = self.http.get(url);
        if let Some(token) = bearer {
            request = request.bearer_auth(token);
        }
        let answer = request.send().await.map_err(|e| e.to_string())?;
        if !answer.status().is_success() {
            return Err(format!("{url} answered {}", answer.status()));
        }
        let bytes = answer.bytes().await.map_err(|e| e.to_string())?;
        serde_json::from_slice(&bytes).map_err(|e| format!("{url}: {e}"))
    }
}

fn student(sub: String) -> Result<Student, ApiError> {
    if sub.is_empty() || sub.chars().count() > MAX_SUBJECT_CHARS || sub.chars().any(char::is_control) {
        return Err(invalid_token());
    }
    Ok(Student { sub, ..Student::default() })
}

/// The caller API Gateway's JWT authorizer verified, when it ran for this request. The gateway
/// hands claims over as text: a list such as `cognito:groups` arrives as `[staff other]`.
fn gateway_caller(req: &Request) -> Option<Result<Student, ApiError>> {
    let RequestContext::ApiGatewayV2(context) = req.request_context_ref()? else { return None };
    let claims = &context.authorizer.as_ref()?.jwt.as_ref()?.claims;
    let sub = claims.get("sub")?.clone();
    let groups = claims
        .get("cognito:groups")
        .map(|list| {
            list.trim_matches(|c| c == '[' || c == ']')
                .split(|c: char| c == ',' || c.is_whitespace())
                .map(|g| g.trim_matches('"').to_owned())
                .filter(|g| !g.is_empty())
                .collect()
        })
        .unwrap_or_default();
    let verified = claims.get("email_verified").map(|v| serde_json::Value::String(v.clone()));
    let email = verified_email(claims.get("email").map(String::as_str), verified.as_ref());
    Some(student(sub).map(|s| Student { email, groups, ..s }))
}

/// The bearer token of a request, if it sends one.
pub fn bearer(req: &Request) -> Option<&str> {
    let value = header(req, "authorization")?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim()).filter(|t| !t.is_empty())
}

/// Who is signed in: the gateway's verified claims, or the bearer token verified here.
/// Sign-in that is not set up here answers as if no token had been sent.
pub async fn identify(verifier: Option<&Verifier>, req: &Request) -> Result<Student, ApiError> {
    if let Some(caller) = gateway_caller(req) {
        return caller;
    }
    let token = bearer(req).ok_or_else(signed_out)?;
    let verifier = verifier.ok_or_else(signed_out)?;
    verifier.verify(token).await
}

/// The caller's verified e-mail: from the token, else from the provider's userinfo endpoint. `None`
/// when the provider vouches for none, or cannot be asked (logged: the caller goes on without it).
pub async fn verified_email_of(verifier: Option<&Verifier>, req: &Request, caller: &Student) -> Option<String> {
    if caller.email.is_some() {
        return caller.email.clone();
    }
    let (verifier, token) = (verifier?, bearer(req)?);
    match verifier.email_of(&caller.sub, token).await {
        Ok(email) => email,
        Err(error) => {
            tracing::warn!(%error, "could not ask the provider for the caller's e-mail");
            None
        }
    }
}

/// The caller, who must be staff: 401 without a valid token, 403 for anyone outside the group.
pub async fn identify_staff(verifier: Option<&Verifier>, req: &Request) -> Result<Student, ApiError> {
    let caller = identify(verifier, req).await?;
    if !caller.is_staff() {
        return Err(ApiError::Forbidden("Staff only.".into()));
    }
    Ok(caller)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_auth(value: &str) -> Request {
        lambda_http::http::Request::builder()
            .uri("/api/me/batches")
            .header("authorization", value)
            .body(lambda_http::Body::Empty)
            .unwrap()
    }

    #[test]
    fn reads_only_bearer_tokens() {
        assert_eq!(bearer(&with_auth("Bearer abc.def.ghi")), Some("abc.def.ghi"));
        assert_eq!(bearer(&with_auth("bearer  abc ")), Some("abc"));
        assert_eq!(bearer(&with_auth("Basic abc")), None);
        assert_eq!(bearer(&with_auth("Bearer ")), None);
        assert_eq!(bearer(&with_auth("abc")), None);
    }

    #[tokio::test]
    async fn no_token_or_no_sign_in_is_401() {
        let req = lambda_http::http::Request::builder().uri("/api/me/batches").body(lambda_http::Body::Empty).unwrap();
        assert!(matches!(identify(None, &req).await, Err(ApiError::Unauthorized(_))));
        assert!(matches!(identify(None, &with_auth("Bearer x.y.z")).await, Err(ApiError::Unauthorized(_))));
    }

    #[test]
    fn subjects_are_bounded() {
        assert!(student("a".repeat(MAX_SUBJECT_CHARS)).is_ok());
        assert!(student("a".repeat(MAX_SUBJECT_CHARS + 1)).is_err());
        assert!(student(String::new()).is_err());
        assert!(student("a\nb".into()).is_err());
    }
}

//! Who is calling. A signed-in student's requests carry `Authorization: Bearer <access token>`
//! from the OpenID provider (Cognito in AWS, the local provider in `make dev`). The token is
//! verified here with `jsonwebtoken` against the provider's published keys (its JWKS, found
//! through the discovery document, cached, and fetched again when a token names a key id the
//! cache does not hold): the signature, RS256 only, the issuer, the expiry, and that it was
//! issued to our client (`aud`, or Cognito's `client_id` on access tokens). The student is the
//! token's `sub`.
//!
//! Behind API Gateway's JWT authorizer (the `/api/me/*` routes in AWS) the gateway has already
//! verified the token; its claims arrive in the request context, where no client can write, and
//! are read from there.

use crate::error::ApiError;
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
/// Clock skew tolerated on `exp` and `nbf`.
const LEEWAY_SECONDS: u64 = 30;
/// An unknown key id fetches the JWKS again, but not more often than this (a flood of made-up key ids
/// costs the provider at most one fetch per period).
pub const REFETCH_AFTER: Duration = Duration::from_secs(10);
/// How long the provider may take to answer for its keys.
const FETCH_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest `sub` accepted (it becomes part of a store key).
const MAX_SUBJECT_CHARS: usize = 256;

/// A verified caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Student {
    /// The provider's stable id for the account.
    pub sub: String,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Audience {
    One(String),
    Many(Vec<String>),
}

impl Audience {
    fn contains(&self, client_id: &str) -> bool {
        match self {
            Self::One(a) => a == client_id,
            Self::Many(all) => all.iter().any(|a| a == client_id),
        }
    }
}

#[derive(Deserialize)]
struct Claims {
    sub: String,
    aud: Option<Audience>,
    client_id: Option<String>,
    /// Cognito marks its tokens; only access tokens are accepted.
    token_use: Option<String>,
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
    fetched: Option<Instant>,
}

impl Keys {
    fn find(&self, kid: &str) -> Option<Jwk> {
        self.set.as_ref()?.find(kid).cloned()
    }
}

/// Verifies access tokens of one issuer for one client.
pub struct Verifier {
    issuer: String,
    client_id: String,
    http: reqwest::Client,
    keys: RwLock<Keys>,
    /// One JWKS fetch at a time; the others wait and read its result.
    fetching: Mutex<()>,
    refetch_after: Duration,
}

impl Verifier {
    pub fn new(issuer: &str, client_id: &str) -> Result<Self, String> {
        let http = crate::tls::web_client().timeout(FETCH_TIMEOUT).build().map_err(|e| e.to_string())?;
        Ok(Self {
            issuer: issuer.trim_end_matches('/').to_owned(),
            client_id: client_id.to_owned(),
            http,
            keys: RwLock::new(Keys::default()),
            fetching: Mutex::new(()),
            refetch_after: REFETCH_AFTER,
        })
    }

    /// The same verifier with another pause between JWKS fetches for unknown key ids.
    pub fn refetching_after(self, pause: Duration) -> Self {
        Self { refetch_after: pause, ..self }
    }

    /// `ACADEMY_OIDC_ISSUER` and `ACADEMY_OIDC_CLIENT_ID`, shared by the services that verify;
    /// `None` when sign-in is not set up.
    pub fn from_env() -> Result<Option<Arc<Self>>, String> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        match (var("ACADEMY_OIDC_ISSUER"), var("ACADEMY_OIDC_CLIENT_ID")) {
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
        // Checked below: Cognito's access tokens carry `client_id` and no `aud`.
        validation.validate_aud = false;
        let claims = decode::<Claims>(token, &key, &validation).map_err(|_| invalid_token())?.claims;
        let ours = claims.aud.is_some_and(|aud| aud.contains(&self.client_id))
            || claims.client_id.as_deref() == Some(self.client_id.as_str());
        if !ours || claims.token_use.as_deref().is_some_and(|use_| use_ != "access") {
            return Err(invalid_token());
        }
        student(claims.sub)
    }

    /// The key `kid`, from the cache or a fresh JWKS.
    async fn key(&self, kid: &str) -> Result<Jwk, ApiError> {
        if let Some(jwk) = self.keys.read().await.find(kid) {
            return Ok(jwk);
        }
        let _one = self.fetching.lock().await;
        {
            let keys = self.keys.read().await;
            if let Some(jwk) = keys.find(kid) {
                return Ok(jwk);
            }
            if keys.fetched.is_some_and(|at| at.elapsed() < self.refetch_after) {
                return Err(invalid_token());
            }
        }
        let set = self.fetch().await.map_err(|error| {
            tracing::error!(issuer = %self.issuer, %error, "could not fetch the sign-in keys");
            ApiError::Unavailable
        })?;
        let mut keys = self.keys.write().await;
        *keys = Keys { set: Some(set), fetched: Some(Instant::now()) };
        keys.find(kid).ok_or_else(invalid_token)
    }

    async fn fetch(&self) -> Result<JwkSet, String> {
        #[derive(Deserialize)]
        struct Discovery {
            jwks_uri: String,
        }
        let discovery: Discovery = self.get_json(&format!("{}/.well-known/openid-configuration", self.issuer)).await?;
        self.get_json(&discovery.jwks_uri).await
    }

    async fn get_json<T: serde::de::DeserializeOwned>(&self, url: &str) -> Result<T, String> {
        let answer = self.http.get(url).send().await.map_err(|e| e.to_string())?;
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
    Ok(Student { sub })
}

/// The claims API Gateway's JWT authorizer verified, when it ran for this request.
fn gateway_subject(req: &Request) -> Option<String> {
    let RequestContext::ApiGatewayV2(context) = req.request_context_ref()? else { return None };
    context.authorizer.as_ref()?.jwt.as_ref()?.claims.get("sub").cloned()
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
    if let Some(sub) = gateway_subject(req) {
        return student(sub);
    }
    let token = bearer(req).ok_or_else(signed_out)?;
    let verifier = verifier.ok_or_else(signed_out)?;
    verifier.verify(token).await
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

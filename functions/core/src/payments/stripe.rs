//! The Stripe REST calls the product makes, each a typed request (`Call`) turned into Stripe's
//! form encoding, sent by `reqwest` with the secret key, a pinned API version and an idempotency
//! key; and the webhook signature check (v1: HMAC-SHA256 of `"{t}.{body}"`). Eleven calls do not
//! justify a generated SDK of some hundred thousand lines (docs/decisions/0043-payments.md).
//!
//! Every request the product can build is listed by `Call::examples`, which the tests check
//! against stripe-python's parameter types (`infra/scripts/stripe_params.py`).

use hmac::{Hmac, Mac};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use sha2::Sha256;
use std::time::Duration;

/// The API version every request names: the one stripe-python 10.12 is typed for.
pub const API_VERSION: &str = "2024-06-20";
/// Stripe's address unless `ACADEMY_STRIPE_API_BASE` says otherwise (localstripe locally).
pub const DEFAULT_API_BASE: &str = "https://api.stripe.com";
/// How old (or how far ahead) a webhook's timestamp may be.
pub const SIGNATURE_TOLERANCE_SECS: i64 = 5 * 60;
/// How long one call may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(20);

/// Why a call did not give an answer.
#[derive(Debug, thiserror::Error)]
pub enum StripeError {
    /// The card was refused (402): the processor's sentence for the card holder.
    #[error("{message}")]
    Card { message: String, code: Option<String> },
    /// The request was refused (another 4xx): a defect of ours, logged.
    #[error("Stripe refused the request ({status}): {message}")]
    Refused { status: u16, message: String },
    /// Stripe could not be reached, timed out, or failed (5xx).
    #[error("Stripe could not be reached: {0}")]
    Unreachable(String),
}

/// One request: its method, path and form fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub post: bool,
    pub path: String,
    pub form: Vec<(String, String)>,
}

fn metadata(form: &mut Vec<(String, String)>, pairs: &[(&str, &str)]) {
    for (k, v) in pairs {
        form.push((format!("metadata[{k}]"), (*v).to_owned()));
    }
}

fn pair(k: &str, v: impl Into<String>) -> (String, String) {
    (k.to_owned(), v.into())
}

/// The calls, typed.
#[derive(Clone, Debug)]
pub enum Call<'a> {
    CreateCustomer {
        email: &'a str,
        name: &'a str,
        phone: Option<&'a str>,
        plan_id: &'a str,
    },
    CreateSetupIntent {
        customer: &'a str,
        plan_id: &'a str,
    },
    RetrieveSetupIntent {
        id: &'a str,
    },
    CreatePaymentIntent {
        amount: u64,
        currency: &'a str,
        customer: &'a str,
        plan_id: &'a str,
        payment_id: &'a str,
        month: u32,
    },
    /// A later month: the saved card charged without the student present.
    ChargeOffSession {
        amount: u64,
        currency: &'a str,
        customer: &'a str,
        payment_method: &'a str,
        plan_id: &'a str,
        payment_id: &'a str,
        month: u32,
    },
    SetPaymentMethod {
        intent: &'a str,
        payment_method: &'a str,
    },
    ConfirmPaymentIntent {
        intent: &'a str,
    },
    RetrievePaymentIntent {
        intent: &'a str,
    },
    RetrievePaymentMethod {
        id: &'a str,
    },
    Refund {
        intent: &'a str,
        payment_id: &'a str,
    },
}

impl Call<'_> {
    pub fn request(&self) -> Request {
        let mut form = Vec::new();
        let (post, path) = match self {
            Self::CreateCustomer { email, name, phone, plan_id } => {
                form.push(pair("email", *email));
                form.push(pair("name", *name));
                if let Some(phone) = phone {
                    form.push(pair("phone", *phone));
                }
                metadata(&mut form, &[("plan_id", plan_id)]);
                (true, "/v1/customers".to_owned())
            }
            Self::CreateSetupIntent { customer, plan_id } => {
                form.push(pair("customer", *customer));
                form.push(pair("usage", "off_session"));
                form.push(pair("payment_method_types[]", "card"));
                metadata(&mut form, &[("plan_id", plan_id)]);
                (true, "/v1/setup_intents".to_owned())
            }
            Self::RetrieveSetupIntent { id } => (false, format!("/v1/setup_intents/{id}")),
            Self::CreatePaymentIntent { amount, currency, customer, plan_id, payment_id, month } => {
                form.push(pair("amount", amount.to_string()));
                form.push(pair("currency", *currency));
                form.push(pair("customer", *customer));
                form.push(pair("payment_method_types[]", "card"));
                metadata(&mut form, &[("plan_id", plan_id), ("payment_id", payment_id), ("month", &month.to_string())]);
                (true, "/v1/payment_intents".to_owned())
            }
            Self::ChargeOffSession { amount, currency, customer, payment_method, plan_id, payment_id, month } => {
                form.push(pair("amount", amount.to_string()));
                form.push(pair("currency", *currency));
                form.push(pair("customer", *customer));
                form.push(pair("payment_method", *payment_method));
                form.push(pair("payment_method_types[]", "card"));
                form.push(pair("confirm", "true"));
                form.push(pair("off_session", "true"));
                metadata(&mut form, &[("plan_id", plan_id), ("payment_id", payment_id), ("month", &month.to_string())]);
                (true, "/v1/payment_intents".to_owned())
            }
            Self::SetPaymentMethod { intent, payment_method } => {
                form.push(pair("payment_method", *payment_method));
                (true, format!("/v1/payment_intents/{intent}"))
            }
            Self::ConfirmPaymentIntent { intent } => (true, format!("/v1/payment_intents/{intent}/confirm")),
            Self::RetrievePaymentIntent { intent } => {
                form.push(pair("expand[]", "latest_charge"));
                (false, format!("/v1/payment_intents/{intent}"))
            }
            Self::RetrievePaymentMethod { id } => (false, format!("/v1/payment_methods/{id}")),
            Self::Refund { intent, payment_id } => {
                form.push(pair("payment_intent", *intent));
                metadata(&mut form, &[("payment_id", payment_id)]);
                (true, "/v1/refunds".to_owned())
            }
        };
        Request { post, path, form }
    }

    /// One of every call, with sample values: what the tests validate against Stripe's types.
    pub fn examples() -> Vec<Call<'static>> {
        let (plan_id, payment_id) = ("0123456789abcdef01234567", "0123456789abcdef0123456789abcdef");
        vec![
            Call::CreateCustomer {
                email: "ayesha@example.com",
                name: "Ayesha Khan",
                phone: Some("+92 300 1234567"),
                plan_id,
            },
            Call::CreateSetupIntent { customer: "cus_123", plan_id },
            Call::RetrieveSetupIntent { id: "seti_123" },
            Call::CreatePaymentIntent {
                amount: 14_900,
                currency: "usd",
                customer: "cus_123",
                plan_id,
                payment_id,
                month: 1,
            },
            Call::ChargeOffSession {
                amount: 14_900,
                currency: "usd",
                customer: "cus_123",
                payment_method: "pm_123",
                plan_id,
                payment_id,
                month: 2,
            },
            Call::SetPaymentMethod { intent: "pi_123", payment_method: "pm_123" },
            Call::ConfirmPaymentIntent { intent: "pi_123" },
            Call::RetrievePaymentIntent { intent: "pi_123" },
            Call::RetrievePaymentMethod { id: "pm_123" },
            Call::Refund { intent: "pi_123", payment_id },
        ]
    }
}

/// An object Stripe answers with, as far as the product reads it.
#[derive(Clone, Debug, Deserialize)]
pub struct Customer {
    pub id: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SetupIntent {
    pub id: String,
    pub client_secret: Option<String>,
    pub status: String,
    #[serde(default)]
    pub payment_method: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct PaymentError {
    #[serde(default)]
    pub message: Option<String>,
    #[serde(default)]
    pub code: Option<String>,
}

/// A charge, expanded, or only its id.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum ChargeRef {
    Id(String),
    Charge {
        id: String,
        #[serde(default)]
        receipt_url: Option<String>,
    },
}

#[derive(Clone, Debug, Deserialize)]
pub struct PaymentIntent {
    pub id: String,
    pub amount: u64,
    pub currency: String,
    pub status: String,
    #[serde(default)]
    pub client_secret: Option<String>,
    #[serde(default)]
    pub customer: Option<String>,
    #[serde(default)]
    pub payment_method: Option<String>,
    #[serde(default)]
    pub last_payment_error: Option<PaymentError>,
    #[serde(default)]
    pub latest_charge: Option<ChargeRef>,
    #[serde(default)]
    pub metadata: std::collections::BTreeMap<String, String>,
}

impl PaymentIntent {
    pub fn receipt_url(&self) -> Option<String> {
        match &self.latest_charge {
            Some(ChargeRef::Charge { receipt_url, .. }) => receipt_url.clone(),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct Card {
    pub brand: String,
    pub last4: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct PaymentMethod {
    pub id: String,
    #[serde(default)]
    pub card: Option<Card>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Refund {
    pub id: String,
    pub status: String,
}

#[derive(Deserialize)]
struct ErrorAnswer {
    error: PaymentError,
}

/// A Stripe account: where its API is and its secret key.
pub struct Stripe {
    base: String,
    secret_key: String,
    http: reqwest::Client,
}

impl Stripe {
    pub fn new(base: Option<String>, secret_key: String) -> Result<Self, String> {
        let base = base.unwrap_or_else(|| DEFAULT_API_BASE.into()).trim_end_matches('/').to_owned();
        if !(base.starts_with("https://")
            || base.starts_with("http://127.0.0.1")
            || base.starts_with("http://localhost"))
        {
            return Err(format!("ACADEMY_STRIPE_API_BASE must be https (or a local address), not {base:?}"));
        }
        let http = crate::tls::web_client().timeout(CALL_TIMEOUT).build().map_err(|e| e.to_string())?;
        Ok(Self { base, secret_key, http })
    }

    /// Sends `call`; a POST carries `idempotency_key`, so a retry of the same step is answered,
    /// not repeated.
    pub async fn send<T: DeserializeOwned>(&self, call: &Call<'_>, idempotency_key: &str) -> Result<T, StripeError> {
        let request = call.request();
        let url = format!("{}{}", self.base, request.path);
        let builder = if request.post {
            let body = form_urlencoded::Serializer::new(String::new()).extend_pairs(&request.form).finish();
            self.http
                .post(&url)
                .header("idempotency-key", idempotency_key)
                .header("content-type", "application/x-www-form-urlencoded")
                .body(body)
        } else {
            let query = form_urlencoded::Serializer::new(String::new()).extend_pairs(&request.form).finish();
            self.http.get(if query.is_empty() { url } else { format!("{url}?{query}") })
        };
        let response = builder
            .bearer_auth(&self.secret_key)
            .header("stripe-version", API_VERSION)
            .send()
            .await
            .map_err(|e| StripeError::Unreachable(e.to_string()))?;
        let status = response.status().as_u16();
        let bytes = response.bytes().await.map_err(|e| StripeError::Unreachable(e.to_string()))?;
        if (200..300).contains(&status) {
            return serde_json::from_slice(&bytes)
                .map_err(|e| StripeError::Unreachable(format!("an answer we could not read: {e}")));
        }
        let error = serde_json::from_slice::<ErrorAnswer>(&bytes).map(|a| a.error).unwrap_or_default();
        let message = error.message.unwrap_or_else(|| format!("status {status}"));
        Err(match status {
            402 => StripeError::Card { message, code: error.code },
            400..=499 => StripeError::Refused { status, message },
            _ => StripeError::Unreachable(message),
        })
    }
}

/// Why a webhook's signature was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("The Stripe-Signature header is missing or malformed.")]
    Malformed,
    #[error("The webhook's timestamp is more than 5 minutes from now.")]
    Stale,
    #[error("The webhook's signature does not match.")]
    Mismatch,
}

/// Checks `header` (`t=…,v1=…[,v1=…]`) over `body` with `secret` at `now` (epoch seconds): one v1
/// signature must be HMAC-SHA256(secret, "{t}.{body}"), compared in constant time.
pub fn verify_signature(header: Option<&str>, body: &[u8], secret: &str, now: i64) -> Result<(), SignatureError> {
    let header = header.ok_or(SignatureError::Malformed)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", sig)) => signatures.extend(hex::decode(sig).ok()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - timestamp).abs() > SIGNATURE_TOLERANCE_SECS {
        return Err(SignatureError::Stale);
    }
    let expected = sign(timestamp, body, secret);
    let matches =
        signatures.iter().any(|sig| subtle::ConstantTimeEq::ct_eq(sig.as_slice(), expected.as_slice()).into());
    if matches {
        Ok(())
    } else {
        Err(SignatureError::Mismatch)
    }
}

/// The v1 signature of `body` at `timestamp`.
pub fn sign(timestamp: i64, body: &[u8], secret: &str) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac.finalize().into_bytes().to_vec()
}

/// A `Stripe-Signature` header for `body` (the tests' sender, and the CLI's).
pub fn signature_header(timestamp: i64, body: &[u8], secret: &str) -> String {
    format!("t={timestamp},v1={}", hex::encode(sign(timestamp, body, secret)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_is_checked_over_the_timestamp_and_the_raw_body() {
        let body = br#"{"id":"evt_1"}"#;
        let header = signature_header(1_000, body, "whsec_test");
        assert_eq!(verify_signature(Some(&header), body, "whsec_test", 1_000), Ok(()));
        assert_eq!(verify_signature(Some(&header), body, "whsec_test", 1_300), Ok(()));
        assert_eq!(verify_signature(Some(&header), body, "whsec_test", 1_301), Err(SignatureError::Stale));
        assert_eq!(verify_signature(Some(&header), body, "whsec_other", 1_000), Err(SignatureError::Mismatch));
        assert_eq!(
            verify_signature(Some(&header), br#"{"id":"evt_2"}"#, "whsec_test", 1_000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(verify_signature(None, body, "whsec_test", 1_000), Err(SignatureError::Malformed));
        assert_eq!(verify_signature(Some("t=1000"), body, "whsec_test", 1_000), Err(SignatureError::Malformed));
        assert_eq!(verify_signature(Some("v1=00"), body, "whsec_test", 1_000), Err(SignatureError::Malformed));
        // A second, rotated secret's signature beside the right one still passes.
        let both = format!("{header},v1={}", hex::encode([0u8; 32]));
        assert_eq!(verify_signature(Some(&both), body, "whsec_test", 1_000), Ok(()));
    }

    #[test]
    fn requests_are_stripes_form_encoding() {
        let call = Call::CreatePaymentIntent {
            amount: 14_900,
            currency: "usd",
            customer: "cus_1",
            plan_id: "p",
            payment_id: "q",
            month: 1,
        };
        let request = call.request();
        assert!(request.post);
        assert_eq!(request.path, "/v1/payment_intents");
        assert!(request.form.contains(&("amount".into(), "14900".into())));
        assert!(request.form.contains(&("metadata[payment_id]".into(), "q".into())));
        assert!(!Call::RetrievePaymentIntent { intent: "pi_1" }.request().post);
    }

    #[test]
    fn an_api_base_must_be_https_or_local() {
        assert!(Stripe::new(Some("http://stripe.example".into()), "sk".into()).is_err());
        assert!(Stripe::new(Some("http://127.0.0.1:8420".into()), "sk".into()).is_ok());
        assert!(Stripe::new(None, "sk".into()).is_ok());
    }
}

//! The plan form's card step: `GET /api/payments/options` (what the site offers), `POST
//! /api/payments/checkout` (a plan and its first month, keyed so a second click is answered with
//! the same payment), `POST /api/payments/{id}/confirm` (the card the browser set up is charged)
//! and `GET /api/payments/{id}` (the success page's poll: paid, and enrolled).
//!
//! The browser confirms a SetupIntent with Stripe.js (the card goes to Stripe, never here); the
//! server then charges the first month to that card and answers what happened (3-D Secure, a
//! decline, success). The payment is recorded before Stripe is called, so nothing is lost.

use super::catalog::{self, months_for, PlanKind, PlanPrice, CURRENCY};
use super::plans::{self, PaymentStore};
use super::stripe::{Call, Customer, PaymentIntent, PaymentMethod, SetupIntent, StripeError};
use super::{CardOnFile, Cards, Desk, HowToPay, Method, Payment, PaymentPlan, PaymentStatus};
use crate::domain::{Batch, Course, EnrolmentStatus};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{client_key, header, json, json_body, ok, query_value, Answer};
use crate::limits::{Admission, WindowLimit};
use crate::{ids, time};
use lambda_http::{http::StatusCode, Request};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use validator::ValidateEmail;

/// Room for a checkout's fields as JSON escapes.
pub const MAX_CHECKOUT_BODY: usize = 4 * 1024;
/// The longest first or last name.
pub const MAX_NAME_CHARS: usize = 50;
/// Checkouts per client: 20 in 10 minutes.
pub const CHECKOUTS: WindowLimit = WindowLimit { scope: "checkout", max: 20, window_secs: 10 * 60 };
/// Confirms and polls per client: a success page polls every second or two.
pub const PAYMENT_CHECKS: WindowLimit = WindowLimit { scope: "payment-check", max: 600, window_secs: 10 * 60 };

/// `GET /api/payments/options` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Options {
    /// How the card step loads Stripe.js; none when card payments are not set up.
    pub card: Option<CardStep>,
    /// Bank transfer, JazzCash and Easypaisa details, from configuration.
    pub how_to_pay: Vec<HowToPay>,
    pub plans: Vec<PlanPrice>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardStep {
    pub publishable_key: String,
    /// Stripe.js (`https://js.stripe.com/v3/`, or localstripe's stand-in locally).
    pub stripe_js: String,
}

#[utoipa::path(get, path = "/api/payments/options", tag = "payments", operation_id = "payment_options",
    responses((status = 200, description = "the plans' prices, the card step's Stripe.js, the manual methods' details", body = Options)))]
pub fn options(desk: &Desk) -> Answer {
    let card = desk
        .cards
        .as_ref()
        .map(|c| CardStep { publishable_key: c.publishable_key.clone(), stripe_js: c.stripe_js.clone() });
    Ok(ok(&Options { card, how_to_pay: desk.how_to_pay.clone(), plans: catalog::prices() }))
}

/// `POST /api/payments/checkout` body. An amount, if sent, is ignored: the catalog prices the plan.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutRequest {
    #[schema(pattern = "^[0-9a-f]{24}$")]
    pub course_id: String,
    #[schema(pattern = "^[0-9a-f]{24}$")]
    pub batch_id: String,
    pub plan: PlanKind,
    #[schema(min_length = 1, max_length = 50)]
    pub first_name: String,
    #[schema(min_length = 1, max_length = 50)]
    pub last_name: String,
    #[schema(max_length = 254)]
    pub email: String,
    #[schema(min_length = 7, max_length = 20)]
    pub phone: String,
}

/// `POST /api/payments/checkout` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutAnswer {
    pub payment_id: String,
    /// The first month's PaymentIntent's client secret (`pi_…_secret_…`): 3-D Secure confirms it.
    pub client_secret: String,
    /// The SetupIntent's client secret (`seti_…_secret_…`) the card step confirms the card with.
    pub setup_secret: String,
    /// Each month's price in cents, from the catalog.
    pub amount: u64,
    pub currency: String,
    pub months: u32,
    pub status: String,
}

/// Each checkout field's words, checked: the failing ones with their reasons.
fn checked(r: &CheckoutRequest) -> Result<(String, String, String), ApiError> {
    let mut fields = BTreeMap::new();
    let name = |field: &str, text: &str, fields: &mut BTreeMap<String, String>| {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if text.is_empty() {
            fields.insert(field.into(), "is required".into());
        } else if text.chars().count() > MAX_NAME_CHARS {
            fields.insert(field.into(), format!("must be at most {MAX_NAME_CHARS} characters"));
        }
        text
    };
    let first = name("firstName", &r.first_name, &mut fields);
    let last = name("lastName", &r.last_name, &mut fields);
    let email = r.email.trim().to_lowercase();
    if email.chars().count() > 254 || !email.validate_email() {
        fields.insert("email".into(), "must be an e-mail address".into());
    }
    let phone = r.phone.trim();
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    if !(7..=15).contains(&digits)
        || phone.chars().count() > 20
        || !phone.chars().all(|c| c.is_ascii_digit() || " +-()".contains(c))
    {
        fields.insert("phone".into(), "must be a phone number: 7 to 15 digits".into());
    }
    if !PlanKind::ALL.contains(&r.plan) {
        fields.insert("plan".into(), "must be basic, standard or premium".into());
    }
    for (field, id) in [("courseId", &r.course_id), ("batchId", &r.batch_id)] {
        if !ids::is_valid(id) {
            fields.insert(field.into(), "must be 24 lowercase hexadecimal characters".into());
        }
    }
    if fields.is_empty() {
        Ok((format!("{first} {last}"), email, phone.to_owned()))
    } else {
        Err(ApiError::Invalid { fields })
    }
}

/// The `Idempotency-Key` header: 8 to 64 of `A-Z a-z 0-9 _ -`.
fn idempotency_key(req: &Request) -> Result<&str, ApiError> {
    let key = header(req, "idempotency-key").ok_or_else(|| {
        ApiError::BadRequest("An Idempotency-Key header is required: one per checkout, sent again with a retry.".into())
    })?;
    let fine =
        (8..=64).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if !fine {
        return Err(ApiError::BadRequest("The Idempotency-Key must be 8 to 64 letters, digits, _ or -.".into()));
    }
    Ok(key)
}

async fn admit(store: &(impl PaymentStore + ?Sized), limit: &WindowLimit, req: &Request) -> Result<(), ApiError> {
    match limit.admit(store, &client_key(req), time::now()).await? {
        Admission::Refused { retry_after } => Err(ApiError::TooManyRequests { retry_after }),
        Admission::Admitted { .. } => Ok(()),
    }
}

/// Whether `batch` still takes students on `today` (`YYYY-MM-DD`): not ended, seats left.
async fn open_batch(
    store: &(impl PaymentStore + ?Sized),
    course: &Course,
    batch: &Batch,
    now: i64,
) -> Result<(), ApiError> {
    if batch.course_id != course.id {
        return Err(ApiError::Conflict(format!("{} is not a batch of {}.", batch.name, course.title)));
    }
    let today = time::date(now);
    if !batch.end_date.is_empty() && batch.end_date.as_str() < today.as_str() {
        return Err(ApiError::Conflict(format!("{} ended on {}: choose another batch.", batch.name, batch.end_date)));
    }
    if batch.seats > 0 {
        let active = store
            .list_enrolments(&batch.id)
            .await?
            .iter()
            .filter(|e| e.status_at(now) == EnrolmentStatus::Active)
            .count() as u32;
        if active.max(batch.enrolled) >= batch.seats {
            return Err(ApiError::Conflict(format!("{} is full: choose another batch.", batch.name)));
        }
    }
    Ok(())
}

fn cards(desk: &Desk) -> Result<&Cards, ApiError> {
    desk.cards.as_ref().ok_or_else(|| {
        ApiError::BadRequest(
            "Card payments are not available here. Pay by bank transfer, JazzCash or Easypaisa: see How to pay.".into(),
        )
    })
}

/// What a Stripe failure is answered as: the processor out of reach is 503 with nothing charged.
fn unreachable(error: StripeError) -> ApiError {
    tracing::error!(%error, "a Stripe call failed");
    ApiError::Unavailable
}

/// The fingerprint of what a checkout buys, so a key reused for another purchase is refused.
fn fingerprint(r: &CheckoutRequest, email: &str) -> String {
    ids::digest(&format!("{}|{}|{}|{email}", r.course_id, r.batch_id, r.plan.as_str()))
}

#[utoipa::path(post, path = "/api/payments/checkout", tag = "payments", operation_id = "payment_checkout",
    params(("Idempotency-Key" = String, Header, description = "8 to 64 of A-Z a-z 0-9 _ -: one per checkout; the same key answers the same payment")),
    request_body = CheckoutRequest,
    responses(
        (status = 201, description = "the plan and its first month, ready for the card step (the same answer for the same key)", body = CheckoutAnswer),
        (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the batch is not the course's, has ended or is full; or the key was used for another checkout", body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody),
        (status = 503, description = "the card processor could not be reached: nothing was charged", body = ErrorBody),
    ))]
pub async fn checkout(store: &(impl PaymentStore + ?Sized), desk: &Desk, req: &Request, now: i64) -> Answer {
    let key = idempotency_key(req)?.to_owned();
    let request: CheckoutRequest = json_body(req, MAX_CHECKOUT_BODY, |_| {
        "The body must be JSON: courseId, batchId, plan (basic, standard or premium), firstName, lastName, email, phone."
            .into()
    })?;
    let (name, email, phone) = checked(&request)?;
    let cards = cards(desk)?;
    admit(store, &CHECKOUTS, req).await?;
    let course = store
        .get_course(&request.course_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No course has this id.".into()))?;
    let batch =
        store.get_batch(&request.batch_id).await?.ok_or_else(|| ApiError::NotFound("No batch has this id.".into()))?;
    let print = fingerprint(&request, &email);
    let plan_id = ids::generate();
    let (plan, payment) = match store.claim_checkout(&ids::digest(&key), &plan_id).await? {
        Some(taken) => {
            let (plan, payment) = first_month(store, &taken).await?;
            if plan.fingerprint != print {
                return Err(ApiError::Conflict(
                    "This Idempotency-Key was used for another checkout: start a new one.".into(),
                ));
            }
            (plan, payment)
        }
        None => {
            open_batch(store, &course, &batch, now).await?;
            let mut plan = PaymentPlan::new(
                &course,
                &batch,
                (name, email.clone()),
                request.plan,
                (request.plan.monthly_cents(), CURRENCY.into()),
                months_for(&course.title),
                Method::Card,
                now,
            );
            plan.id = plan_id.clone();
            plan.phone = Some(phone);
            plan.fingerprint = print;
            let payment = Payment::pending(&plan, 1, now);
            // Stored before the processor is called: a checkout whose call fails is still on record.
            store.put_plan(&plan).await?;
            store.put_payment(&payment).await?;
            super::audit(
                store,
                "visitor",
                "payment.checkout",
                &payment.id,
                Some(format!("{} plan for {}", plan.plan.title(), plan.batch_name)),
            )
            .await;
            (plan, payment)
        }
    };
    let (plan, payment) = prepare(store, cards, plan, payment).await?;
    let answer = CheckoutAnswer {
        payment_id: payment.id.clone(),
        client_secret: payment.client_secret.clone().unwrap_or_default(),
        setup_secret: plan.setup_secret.clone().unwrap_or_default(),
        amount: payment.amount,
        currency: payment.currency.clone(),
        months: plan.months,
        status: status_word(&payment).into(),
    };
    Ok(json(StatusCode::CREATED, &answer))
}

/// A taken key's plan and first month; a moment's wait while the checkout that took it stores them.
async fn first_month(store: &(impl PaymentStore + ?Sized), plan_id: &str) -> Result<(PaymentPlan, Payment), ApiError> {
    for _ in 0..30 {
        if let Some(plan) = store.get_plan(plan_id).await? {
            if let Some(payment) = store.payments_of(plan_id).await?.into_iter().find(|p| p.month == 1) {
                return Ok((plan, payment));
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    Err(ApiError::Conflict("A checkout with this Idempotency-Key is still being made: try again in a moment.".into()))
}

/// Makes what the card step needs, each step once (Stripe's own idempotency keys are derived from
/// ours, so a retry after a lost answer gets the same object): the customer, a usable SetupIntent,
/// the first month's PaymentIntent.
async fn prepare(
    store: &(impl PaymentStore + ?Sized),
    cards: &Cards,
    mut plan: PaymentPlan,
    mut payment: Payment,
) -> Result<(PaymentPlan, Payment), ApiError> {
    let stripe = &cards.stripe;
    let mut changed = false;
    let customer = match plan.customer.clone() {
        Some(customer) => customer,
        None => {
            let call = Call::CreateCustomer {
                email: &plan.email,
                name: &plan.name,
                phone: plan.phone.as_deref(),
                plan_id: &plan.id,
            };
            let customer: Customer = stripe.send(&call, &format!("{}-customer", plan.id)).await.map_err(unreachable)?;
            plan.customer = Some(customer.id.clone());
            changed = true;
            customer.id
        }
    };
    if payment.status != PaymentStatus::Paid && !usable_setup(cards, &plan).await? {
        fresh_setup(cards, &mut plan, &customer).await?;
        changed = true;
    }
    if payment.intent.is_none() {
        let call = Call::CreatePaymentIntent {
            amount: payment.amount,
            currency: &payment.currency,
            customer: &customer,
            plan_id: &plan.id,
            payment_id: &payment.id,
            month: payment.month,
        };
        let intent: PaymentIntent = stripe.send(&call, &format!("{}-intent", payment.id)).await.map_err(unreachable)?;
        payment.intent = Some(intent.id);
        payment.buyer_secret = payment.buyer_secret.or_else(|| intent.client_secret.clone());
        payment.client_secret = intent.client_secret;
        store.put_payment(&payment).await?;
    }
    if changed {
        store.put_plan(&plan).await?;
    }
    Ok((plan, payment))
}

/// Whether the plan's SetupIntent can still take a card (a declined one is cancelled for good).
async fn usable_setup(cards: &Cards, plan: &PaymentPlan) -> Result<bool, ApiError> {
    let Some(id) = plan.setup_intent.as_deref() else { return Ok(false) };
    let setup: SetupIntent = cards.stripe.send(&Call::RetrieveSetupIntent { id }, "").await.map_err(unreachable)?;
    Ok(matches!(setup.status.as_str(), "requires_payment_method" | "requires_confirmation" | "requires_action"))
}

/// A new SetupIntent for `plan`'s customer.
pub async fn fresh_setup(cards: &Cards, plan: &mut PaymentPlan, customer: &str) -> Result<(), ApiError> {
    let key = format!("{}-setup-{}", plan.id, plan.setup_intent.as_deref().unwrap_or("first"));
    let call = Call::CreateSetupIntent { customer, plan_id: &plan.id };
    let setup: SetupIntent = cards.stripe.send(&call, &key).await.map_err(unreachable)?;
    plan.setup_intent = Some(setup.id);
    plan.setup_secret = setup.client_secret;
    Ok(())
}

fn status_word(payment: &Payment) -> &'static str {
    match payment.status {
        PaymentStatus::Paid => "succeeded",
        PaymentStatus::Refunded => "refunded",
        _ => "requires_payment_method",
    }
}

/// `POST /api/payments/{paymentId}/confirm` body: the checkout's client secret proves the caller is its buyer.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmRequest {
    #[schema(max_length = 200)]
    pub client_secret: String,
}

/// What the card step does next.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Confirmed {
    pub payment_id: String,
    /// `succeeded`, `processing`, `requires_action` (3-D Secure: confirm `clientSecret` with
    /// Stripe.js, then confirm here again) or `failed` (`message` says why; `setupSecret` takes another card).
    pub status: String,
    pub client_secret: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setup_secret: Option<String>,
}

/// The payment `id` names, when `secret` is its client secret (compared in constant time).
async fn owned(
    store: &(impl PaymentStore + ?Sized),
    id: &str,
    secret: &str,
) -> Result<(PaymentPlan, Payment), ApiError> {
    let unknown = || ApiError::NotFound("No payment has this id.".into());
    let plan_id = Payment::plan_of(id).ok_or_else(unknown)?;
    let payment = store.get_payment(id).await?.ok_or_else(unknown)?;
    let known = payment.buyer_secret.as_deref().or(payment.client_secret.as_deref()).unwrap_or_default();
    if known.is_empty() || !bool::from(subtle::ConstantTimeEq::ct_eq(known.as_bytes(), secret.as_bytes())) {
        return Err(unknown());
    }
    let plan = store.get_plan(plan_id).await?.ok_or_else(unknown)?;
    Ok((plan, payment))
}

#[utoipa::path(post, path = "/api/payments/{paymentId}/confirm", tag = "payments", operation_id = "payment_confirm",
    params(("paymentId" = String, Path, description = "32 lowercase hex characters")),
    request_body = ConfirmRequest,
    responses(
        (status = 200, description = "what happened: succeeded, requires_action (3-D Secure), or failed with the reason and a new setupSecret", body = Confirmed),
        (status = 400, body = ErrorBody), (status = 404, description = "no payment has this id and client secret", body = ErrorBody),
        (status = 409, description = "the card was not set up yet, or the payment was refunded", body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody), (status = 503, body = ErrorBody),
    ))]
pub async fn confirm(store: &(impl PaymentStore + ?Sized), desk: &Desk, req: &Request, id: &str, now: i64) -> Answer {
    let body: ConfirmRequest = json_body(req, 1024, |_| "The body must be JSON: clientSecret.".into())?;
    admit(store, &PAYMENT_CHECKS, req).await?;
    let cards = cards(desk)?;
    let (mut plan, payment) = owned(store, id, body.client_secret.trim()).await?;
    let answer = |status: &str, message: Option<String>, setup: Option<String>| Confirmed {
        payment_id: payment.id.clone(),
        status: status.into(),
        client_secret: payment.client_secret.clone().unwrap_or_default(),
        message,
        setup_secret: setup,
    };
    match payment.status {
        PaymentStatus::Paid => return Ok(ok(&answer("succeeded", None, None))),
        PaymentStatus::Refunded => return Err(ApiError::Conflict("This payment was refunded.".into())),
        _ => {}
    }
    let intent_id = payment.intent.clone().ok_or_else(|| ApiError::Conflict("Start the checkout again.".into()))?;
    let stripe = &cards.stripe;
    let mut intent: PaymentIntent =
        stripe.send(&Call::RetrievePaymentIntent { intent: &intent_id }, "").await.map_err(unreachable)?;
    if matches!(intent.status.as_str(), "requires_payment_method" | "requires_confirmation") {
        let setup_id =
            plan.setup_intent.clone().ok_or_else(|| ApiError::Conflict("Start the checkout again.".into()))?;
        let setup: SetupIntent =
            stripe.send(&Call::RetrieveSetupIntent { id: &setup_id }, "").await.map_err(unreachable)?;
        let card = match (setup.status.as_str(), setup.payment_method) {
            ("succeeded", Some(card)) => card,
            ("requires_payment_method" | "requires_confirmation" | "requires_action", _) => {
                // Not set up (Stripe keeps a declined SetupIntent open for another try): the same one takes a card.
                let message = Some("Your card was not accepted. Check its details, or try another card.".to_owned());
                return Ok(ok(&answer("failed", message, plan.setup_secret.clone())));
            }
            _ => {
                // Declined while being set up: that SetupIntent is spent; another card takes a new one.
                let customer = plan.customer.clone().unwrap_or_default();
                fresh_setup(cards, &mut plan, &customer).await?;
                store.put_plan(&plan).await?;
                let message = Some("Your card was declined. Try another card.".to_owned());
                return Ok(ok(&answer("failed", message, plan.setup_secret.clone())));
            }
        };
        if plan.payment_method.as_deref() != Some(card.as_str()) {
            remember_card(cards, &mut plan, &card).await;
            store.put_plan(&plan).await?;
        }
        let set = Call::SetPaymentMethod { intent: &intent_id, payment_method: &card };
        stripe.send::<PaymentIntent>(&set, &format!("{}-card-{card}", payment.id)).await.map_err(unreachable)?;
        let confirm = Call::ConfirmPaymentIntent { intent: &intent_id };
        match stripe.send::<PaymentIntent>(&confirm, &format!("{}-confirm-{card}", payment.id)).await {
            Ok(confirmed) => intent = confirmed,
            Err(StripeError::Card { message, .. }) => {
                let setup = after_failure(store, desk, cards, plan, payment.clone(), &message, now).await?;
                return Ok(ok(&answer("failed", Some(message), setup)));
            }
            Err(e) => return Err(unreachable(e)),
        }
    }
    match intent.status.as_str() {
        "succeeded" => {
            let intent = stripe
                .send::<PaymentIntent>(&Call::RetrievePaymentIntent { intent: &intent_id }, "")
                .await
                .unwrap_or(intent);
            plans::paid(store, desk, plan, payment.clone(), Some(&intent), "stripe", now).await?;
            Ok(ok(&answer("succeeded", None, None)))
        }
        "processing" => Ok(ok(&answer("processing", None, None))),
        "requires_action" => Ok(ok(&answer("requires_action", None, None))),
        _ => {
            let message = intent
                .last_payment_error
                .and_then(|e| e.message)
                .unwrap_or_else(|| "The card could not be charged. Try another card.".into());
            let setup = after_failure(store, desk, cards, plan, payment.clone(), &message, now).await?;
            Ok(ok(&answer("failed", Some(message), setup)))
        }
    }
}

/// A charge refused: the payment marked failed, and what the next card needs: a new SetupIntent,
/// and a new PaymentIntent for the month (one whose charge failed is not confirmed again: Stripe
/// would take it, localstripe does not, and a fresh one is right for both). The buyer keeps
/// proving who they are with the checkout's first client secret. The new SetupIntent's secret.
#[allow(clippy::too_many_arguments)]
async fn after_failure(
    store: &(impl PaymentStore + ?Sized),
    desk: &Desk,
    cards: &Cards,
    plan: PaymentPlan,
    payment: Payment,
    message: &str,
    now: i64,
) -> Result<Option<String>, ApiError> {
    let (mut plan, mut payment) = plans::failed(store, desk, plan, payment, message, now).await?;
    let customer = plan.customer.clone().unwrap_or_default();
    fresh_setup(cards, &mut plan, &customer).await?;
    store.put_plan(&plan).await?;
    let call = Call::CreatePaymentIntent {
        amount: payment.amount,
        currency: &payment.currency,
        customer: &customer,
        plan_id: &plan.id,
        payment_id: &payment.id,
        month: payment.month,
    };
    let retry = format!("{}-intent-after-{}", payment.id, payment.intent.as_deref().unwrap_or_default());
    let intent: PaymentIntent = cards.stripe.send(&call, &retry).await.map_err(unreachable)?;
    payment.intent = Some(intent.id);
    payment.client_secret = intent.client_secret;
    store.put_payment(&payment).await?;
    Ok(plan.setup_secret)
}

/// Notes the card `payment_method` on the plan, with its brand and last four digits when Stripe says them.
pub async fn remember_card(cards: &Cards, plan: &mut PaymentPlan, payment_method: &str) {
    plan.payment_method = Some(payment_method.to_owned());
    match cards.stripe.send::<PaymentMethod>(&Call::RetrievePaymentMethod { id: payment_method }, "").await {
        Ok(pm) => plan.card = pm.card.map(|c| CardOnFile { brand: c.brand, last4: c.last4 }),
        Err(error) => tracing::warn!(%error, "could not read the card's brand"),
    }
}

/// `GET /api/payments/{paymentId}` answer: the success page's poll.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentState {
    pub payment_id: String,
    /// `pending`, `paid`, `failed` or `refunded`.
    pub status: PaymentStatus,
    /// Whether the student is enrolled (their welcome mailed).
    pub enrolled: bool,
    pub email: String,
    pub course_title: String,
    pub batch_name: String,
    pub plan: PlanKind,
    pub amount: u64,
    pub currency: String,
    pub months: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[utoipa::path(get, path = "/api/payments/{paymentId}", tag = "payments", operation_id = "payment_state",
    params(("paymentId" = String, Path, description = "32 lowercase hex characters"),
        ("secret" = String, Query, description = "the checkout's clientSecret")),
    responses((status = 200, body = PaymentState), (status = 404, description = "no payment has this id and client secret", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn state(store: &(impl PaymentStore + ?Sized), desk: &Desk, req: &Request, id: &str, now: i64) -> Answer {
    admit(store, &PAYMENT_CHECKS, req).await?;
    let secret = query_value(req, "secret").unwrap_or_default();
    let (mut plan, mut payment) = owned(store, id, &secret).await?;
    // The webhook enrols; should it be late, the page's poll asks Stripe itself.
    if payment.status == PaymentStatus::Pending {
        if let (Some(cards), Some(intent_id)) = (desk.cards.as_ref(), payment.intent.clone()) {
            if let Ok(intent) =
                cards.stripe.send::<PaymentIntent>(&Call::RetrievePaymentIntent { intent: &intent_id }, "").await
            {
                if intent.status == "succeeded" {
                    let settled = plans::paid(store, desk, plan, payment, Some(&intent), "stripe", now).await?;
                    (plan, payment) = (settled.plan, settled.payment);
                }
            }
        }
    }
    let answer = PaymentState {
        payment_id: payment.id.clone(),
        status: payment.status,
        enrolled: plan.enrolment_id.is_some() && payment.status == PaymentStatus::Paid,
        email: plan.email.clone(),
        course_title: plan.course_title.clone(),
        batch_name: plan.batch_name.clone(),
        plan: plan.plan,
        amount: payment.amount,
        currency: payment.currency.clone(),
        months: plan.months,
        message: payment.failure.clone(),
    };
    Ok(ok(&answer))
}

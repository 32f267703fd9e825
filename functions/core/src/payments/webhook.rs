//! `POST /api/payments/stripe/webhook`: Stripe's events, signed (`Stripe-Signature`, checked over
//! the raw body within 5 minutes), each applied once (its id claimed first; a replay changes
//! nothing): a PaymentIntent succeeded pays its month (and the first enrols), one failed marks it
//! failed, a charge refunded at Stripe ends the plan.

use super::plans::{self, PaymentStore, RefundBy};
use super::stripe::{self, Call, PaymentIntent};
use super::Desk;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{header, ok, Answer};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The largest event accepted (Stripe's are a few kilobytes).
pub const MAX_EVENT_BODY: usize = 256 * 1024;

#[derive(Debug, Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Debug, Deserialize)]
struct EventData {
    object: serde_json::Value,
}

/// The webhook's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Received {
    pub received: bool,
    /// Whether this delivery changed anything (a replay, or an event about nothing of ours, does not).
    pub applied: bool,
}

#[utoipa::path(post, path = "/api/payments/stripe/webhook", tag = "payments", operation_id = "stripe_webhook",
    params(("Stripe-Signature" = String, Header, description = "t=…,v1=…: HMAC-SHA256 of the timestamp and the raw body")),
    request_body(content = String, description = "a Stripe event, as Stripe sends it", content_type = "application/json"),
    responses(
        (status = 200, description = "received (applied once per event id)", body = Received),
        (status = 400, description = "a missing or wrong signature, a timestamp over 5 minutes old, or not an event", body = ErrorBody),
        (status = 413, body = ErrorBody),
        (status = 503, description = "could not be applied now: Stripe sends it again", body = ErrorBody),
    ))]
pub async fn webhook(
    store: &(impl PaymentStore + ?Sized),
    desk: &Desk,
    req: &lambda_http::Request,
    now: i64,
) -> Answer {
    let body = req.body().as_ref();
    if body.len() > MAX_EVENT_BODY {
        return Err(ApiError::PayloadTooLarge { limit: MAX_EVENT_BODY });
    }
    // Without its secret no signature can be checked (an empty HMAC key is anyone's).
    let Some(cards) = desk.cards.as_ref().filter(|c| !c.webhook_secret.is_empty()) else {
        tracing::error!("a Stripe webhook arrived, but card payments or the webhook secret are not set up");
        return Err(ApiError::Unavailable);
    };
    stripe::verify_signature(header(req, "stripe-signature"), body, &cards.webhook_secret, now).map_err(|refused| {
        tracing::warn!(%refused, "stripe webhook refused");
        ApiError::BadRequest(refused.to_string())
    })?;
    let event: Event = serde_json::from_slice(body)
        .map_err(|_| ApiError::BadRequest("The body is not a Stripe event: id, type, data.object.".into()))?;
    if !store.claim_event(&event.id, now).await? {
        return Ok(ok(&Received { received: true, applied: false }));
    }
    match apply(store, desk, &event, now).await {
        Ok(applied) => Ok(ok(&Received { received: true, applied })),
        Err(e) if e.status().is_client_error() => {
            // Refused for good (an amount that does not match, say): kept claimed, not retried.
            tracing::error!(event = %event.id, kind = %event.kind, error = %e, "a Stripe event was not applied");
            Ok(ok(&Received { received: true, applied: false }))
        }
        Err(e) => {
            // Stripe sends it again; the claim goes so that delivery is applied.
            if let Err(error) = store.release_event(&event.id).await {
                tracing::error!(%error, event = %event.id, "could not release a failed event");
            }
            Err(e)
        }
    }
}

/// The payment a PaymentIntent's metadata names, with its plan.
async fn payment_of(
    store: &(impl PaymentStore + ?Sized),
    intent: &PaymentIntent,
) -> Result<Option<(super::PaymentPlan, super::Payment)>, ApiError> {
    let Some(id) = intent.metadata.get("payment_id") else { return Ok(None) };
    let Some(payment) = store.get_payment(id).await? else { return Ok(None) };
    if payment.intent.as_deref().is_some_and(|known| known != intent.id) {
        tracing::warn!(payment = %payment.id, intent = %intent.id, "an event's intent is not the payment's");
        return Ok(None);
    }
    let Some(plan) = store.get_plan(&payment.plan_id).await? else { return Ok(None) };
    Ok(Some((plan, payment)))
}

async fn apply(store: &(impl PaymentStore + ?Sized), desk: &Desk, event: &Event, now: i64) -> Result<bool, ApiError> {
    let object = &event.data.object;
    match event.kind.as_str() {
        "payment_intent.succeeded" | "payment_intent.payment_failed" => {
            let intent: PaymentIntent = serde_json::from_value(object.clone())
                .map_err(|_| ApiError::BadRequest("The event's object is not a PaymentIntent.".into()))?;
            let Some((plan, payment)) = payment_of(store, &intent).await? else { return Ok(false) };
            if event.kind == "payment_intent.succeeded" {
                plans::paid(store, desk, plan, payment, Some(&intent), "stripe", now).await?;
            } else {
                let reason = intent
                    .last_payment_error
                    .as_ref()
                    .and_then(|e| e.message.clone())
                    .unwrap_or_else(|| "The card could not be charged.".into());
                plans::failed(store, desk, plan, payment, &reason, now).await?;
            }
            Ok(true)
        }
        "charge.refunded" => {
            let Some(intent_id) = object.get("payment_intent").and_then(|v| v.as_str()) else { return Ok(false) };
            let Some(cards) = desk.cards.as_ref() else { return Ok(false) };
            let intent: PaymentIntent =
                cards.stripe.send(&Call::RetrievePaymentIntent { intent: intent_id }, "").await.map_err(|error| {
                    tracing::error!(%error, "could not read a refunded charge's intent");
                    ApiError::Unavailable
                })?;
            let Some((plan, payment)) = payment_of(store, &intent).await? else { return Ok(false) };
            let refund_id = object.pointer("/refunds/data/0/id").and_then(|v| v.as_str()).map(str::to_owned);
            let reason = Some("refunded at Stripe".to_owned());
            plans::refund(store, plan, payment, RefundBy::AtStripe(refund_id), reason, "stripe", now).await?;
            Ok(true)
        }
        _ => Ok(false),
    }
}

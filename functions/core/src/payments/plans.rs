//! A plan's lifecycle, in one place for every way a payment arrives (the webhook, the card step's
//! confirm, the daily job, staff's record): a month paid (enrolling on the first), a month failed,
//! a payment refunded, a plan paused and restored. Each step is written so that running it twice
//! changes nothing more than running it once.

use super::letters::{self, Letter};
use super::store::PaymentRecords;
use super::stripe::{Call, PaymentIntent, Refund, StripeError};
use super::{audit, Cards, Desk, Method, Payment, PaymentPlan, PaymentStatus, PlanStatus, REFUND_WINDOW_SECS};
use crate::domain::{Enrolment, EnrolmentStatus};
use crate::enrolment::{self, Refusal};
use crate::http::error::ApiError;
use crate::store::{AuditRecords, CatalogRecords, Counters, EnrolmentRecords, GrantRecords, StudentRecords};
use crate::time;
use chrono::{DateTime, Months, Utc};

/// Every record a plan's lifecycle touches.
pub trait PaymentStore:
    PaymentRecords + CatalogRecords + EnrolmentRecords + GrantRecords + StudentRecords + AuditRecords + Counters
{
}
impl<
        T: PaymentRecords
            + CatalogRecords
            + EnrolmentRecords
            + GrantRecords
            + StudentRecords
            + AuditRecords
            + Counters
            + ?Sized,
    > PaymentStore for T
{
}

/// When month `month` (from 1) of a plan anchored at `anchor` falls due: the same day of the
/// month, `month - 1` calendar months on (the 31st falls on a shorter month's last day).
pub fn due_at(anchor: i64, month: u32) -> i64 {
    let Some(start) = DateTime::<Utc>::from_timestamp(anchor, 0) else { return anchor };
    start.checked_add_months(Months::new(month.saturating_sub(1))).map_or(anchor, |d| d.timestamp())
}

/// The last moment a payment may be refunded without a reason: 3 days from the purchase or from
/// the course's start, whichever is later.
pub fn refundable_until(payment: &Payment, batch_start: Option<i64>) -> i64 {
    // A manual payment was made on the day staff say, whenever they recorded it.
    let paid_on = payment.paid_on.as_deref().filter(|_| payment.method != Method::Card).and_then(start_of);
    let bought = paid_on.or(payment.paid_at).unwrap_or(payment.created_at);
    bought.max(batch_start.unwrap_or(0)) + REFUND_WINDOW_SECS
}

/// A batch's start date as the first second of that day (UTC).
pub fn start_of(date: &str) -> Option<i64> {
    time::end_of_day(date).map(|end| end - 24 * 60 * 60)
}

/// What a month paid did.
pub struct Settled {
    pub plan: PaymentPlan,
    pub payment: Payment,
    /// The enrolment this payment made, with its Secret ID (shown once), when it made one.
    pub enrolled: Option<(Enrolment, String)>,
}

/// Records `payment` of `plan` paid (checked against Stripe's `intent` when a card paid it):
/// the plan's months and due date follow, a paused plan is restored, and the first month enrols
/// the student through the one enrolment path. A second call for the same payment changes nothing.
pub async fn paid(
    store: &(impl PaymentStore + ?Sized),
    desk: &Desk,
    mut plan: PaymentPlan,
    mut payment: Payment,
    intent: Option<&PaymentIntent>,
    by: &str,
    now: i64,
) -> Result<Settled, ApiError> {
    if let Some(intent) = intent {
        if intent.status != "succeeded" {
            return Err(ApiError::Conflict(format!("The card payment is {}, not succeeded.", intent.status)));
        }
        if intent.amount != payment.amount || !intent.currency.eq_ignore_ascii_case(&payment.currency) {
            let detail = format!(
                "Stripe says {} {}, the plan {} {}: not applied",
                intent.amount, intent.currency, payment.amount, payment.currency
            );
            tracing::error!(payment = %payment.id, %detail, "a card payment's amount does not match its plan");
            audit(store, by, "payment.mismatch", &payment.id, Some(detail)).await;
            return Err(ApiError::Conflict("The amount paid does not match the plan's price.".into()));
        }
    }
    if payment.status == PaymentStatus::Paid && plan.enrolment_id.is_some() {
        return Ok(Settled { plan, payment, enrolled: None });
    }
    if payment.status != PaymentStatus::Paid {
        payment.status = PaymentStatus::Paid;
        payment.paid_at = Some(now);
        payment.paid_on = payment.paid_on.or_else(|| Some(time::date(now)));
        payment.failure = None;
        if let Some(intent) = intent {
            payment.receipt_url = intent.receipt_url().or(payment.receipt_url);
        }
        store.put_payment(&payment).await?;
        audit(
            store,
            by,
            "payment.paid",
            &payment.id,
            Some(format!(
                "month {} of {}, {} by {}",
                payment.month,
                plan.months,
                super::catalog::shown(payment.amount, &payment.currency),
                payment.method.title()
            )),
        )
        .await;
    }
    let paid_months: std::collections::BTreeSet<u32> = store
        .payments_of(&plan.id)
        .await?
        .iter()
        .filter(|p| p.status == PaymentStatus::Paid)
        .map(|p| p.month)
        .collect();
    plan.months_paid = paid_months.len() as u32;
    let anchor = plan.anchor_at.unwrap_or_else(|| anchor_of(&payment, now));
    plan.anchor_at = Some(anchor);
    let was_paused = plan.status == PlanStatus::Paused || plan.paused;
    plan.overdue_since = None;
    plan.failure_mailed_month = None;
    if plan.months_paid >= plan.months {
        plan.status = PlanStatus::Completed;
        plan.next_due_at = None;
    } else {
        if plan.status != PlanStatus::Cancelled {
            plan.status = PlanStatus::Active;
        }
        plan.next_due_at = Some(due_at(anchor, plan.months_paid + 1));
    }
    let mut enrolled = None;
    if plan.enrolment_id.is_none() {
        let batch = store
            .get_batch(&plan.batch_id)
            .await?
            .ok_or_else(|| ApiError::NotFound("The plan's batch no longer exists.".into()))?;
        let student = (plan.name.clone(), plan.email.clone());
        match enrolment::enrol(store, desk.mailing.as_ref(), by, &batch, student, None, None).await {
            Ok((made, secret_id)) => {
                plan.enrolment_id = Some(made.id());
                audit(store, by, "enrolment.create", &made.id(), Some(format!("paid: {}", plan.id))).await;
                enrolled = Some((made, secret_id));
            }
            Err(Refusal::AlreadyEnrolled) => {
                plan.enrolment_id = Some(format!("{}{}", plan.batch_id, Enrolment::email_key(&plan.email)));
            }
            Err(Refusal::Failed(e)) => return Err(e),
        }
    }
    if was_paused {
        set_paused(store, &mut plan, None).await?;
    }
    store.put_plan(&plan).await?;
    Ok(Settled { plan, payment, enrolled })
}

/// The day a plan's months count from: when a card paid the first, or the day staff say the money arrived.
fn anchor_of(payment: &Payment, now: i64) -> i64 {
    match payment.method {
        Method::Card => payment.paid_at.unwrap_or(now),
        _ => payment.paid_on.as_deref().and_then(start_of).unwrap_or(now),
    }
}

/// Records `payment` failed with the processor's `reason`. A later month's failure makes the plan
/// overdue (the grace period starts at its due time) and mails the student once for that month.
pub async fn failed(
    store: &(impl PaymentStore + ?Sized),
    desk: &Desk,
    mut plan: PaymentPlan,
    mut payment: Payment,
    reason: &str,
    now: i64,
) -> Result<(PaymentPlan, Payment), ApiError> {
    if payment.status == PaymentStatus::Paid || payment.status == PaymentStatus::Refunded {
        return Ok((plan, payment));
    }
    payment.status = PaymentStatus::Failed;
    payment.failure = Some(reason.to_owned());
    store.put_payment(&payment).await?;
    audit(store, "stripe", "payment.failed", &payment.id, Some(reason.to_owned())).await;
    if payment.month > 1 {
        if matches!(plan.status, PlanStatus::Active) {
            plan.status = PlanStatus::Overdue;
        }
        let due = plan.next_due_at.unwrap_or(now);
        plan.overdue_since = plan.overdue_since.or(Some(due.min(now)));
        if let Some(mailing) = desk.mailing.as_ref().filter(|_| plan.failure_mailed_month != Some(payment.month)) {
            let mail =
                letters::letter(mailing, &plan, Letter::RenewalFailed, payment.month, &time::date(due), Some(reason));
            if letters::send(Some(mailing), mail).await {
                plan.failure_mailed_month = Some(payment.month);
            }
        }
        store.put_plan(&plan).await?;
    }
    Ok((plan, payment))
}

/// Pauses `plan`'s access (`Some(at)`) or restores it (`None`): the enrolment's grant carries the
/// pause, which the lectures and Join read.
pub async fn set_paused(
    store: &(impl PaymentStore + ?Sized),
    plan: &mut PaymentPlan,
    at: Option<i64>,
) -> Result<(), ApiError> {
    if let Some(enrolment) = store.get_enrolment(&plan.batch_id, &Enrolment::email_key(&plan.email)).await? {
        if let Some(grant) = store.find_grant(&plan.batch_id, &enrolment.secret_hash).await? {
            if grant.paused_at.is_some() != at.is_some() {
                store.pause_grant(&grant, at).await?;
            }
        }
    }
    plan.paused = at.is_some();
    if at.is_some() && plan.status != PlanStatus::Cancelled {
        plan.status = PlanStatus::Paused;
    }
    audit(store, "system", if at.is_some() { "plan.pause" } else { "plan.resume" }, &plan.id, None).await;
    Ok(())
}

/// How a refund is made.
pub enum RefundBy<'a> {
    /// Through Stripe (a card payment refunded from the console).
    Stripe(&'a Cards),
    /// Already made at Stripe (its dashboard): only recorded, with its id.
    AtStripe(Option<String>),
    /// A manual payment paid back outside the product: recorded.
    Recorded,
}

/// Refunds `payment`: the money (through Stripe for a card), the record, and the plan: no more
/// months, and the student's access ends. Outside the refund window only with a reason.
#[allow(clippy::too_many_arguments)]
pub async fn refund(
    store: &(impl PaymentStore + ?Sized),
    mut plan: PaymentPlan,
    mut payment: Payment,
    how: RefundBy<'_>,
    reason: Option<String>,
    by: &str,
    now: i64,
) -> Result<(PaymentPlan, Payment), ApiError> {
    if payment.status == PaymentStatus::Refunded {
        return Ok((plan, payment));
    }
    if payment.status != PaymentStatus::Paid {
        return Err(ApiError::Conflict("Only a paid payment can be refunded.".into()));
    }
    let batch_start = match store.get_batch(&plan.batch_id).await? {
        Some(batch) => start_of(&batch.start_date),
        None => None,
    };
    let until = refundable_until(&payment, batch_start);
    let reason = reason.map(|r| r.trim().to_owned()).filter(|r| !r.is_empty());
    if matches!(how, RefundBy::Stripe(_) | RefundBy::Recorded) && now > until && reason.is_none() {
        return Err(ApiError::Conflict(format!(
            "The 3-day refund window ended on {}: give a reason to refund anyway.",
            time::iso(until)
        )));
    }
    let refund_id = match how {
        RefundBy::Stripe(cards) => {
            let intent = payment
                .intent
                .clone()
                .ok_or_else(|| ApiError::Conflict("This payment has no card charge to refund.".into()))?;
            let call = Call::Refund { intent: &intent, payment_id: &payment.id };
            match cards.stripe.send::<Refund>(&call, &format!("refund-{}", payment.id)).await {
                Ok(refund) => Some(refund.id),
                Err(StripeError::Card { message, .. } | StripeError::Refused { message, .. }) => {
                    return Err(ApiError::Conflict(format!("Stripe refused the refund: {message}")))
                }
                Err(error @ StripeError::Unreachable(_)) => {
                    tracing::error!(%error, payment = %payment.id, "refund not made");
                    return Err(ApiError::Unavailable);
                }
            }
        }
        RefundBy::AtStripe(id) => id,
        RefundBy::Recorded => None,
    };
    payment.status = PaymentStatus::Refunded;
    payment.refunded_at = Some(now);
    payment.refund_reason = reason;
    payment.refund_id = refund_id;
    store.put_payment(&payment).await?;
    plan.status = PlanStatus::Refunded;
    plan.auto_renew = false;
    plan.next_due_at = None;
    plan.overdue_since = None;
    if let Some(enrolled) = store.get_enrolment(&plan.batch_id, &Enrolment::email_key(&plan.email)).await? {
        if enrolled.status_at(now) == EnrolmentStatus::Active {
            let revoked = enrolment::revoke(store, enrolled).await?;
            audit(store, by, "enrolment.revoke", &revoked.id(), Some(format!("refunded: {}", payment.id))).await;
        }
    }
    store.put_plan(&plan).await?;
    Ok((plan, payment))
}

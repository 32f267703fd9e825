//! The daily round over every plan (the `payments-renewals` function in AWS, a timer in `academy
//! serve`): a card plan's month that has come due is charged to the saved card; a manual plan's
//! student is reminded 3 days before a month falls due; a month unpaid past the grace period
//! pauses the plan's access until it is paid.

use super::letters::{self, Letter};
use super::plans::{self, PaymentStore};
use super::stripe::{Call, PaymentIntent, StripeError};
use super::{Cards, Desk, Method, Payment, PaymentPlan, PaymentStatus, PlanStatus};
use crate::http::error::ApiError;
use crate::time;
use serde::Serialize;

/// How long before a manual plan's due date its student is reminded.
pub const REMIND_BEFORE_SECS: i64 = 3 * 24 * 60 * 60;

/// What one round did.
#[derive(Debug, Default, PartialEq, Eq, Serialize)]
pub struct Round {
    pub charged: usize,
    pub failed: usize,
    pub reminded: usize,
    pub overdue: usize,
    pub paused: usize,
}

impl Round {
    /// What the round did, as a sentence (the function's answer, and the log's).
    pub fn sentence(&self) -> String {
        format!(
            "{} charged, {} failed, {} reminded, {} overdue, {} paused",
            self.charged, self.failed, self.reminded, self.overdue, self.paused
        )
    }
}

/// Charges `plan`'s next month to its saved card now (the round, or a student who updated their
/// card): a success pays the month, a refusal marks it failed (the plan overdue, the student mailed).
pub async fn charge_month(
    store: &(impl PaymentStore + ?Sized),
    desk: &Desk,
    cards: &Cards,
    plan: PaymentPlan,
    now: i64,
) -> Result<(PaymentPlan, PaymentStatus), ApiError> {
    let month = plan.months_paid + 1;
    let (Some(customer), Some(card)) = (plan.customer.clone(), plan.payment_method.clone()) else {
        let payment = month_payment(store, &plan, month, now).await?;
        let (plan, _) = plans::failed(store, desk, plan, payment, "No card is saved for this plan.", now).await?;
        return Ok((plan, PaymentStatus::Failed));
    };
    let mut payment = month_payment(store, &plan, month, now).await?;
    if payment.status == PaymentStatus::Paid {
        return Ok((plan, PaymentStatus::Paid));
    }
    let call = Call::ChargeOffSession {
        amount: payment.amount,
        currency: &payment.currency,
        customer: &customer,
        payment_method: &card,
        plan_id: &plan.id,
        payment_id: &payment.id,
        month,
    };
    // One charge per payment and card: the round run twice, or a card updated twice, charges once.
    match cards.stripe.send::<PaymentIntent>(&call, &format!("{}-charge-{card}", payment.id)).await {
        Ok(intent) => {
            payment.intent = Some(intent.id.clone());
            store.put_payment(&payment).await?;
            if intent.status == "succeeded" {
                let settled = plans::paid(store, desk, plan, payment, Some(&intent), "renewal", now).await?;
                Ok((settled.plan, PaymentStatus::Paid))
            } else {
                let reason = intent.last_payment_error.and_then(|e| e.message).unwrap_or_else(|| {
                    "Your bank asked to confirm the payment: update your card under Billing.".into()
                });
                let (plan, _) = plans::failed(store, desk, plan, payment, &reason, now).await?;
                Ok((plan, PaymentStatus::Failed))
            }
        }
        Err(StripeError::Card { message, .. }) => {
            let (plan, _) = plans::failed(store, desk, plan, payment, &message, now).await?;
            Ok((plan, PaymentStatus::Failed))
        }
        Err(error) => {
            tracing::error!(%error, plan = %plan.id, "a renewal could not be charged");
            Err(ApiError::Unavailable)
        }
    }
}

/// Month `month`'s payment of `plan`: the one on record, or a new one stored as pending.
async fn month_payment(
    store: &(impl PaymentStore + ?Sized),
    plan: &PaymentPlan,
    month: u32,
    now: i64,
) -> Result<Payment, ApiError> {
    let existing = store
        .payments_of(&plan.id)
        .await?
        .into_iter()
        .filter(|p| p.month == month && p.status != PaymentStatus::Refunded)
        .max_by_key(|p| p.created_at);
    if let Some(payment) = existing {
        return Ok(payment);
    }
    let payment = Payment::pending(plan, month, now);
    store.put_payment(&payment).await?;
    Ok(payment)
}

/// One round at `now`. A plan that fails is logged and the round goes on.
pub async fn run(store: &(impl PaymentStore + ?Sized), desk: &Desk, now: i64) -> Result<Round, ApiError> {
    let mut round = Round::default();
    for plan in store.all_plans().await? {
        let id = plan.id.clone();
        if let Err(error) = one(store, desk, plan, now, &mut round).await {
            tracing::error!(plan = %id, %error, "a plan's renewal round failed");
        }
    }
    Ok(round)
}

async fn one(
    store: &(impl PaymentStore + ?Sized),
    desk: &Desk,
    mut plan: PaymentPlan,
    now: i64,
    round: &mut Round,
) -> Result<(), ApiError> {
    let owed = plan.months_paid < plan.months
        && !matches!(plan.status, PlanStatus::Pending | PlanStatus::Refunded | PlanStatus::Completed);
    let Some(due) = plan.next_due_at.filter(|_| owed) else { return Ok(()) };
    let month = plan.months_paid + 1;
    // A manual plan never renews by itself (staff record each month): only a card plan's auto-renewal can be off.
    let cancelled = plan.status == PlanStatus::Cancelled || (plan.method == Method::Card && !plan.auto_renew);
    if plan.method == Method::Card && !cancelled && now >= due && plan.failure_mailed_month != Some(month) {
        let already_failed =
            store.payments_of(&plan.id).await?.iter().any(|p| p.month == month && p.status == PaymentStatus::Failed);
        // A month that failed is charged again when the student updates the card, not every day.
        if !already_failed {
            if let Some(cards) = desk.cards.as_ref() {
                let (charged, status) = charge_month(store, desk, cards, plan, now).await?;
                match status {
                    PaymentStatus::Paid => round.charged += 1,
                    _ => round.failed += 1,
                }
                plan = charged;
            }
        }
    }
    if plan.method != Method::Card
        && !cancelled
        && plan.reminded_month != Some(month)
        && now >= due - REMIND_BEFORE_SECS
        && now < due
    {
        if let Some(mailing) = desk.mailing.as_ref() {
            let mail = letters::letter(mailing, &plan, Letter::DueSoon, month, &time::date(due), None);
            if letters::send(Some(mailing), mail).await {
                plan.reminded_month = Some(month);
                store.put_plan(&plan).await?;
                round.reminded += 1;
            }
        }
    }
    if plan.months_paid + 1 == month && now >= due && plan.next_due_at == Some(due) {
        if matches!(plan.status, PlanStatus::Active) {
            plan.status = PlanStatus::Overdue;
            plan.overdue_since = Some(due);
            store.put_plan(&plan).await?;
            round.overdue += 1;
        }
        let since = plan.overdue_since.unwrap_or(due);
        // A cancelled plan's paid months end at the due date; an unpaid one's after the grace period.
        let pause_at = if cancelled { due } else { since + desk.grace_secs };
        if !plan.paused && now >= pause_at {
            plans::set_paused(store, &mut plan, Some(now)).await?;
            if !cancelled {
                if let Some(mailing) = desk.mailing.as_ref() {
                    let mail = letters::letter(mailing, &plan, Letter::Paused, month, &time::date(due), None);
                    letters::send(Some(mailing), mail).await;
                }
            }
            store.put_plan(&plan).await?;
            round.paused += 1;
        }
    }
    Ok(())
}

//! A signed-in student's billing (`/api/me/billing…`, Billing on `/lms`): their plans, found by
//! their verified e-mail, with each month's payment and receipt; cancelling auto-renewal (before
//! the course starts, that is cancelling the purchase: refunded and access ended); and a new card
//! (a SetupIntent the browser confirms, then taken into use, charging an overdue month at once).

use super::checkout::{fresh_setup, remember_card};
use super::plans::{self, PaymentStore, RefundBy};
use super::renewals::charge_month;
use super::stripe::{Call, SetupIntent};
use super::{CardOnFile, Desk, Method, Payment, PaymentPlan, PaymentStatus, PlanKind, PlanStatus};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::identity::Student;
use crate::http::{ok, Answer};
use serde::Serialize;
use utoipa::ToSchema;

/// A plan as its student sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyPlan {
    pub id: String,
    pub batch_id: String,
    pub batch_name: String,
    pub course_title: String,
    pub plan: PlanKind,
    pub amount: u64,
    pub currency: String,
    pub months: u32,
    pub months_paid: u32,
    pub method: Method,
    pub auto_renew: bool,
    pub status: PlanStatus,
    /// When the next month is charged (card, auto-renewing) or due (epoch milliseconds).
    pub next_charge_at: Option<i64>,
    pub card: Option<CardOnFile>,
}

/// One payment as its student sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyPayment {
    pub id: String,
    pub plan_id: String,
    pub batch_id: String,
    pub month: u32,
    pub amount: u64,
    pub currency: String,
    pub method: Method,
    pub status: PaymentStatus,
    /// Epoch milliseconds.
    pub paid_at: Option<i64>,
    /// Stripe's receipt of a card payment, when Stripe gives one.
    pub receipt_url: Option<String>,
    /// Our own receipt (PDF), for every payment made: `GET /api/me/billing/receipts/{id}`.
    pub receipt_pdf: String,
}

/// `GET /api/me/billing` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Billing {
    pub plans: Vec<MyPlan>,
    pub payments: Vec<MyPayment>,
}

fn my_plan(plan: &PaymentPlan) -> MyPlan {
    let next = plan.next_due_at.filter(|_| plan.owes() && (plan.auto_renew || plan.method != Method::Card));
    MyPlan {
        id: plan.id.clone(),
        batch_id: plan.batch_id.clone(),
        batch_name: plan.batch_name.clone(),
        course_title: plan.course_title.clone(),
        plan: plan.plan,
        amount: plan.amount,
        currency: plan.currency.clone(),
        months: plan.months,
        months_paid: plan.months_paid,
        method: plan.method,
        auto_renew: plan.auto_renew,
        status: plan.status,
        next_charge_at: next.map(|at| at * 1000),
        card: plan.card.clone(),
    }
}

fn email_of(student: &Student, email: Option<&str>) -> Option<String> {
    email.or(student.email.as_deref()).map(str::to_lowercase)
}

/// The student's plans: none before the first month is paid (a checkout left at the card step).
async fn plans_of(store: &(impl PaymentStore + ?Sized), email: Option<&str>) -> Result<Vec<PaymentPlan>, ApiError> {
    let Some(email) = email else { return Ok(Vec::new()) };
    Ok(store.plans_of(email).await?.into_iter().filter(|p| p.status != PlanStatus::Pending).collect())
}

#[utoipa::path(get, path = "/api/me/billing", tag = "me", operation_id = "my_billing", security(("bearer" = [])),
    responses((status = 200, description = "the student's plans and payments (by their verified e-mail)", body = Billing),
        (status = 401, body = ErrorBody)))]
pub async fn billing(store: &(impl PaymentStore + ?Sized), student: &Student, email: Option<&str>) -> Answer {
    let email = email_of(student, email);
    let plans = plans_of(store, email.as_deref()).await?;
    let mut payments = Vec::new();
    for plan in &plans {
        for p in store.payments_of(&plan.id).await? {
            if p.status == PaymentStatus::Pending {
                continue;
            }
            payments.push(MyPayment {
                receipt_pdf: format!("/api/me/billing/receipts/{}", p.id),
                id: p.id,
                plan_id: p.plan_id,
                batch_id: p.batch_id,
                month: p.month,
                amount: p.amount,
                currency: p.currency,
                method: p.method,
                status: p.status,
                paid_at: p.paid_at.map(|at| at * 1000),
                receipt_url: p.receipt_url,
            });
        }
    }
    Ok(ok(&Billing { plans: plans.iter().map(my_plan).collect(), payments }))
}

async fn mine(
    store: &(impl PaymentStore + ?Sized),
    student: &Student,
    email: Option<&str>,
    id: &str,
) -> Result<PaymentPlan, ApiError> {
    let unknown = || ApiError::NotFound("You have no plan with this id.".into());
    let email = email_of(student, email).ok_or_else(unknown)?;
    let plan = if crate::ids::is_valid(id) { store.get_plan(id).await? } else { None };
    plan.filter(|p| p.email == email && p.status != PlanStatus::Pending).ok_or_else(unknown)
}

#[utoipa::path(get, path = "/api/me/billing/receipts/{paymentId}", tag = "me", operation_id = "my_billing_receipt", security(("bearer" = [])),
    params(("paymentId" = String, Path, description = "32 lowercase hex characters")),
    responses((status = 200, description = "the payment's receipt, a PDF download", content_type = "application/pdf", body = String),
        (status = 401, body = ErrorBody), (status = 404, description = "no payment of this student's with this id, or none made", body = ErrorBody),
        (status = 503, body = ErrorBody)))]
pub async fn receipt(store: &(impl PaymentStore + ?Sized), student: &Student, email: Option<&str>, id: &str) -> Answer {
    let unknown = || ApiError::NotFound("You have no payment with this id.".into());
    let plan_id = Payment::plan_of(id).ok_or_else(unknown)?;
    // Not the student's plan is not their payment; a store failure stays one (503).
    let plan = match mine(store, student, email, plan_id).await {
        Err(ApiError::NotFound(_)) => return Err(unknown()),
        found => found?,
    };
    let payment = store.get_payment(id).await?.filter(|p| p.plan_id == plan.id).ok_or_else(unknown)?;
    if !matches!(payment.status, PaymentStatus::Paid | PaymentStatus::Refunded) {
        return Err(unknown());
    }
    let pdf = super::receipt::render(&payment, &plan).map_err(|error| {
        tracing::error!(%error, payment = %payment.id, "could not draw a receipt");
        ApiError::Unavailable
    })?;
    Ok(crate::pdf::answer(&format!("receipt-{}.pdf", payment.id), pdf))
}

#[utoipa::path(post, path = "/api/me/billing/{planId}/cancel", tag = "me", operation_id = "my_billing_cancel", security(("bearer" = [])),
    params(("planId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "auto-renewal cancelled: no more months are charged (before the course starts: refunded, access ended)", body = MyPlan),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the plan is refunded or fully paid", body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn cancel(
    store: &(impl PaymentStore + ?Sized),
    desk: &Desk,
    student: &Student,
    email: Option<&str>,
    id: &str,
    now: i64,
) -> Answer {
    let mut plan = mine(store, student, email, id).await?;
    match plan.status {
        PlanStatus::Refunded | PlanStatus::Completed => {
            return Err(ApiError::Conflict("This plan has nothing more to charge.".into()));
        }
        PlanStatus::Cancelled => return Ok(ok(&my_plan(&plan))),
        _ => {}
    }
    let starts = store.get_batch(&plan.batch_id).await?.and_then(|b| plans::start_of(&b.start_date));
    if starts.is_some_and(|start| now < start) {
        // Before the course starts a cancellation is the purchase cancelled: every month paid is refunded.
        for payment in store.payments_of(&plan.id).await? {
            if payment.status != PaymentStatus::Paid {
                continue;
            }
            let how = match (&desk.cards, payment.method) {
                (Some(cards), Method::Card) => RefundBy::Stripe(cards),
                _ => RefundBy::Recorded,
            };
            let reason = Some("cancelled before the course started".to_owned());
            (plan, _) = plans::refund(store, plan, payment, how, reason, &student.sub, now).await?;
        }
        super::audit(store, &student.sub, "plan.cancel", &plan.id, Some("before the start: refunded".into())).await;
        return Ok(ok(&my_plan(&plan)));
    }
    plan.auto_renew = false;
    plan.status = PlanStatus::Cancelled;
    store.put_plan(&plan).await?;
    super::audit(store, &student.sub, "plan.cancel", &plan.id, Some("auto-renewal cancelled".into())).await;
    Ok(ok(&my_plan(&plan)))
}

/// `POST /api/me/billing/{planId}/card` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardSetup {
    /// The SetupIntent's client secret, for Stripe.js' `confirmCardSetup`.
    pub setup_secret: String,
}

fn card_plan(plan: &PaymentPlan) -> Result<(), ApiError> {
    if plan.method != Method::Card {
        return Err(ApiError::Conflict("This plan is paid by hand, not by card.".into()));
    }
    if matches!(plan.status, PlanStatus::Refunded | PlanStatus::Completed) {
        return Err(ApiError::Conflict("This plan has nothing more to charge.".into()));
    }
    Ok(())
}

#[utoipa::path(post, path = "/api/me/billing/{planId}/card", tag = "me", operation_id = "my_billing_card_start", security(("bearer" = [])),
    params(("planId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "a SetupIntent for the new card", body = CardSetup),
        (status = 400, description = "card payments are not set up", body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn start_card(
    store: &(impl PaymentStore + ?Sized),
    desk: &Desk,
    student: &Student,
    email: Option<&str>,
    id: &str,
) -> Answer {
    let mut plan = mine(store, student, email, id).await?;
    card_plan(&plan)?;
    let cards =
        desk.cards.as_ref().ok_or_else(|| ApiError::BadRequest("Card payments are not available here.".into()))?;
    let customer = plan.customer.clone().ok_or_else(|| ApiError::Conflict("This plan has no card account.".into()))?;
    fresh_setup(cards, &mut plan, &customer).await?;
    store.put_plan(&plan).await?;
    Ok(ok(&CardSetup { setup_secret: plan.setup_secret.clone().unwrap_or_default() }))
}

#[utoipa::path(put, path = "/api/me/billing/{planId}/card", tag = "me", operation_id = "my_billing_card_use", security(("bearer" = [])),
    params(("planId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "the new card is the plan's; an overdue month was charged to it", body = MyPlan),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the card was not set up (confirm it with Stripe.js first)", body = ErrorBody),
        (status = 503, body = ErrorBody)))]
pub async fn use_card(
    store: &(impl PaymentStore + ?Sized),
    desk: &Desk,
    student: &Student,
    email: Option<&str>,
    id: &str,
    now: i64,
) -> Answer {
    let mut plan = mine(store, student, email, id).await?;
    card_plan(&plan)?;
    let cards =
        desk.cards.as_ref().ok_or_else(|| ApiError::BadRequest("Card payments are not available here.".into()))?;
    let setup_id =
        plan.setup_intent.clone().ok_or_else(|| ApiError::Conflict("Start with a new card first.".into()))?;
    let setup: SetupIntent =
        cards.stripe.send(&Call::RetrieveSetupIntent { id: &setup_id }, "").await.map_err(|error| {
            tracing::error!(%error, "could not read a SetupIntent");
            ApiError::Unavailable
        })?;
    let card = match (setup.status.as_str(), setup.payment_method) {
        ("succeeded", Some(card)) => card,
        _ => return Err(ApiError::Conflict("The new card was not set up: enter it again.".into())),
    };
    remember_card(cards, &mut plan, &card).await;
    plan.failure_mailed_month = None;
    store.put_plan(&plan).await?;
    super::audit(store, &student.sub, "plan.card", &plan.id, None).await;
    let behind = matches!(plan.status, PlanStatus::Overdue | PlanStatus::Paused)
        || plan.next_due_at.is_some_and(|due| due <= now && plan.owes());
    if behind && plan.auto_renew {
        (plan, _) = charge_month(store, desk, cards, plan, now).await?;
    }
    Ok(ok(&my_plan(&plan)))
}

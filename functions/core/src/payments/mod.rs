//! Payments: a plan bought for a batch, paid by card through Stripe or recorded by staff (bank
//! transfer, JazzCash, Easypaisa, cash), and the enrolment it buys (docs/decisions/0043-payments.md).
//!
//! - `catalog`: what each plan costs and for how many months: the server's prices, never the request's.
//! - `stripe`: the few Stripe REST calls the product makes, typed, over `reqwest`, and the webhook signature.
//! - `checkout`: the plan form's card step (checkout, confirm, the payment's status) and the options the site shows.
//! - `webhook`: Stripe's events, checked and applied once each: a paid month enrols, a refund revokes.
//! - `billing`: a student's plans on `/lms`: cancel auto-renewal, update the card.
//! - `renewals`: the daily job: later months charged, dues reminded, overdue plans paused.
//! - `letters`: what the feature mails.
//! - `receipt`: our own receipt of a month paid, a PDF.
//!
//! A plan's months are charged by the product's own schedule (`renewals`), not Stripe Billing: the
//! first month when the card is confirmed, each later one as an off-session charge of the saved
//! card. One ledger then serves card and manual plans alike.

pub mod api;
pub mod billing;
pub mod catalog;
pub mod checkout;
pub mod console;
pub mod letters;
pub mod plans;
pub mod receipt;
pub mod renewals;
pub mod store;
pub mod stripe;
pub mod webhook;

use crate::domain::AuditEntry;
use crate::enrolment::Mailing;
use crate::store::AuditRecords;
use crate::{ids, time};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::ToSchema;

pub use catalog::PlanKind;

/// How a payment was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    Card,
    Bank,
    Jazzcash,
    Easypaisa,
    Cash,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Card => "card",
            Self::Bank => "bank",
            Self::Jazzcash => "jazzcash",
            Self::Easypaisa => "easypaisa",
            Self::Cash => "cash",
        }
    }

    /// How a person names it.
    pub fn title(self) -> &'static str {
        match self {
            Self::Card => "Card",
            Self::Bank => "Bank transfer",
            Self::Jazzcash => "JazzCash",
            Self::Easypaisa => "Easypaisa",
            Self::Cash => "Cash",
        }
    }
}

/// Where a plan stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PlanStatus {
    /// Checked out, the first month not paid yet.
    Pending,
    /// Paid up to date.
    Active,
    /// A month is due and unpaid, within the grace period: access continues.
    Overdue,
    /// Past the grace period unpaid: lectures and live classes refused until it is paid.
    Paused,
    /// Auto-renewal cancelled: the months paid stay, no more are charged.
    Cancelled,
    /// Every month paid.
    Completed,
    /// Refunded: access ended.
    Refunded,
}

/// Where one month's payment stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PaymentStatus {
    Pending,
    Paid,
    Failed,
    Refunded,
}

/// The card a plan charges (what Stripe says of it: never its number).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CardOnFile {
    pub brand: String,
    pub last4: String,
}

/// A student's plan for a batch: bought at checkout (card) or when staff record a payment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentPlan {
    pub id: String,
    pub batch_id: String,
    pub course_id: String,
    pub course_title: String,
    pub batch_name: String,
    /// Lowercase: how the plan's student is matched when they sign in.
    pub email: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    pub plan: PlanKind,
    /// Each month's price in the currency's smallest unit.
    pub amount: u64,
    pub currency: String,
    pub months: u32,
    pub method: Method,
    pub status: PlanStatus,
    pub auto_renew: bool,
    pub created_at: i64,
    pub months_paid: u32,
    /// When the next month is charged (card) or due (manual); none once nothing more is owed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_due_at: Option<i64>,
    /// The moment the plan's months count from (the first month paid): month n is due n-1
    /// calendar months after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchor_at: Option<i64>,
    /// Whether access is paused for an unpaid month (the grant carries it too).
    #[serde(default)]
    pub paused: bool,
    /// When the unpaid month fell due (the grace period counts from it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overdue_since: Option<i64>,
    /// The Stripe customer and the card it charges.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_method: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<CardOnFile>,
    /// The SetupIntent the browser confirms a card with, and its client secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_intent: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_secret: Option<String>,
    /// The enrolment the first paid month made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enrolment_id: Option<String>,
    /// The month a due reminder, and a failed renewal's mail, were last sent for (once each).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminded_month: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_mailed_month: Option<u32>,
    /// What the checkout's body was, so a key reused for another checkout is refused.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fingerprint: String,
}

impl PaymentPlan {
    /// A plan not paid yet: `batch` of `course` for `email`, `months` at `amount` a month, by `method`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        course: &crate::domain::Course,
        batch: &crate::domain::Batch,
        (name, email): (String, String),
        plan: PlanKind,
        (amount, currency): (u64, String),
        months: u32,
        method: Method,
        now: i64,
    ) -> Self {
        Self {
            id: ids::generate(),
            batch_id: batch.id.clone(),
            course_id: course.id.clone(),
            course_title: course.title.clone(),
            batch_name: batch.name.clone(),
            email,
            name,
            phone: None,
            plan,
            amount,
            currency,
            months,
            method,
            status: PlanStatus::Pending,
            auto_renew: method == Method::Card,
            created_at: now,
            months_paid: 0,
            next_due_at: None,
            anchor_at: None,
            paused: false,
            overdue_since: None,
            customer: None,
            payment_method: None,
            card: None,
            setup_intent: None,
            setup_secret: None,
            enrolment_id: None,
            reminded_month: None,
            failure_mailed_month: None,
            fingerprint: String::new(),
        }
    }

    /// Whether months are still to be paid.
    pub fn owes(&self) -> bool {
        self.months_paid < self.months
            && !matches!(self.status, PlanStatus::Cancelled | PlanStatus::Refunded | PlanStatus::Completed)
    }
}

/// One month's payment of a plan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    /// Its plan's id and 8 hex characters of its own (`PAYMENT_ID_LEN`).
    pub id: String,
    pub plan_id: String,
    pub batch_id: String,
    pub email: String,
    pub name: String,
    /// Which month of the plan it pays, from 1.
    pub month: u32,
    pub amount: u64,
    pub currency: String,
    pub method: Method,
    pub status: PaymentStatus,
    pub created_at: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_at: Option<i64>,
    /// The day the money arrived (staff's record), `YYYY-MM-DD`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_on: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// The Stripe PaymentIntent and its client secret (the card step's): after a refused charge, a new one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intent: Option<String>,
    /// The first PaymentIntent's client secret, the checkout's answer: what proves the buyer to
    /// `confirm` and the success page's poll, whichever intent is current.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buyer_secret: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_secret: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receipt_url: Option<String>,
    /// Why the last attempt failed, in the card processor's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refunded_at: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refund_reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refund_id: Option<String>,
    /// Staff who recorded a manual payment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recorded_by: Option<String>,
    /// The receipt image (or PDF) staff attached to a manual payment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receipt_file: Option<AttachedReceipt>,
}

/// A receipt file attached to a payment: which upload, and what it is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AttachedReceipt {
    pub id: String,
    pub file_name: String,
    pub content_type: String,
}

/// A receipt staff upload for a manual payment (a photo of a bank slip, a wallet's screenshot, a
/// PDF), sent in parts as lecture recordings are (`crate::objects`), kept at `receipt_key`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptFile {
    pub id: String,
    pub key: String,
    pub upload_id: String,
    pub part_size: u64,
    /// The bytes declared when the upload began.
    pub size: u64,
    pub file_name: String,
    /// What its content was found to be once it arrived; none before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    pub uploaded_by: String,
    pub created_at: i64,
    /// The payment it is attached to (a receipt belongs to one payment).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_id: Option<String>,
}

/// The largest receipt: 10 MB (a phone's photo is 2 to 5).
pub const RECEIPT_MAX_BYTES: u64 = 10_000_000;
/// What a receipt may be, by its content: a PDF or an image.
pub const RECEIPT_TYPES: [&str; 5] = ["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp"];

/// Where a receipt file is kept: every receipt under one prefix of the lectures bucket.
pub fn receipt_key(id: &str) -> String {
    format!("payment-receipts/{id}")
}

/// A payment id: its plan's 24 hex characters, then 8 of its own.
pub const PAYMENT_ID_LEN: usize = ids::ID_LEN + 8;

impl Payment {
    /// Month `month` of `plan`, at its price, not paid yet (a new id).
    pub fn pending(plan: &PaymentPlan, month: u32, now: i64) -> Self {
        Self {
            id: Self::new_id(&plan.id),
            plan_id: plan.id.clone(),
            batch_id: plan.batch_id.clone(),
            email: plan.email.clone(),
            name: plan.name.clone(),
            month,
            amount: plan.amount,
            currency: plan.currency.clone(),
            method: plan.method,
            status: PaymentStatus::Pending,
            created_at: now,
            paid_at: None,
            paid_on: None,
            reference: None,
            intent: None,
            client_secret: None,
            buyer_secret: None,
            receipt_url: None,
            failure: None,
            refunded_at: None,
            refund_reason: None,
            refund_id: None,
            recorded_by: None,
            receipt_file: None,
        }
    }

    /// A new payment id for `plan_id`.
    pub fn new_id(plan_id: &str) -> String {
        format!("{plan_id}{}", &ids::generate()[..8])
    }

    /// The plan id inside a well-formed payment id.
    pub fn plan_of(id: &str) -> Option<&str> {
        let well_formed = id.len() == PAYMENT_ID_LEN && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
        well_formed.then(|| &id[..ids::ID_LEN])
    }
}

/// The card processor, when card payments are set up.
#[derive(Clone)]
pub struct Cards {
    pub stripe: Arc<stripe::Stripe>,
    /// What the browser loads the card step with.
    pub publishable_key: String,
    pub stripe_js: String,
    /// The webhook's signing secret.
    pub webhook_secret: String,
}

/// How one manual method is paid: a title and the lines the site shows ("IBAN: …").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct HowToPay {
    pub method: Method,
    pub title: String,
    pub lines: Vec<String>,
}

/// Everything the feature works with: the card processor (if any), the manual methods' details,
/// the mail, the grace period.
#[derive(Clone)]
pub struct Desk {
    pub cards: Option<Cards>,
    pub how_to_pay: Vec<HowToPay>,
    pub mailing: Option<Mailing>,
    /// How long an unpaid month leaves access before the plan is paused.
    pub grace_secs: i64,
}

/// The grace period unless `ACADEMY_PAY_GRACE_DAYS` says otherwise.
pub const GRACE_DAYS: i64 = 7;

/// The refund window from the purchase or the course's start, whichever is later (SPEC: 3 days).
pub const REFUND_WINDOW_SECS: i64 = 3 * 24 * 60 * 60;

/// The manual methods' details, from configuration: `"Label: value; Label: value"` each.
pub fn how_to_pay(bank: Option<String>, jazzcash: Option<String>, easypaisa: Option<String>) -> Vec<HowToPay> {
    [(Method::Bank, bank), (Method::Jazzcash, jazzcash), (Method::Easypaisa, easypaisa)]
        .into_iter()
        .filter_map(|(method, text)| {
            let lines: Vec<String> =
                text?.split(';').map(str::trim).filter(|l| !l.is_empty()).map(str::to_owned).collect();
            (!lines.is_empty()).then(|| HowToPay { method, title: method.title().to_owned(), lines })
        })
        .collect()
}

/// Appends what happened to the audit trail, as the card processor or the system acting.
pub async fn audit(
    store: &(impl AuditRecords + ?Sized),
    actor: &str,
    action: &str,
    target: &str,
    detail: Option<String>,
) {
    let entry = AuditEntry {
        id: ids::generate(),
        at: time::now(),
        actor_sub: actor.to_owned(),
        actor_email: None,
        action: action.to_owned(),
        target: target.to_owned(),
        outcome: "ok".to_owned(),
        detail,
    };
    if let Err(error) = store.append_audit(&entry, time::now_millis()).await {
        tracing::error!(action, target, %error, "could not write the audit trail");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payment_ids_carry_their_plan() {
        let plan = ids::generate();
        let id = Payment::new_id(&plan);
        assert_eq!(Payment::plan_of(&id), Some(plan.as_str()));
        assert_eq!(Payment::plan_of(&plan), None);
        assert_eq!(Payment::plan_of(&id.to_uppercase()), None);
    }

    #[test]
    fn how_to_pay_reads_each_method_from_its_lines() {
        let found = how_to_pay(Some("Account title: Academy; IBAN: PK00 ;".into()), None, Some(" ".into()));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].method, Method::Bank);
        assert_eq!(found[0].lines, ["Account title: Academy", "IBAN: PK00"]);
    }
}

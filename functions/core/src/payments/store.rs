//! The payments' records and their key layout over the table's `Items` (the feature keeps its own,
//! as docs/decisions/0043-payments.md says):
//! - a plan: `PAYPLAN#{planId}` / `PLAN`, on the index under `PAYPLANS` by creation (the daily job
//!   reads every plan), with a pointer `PAYER#{email}` / `PLAN#{planId}` per student;
//! - its payments in the plan's partition, `PAYMENT#{paymentId}`, on the index under `PAYMENTS`
//!   by creation (staff's list, newest first);
//! - a checkout's idempotency key: `CHECKOUT#{sha256(key)}` / `CHECKOUT`, naming its plan;
//! - a Stripe event applied: `STRIPE_EVENT#{eventId}` / `EVENT`, put only if absent;
//! - a receipt file staff uploaded: `RECEIPT#{id}` / `RECEIPT`.

use super::{Payment, PaymentPlan, ReceiptFile};
use crate::store::{item, record_of, records_of, Cursor, Order, Page, PutMode, Range, Result, Store, StoreError};
use async_trait::async_trait;

const PLAN: &str = "PLAN";
const PLANS: &str = "PAYPLANS";
const PAYMENTS: &str = "PAYMENTS";
const PAYMENT_PREFIX: &str = "PAYMENT#";
const CHECKOUT: &str = "CHECKOUT";
const EVENT: &str = "EVENT";
const RECEIPT: &str = "RECEIPT";
/// How long an applied event is remembered (Stripe retries for three days).
const EVENT_MEMORY_SECS: i64 = 30 * 24 * 60 * 60;

fn plan_pk(id: &str) -> String {
    format!("PAYPLAN#{id}")
}

fn payer_pk(email: &str) -> String {
    format!("PAYER#{email}")
}

fn payment_sk(id: &str) -> String {
    format!("{PAYMENT_PREFIX}{id}")
}

#[async_trait]
pub trait PaymentRecords: Send + Sync {
    /// Stores a plan (new or changed) and its student's pointer to it.
    async fn put_plan(&self, plan: &PaymentPlan) -> Result<()>;
    async fn get_plan(&self, id: &str) -> Result<Option<PaymentPlan>>;
    /// Every plan of a student, by e-mail (lowercase).
    async fn plans_of(&self, email: &str) -> Result<Vec<PaymentPlan>>;
    /// Every plan (the daily job's round).
    async fn all_plans(&self) -> Result<Vec<PaymentPlan>>;

    async fn put_payment(&self, payment: &Payment) -> Result<()>;
    async fn get_payment(&self, id: &str) -> Result<Option<Payment>>;
    async fn payments_of(&self, plan_id: &str) -> Result<Vec<Payment>>;
    /// Payments newest first, a page at a time.
    async fn page_payments(&self, after: Option<&Cursor>, limit: usize) -> Result<Page<Payment>>;

    /// Takes checkout key `key_hash` for `plan_id`; the plan that already holds it, if taken.
    async fn claim_checkout(&self, key_hash: &str, plan_id: &str) -> Result<Option<String>>;

    /// Notes event `id` as being applied: false when it already was (a replay).
    async fn claim_event(&self, id: &str, now: i64) -> Result<bool>;
    /// Forgets event `id` (its application failed, so Stripe's retry applies it).
    async fn release_event(&self, id: &str) -> Result<()>;

    async fn put_receipt(&self, receipt: &ReceiptFile) -> Result<()>;
    async fn get_receipt(&self, id: &str) -> Result<Option<ReceiptFile>>;
}

#[async_trait]
impl PaymentRecords for Store {
    async fn put_plan(&self, plan: &PaymentPlan) -> Result<()> {
        let mut it = item(plan_pk(&plan.id), PLAN.into(), plan)?;
        it.gsi1 = Some((PLANS.into(), format!("{:012}#{}", plan.created_at.max(0), plan.id)));
        self.items().put(it, PutMode::Upsert).await?;
        let pointer = serde_json::json!({ "planId": plan.id });
        self.items().put(item(payer_pk(&plan.email), format!("PLAN#{}", plan.id), &pointer)?, PutMode::Upsert).await
    }

    async fn get_plan(&self, id: &str) -> Result<Option<PaymentPlan>> {
        self.items().get(&plan_pk(id), PLAN, 0).await?.map(record_of).transpose()
    }

    async fn plans_of(&self, email: &str) -> Result<Vec<PaymentPlan>> {
        let mut plans = Vec::new();
        for pointer in self.items().query(&payer_pk(email), "PLAN#", 0).await? {
            let Some(id) = pointer.body.get("planId").and_then(|v| v.as_str()) else { continue };
            plans.extend(self.get_plan(id).await?);
        }
        plans.sort_by_key(|p| p.created_at);
        Ok(plans)
    }

    async fn all_plans(&self) -> Result<Vec<PaymentPlan>> {
        self.all_of(Range::Index { gsi1pk: PLANS, gsi1sk_prefix: "" }).await
    }

    async fn put_payment(&self, payment: &Payment) -> Result<()> {
        let mut it = item(plan_pk(&payment.plan_id), payment_sk(&payment.id), payment)?;
        it.gsi1 = Some((PAYMENTS.into(), format!("{:012}#{}", payment.created_at.max(0), payment.id)));
        self.items().put(it, PutMode::Upsert).await
    }

    async fn get_payment(&self, id: &str) -> Result<Option<Payment>> {
        let Some(plan_id) = Payment::plan_of(id) else { return Ok(None) };
        self.items().get(&plan_pk(plan_id), &payment_sk(id), 0).await?.map(record_of).transpose()
    }

    async fn payments_of(&self, plan_id: &str) -> Result<Vec<Payment>> {
        let mut payments: Vec<Payment> = records_of(self.items().query(&plan_pk(plan_id), PAYMENT_PREFIX, 0).await?)?;
        payments.sort_by_key(|p| (p.month, p.created_at));
        Ok(payments)
    }

    async fn page_payments(&self, after: Option<&Cursor>, limit: usize) -> Result<Page<Payment>> {
        self.page_of(Range::Index { gsi1pk: PAYMENTS, gsi1sk_prefix: "" }, Order::Descending, after, limit).await
    }

    async fn claim_checkout(&self, key_hash: &str, plan_id: &str) -> Result<Option<String>> {
        let holder = serde_json::json!({ "planId": plan_id });
        let pk = format!("CHECKOUT#{key_hash}");
        match self.items().put(item(pk.clone(), CHECKOUT.into(), &holder)?, PutMode::IfAbsent).await {
            Ok(()) => Ok(None),
            Err(StoreError::Conflict) => {
                let found = self.items().get(&pk, CHECKOUT, 0).await?;
                Ok(found.and_then(|it| it.body.get("planId").and_then(|v| v.as_str()).map(str::to_owned)))
            }
            Err(e) => Err(e),
        }
    }

    async fn claim_event(&self, id: &str, now: i64) -> Result<bool> {
        let mut it = item(format!("STRIPE_EVENT#{id}"), EVENT.into(), &serde_json::json!({ "at": now }))?;
        it.expires_at = Some(now + EVENT_MEMORY_SECS);
        match self.items().put(it, PutMode::IfAbsent).await {
            Ok(()) => Ok(true),
            Err(StoreError::Conflict) => Ok(false),
            Err(e) => Err(e),
        }
    }

    async fn release_event(&self, id: &str) -> Result<()> {
        self.items().delete(&format!("STRIPE_EVENT#{id}"), EVENT).await
    }

    async fn put_receipt(&self, receipt: &ReceiptFile) -> Result<()> {
        self.items().put(item(format!("RECEIPT#{}", receipt.id), RECEIPT.into(), receipt)?, PutMode::Upsert).await
    }

    async fn get_receipt(&self, id: &str) -> Result<Option<ReceiptFile>> {
        self.items().get(&format!("RECEIPT#{id}"), RECEIPT, 0).await?.map(record_of).transpose()
    }
}

//! Staff's payments (`/api/staff/payments…`, `/api/staff/plans/…`): every payment, card or
//! manual, filtered and as a spreadsheet; a student's ledger by month; a bank transfer, JazzCash,
//! Easypaisa or cash payment recorded (enrolling the student as a paid card does); a refund
//! within the policy's window (outside it only with a reason); a manual plan's next due date.
//! Every write is audited.

use crate::console::audit::recorded;
use crate::console::{page_limit, Actor};
use crate::domain::EnrolmentStatus;
use crate::enrolment::{Activity, EnrolmentView};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{json, json_body, ok, query_value, Answer};
use crate::objects::{checked_content_type, checked_file_name, checked_size, FileDone, FileUpload, NewFile, Objects};
use crate::payments::catalog::{months_for, PlanKind};
use crate::payments::plans::{self, refundable_until, start_of, PaymentStore, RefundBy};
use crate::payments::{
    receipt_key, AttachedReceipt, Desk, Method, Payment, PaymentPlan, PaymentStatus, PlanStatus, ReceiptFile,
    RECEIPT_MAX_BYTES, RECEIPT_TYPES,
};
use crate::{ids, time};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use lambda_http::{http::StatusCode, Request};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;
use validator::ValidateEmail;

/// The most payments the list reads through (newest first) before filtering.
pub const MAX_LISTED: usize = 10_000;

/// A payment as staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentView {
    pub id: String,
    pub plan_id: String,
    pub email: String,
    pub name: String,
    pub batch_id: String,
    pub batch_name: String,
    pub course_title: String,
    pub plan: PlanKind,
    pub month: u32,
    pub months: u32,
    pub method: Method,
    /// In the currency's smallest unit.
    pub amount: u64,
    pub currency: String,
    pub status: PaymentStatus,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub paid_on: Option<String>,
    pub reference: Option<String>,
    /// The PaymentIntent in Stripe's dashboard.
    pub stripe_url: Option<String>,
    pub receipt_url: Option<String>,
    /// The name of the receipt file staff attached (`GET /api/staff/payments/{id}/receipt` links to it).
    pub receipt_file: Option<String>,
    /// Until when it may be refunded without a reason (epoch milliseconds).
    pub refundable_until: i64,
    pub refunded_at: Option<i64>,
    pub refund_reason: Option<String>,
    pub failure: Option<String>,
}

fn view(payment: Payment, plan: Option<&PaymentPlan>, batch_start: Option<i64>) -> PaymentView {
    let until = refundable_until(&payment, batch_start);
    PaymentView {
        stripe_url: payment.intent.as_ref().map(|pi| format!("https://dashboard.stripe.com/payments/{pi}")),
        batch_name: plan.map(|p| p.batch_name.clone()).unwrap_or_default(),
        course_title: plan.map(|p| p.course_title.clone()).unwrap_or_default(),
        plan: plan.map_or(PlanKind::Custom, |p| p.plan),
        months: plan.map_or(0, |p| p.months),
        refundable_until: until * 1000,
        created_at: payment.created_at * 1000,
        refunded_at: payment.refunded_at.map(|at| at * 1000),
        id: payment.id,
        plan_id: payment.plan_id,
        email: payment.email,
        name: payment.name,
        batch_id: payment.batch_id,
        month: payment.month,
        method: payment.method,
        amount: payment.amount,
        currency: payment.currency,
        status: payment.status,
        paid_on: payment.paid_on,
        reference: payment.reference,
        receipt_url: payment.receipt_url,
        receipt_file: payment.receipt_file.map(|r| r.file_name),
        refund_reason: payment.refund_reason,
        failure: payment.failure,
    }
}

/// The batches' start days, by batch id.
async fn starts(store: &(impl PaymentStore + ?Sized)) -> Result<HashMap<String, i64>, ApiError> {
    Ok(store.list_batches().await?.into_iter().filter_map(|b| Some((b.id.clone(), start_of(&b.start_date)?))).collect())
}

/// `GET /api/staff/payments` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentPage {
    pub items: Vec<PaymentView>,
    pub next_cursor: Option<String>,
}

/// The filters of the list and its spreadsheet: each checked.
struct Filters {
    status: Option<PaymentStatus>,
    method: Option<Method>,
    batch: Option<String>,
    q: Option<String>,
}

fn filters(req: &Request) -> Result<Filters, ApiError> {
    // Each value is checked, an empty one too (`?method=` is a mistake, not an absence); an empty search is none.
    let word = |name: &str| query_value(req, name);
    let status = match word("status").as_deref() {
        None => None,
        Some("pending") => Some(PaymentStatus::Pending),
        Some("paid") => Some(PaymentStatus::Paid),
        Some("failed") => Some(PaymentStatus::Failed),
        Some("refunded") => Some(PaymentStatus::Refunded),
        Some(_) => return Err(ApiError::BadRequest("status must be pending, paid, failed or refunded.".into())),
    };
    let method =
        match word("method") {
            None => None,
            Some(m) => Some(method_of(&m).ok_or_else(|| {
                ApiError::BadRequest("method must be card, bank, jazzcash, easypaisa or cash.".into())
            })?),
        };
    let batch = word("batch");
    if batch.as_deref().is_some_and(|b| !ids::is_valid(b)) {
        return Err(ApiError::invalid_id("batch"));
    }
    let q = word("q").filter(|q| !q.is_empty()).map(|q| q.to_lowercase());
    if q.as_deref().is_some_and(|q| q.chars().count() > 100) {
        return Err(ApiError::BadRequest("The search must be at most 100 characters.".into()));
    }
    Ok(Filters { status, method, batch, q })
}

fn method_of(text: &str) -> Option<Method> {
    [Method::Card, Method::Bank, Method::Jazzcash, Method::Easypaisa, Method::Cash]
        .into_iter()
        .find(|m| m.as_str() == text)
}

impl Filters {
    fn keeps(&self, p: &Payment) -> bool {
        self.status.is_none_or(|s| p.status == s)
            && self.method.is_none_or(|m| p.method == m)
            && self.batch.as_deref().is_none_or(|b| p.batch_id == b)
            && self.q.as_deref().is_none_or(|q| {
                p.email.contains(q)
                    || p.name.to_lowercase().contains(q)
                    || p.reference.as_deref().is_some_and(|r| r.to_lowercase().contains(q))
                    || p.id == q
            })
    }
}

/// Every payment the filters keep, newest first, with the plans they belong to.
async fn filtered(
    store: &(impl PaymentStore + ?Sized),
    filters: &Filters,
) -> Result<(Vec<Payment>, HashMap<String, PaymentPlan>), ApiError> {
    let (mut kept, mut after) = (Vec::new(), None);
    let mut read = 0;
    loop {
        let (page, next) = store.page_payments(after.as_ref(), 500).await?.into_parts();
        read += page.len();
        kept.extend(page.into_iter().filter(|p| filters.keeps(p)));
        match next {
            Some(cursor) if read < MAX_LISTED => after = Some(cursor),
            _ => break,
        }
    }
    let mut plans = HashMap::new();
    for p in &kept {
        if !plans.contains_key(&p.plan_id) {
            if let Some(plan) = store.get_plan(&p.plan_id).await? {
                plans.insert(p.plan_id.clone(), plan);
            }
        }
    }
    Ok((kept, plans))
}

#[utoipa::path(get, path = "/api/staff/payments", tag = "staff", operation_id = "staff_payments", security(("bearer" = [])),
    params(
        ("status" = Option<PaymentStatus>, Query, description = "pending, paid, failed or refunded"),
        ("method" = Option<Method>, Query, description = "card, bank, jazzcash, easypaisa or cash"),
        ("batch" = Option<String>, Query, description = "a batch id", pattern = "^[0-9a-f]{24}$"),
        ("q" = Option<String>, Query, description = "part of the e-mail, the name or the reference", max_length = 100),
        ("cursor" = Option<String>, Query, description = "the last page's nextCursor"),
        ("limit" = Option<usize>, Query, description = "rows per page, 1 to 100 (25)"),
    ),
    responses((status = 200, body = PaymentPage), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list(store: &(impl PaymentStore + ?Sized), req: &Request) -> Answer {
    let filters = filters(req)?;
    let limit = page_limit(req)?;
    // A cursor not of a cursor's form is 400 (`super::cursor`'s rule); of its form but not this list's, 404.
    if let Some(text) = query_value(req, "cursor") {
        let formed = !text.is_empty()
            && text.len() <= 1024
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !formed {
            return Err(ApiError::BadRequest("The cursor must be a nextCursor this list gave.".into()));
        }
    }
    let from = match query_value(req, "cursor") {
        None => 0,
        Some(text) => URL_SAFE_NO_PAD
            .decode(text.as_bytes())
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
            .and_then(|t| t.strip_prefix("at:").and_then(|n| n.parse::<usize>().ok()))
            .ok_or_else(|| ApiError::NotFound("No page of this list starts at this cursor.".into()))?,
    };
    let (kept, plans) = filtered(store, &filters).await?;
    let starts = starts(store).await?;
    let next = (kept.len() > from + limit).then(|| URL_SAFE_NO_PAD.encode(format!("at:{}", from + limit)));
    let items = kept
        .into_iter()
        .skip(from)
        .take(limit)
        .map(|p| {
            let start = starts.get(&p.batch_id).copied();
            let plan = plans.get(&p.plan_id);
            view(p, plan, start)
        })
        .collect();
    Ok(ok(&PaymentPage { items, next_cursor: next }))
}

#[utoipa::path(get, path = "/api/staff/payments.csv", tag = "staff", operation_id = "staff_payments_csv", security(("bearer" = [])),
    params(
        ("status" = Option<PaymentStatus>, Query, description = "pending, paid, failed or refunded"),
        ("method" = Option<Method>, Query, description = "card, bank, jazzcash, easypaisa or cash"),
        ("batch" = Option<String>, Query, description = "a batch id", pattern = "^[0-9a-f]{24}$"),
        ("q" = Option<String>, Query, description = "part of the e-mail, the name or the reference", max_length = 100),
    ),
    responses((status = 200, description = "the payments the filters keep, every cell inert", content_type = "text/csv", body = String),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn export(store: &(impl PaymentStore + ?Sized), req: &Request) -> Answer {
    let filters = filters(req)?;
    let (kept, plans) = filtered(store, &filters).await?;
    let header = [
        "Payment",
        "Created (UTC)",
        "Paid on",
        "Student",
        "E-mail",
        "Course",
        "Batch",
        "Plan",
        "Month",
        "Method",
        "Amount",
        "Currency",
        "Status",
        "Reference",
        "Refunded (UTC)",
        "Refund reason",
    ];
    let rows = kept.into_iter().map(|p| {
        let plan = plans.get(&p.plan_id);
        let months = plan.map_or(0, |plan| plan.months);
        vec![
            p.id.clone(),
            time::iso(p.created_at),
            p.paid_on.clone().unwrap_or_default(),
            p.name.clone(),
            p.email.clone(),
            plan.map(|plan| plan.course_title.clone()).unwrap_or_default(),
            plan.map(|plan| plan.batch_name.clone()).unwrap_or_default(),
            plan.map_or("custom", |plan| plan.plan.as_str()).to_owned(),
            format!("{} of {months}", p.month),
            p.method.title().to_owned(),
            format!("{}.{:02}", p.amount / 100, p.amount % 100),
            p.currency.to_uppercase(),
            format!("{:?}", p.status).to_lowercase(),
            p.reference.clone().unwrap_or_default(),
            p.refunded_at.map(time::iso).unwrap_or_default(),
            p.refund_reason.clone().unwrap_or_default(),
        ]
    });
    crate::console::sheet::download("payments.csv", &header, rows)
}

/// Where one month of a plan stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MonthStatus {
    Paid,
    /// The next month, not yet due.
    Due,
    Overdue,
    Upcoming,
    Refunded,
}

/// One month of a plan in a student's ledger.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerMonth {
    pub month: u32,
    /// When it falls (or fell) due, `YYYY-MM-DD`; none before the first month is paid.
    pub due_on: Option<String>,
    pub status: MonthStatus,
    pub payment_id: Option<String>,
    pub amount: u64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerPlan {
    pub plan_id: String,
    pub batch_id: String,
    pub batch_name: String,
    pub plan: PlanKind,
    pub method: Method,
    pub status: PlanStatus,
    pub currency: String,
    pub months: Vec<LedgerMonth>,
}

impl LedgerPlan {
    fn of(plan: PaymentPlan, months: Vec<LedgerMonth>) -> Self {
        Self {
            plan_id: plan.id,
            batch_id: plan.batch_id,
            batch_name: plan.batch_name,
            plan: plan.plan,
            method: plan.method,
            status: plan.status,
            currency: plan.currency,
            months,
        }
    }
}

/// `GET /api/staff/payments/ledger` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Ledger {
    pub email: String,
    pub plans: Vec<LedgerPlan>,
}

#[utoipa::path(get, path = "/api/staff/payments/ledger", tag = "staff", operation_id = "staff_payment_ledger", security(("bearer" = [])),
    params(("email" = String, Query, description = "the student's e-mail (none of theirs: no plans)", max_length = 254)),
    responses((status = 200, body = Ledger), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn ledger(store: &(impl PaymentStore + ?Sized), req: &Request, now: i64) -> Answer {
    // Any text: an address that is nobody's has no plans.
    let email = query_value(req, "email")
        .ok_or_else(|| ApiError::BadRequest("The ledger needs ?email= (the student's e-mail).".into()))?
        .to_lowercase();
    if email.chars().count() > 254 {
        return Err(ApiError::Invalid {
            fields: BTreeMap::from([("email".into(), "must be at most 254 characters".into())]),
        });
    }
    let mut plans = Vec::new();
    for plan in store.plans_of(&email).await? {
        let payments = store.payments_of(&plan.id).await?;
        let months = (1..=plan.months)
            .map(|month| {
                let paid = payments.iter().find(|p| p.month == month && p.status == PaymentStatus::Paid);
                let refunded = payments.iter().find(|p| p.month == month && p.status == PaymentStatus::Refunded);
                let due = plan.anchor_at.map(|anchor| plans::due_at(anchor, month));
                let due = if month == plan.months_paid + 1 { plan.next_due_at.or(due) } else { due };
                let status = match (paid, refunded, due) {
                    (Some(_), _, _) => MonthStatus::Paid,
                    (None, Some(_), _) => MonthStatus::Refunded,
                    _ if plan.status == PlanStatus::Refunded => MonthStatus::Refunded,
                    (None, None, Some(due)) if due <= now => MonthStatus::Overdue,
                    _ if month == plan.months_paid + 1 => MonthStatus::Due,
                    _ => MonthStatus::Upcoming,
                };
                LedgerMonth {
                    month,
                    due_on: due.map(time::date),
                    status,
                    payment_id: paid.or(refunded).map(|p| p.id.clone()),
                    amount: plan.amount,
                }
            })
            .collect();
        plans.push(LedgerPlan::of(plan, months));
    }
    Ok(ok(&Ledger { email, plans }))
}

/// `POST /api/staff/payments/manual` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManualPayment {
    #[schema(max_length = 254)]
    pub email: String,
    #[schema(min_length = 1, max_length = 50)]
    pub first_name: String,
    #[schema(min_length = 1, max_length = 50)]
    pub last_name: String,
    #[schema(pattern = "^[0-9a-f]{24}$")]
    pub batch_id: String,
    /// The catalog plan paid for, if any.
    pub plan: Option<PlanKind>,
    /// In the currency's smallest unit (cents, paisa); a whole number (`9900` or `9900.0`).
    #[schema(minimum = 1, maximum = 100_000_000)]
    #[serde(deserialize_with = "crate::http::whole::u64")]
    pub amount: u64,
    /// `usd` or `pkr`.
    pub currency: String,
    pub method: ManualMethod,
    #[schema(min_length = 1, max_length = 100)]
    pub reference: String,
    /// The day the money arrived, `YYYY-MM-DD`: not in the future, at most a year ago.
    pub paid_on: String,
    /// A receipt uploaded first (`POST /api/staff/payments/receipts`, then its `complete`), not
    /// attached to another payment.
    #[schema(pattern = "^[0-9a-f]{24}$")]
    pub receipt_id: Option<String>,
}

/// How a manual payment was made (a card pays at checkout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ManualMethod {
    Bank,
    Jazzcash,
    Easypaisa,
    Cash,
}

impl From<ManualMethod> for Method {
    fn from(m: ManualMethod) -> Self {
        match m {
            ManualMethod::Bank => Method::Bank,
            ManualMethod::Jazzcash => Method::Jazzcash,
            ManualMethod::Easypaisa => Method::Easypaisa,
            ManualMethod::Cash => Method::Cash,
        }
    }
}

/// `POST /api/staff/payments/manual` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recorded {
    pub payment: PaymentView,
    /// The enrolment the payment made (the first month's), or the student's existing one.
    pub enrolment: Option<EnrolmentView>,
    /// The new enrolment's Secret ID, shown this once (also in the welcome mail).
    pub secret_id: Option<String>,
}

fn checked_manual(r: &ManualPayment) -> Result<(String, String, String), ApiError> {
    let mut fields = BTreeMap::new();
    let name = |field: &str, text: &str, fields: &mut BTreeMap<String, String>| {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if text.is_empty() || text.chars().count() > 50 {
            fields.insert(field.into(), "is required, at most 50 characters".into());
        }
        text
    };
    let first = name("firstName", &r.first_name, &mut fields);
    let last = name("lastName", &r.last_name, &mut fields);
    let email = r.email.trim().to_lowercase();
    if email.chars().count() > 254 || !email.validate_email() {
        fields.insert("email".into(), "must be an e-mail address".into());
    }
    if !ids::is_valid(&r.batch_id) {
        fields.insert("batchId".into(), "must be 24 lowercase hexadecimal characters".into());
    }
    if !(1..=100_000_000).contains(&r.amount) {
        fields.insert("amount".into(), "must be from 1 to 100,000,000 (the currency's smallest unit)".into());
    }
    if !matches!(r.currency.as_str(), "usd" | "pkr") {
        fields.insert("currency".into(), "must be usd or pkr".into());
    }
    let reference = r.reference.trim();
    if reference.is_empty() || reference.chars().count() > 100 {
        fields.insert("reference".into(), "is required, at most 100 characters".into());
    }
    if start_of(r.paid_on.trim()).is_none() {
        fields.insert("paidOn".into(), "must be a date, YYYY-MM-DD".into());
    }
    if r.receipt_id.as_deref().is_some_and(|id| !ids::is_valid(id)) {
        fields.insert("receiptId".into(), "must be 24 lowercase hexadecimal characters".into());
    }
    if fields.is_empty() {
        Ok((format!("{first} {last}"), email, reference.to_owned()))
    } else {
        Err(ApiError::Invalid { fields })
    }
}

#[utoipa::path(post, path = "/api/staff/payments/manual", tag = "staff", operation_id = "staff_record_payment", security(("bearer" = [])),
    request_body = ManualPayment,
    responses((status = 201, description = "recorded; the first month enrols the student and mails the welcome", body = Recorded),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "every month of the student's plan is paid, or the day is not today or of the past year", body = ErrorBody),
        (status = 413, body = ErrorBody)))]
pub async fn record(
    store: &(impl PaymentStore + ?Sized),
    desk: &Desk,
    actor: &Actor,
    req: &Request,
    now: i64,
) -> Answer {
    let mut target = String::from("payment");
    let result = async {
        let r: ManualPayment = json_body(req, 4 * 1024, |_| {
            "The body must be JSON: email, firstName, lastName, batchId, amount, currency, method, reference, paidOn (and plan)."
                .into()
        })?;
        let (name, email, reference) = checked_manual(&r)?;
        // A real day that contradicts today (ahead of it, or over a year ago): a schema cannot say so.
        let day = start_of(r.paid_on.trim()).unwrap_or_default();
        if day > now || day < now - 366 * 24 * 60 * 60 {
            return Err(ApiError::Conflict(format!("{} is not today or a day of the past year.", r.paid_on.trim())));
        }
        let method = Method::from(r.method);
        let receipt = match r.receipt_id.as_deref() {
            Some(id) => Some(attachable(store, id).await?),
            None => None,
        };
        let batch = store.get_batch(&r.batch_id).await?.ok_or_else(|| ApiError::NotFound("No batch has this id.".into()))?;
        let course = store
            .get_course(&batch.course_id)
            .await?
            .ok_or_else(|| ApiError::NotFound("The batch's course no longer exists.".into()))?;
        let existing = store.plans_of(&email).await?.into_iter().find(|p| {
            p.batch_id == batch.id && p.method != Method::Card && !matches!(p.status, PlanStatus::Refunded | PlanStatus::Pending)
        });
        let plan = match existing {
            Some(plan) if plan.months_paid >= plan.months => {
                return Err(ApiError::Conflict(format!("Every month of {email}'s plan for {} is paid.", batch.name)));
            }
            Some(plan) => plan,
            None => {
                let money = (r.amount, r.currency.clone());
                let plan = r.plan.unwrap_or(PlanKind::Custom);
                PaymentPlan::new(&course, &batch, (name.clone(), email.clone()), plan, money, months_for(&course.title), method, now)
            }
        };
        let mut payment = Payment::pending(&plan, plan.months_paid + 1, now);
        payment.name = name;
        payment.amount = r.amount;
        payment.currency = r.currency.clone();
        payment.method = method;
        payment.paid_on = Some(r.paid_on.trim().to_owned());
        payment.reference = Some(reference);
        payment.recorded_by = Some(actor.name().to_owned());
        payment.receipt_file = receipt.as_ref().map(|r| AttachedReceipt {
            id: r.id.clone(),
            file_name: r.file_name.clone(),
            content_type: r.content_type.clone().unwrap_or_default(),
        });
        target = payment.id.clone();
        // The plan and the payment are on record before the enrolment and its mail are tried.
        store.put_plan(&plan).await?;
        store.put_payment(&payment).await?;
        if let Some(mut receipt) = receipt {
            receipt.payment_id = Some(payment.id.clone());
            store.put_receipt(&receipt).await?;
        }
        let settled = plans::paid(store, desk, plan, payment, None, actor.name(), now).await?;
        let total = store.list_lectures(&batch.id).await?.len() as u32;
        let (enrolment, secret_id) = match settled.enrolled {
            Some((enrolment, secret)) => (Some(EnrolmentView::of(enrolment, Activity::default(), total)), Some(secret)),
            None => {
                let found = store.get_enrolment(&batch.id, &crate::domain::Enrolment::email_key(&email)).await?;
                (found.filter(|e| e.status_at(now) == EnrolmentStatus::Active).map(|e| EnrolmentView::of(e, Activity::default(), total)), None)
            }
        };
        let start = start_of(&batch.start_date);
        Ok(Recorded { payment: view(settled.payment, Some(&settled.plan), start), enrolment, secret_id })
    }
    .await;
    let done = recorded(store, actor, "payment.record", &target, None, result).await?;
    Ok(json(StatusCode::CREATED, &done))
}

/// A receipt that may be attached: uploaded, arrived and checked, and not another payment's.
async fn attachable(store: &(impl PaymentStore + ?Sized), id: &str) -> Result<ReceiptFile, ApiError> {
    let receipt = store.get_receipt(id).await?.ok_or_else(no_receipt)?;
    if receipt.content_type.is_none() {
        return Err(ApiError::Conflict("The receipt has not finished uploading: complete it first.".into()));
    }
    if receipt.payment_id.is_some() {
        return Err(ApiError::Conflict("This receipt is already attached to another payment.".into()));
    }
    Ok(receipt)
}

fn no_receipt() -> ApiError {
    ApiError::NotFound("No receipt has this id.".into())
}

fn no_storage() -> ApiError {
    ApiError::BadRequest("Receipt files are not set up here.".into())
}

/// How long a receipt's download link works.
pub const RECEIPT_LINK_SECS: i64 = 5 * 60;

/// `POST /api/staff/payments/receipts/{id}/complete` answer, and a receipt as staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptView {
    pub id: String,
    pub file_name: String,
    pub size: u64,
    /// What its content was found to be: a PDF or an image.
    pub content_type: String,
}

/// `GET /api/staff/payments/{id}/receipt` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptLink {
    pub file_name: String,
    pub content_type: String,
    /// Downloads the file, for 5 minutes.
    pub url: String,
}

#[utoipa::path(post, path = "/api/staff/payments/receipts", tag = "staff", operation_id = "staff_start_receipt", security(("bearer" = [])),
    request_body = NewFile,
    responses((status = 201, description = "where to PUT each part (then complete); attach it to the manual payment by its `fileId`", body = FileUpload),
        (status = 400, description = "not a file name, a size from 1 byte to 10 MB or a media type; or files are not set up", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 413, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn start_receipt(
    store: &(impl PaymentStore + ?Sized),
    files: Option<&dyn Objects>,
    actor: &Actor,
    req: &Request,
    now: i64,
) -> Answer {
    let mut target = String::from("receipt");
    let result = async {
        let body: NewFile = json_body(req, 4 * 1024, |_| "The body must be JSON: fileName, size, contentType.".into())?;
        let file_name = checked_file_name(&body.file_name)?;
        let size = checked_size(body.size, RECEIPT_MAX_BYTES)?;
        checked_content_type(&body.content_type)?;
        let files = files.ok_or_else(no_storage)?;
        let id = ids::generate();
        target = id.clone();
        let key = receipt_key(&id);
        let part_size = files.part_size(size);
        let upload_id = files.start(&key, part_size).await?;
        let receipt = ReceiptFile {
            id: id.clone(),
            key: key.clone(),
            upload_id: upload_id.clone(),
            part_size,
            size,
            file_name,
            content_type: None,
            uploaded_by: actor.name().to_owned(),
            created_at: now,
            payment_id: None,
        };
        store.put_receipt(&receipt).await?;
        let parts = files.part_urls(&key, &upload_id, size.div_ceil(part_size).max(1) as u32).await?;
        Ok(FileUpload { file_id: id, part_size, parts })
    }
    .await;
    let started = recorded(store, actor, "payment.receipt.upload", &target, None, result).await?;
    Ok(json(StatusCode::CREATED, &started))
}

#[utoipa::path(post, path = "/api/staff/payments/receipts/{receiptId}/complete", tag = "staff", operation_id = "staff_complete_receipt", security(("bearer" = [])),
    params(("receiptId" = String, Path, description = "24 lowercase hex characters")),
    request_body = FileDone,
    responses((status = 200, description = "arrived: a PDF or an image, at most 10 MB (anything else is removed and refused, 400 on `file`)", body = ReceiptView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the parts named are not the parts stored", body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 503, body = ErrorBody)))]
pub async fn complete_receipt(
    store: &(impl PaymentStore + ?Sized),
    files: Option<&dyn Objects>,
    actor: &Actor,
    req: &Request,
    id: &str,
) -> Answer {
    let result = async {
        let done: FileDone =
            json_body(req, 64 * 1024, |_| "The body must be JSON: parts, each a number and an etag.".into())?;
        let files = files.ok_or_else(no_storage)?;
        let found = if ids::is_valid(id) { store.get_receipt(id).await? } else { None };
        let mut receipt = found.ok_or_else(no_receipt)?;
        if receipt.content_type.is_none() {
            let arrived = crate::objects::finish(
                files,
                (&receipt.key, &receipt.upload_id),
                (receipt.size, receipt.part_size),
                &done,
                RECEIPT_MAX_BYTES,
                Some((&RECEIPT_TYPES, "A receipt must be a PDF or an image (PNG, JPEG, GIF or WebP).")),
            )
            .await?;
            receipt.content_type = Some(arrived.content_type.to_owned());
            store.put_receipt(&receipt).await?;
        }
        Ok(ReceiptView {
            id: receipt.id,
            file_name: receipt.file_name,
            size: receipt.size,
            content_type: receipt.content_type.unwrap_or_default(),
        })
    }
    .await;
    Ok(ok(&recorded(store, actor, "payment.receipt.complete", id, None, result).await?))
}

#[utoipa::path(get, path = "/api/staff/payments/{paymentId}/receipt", tag = "staff", operation_id = "staff_payment_receipt", security(("bearer" = [])),
    params(("paymentId" = String, Path, description = "32 lowercase hex characters")),
    responses((status = 200, description = "a link that downloads the receipt file staff attached", body = ReceiptLink),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "no payment with this id, or none attached", body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn receipt_link(
    store: &(impl PaymentStore + ?Sized),
    files: Option<&dyn Objects>,
    id: &str,
    now: i64,
) -> Answer {
    let payment = store.get_payment(id).await?.ok_or_else(|| ApiError::NotFound("No payment has this id.".into()))?;
    let attached =
        payment.receipt_file.ok_or_else(|| ApiError::NotFound("No receipt is attached to this payment.".into()))?;
    let files = files.ok_or_else(no_storage)?;
    let key = receipt_key(&attached.id);
    let url = files.download_url(&key, &attached.file_name, &attached.content_type, now + RECEIPT_LINK_SECS).await?;
    Ok(ok(&ReceiptLink { file_name: attached.file_name, content_type: attached.content_type, url }))
}

/// `POST /api/staff/payments/{id}/refund` body.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundRequest {
    /// Why: required outside the 3-day window.
    #[schema(max_length = 500)]
    pub reason: Option<String>,
}

#[utoipa::path(post, path = "/api/staff/payments/{paymentId}/refund", tag = "staff", operation_id = "staff_refund_payment", security(("bearer" = [])),
    params(("paymentId" = String, Path, description = "32 lowercase hex characters")),
    request_body = RefundRequest,
    responses((status = 200, description = "refunded (a card through Stripe); the plan ends and the student's access with it", body = PaymentView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "not paid, or outside the refund window without a reason", body = ErrorBody),
        (status = 503, body = ErrorBody)))]
pub async fn refund(
    store: &(impl PaymentStore + ?Sized),
    desk: &Desk,
    actor: &Actor,
    req: &Request,
    id: &str,
    now: i64,
) -> Answer {
    let result = async {
        let body: RefundRequest = if req.body().is_empty() {
            RefundRequest::default()
        } else {
            json_body(req, 2 * 1024, |_| "The body must be JSON: reason (optional).".into())?
        };
        if body.reason.as_deref().is_some_and(|r| r.chars().count() > 500) {
            return Err(ApiError::Invalid {
                fields: BTreeMap::from([("reason".into(), "must be at most 500 characters".into())]),
            });
        }
        let unknown = || ApiError::NotFound("No payment has this id.".into());
        if Payment::plan_of(id).is_none() {
            return Err(ApiError::BadRequest("The payment id must be 32 lowercase hexadecimal characters.".into()));
        }
        let payment = store.get_payment(id).await?.ok_or_else(unknown)?;
        let plan = store.get_plan(&payment.plan_id).await?.ok_or_else(unknown)?;
        let how = match payment.method {
            Method::Card => RefundBy::Stripe(desk.cards.as_ref().ok_or(ApiError::Unavailable)?),
            _ => RefundBy::Recorded,
        };
        let (plan, payment) = plans::refund(store, plan, payment, how, body.reason, actor.name(), now).await?;
        let start = store.get_batch(&plan.batch_id).await?.and_then(|b| start_of(&b.start_date));
        Ok(view(payment, Some(&plan), start))
    }
    .await;
    let done = recorded(store, actor, "payment.refund", id, None, result).await?;
    Ok(ok(&done))
}

/// `PUT /api/staff/plans/{planId}/due` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextDue {
    /// `YYYY-MM-DD`: when the plan's next month falls due (a reminder goes 3 days before).
    pub next_due_on: String,
}

#[utoipa::path(put, path = "/api/staff/plans/{planId}/due", tag = "staff", operation_id = "staff_plan_due", security(("bearer" = [])),
    params(("planId" = String, Path, description = "24 lowercase hex characters")),
    request_body = NextDue,
    responses((status = 200, body = LedgerPlan), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "a card plan, or nothing more is owed", body = ErrorBody)))]
pub async fn set_due(store: &(impl PaymentStore + ?Sized), actor: &Actor, req: &Request, id: &str, now: i64) -> Answer {
    let result = async {
        let body: NextDue = json_body(req, 1024, |_| "The body must be JSON: nextDueOn (YYYY-MM-DD).".into())?;
        let id = ApiError::checked_id(id, "plan")?;
        let mut plan = store.get_plan(id).await?.ok_or_else(|| ApiError::NotFound("No plan has this id.".into()))?;
        let day = start_of(body.next_due_on.trim()).ok_or_else(|| ApiError::Invalid {
            fields: BTreeMap::from([("nextDueOn".into(), "must be a date, YYYY-MM-DD".into())]),
        })?;
        if day > now + 2 * 366 * 24 * 60 * 60 {
            return Err(ApiError::Invalid {
                fields: BTreeMap::from([("nextDueOn".into(), "must be within two years".into())]),
            });
        }
        if plan.method == Method::Card {
            return Err(ApiError::Conflict("A card plan's months are charged on their own schedule.".into()));
        }
        if !plan.owes() || plan.status == PlanStatus::Pending {
            return Err(ApiError::Conflict("This plan owes nothing more.".into()));
        }
        plan.next_due_at = Some(day);
        plan.reminded_month = None;
        if day > now && plan.status == PlanStatus::Overdue {
            plan.status = PlanStatus::Active;
            plan.overdue_since = None;
        }
        store.put_plan(&plan).await?;
        Ok(plan)
    }
    .await;
    let plan = recorded(store, actor, "plan.due", id, None, result).await?;
    Ok(ok(&LedgerPlan::of(plan, Vec::new())))
}

/// The console's payments in the API contract, merged by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(list, export, ledger, record, refund, set_due, start_receipt, complete_receipt, receipt_link),
    components(schemas(
        ReceiptView,
        ReceiptLink,
        PaymentView,
        PaymentPage,
        Ledger,
        LedgerPlan,
        LedgerMonth,
        MonthStatus,
        ManualPayment,
        ManualMethod,
        Recorded,
        RefundRequest,
        NextDue
    ))
)]
pub struct Contract;

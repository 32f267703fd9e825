//! The payments' part of the API contract: their routes' annotations and answers, merged into the
//! whole document by `platform::openapi` (which then applies the rules every route shares).

use super::billing::{self, Billing, CardSetup, MyPayment, MyPlan};
use super::catalog::{PlanKind, PlanPrice};
use super::checkout::{
    self, CardStep, CheckoutAnswer, CheckoutRequest, ConfirmRequest, Confirmed, Options, PaymentState,
};
use super::webhook::{self, Received};
use super::{CardOnFile, HowToPay, Method, PaymentStatus, PlanStatus};
use crate::staff::payments::{
    self as staff_payments, Ledger, LedgerMonth, LedgerPlan, ManualPayment, MonthStatus, NextDue, PaymentPage,
    PaymentView, Recorded, RefundRequest,
};
use utoipa::OpenApi;

/// A payment id as a regular expression (`Payment::plan_of`): its plan's id and 8 hex characters.
pub const PAYMENT_ID_PATTERN: &str = "^[0-9a-f]{32}$";

#[derive(OpenApi)]
#[openapi(
    paths(
        checkout::options,
        checkout::checkout,
        checkout::confirm,
        checkout::state,
        webhook::webhook,
        billing::billing,
        billing::cancel,
        billing::start_card,
        billing::use_card,
        staff_payments::list,
        staff_payments::export,
        staff_payments::ledger,
        staff_payments::record,
        staff_payments::refund,
        staff_payments::set_due,
    ),
    components(schemas(
        PlanKind,
        PlanPrice,
        Method,
        PlanStatus,
        PaymentStatus,
        CardOnFile,
        HowToPay,
        Options,
        CardStep,
        CheckoutRequest,
        CheckoutAnswer,
        ConfirmRequest,
        Confirmed,
        PaymentState,
        Received,
        Billing,
        MyPlan,
        MyPayment,
        CardSetup,
        PaymentView,
        PaymentPage,
        Ledger,
        LedgerPlan,
        LedgerMonth,
        MonthStatus,
        ManualPayment,
        Recorded,
        RefundRequest,
        NextDue,
    ))
)]
pub struct PaymentsApi;

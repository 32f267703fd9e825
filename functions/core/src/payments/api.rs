//! The payments' part of the API contract: their routes' annotations and answers, merged into the
//! whole document by `platform::openapi` (which then applies the rules every route shares), as
//! the console's side is (`payments::console::StaffPaymentsApi`). `rules` writes the bodies' checks
//! of both into it.

use super::billing::{self, Billing, CardSetup, MyPayment, MyPlan};
use super::catalog::{PlanKind, PlanPrice};
use super::checkout::{
    self, CardStep, CheckoutAnswer, CheckoutRequest, ConfirmRequest, Confirmed, Options, PaymentState,
};
use super::webhook::{self, Received};
use super::{CardOnFile, HowToPay, Method, PaymentStatus, PlanStatus};
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
        billing::receipt,
        billing::cancel,
        billing::start_card,
        billing::use_card,
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
    ))
)]
pub struct PaymentsApi;

/// A receipt upload's body is the objects kit's `NewFile` with a smaller ceiling: written into the
/// contract as `NewReceipt` (`super::RECEIPT_MAX_BYTES`), which the receipt route takes.
fn receipt_body(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::schema::Schema;
    use utoipa::openapi::{Ref, RefOr};
    let Some(components) = doc.components.as_mut() else { return };
    let Some(RefOr::T(Schema::Object(mut body))) = components.schemas.get("NewFile").cloned() else { return };
    if let Some(RefOr::T(Schema::Object(size))) = body.properties.get_mut("size") {
        size.maximum = Some(super::RECEIPT_MAX_BYTES.into());
        size.description = Some("Bytes, 1 to 10,000,000.".into());
    }
    body.description = Some("`POST /api/staff/payments/receipts` body: the receipt file about to be sent.".into());
    components.schemas.insert("NewReceipt".into(), RefOr::T(Schema::Object(body)));
    let operation = doc.paths.paths.get_mut("/api/staff/payments/receipts").and_then(|item| item.post.as_mut());
    if let Some(request) = operation.and_then(|o| o.request_body.as_mut()) {
        for content in request.content.values_mut() {
            content.schema = Some(RefOr::Ref(Ref::from_schema_name("NewReceipt")));
        }
    }
}

/// An `Idempotency-Key` as the checkout takes it (`checkout::idempotency_key`).
pub const IDEMPOTENCY_KEY_PATTERN: &str = "^[A-Za-z0-9_-]{8,64}$";
/// A phone number as the checkout takes it: 7 to 15 digits, spaces, `+`, `-` and brackets (20 characters at most).
pub const PHONE_PATTERN: &str = "^[ +()-]*([0-9][ +()-]*){7,15}$";

/// The payments' bodies and parameters as the server checks them, written into the contract
/// (`platform::openapi`'s rules call this, with the contract's pattern for a text that is not
/// blank), so the contract's fuzzing sends what a client may.
pub fn rules(doc: &mut utoipa::openapi::OpenApi, not_blank: &str) {
    use utoipa::openapi::path::ParameterIn;
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
    use utoipa::openapi::{RefOr, Required};
    let text =
        |max: usize| ObjectBuilder::new().schema_type(Type::String).max_length(Some(max)).pattern(Some(not_blank));
    let email = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(254))
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)))
    };
    let date =
        || ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)));
    if let Some(checkout) = doc.paths.paths.get_mut("/api/payments/checkout").and_then(|item| item.post.as_mut()) {
        for parameter in checkout.parameters.iter_mut().flatten().filter(|p| p.parameter_in == ParameterIn::Header) {
            parameter.required = Required::True;
            let key = ObjectBuilder::new().schema_type(Type::String).pattern(Some(IDEMPOTENCY_KEY_PATTERN));
            parameter.schema = Some(key.into());
        }
    }
    receipt_body(doc);
    let Some(components) = doc.components.as_mut() else { return };
    let schemas = &mut components.schemas;
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("CheckoutRequest") {
        body.properties.insert("firstName".into(), text(checkout::MAX_NAME_CHARS).into());
        body.properties.insert("lastName".into(), text(checkout::MAX_NAME_CHARS).into());
        body.properties.insert("email".into(), email().into());
        let phone = ObjectBuilder::new().schema_type(Type::String).max_length(Some(20)).pattern(Some(PHONE_PATTERN));
        body.properties.insert("phone".into(), phone.into());
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("ManualPayment") {
        body.properties.insert("firstName".into(), text(50).into());
        body.properties.insert("lastName".into(), text(50).into());
        body.properties.insert("email".into(), email().into());
        body.properties.insert("reference".into(), text(100).into());
        let currency = ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["usd", "pkr"]));
        body.properties.insert("currency".into(), currency.into());
        body.properties.insert(
            "paidOn".into(),
            date().description(Some("The day the money arrived: today or within the past year (else 409).")).into(),
        );
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("NextDue") {
        body.properties.insert("nextDueOn".into(), date().description(Some("Within two years (else 409).")).into());
    }
}

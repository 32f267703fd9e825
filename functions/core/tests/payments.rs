//! Payments through the dispatcher every Lambda and `academy serve` use, on SQLite and on DynamoDB
//! in moto, against localstripe (the local Stripe API, every secret-key request checked against
//! Stripe's own parameter types): a card checkout priced by the catalog whatever the body says and
//! keyed so a second click gets the same payment; the card set up as Stripe.js sets it up and
//! charged by the server, enrolling once with the welcome mailed; declined cards enrolling nobody;
//! Stripe's webhook refusing a bad signature, an old timestamp, a replay and a wrong amount, and
//! twenty identical deliveries at once enrolling once; staff recording a bank transfer (enrolled,
//! mailed, in the list, the spreadsheet and the ledger) and refunding it (access ends; outside the
//! window only with a reason); the daily round charging the next month, a declined renewal making
//! the plan overdue, then paused (lectures refused as overdue), and a new card restoring it; a
//! student's billing and cancelling auto-renewal; a receipt image uploaded in parts, checked by its
//! content, attached to a bank transfer and downloaded by staff alone.

use crate::support;
use support::console::{next_ip, signed, Caller, Reply, STAFF_EMAIL};

use academy_core::mail::OutboxMailer;
use academy_core::payments::store::PaymentRecords;
use academy_core::payments::stripe::{signature_header, Stripe};
use academy_core::payments::{renewals, Cards, Desk};
use academy_core::platform::local::AppState;
use academy_core::store::{AuditRecords, EnrolmentRecords, Store};
use lambda_http::aws_lambda_events::apigw::{ApiGatewayRequestAuthorizer, ApiGatewayRequestAuthorizerJwtDescription};
use lambda_http::request::RequestContext;
use lambda_http::{Body, RequestExt};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;

const MERN: &str = "665f1c2a9b3e4d0012a1b001";
/// MERN-09: started, not ended, seats left: a batch the plan form sells.
const MERN_09: &str = "665f1c2a9b3e4d0012a1c003";
/// MERN-07: ended.
const MERN_07: &str = "665f1c2a9b3e4d0012a1c001";
const WEBHOOK_SECRET: &str = "whsec_tests";
const PUBLISHABLE: &str = "pk_test_tests";
const GOOD_CARD: &str = "4242424242424242";
/// Refused when saved (Stripe's generic decline).
const DECLINED_CARD: &str = "4000000000000002";
/// Saved, then declined when charged.
const DECLINED_ON_CHARGE: &str = "4000000000000341";

struct World {
    state: AppState,
    outbox: PathBuf,
    http: reqwest::Client,
}

impl World {
    async fn open(store: Store) -> Self {
        let mut state = support::app_state(support::seeded(store).await).await;
        let outbox = support::outbox_dir();
        state.mail_inline(Arc::new(OutboxMailer::new(&outbox)), support::test_mail());
        let stripe = Stripe::new(Some(support::localstripe().into()), "sk_test_tests".into()).unwrap();
        state.take_payments(Desk {
            cards: Some(Cards {
                stripe: Arc::new(stripe),
                publishable_key: PUBLISHABLE.into(),
                stripe_js: format!("{}/js.stripe.com/v3/", support::localstripe()),
                webhook_secret: WEBHOOK_SECRET.into(),
            }),
            how_to_pay: academy_core::payments::how_to_pay(Some("Bank: Demo Bank; IBAN: PK00DEMO".into()), None, None),
            mailing: None,
            grace_secs: 7 * 86_400,
        });
        Self { state, outbox, http: reqwest::Client::new() }
    }

    fn store(&self) -> &Store {
        &self.state.store
    }

    fn now(&self) -> i64 {
        self.state.clock().now()
    }

    async fn call(
        &self,
        method: &str,
        path: &str,
        caller: Caller,
        headers: &[(&str, &str)],
        body: Option<&Value>,
    ) -> Reply {
        let mut all = headers.to_vec();
        if body.is_some() {
            all.push(("content-type", "application/json"));
        }
        let body = body.map_or(Body::Empty, |b| Body::Text(b.to_string()));
        let req = signed(support::request_with_body(method, path, &all, &next_ip(), body), caller);
        Reply::to(&self.state, req).await
    }

    async fn visitor(&self, method: &str, path: &str, headers: &[(&str, &str)], body: Option<Value>) -> Reply {
        self.call(method, path, Caller::Nobody, headers, body.as_ref()).await
    }

    async fn staff(&self, method: &str, path: &str, body: Option<Value>) -> Reply {
        self.call(method, path, Caller::Staff, &[], body.as_ref()).await
    }

    /// As a signed-in student whose token carries `email`, verified (the gateway's authorizer has
    /// checked the bearer token and passes its claims on).
    async fn student(&self, method: &str, path: &str, email: &str) -> Reply {
        let headers = [("authorization", "Bearer verified-by-the-gateway")];
        let req = support::request_with_body(method, path, &headers, &next_ip(), Body::Empty);
        let Some(RequestContext::ApiGatewayV2(mut context)) = req.request_context_ref().cloned() else { panic!() };
        let mut jwt = ApiGatewayRequestAuthorizerJwtDescription::default();
        jwt.claims.insert("sub".into(), format!("sub-{email}"));
        jwt.claims.insert("email".into(), email.into());
        jwt.claims.insert("email_verified".into(), "true".into());
        let mut authorizer = ApiGatewayRequestAuthorizer::default();
        authorizer.jwt = Some(jwt);
        context.authorizer = Some(authorizer);
        Reply::to(&self.state, req.with_request_context(RequestContext::ApiGatewayV2(context))).await
    }

    async fn checkout(&self, key: &str, email: &str, plan: &str) -> Reply {
        let body = json!({
            "courseId": MERN, "batchId": MERN_09, "plan": plan, "firstName": "Ayesha", "lastName": "Khan",
            "email": email, "phone": "+44 7700 900123", "amount": 1, "currency": "jpy",
        });
        self.visitor("POST", "/api/payments/checkout", &[("idempotency-key", key)], Some(body)).await
    }

    /// What the browser's Stripe.js (localstripe's stand-in) does with the card: confirm the SetupIntent.
    async fn set_up_card(&self, setup_secret: &str, number: &str) -> (u16, Value) {
        let seti = setup_secret.split("_secret_").next().unwrap();
        let body = json!({
            "key": PUBLISHABLE, "use_stripe_sdk": true, "client_secret": setup_secret,
            "payment_method_data": { "type": "card", "card": { "number": number, "exp_month": 12, "exp_year": 2034, "cvc": "123" } },
        });
        let url = format!("{}/v1/setup_intents/{seti}/confirm", support::localstripe());
        let response =
            self.http.post(url).header("content-type", "application/json").body(body.to_string()).send().await.unwrap();
        let status = response.status().as_u16();
        (status, serde_json::from_slice(&response.bytes().await.unwrap()).unwrap())
    }

    /// A checkout paid with `card` through the card step: checkout, Stripe.js' setup, confirm.
    async fn paid_checkout(&self, email: &str, card: &str) -> (Value, Value) {
        let key: String =
            format!("key-{email}").chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
        let checkout = self.checkout(&key, email, "standard").await.expect(201);
        let (status, _) = self.set_up_card(checkout["setupSecret"].as_str().unwrap(), card).await;
        assert_eq!(status, 200);
        let confirm = json!({ "clientSecret": checkout["clientSecret"] });
        let confirmed = self
            .visitor(
                "POST",
                &format!("/api/payments/{}/confirm", checkout["paymentId"].as_str().unwrap()),
                &[],
                Some(confirm),
            )
            .await
            .expect(200);
        (checkout, confirmed)
    }

    async fn state_of(&self, checkout: &Value) -> Value {
        let path = format!(
            "/api/payments/{}?secret={}",
            checkout["paymentId"].as_str().unwrap(),
            checkout["clientSecret"].as_str().unwrap()
        );
        self.visitor("GET", &path, &[], None).await.expect(200)
    }

    /// Stripe's event of `kind` about `object`, signed at `at` with `secret`, delivered.
    async fn deliver(&self, id: &str, kind: &str, object: &Value, at: i64, secret: &str) -> Reply {
        let body = json!({ "id": id, "object": "event", "type": kind, "created": at, "data": { "object": object } })
            .to_string();
        let signature = signature_header(at, body.as_bytes(), secret);
        self.deliver_raw(body, Some(&signature)).await
    }

    async fn deliver_raw(&self, body: String, signature: Option<&str>) -> Reply {
        let mut headers = vec![("content-type", "application/json; charset=utf-8")];
        if let Some(signature) = signature {
            headers.push(("stripe-signature", signature));
        }
        let req =
            support::request_with_body("POST", "/api/payments/stripe/webhook", &headers, &next_ip(), Body::Text(body));
        Reply::to(&self.state, req).await
    }

    /// The PaymentIntent as localstripe holds it.
    async fn intent(&self, checkout: &Value) -> Value {
        let pi = checkout["clientSecret"].as_str().unwrap().split("_secret_").next().unwrap().to_owned();
        let url = format!("{}/v1/payment_intents/{pi}", support::localstripe());
        self.stripe_get(&url).await
    }

    async fn stripe_get(&self, url: &str) -> Value {
        let response = self.http.get(url).bearer_auth("sk_test_tests").send().await.unwrap();
        serde_json::from_slice(&response.bytes().await.unwrap()).unwrap()
    }

    /// Charges the checkout's PaymentIntent with its saved card straight at localstripe, as the
    /// card step's confirm would, without telling the API: only the webhook then says it was paid.
    async fn pay_at_stripe(&self, checkout: &Value, card: &str) -> Value {
        self.set_up_card(checkout["setupSecret"].as_str().unwrap(), card).await;
        let seti = checkout["setupSecret"].as_str().unwrap().split("_secret_").next().unwrap().to_owned();
        let base = support::localstripe();
        let setup = self.stripe_get(&format!("{base}/v1/setup_intents/{seti}")).await;
        let pi = self.intent(checkout).await["id"].as_str().unwrap().to_owned();
        let pm = setup["payment_method"].as_str().unwrap();
        let set = self
            .http
            .post(format!("{base}/v1/payment_intents/{pi}"))
            .bearer_auth("sk_test_tests")
            .header("content-type", "application/x-www-form-urlencoded")
            .body(format!("payment_method={pm}"))
            .send()
            .await
            .unwrap();
        assert_eq!(set.status(), 200);
        let confirmed = self
            .http
            .post(format!("{base}/v1/payment_intents/{pi}/confirm"))
            .bearer_auth("sk_test_tests")
            .send()
            .await
            .unwrap();
        assert_eq!(confirmed.status(), 200);
        self.intent(checkout).await
    }

    fn mails_to(&self, email: &str) -> Vec<String> {
        support::outbox_messages(&self.outbox)
            .into_iter()
            .filter(|m| m.contains(&format!("To: {email}")) || m.contains(&format!("<{email}>")))
            .collect()
    }

    async fn enrolled(&self, email: &str) -> bool {
        let key = academy_core::domain::Enrolment::email_key(email);
        self.store().get_enrolment(MERN_09, &key).await.unwrap().is_some_and(|e| e.revoked_at.is_none())
    }
}

fn unique(prefix: &str) -> String {
    format!("{prefix}-{}@example.com", &academy_core::ids::generate()[..10])
}

async fn a_card_checkout_is_priced_by_the_catalog_and_keyed(store: Store) {
    let world = World::open(store).await;
    let email = unique("keyed");
    let first = world.checkout("key-keyed-1", &email, "standard").await.expect(201);
    assert_eq!(first["amount"], 14_900, "the catalog's price, not the body's: {first}");
    assert_eq!(first["currency"], "usd");
    assert_eq!(first["months"], 4, "a MERN plan runs 4 months");
    let secret = first["clientSecret"].as_str().unwrap();
    assert!(secret.starts_with("pi_") && secret.contains("_secret_"), "{secret}");
    assert!(first["setupSecret"].as_str().unwrap().starts_with("seti_"), "{first}");
    let again = world.checkout("key-keyed-1", &email, "standard").await.expect(201);
    assert_eq!(again["paymentId"], first["paymentId"], "a second click answers the same payment");
    assert_eq!(again["clientSecret"], first["clientSecret"]);
    world.checkout("key-keyed-1", &email, "premium").await.refused(409, "conflict");
    let other = world.checkout("key-keyed-2", &email, "premium").await.expect(201);
    assert_eq!(other["amount"], 19_900);
    assert_ne!(other["paymentId"], first["paymentId"]);

    let refused = world.visitor("POST", "/api/payments/checkout", &[], Some(json!({}))).await;
    refused.refused(400, "bad_request");
    let bad = json!({ "courseId": MERN, "batchId": MERN_09, "plan": "custom", "firstName": "", "lastName": "K", "email": "nope", "phone": "12" });
    let fields = world
        .visitor("POST", "/api/payments/checkout", &[("idempotency-key", "key-bad-fields")], Some(bad))
        .await
        .refused(400, "invalid");
    for field in ["plan", "firstName", "email", "phone"] {
        assert!(fields["fields"][field].is_string(), "{field}: {fields}");
    }
    let ended = json!({ "courseId": MERN, "batchId": MERN_07, "plan": "basic", "firstName": "A", "lastName": "K", "email": email, "phone": "+92 300 1234567" });
    let ended = world
        .visitor("POST", "/api/payments/checkout", &[("idempotency-key", "key-ended-batch")], Some(ended))
        .await
        .refused(409, "conflict");
    assert!(ended["message"].as_str().unwrap().contains("ended"), "{ended}");
    let options = world.visitor("GET", "/api/payments/options", &[], None).await.expect(200);
    assert_eq!(options["card"]["publishableKey"], PUBLISHABLE);
    assert_eq!(options["howToPay"][0]["lines"], json!(["Bank: Demo Bank", "IBAN: PK00DEMO"]));
}

async fn a_card_paid_enrols_the_buyer_once(store: Store) {
    let world = World::open(store).await;
    let email = unique("paid");
    let (checkout, confirmed) = world.paid_checkout(&email, GOOD_CARD).await;
    assert_eq!(confirmed["status"], "succeeded", "{confirmed}");
    let state = world.state_of(&checkout).await;
    assert_eq!(state["status"], "paid", "{state}");
    assert_eq!(state["enrolled"], true, "{state}");
    assert!(world.enrolled(&email).await);
    let welcomes = world.mails_to(&email);
    assert_eq!(welcomes.len(), 1, "one welcome: {welcomes:?}");
    assert!(welcomes[0].contains("MERN-09"), "{}", welcomes[0]);
    // Stripe's own event afterwards changes nothing more.
    let intent = world.intent(&checkout).await;
    world
        .deliver("evt_after_confirm", "payment_intent.succeeded", &intent, world.now(), WEBHOOK_SECRET)
        .await
        .expect(200);
    assert_eq!(world.mails_to(&email).len(), 1, "still one welcome");
    let billing = world.student("GET", "/api/me/billing", &email).await.expect(200);
    assert_eq!(billing["plans"][0]["plan"], "standard", "{billing}");
    assert_eq!(billing["plans"][0]["monthsPaid"], 1);
    assert_eq!(billing["plans"][0]["card"]["last4"], "4242", "{billing}");
    assert!(billing["plans"][0]["nextChargeAt"].as_i64().unwrap() > world.now() * 1000);
    assert_eq!(billing["payments"].as_array().unwrap().len(), 1);
    // Someone else's e-mail sees nothing of it.
    let stranger = world.student("GET", "/api/me/billing", &unique("stranger")).await.expect(200);
    assert_eq!(stranger["plans"], json!([]));
    let id = billing["plans"][0]["id"].as_str().unwrap();
    world.student("POST", &format!("/api/me/billing/{id}/cancel"), &unique("stranger")).await.refused(404, "not_found");
    let cancelled = world.student("POST", &format!("/api/me/billing/{id}/cancel"), &email).await.expect(200);
    assert_eq!(cancelled["autoRenew"], false, "{cancelled}");
    assert_eq!(cancelled["status"], "cancelled");
    assert!(world.enrolled(&email).await, "the months paid keep their access");
}

async fn declined_cards_enrol_nobody(store: Store) {
    let world = World::open(store).await;
    let email = unique("declined");
    let checkout = world.checkout("key-declined-1", &email, "standard").await.expect(201);
    let (status, refused) = world.set_up_card(checkout["setupSecret"].as_str().unwrap(), DECLINED_CARD).await;
    assert_eq!(status, 402, "{refused}");
    let id = checkout["paymentId"].as_str().unwrap();
    let confirm = json!({ "clientSecret": checkout["clientSecret"] });
    let answer =
        world.visitor("POST", &format!("/api/payments/{id}/confirm"), &[], Some(confirm.clone())).await.expect(200);
    assert_eq!(answer["status"], "failed", "{answer}");
    let fresh = answer["setupSecret"].as_str().unwrap();
    assert_ne!(fresh, checkout["setupSecret"].as_str().unwrap(), "another card takes a new SetupIntent");
    // The next card is saved, then declined when charged.
    assert_eq!(world.set_up_card(fresh, DECLINED_ON_CHARGE).await.0, 200);
    let answer =
        world.visitor("POST", &format!("/api/payments/{id}/confirm"), &[], Some(confirm.clone())).await.expect(200);
    assert_eq!(answer["status"], "failed", "{answer}");
    assert!(answer["message"].as_str().unwrap().to_lowercase().contains("declined"), "{answer}");
    assert!(!world.enrolled(&email).await);
    assert!(world.mails_to(&email).is_empty());
    assert_eq!(world.state_of(&checkout).await["enrolled"], false);
    // A third card pays.
    let third = answer["setupSecret"].as_str().unwrap();
    assert_eq!(world.set_up_card(third, GOOD_CARD).await.0, 200);
    let answer = world.visitor("POST", &format!("/api/payments/{id}/confirm"), &[], Some(confirm)).await.expect(200);
    assert_eq!(answer["status"], "succeeded", "{answer}");
    assert!(world.enrolled(&email).await);
    // Without the client secret the payment is nobody's.
    let wrong = json!({ "clientSecret": "pi_x_secret_y" });
    world.visitor("POST", &format!("/api/payments/{id}/confirm"), &[], Some(wrong)).await.refused(404, "not_found");
}

async fn webhooks_that_should_change_nothing_change_nothing(store: Store) {
    let world = World::open(store).await;
    let email = unique("hooks");
    let checkout = world.checkout("key-hooks-1", &email, "basic").await.expect(201);
    let intent = world.pay_at_stripe(&checkout, GOOD_CARD).await;
    assert_eq!(intent["status"], "succeeded");
    let now = world.now();
    world
        .deliver("evt_bad_secret", "payment_intent.succeeded", &intent, now, "whsec_other")
        .await
        .refused(400, "bad_request");
    world
        .deliver("evt_old", "payment_intent.succeeded", &intent, now - 301, WEBHOOK_SECRET)
        .await
        .refused(400, "bad_request");
    let body =
        json!({ "id": "evt_unsigned", "type": "payment_intent.succeeded", "data": { "object": intent } }).to_string();
    world.deliver_raw(body.clone(), None).await.refused(400, "bad_request");
    world.deliver_raw(body, Some("t=1,v1=zz")).await.refused(400, "bad_request");
    let mut cheaper = intent.clone();
    cheaper["amount"] = json!(100);
    let answer =
        world.deliver("evt_wrong_amount", "payment_intent.succeeded", &cheaper, now, WEBHOOK_SECRET).await.expect(200);
    assert_eq!(answer["applied"], false, "{answer}");
    assert!(!world.enrolled(&email).await, "a wrong amount enrols nobody");
    let payment_id = checkout["paymentId"].as_str().unwrap();
    let payment = world.store().get_payment(payment_id).await.unwrap().unwrap();
    assert_eq!(payment.status, academy_core::payments::PaymentStatus::Pending, "{payment:?}");
    let audit = world.store().page_audit(None, 50).await.unwrap().into_parts().0;
    assert!(audit.iter().any(|e| e.action == "payment.mismatch"), "the mismatch is on the audit trail");
    // The right event enrols, once; its replay changes nothing.
    let applied =
        world.deliver("evt_right", "payment_intent.succeeded", &intent, now, WEBHOOK_SECRET).await.expect(200);
    assert_eq!(applied["applied"], true, "{applied}");
    assert!(world.enrolled(&email).await);
    let replay = world.deliver("evt_right", "payment_intent.succeeded", &intent, now, WEBHOOK_SECRET).await.expect(200);
    assert_eq!(replay["applied"], false);
    assert_eq!(world.mails_to(&email).len(), 1);
    // An event about nothing of ours is received and ignored.
    let foreign = json!({ "id": "pi_foreign", "object": "payment_intent", "amount": 500, "currency": "usd", "status": "succeeded", "metadata": {} });
    assert_eq!(
        world.deliver("evt_foreign", "payment_intent.succeeded", &foreign, now, WEBHOOK_SECRET).await.expect(200)
            ["applied"],
        false
    );
}

async fn twenty_identical_webhooks_at_once_enrol_once(store: Store) {
    let world = World::open(store).await;
    let email = unique("burst");
    let checkout = world.checkout("key-burst-1", &email, "premium").await.expect(201);
    let intent = world.pay_at_stripe(&checkout, GOOD_CARD).await;
    let now = world.now();
    let deliveries =
        (0..20).map(|_| world.deliver("evt_burst", "payment_intent.succeeded", &intent, now, WEBHOOK_SECRET));
    let answers = futures::future::join_all(deliveries).await;
    assert!(answers.iter().all(|a| a.status == 200), "{:?}", answers.iter().map(|a| a.text()).collect::<Vec<_>>());
    let applied = answers.iter().filter(|a| a.json()["applied"] == true).count();
    assert_eq!(applied, 1, "one delivery applied the event");
    assert!(world.enrolled(&email).await);
    assert_eq!(world.mails_to(&email).len(), 1, "one welcome");
    let enrolments = world.store().list_enrolments(MERN_09).await.unwrap();
    assert_eq!(enrolments.iter().filter(|e| e.email == email).count(), 1);
}

async fn staff_record_a_bank_transfer_and_refund_it(store: Store) {
    let world = World::open(store).await;
    let email = unique("bank");
    let today = academy_core::time::date(world.now());
    let body = json!({
        "email": email, "firstName": "Bilal", "lastName": "Ahmed", "batchId": MERN_09, "amount": 4_000_000,
        "currency": "pkr", "method": "bank", "reference": "MEZN-0042", "paidOn": today,
    });
    let recorded = world.staff("POST", "/api/staff/payments/manual", Some(body.clone())).await.expect(201);
    assert_eq!(recorded["payment"]["status"], "paid", "{recorded}");
    assert_eq!(recorded["payment"]["method"], "bank");
    assert_eq!(recorded["enrolment"]["email"], email.as_str());
    assert!(recorded["secretId"].as_str().is_some_and(|s| !s.is_empty()));
    assert!(world.enrolled(&email).await);
    assert_eq!(world.mails_to(&email).len(), 1, "the welcome went");
    // Nobody but staff may record.
    world.call("POST", "/api/staff/payments/manual", Caller::Student, &[], Some(&body)).await.refused(403, "forbidden");
    let list = world.staff("GET", "/api/staff/payments?method=bank&q=mezn-0042", None).await.expect(200);
    assert_eq!(list["items"].as_array().unwrap().len(), 1, "{list}");
    assert_eq!(list["items"][0]["reference"], "MEZN-0042");
    let csv = world.call("GET", "/api/staff/payments.csv?method=bank", Caller::Staff, &[], None).await;
    assert_eq!(csv.status, 200);
    assert!(csv.text().contains("\"MEZN-0042\"") && csv.text().contains("\"Bank transfer\""), "{}", csv.text());
    let ledger = world.staff("GET", &format!("/api/staff/payments/ledger?email={email}"), None).await.expect(200);
    let months = ledger["plans"][0]["months"].as_array().unwrap();
    assert_eq!(months.len(), 4);
    assert_eq!(months[0]["status"], "paid");
    assert_eq!(months[1]["status"], "due", "{ledger}");
    // The student's own receipt, a PDF that only they may download.
    let billing = world.student("GET", "/api/me/billing", &email).await.expect(200);
    let receipt = billing["payments"][0]["receiptPdf"].as_str().unwrap().to_owned();
    assert_eq!(receipt, format!("/api/me/billing/receipts/{}", recorded["payment"]["id"].as_str().unwrap()));
    let pdf = world.student("GET", &receipt, &email).await;
    assert_eq!(pdf.status, 200, "{}", pdf.text());
    assert_eq!(pdf.header("content-type"), "application/pdf");
    assert!(pdf.header("content-disposition").starts_with("attachment; filename=\"receipt-"));
    let text = support::pdf_text(&pdf.bytes);
    for said in ["Receipt", "Bilal Ahmed", "MEZN-0042", "Bank transfer", "PKR 40,000", "month 1 of 4", "Total paid"] {
        assert!(text.contains(said), "{said:?} in {text}");
    }
    world.student("GET", &receipt, &unique("stranger")).await.refused(404, "not_found");
    world.student("GET", "/api/me/billing/receipts/not-a-payment", &email).await.refused(404, "not_found");
    // The next month recorded is month 2 of the same plan.
    let second = world.staff("POST", "/api/staff/payments/manual", Some(body)).await.expect(201);
    assert_eq!(second["payment"]["month"], 2);
    assert_eq!(second["payment"]["planId"], recorded["payment"]["planId"]);
    // Refunded within the window: access ends.
    let id = recorded["payment"]["id"].as_str().unwrap();
    let refunded = world.staff("POST", &format!("/api/staff/payments/{id}/refund"), Some(json!({}))).await.expect(200);
    assert_eq!(refunded["status"], "refunded", "{refunded}");
    assert!(!world.enrolled(&email).await, "a refund ends access");
    let refunded_receipt = support::pdf_text(&world.student("GET", &receipt, &email).await.bytes);
    assert!(refunded_receipt.contains("This payment was refunded on"), "{refunded_receipt}");
    world.staff("POST", &format!("/api/staff/payments/{id}/refund"), Some(json!({}))).await.expect(200);
    let audit = world.store().page_audit(None, 100).await.unwrap().into_parts().0;
    for action in ["payment.record", "payment.refund"] {
        assert!(audit.iter().any(|e| e.action == action && e.actor_email.as_deref() == Some(STAFF_EMAIL)), "{action}");
    }

    // Paid ten days ago: outside the 3-day window, refunded only with a reason.
    let late = unique("late");
    let long_ago = academy_core::time::date(world.now() - 10 * 86_400);
    let body = json!({
        "email": late, "firstName": "Sana", "lastName": "Malik", "batchId": MERN_09, "amount": 14_900,
        "currency": "usd", "method": "jazzcash", "reference": "JC-77", "paidOn": long_ago, "plan": "standard",
    });
    let recorded = world.staff("POST", "/api/staff/payments/manual", Some(body)).await.expect(201);
    let id = recorded["payment"]["id"].as_str().unwrap();
    let refused = world
        .staff("POST", &format!("/api/staff/payments/{id}/refund"), Some(json!({})))
        .await
        .refused(409, "conflict");
    assert!(refused["message"].as_str().unwrap().contains("reason"), "{refused}");
    let reason = json!({ "reason": "The student fell ill: agreed by the director." });
    let refunded = world.staff("POST", &format!("/api/staff/payments/{id}/refund"), Some(reason)).await.expect(200);
    assert_eq!(refunded["refundReason"], "The student fell ill: agreed by the director.");
}

async fn the_round_charges_renewals_and_pauses_overdue_plans(store: Store) {
    let world = World::open(store).await;
    let email = unique("round");
    world.paid_checkout(&email, GOOD_CARD).await;
    let desk = world.state.payments_desk().clone();
    // Nothing is due yet.
    let round = renewals::run(world.store(), &desk, world.now()).await.unwrap();
    assert_eq!(round, renewals::Round::default());
    // A month on, the saved card pays month 2.
    world.state.clock().advance(32.0 * 86_400.0);
    let round = renewals::run(world.store(), &desk, world.now()).await.unwrap();
    assert_eq!(round.charged, 1, "{round:?}");
    let billing = world.student("GET", "/api/me/billing", &email).await.expect(200);
    assert_eq!(billing["plans"][0]["monthsPaid"], 2, "{billing}");

    // The card is swapped for one that is declined when charged: month 3 fails.
    let plan_id = billing["plans"][0]["id"].as_str().unwrap().to_owned();
    let setup = world.student("POST", &format!("/api/me/billing/{plan_id}/card"), &email).await.expect(200);
    assert_eq!(world.set_up_card(setup["setupSecret"].as_str().unwrap(), DECLINED_ON_CHARGE).await.0, 200);
    world.student("PUT", &format!("/api/me/billing/{plan_id}/card"), &email).await.expect(200);
    world.state.clock().advance(31.0 * 86_400.0);
    let round = renewals::run(world.store(), &desk, world.now()).await.unwrap();
    assert_eq!(round.failed, 1, "{round:?}");
    let billing = world.student("GET", "/api/me/billing", &email).await.expect(200);
    assert_eq!(billing["plans"][0]["status"], "overdue", "{billing}");
    let failed_mail = world.mails_to(&email).into_iter().filter(|m| m.contains("did not go through")).count();
    assert_eq!(failed_mail, 1, "the student is told once");
    // The round again the next day neither charges nor mails again.
    world.state.clock().advance(86_400.0);
    let round = renewals::run(world.store(), &desk, world.now()).await.unwrap();
    assert_eq!((round.charged, round.failed), (0, 0), "{round:?}");

    // Past the grace period the plan pauses: its lectures are refused, saying why.
    world.state.clock().advance(7.0 * 86_400.0);
    let round = renewals::run(world.store(), &desk, world.now()).await.unwrap();
    assert_eq!(round.paused, 1, "{round:?}");
    let videos = world.student("GET", &format!("/api/batches/{MERN_09}/videos"), &email).await;
    let refused = videos.refused(403, "forbidden");
    assert!(refused["message"].as_str().unwrap().contains("overdue"), "{refused}");
    // So is Join, inside its window (a live class five minutes from now).
    let starts = academy_core::zones::rfc3339((world.now() / 60 + 5) * 60);
    let session = world
        .staff(
            "POST",
            &format!("/api/staff/batches/{MERN_09}/sessions"),
            Some(json!({"startsAt": starts, "minutes": 60, "meetingUrl": "https://meet.example.com/mern-09"})),
        )
        .await
        .expect(201);
    let join = format!("/api/me/sessions/{}/join", session["id"].as_str().unwrap());
    let refused = world.student("GET", &join, &email).await.refused(403, "forbidden");
    assert!(refused["message"].as_str().unwrap().contains("overdue"), "{refused}");

    // A new card pays the month at once and the plan is restored.
    let setup = world.student("POST", &format!("/api/me/billing/{plan_id}/card"), &email).await.expect(200);
    assert_eq!(world.set_up_card(setup["setupSecret"].as_str().unwrap(), GOOD_CARD).await.0, 200);
    let restored = world.student("PUT", &format!("/api/me/billing/{plan_id}/card"), &email).await.expect(200);
    assert_eq!(restored["status"], "active", "{restored}");
    assert_eq!(restored["monthsPaid"], 3);
    world.student("GET", &format!("/api/batches/{MERN_09}/videos"), &email).await.expect(200);
    assert_eq!(world.student("GET", &join, &email).await.status, 302, "Join opens again once paid");
}

async fn a_refund_made_at_stripe_ends_the_plan(store: Store) {
    let world = World::open(store).await;
    let email = unique("dashboard");
    let (checkout, _) = world.paid_checkout(&email, GOOD_CARD).await;
    assert!(world.enrolled(&email).await);
    let intent = world.intent(&checkout).await;
    let pi = intent["id"].as_str().unwrap();
    let response = world
        .http
        .post(format!("{}/v1/refunds", support::localstripe()))
        .bearer_auth("sk_test_tests")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("payment_intent={pi}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let refund: Value = serde_json::from_slice(&response.bytes().await.unwrap()).unwrap();
    let charge = json!({
        "id": "ch_dashboard", "object": "charge", "payment_intent": pi, "refunded": true,
        "refunds": { "object": "list", "data": [{ "id": refund["id"], "object": "refund" }] },
    });
    let applied = world
        .deliver("evt_dashboard_refund", "charge.refunded", &charge, world.now(), WEBHOOK_SECRET)
        .await
        .expect(200);
    assert_eq!(applied["applied"], true, "{applied}");
    assert!(!world.enrolled(&email).await, "a refund at Stripe ends access too");
    let billing = world.student("GET", "/api/me/billing", &email).await.expect(200);
    assert_eq!(billing["plans"][0]["status"], "refunded", "{billing}");
    assert_eq!(billing["payments"][0]["status"], "refunded");
}

async fn a_manual_plans_student_is_reminded_before_each_due_date(store: Store) {
    let world = World::open(store).await;
    let email = unique("dues");
    let today = academy_core::time::date(world.now());
    let body = json!({
        "email": email, "firstName": "Hira", "lastName": "Aslam", "batchId": MERN_09, "amount": 4_000_000,
        "currency": "pkr", "method": "easypaisa", "reference": "EP-1", "paidOn": today,
    });
    let recorded = world.staff("POST", "/api/staff/payments/manual", Some(body)).await.expect(201);
    let plan_id = recorded["payment"]["planId"].as_str().unwrap().to_owned();
    let desk = world.state.payments_desk().clone();
    let reminders = |world: &World| world.mails_to(&email).into_iter().filter(|m| m.contains("is due on")).count();
    // A month on less four days: not yet.
    world.state.clock().advance(26.0 * 86_400.0);
    assert_eq!(renewals::run(world.store(), &desk, world.now()).await.unwrap().reminded, 0);
    // Two days before the due date: reminded, once.
    world.state.clock().advance(2.5 * 86_400.0);
    assert_eq!(renewals::run(world.store(), &desk, world.now()).await.unwrap().reminded, 1);
    assert_eq!(renewals::run(world.store(), &desk, world.now()).await.unwrap().reminded, 0);
    assert_eq!(reminders(&world), 1);
    // Staff move the next due date: the reminder for it goes again before the new day.
    let moved = academy_core::time::date(world.now() + 10 * 86_400);
    world
        .staff("PUT", &format!("/api/staff/plans/{plan_id}/due"), Some(json!({ "nextDueOn": moved })))
        .await
        .expect(200);
    world.state.clock().advance(8.0 * 86_400.0);
    assert_eq!(renewals::run(world.store(), &desk, world.now()).await.unwrap().reminded, 1);
    assert_eq!(reminders(&world), 2);
    // The ledger shows the moved day.
    let ledger = world.staff("GET", &format!("/api/staff/payments/ledger?email={email}"), None).await.expect(200);
    assert_eq!(ledger["plans"][0]["months"][1]["dueOn"], moved.as_str(), "{ledger}");
}

/// A receipt image goes up in parts as lecture recordings do, is checked by its content, attaches
/// to one manual payment, and is handed out to staff by a short-lived link; HTML passed off as an
/// image is refused and removed.
async fn staff_attach_a_receipt_image_to_a_bank_transfer(store: Store) {
    use academy_core::media::uploads::{FolderUploads, LOCAL_MIN_PART};
    let mut world = World::open(store).await;
    let folder = std::env::temp_dir().join(format!("academy-receipts-{}", academy_core::ids::generate()));
    let parts = Arc::new(FolderUploads::new(&folder, None, Some(LOCAL_MIN_PART)).unwrap());
    world.state.upload_locally(parts.clone());
    // A PNG of 100 KiB: two parts of 64 KiB.
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    png.resize(100 * 1024, 7);
    let upload = |name: &'static str, bytes: Vec<u8>| {
        let (world, parts) = (&world, parts.clone());
        async move {
            let body = json!({ "fileName": name, "size": bytes.len(), "contentType": "image/png" });
            let started = world.staff("POST", "/api/staff/payments/receipts", Some(body)).await.expect(201);
            let size = started["partSize"].as_u64().unwrap() as usize;
            let mut done = Vec::new();
            for (i, part) in started["parts"].as_array().unwrap().iter().enumerate() {
                let url = part["url"].as_str().unwrap();
                let (path, query) = url.split_once('?').unwrap();
                let (upload, number) = path.strip_prefix("/upload/").unwrap().split_once('/').unwrap();
                let chunk = &bytes[i * size..((i + 1) * size).min(bytes.len())];
                let answer = parts.put_part(upload, number, Some(query), chunk).await;
                assert_eq!(answer.status(), 200);
                done.push(json!({ "number": i + 1, "etag": answer.headers()["etag"].to_str().unwrap() }));
            }
            let id = started["fileId"].as_str().unwrap().to_owned();
            let complete = format!("/api/staff/payments/receipts/{id}/complete");
            (id, world.staff("POST", &complete, Some(json!({ "parts": done }))).await)
        }
    };
    let (receipt, arrived) = upload("bank-slip.png", png.clone()).await;
    let arrived = arrived.expect(200);
    assert_eq!(arrived["contentType"], "image/png", "{arrived}");
    assert_eq!(arrived["size"], 100 * 1024);
    // HTML named .png is refused on its content, and not kept.
    let (fake, refused) = upload("slip.png", b"<html><script>alert(1)</script></html>".to_vec()).await;
    let refused = refused.refused(400, "invalid");
    assert_eq!(refused["fields"]["file"], "A receipt must be a PDF or an image (PNG, JPEG, GIF or WebP).");
    // Too large to begin.
    let huge = json!({ "fileName": "big.png", "size": 10_000_001, "contentType": "image/png" });
    world.staff("POST", "/api/staff/payments/receipts", Some(huge)).await.refused(400, "bad_request");

    let email = unique("slip");
    let today = academy_core::time::date(world.now());
    let body = |receipt: &str| {
        json!({
            "email": email, "firstName": "Hina", "lastName": "Raza", "batchId": MERN_09, "amount": 4_000_000,
            "currency": "pkr", "method": "bank", "reference": "HBL-7781", "paidOn": today, "receiptId": receipt,
        })
    };
    // The refused upload cannot be attached: it never finished.
    world.staff("POST", "/api/staff/payments/manual", Some(body(&fake))).await.refused(409, "conflict");
    world.staff("POST", "/api/staff/payments/manual", Some(body(&"0".repeat(24)))).await.refused(404, "not_found");
    let recorded = world.staff("POST", "/api/staff/payments/manual", Some(body(&receipt))).await.expect(201);
    assert_eq!(recorded["payment"]["receiptFile"], "bank-slip.png", "{recorded}");
    assert!(world.enrolled(&email).await);
    // One receipt, one payment.
    let again = world.staff("POST", "/api/staff/payments/manual", Some(body(&receipt))).await.refused(409, "conflict");
    assert!(again["message"].as_str().unwrap().contains("already attached"), "{again}");

    let id = recorded["payment"]["id"].as_str().unwrap();
    let link = world.staff("GET", &format!("/api/staff/payments/{id}/receipt"), None).await.expect(200);
    assert_eq!(link["fileName"], "bank-slip.png");
    let url = link["url"].as_str().unwrap();
    let (path, query) = url.split_once('?').unwrap();
    let key = percent_encoding::percent_decode_str(path.strip_prefix("/download/").unwrap()).decode_utf8().unwrap();
    assert!(key.starts_with("payment-receipts/"), "{key}");
    let (head, bytes) = parts.serve_download(&key, Some(query)).await.into_parts();
    assert_eq!(head.status, 200);
    assert_eq!(head.headers["content-type"], "image/png");
    assert!(head.headers["content-disposition"].to_str().unwrap().starts_with("attachment;"));
    let lambda_http::Body::Binary(bytes) = bytes else { panic!("the file's bytes") };
    assert_eq!(bytes, png);
    // Staff only; and a payment without one has none.
    let as_student = world.call("GET", &format!("/api/staff/payments/{id}/receipt"), Caller::Student, &[], None).await;
    as_student.refused(403, "forbidden");
    let plain = json!({
        "email": unique("plain"), "firstName": "Ali", "lastName": "Shah", "batchId": MERN_09, "amount": 14_900,
        "currency": "usd", "method": "cash", "reference": "CASH-1", "paidOn": today,
    });
    let plain = world.staff("POST", "/api/staff/payments/manual", Some(plain)).await.expect(201);
    let plain_id = plain["payment"]["id"].as_str().unwrap();
    world.staff("GET", &format!("/api/staff/payments/{plain_id}/receipt"), None).await.refused(404, "not_found");
    let audit = world.store().page_audit(None, 200).await.unwrap().into_parts().0;
    for action in ["payment.receipt.upload", "payment.receipt.complete"] {
        assert!(audit.iter().any(|e| e.action == action && e.target == receipt), "{action}");
    }
    let _ = std::fs::remove_dir_all(folder);
}

on_both_stores!(
    staff_attach_a_receipt_image_to_a_bank_transfer,
    a_refund_made_at_stripe_ends_the_plan,
    a_manual_plans_student_is_reminded_before_each_due_date,
    a_card_checkout_is_priced_by_the_catalog_and_keyed,
    a_card_paid_enrols_the_buyer_once,
    declined_cards_enrol_nobody,
    webhooks_that_should_change_nothing_change_nothing,
    twenty_identical_webhooks_at_once_enrol_once,
    staff_record_a_bank_transfer_and_refund_it,
    the_round_charges_renewals_and_pauses_overdue_plans,
);

/// Every request the Stripe client can make is one Stripe's own parameter types accept
/// (stripe-python's, read by infra/scripts/stripe_params.py), beyond what localstripe checks.
#[test]
fn every_stripe_request_is_one_stripe_takes() {
    use academy_core::payments::stripe::Call;
    let python = std::env::var("STRIPE_PYTHON").unwrap_or_else(|_| "python3".into());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/scripts/stripe_params.py");
    for call in Call::examples() {
        let request = call.request();
        let encoded = form_urlencoded::Serializer::new(String::new()).extend_pairs(&request.form).finish();
        let method = if request.post { "POST" } else { "GET" };
        let out = std::process::Command::new(&python).args([script, method, &request.path, &encoded]).output().unwrap();
        assert!(
            out.status.success(),
            "{method} {} {encoded}: {}{}",
            request.path,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

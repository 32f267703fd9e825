//! Every environment variable the backend reads, read here and nowhere else (README
//! "Configuration" lists them). The features take plain values; what a value means and which
//! values are allowed is decided where it is used (e.g. `LectureLinks::lifetime`).

use crate::assistant::provider::Endpoint as ModelEndpoint;
use crate::demo::tokens::DemoKey;
use crate::http::identity::Verifier;
use crate::http::origin::OriginGuard;
use crate::mail::{MailSettings, DEFAULT_FROM, DEFAULT_INBOX};
use crate::store::{StoreUrl, DEFAULT_STORE};
use std::sync::Arc;

/// Where local lecture files live unless `ACADEMY_LECTURES` says otherwise.
pub const DEFAULT_LECTURES: &str = "var/lectures";
/// Where local certificates' PDFs are kept unless `ACADEMY_CERTIFICATES` says otherwise.
pub const DEFAULT_CERTIFICATES: &str = "var/certificates";
/// Where local mail lands unless `ACADEMY_OUTBOX` says otherwise.
pub const DEFAULT_OUTBOX: &str = "var/outbox";

/// A variable's value, trimmed; unset or blank is `None`.
fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// Whether a variable is set at all (the AWS SDK's own variables).
fn is_set(name: &str) -> bool {
    std::env::var_os(name).is_some()
}

/// `ACADEMY_STORE`: `embedded:PATH` or `dynamodb:TABLE`.
pub fn store_url() -> Result<StoreUrl, String> {
    var("ACADEMY_STORE").unwrap_or_else(|| DEFAULT_STORE.into()).parse()
}

/// The DynamoDB table `ACADEMY_STORE` names; a Lambda has no other store.
pub fn table() -> Result<String, String> {
    match store_url()? {
        StoreUrl::DynamoDb(table) => Ok(table),
        StoreUrl::Embedded(_) => Err("a Lambda's ACADEMY_STORE must be dynamodb:TABLE".into()),
    }
}

/// `ACADEMY_LECTURES`: the local lecture folder.
pub fn lectures_folder() -> String {
    var("ACADEMY_LECTURES").unwrap_or_else(|| DEFAULT_LECTURES.into())
}

/// `ACADEMY_LECTURE_KEY`: the local key lecture links are signed with.
pub fn lecture_key() -> Option<String> {
    var("ACADEMY_LECTURE_KEY")
}

/// `ACADEMY_LECTURE_KEY_SECRET`: the Secrets Manager secret holding the lecture link keys (AWS).
pub fn lecture_key_secret() -> Option<String> {
    var("ACADEMY_LECTURE_KEY_SECRET")
}

/// `ACADEMY_LECTURE_LINK_SECONDS`: how long a lecture link may start playing.
pub fn lecture_link_seconds() -> Option<String> {
    var("ACADEMY_LECTURE_LINK_SECONDS")
}

/// `ACADEMY_LECTURE_PLAY_SECONDS`: how long a presigned S3 URL works (AWS).
pub fn lecture_play_seconds() -> Option<String> {
    var("ACADEMY_LECTURE_PLAY_SECONDS")
}

/// `ACADEMY_LECTURES_BUCKET`: the lectures bucket, where the console stores recordings (AWS).
pub fn lectures_bucket() -> Option<String> {
    var("ACADEMY_LECTURES_BUCKET")
}

/// `ACADEMY_CERTIFICATES`: the local folder of certificates' PDFs (in AWS they are in the
/// lectures bucket, under `certificates/`).
pub fn certificates_folder() -> String {
    var("ACADEMY_CERTIFICATES").unwrap_or_else(|| DEFAULT_CERTIFICATES.into())
}

/// `ACADEMY_UPLOAD_PART_BYTES`: a local server's smallest upload part (tests and short clips).
pub fn upload_part_bytes() -> Option<String> {
    var("ACADEMY_UPLOAD_PART_BYTES")
}

/// `ACADEMY_MEDIACONVERT_ROLE`: the role MediaConvert jobs run as (the `transcode` function).
pub fn mediaconvert_role() -> Option<String> {
    var("ACADEMY_MEDIACONVERT_ROLE")
}

/// `ACADEMY_MEDIACONVERT_QUEUE`: the queue jobs go to; unset, the account's default queue.
pub fn mediaconvert_queue() -> Option<String> {
    var("ACADEMY_MEDIACONVERT_QUEUE")
}

/// `ACADEMY_MEDIACONVERT_ENDPOINT`: MediaConvert's address; unset, the region's public endpoint.
pub fn mediaconvert_endpoint() -> Option<String> {
    var("ACADEMY_MEDIACONVERT_ENDPOINT")
}

/// `ACADEMY_MAIL_TO`, `ACADEMY_MAIL_FROM`, `ACADEMY_AUTO_REPLY`.
pub fn mail_settings() -> MailSettings {
    MailSettings {
        inbox: var("ACADEMY_MAIL_TO").unwrap_or_else(|| DEFAULT_INBOX.into()),
        from: var("ACADEMY_MAIL_FROM").unwrap_or_else(|| DEFAULT_FROM.into()),
        auto_reply: matches!(var("ACADEMY_AUTO_REPLY").as_deref(), Some("1" | "true" | "yes")),
    }
}

/// Where the site is unless `ACADEMY_SITE_URL` says otherwise (`make dev`'s address).
pub const DEFAULT_SITE_URL: &str = "http://localhost:8080";

/// `ACADEMY_SITE_URL`: the site's origin, for links in mail (a student's welcome) and on
/// certificates (the verification page).
pub fn site_url() -> String {
    var("ACADEMY_SITE_URL").unwrap_or_else(|| DEFAULT_SITE_URL.into())
}

/// `ACADEMY_FILES_KEY_ID` and `ACADEMY_FILES_KEY`: the CloudFront public key's id and its private
/// key (PEM, resolved from Secrets Manager into the environment at deploy) that sign assignment
/// downloads in AWS; both or neither.
pub fn files_signing_key() -> Result<Option<(String, String)>, String> {
    match (var("ACADEMY_FILES_KEY_ID"), var("ACADEMY_FILES_KEY")) {
        (Some(id), Some(key)) => Ok(Some((id, key))),
        (None, None) => Ok(None),
        (Some(_), None) => Err("ACADEMY_FILES_KEY_ID is set without ACADEMY_FILES_KEY".into()),
        (None, Some(_)) => Err("ACADEMY_FILES_KEY is set without ACADEMY_FILES_KEY_ID".into()),
    }
}

/// The site's CloudFront serving lecture segments (`/lectures/*`), one signature a playlist: when
/// the files key (`files_signing_key`) and the lectures bucket are both set, as the lecture
/// function's are in AWS; otherwise each segment is a presigned S3 GET.
pub fn segments_cdn() -> Result<Option<crate::learning::lecture::files::SegmentsCdn>, String> {
    use crate::learning::lecture::files::SegmentsCdn;
    let (Some((key_id, key)), Some(bucket)) = (files_signing_key()?, lectures_bucket()) else { return Ok(None) };
    let signer = crate::objects::cloudfront::CloudFrontSigner::new(&key_id, &key)?;
    Ok(Some(SegmentsCdn::new(&site_url(), &bucket, signer)))
}

/// `ACADEMY_MAILER`: `ses` or `outbox`, when set.
pub fn mailer() -> Option<String> {
    var("ACADEMY_MAILER")
}

/// `ACADEMY_OUTBOX`: the local outbox folder.
pub fn outbox() -> String {
    var("ACADEMY_OUTBOX").unwrap_or_else(|| DEFAULT_OUTBOX.into())
}

/// `ACADEMY_SES_CONFIGURATION_SET`: the SES configuration set mail is sent with.
pub fn ses_configuration_set() -> Option<String> {
    var("ACADEMY_SES_CONFIGURATION_SET")
}

/// `ACADEMY_ORIGIN_SECRET`: the CDN's secret header; unset, every request is admitted as it is.
pub fn origin_guard() -> OriginGuard {
    OriginGuard::new(var("ACADEMY_ORIGIN_SECRET"))
}

/// `ACADEMY_OIDC_ISSUER` and `ACADEMY_OIDC_CLIENT_ID`: the verifier of access tokens, if any.
pub fn verifier() -> Result<Option<Arc<Verifier>>, String> {
    Verifier::configured(var("ACADEMY_OIDC_ISSUER"), var("ACADEMY_OIDC_CLIENT_ID"))
}

/// `ACADEMY_DEFAULT_COUNTRY`: the country assumed without the CDN's header.
pub fn default_country() -> Option<String> {
    var("ACADEMY_DEFAULT_COUNTRY")
}

/// `GEMINI_API_KEY`: the model key, given directly (local).
pub fn model_key() -> Option<String> {
    var("GEMINI_API_KEY")
}

/// `GEMINI_API_KEY_SECRET`: the Secrets Manager secret holding the model key (AWS).
pub fn model_key_secret() -> Option<String> {
    var("GEMINI_API_KEY_SECRET")
}

/// `GEMINI_BASE_URL` and `GEMINI_MODEL`: where the model answers.
pub fn model_endpoint() -> ModelEndpoint {
    ModelEndpoint::new(var("GEMINI_BASE_URL"), var("GEMINI_MODEL"))
}

/// `ACADEMY_CSP_CONNECT`: extra origins the local server's CSP lets the site connect to.
pub fn csp_connect() -> String {
    var("ACADEMY_CSP_CONNECT").unwrap_or_default()
}

/// Whether the AWS SDK will find a region (`AWS_REGION` or `AWS_DEFAULT_REGION`).
pub fn aws_region_given() -> bool {
    is_set("AWS_REGION") || is_set("AWS_DEFAULT_REGION")
}

/// `AWS_REGION`, for the local world's placeholder configuration.
pub fn aws_region() -> Option<String> {
    var("AWS_REGION")
}

/// Whether AWS keys are in the environment (`AWS_ACCESS_KEY_ID`: every Lambda's role session).
pub fn aws_keys_given() -> bool {
    is_set("AWS_ACCESS_KEY_ID")
}

/// Whether the AWS SDK will find credentials in the environment or a profile.
pub fn aws_credentials_given() -> bool {
    is_set("AWS_ACCESS_KEY_ID") || is_set("AWS_PROFILE")
}

/// `ACADEMY_DEMO_KEY`: the key demo booking links are signed with (at least 32 bytes). In AWS the
/// template resolves it from the secret `DemoKey` at deploy; locally, unset, a random key (links
/// then last until the server stops).
pub fn demo_key() -> Result<Option<DemoKey>, String> {
    var("ACADEMY_DEMO_KEY")
        .map(|key| DemoKey::new(key.into_bytes()).map_err(|e| format!("ACADEMY_DEMO_KEY: {e}")))
        .transpose()
}

/// `ACADEMY_DEMO_SCHEDULE_GROUP`: the EventBridge Scheduler group of the reminders.
pub fn demo_schedule_group() -> String {
    var("ACADEMY_DEMO_SCHEDULE_GROUP").unwrap_or_else(|| crate::demo::reminders::SCHEDULE_GROUP.into())
}

/// `ACADEMY_DEMO_REMINDER_ARN`: the `demo-reminder` function the reminder schedules invoke (AWS).
pub fn demo_reminder_arn() -> Option<String> {
    var("ACADEMY_DEMO_REMINDER_ARN")
}

/// `ACADEMY_DEMO_SCHEDULER_ROLE_ARN`: the role EventBridge Scheduler assumes to invoke it (AWS).
pub fn demo_scheduler_role_arn() -> Option<String> {
    var("ACADEMY_DEMO_SCHEDULER_ROLE_ARN")
}

/// What a function needs of Stripe's settings besides the secret key: template.yaml hands
/// `ACADEMY_STRIPE_WEBHOOK_SECRET` to `payments-webhook` only and `ACADEMY_STRIPE_PUBLISHABLE_KEY` to
/// `payments` only, so each function refuses to start without what it uses, and only that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StripeNeeds {
    pub webhook_secret: bool,
    pub publishable_key: bool,
}

impl StripeNeeds {
    /// `academy serve`: every route.
    pub const ALL: Self = Self { webhook_secret: true, publishable_key: true };
    /// `payments`: the card step loads Stripe.js with the publishable key.
    pub const CARD_STEP: Self = Self { webhook_secret: false, publishable_key: true };
    /// `payments-webhook`: the signature is checked with the webhook secret.
    pub const WEBHOOK: Self = Self { webhook_secret: true, publishable_key: false };
    /// `staff-payments`, `payments-renewals`: server-side calls only.
    pub const SECRET_KEY: Self = Self { webhook_secret: false, publishable_key: false };
}

/// Card payments (`ACADEMY_STRIPE_SECRET_KEY`, `ACADEMY_STRIPE_WEBHOOK_SECRET`,
/// `ACADEMY_STRIPE_PUBLISHABLE_KEY`, `ACADEMY_STRIPE_API_BASE`, `ACADEMY_STRIPE_JS_URL`): none
/// without a secret key (the plan form then offers the manual methods only); with it, whatever
/// `needs` names must be set too (what is not needed is empty when unset). In AWS the secret key
/// and the webhook secret are resolved from Secrets Manager at deploy.
pub fn stripe(needs: StripeNeeds) -> Result<Option<crate::payments::Cards>, String> {
    let Some(secret_key) = var("ACADEMY_STRIPE_SECRET_KEY") else { return Ok(None) };
    let with_key = |name: &str, needed: bool| match var(name) {
        Some(value) => Ok(value),
        None if needed => Err(format!("{name} must be set with ACADEMY_STRIPE_SECRET_KEY")),
        None => Ok(String::new()),
    };
    let webhook_secret = with_key("ACADEMY_STRIPE_WEBHOOK_SECRET", needs.webhook_secret)?;
    let publishable_key = with_key("ACADEMY_STRIPE_PUBLISHABLE_KEY", needs.publishable_key)?;
    let stripe = crate::payments::stripe::Stripe::new(var("ACADEMY_STRIPE_API_BASE"), secret_key)?;
    Ok(Some(crate::payments::Cards {
        stripe: Arc::new(stripe),
        publishable_key,
        stripe_js: stripe_js_url().unwrap_or_default(),
        webhook_secret,
    }))
}

/// Where the site loads Stripe.js from when card payments are set up (`ACADEMY_STRIPE_JS_URL`,
/// Stripe's own by default): the CSP allows it.
pub fn stripe_js_url() -> Option<String> {
    var("ACADEMY_STRIPE_SECRET_KEY")?;
    Some(var("ACADEMY_STRIPE_JS_URL").unwrap_or_else(|| "https://js.stripe.com/v3/".into()))
}

/// `ACADEMY_PAY_BANK`, `ACADEMY_PAY_JAZZCASH`, `ACADEMY_PAY_EASYPAISA`: how to pay by hand, each
/// `"Label: value; Label: value"`.
pub fn how_to_pay() -> Vec<crate::payments::HowToPay> {
    crate::payments::how_to_pay(var("ACADEMY_PAY_BANK"), var("ACADEMY_PAY_JAZZCASH"), var("ACADEMY_PAY_EASYPAISA"))
}

/// `ACADEMY_PAY_GRACE_DAYS`: how long an unpaid month leaves access before the plan pauses (7).
pub fn pay_grace_secs() -> Result<i64, String> {
    match var("ACADEMY_PAY_GRACE_DAYS") {
        None => Ok(crate::payments::GRACE_DAYS * 86_400),
        Some(days) => match days.parse::<i64>() {
            Ok(d) if (0..=60).contains(&d) => Ok(d * 86_400),
            _ => Err(format!("ACADEMY_PAY_GRACE_DAYS must be 0 to 60 days, not {days:?}")),
        },
    }
}

/// The payments desk from the environment, with `mailing` for its letters and the Stripe settings `needs` names.
pub fn payments_desk(
    mailing: Option<crate::enrolment::Mailing>,
    needs: StripeNeeds,
) -> Result<crate::payments::Desk, String> {
    Ok(crate::payments::Desk {
        cards: stripe(needs)?,
        how_to_pay: how_to_pay(),
        mailing,
        grace_secs: pay_grace_secs()?,
    })
}

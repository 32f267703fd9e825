//! A student's enrolment in a batch, the one lifecycle every way in shares: staff's Enrol, a
//! pasted roster, a plan paid by card (the payments webhook) and a payment staff record. Enrolling
//! issues a grant (a Secret ID, as `academy grant` does), stores the enrolment, then mails the
//! welcome; revoking ends the grant and every account's link at once, remembering the accounts so
//! what they watched stays in the console.
//!
//! The enrolment is stored before the mail is sent, and records whether the welcome went; the
//! Secret ID is in the answer once, and only its hash is kept.

use crate::domain::{AccessGrant, Batch, BatchLink, Enrolment, EnrolmentStatus};
use crate::http::error::ApiError;
use crate::learning::secret;
use crate::mail::{Mail, MailKind, Mailer};
use crate::store::{EnrolmentRecords, GrantRecords, StoreError, StudentRecords};
use crate::time;
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// An enrolment as staff see it, with what the student did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrolmentView {
    /// Its batch's id and 16 hex characters of its e-mail's digest.
    pub id: String,
    pub batch_id: String,
    pub name: String,
    pub email: String,
    pub status: EnrolmentStatus,
    /// The last day of access (`YYYY-MM-DD`, UTC), if access ends.
    pub access_until: Option<String>,
    pub enrolled_at: i64,
    /// Who enrolled the student (an e-mail).
    pub enrolled_by: String,
    pub enquiry_id: Option<String>,
    pub revoked_at: Option<i64>,
    /// Whether the last welcome mail was handed to the mailer: `sent` or `failed`.
    pub welcome: String,
    /// Whether a student's account holds the batch (signed in with this e-mail, or linked the Secret ID).
    pub account_linked: bool,
    pub lectures_watched: u32,
    pub lectures_total: u32,
    /// The last progress save of a linked account (epoch seconds).
    pub last_activity: Option<i64>,
}

/// What the accounts holding an enrolment's grant did in its batch.
#[derive(Debug, Default, Clone, Copy)]
pub struct Activity {
    pub linked: bool,
    pub watched: u32,
    pub last: Option<i64>,
}

impl EnrolmentView {
    pub fn of(enrolment: Enrolment, activity: Activity, lectures_total: u32) -> Self {
        Self {
            id: enrolment.id(),
            status: enrolment.status_at(time::now()),
            access_until: enrolment.access_until.map(time::last_day),
            welcome: if enrolment.welcome_sent { "sent" } else { "failed" }.into(),
            account_linked: activity.linked,
            lectures_watched: activity.watched,
            lectures_total,
            last_activity: activity.last,
            batch_id: enrolment.batch_id,
            name: enrolment.name,
            email: enrolment.email,
            enrolled_at: enrolment.enrolled_at,
            enrolled_by: enrolment.enrolled_by,
            enquiry_id: enrolment.enquiry_id,
            revoked_at: enrolment.revoked_at,
        }
    }
}

/// What staff mail with: the mailer, the sender, and the site's address for links.
#[derive(Clone)]
pub struct Mailing {
    pub mailer: Arc<dyn Mailer>,
    pub from: String,
    /// The site's origin, e.g. `https://skylinetech.academy` (`ACADEMY_SITE_URL`).
    pub site_url: String,
}

/// The welcome for `enrolment` in `batch` with its Secret ID.
pub fn welcome(mailing: &Mailing, enrolment: &Enrolment, batch: &Batch, secret_id: &str) -> Mail {
    let lms = format!("{}/lms", mailing.site_url.trim_end_matches('/'));
    let until = enrolment
        .access_until
        .map(|until| format!("Your access lasts until {} (UTC).", time::last_day(until)))
        .unwrap_or_default();
    let text = format!(
        "Dear {name},\n\nWelcome to {batch} at Skyline Tech Academy.\n\nSign in at {lms} with this e-mail address \
         ({email}) and the batch is under \"My batches\". On a shared computer, or without signing in, open the \
         batch's recorded lectures and enter your Secret ID:\n\n{secret_id}\n\nKeep it to yourself: it is yours \
         alone. {until}\n\nSkyline Tech Academy\n",
        name = enrolment.name,
        batch = batch.name,
        email = enrolment.email,
    );
    let e = |s: &str| html_escape::encode_text(s).into_owned();
    let html = format!(
        "<p>Dear {name},</p><p>Welcome to <strong>{batch}</strong> at Skyline Tech Academy.</p>\
         <p><a href=\"{lms_attr}\">Sign in</a> with this e-mail address ({email}) and the batch is under \
         &ldquo;My batches&rdquo;. On a shared computer, or without signing in, open the batch's recorded lectures \
         and enter your Secret ID:</p><p style=\"font-family:monospace;font-size:1.2em\">{secret}</p>\
         <p>Keep it to yourself: it is yours alone. {until}</p><p>Skyline Tech Academy</p>",
        name = e(&enrolment.name),
        batch = e(&batch.name),
        lms_attr = html_escape::encode_double_quoted_attribute(&lms),
        email = e(&enrolment.email),
        secret = e(secret_id),
        until = e(&until),
    );
    Mail {
        about: enrolment.id(),
        kind: MailKind::Welcome,
        from: mailing.from.clone(),
        to: enrolment.email.clone(),
        reply_to: None,
        subject: format!("Welcome to {}: your Secret ID", batch.name),
        text,
        html,
        calendar: None,
    }
}

/// Why one enrolment was not made.
pub enum Refusal {
    AlreadyEnrolled,
    Failed(ApiError),
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Self {
        Self::Failed(e.into())
    }
}

/// A new grant for `enrolment`'s batch and access end, and its Secret ID.
pub async fn new_grant(
    store: &(impl GrantRecords + ?Sized),
    batch_id: &str,
    email: &str,
    access_until: Option<i64>,
) -> Result<(AccessGrant, String), StoreError> {
    let secret_id = secret::generate();
    let grant = AccessGrant {
        batch_id: batch_id.to_owned(),
        secret_hash: secret::hash(&secret_id),
        label: Some(format!("enrolment: {email}")),
        created_at: time::now(),
        revoked_at: None,
        access_until,
        paused_at: None,
    };
    store.insert_grant(&grant).await?;
    Ok((grant, secret_id))
}

/// Revokes the grant behind `secret_hash`, if it is still active.
pub async fn revoke_grant(
    store: &(impl GrantRecords + ?Sized),
    batch_id: &str,
    secret_hash: &str,
) -> Result<(), StoreError> {
    if let Some(grant) = store.find_grant(batch_id, secret_hash).await?.filter(|g| g.revoked_at.is_none()) {
        store.revoke_grant(&grant, time::now()).await?;
    }
    Ok(())
}

/// Mails the welcome and records whether it went.
pub async fn send_welcome(
    store: &(impl EnrolmentRecords + ?Sized),
    mailing: Option<&Mailing>,
    mut enrolment: Enrolment,
    batch: &Batch,
    secret_id: &str,
) -> Result<Enrolment, StoreError> {
    let sent = match mailing {
        Some(mailing) => match mailing.mailer.send(&welcome(mailing, &enrolment, batch, secret_id)).await {
            Ok(()) => true,
            Err(error) => {
                tracing::error!(enrolment = %enrolment.id(), %error, "welcome mail failed");
                false
            }
        },
        None => {
            tracing::warn!(enrolment = %enrolment.id(), "no mailer: the welcome was not sent");
            false
        }
    };
    if sent != enrolment.welcome_sent {
        enrolment.welcome_sent = sent;
        store.save_enrolment(&enrolment).await?;
    }
    Ok(enrolment)
}

/// Enrols one checked student (staff's Enrol and bulk enrolment, a paid plan, a recorded payment): the grant, then the enrolment (a conditional put: one per e-mail
/// and batch; a revoked or expired one is replaced), then the welcome.
pub async fn enrol(
    store: &(impl EnrolmentRecords + GrantRecords + ?Sized),
    mailing: Option<&Mailing>,
    by: &str,
    batch: &Batch,
    (name, email): (String, String),
    access_until: Option<i64>,
    enquiry_id: Option<String>,
) -> Result<(Enrolment, String), Refusal> {
    let before = store.get_enrolment(&batch.id, &Enrolment::email_key(&email)).await?;
    if before.as_ref().is_some_and(|e| e.status_at(time::now()) == EnrolmentStatus::Active) {
        return Err(Refusal::AlreadyEnrolled);
    }
    let (grant, secret_id) = new_grant(store, &batch.id, &email, access_until).await?;
    let enrolment = Enrolment {
        batch_id: batch.id.clone(),
        name,
        email,
        secret_hash: grant.secret_hash.clone(),
        enrolled_at: time::now(),
        enrolled_by: by.to_owned(),
        access_until,
        enquiry_id,
        revoked_at: None,
        welcome_sent: false,
        // Enrolled again: what the student watched before still shows until their account links again.
        revoked_accounts: before.as_ref().map(|b| b.revoked_accounts.clone()).unwrap_or_default(),
    };
    let stored = match &before {
        None => store.insert_enrolment(&enrolment).await,
        Some(_) => store.save_enrolment(&enrolment).await,
    };
    if let Err(e) = stored {
        // Nobody will know this Secret ID: it must not stay valid.
        store.revoke_grant(&grant, time::now()).await?;
        return Err(match e {
            StoreError::Conflict => Refusal::AlreadyEnrolled,
            e => e.into(),
        });
    }
    if let Some(before) = before {
        revoke_grant(store, &batch.id, &before.secret_hash).await?;
    }
    let enrolment = send_welcome(store, mailing, enrolment, batch, &secret_id).await?;
    Ok((enrolment, secret_id))
}

/// Revokes `enrolment`: its accounts remembered, then the grant and every account's link gone.
/// Already revoked, it changes nothing but still makes sure the grant and links are gone.
pub async fn revoke(
    store: &(impl EnrolmentRecords + GrantRecords + StudentRecords + ?Sized),
    mut enrolment: Enrolment,
) -> Result<Enrolment, StoreError> {
    let holders: Vec<BatchLink> = store
        .list_batch_links(&enrolment.batch_id)
        .await?
        .into_iter()
        .filter(|l| l.secret_hash == enrolment.secret_hash)
        .collect();
    // The accounts are remembered before they are unlinked, so their history stays in the console.
    let before = enrolment.clone();
    enrolment.revoked_at = enrolment.revoked_at.or(Some(time::now()));
    for link in &holders {
        if !enrolment.revoked_accounts.contains(&link.sub) {
            enrolment.revoked_accounts.push(link.sub.clone());
        }
    }
    if enrolment != before {
        store.save_enrolment(&enrolment).await?;
    }
    revoke_grant(store, &enrolment.batch_id, &enrolment.secret_hash).await?;
    for link in holders {
        store.delete_link(&link.sub, &link.batch_id).await?;
    }
    Ok(enrolment)
}

/// Whether `enrolment` still gives access at `now`.
pub fn is_active(enrolment: &Enrolment, now: i64) -> bool {
    enrolment.status_at(now) == EnrolmentStatus::Active
}

/// Turns a refusal into the answer staff and payments give: already enrolled is a conflict.
pub fn refusal_error(refusal: Refusal, email: &str) -> ApiError {
    match refusal {
        Refusal::AlreadyEnrolled => ApiError::Conflict(format!("{email} is already enrolled in this batch.")),
        Refusal::Failed(e) => e,
    }
}

//! The welcome a newly enrolled student is mailed: their batch, their Secret ID, when access ends,
//! and where to sign in (`/lms`, with the e-mail enrolled: the batch is then theirs without typing
//! the Secret ID). Sent through the product's mailer (SES in AWS, the outbox locally).

use crate::domain::{Batch, Enrolment};
use crate::leads::mail::{Mail, MailKind, Mailer};
use crate::time;
use std::sync::Arc;

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
        submission: enrolment.id(),
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

//! Mail for stored submissions: what to send (`render`), sent by the mail kit's `Mailer`
//! (`crate::mail`: SES in AWS, an outbox folder of `.eml` files locally), and the delivery step that records the outcome on the
//! submission, shared by the stream-driven `mailer` Lambda, the local server and `academy
//! submissions resend`; and the local server's re-drive of what a crash left `pending` (`redrive`).

mod redrive;
mod render;
pub mod stream;

pub use redrive::{Redrive, Redriver};
pub use render::{auto_reply, notification};

use crate::domain::{Submission, SubmissionStatus};
use crate::limits::{Admission, ACKNOWLEDGEMENTS};
use crate::mail::{Mail, MailSettings, Mailer};
use crate::store::{Counters, StoreError, SubmissionRecords};

#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    #[error("no submission has id {0}")]
    Unknown(String),
    #[error("sending failed: {0}")]
    Send(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Sends an acknowledgement unless its recipient already had one today (`ACKNOWLEDGEMENTS`,
/// counted before sending, so concurrent deliveries cannot both send one).
async fn acknowledge(store: &(impl Counters + ?Sized), mailer: &dyn Mailer, reply: &Mail) -> Result<(), String> {
    let recipient = crate::ids::digest(&reply.to.trim().to_lowercase());
    match ACKNOWLEDGEMENTS.admit(store, &recipient, crate::time::now()).await.map_err(|e| e.to_string())? {
        Admission::Admitted { .. } => mailer.send(reply).await,
        Admission::Refused { .. } => {
            tracing::info!(submission = %reply.about, "acknowledgement skipped: this address had one today");
            Ok(())
        }
    }
}

/// Mails one stored submission and records the outcome (`sent`, or `failed` with the error and
/// the attempt count). A submission already sent is left alone unless `again` is set.
pub async fn deliver(
    store: &(impl SubmissionRecords + Counters + ?Sized),
    mailer: &dyn Mailer,
    settings: &MailSettings,
    id: &str,
    again: bool,
) -> Result<SubmissionStatus, DeliveryError> {
    let mut submission: Submission =
        store.get_submission(id).await?.ok_or_else(|| DeliveryError::Unknown(id.into()))?;
    if submission.status == SubmissionStatus::Sent && !again {
        return Ok(SubmissionStatus::Sent);
    }
    let mut outcome = mailer.send(&notification(&submission, settings)).await;
    if outcome.is_ok() && settings.auto_reply {
        if let Some(reply) = auto_reply(&submission, settings) {
            // The enquiry reached the institute; a failed acknowledgement is only logged.
            if let Err(e) = acknowledge(store, mailer, &reply).await {
                tracing::warn!(submission = id, error = %e, "auto-reply failed");
            }
        }
    }
    submission.attempts += 1;
    match &mut outcome {
        Ok(()) => {
            submission.status = SubmissionStatus::Sent;
            submission.last_error = None;
        }
        Err(e) => {
            tracing::error!(submission = id, attempts = submission.attempts, error = %e, "mail failed");
            submission.status = SubmissionStatus::Failed;
            submission.last_error = Some(std::mem::take(e));
        }
    }
    store.save_submission(&submission).await?;
    match submission.status {
        SubmissionStatus::Failed => Err(DeliveryError::Send(submission.last_error.unwrap_or_default())),
        status => Ok(status),
    }
}

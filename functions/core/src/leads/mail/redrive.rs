//! The local server's re-drive of submissions a crash left `pending`. Locally a submission is
//! mailed right after it is stored, in the same process; if that process dies in between (or
//! between writing the message and recording it `sent`), nothing else would ever mail it. So
//! `academy serve` runs a pass at start and every minute after: each submission still `pending`
//! a minute after it was stored is mailed, unless the mailer already holds its message (the
//! outbox's file exists), in which case it is only marked `sent`, so nobody is mailed twice; and
//! half-written messages (the outbox's partial files) are removed. In AWS the table's stream
//! already does this: every stored submission reaches the `mailer` Lambda, retried until it is
//! recorded, so the Lambdas run no re-drive.
//!
//! Passes read the store's creation-time index one range at a time: the first pass everything
//! up to a minute ago, each later one only what was stored since the range before it.

use super::{deliver, DeliveryError, MailSettings, Mailer};
use crate::domain::SubmissionStatus;
use crate::store::{Store, StoreError, SubmissionRecords};
use std::sync::Arc;
use std::time::Duration;

/// What one pass did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Redrive {
    /// Pending submissions mailed now.
    pub mailed: usize,
    /// Pending submissions whose message was already written: marked `sent`, not mailed again.
    pub marked_sent: usize,
    /// Pending submissions whose mail failed now (recorded `failed`; `academy submissions resend`).
    pub failed: usize,
    /// Half-written messages removed.
    pub partials_removed: usize,
}

pub struct Redriver {
    store: Store,
    mailer: Arc<dyn Mailer>,
    settings: MailSettings,
    /// How long a submission must have been pending, in seconds.
    age: i64,
    /// Every submission stored before this second was settled by an earlier pass.
    next_from: i64,
}

impl Redriver {
    /// A re-drive of submissions pending for at least `age` (a minute in `academy serve`).
    pub fn new(store: Store, mailer: Arc<dyn Mailer>, settings: MailSettings, age: Duration) -> Self {
        Self { store, mailer, settings, age: age.as_secs() as i64, next_from: 0 }
    }

    /// One pass at `now` (epoch seconds). A store failure ends it early; the next pass starts
    /// again from the same range.
    pub async fn pass(&mut self, now: i64) -> Result<Redrive, StoreError> {
        let mut done = Redrive::default();
        match self.mailer.clear_partials(Duration::from_secs(self.age as u64)).await {
            Ok(removed) => done.partials_removed = removed,
            Err(e) => tracing::warn!(error = %e, "could not remove partial messages"),
        }
        // Stored at least `age` whole seconds ago: `created_at` is the second it was stored in.
        let until = now - self.age - 1;
        if until < self.next_from {
            return Ok(done);
        }
        let mut settled = true;
        for submission in self.store.list_submissions_created(self.next_from, until).await? {
            if submission.status != SubmissionStatus::Pending {
                continue;
            }
            let id = submission.id.clone();
            match self.mailer.holds(&id).await {
                Ok(true) => {
                    let sent = crate::domain::Submission {
                        status: SubmissionStatus::Sent,
                        attempts: submission.attempts + 1,
                        last_error: None,
                        ..submission
                    };
                    self.store.save_submission(&sent).await?;
                    tracing::info!(submission = %id, "re-drive: already mailed, marked sent");
                    done.marked_sent += 1;
                }
                Ok(false) => match deliver(&self.store, self.mailer.as_ref(), &self.settings, &id, false).await {
                    Ok(_) => {
                        tracing::info!(submission = %id, "re-drive: mailed");
                        done.mailed += 1;
                    }
                    Err(DeliveryError::Send(_)) => done.failed += 1,
                    Err(DeliveryError::Unknown(_)) => {}
                    Err(DeliveryError::Store(e)) => return Err(e),
                },
                Err(e) => {
                    tracing::warn!(submission = %id, error = %e, "re-drive: cannot tell whether it was mailed");
                    settled = false;
                }
            }
        }
        if settled {
            self.next_from = until + 1;
        }
        Ok(done)
    }
}

//! Students enrolled by staff get their batches by signing in: every active enrolment naming the
//! account's provider-verified e-mail is linked to the account (as if its Secret ID had been
//! typed), so "My batches" and the lecture list know them. The Secret ID keeps working as before.

use crate::domain::{AccessGrant, BatchLink, EnrolmentStatus};
use crate::store::{EnrolmentRecords, GrantRecords, Result, StudentRecords};
use crate::time;

/// Links to `sub` each batch where `email` (verified, lowercase) is actively enrolled.
pub async fn claim(
    store: &(impl EnrolmentRecords + GrantRecords + StudentRecords + ?Sized),
    sub: &str,
    email: &str,
) -> Result<()> {
    let now = time::now();
    for enrolment in store.enrolments_of(email).await? {
        if enrolment.status_at(now) != EnrolmentStatus::Active {
            continue;
        }
        let link = store.get_link(sub, &enrolment.batch_id).await?;
        if link.is_some_and(|l| l.secret_hash == enrolment.secret_hash) {
            continue;
        }
        let grant = store.find_grant(&enrolment.batch_id, &enrolment.secret_hash).await?;
        if !grant.is_some_and(|g: AccessGrant| g.is_active_at(now)) {
            continue;
        }
        let link = BatchLink {
            sub: sub.to_owned(),
            batch_id: enrolment.batch_id,
            secret_hash: enrolment.secret_hash,
            linked_at: now,
        };
        store.put_link(&link).await?;
    }
    Ok(())
}

//! Who may watch a batch's lectures: whoever knows the Secret ID of an active grant for it
//! (checked under the guessing limit), or a signed-in student who linked one to their account.
//! The videos and `me` endpoints both decide here, so a wrong Secret ID counts toward the same
//! limit whichever of them it was sent to.

use crate::domain::AccessGrant;
use crate::http::client_key;
use crate::http::error::ApiError;
use crate::learning::secret;
use crate::limits::{Admission, SECRET_ID_GUESSES};
use crate::store::{Counters, GrantRecords, StudentRecords};
use crate::time;
use lambda_http::Request;

/// The active grant `secret` names for `batch_id`, counting a wrong one against the caller's
/// guesses for that batch. The batch must exist (the caller checked).
pub async fn check_secret(
    store: &(impl GrantRecords + Counters + ?Sized),
    req: &Request,
    batch_id: &str,
    secret: &str,
) -> Result<AccessGrant, ApiError> {
    let now = time::now();
    let guesser = format!("{batch_id}#{}", client_key(req));
    let attempt = match SECRET_ID_GUESSES.admit(store, &guesser, now).await? {
        Admission::Refused { retry_after } => {
            // Not checked, so not counted: kept, a burst of right Secret IDs from one address (a class
            // behind one NAT opening its lectures at once) left the count past the limit, and every
            // Secret ID from there refused until the window ended. Only wrong guesses stay counted.
            if let Err(e) = SECRET_ID_GUESSES.refund(store, &guesser, now).await {
                tracing::warn!(error = %e, "could not give back a refused attempt's count");
            }
            return Err(ApiError::TooManyRequests { retry_after });
        }
        Admission::Admitted { count } => count,
    };
    let grant = store.find_grant(batch_id, &secret::hash(secret)).await?.filter(AccessGrant::is_active);
    let Some(grant) = grant else {
        tracing::info!(batch = batch_id, failures = attempt, "secret id refused");
        return Err(ApiError::Forbidden("This Secret ID is not valid for this batch.".into()));
    };
    if let Err(e) = SECRET_ID_GUESSES.refund(store, &guesser, now).await {
        tracing::warn!(error = %e, "could not give back a right Secret ID's count");
    }
    unpaused(grant)
}

/// The grant a student linked for `batch_id`, while it is still active.
pub async fn linked_grant(
    store: &(impl StudentRecords + GrantRecords + ?Sized),
    sub: &str,
    batch_id: &str,
) -> Result<Option<AccessGrant>, ApiError> {
    let Some(link) = store.get_link(sub, batch_id).await? else { return Ok(None) };
    Ok(store.find_grant(batch_id, &link.secret_hash).await?.filter(AccessGrant::is_active))
}

/// `grant`, unless its plan is paused for an overdue payment: then the refusal that says so.
pub fn unpaused(grant: AccessGrant) -> Result<AccessGrant, ApiError> {
    if grant.is_paused() {
        return Err(ApiError::Forbidden(crate::domain::PAYMENT_OVERDUE.into()));
    }
    Ok(grant)
}

/// A signed-in student asked for a batch they have not linked.
pub fn not_linked() -> ApiError {
    ApiError::Forbidden("Link a Secret ID for this batch to your account first.".into())
}

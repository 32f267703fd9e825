//! The `mailer` Lambda's work: for each submission inserted into the table (from its stream),
//! deliver it; failures are reported per record so only they are retried, and after the
//! retries the stream's dead-letter queue keeps them. After the first failure the rest of the
//! batch is reported without being tried: the stream retries from the first failed record anyway,
//! and a failing or hanging mail service then costs one send's timeout, not one per record.

use super::{deliver, MailSettings, Mailer};
use crate::store::{keys, Counters, SubmissionRecords};
use aws_lambda_events::event::dynamodb::Event;
use aws_lambda_events::event::streams::{DynamoDbBatchItemFailure, DynamoDbEventResponse};
use serde::Deserialize;

#[derive(Deserialize)]
struct Image {
    pk: String,
    id: Option<String>,
}

/// Delivers every new submission in the event.
pub async fn on_stream(
    store: &(impl SubmissionRecords + Counters + ?Sized),
    mailer: &dyn Mailer,
    settings: &MailSettings,
    event: Event,
) -> DynamoDbEventResponse {
    let mut response = DynamoDbEventResponse::default();
    let mut failing = false;
    for record in event.records {
        if record.event_name != "INSERT" {
            continue;
        }
        let Ok(image) = serde_dynamo::from_item::<_, Image>(record.change.new_image) else {
            continue;
        };
        let Some(id) = image.id.filter(|_| image.pk.starts_with(&keys::submission_pk(""))) else {
            continue;
        };
        if failing {
            tracing::warn!(submission = %id, "not tried after an earlier failure; the stream will retry");
        } else if let Err(e) = deliver(store, mailer, settings, &id, false).await {
            tracing::error!(submission = %id, error = %e, "delivery failed; the stream will retry");
            failing = true;
        }
        if failing {
            let mut failure = DynamoDbBatchItemFailure::default();
            failure.item_identifier = record.change.sequence_number;
            response.batch_item_failures.push(failure);
        }
    }
    response
}

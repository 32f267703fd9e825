//! The AWS transcode queue. An upload's completion needs no message of ours: the lectures bucket's
//! own EventBridge "Object Created" event for `lectures/*/source/*` reaches the `transcode`
//! function. A retry has no new object, so the console sends an event the same function receives.

use super::TranscodeQueue;
use async_trait::async_trait;

/// Where a retry's event comes from, and what it is called (the `transcode` function's rule matches both).
pub const RETRY_SOURCE: &str = "academy.lectures";
pub const RETRY_DETAIL_TYPE: &str = "Lecture transcode requested";

/// In AWS: the default event bus.
pub struct EventBridgeQueue {
    client: aws_sdk_eventbridge::Client,
}

impl EventBridgeQueue {
    pub fn new(client: aws_sdk_eventbridge::Client) -> Self {
        Self { client }
    }
}

/// The retry event's detail: which lecture to transcode again.
pub fn retry_detail(batch_id: &str, lecture_number: u32) -> String {
    serde_json::json!({"batchId": batch_id, "lectureNumber": lecture_number}).to_string()
}

#[async_trait]
impl TranscodeQueue for EventBridgeQueue {
    async fn uploaded(&self, _batch_id: &str, _lecture_number: u32) -> Result<(), String> {
        Ok(())
    }

    async fn retry(&self, batch_id: &str, lecture_number: u32) -> Result<(), String> {
        use aws_sdk_eventbridge::types::PutEventsRequestEntry;
        let entry = PutEventsRequestEntry::builder()
            .event_bus_name("default")
            .source(RETRY_SOURCE)
            .detail_type(RETRY_DETAIL_TYPE)
            .detail(retry_detail(batch_id, lecture_number))
            .build();
        let sent = self.client.put_events().entries(entry).send().await.map_err(|e| {
            tracing::error!(error = %aws_sdk_eventbridge::error::DisplayErrorContext(&e), "PutEvents");
            "the transcoder could not be asked: try again shortly".to_owned()
        })?;
        if sent.failed_entry_count() > 0 {
            let why = sent.entries().first().and_then(|e| e.error_message()).unwrap_or("unknown").to_owned();
            tracing::error!(why, "PutEvents refused the retry event");
            return Err("the transcoder could not be asked: try again shortly".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_retry_event_names_the_lecture() {
        let detail: serde_json::Value = serde_json::from_str(&retry_detail("b1", 7)).unwrap();
        assert_eq!(detail, serde_json::json!({"batchId": "b1", "lectureNumber": 7}));
    }
}

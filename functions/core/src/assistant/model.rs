//! The generative-language API (Gemini's `generateContent`), called from the server only: the
//! key travels in the `x-goog-api-key` header, never in a URL and never to the browser.

use super::knowledge::Passage;
use serde_json::{json, Value};
use std::time::Duration;

pub const DEFAULT_BASE_URL: &str = "https://generativelanguage.googleapis.com";
/// The fast tier.
pub const DEFAULT_MODEL: &str = "gemini-2.5-flash";
pub const TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    #[error("model request failed: {0}")]
    Transport(String),
    #[error("model answered HTTP {0}")]
    Status(u16),
    #[error("model answer was not JSON: {0}")]
    Malformed(String),
}

pub struct GeminiModel {
    http: reqwest::Client,
    endpoint: String,
    key: String,
}

impl GeminiModel {
    pub fn new(base_url: &str, model: &str, key: &str, timeout: Duration) -> Result<Self, String> {
        let http = crate::tls::web_client().timeout(timeout).build().map_err(|e| e.to_string())?;
        let endpoint = format!("{}/v1beta/models/{model}:generateContent", base_url.trim_end_matches('/'));
        Ok(Self { http, endpoint, key: key.to_owned() })
    }

    fn instruction(company: &str) -> String {
        format!(
            "You are the website assistant of {company}, an IT training institute and software company. \
             Answer only questions about {company}: its courses, services, plans and prices, free demo, \
             policies, hours and contact details, using only the facts given. Be brief and friendly. \
             If the question is about anything else, reply exactly: {}",
            super::off_topic(company)
        )
    }

    /// The model's reply; `Ok(None)` when it gave no text.
    pub async fn ask(
        &self,
        company: &str,
        passages: &[&Passage],
        question: &str,
    ) -> Result<Option<String>, ModelError> {
        let facts: String = passages.iter().map(|p| format!("- {}: {} ({})\n", p.title, p.text, p.url)).collect();
        let body = json!({
            "system_instruction": { "parts": [{ "text": Self::instruction(company) }] },
            "contents": [{ "role": "user", "parts": [{ "text": format!("Facts:\n{facts}\nQuestion: {question}") }] }],
        });
        let response = self
            .http
            .post(&self.endpoint)
            .header("x-goog-api-key", &self.key)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .map_err(|e| ModelError::Transport(e.to_string()))?;
        if !response.status().is_success() {
            return Err(ModelError::Status(response.status().as_u16()));
        }
        let text = response.text().await.map_err(|e| ModelError::Transport(e.to_string()))?;
        let reply: Value = serde_json::from_str(&text).map_err(|e| ModelError::Malformed(e.to_string()))?;
        Ok(reply["candidates"][0]["content"]["parts"][0]["text"]
            .as_str()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned))
    }
}

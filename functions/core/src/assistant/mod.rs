//! The assistant: answers questions about the institute only, grounded in the site's own
//! content (`infra/knowledge/knowledge.json`, generated from the site's content modules). With a
//! model key it asks the generative-language API with the best passages; without one, or when
//! the model fails, the offline answerer replies with the best passage itself.

pub mod api;
pub mod ask;
pub mod knowledge;
pub mod model;
pub mod provider;

pub use knowledge::{Knowledge, Passage};
pub use model::{GeminiModel, ModelError};
pub use provider::ModelProvider;

/// The product's (docs/product.md#messages) reply when the model gives no answer.
pub const NO_ANSWER: &str = "❌ No answer available.";

/// The product's (docs/product.md#messages) decline for questions about anything else.
pub fn off_topic(company: &str) -> String {
    format!("⚠️ I can only provide information about {company} and its services.")
}

/// Where an answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AnswerSource {
    Model,
    Offline,
}

/// Answers with the model when there is one and it answers; otherwise offline.
pub async fn answer(knowledge: &Knowledge, model: Option<&GeminiModel>, question: &str) -> (String, AnswerSource) {
    let passages = knowledge.search(question, 4);
    if let Some(model) = model {
        match model.ask(&knowledge.company, &passages, question).await {
            Ok(Some(text)) => return (text, AnswerSource::Model),
            Ok(None) => return (NO_ANSWER.into(), AnswerSource::Model),
            Err(e) => tracing::warn!(error = %e, "model failed; answering offline"),
        }
    }
    (knowledge.offline_answer(&passages), AnswerSource::Offline)
}

//! The assistant's route and service.

use super::{Knowledge, ModelProvider};
use crate::http::contract::Schemas;
use crate::http::routes::{Routes, Service};
use crate::http::Answer;
use crate::store::Store;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};
use std::sync::Arc;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChatRoute {
    Chat,
}

impl Routes for ChatRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        matches!(parts, ["api", "chat"]).then_some(Self::Chat)
    }

    fn methods(&self) -> &'static [Method] {
        &[Method::POST]
    }
}

/// The assistant: the store (its limit), what it knows, and the model it may ask.
pub struct ChatApi {
    pub store: Store,
    pub knowledge: Arc<Knowledge>,
    pub model: ModelProvider,
}

#[async_trait]
impl Service for ChatApi {
    type Route = ChatRoute;
    async fn answer(&self, _route: ChatRoute, req: &Request) -> Answer {
        let model = self.model.get().await;
        super::ask::chat(&self.store, &self.knowledge, model.as_deref(), req).await
    }
}

/// The contract of the assistant: its routes' annotations and answers, merged into the whole document
/// by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(super::ask::chat,),
    components(schemas(super::ask::ChatRequest, super::ask::ChatAnswer, super::AnswerSource,))
)]
pub struct Contract;

/// The bodies' fields as the server checks them, in the contract (`platform::openapi` calls this once every
/// feature's contract is merged).
pub fn body_rules(schemas: &mut Schemas) {
    if let Some(RefOr::T(Schema::Object(chat))) = schemas.get_mut("ChatRequest") {
        let question = ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(super::ask::MAX_QUESTION_CHARS))
            .pattern(Some("\\S"))
            .description(Some(format!(
                "At most {} characters, not all of them spaces.",
                super::ask::MAX_QUESTION_CHARS
            )));
        chat.properties.insert("question".into(), question.into());
    }
}

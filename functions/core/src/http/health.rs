//! `GET /api/health`: liveness only; it touches no store.

use crate::http::ok;
use lambda_http::{Body, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `GET /api/health` answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Health {
    pub status: String,
}

#[utoipa::path(get, path = "/api/health", tag = "ops", responses((status = 200, body = Health)))]
pub fn health() -> Response<Body> {
    ok(&Health { status: "ok".into() })
}

/// The health check's one route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HealthRoute {
    Health,
}

impl crate::http::routes::Routes for HealthRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        matches!(parts, ["api", "health"]).then_some(Self::Health)
    }

    fn methods(&self) -> &'static [lambda_http::http::Method] {
        &[lambda_http::http::Method::GET]
    }
}

/// `/api/health`: nothing.
pub struct HealthApi;

#[async_trait::async_trait]
impl crate::http::routes::Service for HealthApi {
    type Route = HealthRoute;
    async fn answer(&self, _route: HealthRoute, _req: &lambda_http::Request) -> crate::http::Answer {
        Ok(health())
    }
}

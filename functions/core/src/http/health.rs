//! `GET /api/health`: liveness only; it touches no store.

use crate::domain::Health;
use crate::http::ok;
use lambda_http::{Body, Response};

#[utoipa::path(get, path = "/api/health", tag = "ops", responses((status = 200, body = Health)))]
pub fn health() -> Response<Body> {
    ok(&Health { status: "ok".into() })
}

//! The visitor's country: its route and service.

use crate::http::routes::{Routes, Service};
use crate::http::Answer;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GeoRoute {
    Geo,
}

impl Routes for GeoRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        matches!(parts, ["api", "geo"]).then_some(Self::Geo)
    }

    fn methods(&self) -> &'static [Method] {
        &[Method::GET]
    }
}

/// `/api/geo`: the country assumed when the CDN sends none (`ACADEMY_DEFAULT_COUNTRY`).
pub struct GeoApi {
    pub default_country: Option<String>,
}

#[async_trait]
impl Service for GeoApi {
    type Route = GeoRoute;
    async fn answer(&self, _route: GeoRoute, req: &Request) -> Answer {
        Ok(super::geo(req, self.default_country.as_deref()))
    }
}

/// The contract of the visitor's country: its routes' annotations and answers, merged into the whole document
/// by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(paths(super::geo,), components(schemas(super::GeoAnswer,)))]
pub struct Contract;

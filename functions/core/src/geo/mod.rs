//! `GET /api/geo`: the visitor's country from the CDN's `CloudFront-Viewer-Country` header (the
//! same header locally; else `ACADEMY_DEFAULT_COUNTRY`). No third party sees the visitor.

use crate::http::{header, ok};
use lambda_http::{Body, Request, Response};
use serde::Serialize;
use utoipa::ToSchema;

pub mod api;

pub const COUNTRY_HEADER: &str = "cloudfront-viewer-country";

/// The fields docs/product.md#api reads from a geolocation answer.
#[derive(Debug, Serialize, ToSchema, PartialEq)]
pub struct GeoAnswer {
    pub country: Option<String>,
    pub country_code: Option<String>,
    pub success: bool,
}

fn lookup(code: &str) -> Option<GeoAnswer> {
    let country = isocountry::CountryCode::for_alpha2_caseless(code).ok()?;
    Some(GeoAnswer { country: Some(country.name().into()), country_code: Some(country.alpha2().into()), success: true })
}

#[utoipa::path(get, path = "/api/geo", tag = "visitor", responses((status = 200, body = GeoAnswer)))]
pub fn geo(req: &Request, default_country: Option<&str>) -> Response<Body> {
    let code = header(req, COUNTRY_HEADER).or(default_country);
    ok(&code.and_then(lookup).unwrap_or(GeoAnswer { country: None, country_code: None, success: false }))
}

//! The public catalog: courses, outlines and batches (`GET /api/courses`, `/api/outline/…`,
//! `/api/batches…`), and the catalog files `academy import` reads (`import`).

pub mod api;
pub mod import;

use crate::domain::{Batch, Course, Outline};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::Answer;
use crate::http::{ok_cached, CATALOG_CACHE};
use crate::store::CatalogRecords;
use lambda_http::{Body, Response};

/// Catalog answers may be cached briefly (errors are not: `ApiError` answers say `no-store`).
fn ok<T: serde::Serialize>(value: &T) -> Response<Body> {
    ok_cached(value, CATALOG_CACHE)
}

#[utoipa::path(get, path = "/api/courses", tag = "catalog",
    responses((status = 200, body = [Course]), (status = 503, body = ErrorBody)))]
pub async fn courses(store: &dyn CatalogRecords) -> Answer {
    Ok(ok(&store.list_courses().await?))
}

#[utoipa::path(get, path = "/api/outline/{courseId}", tag = "catalog",
    params(("courseId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, body = Outline), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn outline(store: &dyn CatalogRecords, course_id: &str) -> Answer {
    let course_id = ApiError::checked_id(course_id, "course")?;
    match store.get_outline(course_id).await? {
        Some(outline) => Ok(ok(&outline)),
        None => Err(ApiError::NotFound("No outline exists for this course.".into())),
    }
}

#[utoipa::path(get, path = "/api/batches", tag = "catalog",
    responses((status = 200, body = [Batch]), (status = 503, body = ErrorBody)))]
pub async fn batches(store: &dyn CatalogRecords) -> Answer {
    Ok(ok(&store.list_batches().await?))
}

#[utoipa::path(get, path = "/api/batches/{batchId}", tag = "catalog",
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, body = Batch), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn batch(store: &dyn CatalogRecords, batch_id: &str) -> Answer {
    let batch_id = ApiError::checked_id(batch_id, "batch")?;
    match store.get_batch(batch_id).await? {
        Some(batch) => Ok(ok(&batch)),
        None => Err(ApiError::NotFound("No batch has this id.".into())),
    }
}

/// An unknown course is a 404, so a mistyped link is told apart from a course with no batches.
#[utoipa::path(get, path = "/api/batches/course/{courseId}", tag = "catalog",
    params(("courseId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, body = [Batch]), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn batches_of_course(store: &dyn CatalogRecords, course_id: &str) -> Answer {
    let course_id = ApiError::checked_id(course_id, "course")?;
    if store.get_course(course_id).await?.is_none() {
        return Err(ApiError::NotFound("No course has this id.".into()));
    }
    Ok(ok(&store.list_batches_of_course(course_id).await?))
}

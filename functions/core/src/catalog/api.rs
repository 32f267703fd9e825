//! The catalog's routes (courses, outlines, batches) and their service.

use crate::http::routes::{Routes, Service};
use crate::http::Answer;
use crate::store::Store;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CatalogRoute {
    Courses,
    Outline(String),
    AllBatches,
    Batch(String),
    BatchesOfCourse(String),
}

impl Routes for CatalogRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let id = |s: &str| s.to_owned();
        Some(match parts {
            ["api", "courses"] => Self::Courses,
            ["api", "outline", course] => Self::Outline(id(course)),
            ["api", "batches"] => Self::AllBatches,
            ["api", "batches", "course", course] => Self::BatchesOfCourse(id(course)),
            ["api", "batches", batch] => Self::Batch(id(batch)),
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        &[Method::GET]
    }
}

/// Courses, outlines and batches: the store.
pub struct CatalogApi {
    pub store: Store,
}

#[async_trait]
impl Service for CatalogApi {
    type Route = CatalogRoute;
    async fn answer(&self, route: CatalogRoute, _req: &Request) -> Answer {
        let store = &self.store;
        match route {
            CatalogRoute::Courses => super::courses(store).await,
            CatalogRoute::Outline(course) => super::outline(store, &course).await,
            CatalogRoute::AllBatches => super::batches(store).await,
            CatalogRoute::Batch(batch) => super::batch(store, &batch).await,
            CatalogRoute::BatchesOfCourse(course) => super::batches_of_course(store, &course).await,
        }
    }
}

/// The contract of the catalog: its routes' annotations and answers, merged into the whole document
/// by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    crate::catalog::courses,
    crate::catalog::outline,
    crate::catalog::batches,
    crate::catalog::batch,
    crate::catalog::batches_of_course,
))]
pub struct Contract;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::routes::resolve;

    #[test]
    fn resolves_the_catalog_paths() {
        let id = "665f1c2a9b3e4d0012a1b001";
        assert_eq!(resolve("/api/courses"), Some(CatalogRoute::Courses));
        assert_eq!(resolve(&format!("/api/outline/{id}")), Some(CatalogRoute::Outline(id.into())));
        assert_eq!(resolve("/api/batches/"), Some(CatalogRoute::AllBatches));
        assert_eq!(resolve(&format!("/api/batches/{id}")), Some(CatalogRoute::Batch(id.into())));
        assert_eq!(resolve(&format!("/api/batches/course/{id}")), Some(CatalogRoute::BatchesOfCourse(id.into())));
        assert_eq!(resolve("/api/outline/%61bc"), Some(CatalogRoute::Outline("abc".into())));
        for path in ["/api", "/api/", "/api/nope", "/courses", "/api/outline", "/api/batches/a/b/c"] {
            assert_eq!(resolve::<CatalogRoute>(path), None, "{path}");
        }
    }
}

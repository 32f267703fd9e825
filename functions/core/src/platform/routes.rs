//! The local server's route table: a path prefix → the service (one per Lambda) answering under
//! it. A request goes to the first service whose prefix the path starts with and that has a route
//! for it (`http::routes::dispatch`): several features share `/api/staff/batches/{batchId}/…`, each
//! with its own routes below it. A Lambda needs no table; it answers with its one service
//! (`lambda.rs`). A new service is one line here; a new route of an existing service, none.

use super::local::AppState;
use crate::http::routes::{self, Mounted};
use lambda_http::{Body, Request, Response};

/// Every service of `state` under its path prefix: a line each, or one for each tree its routes sit in.
pub fn table(state: &AppState) -> Vec<(&'static str, &dyn Mounted)> {
    vec![
        ("/api/health", &state.health),
        ("/api/geo", &state.geo),
        ("/api/courses", &state.catalog),
        ("/api/outline", &state.catalog),
        ("/api/batches", &state.catalog),
        ("/api/batches", &state.videos),
        ("/lecture", &state.lecture),
        ("/api/me", &state.me),
        ("/api/send-email", &state.send_email),
        ("/api/chat", &state.chat),
        ("/api/demo", &state.demo),
        ("/api/certificates", &state.certificates),
        ("/api/me/certificates", &state.certificates),
        ("/api/me", &state.sessions),
        ("/calendar", &state.sessions),
        ("/api/me/assignments", &state.assignments),
        ("/api/payments/stripe/webhook", &state.payments_webhook),
        ("/api/payments", &state.payments),
        ("/api/me/billing", &state.payments),
        ("/api/staff", &state.staff_enquiries),
        ("/api/staff", &state.staff_enrolments),
        ("/api/staff/batches", &state.staff_reports),
        ("/api/staff/audit", &state.staff_audit),
        ("/api/staff/batches", &state.staff_lectures),
        ("/api/staff/demo", &state.staff_demo),
        ("/api/staff", &state.staff_certificates),
        ("/api/staff", &state.staff_sessions),
        ("/api/staff", &state.staff_assignments),
        ("/api/staff", &state.staff_payments),
    ]
}

/// Answers one request locally, by the route table.
pub async fn dispatch(state: &AppState, req: Request) -> Response<Body> {
    routes::dispatch(&state.origin, &table(state), req).await
}

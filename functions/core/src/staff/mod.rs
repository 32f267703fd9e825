//! The staff console's own area over the features (`/api/staff/enrolments…`, `/api/staff/batches…`):
//! enrolments and the batches' rosters (`enrolments`, over the one enrolment lifecycle in
//! `crate::enrolment`) and what a batch's students did across lectures, live classes and
//! assignments (`report`). Each feature's own console side sits in the feature
//! (`demo/console.rs`, `payments/console.rs`, …) and uses the console's kit (`crate::console`).
//! The console works on the product's other features (a lead becomes an enrolment, an enrolment a
//! grant), so it may use them; only the wiring uses it (docs/decisions/0028-staff-console.md).

pub mod api;
pub mod enrolments;
pub mod report;

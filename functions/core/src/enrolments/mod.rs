//! Enrolments (`/api/staff/enrolments…`, `/api/staff/batches…`): staff enrol students in a batch,
//! one at a time or a pasted roster, list and revoke them and send a welcome again (`console`, over
//! the one enrolment lifecycle in `crate::enrolment`, which a paid plan runs too), and read what a
//! batch's students did across lectures, live classes and assignments (`report`). What the report
//! reads of live classes and assignments it reads through the shared rule's narrow traits
//! (`completion::AttendanceOf`, `completion::AssignmentsOf`), so this feature imports no other
//! (docs/decisions/0026-backend-by-feature.md, docs/decisions/0028-staff-console.md).

pub mod api;
pub mod console;
pub mod report;

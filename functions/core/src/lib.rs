//! Academy's backend, grouped by feature as the site is (`site/app/features/`): each feature
//! folder holds its records' rules, its handlers and their contract annotations, and in `api.rs`
//! its routes (paths and methods), the services that answer them (one per Lambda) and its part of
//! the API document (docs/decisions/0046-routes-beside-their-handlers.md), and its letters
//! (the mail kit's `Mail`). A feature that owns its records alone also holds their shapes and its
//! store interface and key layout over the table's `Items` (`payments/`, `demo/`, `live/`,
//! `assignments/`: `records.rs`, `store.rs`); records several features read stay in `domain.rs`
//! and `store/`, and what a shared rule reads of one feature is a narrow trait the feature
//! implements (`completion::AttendanceOf`, `completion::AssignmentsOf`, `zones::ZoneOf`), as the
//! batch report of `enrolments/` reads attendance and assignments.
//! Beside them sit the kits every feature may use, and nothing else may be shared:
//! - `store/` (one key layout, two backends: SQLite locally, DynamoDB in AWS);
//! - `mail/` (a message and its MIME, the one `Mailer`: SES in AWS, an outbox folder locally);
//! - `objects/` (files sent to storage in parts and handed out by short-lived links, their type
//!   decided by their content);
//! - `pdf/` (the printed documents' faces, text and mark);
//! - `http/` (the route and service traits, errors, the origin guard, identity, the bodies' whole numbers);
//! - the records several features share (`domain.rs`), the enrolment lifecycle (`enrolment.rs`),
//!   the completion rule (`completion.rs`), ids, time, per-client limits, link signatures, the
//!   trust roots of every HTTPS client (`tls.rs`) and the time zones times are read in (`zones.rs`);
//! - `console/` (the staff console's kit: who acts, paging, the audit trail, spreadsheets, shared
//!   checks); each feature's console side is its own `console.rs`.
//!
//! `platform/` is the one place that reads the environment and builds each Lambda's dependencies
//! and the local server's (with its table of path prefix → service, `platform/routes.rs`).
//! Dependencies point one way: platform → features → kits, and no feature imports another
//! (docs/decisions/0026-backend-by-feature.md; `tests/architecture.rs` checks it).

// Shared
pub mod completion;
pub mod console;
pub mod domain;
pub mod enrolment;
pub mod http;
pub mod ids;
pub mod limits;
pub mod mail;
pub mod objects;
pub mod pdf;
pub mod signature;
pub mod store;
pub mod time;
pub mod tls;
pub mod zones;

// Features
pub mod assignments;
pub mod assistant;
pub mod catalog;
pub mod certificates;
pub mod demo;
pub mod enrolments;
pub mod geo;
pub mod leads;
pub mod learning;
pub mod live;
pub mod media;
pub mod payments;

// Wiring
pub mod platform;

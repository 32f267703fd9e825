//! Academy's backend, grouped by feature as the site is (`site/app/features/`): each feature
//! folder holds its rules, its handlers and the narrow store interface it needs. Beside them sit
//! the shared parts: the completion rule certificates and the student's batch list share
//! (`completion.rs`), `http/` (routing, errors, the origin guard, identity), `store/` (one key
//! layout, two backends), the records (`domain.rs`), ids, time, per-client limits, link signatures and the trust
//! roots of every HTTPS client (`tls.rs`), how letters greet (`mail.rs`, the start of the mail kit), the time zones times are read in (`zones.rs`), and
//! `platform/`, the one place that reads the environment and builds each Lambda's dependencies
//! and the local server's. Dependencies point one way: platform → features → http, store →
//! domain (docs/decisions/0026-backend-by-feature.md; `tests/architecture.rs` checks it).

// Shared
pub mod completion;
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
pub mod geo;
pub mod leads;
pub mod learning;
pub mod live;
pub mod media;
pub mod payments;

// The staff console, over the features
pub mod staff;

// Wiring
pub mod platform;

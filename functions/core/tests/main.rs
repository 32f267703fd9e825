//! The core's integration tests in one binary, so the AWS SDK and the crate are linked once rather
//! than once per file: each file beside this one is a module on one area (a store conformance suite,
//! a feature's API, the infrastructure's faults). `tests/trust.rs` stays a binary of its own: it sets
//! the process's trust store and AWS endpoint, which every other test reads.

#[macro_use]
mod support;
mod oidc;

mod api;
mod architecture;
mod assignments;
mod assistant_knowledge;
mod certificates;
mod chat;
mod conformance;
mod demo;
mod faults;
mod hls;
mod iam;
mod leads;
mod lecture;
mod lectures;
mod live;
mod me;
mod media;
mod objects;
mod partitions;
mod payments;
mod staff;
mod transcode;

//! Academy's backend: domain types, validation, the store, and the HTTP handlers that every
//! Lambda binary and the local `academy serve` process share. Handlers never see which adapter
//! (DynamoDB or SQLite, S3 or local) sits behind the traits they are given.

pub mod access;
pub mod aws;
pub mod catalog;
pub mod chat;
pub mod domain;
pub mod edge;
pub mod error;
pub mod forms;
pub mod handlers;
pub mod http;
pub mod identity;
pub mod ids;
pub mod lambda;
pub mod lecture;
pub mod mail;
pub mod openapi;
pub mod rate;
pub mod routes;
pub mod secret;
pub mod services;
pub mod state;
pub mod store;
pub mod telemetry;
pub mod time;
pub mod tls;

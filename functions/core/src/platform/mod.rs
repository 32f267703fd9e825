//! The wiring: the environment (`env`, read nowhere else), AWS clients (`aws`), each endpoint's
//! service with exactly its dependencies (`services`), the demo feature's letters sent by the
//! mailer (`letters`), the Lambda entry points (`lambda`), the local world (`local`), the
//! contract (`openapi`) and logging (`telemetry`). Nothing outside this folder depends on it.

pub mod aws;
pub mod env;
pub mod lambda;
pub mod local;
pub mod objects;
pub mod openapi;
pub mod routes;
pub mod telemetry;

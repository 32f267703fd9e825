//! Learning: who may watch a batch (`access`, Secret IDs in `secret`), the videos answer
//! (`videos`), lecture files behind signed links (`lecture`), and a signed-in student's own
//! batches and progress (`me`), which a student enrolled by staff gets by signing in (`enrolled`),
//! and when a lecture counts as watched (`watching`).

pub mod access;
pub mod api;
pub mod enrolled;
pub mod lecture;
pub mod me;
mod records;
pub mod secret;
pub mod videos;
pub mod watching;

pub use records::*;

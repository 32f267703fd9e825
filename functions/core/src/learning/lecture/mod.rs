//! Lecture files behind short-lived signed links (docs/decisions/0007-signed-lecture-links.md).
//!
//! The `videos` endpoint turns each stored file (`s3://bucket/key`) into a same-origin link
//! `/lecture/{batchId}/{lectureNumber}?grant=…&expires=…&key=…&signature=…`, signed with an
//! HMAC key (`keys.rs`). The `lecture` endpoint checks that link (`link.rs`), then the grant it
//! names, on every fetch, and only then hands out the file (`files.rs`): a redirect to a presigned
//! S3 URL in AWS, the bytes with Range support locally. A recording transcoded to HLS is played
//! through the same function: its playlists, rewritten so that every URI in them is signed
//! (`playlist.rs`, docs/decisions/0031-signed-playlists-and-segments.md).

pub mod files;
pub mod keys;
pub mod link;
pub mod playlist;
pub mod recording;
pub mod serve;
mod sigv4;

pub use files::{Delivery, FolderFiles, LectureFiles, S3Files, SegmentsCdn};
pub use keys::{KeySource, LectureKeys};
pub use link::{FileSigner, LectureLinks, LinkParams, LinkRefused, DEFAULT_LINK_SECS};

/// Where a stored lecture file is (`s3://bucket/key`); a shared record's rule (`crate::domain`).
pub use crate::domain::parse_s3_url;

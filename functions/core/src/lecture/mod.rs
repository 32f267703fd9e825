//! Lecture files behind short-lived signed links (docs/decisions/0007-signed-lecture-links.md).
//!
//! The `videos` endpoint turns each stored file (`s3://bucket/key`) into a same-origin link
//! `/lecture/{batchId}/{lectureNumber}?grant=…&expires=…&key=…&signature=…`, signed with an
//! HMAC key (`keys.rs`). The `lecture` endpoint checks that link (`link.rs`), then the grant it
//! names, on every fetch, and only then hands out the file (`files.rs`): a redirect to a presigned
//! S3 URL in AWS, the bytes with Range support locally.

pub mod files;
pub mod keys;
pub mod link;

pub use files::{FolderFiles, LectureFiles, S3Files};
pub use keys::{KeySource, LectureKeys};
pub use link::{LectureLinks, LinkParams, LinkRefused, DEFAULT_LINK_SECS};

/// Splits `s3://bucket/key` into its parts.
pub fn parse_s3_url(url: &str) -> Option<(&str, &str)> {
    let rest = url.strip_prefix("s3://")?;
    let (bucket, key) = rest.split_once('/')?;
    (!bucket.is_empty() && !key.is_empty()).then_some((bucket, key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_only_complete_s3_urls() {
        assert_eq!(parse_s3_url("s3://b/k/v.mp4"), Some(("b", "k/v.mp4")));
        assert_eq!(parse_s3_url("s3://b/"), None);
        assert_eq!(parse_s3_url("s3:///k"), None);
        assert_eq!(parse_s3_url("https://x/y"), None);
    }
}

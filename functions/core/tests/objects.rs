//! The objects kit's one contract (`academy_core::objects::Objects`), run on both of its stores:
//! the lecture folder (`FolderUploads`, whose parts and downloads `academy serve` answers) and S3
//! on moto (`S3Uploads`, parts and downloads by presigned URLs). Each case speaks only the trait,
//! plus the browser's part of it: PUT each part where its URL says, GET the download link.

use crate::support;

use academy_core::media::uploads::{FolderUploads, S3Uploads, LOCAL_MIN_PART};
use academy_core::objects::Objects;
use std::sync::Arc;

/// One store, as the kit sees it and as a browser reaches it.
struct Backend {
    objects: Arc<dyn Objects>,
    /// Locally the server answers the part and download URLs; `None`: they are S3's.
    folder: Option<Arc<FolderUploads>>,
}

impl Backend {
    fn folder() -> Self {
        let root = std::env::temp_dir().join(format!("academy-objects-{}", academy_core::ids::generate()));
        let folder = Arc::new(FolderUploads::new(&root, None, Some(LOCAL_MIN_PART * 4)).unwrap());
        Self { objects: folder.clone(), folder: Some(folder) }
    }

    async fn s3() -> Self {
        let config = support::moto_config().await;
        let s3 = aws_sdk_s3::Client::from_conf(support::moto_s3(&config).build());
        let bucket = format!("academy-objects-{}", academy_core::ids::generate());
        support::create_bucket(&s3, &bucket).await;
        Self { objects: Arc::new(S3Uploads::new(s3, &bucket)), folder: None }
    }

    /// PUTs one part to its URL; its ETag, or the refusal's status.
    async fn put(&self, url: &str, bytes: &[u8]) -> Result<String, u16> {
        let (status, etag) = match &self.folder {
            Some(folder) => {
                let (path, query) = url.split_once('?').expect("a signed part URL");
                let (upload, part) =
                    path.strip_prefix("/upload/").expect("the local part route").split_once('/').unwrap();
                let answer = folder.put_part(upload, part, Some(query), bytes).await;
                (answer.status().as_u16(), answer.headers().get("etag").map(|e| e.to_str().unwrap().to_owned()))
            }
            None => {
                let answer = reqwest::Client::new().put(url).body(bytes.to_vec()).send().await.unwrap();
                (answer.status().as_u16(), answer.headers().get("etag").map(|e| e.to_str().unwrap().to_owned()))
            }
        };
        match (status, etag) {
            (200, Some(etag)) => Ok(etag),
            (status, _) => Err(status),
        }
    }

    /// GETs a download link: its status, `Content-Disposition` and body.
    async fn get(&self, url: &str) -> (u16, String, Vec<u8>) {
        match &self.folder {
            Some(folder) => {
                let (path, query) = url.split_once('?').expect("a signed download link");
                let key = path.strip_prefix("/download/").expect("the local download route");
                let key = percent_encoding::percent_decode_str(key).decode_utf8().unwrap();
                let answer = folder.serve_download(&key, Some(query)).await;
                let disposition = answer.headers().get("content-disposition").map(|d| d.to_str().unwrap().to_owned());
                let body = match answer.body() {
                    lambda_http::Body::Binary(bytes) => bytes.clone(),
                    lambda_http::Body::Text(text) => text.as_bytes().to_vec(),
                    _ => Vec::new(),
                };
                (answer.status().as_u16(), disposition.unwrap_or_default(), body)
            }
            None => {
                let answer = reqwest::get(url).await.unwrap();
                let status = answer.status().as_u16();
                // S3 answers with the `response-content-disposition` the link is signed with; moto
                // leaves it out, so the link's own is read when the answer has none.
                let query = url.split_once('?').map(|(_, q)| q).unwrap_or_default();
                let signed = form_urlencoded::parse(query.as_bytes())
                    .find(|(k, _)| k == "response-content-disposition")
                    .map(|(_, v)| v.into_owned());
                let disposition = answer.headers().get("content-disposition").map(|d| d.to_str().unwrap().to_owned());
                (status, disposition.or(signed).unwrap_or_default(), answer.bytes().await.unwrap().to_vec())
            }
        }
    }

    /// Sends `bytes` to `key` in parts as the kit sizes them; the parts' numbers and ETags.
    async fn send(&self, key: &str, bytes: &[u8]) -> (String, Vec<(u32, String)>) {
        let part_size = self.objects.part_size(bytes.len() as u64);
        let count = bytes.len().div_ceil(part_size as usize) as u32;
        let upload = self.objects.start(key, part_size).await.unwrap();
        let urls = self.objects.part_urls(key, &upload, count).await.unwrap();
        assert_eq!(urls.len(), count as usize);
        let mut parts = Vec::new();
        for (i, part) in urls.iter().enumerate() {
            let from = i * part_size as usize;
            let to = (from + part_size as usize).min(bytes.len());
            parts.push((part.number, self.put(&part.url, &bytes[from..to]).await.expect("a part is taken")));
        }
        (upload, parts)
    }
}

/// A file of `size` bytes that is not all one byte.
fn file(size: usize) -> Vec<u8> {
    (0..size).map(|i| (i % 251) as u8).collect()
}

async fn a_file_sent_in_parts_is_whole_and_downloads_as_an_attachment(store: Backend) {
    let key = format!("conformance/{}/notes.pdf", academy_core::ids::generate());
    // Just over one part as the store sizes them (16 MiB on S3, the floor locally): two parts.
    let bytes = file(store.objects.part_size(1) as usize + 17);
    let (upload, parts) = store.send(&key, &bytes).await;
    assert_eq!(parts.len(), 2);
    store.objects.complete(&key, &upload, &parts).await.unwrap();
    let (size, head) = store.objects.head(&key, 8).await.unwrap().expect("the file is there");
    assert_eq!((size, head.as_slice()), (bytes.len() as u64, &bytes[..8]));
    let expires = academy_core::time::now() + 300;
    let url = store.objects.download_url(&key, "Week 3 — notes.pdf", "application/pdf", expires).await.unwrap();
    let (status, disposition, body) = store.get(&url).await;
    assert_eq!(status, 200, "{url}");
    assert!(disposition.starts_with("attachment; filename=\"Week 3 _ notes.pdf\""), "{disposition}");
    assert!(disposition.contains("filename*=UTF-8''Week%203%20%E2%80%94%20notes%2Epdf"), "{disposition}");
    assert!(body == bytes, "the download is the file sent ({} bytes of {})", body.len(), bytes.len());
}

async fn a_deleted_file_is_gone_and_deleting_twice_is_no_error(store: Backend) {
    let key = format!("conformance/{}/a.txt", academy_core::ids::generate());
    let (upload, parts) = store.send(&key, b"hello").await;
    store.objects.complete(&key, &upload, &parts).await.unwrap();
    assert_eq!(store.objects.head(&key, 100).await.unwrap(), Some((5, b"hello".to_vec())), "head reads what there is");
    store.objects.delete(&key).await.unwrap();
    assert_eq!(store.objects.head(&key, 8).await.unwrap(), None);
    store.objects.delete(&key).await.unwrap();
    assert_eq!(store.objects.head("conformance/never/sent", 8).await.unwrap(), None);
}

async fn a_completion_naming_a_part_not_sent_is_refused(store: Backend) {
    let key = format!("conformance/{}/b.bin", academy_core::ids::generate());
    let (upload, mut parts) = store.send(&key, &file(1000)).await;
    parts[0].1 = "\"0123456789abcdef0123456789abcdef\"".into();
    let refused = store.objects.complete(&key, &upload, &parts).await;
    assert!(refused.is_err(), "a wrong ETag completes nothing");
    assert_eq!(store.objects.head(&key, 8).await.unwrap(), None, "no file is there");
}

macro_rules! on_both_file_stores {
    ($($case:ident),* $(,)?) => {
        mod folder {
            $(#[tokio::test] async fn $case() { super::$case(super::Backend::folder()).await })*
        }
        mod s3_on_moto {
            $(#[tokio::test] async fn $case() { super::$case(super::Backend::s3().await).await })*
        }
    };
}

on_both_file_stores!(
    a_file_sent_in_parts_is_whole_and_downloads_as_an_attachment,
    a_deleted_file_is_gone_and_deleting_twice_is_no_error,
    a_completion_naming_a_part_not_sent_is_refused,
);

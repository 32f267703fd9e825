//! Where a ready HLS recording's files are, by the names its signed links use: a path under its
//! renditions folder (the master playlist's folder, `…/hls/{job}/`), and `captions.vtt` for the
//! captions, stored apart in the lecture's `captions/` folder.

use super::playlist::{safe_file, CAPTIONS_FILE};
use crate::domain::{parse_s3_url, Lecture};

/// A ready recording's stored files.
#[derive(Debug, PartialEq, Eq)]
pub struct Recording<'a> {
    bucket: &'a str,
    /// The renditions folder's key, ending with `/`.
    folder: &'a str,
    /// The master playlist's name in that folder.
    pub master: &'a str,
    /// The poster's name in that folder, if it is there.
    pub poster: Option<&'a str>,
    captions: Option<&'a str>,
}

impl<'a> Recording<'a> {
    /// The recording of a watchable lecture transcoded to HLS; `None` for embeds, files stored
    /// before the pipeline, and lectures students may not see.
    pub fn of(video: &'a Lecture) -> Option<Self> {
        if !video.is_watchable() {
            return None;
        }
        let media = video.media.as_ref()?;
        let (bucket, key) = parse_s3_url(media.master.as_deref()?)?;
        let at = key.rfind('/')? + 1;
        let (folder, master) = key.split_at(at);
        let poster = media
            .poster
            .as_deref()
            .and_then(parse_s3_url)
            .and_then(|(b, key)| key.strip_prefix(folder).filter(|name| b == bucket && safe_file(name).is_some()));
        Some(Self { bucket, folder, master: safe_file(master)?, poster, captions: media.captions.as_deref() })
    }

    pub fn has_captions(&self) -> bool {
        self.captions.is_some()
    }

    /// Where the stored files whose names start with `prefix` are (`s3://bucket/key-prefix`): a
    /// folder under the renditions' (`360p/`) or the start of names in it (`master_360p_`).
    pub fn prefix_url(&self, prefix: &str) -> Option<String> {
        let body = prefix.strip_suffix('/').unwrap_or(prefix);
        safe_file(body).filter(|body| !body.is_empty())?;
        Some(format!("s3://{}/{}{prefix}", self.bucket, self.folder))
    }

    /// The stored file (`s3://bucket/key`) a link's `file` names; `None` if it names none.
    pub fn url_of(&self, file: &str) -> Option<String> {
        if file == CAPTIONS_FILE {
            return self.captions.map(str::to_owned);
        }
        safe_file(file).map(|file| format!("s3://{}/{}{file}", self.bucket, self.folder))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{LectureMedia, LectureState};

    fn video(media: Option<LectureMedia>) -> Lecture {
        Lecture {
            id: "v1".into(),
            batch_id: "b1".into(),
            batch_number: "B1".into(),
            lecture_number: 1,
            title: "One".into(),
            url: String::new(),
            description: None,
            duration_secs: None,
            published: true,
            media,
        }
    }

    fn ready() -> LectureMedia {
        LectureMedia {
            state: LectureState::Ready,
            master: Some("s3://lec/lectures/b1/v1/hls/j1/master.m3u8".into()),
            poster: Some("s3://lec/lectures/b1/v1/hls/j1/poster.jpg".into()),
            captions: Some("s3://lec/lectures/b1/v1/captions/1.vtt".into()),
            ..LectureMedia::default()
        }
    }

    #[test]
    fn files_are_named_under_the_renditions_folder() {
        let v = video(Some(ready()));
        let r = Recording::of(&v).unwrap();
        assert_eq!((r.master, r.poster, r.has_captions()), ("master.m3u8", Some("poster.jpg"), true));
        assert_eq!(r.url_of("360p/seg_1.m4s").unwrap(), "s3://lec/lectures/b1/v1/hls/j1/360p/seg_1.m4s");
        assert_eq!(r.url_of("captions.vtt").unwrap(), "s3://lec/lectures/b1/v1/captions/1.vtt");
        assert_eq!(r.url_of("../source/x.mp4"), None);
        assert_eq!(r.prefix_url("360p/").unwrap(), "s3://lec/lectures/b1/v1/hls/j1/360p/");
        assert_eq!(r.prefix_url("master_360p_").unwrap(), "s3://lec/lectures/b1/v1/hls/j1/master_360p_");
        assert_eq!(r.prefix_url(".."), None);
        assert_eq!(r.prefix_url(""), None);
    }

    #[test]
    fn only_watchable_recordings_have_one() {
        assert_eq!(Recording::of(&video(None)), None);
        let processing = LectureMedia { state: LectureState::Processing, ..ready() };
        assert_eq!(Recording::of(&video(Some(processing))), None);
        let hidden = Lecture { published: false, ..video(Some(ready())) };
        assert_eq!(Recording::of(&hidden), None);
        let elsewhere = LectureMedia { poster: Some("s3://lec/lectures/b1/v1/poster.jpg".into()), ..ready() };
        assert_eq!(Recording::of(&video(Some(elsewhere))).unwrap().poster, None);
    }
}

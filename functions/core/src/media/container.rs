//! What an uploaded recording is, read from its first bytes before any transcoder opens it. Only
//! real media containers are transcoded (MP4/MOV, Matroska/WebM, MPEG-TS, AVI), each with its own
//! demuxer forced: a playlist (HLS `.m3u8`, DASH `.mpd`, ffconcat) names other files and URLs,
//! which a transcoder would read in its place, and a live one makes it wait for ever. The same
//! check runs in both worlds: on the local file before ffmpeg, on the object's first bytes in S3
//! before MediaConvert.

/// How many of the recording's first bytes the check reads.
pub const HEAD_BYTES: usize = 4096;
/// What staff read when the upload is anything else.
pub const NOT_VIDEO: &str = "not a video file: upload an MP4, MOV, Matroska (MKV), WebM, MPEG-TS or AVI recording";

const MPEG_TS_SYNC: u8 = 0x47;

/// Where the `transcode` function reads a recording's first bytes: the lectures bucket.
#[async_trait::async_trait]
pub trait RecordingHeads: Send + Sync {
    /// The first `HEAD_BYTES` (fewer if the object is shorter) of `key` in `bucket`.
    async fn head(&self, bucket: &str, key: &str) -> Result<Vec<u8>, String>;
}

#[async_trait::async_trait]
impl RecordingHeads for aws_sdk_s3::Client {
    async fn head(&self, bucket: &str, key: &str) -> Result<Vec<u8>, String> {
        let range = format!("bytes=0-{}", HEAD_BYTES - 1);
        let object = self.get_object().bucket(bucket).key(key).range(range).send().await.map_err(|e| {
            let code = aws_sdk_s3::error::ProvideErrorMetadata::code(&e).map(str::to_owned);
            code.unwrap_or_else(|| aws_sdk_s3::error::DisplayErrorContext(&e).to_string())
        })?;
        let bytes = object.body.collect().await.map_err(|e| e.to_string())?.into_bytes();
        Ok(bytes[..bytes.len().min(HEAD_BYTES)].to_vec())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Container {
    /// ISO base media (MP4, M4V) and QuickTime (MOV).
    Mp4,
    /// Matroska and WebM.
    Matroska,
    /// MPEG transport stream, 188-byte packets (or 192 with a timecode, as M2TS).
    MpegTs,
    Avi,
}

impl Container {
    /// The container `head` (a file's first bytes) starts, if it is one the transcoder takes.
    pub fn sniff(head: &[u8]) -> Option<Self> {
        if head.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
            return Some(Self::Matroska);
        }
        if head.len() >= 12 && &head[..4] == b"RIFF" && &head[8..12] == b"AVI " {
            return Some(Self::Avi);
        }
        if is_iso_box(head) {
            return Some(Self::Mp4);
        }
        if is_transport_stream(head) {
            return Some(Self::MpegTs);
        }
        None
    }

    /// The ffmpeg demuxer that reads it (`-f`).
    pub fn demuxer(self) -> &'static str {
        match self {
            Self::Mp4 => "mov",
            Self::Matroska => "matroska",
            Self::MpegTs => "mpegts",
            Self::Avi => "avi",
        }
    }
}

/// An ISO/QuickTime file starts with a box: a 32-bit size, then a type MP4 and MOV files begin
/// with (`ftyp`, or in older QuickTime files `moov`, `mdat`, `wide`, `free`, `skip`, `pnot`).
fn is_iso_box(head: &[u8]) -> bool {
    if head.len() < 8 {
        return false;
    }
    let size = u32::from_be_bytes([head[0], head[1], head[2], head[3]]);
    let fits = size == 1 || size >= 8; // 1: a 64-bit size follows
    fits && [b"ftyp", b"moov", b"mdat", b"wide", b"free", b"skip", b"pnot"].iter().any(|t| &head[4..8] == *t)
}

/// A sync byte at the start of three packets in a row, 188 bytes apart (or 192, a 4-byte timecode
/// first).
fn is_transport_stream(head: &[u8]) -> bool {
    [(188, 0), (192, 4)].iter().any(|&(packet, offset)| {
        head.len() > offset + 2 * packet && (0..3).all(|i| head[offset + i * packet] == MPEG_TS_SYNC)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_containers_are_known_by_their_first_bytes() {
        let mut mp4 = vec![0, 0, 0, 0x20];
        mp4.extend(b"ftypisom");
        assert_eq!(Container::sniff(&mp4), Some(Container::Mp4));
        assert_eq!(Container::sniff(b"\0\0\0\x08wide\0\0\0\0mdat"), Some(Container::Mp4));
        assert_eq!(Container::sniff(&[0x1A, 0x45, 0xDF, 0xA3, 0x9F]), Some(Container::Matroska));
        assert_eq!(Container::sniff(b"RIFF\x10\0\0\0AVI LIST"), Some(Container::Avi));
        let mut ts = vec![0u8; 188 * 3];
        (0..3).for_each(|i| ts[i * 188] = 0x47);
        assert_eq!(Container::sniff(&ts), Some(Container::MpegTs));
        let mut m2ts = vec![0u8; 192 * 3 + 4];
        (0..3).for_each(|i| m2ts[4 + i * 192] = 0x47);
        assert_eq!(Container::sniff(&m2ts), Some(Container::MpegTs));
    }

    #[test]
    fn playlists_and_anything_else_are_not_video() {
        for text in [
            "#EXTM3U\n#EXT-X-TARGETDURATION:3600\n#EXTINF:3600,\n/etc/outside.mp4\n",
            "<?xml version=\"1.0\"?><MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\"><BaseURL>file:///x</BaseURL></MPD>",
            "ffconcat version 1.0\nfile ../../x.mp4\n",
            "G not a transport stream",
            "RIFF\x10\0\0\0WAVEfmt ",
            "",
        ] {
            assert_eq!(Container::sniff(text.as_bytes()), None, "{text}");
        }
        assert_eq!(Container::sniff(b"\0\0\0\x04ftyp"), None, "a box too small to be one");
    }
}

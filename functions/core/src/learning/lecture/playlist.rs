//! HLS playlists as the lecture function hands them out: every URI in a stored playlist (a plain
//! URI line, or a tag's `URI="…"` attribute) is resolved against the playlist's own folder, must
//! stay inside the recording's renditions folder, and is replaced by a signed URL
//! (docs/decisions/0031-signed-playlists-and-segments.md). Nothing in a stored playlist reaches a
//! player unsigned, and a playlist naming anything outside its folder is refused as a whole.

use std::collections::{HashMap, HashSet};

/// The playlist's media type (RFC 8216).
pub const PLAYLIST_TYPE: &str = "application/vnd.apple.mpegurl";

/// The name captions are fetched under, beside the playlists (they are stored in the lecture's
/// `captions/` folder, outside the renditions folder).
pub const CAPTIONS_FILE: &str = "captions.vtt";

/// A name inside a path: letters, digits, `.`, `_`, `-`, not starting with a dot (so no `.`,
/// `..` or hidden file), at most 128 characters.
fn safe_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 128
        && !name.starts_with('.')
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// `file` if it is a plain relative path of safe names (`360p/seg_00001.m4s`), else `None`.
/// Such a path needs no escaping in a URL and cannot leave the folder it is relative to.
pub fn safe_file(file: &str) -> Option<&str> {
    (file.len() <= 512 && file.split('/').all(safe_name)).then_some(file)
}

/// The folder part of a file path (`360p/index.m3u8` → `360p/`; `master.m3u8` → empty).
pub fn folder_of(file: &str) -> &str {
    file.rfind('/').map_or("", |at| &file[..=at])
}

/// Where `uri`, written in a playlist at `playlist` (a safe path under the renditions folder),
/// points: a safe path under the same folder. Absolute URLs, rooted paths, queries, fragments,
/// `..` and `.` are refused.
pub fn resolve(playlist: &str, uri: &str) -> Option<String> {
    let file = format!("{}{uri}", folder_of(playlist));
    safe_file(&file).map(str::to_owned)
}

/// A stored playlist that names something it must not.
#[derive(Debug, PartialEq, Eq)]
pub struct Refused(pub String);

/// Calls `sign` on every URI of `text` and puts what it answers in the URI's place; line
/// endings and every other byte stay as they were.
fn map_uris<E>(text: &str, mut sign: impl FnMut(&str) -> Result<String, E>) -> Result<String, E> {
    let mut out = String::with_capacity(text.len() * 2);
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix("\r\n").or_else(|| line.strip_suffix('\n')) {
            Some(body) => (body, &line[body.len()..]),
            None => (line, ""),
        };
        let trimmed = body.trim();
        if trimmed.is_empty() {
            out.push_str(body);
        } else if trimmed.starts_with('#') {
            let mut rest = body;
            while let Some(at) = rest.find("URI=\"") {
                let start = at + "URI=\"".len();
                let Some(len) = rest[start..].find('"') else { break };
                out.push_str(&rest[..start]);
                out.push_str(&sign(&rest[start..start + len])?);
                rest = &rest[start + len..];
            }
            out.push_str(rest);
        } else {
            out.push_str(&sign(trimmed)?);
        }
        out.push_str(end);
    }
    Ok(out)
}

/// Every file the playlist at `playlist` names, resolved (`resolve`), each once.
pub fn targets(playlist: &str, text: &str) -> Result<Vec<String>, Refused> {
    if !text.trim_start().starts_with("#EXTM3U") {
        return Err(Refused("not an HLS playlist".into()));
    }
    // A set beside the list: looking each URI up in the list was quadratic, about 1.6 million
    // comparisons for a 2-hour rung of 4 s segments.
    let (mut found, mut seen) = (Vec::new(), HashSet::new());
    map_uris(text, |uri| {
        let file = resolve(playlist, uri).ok_or_else(|| Refused(format!("it names {uri:?}")))?;
        if seen.insert(file.clone()) {
            found.push(file);
        }
        Ok(String::new())
    })?;
    Ok(found)
}

/// The playlist with each URI replaced by the signed URL of the file it resolves to.
pub fn rewrite(playlist: &str, text: &str, signed: &HashMap<String, String>) -> Result<String, Refused> {
    map_uris(text, |uri| {
        resolve(playlist, uri)
            .and_then(|file| signed.get(&file).cloned())
            .ok_or_else(|| Refused(format!("no signed URL for {uri:?}")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MASTER: &str = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n\
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\",NAME=\"English\",URI=\"subs/en.m3u8\"\n\
        #EXT-X-STREAM-INF:BANDWIDTH=464000,RESOLUTION=640x360,CODECS=\"avc1.4d401e,mp4a.40.2\"\n\
        360p/index.m3u8\n\
        #EXT-X-STREAM-INF:BANDWIDTH=1296000,RESOLUTION=960x540\r\n\
        540p/index.m3u8\r\n";

    const MEDIA: &str = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n\
        #EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:6.000000,\nseg_00001.m4s\n#EXTINF:2.5,\nseg_00002.m4s\n#EXT-X-ENDLIST\n";

    #[test]
    fn paths_resolve_inside_the_folder_only() {
        assert_eq!(resolve("master.m3u8", "360p/index.m3u8").as_deref(), Some("360p/index.m3u8"));
        assert_eq!(resolve("360p/index.m3u8", "seg_1.m4s").as_deref(), Some("360p/seg_1.m4s"));
        for bad in [
            "../x.m4s",
            "a/../../x.m4s",
            "./x.m4s",
            "/abs.m4s",
            "https://evil.example/x.m4s",
            "x.m4s?token=1",
            "x.m4s#t",
            "a//b.m4s",
            ".hidden",
            "a\\b",
            "sp ace.m4s",
            "",
        ] {
            assert_eq!(resolve("360p/index.m3u8", bad), None, "{bad}");
        }
        assert_eq!(safe_file("360p/../master.m3u8"), None);
        assert_eq!(folder_of("a/b/c.m3u8"), "a/b/");
    }

    #[test]
    fn every_uri_is_found_once_and_replaced() {
        assert_eq!(targets("master.m3u8", MASTER).unwrap(), ["subs/en.m3u8", "360p/index.m3u8", "540p/index.m3u8"]);
        let files = targets("360p/index.m3u8", MEDIA).unwrap();
        assert_eq!(files, ["360p/init.mp4", "360p/seg_00001.m4s", "360p/seg_00002.m4s"]);
        let signed: HashMap<String, String> =
            files.iter().map(|f| (f.clone(), format!("https://s/{f}?sig=1"))).collect();
        let out = rewrite("360p/index.m3u8", MEDIA, &signed).unwrap();
        assert!(out.contains("#EXT-X-MAP:URI=\"https://s/360p/init.mp4?sig=1\"\n"), "{out}");
        assert!(out.contains("#EXTINF:6.000000,\nhttps://s/360p/seg_00001.m4s?sig=1\n"), "{out}");
        assert!(out.ends_with("#EXT-X-ENDLIST\n"));
        let master: HashMap<String, String> =
            targets("master.m3u8", MASTER).unwrap().into_iter().map(|f| (f.clone(), format!("/l/{f}"))).collect();
        let out = rewrite("master.m3u8", MASTER, &master).unwrap();
        assert!(out.contains("URI=\"/l/subs/en.m3u8\"") && out.contains("\r\n/l/540p/index.m3u8\r\n"), "{out}");
        assert!(out.contains("CODECS=\"avc1.4d401e,mp4a.40.2\""), "other quoted attributes stay");
    }

    #[test]
    fn a_playlist_naming_anything_outside_is_refused() {
        for bad in [
            "#EXTM3U\n#EXTINF:6,\n../../other/seg.m4s\n",
            "#EXTM3U\n#EXT-X-MAP:URI=\"../init.mp4\"\n",
            "#EXTM3U\n#EXTINF:6,\nhttps://cdn.example/seg.ts\n",
            "#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"/keys/k\"\n",
            "not a playlist\nseg.ts\n",
        ] {
            assert!(targets("360p/index.m3u8", bad).is_err(), "{bad}");
        }
        assert!(rewrite("master.m3u8", MEDIA, &HashMap::new()).is_err());
    }
}

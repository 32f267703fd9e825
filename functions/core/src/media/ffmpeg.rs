//! The ladder through ffmpeg, for the local world: `ffprobe` reads the source's height and
//! duration, one `ffmpeg` run writes every rung as HLS (H.264 + AAC in MPEG-TS segments, a
//! keyframe on the `keyframeSeconds` grid in every rung, `segmentSeconds` segments, the master
//! playlist lowest rung first) and reports its progress on stdout (`-progress pipe:1`); a second,
//! short run takes the poster. The files are named as MediaConvert names them in AWS
//! (`master.m3u8`, `master_360p.m3u8`, `master_360p_00000.ts`), so the two worlds' folders match.

use super::ladder::{Ladder, Rung};
use super::mediaconvert::MASTER;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::process::Command;
use tokio::sync::mpsc::UnboundedSender;

/// What staff read when the server has no ffmpeg.
pub const MISSING: &str = "ffmpeg is not installed on this server";
/// The poster's file name beside the playlists.
pub const POSTER_FILE: &str = "poster.jpg";

/// Where the two programs are (`ffmpeg` and `ffprobe` on the PATH, unless a test says otherwise).
#[derive(Clone, Debug)]
pub struct Tools {
    pub ffmpeg: PathBuf,
    pub ffprobe: PathBuf,
}

impl Default for Tools {
    fn default() -> Self {
        Self { ffmpeg: "ffmpeg".into(), ffprobe: "ffprobe".into() }
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum FfmpegError {
    #[error("{MISSING}")]
    Missing,
    /// The program's own reason (its last error lines).
    #[error("{0}")]
    Failed(String),
}

/// What ffprobe says about a source.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Source {
    pub height: u32,
    pub duration_secs: f64,
    pub has_audio: bool,
}

/// Runs `program`, mapping "not found" to `Missing` and a failure to its stderr's reason.
async fn output(program: &Path, args: &[String], source: &Path) -> Result<Vec<u8>, FfmpegError> {
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .kill_on_drop(true)
        .output()
        .await
        .map_err(|e| spawn_error(&e))?;
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(FfmpegError::Failed(reason(&String::from_utf8_lossy(&out.stderr), source)))
    }
}

fn spawn_error(e: &std::io::Error) -> FfmpegError {
    if e.kind() == std::io::ErrorKind::NotFound {
        FfmpegError::Missing
    } else {
        FfmpegError::Failed(format!("ffmpeg could not start: {e}"))
    }
}

/// The last lines of `stderr` that say something, with the server's paths replaced by file names.
fn reason(stderr: &str, source: &Path) -> String {
    let lines: Vec<&str> = stderr.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let tail = lines[lines.len().saturating_sub(2)..].join(" ");
    let name = source.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tail = tail.replace(&source.display().to_string(), &name);
    if tail.is_empty() {
        "ffmpeg failed without saying why".into()
    } else {
        tail
    }
}

/// The source's first video stream's height, its duration and whether it has sound.
pub async fn probe(tools: &Tools, source: &Path) -> Result<Source, FfmpegError> {
    let args: Vec<String> = ["-v", "error", "-show_entries", "stream=codec_type,height:format=duration", "-of", "json"]
        .iter()
        .map(|s| s.to_string())
        .chain([source.display().to_string()])
        .collect();
    let out = output(&tools.ffprobe, &args, source).await?;
    let json: Value = serde_json::from_slice(&out).map_err(|e| FfmpegError::Failed(format!("ffprobe: {e}")))?;
    let streams = json["streams"].as_array().cloned().unwrap_or_default();
    let height = streams
        .iter()
        .filter(|s| s["codec_type"] == "video")
        .find_map(|s| s["height"].as_u64())
        .ok_or_else(|| FfmpegError::Failed("the recording has no video".into()))?;
    let duration = json["format"]["duration"].as_str().and_then(|d| d.parse::<f64>().ok()).unwrap_or(0.0);
    Ok(Source {
        height: height as u32,
        duration_secs: duration,
        has_audio: streams.iter().any(|s| s["codec_type"] == "audio"),
    })
}

/// The arguments of the one run that writes every rung into the folder it runs in. (Run from
/// elsewhere with the folder in the output's path, ffmpeg 5.1 names the renditions in the master
/// playlist with a leading `/`.)
pub fn ladder_arguments(ladder: &Ladder, rungs: &[Rung], has_audio: bool, source: &Path) -> Vec<String> {
    let mut args: Vec<String> =
        ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-nostats", "-progress", "pipe:1"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    args.extend(["-i".into(), source.display().to_string()]);
    let labels: String = (0..rungs.len()).map(|i| format!("[s{i}]")).collect();
    let mut graph = format!("[0:v]split={}{labels}", rungs.len());
    for (i, rung) in rungs.iter().enumerate() {
        // The rung's height, the width that keeps the source's shape (even, as 4:2:0 needs).
        graph.push_str(&format!(";[s{i}]scale=w=-2:h={}[v{i}]", rung.height));
    }
    args.extend(["-filter_complex".into(), graph]);
    for i in 0..rungs.len() {
        args.extend(["-map".into(), format!("[v{i}]")]);
        if has_audio {
            args.extend(["-map".into(), "0:a:0".into()]);
        }
    }
    let keyframes = format!("expr:gte(t,n_forced*{})", ladder.keyframe_seconds);
    args.extend(
        [
            "-c:v",
            "libx264",
            "-profile:v",
            &ladder.video.profile,
            "-preset",
            "veryfast",
            "-crf",
            &ladder.video.crf.to_string(),
            "-pix_fmt",
            "yuv420p",
            // Keyframes exactly on the grid and nowhere else, the same instants in every rung.
            "-force_key_frames",
            &keyframes,
            "-sc_threshold",
            "0",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    for (i, rung) in rungs.iter().enumerate() {
        args.extend([format!("-maxrate:v:{i}"), rung.max_bitrate.to_string()]);
        args.extend([format!("-bufsize:v:{i}"), (2 * rung.max_bitrate).to_string()]);
    }
    if has_audio {
        args.extend(["-c:a".into(), "aac".into(), "-ar".into(), ladder.audio.sample_rate.to_string()]);
        args.extend(["-ac".into(), ladder.audio.channels.to_string()]);
        for (i, rung) in rungs.iter().enumerate() {
            args.extend([format!("-b:a:{i}"), rung.audio_bitrate.to_string()]);
        }
    }
    let streams: Vec<String> = rungs
        .iter()
        .enumerate()
        .map(|(i, r)| if has_audio { format!("v:{i},a:{i},name:{}", r.name) } else { format!("v:{i},name:{}", r.name) })
        .collect();
    args.extend([
        "-f".to_string(),
        "hls".into(),
        "-hls_time".into(),
        ladder.segment_seconds.to_string(),
        "-hls_playlist_type".into(),
        "vod".into(),
        "-hls_segment_type".into(),
        "mpegts".into(),
        "-hls_flags".into(),
        "independent_segments".into(),
        "-hls_segment_filename".into(),
        format!("{MASTER}_%v_%05d.ts"),
        "-master_pl_name".into(),
        format!("{MASTER}.m3u8"),
        "-var_stream_map".into(),
        streams.join(" "),
        format!("{MASTER}_%v.m3u8"),
    ]);
    args
}

/// Writes every rung of `source` into `out`, sending the percent done (0–100) as it goes.
pub async fn transcode(
    tools: &Tools,
    ladder: &Ladder,
    rungs: &[Rung],
    probed: &Source,
    source: &Path,
    out: &Path,
    percent: UnboundedSender<u8>,
) -> Result<(), FfmpegError> {
    let absolute = std::path::absolute(source).map_err(|e| FfmpegError::Failed(e.to_string()))?;
    let args = ladder_arguments(ladder, rungs, probed.has_audio, &absolute);
    let mut child = Command::new(&tools.ffmpeg)
        .args(&args)
        .current_dir(out)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| spawn_error(&e))?;
    let mut stderr = child.stderr.take().expect("piped");
    let errors = tokio::spawn(async move {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text).await;
        text
    });
    let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
    let total_us = probed.duration_secs * 1_000_000.0;
    while let Ok(Some(line)) = lines.next_line().await {
        // `out_time_us` (and the older, misnamed `out_time_ms`, also microseconds).
        let done = line.strip_prefix("out_time_us=").or_else(|| line.strip_prefix("out_time_ms="));
        if let (Some(us), true) = (done.and_then(|v| v.parse::<f64>().ok()), total_us > 0.0) {
            let _ = percent.send((us / total_us * 100.0).clamp(0.0, 100.0) as u8);
        }
    }
    let status = child.wait().await.map_err(|e| FfmpegError::Failed(e.to_string()))?;
    let stderr = errors.await.unwrap_or_default();
    if status.success() {
        Ok(())
    } else {
        Err(FfmpegError::Failed(reason(&stderr, &absolute)))
    }
}

/// The poster: one frame at the spec's moment, the spec's width.
pub async fn poster(
    tools: &Tools,
    ladder: &Ladder,
    probed: &Source,
    source: &Path,
    out: &Path,
) -> Result<PathBuf, FfmpegError> {
    let file = out.join(POSTER_FILE);
    let at = format!("{:.3}", ladder.poster_at(probed.duration_secs));
    let scale = format!("scale=w='min({},iw)':h=-2", ladder.poster.width);
    let args: Vec<String> = [
        "-hide_banner",
        "-nostdin",
        "-y",
        "-loglevel",
        "error",
        "-ss",
        &at,
        "-i",
        &source.display().to_string(),
        "-frames:v",
        "1",
        "-vf",
        &scale,
        "-q:v",
        "3",
        &file.display().to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    output(&tools.ffmpeg, &args, source).await?;
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rung_is_mapped_and_named_lowest_first() {
        let ladder = Ladder::bundled();
        let args = ladder_arguments(ladder, &ladder.rungs_for(720), true, Path::new("/in.mp4"));
        let at = |flag: &str| args[args.iter().position(|a| a == flag).unwrap() + 1].clone();
        assert_eq!(at("-var_stream_map"), "v:0,a:0,name:360p v:1,a:1,name:540p v:2,a:2,name:720p");
        assert_eq!(at("-force_key_frames"), "expr:gte(t,n_forced*2)");
        assert_eq!(at("-hls_time"), ladder.segment_seconds.to_string());
        assert_eq!(at("-maxrate:v:2"), "2500000");
        assert_eq!(args.last().unwrap(), "master_%v.m3u8");
    }

    #[test]
    fn a_failure_names_the_file_not_the_servers_path() {
        let said =
            "[mov,mp4] moov atom not found\n/var/lectures/x/source/1.mp4: Invalid data found when processing input\n";
        assert_eq!(
            reason(said, Path::new("/var/lectures/x/source/1.mp4")),
            "[mov,mp4] moov atom not found 1.mp4: Invalid data found when processing input"
        );
    }
}

//! The ladder through ffmpeg, for the local world: `ffprobe` reads the source's height and
//! duration, one `ffmpeg` run writes every rung as HLS (H.264 + AAC in MPEG-TS segments, a
//! keyframe on the `keyframeSeconds` grid in every rung, `segmentSeconds` segments, the master
//! playlist lowest rung first) and reports its progress on stdout (`-progress pipe:1`); a second,
//! short run takes the poster. The files are named as MediaConvert names them in AWS
//! (`master.m3u8`, `master_360p.m3u8`, `master_360p_00000.ts`), so the two worlds' folders match.
//! Every run reads the recording through its own demuxer alone (`super::container`), in a process
//! group of its own, and is killed past its time limit (`Limits`) or when dropped.

use super::container::{Container, HEAD_BYTES, NOT_VIDEO};
use super::ladder::{Ladder, Rung};
use super::mediaconvert::MASTER;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::mpsc::UnboundedSender;
use tokio::time::Instant;

/// What staff read when the server has no ffmpeg.
pub const MISSING: &str = "ffmpeg is not installed on this server";
/// The poster's file name beside the playlists.
pub const POSTER_FILE: &str = "poster.jpg";

/// Where the two programs are (`ffmpeg` and `ffprobe` on the PATH, unless a test says otherwise),
/// and how long a run may take.
#[derive(Clone, Debug)]
pub struct Tools {
    pub ffmpeg: PathBuf,
    pub ffprobe: PathBuf,
    pub limits: Limits,
}

impl Default for Tools {
    fn default() -> Self {
        Self { ffmpeg: "ffmpeg".into(), ffprobe: "ffprobe".into(), limits: Limits::default() }
    }
}

/// How long a run may take before it is killed and the lecture failed. A recording cannot hold
/// the one-at-a-time queue behind it for longer than these.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// A probe or a poster, whatever the recording's length.
    pub short_run: Duration,
    /// The transcode: this much, plus `per_media_second` for each second of the recording.
    pub transcode_base: Duration,
    pub per_media_second: f64,
    /// The transcode writing no further progress for this long.
    pub stall: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            short_run: Duration::from_secs(60),
            transcode_base: Duration::from_secs(300),
            // A 2-core laptop writes the four rungs at about real time; ten times that is a wedge.
            per_media_second: 10.0,
            stall: Duration::from_secs(120),
        }
    }
}

impl Limits {
    /// The time limit of a transcode of a recording this long (a week at most).
    pub fn transcode(&self, duration_secs: f64) -> Duration {
        let per = Duration::try_from_secs_f64(duration_secs.max(0.0) * self.per_media_second);
        self.transcode_base.saturating_add(per.unwrap_or(Duration::MAX)).min(LONGEST)
    }
}

/// No run, however long its recording claims to be, goes on for more than a week.
const LONGEST: Duration = Duration::from_secs(7 * 24 * 3600);

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum FfmpegError {
    #[error("{MISSING}")]
    Missing,
    #[error("{NOT_VIDEO}")]
    NotVideo,
    #[error("processing stopped after {0} s, longer than a recording of this length may take")]
    TooLong(u64),
    #[error("processing stopped: ffmpeg made no progress for {0} s")]
    Stalled(u64),
    /// The program's own reason (its last error lines).
    #[error("{0}")]
    Failed(String),
}

/// What ffprobe says about a source.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Source {
    pub container: Container,
    pub height: u32,
    pub duration_secs: f64,
    pub has_audio: bool,
}

/// The recording's container, from its first bytes; anything but a plain file of a container
/// the transcoder takes is not a video (a FIFO or a device would block the read).
pub async fn sniff(source: &Path) -> Result<Container, FfmpegError> {
    let fail = |e: std::io::Error| FfmpegError::Failed(format!("the recording cannot be read: {}", e.kind()));
    if !tokio::fs::symlink_metadata(source).await.map_err(fail)?.is_file() {
        return Err(FfmpegError::NotVideo);
    }
    let mut head = Vec::with_capacity(HEAD_BYTES);
    tokio::fs::File::open(source)
        .await
        .map_err(fail)?
        .take(HEAD_BYTES as u64)
        .read_to_end(&mut head)
        .await
        .map_err(fail)?;
    Container::sniff(&head).ok_or(FfmpegError::NotVideo)
}

/// The input options of every run: the recording's own demuxer and the `file` protocol alone, so
/// nothing in the file can make ffmpeg open another file or a URL (MOV's external data
/// references stay off).
fn input(container: Container, source: &Path) -> Vec<String> {
    let mut args: Vec<String> =
        ["-protocol_whitelist", "file", "-f", container.demuxer()].iter().map(|s| s.to_string()).collect();
    if container == Container::Mp4 {
        args.extend(["-enable_drefs".into(), "0".into()]);
    }
    args.extend(["-i".into(), format!("file:{}", source.display())]);
    args
}

/// One run of `program`: its own process group, killed with everything in it when the run is
/// dropped (a lecture deleted, the worker stopped) or goes past `limit`, or `stall` passes with no
/// line of stdout that `progressed` counts. Its stdout lines go to `progressed`; the answer is
/// the run's stderr when it succeeded.
async fn run(
    program: &Path,
    args: &[String],
    cwd: Option<&Path>,
    limit: Duration,
    stall: Duration,
    source: &Path,
    mut progressed: impl FnMut(&str) -> bool,
) -> Result<(), FfmpegError> {
    let mut command = Command::new(program);
    command.args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true);
    command.process_group(0);
    if let Some(cwd) = cwd {
        command.current_dir(cwd);
    }
    // SAFETY: prctl is async-signal-safe and touches nothing of the parent's.
    // The run dies with the server, even one killed with SIGKILL: a restart finds no old run.
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    let child = command.spawn().map_err(|e| spawn_error(&e))?;
    let group = child.id().and_then(|id| i32::try_from(id).ok());
    let mut child = Group { child, group };
    let mut stderr = child.child.stderr.take().expect("piped");
    let errors = tokio::spawn(async move {
        let mut text = String::new();
        let _ = (&mut stderr).take(1 << 20).read_to_string(&mut text).await;
        text
    });
    let mut lines = BufReader::new(child.child.stdout.take().expect("piped")).lines();
    let limit = limit.min(LONGEST);
    let started = Instant::now();
    let mut last = started;
    let stopped = |now: Instant| {
        if now >= started + limit {
            FfmpegError::TooLong(limit.as_secs())
        } else {
            FfmpegError::Stalled(stall.as_secs())
        }
    };
    loop {
        let until = (started + limit).min(last + stall);
        match tokio::time::timeout_at(until, lines.next_line()).await {
            Ok(Ok(Some(line))) => {
                if progressed(&line) {
                    last = Instant::now();
                }
            }
            Ok(_) => break,
            Err(_) => return Err(stopped(Instant::now())),
        }
    }
    let status = match tokio::time::timeout_at(started + limit, child.child.wait()).await {
        Ok(status) => status.map_err(|e| FfmpegError::Failed(e.to_string()))?,
        Err(_) => return Err(FfmpegError::TooLong(limit.as_secs())),
    };
    if status.success() {
        Ok(())
    } else {
        Err(FfmpegError::Failed(reason(&errors.await.unwrap_or_default(), source)))
    }
}

/// A child in a process group of its own (its id); dropping it kills whatever of the group is
/// still running.
struct Group {
    child: Child,
    group: Option<i32>,
}

impl Drop for Group {
    fn drop(&mut self) {
        if let Some(pid) = self.group {
            // SAFETY: a plain system call; the group is the child's own (`process_group(0)`).
            unsafe {
                libc::killpg(pid, libc::SIGKILL);
            }
        }
    }
}

fn spawn_error(e: &std::io::Error) -> FfmpegError {
    if e.kind() == std::io::ErrorKind::NotFound {
        FfmpegError::Missing
    } else {
        FfmpegError::Failed(format!("ffmpeg could not start: {e}"))
    }
}

/// The last lines of `stderr` that say something, with the server's paths replaced by file names
/// and the heap addresses ffmpeg tags its messages with (`[mov,mp4 @ 0x55f2…]`) left out.
fn reason(stderr: &str, source: &Path) -> String {
    let lines: Vec<&str> = stderr.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let tail = lines[lines.len().saturating_sub(2)..].join(" ");
    let name = source.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tail = without_addresses(&tail.replace(&source.display().to_string(), &name));
    if tail.is_empty() {
        "ffmpeg failed without saying why".into()
    } else {
        tail
    }
}

/// `text` without any ` @ 0x…` (a hexadecimal address).
fn without_addresses(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" @ 0x") {
        out.push_str(&rest[..at]);
        let after = &rest[at + " @ 0x".len()..];
        rest = after.trim_start_matches(|c: char| c.is_ascii_hexdigit());
    }
    out.push_str(rest);
    out
}

/// The source's container, its first video stream's height, its duration and whether it has sound.
pub async fn probe(tools: &Tools, source: &Path) -> Result<Source, FfmpegError> {
    let container = sniff(source).await?;
    let mut args: Vec<String> =
        ["-v", "error", "-show_entries", "stream=codec_type,height:format=duration", "-of", "json"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    args.extend(input(container, source));
    let limit = tools.limits.short_run;
    let mut out = String::new();
    run(&tools.ffprobe, &args, None, limit, limit, source, |line| {
        if out.len() < 1 << 20 {
            out.push_str(line);
            out.push('\n');
        }
        false
    })
    .await?;
    let json: Value = serde_json::from_str(&out).map_err(|e| FfmpegError::Failed(format!("ffprobe: {e}")))?;
    let streams = json["streams"].as_array().cloned().unwrap_or_default();
    let height = streams
        .iter()
        .filter(|s| s["codec_type"] == "video")
        .find_map(|s| s["height"].as_u64())
        .ok_or_else(|| FfmpegError::Failed("the recording has no video".into()))?;
    let duration = json["format"]["duration"].as_str().and_then(|d| d.parse::<f64>().ok()).unwrap_or(0.0);
    Ok(Source {
        container,
        height: height as u32,
        duration_secs: duration,
        has_audio: streams.iter().any(|s| s["codec_type"] == "audio"),
    })
}

/// The arguments of the one run that writes every rung into the folder it runs in. (Run from
/// elsewhere with the folder in the output's path, ffmpeg 5.1 names the renditions in the master
/// playlist with a leading `/`.)
pub fn ladder_arguments(ladder: &Ladder, rungs: &[Rung], probed: &Source, source: &Path) -> Vec<String> {
    let has_audio = probed.has_audio;
    let mut args: Vec<String> =
        ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-nostats", "-progress", "pipe:1"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    args.extend(input(probed.container, source));
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

/// Writes every rung of `source` into `out`, sending the percent done (0–100) as it goes. Killed
/// past the limit for the recording's length, or when its position stops moving.
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
    let args = ladder_arguments(ladder, rungs, probed, &absolute);
    let total_us = probed.duration_secs * 1_000_000.0;
    let mut furthest = 0.0;
    let limits = &tools.limits;
    let limit = limits.transcode(probed.duration_secs);
    run(&tools.ffmpeg, &args, Some(out), limit, limits.stall, &absolute, |line| {
        // `out_time_us` (and the older, misnamed `out_time_ms`, also microseconds).
        let done = line.strip_prefix("out_time_us=").or_else(|| line.strip_prefix("out_time_ms="));
        let Some(us) = done.and_then(|v| v.parse::<f64>().ok()).filter(|us| *us > furthest) else { return false };
        furthest = us;
        if total_us > 0.0 {
            let _ = percent.send((us / total_us * 100.0).clamp(0.0, 100.0) as u8);
        }
        true
    })
    .await
}

/// The poster: one frame at the spec's moment, the spec's width; else the first frame (a
/// recording whose pictures end before its sound has none at that moment). `None`: no frame
/// could be taken, and the lecture has no poster.
pub async fn poster(
    tools: &Tools,
    ladder: &Ladder,
    probed: &Source,
    source: &Path,
    out: &Path,
) -> Result<Option<PathBuf>, FfmpegError> {
    let file = out.join(POSTER_FILE);
    for at in [ladder.poster_at(probed.duration_secs), 0.0] {
        let at = format!("{at:.3}");
        let scale = format!("scale=w='min({},iw)':h=-2", ladder.poster.width);
        let mut args: Vec<String> = ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-ss", &at]
            .iter()
            .map(|s| s.to_string())
            .collect();
        args.extend(input(probed.container, source));
        args.extend(
            ["-frames:v", "1", "-vf", &scale, "-q:v", "3", "-f", "image2", &file.display().to_string()]
                .iter()
                .map(|s| s.to_string()),
        );
        let limit = tools.limits.short_run;
        run(&tools.ffmpeg, &args, None, limit, limit, source, |_| false).await?;
        if tokio::fs::metadata(&file).await.is_ok_and(|m| m.len() > 0) {
            return Ok(Some(file));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rung_is_mapped_and_named_lowest_first() {
        let ladder = Ladder::bundled();
        let probed = Source { container: Container::Mp4, height: 720, duration_secs: 20.0, has_audio: true };
        let args = ladder_arguments(ladder, &ladder.rungs_for(720), &probed, Path::new("/in.mp4"));
        let at = |flag: &str| args[args.iter().position(|a| a == flag).unwrap() + 1].clone();
        assert_eq!(at("-var_stream_map"), "v:0,a:0,name:360p v:1,a:1,name:540p v:2,a:2,name:720p");
        assert_eq!(at("-force_key_frames"), "expr:gte(t,n_forced*2)");
        assert_eq!(at("-hls_time"), ladder.segment_seconds.to_string());
        assert_eq!(at("-maxrate:v:2"), "2500000");
        assert_eq!(args.last().unwrap(), "master_%v.m3u8");
        let input = &args[args.iter().position(|a| a == "-protocol_whitelist").unwrap()..];
        assert_eq!(
            input[..8],
            ["-protocol_whitelist", "file", "-f", "mov", "-enable_drefs", "0", "-i", "file:/in.mp4"]
        );
    }

    #[test]
    fn a_failure_names_the_file_not_the_servers_path_nor_an_address() {
        let said = "[mov,mp4 @ 0x55f2a1b3c4d0] moov atom not found\n/var/lectures/x/source/1.mp4: Invalid data found when processing input\n";
        assert_eq!(
            reason(said, Path::new("/var/lectures/x/source/1.mp4")),
            "[mov,mp4] moov atom not found 1.mp4: Invalid data found when processing input"
        );
        assert_eq!(without_addresses("[hls @ 0x55f2] a [tcp @ 0xAbC0] b @ 0x"), "[hls] a [tcp] b");
    }

    #[test]
    fn a_longer_recording_may_take_longer() {
        let limits = Limits::default();
        assert_eq!(limits.transcode(0.0), Duration::from_secs(300));
        assert_eq!(limits.transcode(3600.0), Duration::from_secs(300 + 36_000));
        assert_eq!(limits.transcode(f64::INFINITY), LONGEST);
    }
}

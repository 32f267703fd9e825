//! MediaConvert, spoken directly: the CreateJob request built from the ladder spec in the wire
//! format of MediaConvert's REST-JSON API (camelCase), signed with SigV4 (`aws-sigv4`, already in
//! the tree through the SDK) and sent with the product's one HTTPS client (`crate::tls`). Not
//! `aws-sdk-mediaconvert`: it is one of the largest SDK crates, and the `transcode` function
//! calls two operations of it (docs/decisions/0030-ladder-and-transcoding.md).

use super::ladder::{Ladder, Rung};
use aws_credential_types::provider::{ProvideCredentials, SharedCredentialsProvider};
use aws_sigv4::http_request::{sign, SignableBody, SignableRequest, SigningSettings};
use aws_sigv4::sign::v4;
use serde_json::{json, Value};
use std::time::{Duration, SystemTime};

/// The API version in every MediaConvert path.
const API: &str = "/2017-08-29";
const TIMEOUT: Duration = Duration::from_secs(8);
/// The name MediaConvert jobs carry in `userMetadata.app`; the state-change rule matches it.
pub const APP: &str = "academy";
/// The HLS group's base name: `master.m3u8`, `master_360p.m3u8`, `master_360p_00001.ts`.
pub const MASTER: &str = "master";
/// The frame capture's base name: `poster.0000000.jpg`, `poster.0000001.jpg`.
pub const POSTER: &str = "poster";

#[derive(Debug, thiserror::Error)]
pub enum MediaConvertError {
    #[error("MediaConvert could not be reached: {0}")]
    Transport(String),
    /// MediaConvert refused the request (its `message`).
    #[error("MediaConvert answered {status}: {message}")]
    Refused { status: u16, message: String },
    #[error("MediaConvert's answer was not understood: {0}")]
    Malformed(String),
    #[error("no AWS credentials: {0}")]
    Credentials(String),
}

/// Which lecture a job is for, carried in the job's `userMetadata` and back in its events.
#[derive(Clone, Debug, PartialEq)]
pub struct JobFor {
    pub batch_id: String,
    pub lecture_number: u32,
    pub video_id: String,
}

/// What CreateJob needs besides the ladder.
pub struct JobRequest<'a> {
    /// The recording, `s3://bucket/lectures/…/source/…`.
    pub source: &'a str,
    /// The job's folder, `s3://bucket/lectures/…/hls/{job}/`.
    pub destination: &'a str,
    pub rungs: &'a [Rung],
    pub has_audio: bool,
    pub lecture: &'a JobFor,
    /// The role MediaConvert assumes to read the source and write the renditions.
    pub role: &'a str,
    /// A queue's ARN; `None` is the account's default queue.
    pub queue: Option<&'a str>,
    /// Makes a repeated CreateJob (the same event delivered twice) answer the same job.
    pub client_request_token: &'a str,
}

const AUDIO_SELECTOR: &str = "Audio Selector 1";

/// The CreateJob body: one HLS group (the ladder's rungs lowest first, `segmentSeconds` segments,
/// closed GOPs of `keyframeSeconds`, QVBR capped at each rung's `maxBitrate`, AAC) and one frame
/// capture group for the poster.
pub fn create_job_body(ladder: &Ladder, job: &JobRequest<'_>) -> Value {
    let outputs: Vec<Value> = job
        .rungs
        .iter()
        .map(|rung| {
            let mut output = json!({
                "nameModifier": format!("_{}", rung.name),
                "containerSettings": {"container": "M3U8", "m3u8Settings": {}},
                "videoDescription": {
                    "width": rung.width,
                    "height": rung.height,
                    "scalingBehavior": "DEFAULT",
                    "codecSettings": {
                        "codec": "H_264",
                        "h264Settings": {
                            "rateControlMode": "QVBR",
                            "qvbrSettings": {"qvbrQualityLevel": ladder.video.qvbr_quality},
                            "maxBitrate": rung.max_bitrate,
                            "codecProfile": ladder.video.profile.to_ascii_uppercase(),
                            "codecLevel": "AUTO",
                            "gopSize": f64::from(ladder.keyframe_seconds),
                            "gopSizeUnits": "SECONDS",
                            "gopClosedCadence": 1,
                            // Scene cuts get I-frames without moving the GOP grid (aligned rungs).
                            "sceneChangeDetect": "TRANSITION_DETECTION",
                            "numberBFramesBetweenReferenceFrames": 2,
                            "qualityTuningLevel": "SINGLE_PASS"
                        }
                    }
                }
            });
            if job.has_audio {
                output["audioDescriptions"] = json!([{
                    "audioSourceName": AUDIO_SELECTOR,
                    "codecSettings": {
                        "codec": "AAC",
                        "aacSettings": {
                            "bitrate": rung.audio_bitrate,
                            "codingMode": if ladder.audio.channels == 1 { "CODING_MODE_1_0" } else { "CODING_MODE_2_0" },
                            "sampleRate": ladder.audio.sample_rate,
                            "codecProfile": "LC",
                            "rateControlMode": "CBR"
                        }
                    }
                }]);
            }
            output
        })
        .collect();
    let poster_height = (ladder.poster.width * 9 / 16) / 2 * 2;
    let mut input = json!({"fileInput": job.source, "timecodeSource": "ZEROBASED", "videoSelector": {}});
    if job.has_audio {
        input["audioSelectors"] = json!({AUDIO_SELECTOR: {"defaultSelection": "DEFAULT"}});
    }
    let mut body = json!({
        "role": job.role,
        "clientRequestToken": job.client_request_token,
        "statusUpdateInterval": "SECONDS_60",
        "userMetadata": {
            "batchId": job.lecture.batch_id,
            "lectureNumber": job.lecture.lecture_number.to_string(),
            "videoId": job.lecture.video_id,
            "app": APP
        },
        "settings": {
            "timecodeConfig": {"source": "ZEROBASED"},
            "inputs": [input],
            "outputGroups": [
                {
                    "name": "HLS",
                    "outputGroupSettings": {
                        "type": "HLS_GROUP_SETTINGS",
                        "hlsGroupSettings": {
                            "destination": format!("{}{MASTER}", job.destination),
                            "segmentLength": ladder.segment_seconds,
                            "minSegmentLength": 0,
                            "segmentLengthControl": "GOP_MULTIPLE",
                            "segmentControl": "SEGMENTED_FILES",
                            "outputSelection": "MANIFESTS_AND_SEGMENTS",
                            "directoryStructure": "SINGLE_DIRECTORY",
                            "manifestDurationFormat": "INTEGER",
                            "codecSpecification": "RFC_4281",
                            "streamInfResolution": "INCLUDE",
                            "programDateTime": "EXCLUDE",
                            "clientCache": "ENABLED",
                            "manifestCompression": "NONE"
                        }
                    },
                    "outputs": outputs
                },
                {
                    "name": "Poster",
                    "outputGroupSettings": {
                        "type": "FILE_GROUP_SETTINGS",
                        "fileGroupSettings": {"destination": format!("{}{POSTER}", job.destination)}
                    },
                    "outputs": [{
                        "containerSettings": {"container": "RAW"},
                        "videoDescription": {
                            "width": ladder.poster.width,
                            "height": poster_height,
                            "codecSettings": {
                                "codec": "FRAME_CAPTURE",
                                // One frame every `atSeconds`, two at most: the second is the poster
                                // (a recording shorter than that has only the first).
                                "frameCaptureSettings": {
                                    "framerateNumerator": 1,
                                    "framerateDenominator": ladder.poster.at_seconds.max(1),
                                    "maxCaptures": 2,
                                    "quality": 80
                                }
                            }
                        }
                    }]
                }
            ]
        }
    });
    if let Some(queue) = job.queue {
        body["queue"] = queue.into();
    }
    body
}

/// What Probe tells about a recording.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probed {
    /// The first video track's height; `None`: no video.
    pub height: Option<u32>,
    pub has_audio: bool,
}

/// Reads Probe's answer.
pub fn probed(answer: &Value) -> Probed {
    let tracks = answer["probeResults"][0]["container"]["tracks"].as_array().cloned().unwrap_or_default();
    let kind = |t: &Value, k: &str| t["trackType"].as_str().is_some_and(|v| v.eq_ignore_ascii_case(k));
    let height = tracks
        .iter()
        .filter(|t| kind(t, "video"))
        .find_map(|t| t["videoProperties"]["height"].as_u64())
        .and_then(|h| u32::try_from(h).ok());
    Probed { height, has_audio: tracks.iter().any(|t| kind(t, "audio")) }
}

/// The MediaConvert API of one region, signed with the function's credentials.
pub struct MediaConvert {
    http: reqwest::Client,
    endpoint: String,
    region: String,
    credentials: SharedCredentialsProvider,
    /// The role jobs run as (`ACADEMY_MEDIACONVERT_ROLE`).
    pub role: String,
    /// The queue jobs go to (`ACADEMY_MEDIACONVERT_QUEUE`); `None`: the default queue.
    pub queue: Option<String>,
}

impl MediaConvert {
    /// `endpoint` (`ACADEMY_MEDIACONVERT_ENDPOINT`), else the region's public one.
    pub fn new(
        region: &str,
        endpoint: Option<String>,
        credentials: SharedCredentialsProvider,
        role: String,
        queue: Option<String>,
    ) -> Result<Self, String> {
        let http = crate::tls::web_client().timeout(TIMEOUT).build().map_err(|e| e.to_string())?;
        let endpoint = endpoint.unwrap_or_else(|| format!("https://mediaconvert.{region}.amazonaws.com"));
        Ok(Self {
            http,
            endpoint: endpoint.trim_end_matches('/').to_owned(),
            region: region.to_owned(),
            credentials,
            role,
            queue,
        })
    }

    /// `Probe`: the recording's video height and whether it has sound.
    pub async fn probe(&self, source: &str) -> Result<Probed, MediaConvertError> {
        let answer = self.post("/probe", &json!({"inputFiles": [{"fileUrl": source}]})).await?;
        Ok(probed(&answer))
    }

    /// `CreateJob`: the new job's id.
    pub async fn create_job(&self, body: &Value) -> Result<String, MediaConvertError> {
        let answer = self.post("/jobs", body).await?;
        answer["job"]["id"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| MediaConvertError::Malformed("no job id in CreateJob's answer".into()))
    }

    async fn post(&self, path: &str, body: &Value) -> Result<Value, MediaConvertError> {
        let url = format!("{}{API}{path}", self.endpoint);
        let body = body.to_string();
        let credentials =
            self.credentials.provide_credentials().await.map_err(|e| MediaConvertError::Credentials(e.to_string()))?;
        let identity = credentials.into();
        let params = v4::SigningParams::builder()
            .identity(&identity)
            .region(&self.region)
            .name("mediaconvert")
            .time(SystemTime::now())
            .settings(SigningSettings::default())
            .build()
            .map_err(|e| MediaConvertError::Credentials(e.to_string()))?
            .into();
        let headers = [("content-type", "application/json")];
        let signable =
            SignableRequest::new("POST", url.as_str(), headers.into_iter(), SignableBody::Bytes(body.as_bytes()))
                .map_err(|e| MediaConvertError::Transport(e.to_string()))?;
        let (instructions, _) =
            sign(signable, &params).map_err(|e| MediaConvertError::Credentials(e.to_string()))?.into_parts();
        let mut request = self.http.post(&url).header("content-type", "application/json").body(body);
        for (name, value) in instructions.headers() {
            request = request.header(name, value);
        }
        let response = request.send().await.map_err(|e| MediaConvertError::Transport(e.to_string()))?;
        let status = response.status().as_u16();
        let text = response.text().await.map_err(|e| MediaConvertError::Transport(e.to_string()))?;
        let answer: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if !(200..300).contains(&status) {
            let message = answer["message"].as_str().or(answer["Message"].as_str()).unwrap_or("no reason given");
            return Err(MediaConvertError::Refused { status, message: message.to_owned() });
        }
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(rungs: &[Rung], has_audio: bool) -> Value {
        let lecture = JobFor { batch_id: "b".repeat(24), lecture_number: 3, video_id: "v".repeat(24) };
        let job = JobRequest {
            source: "s3://bucket/lectures/b/v/source/1.mp4",
            destination: "s3://bucket/lectures/b/v/hls/j/",
            rungs,
            has_audio,
            lecture: &lecture,
            role: "arn:aws:iam::123456789012:role/mc",
            queue: None,
            client_request_token: "t",
        };
        create_job_body(Ladder::bundled(), &job)
    }

    #[test]
    fn one_output_per_rung_lowest_first_with_aligned_closed_gops() {
        let ladder = Ladder::bundled();
        let job = body(&ladder.rungs_for(720), true);
        let hls = &job["settings"]["outputGroups"][0];
        assert_eq!(
            hls["outputGroupSettings"]["hlsGroupSettings"]["destination"],
            "s3://bucket/lectures/b/v/hls/j/master"
        );
        assert_eq!(hls["outputGroupSettings"]["hlsGroupSettings"]["segmentLength"], ladder.segment_seconds);
        let outputs = hls["outputs"].as_array().unwrap();
        let heights: Vec<_> = outputs.iter().map(|o| o["videoDescription"]["height"].as_u64().unwrap()).collect();
        assert_eq!(heights, [360, 540, 720]);
        for output in outputs {
            let h264 = &output["videoDescription"]["codecSettings"]["h264Settings"];
            assert_eq!((h264["gopSize"].as_f64(), h264["gopClosedCadence"].as_u64()), (Some(2.0), Some(1)));
            assert_eq!(h264["rateControlMode"], "QVBR");
        }
        assert_eq!(job["userMetadata"]["app"], "academy");
        assert_eq!(job["userMetadata"]["lectureNumber"], "3");
        assert!(job.get("queue").is_none());
    }

    #[test]
    fn a_silent_recording_gets_no_audio() {
        let job = body(&Ladder::bundled().rungs_for(360), false);
        assert!(job["settings"]["inputs"][0].get("audioSelectors").is_none());
        assert!(job["settings"]["outputGroups"][0]["outputs"][0].get("audioDescriptions").is_none());
    }

    #[test]
    fn probe_answers_give_height_and_sound() {
        let answer = json!({"probeResults": [{"container": {"tracks": [
            {"trackType": "audio", "codec": "AAC"},
            {"trackType": "video", "videoProperties": {"height": 1080, "width": 1920}}
        ]}}]});
        assert_eq!(probed(&answer), Probed { height: Some(1080), has_audio: true });
        assert_eq!(probed(&json!({})), Probed { height: None, has_audio: false });
    }
}

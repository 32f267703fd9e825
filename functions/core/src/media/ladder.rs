//! The one ladder every recording is transcoded to (`infra/media/ladder.json`, compiled in), and
//! the rungs one source gets: those at or below its height, lowest first, so nothing is upscaled
//! and a player starts at the bottom and climbs (docs/decisions/0030-ladder-and-transcoding.md).

use serde::Deserialize;
use std::sync::LazyLock;

/// The spec as the repository holds it.
pub const SPEC: &str = include_str!("../../../../infra/media/ladder.json");

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ladder {
    /// HLS segment length.
    pub segment_seconds: u32,
    /// A keyframe (closed GOP) every this many seconds in every rung, so segments of all rungs
    /// start at the same instants and a player switches rungs at any segment boundary.
    pub keyframe_seconds: u32,
    pub video: VideoSpec,
    pub audio: AudioSpec,
    pub rungs: Vec<Rung>,
    pub poster: PosterSpec,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VideoSpec {
    pub codec: String,
    pub profile: String,
    /// MediaConvert's QVBR quality level (1–10).
    pub qvbr_quality: u32,
    /// ffmpeg's x264 constant rate factor, capped by each rung's `max_bitrate`.
    pub crf: u32,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AudioSpec {
    pub codec: String,
    pub sample_rate: u32,
    pub channels: u32,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rung {
    pub name: String,
    pub width: u32,
    pub height: u32,
    /// Bits per second the video may peak at.
    pub max_bitrate: u32,
    pub audio_bitrate: u32,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PosterSpec {
    pub at_seconds: u32,
    pub width: u32,
}

static BUNDLED: LazyLock<Ladder> = LazyLock::new(|| Ladder::parse(SPEC).expect("infra/media/ladder.json is valid"));

impl Ladder {
    /// The compiled-in spec (checked by a test, so this cannot fail in a build that passed).
    pub fn bundled() -> &'static Ladder {
        &BUNDLED
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        let ladder: Self = serde_json::from_str(text).map_err(|e| format!("ladder spec: {e}"))?;
        if ladder.rungs.is_empty() || !ladder.rungs.windows(2).all(|w| w[0].height < w[1].height) {
            return Err("ladder spec: rungs must be listed lowest first, heights rising".into());
        }
        if ladder.keyframe_seconds == 0 || ladder.segment_seconds % ladder.keyframe_seconds != 0 {
            return Err("ladder spec: segmentSeconds must be a whole number of keyframe intervals".into());
        }
        Ok(ladder)
    }

    /// The rungs for a source `height` pixels tall, lowest first: every rung at or below it. A
    /// source below the lowest rung gets one rung at its own height (an even number, as H.264's
    /// 4:2:0 needs), with the lowest rung's bitrates: upscaling it would add bytes, not detail.
    pub fn rungs_for(&self, height: u32) -> Vec<Rung> {
        let fitting: Vec<Rung> = self.rungs.iter().filter(|r| r.height <= height).cloned().collect();
        if !fitting.is_empty() {
            return fitting;
        }
        let lowest = &self.rungs[0];
        let height = (height.max(2) / 2) * 2;
        let width = ((u64::from(lowest.width) * u64::from(height) / u64::from(lowest.height)) as u32 / 2) * 2;
        vec![Rung { name: format!("{height}p"), width: width.max(2), height, ..lowest.clone() }]
    }

    /// How far into a recording `duration` seconds long the poster is taken: the spec's moment,
    /// or the middle of a shorter recording.
    pub fn poster_at(&self, duration: f64) -> f64 {
        let at = f64::from(self.poster.at_seconds);
        if duration > at {
            at
        } else {
            (duration / 2.0).max(0.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_spec_parses_lowest_rung_first() {
        let ladder = Ladder::bundled();
        assert_eq!(ladder.rungs.iter().map(|r| r.height).collect::<Vec<_>>(), [360, 540, 720, 1080]);
        assert_eq!((ladder.segment_seconds, ladder.keyframe_seconds), (4, 2));
    }

    #[test]
    fn a_source_gets_the_rungs_at_or_below_its_height() {
        // GIVEN the ladder WHEN sources of several heights come THEN nothing is upscaled
        let ladder = Ladder::bundled();
        let heights = |h| ladder.rungs_for(h).iter().map(|r| r.height).collect::<Vec<_>>();
        assert_eq!(heights(1080), [360, 540, 720, 1080]);
        assert_eq!(heights(2160), [360, 540, 720, 1080]);
        assert_eq!(heights(720), [360, 540, 720]);
        assert_eq!(heights(719), [360, 540]);
        assert_eq!(heights(360), [360]);
    }

    #[test]
    fn a_source_below_the_lowest_rung_gets_one_rung_at_its_own_height() {
        let rungs = Ladder::bundled().rungs_for(241);
        assert_eq!(rungs.len(), 1);
        assert_eq!((rungs[0].name.as_str(), rungs[0].width, rungs[0].height), ("240p", 426, 240));
        assert_eq!(rungs[0].max_bitrate, Ladder::bundled().rungs[0].max_bitrate);
    }

    #[test]
    fn a_spec_out_of_order_or_with_misaligned_segments_is_refused() {
        let spec: serde_json::Value = serde_json::from_str(SPEC).unwrap();
        let mut reversed = spec.clone();
        reversed["rungs"].as_array_mut().unwrap().reverse();
        assert!(Ladder::parse(&reversed.to_string()).is_err());
        let mut misaligned = spec;
        misaligned["segmentSeconds"] = 5.into();
        assert!(Ladder::parse(&misaligned.to_string()).is_err());
    }

    #[test]
    fn the_poster_is_taken_at_the_spec_moment_or_mid_way() {
        let ladder = Ladder::bundled();
        assert_eq!(ladder.poster_at(600.0), 5.0);
        assert_eq!(ladder.poster_at(4.0), 2.0);
    }
}

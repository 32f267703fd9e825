//! When a lecture counts as watched (docs/product.md#lecture-progress, decision 0040): the server
//! decides, from the positions it receives and its own clock; a client's `completed` flag is not
//! asked. A lecture file whose length the server knows is watched once the stretches between
//! saves, each played no faster than the player's fastest speed, cover 90 % of it. An embed, whose
//! length only its provider knows, is watched after `EMBED_SECONDS` on its page, measured as the
//! time between the saves the open page sends.

use crate::domain::LectureProgress;

/// A lecture file counts as watched once the stretches counted cover this share of it.
pub const WATCHED_FRACTION: f64 = 0.9;
/// The fastest playback speed the player offers: a step of more media seconds than this many per
/// second of the server's clock since the last save is a seek, and counts for nothing.
pub const FASTEST_SPEED: f64 = 2.0;
/// An embed counts as watched after this many seconds on its page.
pub const EMBED_SECONDS: f64 = 10.0 * 60.0;
/// The open page of an embed saves every 30 s: a longer silence (a closed tab, a sleeping laptop)
/// is not time on the page.
pub const PAGE_GAP_SECONDS: f64 = 75.0;
/// The most separate stretches kept for one lecture; past it (a student seeking all over a long
/// lecture), a stretch that joins none is not kept, so a record stays small.
pub const MAX_SPANS: usize = 256;

/// The record after a save of `position` at `now_millis` (the server's clock), from the one before
/// it. `length`: the lecture's length when the server knows it (`Lecture::known_length`).
pub fn saved(
    before: Option<&LectureProgress>,
    lecture_number: u32,
    position: f64,
    length: Option<f64>,
    now_millis: i64,
) -> LectureProgress {
    let mut record = before.cloned().unwrap_or_else(|| LectureProgress { lecture_number, ..Default::default() });
    // Seconds since the last save this rule measured (none for a first save, or one kept before it).
    let elapsed = (record.saved_at_millis > 0).then(|| (now_millis - record.saved_at_millis).max(0) as f64 / 1000.0);
    match length {
        Some(length) => {
            let (from, to) = (record.position_seconds.min(length), position.min(length));
            if elapsed.is_some_and(|secs| to > from && to - from <= FASTEST_SPEED * secs) {
                add_span(&mut record.watched_spans, from, to);
            }
            record.watched_seconds = record.watched_spans.iter().fold(0.0, |total, [a, b]| total + (b - a));
            record.completed |= record.watched_seconds >= WATCHED_FRACTION * length;
        }
        None => {
            if let Some(secs) = elapsed.filter(|secs| *secs <= PAGE_GAP_SECONDS) {
                record.seconds_on_page += secs;
            }
            record.completed |= record.seconds_on_page >= EMBED_SECONDS;
        }
    }
    record.furthest_seconds = record.furthest_seconds.max(record.position_seconds).max(position);
    record.position_seconds = position;
    record.saved_at_millis = now_millis;
    record.updated_at = now_millis.div_euclid(1000);
    record
}

/// Adds `[from, to]` to `spans` (apart and in order), joining the stretches it meets.
fn add_span(spans: &mut Vec<[f64; 2]>, from: f64, to: f64) {
    let (mut from, mut to) = (from, to);
    let before = spans.len();
    spans.retain(|&[a, b]| {
        let meets = a <= to && from <= b;
        if meets {
            from = from.min(a);
            to = to.max(b);
        }
        !meets
    });
    if spans.len() == before && before >= MAX_SPANS {
        return;
    }
    let at = spans.partition_point(|&[a, _]| a < from);
    spans.insert(at, [from, to]);
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: i64 = 1_795_000_000_000;

    /// The record after saves of `(position, seconds after the first save)`.
    fn after(saves: &[(f64, f64)], length: Option<f64>) -> LectureProgress {
        let mut record: Option<LectureProgress> = None;
        for &(position, at) in saves {
            record = Some(saved(record.as_ref(), 1, position, length, START + (at * 1000.0) as i64));
        }
        record.unwrap()
    }

    #[test]
    fn a_lecture_played_through_at_up_to_twice_its_speed_is_watched() {
        // GIVEN a 100 s lecture saved every 10 s while it plays at 1x, or every 5 s at 2x
        let at_1x: Vec<(f64, f64)> = (0..=10).map(|n| (n as f64 * 10.0, n as f64 * 10.0)).collect();
        let at_2x: Vec<(f64, f64)> = (0..=10).map(|n| (n as f64 * 10.0, n as f64 * 5.0)).collect();
        // THEN it is watched, and every second of it counted
        for saves in [at_1x, at_2x] {
            let done = after(&saves, Some(100.0));
            assert!(done.completed);
            assert_eq!((done.watched_seconds, done.watched_spans.clone()), (100.0, vec![[0.0, 100.0]]));
        }
        // AND at 89 of 100 seconds it is not yet
        assert!(!after(&[(0.0, 0.0), (89.0, 89.0)], Some(100.0)).completed);
        assert!(after(&[(0.0, 0.0), (90.0, 89.0)], Some(100.0)).completed, "90 s played in 89 s (1.01x)");
    }

    #[test]
    fn claims_jumps_and_repeats_count_for_nothing() {
        let length = Some(600.0);
        // One save at the end, or a jump from the start to the end: faster than 2x
        assert!(!after(&[(600.0, 0.0)], length).completed);
        let jumped = after(&[(0.0, 0.0), (600.0, 1.0)], length);
        assert_eq!((jumped.completed, jumped.watched_seconds), (false, 0.0));
        // Saves in a burst with no time between them
        let burst: Vec<(f64, f64)> = (0..=600).map(|n| (n as f64, 0.0)).collect();
        assert_eq!(after(&burst, length).watched_seconds, 0.0);
        // The same minute watched ten times counts once
        let mut again = Vec::new();
        for round in 0..10 {
            let t = round as f64 * 120.0;
            again.extend([(0.0, t), (60.0, t + 60.0)]);
        }
        assert_eq!(after(&again, length).watched_seconds, 60.0);
        // Past the lecture's end counts up to its end
        assert_eq!(after(&[(590.0, 0.0), (5000.0, 5000.0)], length).watched_seconds, 10.0);
    }

    #[test]
    fn seeking_about_keeps_what_was_played() {
        // GIVEN 0-30 played, a seek to 60 (saved), 60-100 played, then a seek back to 30 and 30-60 played
        let saves = [(0.0, 0.0), (30.0, 30.0), (60.0, 31.0), (100.0, 71.0), (30.0, 72.0), (60.0, 102.0)];
        let record = after(&saves, Some(100.0));
        // THEN the three stretches join, and the lecture is watched
        assert_eq!(record.watched_spans, vec![[0.0, 100.0]]);
        assert!(record.completed);
        assert_eq!((record.position_seconds, record.furthest_seconds), (60.0, 100.0));
    }

    #[test]
    fn an_embed_is_watched_after_ten_minutes_on_its_page() {
        // Saves every 30 s for 9.5 minutes: not yet; at 10 minutes: watched
        let page: Vec<(f64, f64)> = (0..=20).map(|n| (0.0, n as f64 * 30.0)).collect();
        let record = after(&page[..20], None);
        assert_eq!((record.completed, record.seconds_on_page), (false, 570.0));
        assert!(after(&page, None).completed);
        // An hour between two saves (the tab closed) is not time on the page
        let away = after(&[(0.0, 0.0), (0.0, 3600.0), (0.0, 3630.0)], None);
        assert_eq!((away.completed, away.seconds_on_page), (false, 30.0));
    }

    #[test]
    fn once_watched_it_stays_watched_and_old_records_keep_their_mark() {
        let done = after(&[(0.0, 0.0), (100.0, 100.0)], Some(100.0));
        let rewatched = saved(Some(&done), 1, 3.0, Some(100.0), done.saved_at_millis + 1000);
        assert!(rewatched.completed);
        // A record saved before the server kept its clock: its next save only starts the count
        let old = LectureProgress { lecture_number: 1, position_seconds: 10.0, updated_at: 1, ..Default::default() };
        let next = saved(Some(&old), 1, 40.0, Some(100.0), START);
        assert_eq!((next.watched_seconds, next.saved_at_millis), (0.0, START));
    }

    #[test]
    fn spans_stay_few() {
        let mut spans = Vec::new();
        for n in 0..(MAX_SPANS + 50) {
            add_span(&mut spans, n as f64 * 10.0, n as f64 * 10.0 + 1.0);
        }
        assert_eq!(spans.len(), MAX_SPANS);
        add_span(&mut spans, 0.0, 10_000.0);
        assert_eq!(spans, vec![[0.0, 10_000.0]]);
    }
}

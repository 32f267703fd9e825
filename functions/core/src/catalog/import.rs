//! Catalog files: courses, outlines, batches and videos as one JSON document, the format of
//! `infra/seed/catalog.json` and of `academy import`. Everything is checked before anything is
//! written, and every problem names its record and field.

use crate::domain::{Batch, Course, Lecture, Outline};
use crate::ids;
use crate::store::{self, CatalogRecords};
use serde::Deserialize;
use std::collections::HashSet;
use std::fmt;

// The longest lecture a catalog may describe: a day, as the longest position saved.
use crate::domain::MAX_LECTURE_SECONDS;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogFile {
    #[serde(default)]
    pub courses: Vec<Course>,
    #[serde(default)]
    pub outlines: Vec<Outline>,
    #[serde(default)]
    pub batches: Vec<Batch>,
    #[serde(default)]
    pub videos: Vec<Lecture>,
}

/// One thing wrong with a catalog file, e.g. `batches[3].enrolled: exceeds seats (40 > 30)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub record: String,
    pub field: String,
    pub reason: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}: {}", self.record, self.field, self.reason)
    }
}

/// Parses the JSON, naming the path of the first value that does not fit.
pub fn parse(text: &str) -> Result<CatalogFile, Problem> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let (record, field) = match path.rsplit_once('.') {
            Some((r, f)) => (r.to_owned(), f.to_owned()),
            None => (path.clone(), String::new()),
        };
        Problem { record, field, reason: e.into_inner().to_string() }
    })
}

struct Checker {
    problems: Vec<Problem>,
}

impl Checker {
    fn check(&mut self, ok: bool, record: &str, field: &str, reason: impl Into<String>) {
        if !ok {
            self.problems.push(Problem { record: record.into(), field: field.into(), reason: reason.into() });
        }
    }

    fn id(&mut self, id: &str, record: &str, field: &str, seen: Option<&mut HashSet<String>>) {
        self.check(ids::is_valid(id), record, field, format!("{id:?} is not 24 lowercase hex characters"));
        if let Some(seen) = seen {
            self.check(seen.insert(id.to_owned()), record, field, format!("{id:?} appears twice"));
        }
    }

    fn text(&mut self, value: &str, record: &str, field: &str) {
        self.check(!value.trim().is_empty(), record, field, "must not be empty");
    }
}

fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
        && (1..=12).contains(&s[5..7].parse::<u32>().unwrap_or(0))
        && (1..=31).contains(&s[8..10].parse::<u32>().unwrap_or(0))
}

fn is_playable_url(url: &str) -> bool {
    url.starts_with("https://")
        || url.starts_with("http://")
        || url.starts_with('/')
        || crate::domain::parse_s3_url(url).is_some()
}

impl CatalogFile {
    /// Every problem in the file; `known_courses` and `known_batches` are ids already stored,
    /// which records in the file may refer to.
    pub fn problems(&self, known_courses: &HashSet<String>, known_batches: &HashSet<String>) -> Vec<Problem> {
        let mut c = Checker { problems: Vec::new() };
        let mut courses = HashSet::new();
        for (i, course) in self.courses.iter().enumerate() {
            let r = format!("courses[{i}]");
            c.id(&course.id, &r, "_id", Some(&mut courses));
            c.text(&course.title, &r, "title");
            c.text(&course.description, &r, "description");
            c.text(&course.duration, &r, "duration");
            c.text(&course.thumbnail, &r, "thumbnail");
        }
        let course_exists = |id: &str| courses.contains(id) || known_courses.contains(id);

        let mut outlined = HashSet::new();
        for (i, outline) in self.outlines.iter().enumerate() {
            let r = format!("outlines[{i}]");
            c.id(&outline.course_id, &r, "courseId", Some(&mut outlined));
            c.check(course_exists(&outline.course_id), &r, "courseId", "refers to no course");
            c.text(&outline.roadmap, &r, "roadmap");
            let weeks: Vec<u32> = outline.months.iter().flat_map(|m| m.weeks.iter().map(|w| w.week)).collect();
            c.check(!weeks.is_empty(), &r, "months", "must hold at least one week");
            let expected: Vec<u32> = (1..=outline.duration_weeks).collect();
            c.check(
                weeks == expected,
                &r,
                "durationWeeks",
                format!("weeks must run 1..={} in order", outline.duration_weeks),
            );
        }

        let mut batches = HashSet::new();
        for (i, batch) in self.batches.iter().enumerate() {
            let r = format!("batches[{i}]");
            c.id(&batch.id, &r, "_id", Some(&mut batches));
            c.check(course_exists(&batch.course_id), &r, "courseId", "refers to no course");
            c.text(&batch.name, &r, "name");
            c.check(batch.seats > 0, &r, "seats", "must be at least 1");
            c.check(
                batch.enrolled <= batch.seats,
                &r,
                "enrolled",
                format!("exceeds seats ({} > {})", batch.enrolled, batch.seats),
            );
            c.check(is_date(&batch.start_date), &r, "startDate", "must be YYYY-MM-DD");
            c.check(is_date(&batch.end_date), &r, "endDate", "must be YYYY-MM-DD");
            c.check(batch.end_date >= batch.start_date, &r, "endDate", "is before startDate");
        }

        let mut video_ids = HashSet::new();
        let mut lectures = HashSet::new();
        for (i, video) in self.videos.iter().enumerate() {
            let r = format!("videos[{i}]");
            c.id(&video.id, &r, "_id", Some(&mut video_ids));
            let batch_exists = batches.contains(&video.batch_id) || known_batches.contains(&video.batch_id);
            c.check(batch_exists, &r, "batchId", "refers to no batch");
            c.check(video.lecture_number >= 1, &r, "lectureNumber", "must be at least 1");
            c.check(
                lectures.insert((video.batch_id.clone(), video.lecture_number)),
                &r,
                "lectureNumber",
                "is used twice in this batch",
            );
            c.text(&video.title, &r, "title");
            c.check(
                is_playable_url(&video.url),
                &r,
                "url",
                "must be https://, http://, s3://bucket/key or a site path",
            );
            // The progress rule measures watching a stored file against its length.
            let stored = crate::domain::parse_s3_url(&video.url).is_some();
            let length = video.duration_secs.filter(|s| s.is_finite() && *s > 0.0 && *s <= MAX_LECTURE_SECONDS);
            c.check(
                video.duration_secs.is_none() || length.is_some(),
                &r,
                "durationSecs",
                "must be a length in seconds, above 0 and at most a day",
            );
            c.check(!stored || video.duration_secs.is_some(), &r, "durationSecs", "is required for a stored file");
        }
        c.problems
    }

    /// Writes every record (upserts, so importing the same file twice changes nothing).
    pub async fn write(&self, store: &dyn CatalogRecords) -> store::Result<()> {
        for course in &self.courses {
            store.put_course(course).await?;
        }
        for outline in &self.outlines {
            store.put_outline(outline).await?;
        }
        for batch in &self.batches {
            store.put_batch(batch).await?;
        }
        for video in &self.videos {
            store.put_lecture(video).await?;
        }
        Ok(())
    }
}

/// What an import did.
#[derive(Debug)]
pub enum ImportOutcome {
    Written { courses: usize, outlines: usize, batches: usize, videos: usize },
    Rejected(Vec<Problem>),
}

/// Parses, checks against the file and the store, and writes only when nothing is wrong.
pub async fn import(store: &dyn CatalogRecords, text: &str) -> store::Result<ImportOutcome> {
    let file = match parse(text) {
        Ok(file) => file,
        Err(problem) => return Ok(ImportOutcome::Rejected(vec![problem])),
    };
    let known_courses = store.list_courses().await?.into_iter().map(|c| c.id).collect();
    let known_batches = store.list_batches().await?.into_iter().map(|b| b.id).collect();
    let problems = file.problems(&known_courses, &known_batches);
    if !problems.is_empty() {
        return Ok(ImportOutcome::Rejected(problems));
    }
    file.write(store).await?;
    Ok(ImportOutcome::Written {
        courses: file.courses.len(),
        outlines: file.outlines.len(),
        batches: file.batches.len(),
        videos: file.videos.len(),
    })
}

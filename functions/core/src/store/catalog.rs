//! The catalog's records: courses, outlines, batches (indexed by id) and their lectures.

use super::records::{item, record_of, records_of};
use super::{keys, PutMode, Result, Store};
use crate::domain::{Batch, Course, Lecture, Outline};
use async_trait::async_trait;

#[async_trait]
pub trait CatalogRecords: Send + Sync {
    async fn put_course(&self, course: &Course) -> Result<()>;

    async fn get_course(&self, id: &str) -> Result<Option<Course>>;

    async fn list_courses(&self) -> Result<Vec<Course>>;

    async fn put_outline(&self, outline: &Outline) -> Result<()>;

    async fn get_outline(&self, course_id: &str) -> Result<Option<Outline>>;

    async fn put_batch(&self, batch: &Batch) -> Result<()>;

    async fn get_batch(&self, id: &str) -> Result<Option<Batch>>;

    async fn list_batches(&self) -> Result<Vec<Batch>>;

    async fn list_batches_of_course(&self, course_id: &str) -> Result<Vec<Batch>>;

    async fn put_lecture(&self, video: &Lecture) -> Result<()>;

    /// Stores a lecture under a number no lecture of its batch holds yet: `StoreError::Conflict`
    /// when one does (two staff adding at once each get a number of their own).
    async fn create_lecture(&self, video: &Lecture) -> Result<()>;

    /// Removes a lecture's record (nothing happens when there is none).
    async fn delete_lecture(&self, batch_id: &str, lecture_number: u32) -> Result<()>;

    async fn get_lecture(&self, batch_id: &str, lecture_number: u32) -> Result<Option<Lecture>>;

    async fn list_lectures(&self, batch_id: &str) -> Result<Vec<Lecture>>;
}

#[async_trait]
impl CatalogRecords for Store {
    async fn put_course(&self, course: &Course) -> Result<()> {
        let it = item(keys::COURSE.into(), keys::course_sk(&course.id), course)?;
        self.items().put(it, PutMode::Upsert).await
    }

    async fn get_course(&self, id: &str) -> Result<Option<Course>> {
        let found = self.items().get(keys::COURSE, &keys::course_sk(id), 0).await?;
        found.map(record_of).transpose()
    }

    async fn list_courses(&self) -> Result<Vec<Course>> {
        records_of(self.items().query(keys::COURSE, "COURSE#", 0).await?)
    }

    // Outlines

    async fn put_outline(&self, outline: &Outline) -> Result<()> {
        let it = item(keys::course_pk(&outline.course_id), keys::OUTLINE.into(), outline)?;
        self.items().put(it, PutMode::Upsert).await
    }

    async fn get_outline(&self, course_id: &str) -> Result<Option<Outline>> {
        let found = self.items().get(&keys::course_pk(course_id), keys::OUTLINE, 0).await?;
        found.map(record_of).transpose()
    }

    // Batches: stored under their course, indexed by id for direct lookups.

    async fn put_batch(&self, batch: &Batch) -> Result<()> {
        let mut it = item(keys::course_pk(&batch.course_id), keys::batch_sk(&batch.id), batch)?;
        it.gsi1 = Some((keys::BATCH.into(), batch.id.clone()));
        self.items().put(it, PutMode::Upsert).await
    }

    async fn get_batch(&self, id: &str) -> Result<Option<Batch>> {
        let found = self.items().query_index(keys::BATCH, Some(id), 0).await?;
        found.into_iter().next().map(record_of).transpose()
    }

    async fn list_batches(&self) -> Result<Vec<Batch>> {
        records_of(self.items().query_index(keys::BATCH, None, 0).await?)
    }

    async fn list_batches_of_course(&self, course_id: &str) -> Result<Vec<Batch>> {
        records_of(self.items().query(&keys::course_pk(course_id), "BATCH#", 0).await?)
    }

    // Videos, ordered by lecture number through their sort key.

    async fn put_lecture(&self, video: &Lecture) -> Result<()> {
        let it = item(keys::batch_pk(&video.batch_id), keys::lecture_sk(video.lecture_number), video)?;
        self.items().put(it, PutMode::Upsert).await
    }

    async fn create_lecture(&self, video: &Lecture) -> Result<()> {
        let it = item(keys::batch_pk(&video.batch_id), keys::lecture_sk(video.lecture_number), video)?;
        self.items().put(it, PutMode::IfAbsent).await
    }

    async fn delete_lecture(&self, batch_id: &str, lecture_number: u32) -> Result<()> {
        self.items().delete(&keys::batch_pk(batch_id), &keys::lecture_sk(lecture_number)).await
    }

    async fn get_lecture(&self, batch_id: &str, lecture_number: u32) -> Result<Option<Lecture>> {
        let found = self.items().get(&keys::batch_pk(batch_id), &keys::lecture_sk(lecture_number), 0).await?;
        found.map(record_of).transpose()
    }

    async fn list_lectures(&self, batch_id: &str) -> Result<Vec<Lecture>> {
        records_of(self.items().query(&keys::batch_pk(batch_id), "VIDEO#", 0).await?)
    }
}

//! Reminders a local worker sends when they are due (a demo class's, a live class's): one item
//! per booking (or session) and kind on the index by the time it is due. In AWS they are
//! EventBridge Scheduler's one-time schedules instead; both features share this one layout.

use super::records::{item, records_of};
use super::{keys, Item, PutMode, Result, Store};
use crate::domain::DemoReminder;
use async_trait::async_trait;

#[async_trait]
pub trait ReminderRecords: Send + Sync {
    /// The local worker's reminders: one per booking and kind (a new sequence replaces it).
    async fn save_demo_reminder(&self, reminder: &DemoReminder) -> Result<()>;
    async fn delete_demo_reminder(&self, reminder: &DemoReminder) -> Result<()>;
    /// Reminders due at or before `now`, earliest first.
    async fn due_demo_reminders(&self, now: i64) -> Result<Vec<DemoReminder>>;
}

fn reminder_item(reminder: &DemoReminder) -> Result<Item> {
    let mut it = item(keys::demo_reminder_pk(&reminder.booking_id), reminder.kind.clone(), reminder)?;
    let place = format!("{:012}#{}#{}", reminder.at.max(0), reminder.booking_id, reminder.kind);
    it.gsi1 = Some((keys::DEMO_REMINDERS.into(), place));
    Ok(it)
}

#[async_trait]
impl ReminderRecords for Store {
    async fn save_demo_reminder(&self, reminder: &DemoReminder) -> Result<()> {
        self.items().put(reminder_item(reminder)?, PutMode::Upsert).await
    }

    async fn delete_demo_reminder(&self, reminder: &DemoReminder) -> Result<()> {
        self.items().delete(&keys::demo_reminder_pk(&reminder.booking_id), &reminder.kind).await
    }

    async fn due_demo_reminders(&self, now: i64) -> Result<Vec<DemoReminder>> {
        let to = format!("{:012}~", now.max(0));
        records_of(self.items().query_index_range(keys::DEMO_REMINDERS, "0", &to, 0).await?)
    }
}

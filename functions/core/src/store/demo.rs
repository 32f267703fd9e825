//! Demo classes: slots on the index by their start; in each slot's partition a seat counter (one
//! atomic update per seat taken or given back, so concurrent bookings each see a different count)
//! and one seat per e-mail (a conditional put, so the same e-mail is one booking); bookings on
//! the index by their slot; the local worker's reminders by the time they are due.

use super::records::{item, record_of, records_of};
use super::{keys, Item, PutMode, Result, Store};
use crate::domain::{DemoBooking, DemoReminder, DemoSlot};
use async_trait::async_trait;
use serde_json::Value;

/// How long after a slot's start its seat counter is kept (then it reads as absent).
const COUNTER_DAYS: i64 = 3 * 366;

#[async_trait]
pub trait DemoRecords: Send + Sync {
    /// Stores a new slot (`Conflict` if its id is taken) or replaces one.
    async fn insert_demo_slot(&self, slot: &DemoSlot) -> Result<()>;
    async fn save_demo_slot(&self, slot: &DemoSlot) -> Result<()>;
    async fn get_demo_slot(&self, id: &str) -> Result<Option<DemoSlot>>;
    /// Slots starting from `from` to `to` (epoch seconds, both included), by start.
    async fn demo_slots_between(&self, from: i64, to: i64) -> Result<Vec<DemoSlot>>;

    /// Adds `delta` seats to the slot's taken count and returns the new count (one atomic update).
    async fn take_seat(&self, slot: &DemoSlot, delta: i64) -> Result<i64>;
    /// How many of the slot's seats are taken.
    async fn seats_taken(&self, slot_id: &str) -> Result<i64>;
    /// Holds the seat of `email_key` in the slot for `booking_id`; `Conflict` if it is held.
    async fn hold_seat(&self, slot_id: &str, email_key: &str, booking_id: &str) -> Result<()>;
    /// The booking holding the seat of `email_key` in the slot.
    async fn seat_holder(&self, slot_id: &str, email_key: &str) -> Result<Option<String>>;
    async fn release_seat(&self, slot_id: &str, email_key: &str) -> Result<()>;

    async fn save_demo_booking(&self, booking: &DemoBooking) -> Result<()>;
    async fn get_demo_booking(&self, id: &str) -> Result<Option<DemoBooking>>;
    /// Every booking (standing or cancelled) of a slot, oldest first.
    async fn demo_bookings_of(&self, slot_id: &str) -> Result<Vec<DemoBooking>>;

    /// The local worker's reminders: one per booking and kind (a new sequence replaces it).
    async fn save_demo_reminder(&self, reminder: &DemoReminder) -> Result<()>;
    async fn delete_demo_reminder(&self, reminder: &DemoReminder) -> Result<()>;
    /// Reminders due at or before `now`, earliest first.
    async fn due_demo_reminders(&self, now: i64) -> Result<Vec<DemoReminder>>;

    /// Claims the staff digest of `date` (`YYYY-MM-DD`): `Conflict` if it was sent already.
    async fn claim_demo_digest(&self, date: &str, now: i64) -> Result<()>;
}

fn slot_item(slot: &DemoSlot) -> Result<Item> {
    let mut it = item(keys::demo_slot_pk(&slot.id), keys::DEMO_SLOT.into(), slot)?;
    it.gsi1 = Some((keys::DEMO_SLOTS.into(), keys::demo_slot_time(slot.starts_at, &slot.id)));
    Ok(it)
}

fn booking_item(booking: &DemoBooking) -> Result<Item> {
    let mut it = item(keys::demo_booking_pk(&booking.id), keys::DEMO_BOOKING.into(), booking)?;
    let place = format!("{:012}#{}", booking.created_at, booking.id);
    it.gsi1 = Some((keys::demo_slot_bookings(&booking.slot_id), place));
    Ok(it)
}

fn reminder_item(reminder: &DemoReminder) -> Result<Item> {
    let mut it = item(keys::demo_reminder_pk(&reminder.booking_id), reminder.kind.clone(), reminder)?;
    let place = format!("{:012}#{}#{}", reminder.at.max(0), reminder.booking_id, reminder.kind);
    it.gsi1 = Some((keys::DEMO_REMINDERS.into(), place));
    Ok(it)
}

#[async_trait]
impl DemoRecords for Store {
    async fn insert_demo_slot(&self, slot: &DemoSlot) -> Result<()> {
        self.items().put(slot_item(slot)?, PutMode::IfAbsent).await
    }

    async fn save_demo_slot(&self, slot: &DemoSlot) -> Result<()> {
        self.items().put(slot_item(slot)?, PutMode::Upsert).await
    }

    async fn get_demo_slot(&self, id: &str) -> Result<Option<DemoSlot>> {
        let found = self.items().get(&keys::demo_slot_pk(id), keys::DEMO_SLOT, 0).await?;
        found.map(record_of).transpose()
    }

    async fn demo_slots_between(&self, from: i64, to: i64) -> Result<Vec<DemoSlot>> {
        let (from, to) = (format!("{:012}", from.max(0)), format!("{:012}~", to.max(0)));
        records_of(self.items().query_index_range(keys::DEMO_SLOTS, &from, &to, 0).await?)
    }

    async fn take_seat(&self, slot: &DemoSlot, delta: i64) -> Result<i64> {
        let keep_until = slot.starts_at + COUNTER_DAYS * 24 * 3600;
        let pk = keys::demo_slot_pk(&slot.id);
        self.items().add(&pk, keys::DEMO_SEATS, delta, keep_until, crate::time::now()).await
    }

    async fn seats_taken(&self, slot_id: &str) -> Result<i64> {
        let found = self.items().get(&keys::demo_slot_pk(slot_id), keys::DEMO_SEATS, crate::time::now()).await?;
        Ok(found.and_then(|it| it.body.get("n").and_then(Value::as_i64)).unwrap_or(0).max(0))
    }

    async fn hold_seat(&self, slot_id: &str, email_key: &str, booking_id: &str) -> Result<()> {
        let seat = serde_json::json!({ "bookingId": booking_id });
        let it = item(keys::demo_slot_pk(slot_id), keys::demo_seat_sk(email_key), &seat)?;
        self.items().put(it, PutMode::IfAbsent).await
    }

    async fn seat_holder(&self, slot_id: &str, email_key: &str) -> Result<Option<String>> {
        let found = self.items().get(&keys::demo_slot_pk(slot_id), &keys::demo_seat_sk(email_key), 0).await?;
        Ok(found.and_then(|it| it.body.get("bookingId").and_then(Value::as_str).map(str::to_owned)))
    }

    async fn release_seat(&self, slot_id: &str, email_key: &str) -> Result<()> {
        self.items().delete(&keys::demo_slot_pk(slot_id), &keys::demo_seat_sk(email_key)).await
    }

    async fn save_demo_booking(&self, booking: &DemoBooking) -> Result<()> {
        self.items().put(booking_item(booking)?, PutMode::Upsert).await
    }

    async fn get_demo_booking(&self, id: &str) -> Result<Option<DemoBooking>> {
        let found = self.items().get(&keys::demo_booking_pk(id), keys::DEMO_BOOKING, 0).await?;
        found.map(record_of).transpose()
    }

    async fn demo_bookings_of(&self, slot_id: &str) -> Result<Vec<DemoBooking>> {
        let listed: Vec<DemoBooking> =
            records_of(self.items().query_index(&keys::demo_slot_bookings(slot_id), None, 0).await?)?;
        // The index is eventually consistent in DynamoDB: each booking is read again from the table,
        // and one that has moved to another slot since is left out.
        let mut out = Vec::with_capacity(listed.len());
        for booking in listed {
            if let Some(current) = self.get_demo_booking(&booking.id).await? {
                if current.slot_id == slot_id {
                    out.push(current);
                }
            }
        }
        Ok(out)
    }

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

    async fn claim_demo_digest(&self, date: &str, now: i64) -> Result<()> {
        let mut it = item(keys::DEMO_DIGEST.into(), date.to_owned(), &serde_json::json!({ "sentAt": now }))?;
        it.expires_at = Some(now + 40 * 24 * 3600);
        self.items().put(it, PutMode::IfAbsent).await
    }
}

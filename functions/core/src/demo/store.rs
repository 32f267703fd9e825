//! The demo class's records and their key layout over the table's `Items` (`keys` below): slots on the index by their start; in each slot's partition its numbered seats
//! (`SEATNO#001`…, each a conditional put naming its booking, so concurrent bookings can never hold
//! more seats than there are, and a retried put finds its own seat rather than a second one) and
//! one hold per e-mail (a conditional put, so the same e-mail is one booking); bookings on the index
//! by their slot; the local worker's reminders by the time they are due. Staff offering fewer
//! seats close free numbers the same way (`resize_seats`), so a booking and a lowering racing for
//! one number are decided by one conditional put. A seat or hold names
//! when it was taken: one whose booking was never saved (its function stopped between the two
//! writes) is given back once it is `STRANDED_AFTER_SECS` old, by a conditional delete that
//! cannot remove a seat another booking has taken since.

use super::{DemoBooking, DemoSlot};
use crate::store::{item, record_of, records_of, Item, PutMode, Result, Store, StoreError};
use async_trait::async_trait;
use serde_json::Value;

/// What `DemoRecords::resize_seats` did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resized {
    /// The slot now offers the seats asked for; `seat_numbers` is its new `DemoSlot::seat_numbers`.
    Done { seat_numbers: u32 },
    /// More seats are booked than that (this many): nothing changed.
    Booked(i64),
}

/// A numbered seat staff closed (the slot offers fewer than it has numbers): no booking can take it.
const CLOSED: &str = "closed";

/// How old a seat or hold without its booking must be to be given back: a booking being made is
/// saved well within it (the functions time out after 10 s).
pub const STRANDED_AFTER_SECS: i64 = 120;

#[async_trait]
pub trait DemoRecords: Send + Sync {
    /// Stores a new slot (`Conflict` if its id is taken) or replaces one.
    async fn insert_demo_slot(&self, slot: &DemoSlot) -> Result<()>;
    async fn save_demo_slot(&self, slot: &DemoSlot) -> Result<()>;
    async fn get_demo_slot(&self, id: &str) -> Result<Option<DemoSlot>>;
    /// Slots starting from `from` to `to` (epoch seconds, both included), by start.
    async fn demo_slots_between(&self, from: i64, to: i64) -> Result<Vec<DemoSlot>>;

    /// Takes one of the slot's numbered seats for `booking_id` (a conditional put on a free
    /// number; a number this booking holds already is its own): whether one was free. With none
    /// free, stranded seats are given back first and the free numbers tried again.
    async fn take_seat(&self, slot: &DemoSlot, booking_id: &str, now: i64) -> Result<bool>;
    /// Gives back the seat `booking_id` holds in the slot (nothing when it holds none).
    async fn give_seat(&self, slot_id: &str, booking_id: &str) -> Result<()>;
    /// How many of the slot's seats are taken.
    async fn seats_taken(&self, slot_id: &str) -> Result<i64>;
    /// Makes the slot (`slot` as stored) offer `seats`. Fewer: free numbered seats are closed, the
    /// highest first, each by a conditional put that a booking taking that number at the same
    /// moment either beats or loses to, so bookings never outnumber the seats offered; when too
    /// few are free, those just closed are opened again and the answer is how many are booked.
    /// More: closed seats are opened again (conditional deletes), then new numbers added.
    async fn resize_seats(&self, slot: &DemoSlot, seats: u32, now: i64) -> Result<Resized>;
    /// Holds the seat of `email_key` in the slot for `booking_id`; `Conflict` if it is held.
    async fn hold_seat(&self, slot_id: &str, email_key: &str, booking_id: &str, now: i64) -> Result<()>;
    /// Gives back `email_key`'s hold in the slot if it is stranded (its booking was never saved
    /// and it is `STRANDED_AFTER_SECS` old): whether it was.
    async fn release_stranded_hold(&self, slot_id: &str, email_key: &str, now: i64) -> Result<bool>;
    /// The booking holding the seat of `email_key` in the slot.
    async fn seat_holder(&self, slot_id: &str, email_key: &str) -> Result<Option<String>>;
    async fn release_seat(&self, slot_id: &str, email_key: &str) -> Result<()>;

    async fn save_demo_booking(&self, booking: &DemoBooking) -> Result<()>;
    async fn get_demo_booking(&self, id: &str) -> Result<Option<DemoBooking>>;
    /// Claims the change of a booking from its `sequence` (a move or a cancellation): `Conflict`
    /// when another change of that sequence came first, so two at once cannot both move its seat.
    async fn claim_demo_change(&self, booking_id: &str, sequence: u32) -> Result<()>;
    /// Gives a claimed change back (the change was refused after all).
    async fn release_demo_change(&self, booking_id: &str, sequence: u32) -> Result<()>;
    /// Every booking (standing or cancelled) of a slot, oldest first.
    async fn demo_bookings_of(&self, slot_id: &str) -> Result<Vec<DemoBooking>>;

    /// Claims the staff digest of `date` (`YYYY-MM-DD`): `Conflict` if it was sent already.
    async fn claim_demo_digest(&self, date: &str, now: i64) -> Result<()>;
}

/// The booking a seat's item names.
fn holder_of(it: &Item) -> Option<&str> {
    it.body.get("bookingId").and_then(Value::as_str)
}

/// Whether a numbered seat's item is one staff closed.
fn is_closed(it: &Item) -> bool {
    it.body.get("state").and_then(Value::as_str) == Some(CLOSED)
}

/// A seat's or hold's item: its booking and when it was taken.
fn seat_item(pk: String, sk: String, booking_id: &str, now: i64) -> Result<Item> {
    item(pk, sk, &serde_json::json!({ "bookingId": booking_id, "takenAt": now }))
}

impl Store {
    /// Gives back every stranded seat of `held`: whether any was.
    async fn give_back_stranded(&self, held: &[Item], now: i64) -> Result<bool> {
        let mut given = false;
        for seat in held {
            given |= self.give_back_if_stranded(seat, now).await?;
        }
        Ok(given)
    }

    /// Gives back `seat` if it is stranded: old enough, and its booking was never saved. Only
    /// while it still names that booking (a conditional delete).
    async fn give_back_if_stranded(&self, seat: &Item, now: i64) -> Result<bool> {
        let Some(booking_id) = holder_of(seat) else { return Ok(false) };
        let taken_at = seat.body.get("takenAt").and_then(Value::as_i64).unwrap_or(0);
        if now - taken_at < STRANDED_AFTER_SECS || self.get_demo_booking(booking_id).await?.is_some() {
            return Ok(false);
        }
        let given = self.items().delete_if(&seat.pk, &seat.sk, "bookingId", booking_id).await?;
        if given {
            tracing::warn!(slot = %seat.pk, seat = %seat.sk, booking = booking_id, "a stranded seat was given back");
        }
        Ok(given)
    }
}

impl Store {
    /// Opens again the seats of the slot `pk` that staff closed (`sks`), each only while closed.
    async fn reopen(&self, pk: &str, sks: &[String]) -> Result<()> {
        for sk in sks {
            self.items().delete_if(pk, sk, "state", CLOSED).await?;
        }
        Ok(())
    }
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

    async fn take_seat(&self, slot: &DemoSlot, booking_id: &str, now: i64) -> Result<bool> {
        let pk = keys::demo_slot_pk(&slot.id);
        for pass in 0..2 {
            let held = self.items().query(&pk, keys::DEMO_SEAT_NUMBER_PREFIX, 0).await?;
            if held.iter().any(|it| holder_of(it) == Some(booking_id)) {
                return Ok(true);
            }
            let taken: Vec<&str> = held.iter().map(|it| it.sk.as_str()).collect();
            for number in 1..=slot.numbered_seats() {
                let sk = keys::demo_seat_number_sk(number);
                if taken.contains(&sk.as_str()) {
                    continue;
                }
                match self.items().put(seat_item(pk.clone(), sk.clone(), booking_id, now)?, PutMode::IfAbsent).await {
                    Ok(()) => return Ok(true),
                    Err(StoreError::Conflict) => {
                        // Taken a moment ago, or by this very call when a retry's first answer was lost.
                        let found = self.items().get(&pk, &sk, 0).await?;
                        if found.as_ref().and_then(holder_of) == Some(booking_id) {
                            return Ok(true);
                        }
                    }
                    Err(e) => return Err(e),
                }
            }
            if pass == 1 || !self.give_back_stranded(&held, now).await? {
                break;
            }
        }
        Ok(false)
    }

    async fn give_seat(&self, slot_id: &str, booking_id: &str) -> Result<()> {
        let pk = keys::demo_slot_pk(slot_id);
        for seat in self.items().query(&pk, keys::DEMO_SEAT_NUMBER_PREFIX, 0).await? {
            if holder_of(&seat) == Some(booking_id) {
                self.items().delete(&pk, &seat.sk).await?;
            }
        }
        Ok(())
    }

    async fn seats_taken(&self, slot_id: &str) -> Result<i64> {
        let held = self.items().query(&keys::demo_slot_pk(slot_id), keys::DEMO_SEAT_NUMBER_PREFIX, 0).await?;
        Ok(held.iter().filter(|it| holder_of(it).is_some()).count() as i64)
    }

    async fn resize_seats(&self, slot: &DemoSlot, seats: u32, now: i64) -> Result<Resized> {
        let pk = keys::demo_slot_pk(&slot.id);
        let held = self.items().query(&pk, keys::DEMO_SEAT_NUMBER_PREFIX, 0).await?;
        let numbers = slot.numbered_seats();
        let closed: Vec<&Item> = held.iter().filter(|it| is_closed(it)).collect();
        let open = i64::from(numbers) - closed.len() as i64;
        if i64::from(seats) >= open {
            let mut more = i64::from(seats) - open;
            for seat in closed {
                if more > 0 && self.items().delete_if(&pk, &seat.sk, "state", CLOSED).await? {
                    more -= 1;
                }
            }
            return Ok(Resized::Done { seat_numbers: numbers + u32::try_from(more).unwrap_or(0) });
        }
        let mut fewer = open - i64::from(seats);
        let used: Vec<&str> = held.iter().map(|it| it.sk.as_str()).collect();
        let mut closed_now = Vec::new();
        for number in (1..=numbers).rev() {
            let sk = keys::demo_seat_number_sk(number);
            if fewer == 0 || used.contains(&sk.as_str()) {
                continue;
            }
            let seat = item(pk.clone(), sk.clone(), &serde_json::json!({ "state": CLOSED, "takenAt": now }))?;
            match self.items().put(seat, PutMode::IfAbsent).await {
                Ok(()) => {
                    closed_now.push(sk);
                    fewer -= 1;
                }
                // A booking took it a moment ago.
                Err(StoreError::Conflict) => {}
                Err(e) => {
                    self.reopen(&pk, &closed_now).await?;
                    return Err(e);
                }
            }
        }
        if fewer > 0 {
            self.reopen(&pk, &closed_now).await?;
            return Ok(Resized::Booked(self.seats_taken(&slot.id).await?));
        }
        Ok(Resized::Done { seat_numbers: numbers })
    }

    async fn hold_seat(&self, slot_id: &str, email_key: &str, booking_id: &str, now: i64) -> Result<()> {
        let it = seat_item(keys::demo_slot_pk(slot_id), keys::demo_seat_sk(email_key), booking_id, now)?;
        self.items().put(it, PutMode::IfAbsent).await
    }

    async fn release_stranded_hold(&self, slot_id: &str, email_key: &str, now: i64) -> Result<bool> {
        match self.items().get(&keys::demo_slot_pk(slot_id), &keys::demo_seat_sk(email_key), 0).await? {
            Some(hold) => self.give_back_if_stranded(&hold, now).await,
            None => Ok(false),
        }
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

    async fn claim_demo_change(&self, booking_id: &str, sequence: u32) -> Result<()> {
        let change = serde_json::json!({ "sequence": sequence });
        let it = item(keys::demo_booking_pk(booking_id), keys::demo_change_sk(sequence), &change)?;
        self.items().put(it, PutMode::IfAbsent).await
    }

    async fn release_demo_change(&self, booking_id: &str, sequence: u32) -> Result<()> {
        self.items().delete(&keys::demo_booking_pk(booking_id), &keys::demo_change_sk(sequence)).await
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

    async fn claim_demo_digest(&self, date: &str, now: i64) -> Result<()> {
        let mut it = item(keys::DEMO_DIGEST.into(), date.to_owned(), &serde_json::json!({ "sentAt": now }))?;
        it.expires_at = Some(now + 40 * 24 * 3600);
        self.items().put(it, PutMode::IfAbsent).await
    }
}

/// The demo class's part of the table's key layout (docs/decisions/0001-one-key-layout-two-stores.md).
mod keys {
    /// A demo slot, its seat counter and its seats (one per e-mail) share the slot's partition.
    pub fn demo_slot_pk(slot_id: &str) -> String {
        format!("DEMO_SLOT#{slot_id}")
    }

    pub const DEMO_SLOT: &str = "DEMO_SLOT";

    /// A slot's numbered seats (`demo_seat_number_sk`) start with this.
    pub const DEMO_SEAT_NUMBER_PREFIX: &str = "SEATNO#";

    /// Seat `number` of a slot (zero-padded: at most 50 seats).
    pub fn demo_seat_number_sk(number: u32) -> String {
        format!("{DEMO_SEAT_NUMBER_PREFIX}{number:03}")
    }

    /// The seat one e-mail (its digest) holds in a slot: the same e-mail booking twice is one seat.
    pub fn demo_seat_sk(email_key: &str) -> String {
        format!("SEAT#{email_key}")
    }

    /// The index key under which every slot sorts by its start.
    pub const DEMO_SLOTS: &str = "DEMO_SLOTS";

    /// A slot's place on the index: its start (epoch seconds, zero-padded) then its id.
    pub fn demo_slot_time(starts_at: i64, slot_id: &str) -> String {
        format!("{starts_at:012}#{slot_id}")
    }

    pub fn demo_booking_pk(booking_id: &str) -> String {
        format!("DEMO_BOOKING#{booking_id}")
    }

    pub const DEMO_BOOKING: &str = "DEMO_BOOKING";

    /// In a booking's partition, one item per change it went through (by the sequence it changed from).
    pub fn demo_change_sk(sequence: u32) -> String {
        format!("CHANGE#{sequence:06}")
    }

    /// The index key under which a slot's bookings sit.
    pub fn demo_slot_bookings(slot_id: &str) -> String {
        format!("DEMO_SLOT_BOOKINGS#{slot_id}")
    }

    /// The staff digest of one day, sent once.
    pub const DEMO_DIGEST: &str = "DEMO_DIGEST";
}

//! The demo feature's letters, mailed by the product's mailer (`leads::mail`): a letter becomes a
//! `Mail` from the institute's sender, replies going to its inbox, with the letter's calendar
//! object as the mail's calendar part. Live classes' letters go the same way, and their
//! reminders are scheduled on the demo class's schedule (`DemoScheduler`).

use crate::demo::{Letter, LetterBox, LetterKind};
use crate::mail::{CalendarPart, Mail, MailKind, MailSettings, Mailer};
use async_trait::async_trait;
use std::sync::Arc;

pub struct MailedLetters {
    pub mailer: Arc<dyn Mailer>,
    pub settings: MailSettings,
}

/// The mail a letter is.
pub fn mail_of(letter: &Letter, settings: &MailSettings) -> Mail {
    let kind = match letter.kind {
        LetterKind::Booking => MailKind::DemoBooking,
        LetterKind::Reminder => MailKind::DemoReminder,
        LetterKind::Digest => MailKind::DemoDigest,
    };
    Mail {
        about: letter.about.clone(),
        kind,
        from: settings.from.clone(),
        to: letter.to.clone(),
        reply_to: (letter.kind != LetterKind::Digest).then(|| settings.inbox.clone()),
        subject: letter.subject.clone(),
        text: letter.text.clone(),
        html: letter.html.clone(),
        calendar: letter
            .calendar
            .as_ref()
            .map(|(method, ics)| CalendarPart { method: method.as_str().into(), ics: ics.clone() }),
    }
}

#[async_trait]
impl LetterBox for MailedLetters {
    async fn send(&self, letter: &Letter) -> Result<(), String> {
        self.mailer.send(&mail_of(letter, &self.settings)).await
    }
}

/// Where letters go on a server with no mailer: nowhere, said in the log.
pub struct Unposted;

#[async_trait]
impl LetterBox for Unposted {
    async fn send(&self, letter: &Letter) -> Result<(), String> {
        Err(format!("no mailer is set up: {:?} about {} not sent", letter.kind, letter.about))
    }
}

/// The mail a live class's letter is.
pub fn mail_of_class(letter: &crate::live::Letter, settings: &MailSettings) -> Mail {
    let kind = match letter.kind {
        crate::live::LetterKind::Change => MailKind::ClassChange,
        crate::live::LetterKind::Reminder => MailKind::ClassReminder,
    };
    Mail {
        about: letter.about.clone(),
        kind,
        from: settings.from.clone(),
        to: letter.to.clone(),
        reply_to: Some(settings.inbox.clone()),
        subject: letter.subject.clone(),
        text: letter.text.clone(),
        html: letter.html.clone(),
        calendar: None,
    }
}

#[async_trait]
impl crate::live::LetterBox for MailedLetters {
    async fn send(&self, letter: &crate::live::Letter) -> Result<(), String> {
        self.mailer.send(&mail_of_class(letter, &self.settings)).await
    }
}

#[async_trait]
impl crate::live::LetterBox for Unposted {
    async fn send(&self, letter: &crate::live::Letter) -> Result<(), String> {
        Err(format!("no mailer is set up: {:?} about {} not sent", letter.kind, letter.about))
    }
}

/// Live classes' reminders on the demo class's schedule (EventBridge Scheduler in AWS, the store
/// locally): one schedule, one `demo-reminder` function, one local worker.
pub struct DemoScheduler(pub Arc<dyn crate::demo::reminders::ReminderSchedule>);

#[async_trait]
impl crate::live::ReminderSlots for DemoScheduler {
    async fn schedule(&self, reminder: &crate::domain::DemoReminder) -> Result<(), String> {
        self.0.schedule(reminder).await
    }

    async fn unschedule(&self, reminder: &crate::domain::DemoReminder) -> Result<(), String> {
        self.0.unschedule(reminder).await
    }
}

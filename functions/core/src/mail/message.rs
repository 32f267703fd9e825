//! One message as every feature's letters make it (`Mail`), and as MIME.

/// What a mail is, for its outbox file's name and the log: one kind per letter the product sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MailKind {
    /// The submission, to the institute's inbox.
    Inbox,
    /// The acknowledgement to the visitor.
    Acknowledgement,
    /// A student's welcome to a batch, with their Secret ID (the staff console's).
    Welcome,
    /// A demo class booked, moved or cancelled, with its calendar invitation.
    DemoBooking,
    /// A demo class's reminder (24 hours or 1 hour before).
    DemoReminder,
    /// The staff's morning list of the day's demo classes.
    DemoDigest,
    /// A live class cancelled, moved or added, to each student of its batch.
    ClassChange,
    /// A live class's reminder, 1 hour before.
    ClassReminder,
    /// An assignment's review returned, or its due time moved (the assignments feature).
    Assignment,
    /// A plan's payment: a renewal that failed, a due date coming, access paused (payments).
    Payment,
}

impl MailKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Inbox => "inbox",
            Self::Acknowledgement => "reply",
            Self::Welcome => "welcome",
            Self::DemoBooking => "demo",
            Self::DemoReminder => "demo-reminder",
            Self::DemoDigest => "demo-digest",
            Self::ClassChange => "class",
            Self::ClassReminder => "class-reminder",
            Self::Assignment => "assignment",
            Self::Payment => "payment",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Mail {
    /// The record the message is about (a submission, a booking, a payment…): the outbox names its file by it.
    pub about: String,
    pub kind: MailKind,
    pub from: String,
    pub to: String,
    pub reply_to: Option<String>,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// An iCalendar object sent along (a demo class's invitation, update or cancellation).
    pub calendar: Option<CalendarPart>,
}

/// An iCalendar part: the object, and its `METHOD` (`REQUEST`, `CANCEL`), which the part's
/// content type repeats as calendar programs expect.
#[derive(Clone, Debug, PartialEq)]
pub struct CalendarPart {
    pub method: String,
    pub ics: String,
}

impl Mail {
    /// The message as MIME: multipart/alternative with text and HTML parts; with a calendar
    /// part, multipart/mixed of that alternative (text, HTML and `text/calendar; method=…`, which
    /// Outlook and Google Calendar read as the invitation) and the same object as `invite.ics`
    /// (which Apple Mail and others offer to open).
    pub fn to_mime(&self) -> Result<Vec<u8>, String> {
        use mail_builder::headers::content_type::ContentType;
        use mail_builder::mime::{BodyPart, MimePart};
        let mut builder = mail_builder::MessageBuilder::new()
            .from(self.from.as_str())
            .to(self.to.as_str())
            .subject(self.subject.as_str());
        builder = match &self.calendar {
            None => builder.text_body(self.text.as_str()).html_body(self.html.as_str()),
            Some(calendar) => {
                let calendar_type = || {
                    ContentType::new("text/calendar")
                        .attribute("method", calendar.method.as_str())
                        .attribute("charset", "utf-8")
                };
                let alternative = MimePart::new(
                    "multipart/alternative",
                    vec![
                        MimePart::new("text/plain", BodyPart::Text(self.text.as_str().into())),
                        MimePart::new("text/html", BodyPart::Text(self.html.as_str().into())),
                        MimePart::new(calendar_type(), BodyPart::Text(calendar.ics.as_str().into())),
                    ],
                );
                let attachment = MimePart::new(
                    ContentType::new("application/ics").attribute("name", "invite.ics"),
                    BodyPart::Text(calendar.ics.as_str().into()),
                )
                .attachment("invite.ics");
                builder.body(MimePart::new("multipart/mixed", vec![alternative, attachment]))
            }
        };
        if let Some(reply_to) = &self.reply_to {
            builder = builder.reply_to(reply_to.as_str());
        }
        builder.write_to_vec().map_err(|e| e.to_string())
    }
}

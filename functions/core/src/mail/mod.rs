//! The mail kit every feature's letters share: a message (`Mail`, its kind and MIME), who sends
//! it and to whom replies go (`MailSettings`), the one `Mailer` (SES in AWS, an outbox folder of
//! `.eml` files locally) and how a letter greets its reader. Each feature writes its own letters;
//! `leads` keeps only the delivery of enquiries (their stream and re-drive).

mod message;
mod outbox;
mod ses;

pub use message::{CalendarPart, Mail, MailKind};
pub use outbox::OutboxMailer;
pub use ses::{SesMailer, ATTEMPT_TIMEOUT, CONNECT_TIMEOUT, SEND_TIMEOUT};

use async_trait::async_trait;
use std::sync::Arc;

#[async_trait]
pub trait Mailer: Send + Sync {
    /// Sends one message; the error is a description for the submission record and the log.
    async fn send(&self, mail: &Mail) -> Result<(), String>;

    /// Whether the institute's message about `submission` was already handed over. The outbox
    /// can tell from its files; SES keeps no record to ask, so by default nothing is known sent.
    async fn holds(&self, _submission: &str) -> Result<bool, String> {
        Ok(false)
    }

    /// Removes what sends interrupted at least `older_than` ago left half-written (the outbox's
    /// partial files) and says how many; nothing by default.
    async fn clear_partials(&self, _older_than: std::time::Duration) -> Result<usize, String> {
        Ok(0)
    }
}

/// The one postbox features hand their letters to: the mailer (SES in AWS, the outbox locally)
/// with who letters come from and where replies go, or none on a server with no mailer.
#[derive(Clone)]
pub struct Postbox {
    mailer: Option<Arc<dyn Mailer>>,
    pub settings: MailSettings,
}

impl Postbox {
    pub fn new(mailer: Arc<dyn Mailer>, settings: MailSettings) -> Self {
        Self { mailer: Some(mailer), settings }
    }

    /// A postbox that sends nothing: each letter is logged as not sent.
    pub fn unposted(settings: MailSettings) -> Self {
        Self { mailer: None, settings }
    }

    /// A letter `about` a record, from the institute's sender, replies going to its inbox.
    pub fn letter(
        &self,
        about: &str,
        kind: MailKind,
        to: &str,
        subject: String,
        (text, html): (String, String),
    ) -> Mail {
        Mail {
            about: about.to_owned(),
            kind,
            from: self.settings.from.clone(),
            to: to.to_owned(),
            reply_to: Some(self.settings.inbox.clone()),
            subject,
            text,
            html,
            calendar: None,
        }
    }

    /// Sends `mail`.
    pub async fn send(&self, mail: &Mail) -> Result<(), String> {
        match &self.mailer {
            Some(mailer) => mailer.send(mail).await,
            None => Err(format!("no mailer is set up: {} mail about {} not sent", mail.kind.as_str(), mail.about)),
        }
    }

    /// Sends `mail`; a failure is logged, never the caller's (what it is about is stored already).
    pub async fn post(&self, mail: &Mail) {
        if let Err(error) = self.send(mail).await {
            tracing::error!(about = %mail.about, kind = mail.kind.as_str(), %error, "mail failed");
        }
    }
}

/// Who mail goes to and comes from.
#[derive(Clone, Debug)]
pub struct MailSettings {
    /// The institute's inbox, which receives every submission.
    pub inbox: String,
    /// The sender (an SES-verified identity in AWS).
    pub from: String,
    /// Also send the visitor a short acknowledgement.
    pub auto_reply: bool,
}

/// The institute's inbox unless `ACADEMY_MAIL_TO` names another.
pub const DEFAULT_INBOX: &str = "admissions@skylinetech.academy";
/// The sender unless `ACADEMY_MAIL_FROM` names another.
pub const DEFAULT_FROM: &str = "no-reply@skylinetech.academy";

/// The longest first name a letter repeats.
pub const GREETING_NAME_CHARS: usize = 40;

/// A first name as a letter's greeting may repeat it: only when it is plainly a name (letters, spaces, hyphens and apostrophes, at most `GREETING_NAME_CHARS`).
/// The acknowledgement goes to whatever address was typed, so anything else (a link, a sentence
/// with punctuation) is not repeated: the institute does not mail anyone's words to anyone.
pub fn greeting_name(first: &str) -> Option<String> {
    let name = first.split_whitespace().collect::<Vec<_>>().join(" ");
    let allowed = |c: char| c.is_alphabetic() || matches!(c, ' ' | '-' | '\'' | '\u{2019}');
    let plain = name.chars().count() <= GREETING_NAME_CHARS
        && name.chars().any(char::is_alphabetic)
        && name.chars().all(allowed);
    plain.then_some(name)
}

/// How a letter greets someone known by their full name: its first word when that is plainly a
/// name (`greeting_name`), else "there".
pub fn greeting_of(full_name: &str) -> String {
    greeting_name(full_name.split_whitespace().next().unwrap_or_default()).unwrap_or_else(|| "there".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_are_repeated() {
        assert_eq!(greeting_name("  Zoë   Ana  "), Some("Zoë Ana".into()));
        assert_eq!(greeting_name("محمد علی"), Some("محمد علی".into()));
        // anything longer, or with digits, punctuation or markup, is no name
        for not_a_name in ["a".repeat(41).as_str(), "Sana2", "Sana.", "<b>Sana</b>", "Sana\u{202E}", "-", "  "] {
            assert_eq!(greeting_name(not_a_name), None, "{not_a_name:?}");
        }
        assert_eq!(greeting_name(&"a".repeat(40)), Some("a".repeat(40)));
        assert_eq!(greeting_of("Zoë O'Neil"), "Zoë");
        assert_eq!(greeting_of("<b>Zoë</b> Ana"), "there");
        assert_eq!(greeting_of("   "), "there");
    }
}

//! The messages: one to the institute's inbox (Reply-To the visitor), and an optional
//! acknowledgement to the visitor. Every visitor value is escaped in the HTML part, and header
//! values are built by mail-builder, which encodes them.

use crate::domain::Submission;
use crate::leads::forms::FormType;
use crate::mail::greeting_name;
use crate::mail::{Mail, MailKind, MailSettings};
use serde_json::Value;

/// Field order and labels for the message body.
const LABELS: [(&str, &str); 9] = [
    ("firstName", "First name"),
    ("lastName", "Last name"),
    ("email", "E-mail"),
    ("phone", "Phone"),
    ("course", "Course"),
    ("plan", "Plan"),
    ("country", "Country"),
    ("inquiryType", "Enquiry about"),
    ("message", "Message"),
];

fn field<'a>(submission: &'a Submission, name: &str) -> &'a str {
    submission.form_data.get(name).and_then(Value::as_str).unwrap_or("")
}

/// Unicode's bidirectional formatting characters (marks, embeddings, overrides, isolates): in a
/// subject they can reorder what an inbox shows ("invoice\u{202E}fdp.exe").
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// One line of visitor text, for a subject: control characters become spaces, bidirectional
/// controls go, at most 120 characters.
fn one_line(text: &str) -> String {
    text.chars().filter(|c| !is_bidi_control(*c)).map(|c| if c.is_control() { ' ' } else { c }).take(120).collect()
}

fn subject(submission: &Submission) -> String {
    let name = format!("{} {}", field(submission, "firstName"), field(submission, "lastName"));
    let subject = match FormType::parse(&submission.form_type) {
        Some(FormType::Contact) => match field(submission, "inquiryType") {
            "" => format!("New enquiry from {name}"),
            about => format!("New enquiry from {name}: {about}"),
        },
        Some(FormType::Registration) => {
            format!("Enrolment request ({} plan): {} — {name}", field(submission, "plan"), field(submission, "course"))
        }
        Some(FormType::Enrollment) => format!("Enrolment request: {} — {name}", field(submission, "course")),
        None => format!("Submission from {name}"),
    };
    one_line(&subject)
}

/// The message to the institute's inbox.
pub fn notification(submission: &Submission, settings: &MailSettings) -> Mail {
    let rows: Vec<(&str, &str)> = LABELS
        .iter()
        .map(|(key, label)| (*label, field(submission, key)))
        .filter(|(_, value)| !value.is_empty())
        .collect();
    let mut text = String::new();
    let mut html = String::from("<table cellpadding=\"6\" style=\"border-collapse:collapse;font-family:sans-serif\">");
    for (label, value) in &rows {
        text.push_str(&format!("{label}: {value}\n"));
        html.push_str(&format!(
            "<tr><th align=\"left\" valign=\"top\">{label}</th><td style=\"white-space:pre-wrap\">{}</td></tr>",
            html_escape::encode_text(value)
        ));
    }
    html.push_str("</table>");
    let footer =
        format!("\nSubmission {} ({}), received {}.\n", submission.id, submission.form_type, submission.created_at);
    text.push_str(&footer);
    html.push_str(&format!("<p style=\"color:#666\">{}</p>", html_escape::encode_text(footer.trim())));
    let email = field(submission, "email");
    Mail {
        about: submission.id.clone(),
        kind: MailKind::Inbox,
        from: settings.from.clone(),
        to: settings.inbox.clone(),
        reply_to: (!email.is_empty()).then(|| email.to_owned()),
        subject: subject(submission),
        text,
        html,
        calendar: None,
    }
}

/// The acknowledgement to the visitor (docs/product.md#constants: a reply within 24 hours). It
/// carries no visitor-written text but a first name that passes `greeting_name`.
pub fn auto_reply(submission: &Submission, settings: &MailSettings) -> Option<Mail> {
    let email = field(submission, "email");
    if email.is_empty() {
        return None;
    }
    let first = greeting_name(field(submission, "firstName")).unwrap_or_else(|| "student".into());
    let text = format!(
        "Dear {first},\n\nThank you for contacting Skyline Tech Academy. We have received your message and \
         we'll get back to you within 24 hours.\n\nSkyline Tech Academy\n"
    );
    let html = format!(
        "<p>Dear {},</p><p>Thank you for contacting Skyline Tech Academy. We have received your message and \
         we'll get back to you within 24 hours.</p><p>Skyline Tech Academy</p>",
        html_escape::encode_text(&first)
    );
    Some(Mail {
        about: submission.id.clone(),
        kind: MailKind::Acknowledgement,
        from: settings.from.clone(),
        to: email.to_owned(),
        reply_to: Some(settings.inbox.clone()),
        subject: "We received your message".into(),
        text,
        html,
        calendar: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::SubmissionStatus;
    use serde_json::json;

    fn settings() -> MailSettings {
        MailSettings { inbox: "inbox@academy.test".into(), from: "noreply@academy.test".into(), auto_reply: true }
    }

    fn submission() -> Submission {
        Submission {
            id: "0b8e6c8e-5f0e-4a53-9d43-1e9a3c1a2b3c".into(),
            form_type: "contact-form".into(),
            form_data: json!({"firstName": "Sana", "lastName": "<b>Iqbal</b>", "email": "sana@example.pk",
                              "message": "Line one\r\nBcc: victim@example.com\n<script>alert(1)</script>"})
            .as_object()
            .unwrap()
            .clone(),
            status: SubmissionStatus::Pending,
            attempts: 0,
            created_at: 1_790_000_000,
            last_error: None,
            handling: None,
        }
    }

    #[test]
    fn notification_goes_to_the_inbox_and_replies_to_the_visitor() {
        let mail = notification(&submission(), &settings());
        assert_eq!((mail.to.as_str(), mail.reply_to.as_deref()), ("inbox@academy.test", Some("sana@example.pk")));
        assert_eq!(mail.subject, "New enquiry from Sana <b>Iqbal</b>");
        assert!(mail.text.contains("Message: Line one"));
    }

    #[test]
    fn visitor_values_are_escaped_in_html() {
        let mail = notification(&submission(), &settings());
        assert!(mail.html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "{}", mail.html);
        assert!(!mail.html.contains("<script>") && !mail.html.contains("<b>Iqbal"));
    }

    #[test]
    fn mime_has_both_parts_and_no_injected_headers() {
        let mime = String::from_utf8(notification(&submission(), &settings()).to_mime().unwrap()).unwrap();
        assert!(mime.contains("multipart/alternative"));
        assert!(mime.contains("text/plain") && mime.contains("text/html"));
        assert!(mime.contains("Reply-To: <sana@example.pk>"), "{mime}");
        let headers = mime.split("\r\n\r\n").next().unwrap();
        assert!(!headers.to_lowercase().contains("bcc:"), "{headers}");
    }

    #[test]
    fn subject_drops_control_and_bidi_override_characters() {
        // GIVEN a name carrying a line break, a tab, a NUL and bidi overrides and isolates
        let mut visitor = submission();
        let hostile = "Sa\r\nBcc: x@evil.test\t\u{0}na\u{202E}gpj.exe\u{2066}\u{200F}\u{061C}";
        visitor.form_data.insert("firstName".into(), hostile.into());
        // WHEN the notification is rendered
        let subject = notification(&visitor, &settings()).subject;
        // THEN no control or bidi character is left, and the text stays on one line
        assert_eq!(subject, "New enquiry from Sa  Bcc: x@evil.test  nagpj.exe <b>Iqbal</b>");
        assert!(!subject.chars().any(|c| c.is_control() || is_bidi_control(c)));
    }

    #[test]
    fn the_acknowledgement_repeats_only_a_plain_first_name() {
        let reply_to = |first: &str| {
            let mut visitor = submission();
            visitor.form_data.insert("firstName".into(), first.into());
            visitor.form_data.insert("lastName".into(), "verify at http://x".into());
            auto_reply(&visitor, &settings()).unwrap()
        };
        // GIVEN a first name that is a message with a link
        let hostile = reply_to("Your account is suspended - verify at http://x");
        // THEN none of it is in the subject, the text or the HTML
        for part in [&hostile.subject, &hostile.text, &hostile.html] {
            for word in ["account", "suspended", "verify", "http", "x.", "://"] {
                assert!(!part.contains(word), "{word:?} in {part}");
            }
        }
        assert!(hostile.text.starts_with("Dear student,\n"), "{}", hostile.text);
        assert!(hostile.html.starts_with("<p>Dear student,</p>"), "{}", hostile.html);
        // GIVEN names of letters, spaces, hyphens and apostrophes up to 40 characters: kept
        let kept = reply_to("Ayesha O'Neil-Khan");
        assert!(kept.text.starts_with("Dear Ayesha O'Neil-Khan,\n"), "{}", kept.text);
        assert!(kept.html.starts_with("<p>Dear Ayesha O'Neil-Khan,</p>"), "{}", kept.html);
    }

    #[test]
    fn auto_reply_promises_an_answer_within_24_hours() {
        let reply = auto_reply(&submission(), &settings()).unwrap();
        assert_eq!(reply.to, "sana@example.pk");
        assert!(reply.text.contains("within 24 hours"));
    }
}

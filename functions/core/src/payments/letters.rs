//! What payments mail a student: a month's charge that failed (with where to update the card), a
//! manual plan's month coming due, and access paused for an unpaid month. The welcome that a paid
//! first month sends is the enrolment's own (`crate::enrolment`).

use super::catalog::shown;
use super::PaymentPlan;
use crate::enrolment::Mailing;
use crate::mail::greeting_of;
use crate::mail::{Mail, MailKind};

/// Which letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Letter {
    /// Month `n` could not be charged to the card.
    RenewalFailed,
    /// Month `n` of a manual plan falls due in 3 days.
    DueSoon,
    /// Access paused: month `n` is unpaid past the grace period.
    Paused,
}

fn billing_url(mailing: &Mailing) -> String {
    format!("{}/lms#billing", mailing.site_url.trim_end_matches('/'))
}

/// The letter for `plan`'s month `month` (due on `due_on`, `YYYY-MM-DD`), with `reason` where the
/// card processor gave one.
pub fn letter(
    mailing: &Mailing,
    plan: &PaymentPlan,
    which: Letter,
    month: u32,
    due_on: &str,
    reason: Option<&str>,
) -> Mail {
    let amount = shown(plan.amount, &plan.currency);
    let billing = billing_url(mailing);
    let (subject, body) = match which {
        Letter::RenewalFailed => (
            format!("{}: month {month}'s payment did not go through", plan.batch_name),
            format!(
                "We could not charge {amount} for month {month} of your {plan_title} plan for {batch}{why}.\n\n\
                 Update your card under Billing at {billing} and we will charge it at once. Your access continues \
                 for now; if the month is still unpaid 7 days after {due_on}, lectures and live classes pause until \
                 it is paid.",
                plan_title = plan.plan.title(),
                batch = plan.batch_name,
                why = reason.map(|r| format!(" ({r})")).unwrap_or_default(),
            ),
        ),
        Letter::DueSoon => (
            format!("{}: month {month} is due on {due_on}", plan.batch_name),
            format!(
                "Month {month} of your {plan_title} plan for {batch} ({amount}) is due on {due_on}.\n\nPay it the way \
                 you paid before (bank transfer, JazzCash or Easypaisa: the details are under Billing at {billing}) \
                 and reply with the payment's reference, or send it to us on WhatsApp.",
                plan_title = plan.plan.title(),
                batch = plan.batch_name,
            ),
        ),
        Letter::Paused => (
            format!("{}: your access is paused until month {month} is paid", plan.batch_name),
            format!(
                "Month {month} of your {plan_title} plan for {batch} ({amount}), due on {due_on}, is still unpaid, so \
                 lectures and live classes are paused. Your progress is kept.\n\nPay it, or update your card under \
                 Billing at {billing}, and your access comes back at once.",
                plan_title = plan.plan.title(),
                batch = plan.batch_name,
            ),
        ),
    };
    let greeting = format!("Dear {},", greeting_of(&plan.name));
    let text = format!("{greeting}\n\n{body}\n\nSkyline Tech Academy\n");
    let e = |s: &str| html_escape::encode_text(s).into_owned();
    let paragraphs: String = body.split("\n\n").map(|p| format!("<p>{}</p>", e(p))).collect();
    let html = format!("<p>{}</p>{paragraphs}<p>Skyline Tech Academy</p>", e(&greeting));
    Mail {
        about: format!("{}-{}-{month}", plan.id, which_code(which)),
        kind: MailKind::Payment,
        from: mailing.from.clone(),
        to: plan.email.clone(),
        reply_to: None,
        subject,
        text,
        html,
        calendar: None,
    }
}

fn which_code(which: Letter) -> &'static str {
    match which {
        Letter::RenewalFailed => "failed",
        Letter::DueSoon => "due",
        Letter::Paused => "paused",
    }
}

/// Sends `mail` if there is a mailer, logging (never failing on) what went wrong: the record the
/// letter is about is already stored.
pub async fn send(mailing: Option<&Mailing>, mail: Mail) -> bool {
    let Some(mailing) = mailing else {
        tracing::warn!(subject = %mail.subject, "no mailer: a payment letter was not sent");
        return false;
    };
    match mailing.mailer.send(&mail).await {
        Ok(()) => true,
        Err(error) => {
            tracing::error!(%error, subject = %mail.subject, "a payment letter failed");
            false
        }
    }
}

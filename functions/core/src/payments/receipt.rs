//! Our own receipt for a month paid: one A4 page a student downloads from Billing on `/lms`
//! (`GET /api/me/billing/receipts/{paymentId}`), for a card payment beside Stripe's receipt and
//! for a payment recorded by staff, which has no other. Drawn with the PDF kit (`crate::pdf`).
//! Dates are the institute's calendar days (Pakistan time); a refunded payment says so.

use super::catalog::shown;
use super::{Method, Payment, PaymentPlan, PaymentStatus};
use crate::pdf::{long_date, mark, rule, text, Align, Face, Line, BLUE, INK, INSTITUTE, MUTED, TINT};
use crate::zones::institute_day;
use krilla::page::PageSettings;

/// A4 portrait, in points, and the page's margin.
const WIDTH: f32 = 595.28;
const HEIGHT: f32 = 841.89;
const MARGIN: f32 = 56.0;

/// The receipt's number: the payment's id, as the student and staff quote it.
pub fn number(payment: &Payment) -> String {
    payment.id.to_uppercase()
}

/// The day the money arrived: staff's record for a manual payment, else the institute's day of the charge.
pub fn paid_day(payment: &Payment) -> Option<String> {
    payment.paid_on.clone().or_else(|| payment.paid_at.map(|at| institute_day(at).0))
}

/// The rows of the receipt's top block: a label and what it says.
fn details(payment: &Payment, plan: &PaymentPlan) -> Vec<(&'static str, String)> {
    let mut rows = vec![("Receipt number", number(payment))];
    if let Some(day) = paid_day(payment) {
        rows.push(("Date paid", long_date(&day)));
    }
    let method = match (&plan.card, payment.method) {
        (Some(card), Method::Card) => format!("Card ({} ending {})", card.brand, card.last4),
        (_, method) => method.title().to_owned(),
    };
    rows.push(("Payment method", method));
    if let Some(reference) = payment.reference.as_deref().filter(|r| !r.is_empty()) {
        rows.push(("Reference", reference.to_owned()));
    }
    rows
}

/// The receipt of `payment` (a month of `plan`) as a PDF, or why it cannot be drawn.
pub fn render(payment: &Payment, plan: &PaymentPlan) -> Result<Vec<u8>, String> {
    let (regular, bold) = Face::both()?;
    let mut document = crate::pdf::document(format!("Receipt {}", number(payment)));
    let settings = PageSettings::from_wh(WIDTH, HEIGHT).ok_or("the page size is valid")?;
    let mut page = document.start_page_with(settings);
    let mut surface = page.surface();
    let s = &mut surface;
    let (left, right) = (MARGIN, WIDTH - MARGIN);
    let inner = right - left;

    mark(s, left, MARGIN, 36.0);
    text(s, Line(&bold, 15.0, BLUE), Align::Left, left + 48.0, MARGIN + 24.0, 260.0, INSTITUTE);
    text(s, Line(&bold, 26.0, INK), Align::Right, right, MARGIN + 26.0, 200.0, "Receipt");
    rule(s, left, MARGIN + 52.0, inner, 1.0, TINT);

    let mut y = MARGIN + 92.0;
    for (label, value) in details(payment, plan) {
        text(s, Line(&regular, 10.0, MUTED), Align::Left, left, y, 130.0, label);
        text(s, Line(&bold, 11.0, INK), Align::Left, left + 140.0, y, inner - 140.0, &value);
        y += 20.0;
    }

    y += 20.0;
    text(s, Line(&regular, 10.0, MUTED), Align::Left, left, y, inner, "Billed to");
    text(s, Line(&bold, 12.0, INK), Align::Left, left, y + 18.0, inner, &plan.name);
    text(s, Line(&regular, 11.0, INK), Align::Left, left, y + 34.0, inner, &plan.email);

    y += 76.0;
    text(s, Line(&bold, 10.0, MUTED), Align::Left, left, y, inner, "Description");
    text(s, Line(&bold, 10.0, MUTED), Align::Right, right, y, 120.0, "Amount");
    rule(s, left, y + 8.0, inner, 0.8, TINT);
    let amount = shown(payment.amount, &payment.currency);
    let course = format!("{} — {}", plan.course_title, plan.batch_name);
    text(s, Line(&bold, 11.0, INK), Align::Left, left, y + 28.0, inner - 140.0, &course);
    let month = format!("{} plan, month {} of {}", plan.plan.title(), payment.month, plan.months);
    text(s, Line(&regular, 10.0, MUTED), Align::Left, left, y + 44.0, inner - 140.0, &month);
    text(s, Line(&regular, 11.0, INK), Align::Right, right, y + 28.0, 130.0, &amount);
    rule(s, left, y + 60.0, inner, 0.8, TINT);
    let (label, total) = match payment.status {
        PaymentStatus::Refunded => ("Refunded", amount.clone()),
        _ => ("Total paid", amount.clone()),
    };
    text(s, Line(&bold, 12.0, INK), Align::Left, left + inner - 280.0, y + 84.0, 140.0, label);
    text(s, Line(&bold, 12.0, INK), Align::Right, right, y + 84.0, 130.0, &total);

    y += 124.0;
    if payment.status == PaymentStatus::Refunded {
        let day = payment.refunded_at.map(|at| long_date(&institute_day(at).0));
        let said = match day {
            Some(day) => format!("This payment was refunded on {day}."),
            None => "This payment was refunded.".to_owned(),
        };
        text(s, Line(&bold, 11.0, BLUE), Align::Left, left, y, inner, &said);
        y += 20.0;
    }
    let paid = match payment.status {
        PaymentStatus::Refunded => "Access bought by this payment has ended.",
        _ => "Thank you: this month of your course is paid.",
    };
    text(s, Line(&regular, 10.0, MUTED), Align::Left, left, y, inner, paid);

    rule(s, left, HEIGHT - MARGIN - 28.0, inner, 0.8, TINT);
    let footer = format!("{INSTITUTE} · Keep this receipt for your records · Receipt {}", number(payment));
    text(s, Line(&regular, 8.0, MUTED), Align::Left, left, HEIGHT - MARGIN - 12.0, inner, &footer);

    surface.finish();
    page.finish();
    document.finish().map_err(|e| format!("the PDF could not be written: {e:?}"))
}

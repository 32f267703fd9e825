//! Leads: the enquiry and enrolment forms (`forms`), `POST /api/send-email` (`send_email`), and
//! the mail that follows each stored submission (`mail`).

pub mod api;
pub mod console;
pub mod forms;
pub mod mail;
pub mod send_email;

//! The API's paths, matched once for the local server and for every Lambda. A Lambda serves
//! only its own endpoint's routes; anything else is a JSON 404.

use super::error::ApiError;
use super::origin::OriginGuard;
use super::Answer;
use async_trait::async_trait;
use lambda_http::{http::Method, Body, Request, Response};

/// One endpoint's handlers with the dependencies they use. `route` has passed the route table
/// and the method check.
#[async_trait]
pub trait Service: Send + Sync {
    async fn answer(&self, route: Route, req: &Request) -> Answer;
}

/// One Lambda function's share of the API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoint {
    Health,
    Courses,
    Outline,
    Batches,
    Videos,
    SendEmail,
    Geo,
    Chat,
    Lecture,
    Me,
    /// The staff console's route families (`/api/staff/*`), a Lambda each.
    StaffEnquiries,
    StaffEnrolments,
    StaffReports,
    StaffAudit,
    StaffLectures,
    /// The free demo class: open slots and visitors' bookings (`/api/demo/*`).
    Demo,
    /// Staff: demo classes (`/api/staff/demo/*`).
    StaffDemo,
    /// A student's certificates (`/api/me/certificates…`, signed in) and the public verification
    /// (`/api/certificates/…`): one Lambda.
    Certificates,
    StaffCertificates,
    /// Live classes, a student's side: their sessions and Join (`/api/me/sessions*`), their
    /// calendar settings (`/api/me/calendar*`) and the feed itself (`/calendar/{token}.ics`).
    Sessions,
    /// Staff: timetables, sessions and attendance.
    StaffSessions,
    /// A signed-in student's assignments (`/api/me/assignments…`).
    Assignments,
    /// Staff: assignments, their files, the review queue (`/api/staff/…assignments…`, `/api/staff/submissions…`).
    StaffAssignments,
    /// Payments: the plan form's card step (`/api/payments/…`) and a student's billing (`/api/me/billing…`).
    Payments,
    /// Stripe's webhook (`/api/payments/stripe/webhook`): a function of its own, public, signature-checked.
    PaymentsWebhook,
    /// Staff: payments, ledgers, manual payments, refunds, due dates (`/api/staff/payments…`, `/api/staff/plans…`).
    StaffPayments,
}

/// A matched API path with its (still unvalidated) ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Health,
    Courses,
    Outline(String),
    AllBatches,
    Batch(String),
    BatchesOfCourse(String),
    Videos(String),
    SendEmail,
    Geo,
    Chat,
    /// A signed-in student's linked batches (GET) or a new link (POST).
    MyBatches,
    MyProgress(String),
    LectureProgress {
        batch: String,
        lecture: String,
    },
    /// A lecture file behind a signed link (`/lecture/{batchId}/{lectureNumber}`, outside `/api`),
    /// or one file of its HLS recording (`/lecture/{batchId}/{lectureNumber}/{file…}`).
    Lecture {
        batch: String,
        lecture: String,
        file: Option<String>,
    },
    /// Staff: the enquiries (GET), as a spreadsheet, one (GET, PATCH), and its mail sent again.
    StaffEnquiries,
    StaffEnquiriesCsv,
    StaffEnquiry(String),
    StaffEnquiryResend(String),
    /// Staff: the batches with their counts; a new enrolment (POST); one (DELETE); a new Secret ID.
    StaffBatches,
    StaffEnrol,
    StaffEnrolment(String),
    StaffEnrolmentResend(String),
    /// Staff: a batch's enrolments, and a roster enrolled at once.
    StaffBatchEnrolments(String),
    StaffBulkEnrol(String),
    /// Staff: what a batch's students watched, and the same as a spreadsheet.
    StaffReport(String),
    StaffReportCsv(String),
    StaffAudit,
    /// Staff: a batch's lectures (GET), a new one (POST); one (PATCH, DELETE); its recording's
    /// upload begun or resumed, and completed; its processing retried; its captions (PUT).
    StaffLectures(String),
    StaffLecture {
        batch: String,
        lecture: String,
    },
    StaffLectureUpload {
        batch: String,
        lecture: String,
    },
    StaffLectureUploadComplete {
        batch: String,
        lecture: String,
    },
    StaffLectureRetry {
        batch: String,
        lecture: String,
    },
    StaffLectureCaptions {
        batch: String,
        lecture: String,
    },
    /// The open demo slots.
    DemoSlots,
    /// A new booking (POST).
    DemoBookings,
    /// A booking behind its signed link: see it (GET), move it (PATCH), cancel it (DELETE).
    DemoBooking(String),
    /// Staff: demo slots (GET), new ones (POST); one changed (PATCH) or cancelled (DELETE); its
    /// bookings; a booking's attendance (PATCH).
    StaffDemoSlots,
    StaffDemoSlot(String),
    StaffDemoSlotBookings(String),
    StaffDemoBooking(String),
    /// A signed-in student's certificates (GET) or a claim (POST); one's PDF.
    MyCertificates,
    MyCertificatePdf(String),
    /// Anyone: a certificate by its id, and its PDF.
    Certificate(String),
    CertificatePdf(String),
    /// Staff: a batch's students with their completion and certificates; a student marked
    /// complete (PUT); a certificate issued for them; one revoked; its name corrected (PATCH).
    StaffBatchCertificates(String),
    StaffCompletion {
        batch: String,
        student: String,
    },
    StaffIssueCertificate {
        batch: String,
        student: String,
    },
    StaffRevokeCertificate(String),
    StaffCertificate(String),
    /// A signed-in student's live sessions; Join (a navigation: a token in the query, or a bearer).
    MySessions,
    MySessionJoin(String),
    /// A student's calendar settings (GET, PATCH), a new feed token (POST), and the feed itself
    /// (`/calendar/{token}.ics`, outside `/api`).
    MyCalendar,
    MyCalendarToken,
    CalendarFeed(String),
    /// Staff: a batch's timetable (GET, PUT), its sessions (GET) and a one-off (POST); a session
    /// changed (PATCH); its attendance, and one student's corrected (PUT); the batch's attendance,
    /// as a spreadsheet, and its minimum for a certificate (PUT).
    StaffTimetable(String),
    StaffSessions(String),
    StaffSession(String),
    StaffSessionAttendance(String),
    StaffAttendee {
        session: String,
        student: String,
    },
    StaffBatchAttendance(String),
    StaffBatchAttendanceCsv(String),
    StaffAttendanceMinimum(String),
    /// A student's assignments; one; their submission (GET, PUT the draft); handed in; a file's
    /// upload begun, and completed.
    MyAssignments,
    MyAssignment(String),
    MySubmission(String),
    MySubmit(String),
    MyAssignmentFiles(String),
    MyAssignmentFileComplete {
        assignment: String,
        file: String,
    },
    /// Staff: a batch's assignments (GET), a new one (POST); its certificate rule (PUT); one (GET,
    /// PATCH); its files' uploads begun, completed, one removed (DELETE); its hand-ins; the review
    /// queue; one hand-in; its review.
    StaffBatchAssignments(String),
    StaffAssignmentRule(String),
    StaffAssignment(String),
    StaffAssignmentAttachments(String),
    StaffAssignmentAttachmentComplete {
        assignment: String,
        file: String,
    },
    StaffAssignmentAttachment {
        assignment: String,
        file: String,
    },
    StaffAssignmentSubmissions(String),
    StaffSubmissions,
    StaffSubmission(String),
    StaffSubmissionReview(String),
    /// Payments: what the plan form offers; a checkout; its card confirmed; its state (the success page's poll).
    PaymentOptions,
    PaymentCheckout,
    PaymentConfirm(String),
    Payment(String),
    /// Stripe's events.
    StripeWebhook,
    /// A student's plans and payments; a payment's receipt (PDF); auto-renewal cancelled; a new card
    /// (POST: a SetupIntent; PUT: into use).
    MyBilling,
    MyReceipt(String),
    MyPlanCancel(String),
    MyPlanCard(String),
    /// Staff: payments (and as a spreadsheet), a student's ledger, a manual payment, a refund, a plan's next due date.
    StaffPayments,
    StaffPaymentsCsv,
    StaffPaymentLedger,
    /// Staff: a receipt file begun, completed, and a payment's receipt file's download link.
    StaffReceiptUpload,
    StaffReceiptComplete(String),
    StaffPaymentReceipt(String),
    StaffManualPayment,
    StaffRefund(String),
    StaffPlanDue(String),
}

impl Route {
    /// Matches a request path (with its `/api` prefix, or `/lecture`; a trailing slash is ignored).
    /// The path is as the client sent it, percent-encoded (`academy serve`'s request line, API
    /// Gateway's `rawPath`): each segment is decoded here, once, after the path is split on `/`,
    /// so an id may hold `@`, `+`, a space or even a `/`. A segment that is not UTF-8 once decoded
    /// matches nothing.
    pub fn resolve(path: &str) -> Option<Self> {
        if let Some(rest) = path.strip_prefix("/lecture/") {
            let parts = segments(rest)?;
            let [batch, lecture, file @ ..] = parts.as_slice() else { return None };
            let file = (!file.is_empty()).then(|| file.join("/"));
            return Some(Self::Lecture { batch: batch.clone(), lecture: lecture.clone(), file });
        }
        if let Some(rest) = path.strip_prefix("/calendar/") {
            let parts = segments(rest)?;
            let [file] = parts.as_slice() else { return None };
            let token = file.strip_suffix(".ics")?;
            return Some(Self::CalendarFeed(token.to_owned()));
        }
        let rest = path.strip_prefix("/api")?;
        let parts = segments(rest)?;
        let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
        let id = |s: &str| s.to_owned();
        Some(match parts.as_slice() {
            ["health"] => Self::Health,
            ["courses"] => Self::Courses,
            ["outline", course] => Self::Outline(id(course)),
            ["batches"] => Self::AllBatches,
            ["batches", "course", course] => Self::BatchesOfCourse(id(course)),
            ["batches", batch] => Self::Batch(id(batch)),
            ["batches", batch, "videos"] => Self::Videos(id(batch)),
            ["send-email"] => Self::SendEmail,
            ["geo"] => Self::Geo,
            ["chat"] => Self::Chat,
            ["me", "batches"] => Self::MyBatches,
            ["me", "progress", batch] => Self::MyProgress(id(batch)),
            ["me", "progress", batch, lecture] => Self::LectureProgress { batch: id(batch), lecture: id(lecture) },
            ["staff", "enquiries"] => Self::StaffEnquiries,
            ["staff", "enquiries.csv"] => Self::StaffEnquiriesCsv,
            ["staff", "enquiries", enquiry] => Self::StaffEnquiry(id(enquiry)),
            ["staff", "enquiries", enquiry, "resend"] => Self::StaffEnquiryResend(id(enquiry)),
            ["staff", "batches"] => Self::StaffBatches,
            ["staff", "enrolments"] => Self::StaffEnrol,
            ["staff", "enrolments", enrolment] => Self::StaffEnrolment(id(enrolment)),
            ["staff", "enrolments", enrolment, "resend"] => Self::StaffEnrolmentResend(id(enrolment)),
            ["staff", "batches", batch, "enrolments"] => Self::StaffBatchEnrolments(id(batch)),
            ["staff", "batches", batch, "enrolments", "bulk"] => Self::StaffBulkEnrol(id(batch)),
            ["staff", "batches", batch, "report"] => Self::StaffReport(id(batch)),
            ["staff", "batches", batch, "report.csv"] => Self::StaffReportCsv(id(batch)),
            ["staff", "audit"] => Self::StaffAudit,
            ["staff", "batches", batch, "lectures"] => Self::StaffLectures(id(batch)),
            ["staff", "batches", batch, "lectures", lecture] => {
                Self::StaffLecture { batch: id(batch), lecture: id(lecture) }
            }
            ["staff", "batches", batch, "lectures", lecture, "upload"] => {
                Self::StaffLectureUpload { batch: id(batch), lecture: id(lecture) }
            }
            ["staff", "batches", batch, "lectures", lecture, "upload", "complete"] => {
                Self::StaffLectureUploadComplete { batch: id(batch), lecture: id(lecture) }
            }
            ["staff", "batches", batch, "lectures", lecture, "retry"] => {
                Self::StaffLectureRetry { batch: id(batch), lecture: id(lecture) }
            }
            ["staff", "batches", batch, "lectures", lecture, "captions"] => {
                Self::StaffLectureCaptions { batch: id(batch), lecture: id(lecture) }
            }
            ["demo", "slots"] => Self::DemoSlots,
            ["demo", "bookings"] => Self::DemoBookings,
            ["demo", "bookings", booking] => Self::DemoBooking(id(booking)),
            ["staff", "demo", "slots"] => Self::StaffDemoSlots,
            ["staff", "demo", "slots", slot] => Self::StaffDemoSlot(id(slot)),
            ["staff", "demo", "slots", slot, "bookings"] => Self::StaffDemoSlotBookings(id(slot)),
            ["staff", "demo", "bookings", booking] => Self::StaffDemoBooking(id(booking)),
            ["me", "sessions"] => Self::MySessions,
            ["me", "sessions", session, "join"] => Self::MySessionJoin(id(session)),
            ["me", "calendar"] => Self::MyCalendar,
            ["me", "calendar", "token"] => Self::MyCalendarToken,
            ["staff", "batches", batch, "timetable"] => Self::StaffTimetable(id(batch)),
            ["staff", "batches", batch, "sessions"] => Self::StaffSessions(id(batch)),
            ["staff", "sessions", session] => Self::StaffSession(id(session)),
            ["staff", "sessions", session, "attendance"] => Self::StaffSessionAttendance(id(session)),
            ["staff", "sessions", session, "attendance", student] => {
                Self::StaffAttendee { session: id(session), student: id(student) }
            }
            ["staff", "batches", batch, "attendance"] => Self::StaffBatchAttendance(id(batch)),
            ["staff", "batches", batch, "attendance.csv"] => Self::StaffBatchAttendanceCsv(id(batch)),
            ["staff", "batches", batch, "attendance", "minimum"] => Self::StaffAttendanceMinimum(id(batch)),
            ["me", "certificates"] => Self::MyCertificates,
            ["me", "certificates", certificate, "pdf"] => Self::MyCertificatePdf(id(certificate)),
            ["certificates", certificate] => Self::Certificate(id(certificate)),
            ["certificates", certificate, "pdf"] => Self::CertificatePdf(id(certificate)),
            ["staff", "batches", batch, "certificates"] => Self::StaffBatchCertificates(id(batch)),
            ["staff", "batches", batch, "students", student, "completion"] => {
                Self::StaffCompletion { batch: id(batch), student: id(student) }
            }
            ["staff", "batches", batch, "students", student, "certificate"] => {
                Self::StaffIssueCertificate { batch: id(batch), student: id(student) }
            }
            ["staff", "certificates", certificate] => Self::StaffCertificate(id(certificate)),
            ["staff", "certificates", certificate, "revoke"] => Self::StaffRevokeCertificate(id(certificate)),
            ["me", "assignments"] => Self::MyAssignments,
            ["me", "assignments", a] => Self::MyAssignment(id(a)),
            ["me", "assignments", a, "submission"] => Self::MySubmission(id(a)),
            ["me", "assignments", a, "submission", "submit"] => Self::MySubmit(id(a)),
            ["me", "assignments", a, "files"] => Self::MyAssignmentFiles(id(a)),
            ["me", "assignments", a, "files", f, "complete"] => {
                Self::MyAssignmentFileComplete { assignment: id(a), file: id(f) }
            }
            ["staff", "batches", batch, "assignments"] => Self::StaffBatchAssignments(id(batch)),
            ["staff", "batches", batch, "assignment-rule"] => Self::StaffAssignmentRule(id(batch)),
            ["staff", "assignments", a] => Self::StaffAssignment(id(a)),
            ["staff", "assignments", a, "attachments"] => Self::StaffAssignmentAttachments(id(a)),
            ["staff", "assignments", a, "attachments", f] => {
                Self::StaffAssignmentAttachment { assignment: id(a), file: id(f) }
            }
            ["staff", "assignments", a, "attachments", f, "complete"] => {
                Self::StaffAssignmentAttachmentComplete { assignment: id(a), file: id(f) }
            }
            ["staff", "assignments", a, "submissions"] => Self::StaffAssignmentSubmissions(id(a)),
            ["staff", "submissions"] => Self::StaffSubmissions,
            ["staff", "submissions", s] => Self::StaffSubmission(id(s)),
            ["staff", "submissions", s, "review"] => Self::StaffSubmissionReview(id(s)),
            ["payments", "options"] => Self::PaymentOptions,
            ["payments", "checkout"] => Self::PaymentCheckout,
            ["payments", "stripe", "webhook"] => Self::StripeWebhook,
            ["payments", p] => Self::Payment(id(p)),
            ["payments", p, "confirm"] => Self::PaymentConfirm(id(p)),
            ["me", "billing"] => Self::MyBilling,
            ["me", "billing", "receipts", p] => Self::MyReceipt(id(p)),
            ["me", "billing", plan, "cancel"] => Self::MyPlanCancel(id(plan)),
            ["me", "billing", plan, "card"] => Self::MyPlanCard(id(plan)),
            ["staff", "payments"] => Self::StaffPayments,
            ["staff", "payments.csv"] => Self::StaffPaymentsCsv,
            ["staff", "payments", "ledger"] => Self::StaffPaymentLedger,
            ["staff", "payments", "manual"] => Self::StaffManualPayment,
            ["staff", "payments", "receipts"] => Self::StaffReceiptUpload,
            ["staff", "payments", "receipts", r, "complete"] => Self::StaffReceiptComplete(id(r)),
            ["staff", "payments", p, "receipt"] => Self::StaffPaymentReceipt(id(p)),
            ["staff", "payments", p, "refund"] => Self::StaffRefund(id(p)),
            ["staff", "plans", plan, "due"] => Self::StaffPlanDue(id(plan)),
            _ => return None,
        })
    }

    pub fn endpoint(&self) -> Endpoint {
        match self {
            Self::Health => Endpoint::Health,
            Self::Courses => Endpoint::Courses,
            Self::Outline(_) => Endpoint::Outline,
            Self::AllBatches | Self::Batch(_) | Self::BatchesOfCourse(_) => Endpoint::Batches,
            Self::Videos(_) => Endpoint::Videos,
            Self::SendEmail => Endpoint::SendEmail,
            Self::Geo => Endpoint::Geo,
            Self::Chat => Endpoint::Chat,
            Self::Lecture { .. } => Endpoint::Lecture,
            Self::MyBatches | Self::MyProgress(_) | Self::LectureProgress { .. } => Endpoint::Me,
            Self::StaffEnquiries | Self::StaffEnquiriesCsv | Self::StaffEnquiry(_) | Self::StaffEnquiryResend(_) => {
                Endpoint::StaffEnquiries
            }
            Self::StaffBatches
            | Self::StaffEnrol
            | Self::StaffEnrolment(_)
            | Self::StaffEnrolmentResend(_)
            | Self::StaffBatchEnrolments(_)
            | Self::StaffBulkEnrol(_) => Endpoint::StaffEnrolments,
            Self::StaffReport(_) | Self::StaffReportCsv(_) => Endpoint::StaffReports,
            Self::StaffAudit => Endpoint::StaffAudit,
            Self::StaffLectures(_)
            | Self::StaffLecture { .. }
            | Self::StaffLectureUpload { .. }
            | Self::StaffLectureUploadComplete { .. }
            | Self::StaffLectureRetry { .. }
            | Self::StaffLectureCaptions { .. } => Endpoint::StaffLectures,
            Self::DemoSlots | Self::DemoBookings | Self::DemoBooking(_) => Endpoint::Demo,
            Self::StaffDemoSlots
            | Self::StaffDemoSlot(_)
            | Self::StaffDemoSlotBookings(_)
            | Self::StaffDemoBooking(_) => Endpoint::StaffDemo,
            Self::MyCertificates | Self::MyCertificatePdf(_) | Self::Certificate(_) | Self::CertificatePdf(_) => {
                Endpoint::Certificates
            }
            Self::StaffBatchCertificates(_)
            | Self::StaffCompletion { .. }
            | Self::StaffIssueCertificate { .. }
            | Self::StaffRevokeCertificate(_)
            | Self::StaffCertificate(_) => Endpoint::StaffCertificates,
            Self::MySessions
            | Self::MySessionJoin(_)
            | Self::MyCalendar
            | Self::MyCalendarToken
            | Self::CalendarFeed(_) => Endpoint::Sessions,
            Self::StaffTimetable(_)
            | Self::StaffSessions(_)
            | Self::StaffSession(_)
            | Self::StaffSessionAttendance(_)
            | Self::StaffAttendee { .. }
            | Self::StaffBatchAttendance(_)
            | Self::StaffBatchAttendanceCsv(_)
            | Self::StaffAttendanceMinimum(_) => Endpoint::StaffSessions,
            Self::MyAssignments
            | Self::MyAssignment(_)
            | Self::MySubmission(_)
            | Self::MySubmit(_)
            | Self::MyAssignmentFiles(_)
            | Self::MyAssignmentFileComplete { .. } => Endpoint::Assignments,
            Self::StaffBatchAssignments(_)
            | Self::StaffAssignmentRule(_)
            | Self::StaffAssignment(_)
            | Self::StaffAssignmentAttachments(_)
            | Self::StaffAssignmentAttachmentComplete { .. }
            | Self::StaffAssignmentAttachment { .. }
            | Self::StaffAssignmentSubmissions(_)
            | Self::StaffSubmissions
            | Self::StaffSubmission(_)
            | Self::StaffSubmissionReview(_) => Endpoint::StaffAssignments,
            Self::PaymentOptions
            | Self::PaymentCheckout
            | Self::PaymentConfirm(_)
            | Self::Payment(_)
            | Self::MyBilling
            | Self::MyReceipt(_)
            | Self::MyPlanCancel(_)
            | Self::MyPlanCard(_) => Endpoint::Payments,
            Self::StripeWebhook => Endpoint::PaymentsWebhook,
            Self::StaffPayments
            | Self::StaffReceiptUpload
            | Self::StaffReceiptComplete(_)
            | Self::StaffPaymentReceipt(_)
            | Self::StaffPaymentsCsv
            | Self::StaffPaymentLedger
            | Self::StaffManualPayment
            | Self::StaffRefund(_)
            | Self::StaffPlanDue(_) => Endpoint::StaffPayments,
        }
    }

    /// The methods the route answers (and HEAD wherever GET is answered).
    pub fn methods(&self) -> &'static [Method] {
        match self {
            Self::SendEmail
            | Self::Chat
            | Self::StaffEnquiryResend(_)
            | Self::StaffEnrol
            | Self::StaffEnrolmentResend(_)
            | Self::StaffBulkEnrol(_)
            | Self::StaffLectureUpload { .. }
            | Self::StaffLectureUploadComplete { .. }
            | Self::StaffLectureRetry { .. }
            | Self::DemoBookings
            | Self::StaffIssueCertificate { .. }
            | Self::StaffRevokeCertificate(_)
            | Self::MyCalendarToken
            | Self::MySubmit(_)
            | Self::MyAssignmentFiles(_)
            | Self::MyAssignmentFileComplete { .. }
            | Self::StaffAssignmentAttachments(_)
            | Self::StaffAssignmentAttachmentComplete { .. }
            | Self::StaffSubmissionReview(_)
            | Self::PaymentCheckout
            | Self::PaymentConfirm(_)
            | Self::StripeWebhook
            | Self::MyPlanCancel(_)
            | Self::StaffManualPayment
            | Self::StaffReceiptUpload
            | Self::StaffReceiptComplete(_)
            | Self::StaffRefund(_) => &[Method::POST],
            Self::MyPlanCard(_) => &[Method::POST, Method::PUT],
            Self::MyBatches
            | Self::StaffLectures(_)
            | Self::StaffDemoSlots
            | Self::MyCertificates
            | Self::StaffSessions(_)
            | Self::StaffBatchAssignments(_) => &[Method::GET, Method::POST],
            Self::LectureProgress { .. }
            | Self::StaffLectureCaptions { .. }
            | Self::StaffCompletion { .. }
            | Self::StaffAttendee { .. }
            | Self::StaffAttendanceMinimum(_)
            | Self::StaffAssignmentRule(_)
            | Self::StaffPlanDue(_) => &[Method::PUT],
            Self::StaffTimetable(_) => &[Method::GET, Method::PUT],
            Self::MySubmission(_) => &[Method::GET, Method::PUT],
            Self::StaffAssignment(_) => &[Method::GET, Method::PATCH],
            Self::StaffAssignmentAttachment { .. } => &[Method::DELETE],
            Self::StaffLecture { .. } | Self::StaffDemoSlot(_) => &[Method::PATCH, Method::DELETE],
            Self::DemoBooking(_) => &[Method::GET, Method::PATCH, Method::DELETE],
            Self::StaffDemoBooking(_) | Self::StaffCertificate(_) | Self::StaffSession(_) => &[Method::PATCH],
            Self::StaffEnquiry(_) | Self::MyCalendar => &[Method::GET, Method::PATCH],
            Self::StaffEnrolment(_) => &[Method::DELETE],
            _ => &[Method::GET],
        }
    }

    /// The `Allow` header value for the route.
    pub fn allow(&self) -> &'static str {
        match self.methods() {
            [Method::POST] => "POST",
            [Method::PUT] => "PUT",
            [Method::DELETE] => "DELETE",
            [Method::PATCH] => "PATCH",
            [Method::GET, Method::POST] => "GET, HEAD, POST",
            [Method::POST, Method::PUT] => "POST, PUT",
            [Method::GET, Method::PATCH] => "GET, HEAD, PATCH",
            [Method::GET, Method::PUT] => "GET, HEAD, PUT",
            [Method::PATCH, Method::DELETE] => "PATCH, DELETE",
            [Method::GET, Method::PATCH, Method::DELETE] => "GET, HEAD, PATCH, DELETE",
            _ => "GET, HEAD",
        }
    }

    /// Whether the route's body is JSON (captions are WebVTT).
    fn takes_json(&self) -> bool {
        !matches!(self, Self::StaffLectureCaptions { .. })
    }

    /// Whether the route answers `method`.
    fn accepts(&self, method: &Method) -> bool {
        let own = self.methods();
        own.contains(method) || (method == Method::HEAD && own.contains(&Method::GET))
    }
}

/// The non-empty segments of a path, each percent-decoded; `None` if one is not UTF-8 once decoded.
fn segments(path: &str) -> Option<Vec<String>> {
    path.split('/')
        .filter(|p| !p.is_empty())
        .map(|p| percent_encoding::percent_decode_str(p).decode_utf8().ok().map(|d| d.into_owned()))
        .collect()
}

/// Whether a request's `Content-Type` is JSON (`application/json`, any parameters).
fn is_json(req: &Request) -> bool {
    req.headers()
        .get(lambda_http::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// What every request passes before a handler sees it: the origin guard, the route table
/// (restricted to one Lambda's endpoint by `only`), the route's method, and for a POST a JSON
/// body: a cross-site HTML form cannot send `application/json` without a CORS preflight, which
/// this API never grants.
pub fn admit(origin: &OriginGuard, req: Request, only: Option<Endpoint>) -> Result<(Route, Request), ApiError> {
    let req = origin.admit(req)?;
    let route = Route::resolve(req.uri().path()).filter(|r| only.is_none_or(|e| r.endpoint() == e));
    let Some(route) = route else {
        return Err(ApiError::NotFound("No such API endpoint.".into()));
    };
    if !route.accepts(req.method()) {
        return Err(ApiError::MethodNotAllowed { allow: route.allow() });
    }
    let has_body = !req.body().is_empty();
    if matches!(*req.method(), Method::POST | Method::PUT | Method::PATCH)
        && has_body
        && route.takes_json()
        && !is_json(&req)
    {
        return Err(ApiError::UnsupportedMediaType);
    }
    Ok((route, req))
}

/// Answers one request with `service`, after `admit`.
pub async fn answer<S: Service + ?Sized>(
    origin: &OriginGuard,
    service: &S,
    req: Request,
    only: Option<Endpoint>,
) -> Response<Body> {
    let head = req.method() == Method::HEAD;
    let mut response = match admit(origin, req, only) {
        Ok((route, req)) => service.answer(route, &req).await.unwrap_or_else(ApiError::into_response),
        Err(refused) => refused.into_response(),
    };
    if head {
        // The GET answer's status and headers, without its body.
        *response.body_mut() = Body::Empty;
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_every_api_path() {
        let id = "665f1c2a9b3e4d0012a1b001";
        assert_eq!(Route::resolve("/api/health"), Some(Route::Health));
        assert_eq!(Route::resolve("/api/courses"), Some(Route::Courses));
        assert_eq!(Route::resolve(&format!("/api/outline/{id}")), Some(Route::Outline(id.into())));
        assert_eq!(Route::resolve("/api/batches/"), Some(Route::AllBatches));
        assert_eq!(Route::resolve(&format!("/api/batches/{id}")), Some(Route::Batch(id.into())));
        assert_eq!(Route::resolve(&format!("/api/batches/course/{id}")), Some(Route::BatchesOfCourse(id.into())));
        assert_eq!(Route::resolve(&format!("/api/batches/{id}/videos")), Some(Route::Videos(id.into())));
        assert_eq!(Route::resolve("/api/send-email"), Some(Route::SendEmail));
        assert_eq!(Route::resolve("/api/geo"), Some(Route::Geo));
        assert_eq!(Route::resolve("/api/chat"), Some(Route::Chat));
        assert_eq!(Route::resolve("/api/me/batches"), Some(Route::MyBatches));
        assert_eq!(Route::resolve(&format!("/api/me/progress/{id}")), Some(Route::MyProgress(id.into())));
        assert_eq!(
            Route::resolve(&format!("/api/me/progress/{id}/2")),
            Some(Route::LectureProgress { batch: id.into(), lecture: "2".into() })
        );
        assert_eq!(Route::resolve("/api/staff/enquiries.csv"), Some(Route::StaffEnquiriesCsv));
        assert_eq!(Route::resolve(&format!("/api/staff/enquiries/{id}")), Some(Route::StaffEnquiry(id.into())));
        assert_eq!(
            Route::resolve(&format!("/api/staff/batches/{id}/report.csv")),
            Some(Route::StaffReportCsv(id.into()))
        );
        assert_eq!(
            Route::resolve(&format!("/api/staff/batches/{id}/enrolments/bulk")),
            Some(Route::StaffBulkEnrol(id.into()))
        );
        assert_eq!(
            Route::resolve(&format!("/lecture/{id}/3")),
            Some(Route::Lecture { batch: id.into(), lecture: "3".into(), file: None })
        );
        assert_eq!(
            Route::resolve(&format!("/lecture/{id}/3/360p/seg_1.m4s")),
            Some(Route::Lecture { batch: id.into(), lecture: "3".into(), file: Some("360p/seg_1.m4s".into()) })
        );
        assert_eq!(
            Route::resolve(&format!("/api/staff/batches/{id}/lectures/4/upload/complete")),
            Some(Route::StaffLectureUploadComplete { batch: id.into(), lecture: "4".into() })
        );
        assert_eq!(
            Route::resolve(&format!("/api/staff/batches/{id}/lectures/4/captions")),
            Some(Route::StaffLectureCaptions { batch: id.into(), lecture: "4".into() })
        );
        let cert = "SKY-7K3Q-9WXD-M2PA-4TRE";
        assert_eq!(Route::resolve("/api/me/certificates"), Some(Route::MyCertificates));
        assert_eq!(
            Route::resolve(&format!("/api/me/certificates/{cert}/pdf")),
            Some(Route::MyCertificatePdf(cert.into()))
        );
        assert_eq!(Route::resolve(&format!("/api/certificates/{cert}")), Some(Route::Certificate(cert.into())));
        assert_eq!(Route::resolve(&format!("/api/certificates/{cert}/pdf")), Some(Route::CertificatePdf(cert.into())));
        assert_eq!(
            Route::resolve(&format!("/api/staff/batches/{id}/students/a@b.test/completion")),
            Some(Route::StaffCompletion { batch: id.into(), student: "a@b.test".into() })
        );
        assert_eq!(
            Route::resolve(&format!("/api/staff/certificates/{cert}/revoke")),
            Some(Route::StaffRevokeCertificate(cert.into()))
        );
        assert_eq!(Route::StaffCertificate(cert.into()).allow(), "PATCH");
    }

    #[test]
    fn resolves_the_assignment_paths() {
        let id = "665f1c2a9b3e4d0012a1b001";
        let file = "665f1c2a9b3e4d0012a1b002";
        assert_eq!(Route::resolve("/api/me/assignments"), Some(Route::MyAssignments));
        assert_eq!(
            Route::resolve(&format!("/api/me/assignments/{id}/submission")),
            Some(Route::MySubmission(id.into()))
        );
        assert_eq!(Route::MySubmission(id.into()).allow(), "GET, HEAD, PUT");
        assert_eq!(
            Route::resolve(&format!("/api/me/assignments/{id}/files/{file}/complete")),
            Some(Route::MyAssignmentFileComplete { assignment: id.into(), file: file.into() })
        );
        assert_eq!(Route::resolve("/api/staff/submissions").map(|r| r.endpoint()), Some(Endpoint::StaffAssignments));
        assert_eq!(
            Route::resolve(&format!("/api/staff/batches/{id}/assignments")).map(|r| r.endpoint()),
            Some(Endpoint::StaffAssignments)
        );
        assert_eq!(Route::resolve("/api/me/assignments").map(|r| r.endpoint()), Some(Endpoint::Assignments));
        assert_eq!(Route::StaffAssignment(id.into()).allow(), "GET, HEAD, PATCH");
    }

    #[test]
    fn resolves_the_payment_paths() {
        let plan = "665f1c2a9b3e4d0012a1b001";
        let payment = "665f1c2a9b3e4d0012a1b0010a0b0c0d";
        assert_eq!(Route::resolve("/api/payments/options"), Some(Route::PaymentOptions));
        assert_eq!(Route::resolve("/api/payments/checkout"), Some(Route::PaymentCheckout));
        assert_eq!(Route::resolve("/api/payments/stripe/webhook"), Some(Route::StripeWebhook));
        assert_eq!(Route::resolve(&format!("/api/payments/{payment}")), Some(Route::Payment(payment.into())));
        assert_eq!(
            Route::resolve(&format!("/api/payments/{payment}/confirm")),
            Some(Route::PaymentConfirm(payment.into()))
        );
        assert_eq!(Route::resolve(&format!("/api/me/billing/{plan}/card")), Some(Route::MyPlanCard(plan.into())));
        assert_eq!(Route::MyPlanCard(plan.into()).allow(), "POST, PUT");
        assert_eq!(Route::resolve("/api/staff/payments.csv"), Some(Route::StaffPaymentsCsv));
        assert_eq!(Route::resolve("/api/staff/payments/manual"), Some(Route::StaffManualPayment));
        assert_eq!(
            Route::resolve(&format!("/api/staff/payments/{payment}/refund")),
            Some(Route::StaffRefund(payment.into()))
        );
        assert_eq!(Route::resolve(&format!("/api/staff/plans/{plan}/due")), Some(Route::StaffPlanDue(plan.into())));
        assert_eq!(Route::StripeWebhook.endpoint(), Endpoint::PaymentsWebhook);
        assert_eq!(Route::MyBilling.endpoint(), Endpoint::Payments);
        let receipt = format!("/api/me/billing/receipts/{}", "a".repeat(32));
        assert_eq!(Route::resolve(&receipt), Some(Route::MyReceipt("a".repeat(32))));
        assert_eq!(Route::StaffPaymentLedger.endpoint(), Endpoint::StaffPayments);
        assert_eq!(Route::resolve("/api/staff/payments/receipts"), Some(Route::StaffReceiptUpload));
        let complete = format!("/api/staff/payments/receipts/{}/complete", "b".repeat(24));
        assert_eq!(Route::resolve(&complete), Some(Route::StaffReceiptComplete("b".repeat(24))));
        let receipt = format!("/api/staff/payments/{}/receipt", "c".repeat(32));
        assert_eq!(Route::resolve(&receipt), Some(Route::StaffPaymentReceipt("c".repeat(32))));
        assert_eq!(Route::StaffReceiptUpload.endpoint(), Endpoint::StaffPayments);
    }

    #[test]
    fn resolves_the_demo_paths() {
        let id = "665f1c2a9b3e4d0012a1b001";
        assert_eq!(Route::resolve("/api/demo/slots"), Some(Route::DemoSlots));
        assert_eq!(Route::resolve("/api/demo/bookings"), Some(Route::DemoBookings));
        assert_eq!(Route::resolve(&format!("/api/demo/bookings/{id}")), Some(Route::DemoBooking(id.into())));
        assert_eq!(Route::resolve(&format!("/api/staff/demo/slots/{id}")), Some(Route::StaffDemoSlot(id.into())));
        assert_eq!(
            Route::resolve(&format!("/api/staff/demo/slots/{id}/bookings")),
            Some(Route::StaffDemoSlotBookings(id.into()))
        );
        assert_eq!(Route::resolve(&format!("/api/staff/demo/bookings/{id}")), Some(Route::StaffDemoBooking(id.into())));
        assert_eq!(Route::DemoBooking(id.into()).allow(), "GET, HEAD, PATCH, DELETE");
        assert_eq!(Route::StaffDemoBooking(id.into()).allow(), "PATCH");
        assert_eq!(Route::resolve("/api/staff/demo/slots").map(|r| r.endpoint()), Some(Endpoint::StaffDemo));
        assert_eq!(Route::resolve("/api/demo/slots").map(|r| r.endpoint()), Some(Endpoint::Demo));
    }

    #[test]
    fn resolves_the_live_class_paths() {
        let id = "665f1c2a9b3e4d0012a1b001";
        assert_eq!(Route::resolve("/api/me/sessions"), Some(Route::MySessions));
        assert_eq!(Route::resolve(&format!("/api/me/sessions/{id}/join")), Some(Route::MySessionJoin(id.into())));
        assert_eq!(Route::resolve("/api/me/calendar"), Some(Route::MyCalendar));
        assert_eq!(Route::resolve("/api/me/calendar/token"), Some(Route::MyCalendarToken));
        assert_eq!(Route::resolve("/calendar/abc_-1.ics"), Some(Route::CalendarFeed("abc_-1".into())));
        assert_eq!(Route::resolve("/calendar/abc"), None);
        assert_eq!(Route::resolve("/calendar/a/b.ics"), None);
        assert_eq!(
            Route::resolve(&format!("/api/staff/batches/{id}/timetable")),
            Some(Route::StaffTimetable(id.into()))
        );
        assert_eq!(Route::StaffTimetable(id.into()).allow(), "GET, HEAD, PUT");
        assert_eq!(
            Route::resolve(&format!("/api/staff/sessions/{id}/attendance/a@b.test")),
            Some(Route::StaffAttendee { session: id.into(), student: "a@b.test".into() })
        );
        assert_eq!(
            Route::resolve(&format!("/api/staff/batches/{id}/attendance.csv")),
            Some(Route::StaffBatchAttendanceCsv(id.into()))
        );
        assert_eq!(Route::resolve("/calendar/x.ics").map(|r| r.endpoint()), Some(Endpoint::Sessions));
        assert_eq!(
            Route::resolve(&format!("/api/staff/sessions/{id}")).map(|r| r.endpoint()),
            Some(Endpoint::StaffSessions)
        );
    }

    #[test]
    fn decodes_each_segment_once_after_splitting() {
        let id = "665f1c2a9b3e4d0012a1b001";
        let path = format!("/api/staff/batches/{id}/students/x%2Bevening%20class%40example.test/certificate");
        assert_eq!(
            Route::resolve(&path),
            Some(Route::StaffIssueCertificate { batch: id.into(), student: "x+evening class@example.test".into() })
        );
        // A `+` is itself in a path (a space only in a form), an encoded `/` stays inside its segment, and `%25`
        // is decoded once: to `%`, not further.
        assert_eq!(
            Route::resolve(&format!("/api/staff/batches/{id}/students/a+b%2Fc%2540/completion")),
            Some(Route::StaffCompletion { batch: id.into(), student: "a+b/c%40".into() })
        );
        assert_eq!(Route::resolve("/api/outline/%61bc"), Some(Route::Outline("abc".into())));
        assert_eq!(
            Route::resolve(&format!("/lecture/{id}/3/360p%2Fseg_1.m4s")),
            Some(Route::Lecture { batch: id.into(), lecture: "3".into(), file: Some("360p/seg_1.m4s".into()) })
        );
        assert_eq!(Route::resolve("/api/outline/%FF"), None, "not UTF-8");
    }

    /// API Gateway hands the Lambda `rawPath` as the client sent it, encoded.
    #[test]
    fn a_lambdas_raw_path_is_decoded_too() {
        let event = serde_json::json!({
            "version": "2.0", "routeKey": "$default", "rawQueryString": "",
            "rawPath": "/api/staff/batches/665f1c2a9b3e4d0012a1b001/students/x%2Bevening%20class%40example.test/completion",
            "headers": {"host": "api.example.test"}, "isBase64Encoded": false,
            "requestContext": {"accountId": "1", "apiId": "a", "domainName": "api.example.test", "domainPrefix": "api",
                "requestId": "r", "routeKey": "$default", "stage": "$default", "time": "", "timeEpoch": 0,
                "http": {"method": "PUT", "path": "/api/staff/batches/665f1c2a9b3e4d0012a1b001/students/x+evening class@example.test/completion",
                    "protocol": "HTTP/1.1", "sourceIp": "203.0.113.9", "userAgent": "t"}}
        });
        let req = lambda_http::request::from_str(&event.to_string()).unwrap();
        assert_eq!(
            Route::resolve(req.uri().path()),
            Some(Route::StaffCompletion {
                batch: "665f1c2a9b3e4d0012a1b001".into(),
                student: "x+evening class@example.test".into()
            })
        );
    }

    #[test]
    fn rejects_unknown_paths() {
        for path in [
            "/api",
            "/api/",
            "/api/nope",
            "/courses",
            "/api/outline",
            "/api/batches/a/b/c",
            "/api/me",
            "/api/me/progress",
            "/api/me/progress/a/1/x",
            "/lecture/a",
            "/lectures/a/1",
            // A local upload's parts go to `academy serve` itself, never to a Lambda.
            "/upload/665f1c2a9b3e4d0012a1b001/1",
            "/api/upload/665f1c2a9b3e4d0012a1b001/1",
        ] {
            assert_eq!(Route::resolve(path), None, "{path}");
        }
    }
}

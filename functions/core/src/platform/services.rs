//! Each endpoint with exactly the dependencies it uses, built once per container (or once for the
//! local server) and handed to its handlers. A Lambda binary constructs only its own service
//! (`lambda.rs`), so it neither links nor starts what its endpoint does not use; the local
//! server holds them all (`local.rs`).

use crate::assistant::{self, Knowledge, ModelProvider};
use crate::certificates::files::CertificateFiles;
use crate::certificates::{self, Issuer};
use crate::console::Actor;
use crate::demo::reminders::ReminderSchedule;
use crate::demo::Desk;
use crate::enrolment::Mailing;
use crate::http::error::ApiError;
use crate::http::identity::{identify, identify_staff, verified_email_of, Verifier};
use crate::http::routes::{Route, Service};
use crate::http::{health, Answer};
use crate::leads::send_email::{self, InlineMail};
use crate::learning::lecture::{self, LectureFiles, LectureLinks};
use crate::learning::{me, videos};
use crate::mail::{MailSettings, Mailer};
use crate::media::uploads::LectureUploads;
use crate::media::TranscodeQueue;
use crate::staff;
use crate::store::Store;
use crate::{catalog, geo, time};
use async_trait::async_trait;
use lambda_http::{http::Method, Request};
use std::sync::Arc;

/// A route this service does not serve (the route table keeps them apart; this is its guard).
fn not_here() -> Answer {
    Err(ApiError::NotFound("No such API endpoint.".into()))
}

/// `/api/health`: nothing.
pub struct Health;

#[async_trait]
impl Service for Health {
    async fn answer(&self, _route: Route, _req: &Request) -> Answer {
        Ok(health::health())
    }
}

/// `/api/geo`: the country assumed when the CDN sends none (`ACADEMY_DEFAULT_COUNTRY`).
pub struct Geo {
    pub default_country: Option<String>,
}

#[async_trait]
impl Service for Geo {
    async fn answer(&self, _route: Route, req: &Request) -> Answer {
        Ok(geo::geo(req, self.default_country.as_deref()))
    }
}

/// Courses, outlines and batches: the store.
pub struct Catalog {
    pub store: Store,
}

#[async_trait]
impl Service for Catalog {
    async fn answer(&self, route: Route, _req: &Request) -> Answer {
        let store = &self.store;
        match route {
            Route::Courses => catalog::courses(store).await,
            Route::Outline(course) => catalog::outline(store, &course).await,
            Route::AllBatches => catalog::batches(store).await,
            Route::Batch(batch) => catalog::batch(store, &batch).await,
            Route::BatchesOfCourse(course) => catalog::batches_of_course(store, &course).await,
            _ => not_here(),
        }
    }
}

/// A batch's recorded lectures: the store, the signer of lecture links, and the sign-in
/// verifier (a linked student may send a token instead of the Secret ID).
pub struct Videos {
    pub store: Store,
    pub links: Arc<LectureLinks>,
    pub verifier: Option<Arc<Verifier>>,
}

#[async_trait]
impl Service for Videos {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        let Route::Videos(batch) = route else { return not_here() };
        videos::videos(&self.store, &self.links, self.verifier.as_deref(), req, &batch).await
    }
}

/// A signed-in student's own learning: the store and the sign-in verifier (in AWS the gateway's
/// JWT authorizer has verified the token already, and its claims are read instead).
pub struct Me {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    /// When progress is saved (the progress rule measures pace by it).
    pub clock: time::Clock,
}

#[async_trait]
impl Service for Me {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        let student = identify(self.verifier.as_deref(), req).await?;
        let store = &self.store;
        match route {
            Route::MyBatches if req.method() == Method::POST => me::link(store, &student, req).await,
            Route::MyBatches => {
                let email = verified_email_of(self.verifier.as_deref(), req, &student).await;
                me::batches(store, &student, email.as_deref()).await
            }
            Route::MyProgress(batch) => me::progress(store, &student, &batch).await,
            Route::LectureProgress { batch, lecture } => {
                me::save_progress(store, &student, req, &batch, &lecture, self.clock.now_millis()).await
            }
            _ => not_here(),
        }
    }
}

/// Mail sent right after a submission is stored: the local world's stand-in for the table's stream.
pub struct InlineMailer {
    pub mailer: Arc<dyn Mailer>,
    pub settings: MailSettings,
}

/// Enquiries: the store (and, locally, the inline mailer).
pub struct SendEmail {
    pub store: Store,
    pub inline: Option<InlineMailer>,
}

#[async_trait]
impl Service for SendEmail {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        let Route::SendEmail = route else { return not_here() };
        let inline = self.inline.as_ref().map(|i| InlineMail { mailer: i.mailer.as_ref(), settings: &i.settings });
        send_email::send_email(&self.store, inline, req).await
    }
}

/// The assistant: the store (its limit), what it knows, and the model it may ask.
pub struct Chat {
    pub store: Store,
    pub knowledge: Arc<Knowledge>,
    pub model: ModelProvider,
}

#[async_trait]
impl Service for Chat {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        let Route::Chat = route else { return not_here() };
        let model = self.model.get().await;
        assistant::ask::chat(&self.store, &self.knowledge, model.as_deref(), req).await
    }
}

/// Lecture files: the grants and lectures, the link checker, and where the files are.
pub struct Lecture {
    pub store: Store,
    pub links: Arc<LectureLinks>,
    pub files: Arc<dyn LectureFiles>,
}

#[async_trait]
impl Service for Lecture {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        let Route::Lecture { batch, lecture, file } = route else { return not_here() };
        let files = self.files.as_ref();
        lecture::serve::lecture(&self.store, &self.links, files, req, &batch, &lecture, file.as_deref()).await
    }
}

/// Staff: the enquiries. The store, the sign-in verifier, and the mailer that sends an enquiry again.
pub struct StaffEnquiries {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub mail: Option<InlineMailer>,
}

#[async_trait]
impl Service for StaffEnquiries {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let actor = || Actor::named(verifier, req, caller.clone());
        let store = &self.store;
        match route {
            Route::StaffEnquiries => crate::leads::console::list(store, req).await,
            Route::StaffEnquiriesCsv => crate::leads::console::export(store, req).await,
            Route::StaffEnquiry(id) if req.method() == Method::PATCH => {
                crate::leads::console::update(store, &actor().await, req, &id).await
            }
            Route::StaffEnquiry(id) => crate::leads::console::get(store, &id).await,
            Route::StaffEnquiryResend(id) => {
                let Some(mail) = &self.mail else { return Err(ApiError::Unavailable) };
                crate::leads::console::resend(store, mail.mailer.as_ref(), &mail.settings, &actor().await, &id).await
            }
            _ => not_here(),
        }
    }
}

/// Staff: enrolments. The store, the sign-in verifier, and what welcomes are mailed with.
pub struct StaffEnrolments {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub mailing: Option<Mailing>,
}

#[async_trait]
impl Service for StaffEnrolments {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let actor = || Actor::named(verifier, req, caller.clone());
        let (store, mailing) = (&self.store, self.mailing.as_ref());
        match route {
            Route::StaffBatches => staff::enrolments::batches(store).await,
            Route::StaffEnrol => staff::enrolments::create(store, mailing, &actor().await, req).await,
            Route::StaffEnrolment(id) => staff::enrolments::revoke(store, &actor().await, &id).await,
            Route::StaffEnrolmentResend(id) => staff::enrolments::resend(store, mailing, &actor().await, &id).await,
            Route::StaffBatchEnrolments(batch) => staff::enrolments::of_batch(store, req, &batch).await,
            Route::StaffBulkEnrol(batch) => staff::enrolments::bulk(store, mailing, &actor().await, req, &batch).await,
            _ => not_here(),
        }
    }
}

/// Staff: reports. The store and the sign-in verifier.
pub struct StaffReports {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    /// What counts as held for attendance.
    pub clock: time::Clock,
}

#[async_trait]
impl Service for StaffReports {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        identify_staff(self.verifier.as_deref(), req).await?;
        match route {
            Route::StaffReport(batch) => staff::report::batch_report(&self.store, &batch, self.clock.now()).await,
            Route::StaffReportCsv(batch) => {
                staff::report::batch_report_csv(&self.store, &batch, self.clock.now()).await
            }
            _ => not_here(),
        }
    }
}

/// Staff: the audit trail. The store and the sign-in verifier.
pub struct StaffAudit {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
}

#[async_trait]
impl Service for StaffAudit {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        identify_staff(self.verifier.as_deref(), req).await?;
        let Route::StaffAudit = route else { return not_here() };
        crate::console::audit::trail(&self.store, req).await
    }
}

/// Staff: a batch's lectures. The store, the sign-in verifier, where recordings and captions are
/// stored (S3 in AWS, the lecture folder locally), and the transcoder's queue.
pub struct StaffLectures {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub uploads: Arc<dyn LectureUploads>,
    pub queue: Arc<dyn TranscodeQueue>,
}

#[async_trait]
impl Service for StaffLectures {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        use crate::media::console as lectures;
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        if let Route::StaffLectures(batch) = &route {
            if req.method() != Method::POST {
                return lectures::list(&self.store, batch).await;
            }
        }
        let actor = Actor::named(verifier, req, caller).await;
        let handlers = lectures::Lectures {
            store: &self.store,
            uploads: self.uploads.as_ref(),
            queue: self.queue.as_ref(),
            actor: &actor,
        };
        match route {
            Route::StaffLectures(batch) => lectures::add(&handlers, req, &batch).await,
            Route::StaffLecture { batch, lecture } if req.method() == Method::DELETE => {
                lectures::delete(&handlers, &batch, &lecture).await
            }
            Route::StaffLecture { batch, lecture } => lectures::update(&handlers, req, &batch, &lecture).await,
            Route::StaffLectureUpload { batch, lecture } => {
                lectures::start_upload(&handlers, req, &batch, &lecture).await
            }
            Route::StaffLectureUploadComplete { batch, lecture } => {
                lectures::complete_upload(&handlers, req, &batch, &lecture).await
            }
            Route::StaffLectureRetry { batch, lecture } => lectures::retry(&handlers, &batch, &lecture).await,
            Route::StaffLectureCaptions { batch, lecture } => {
                lectures::captions(&handlers, req, &batch, &lecture).await
            }
            _ => not_here(),
        }
    }
}

/// The free demo class: the store, the desk it mails from (with the link key), and where
/// reminders are scheduled (EventBridge Scheduler in AWS, the store locally).
pub struct Demo {
    pub store: Store,
    pub desk: Desk,
    pub reminders: Arc<dyn ReminderSchedule>,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for Demo {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        use crate::demo::bookings::{self, Bookings};
        let now = self.clock.now();
        let handlers = Bookings { store: &self.store, desk: &self.desk, reminders: self.reminders.as_ref(), now };
        match route {
            Route::DemoSlots => crate::demo::slots::list(&self.store, req, now).await,
            Route::DemoBookings => bookings::book(&handlers, req).await,
            Route::DemoBooking(id) if req.method() == Method::PATCH => bookings::reschedule(&handlers, req, &id).await,
            Route::DemoBooking(id) if req.method() == Method::DELETE => bookings::cancel(&handlers, req, &id).await,
            Route::DemoBooking(id) => bookings::get(&handlers, req, &id).await,
            _ => not_here(),
        }
    }
}

/// Staff: demo classes. The store, the sign-in verifier, the desk and the reminders' schedule.
pub struct StaffDemo {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub desk: Desk,
    pub reminders: Arc<dyn ReminderSchedule>,
}

#[async_trait]
impl Service for StaffDemo {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        use crate::demo::console as demo;
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let now = crate::time::now();
        match &route {
            Route::StaffDemoSlots if req.method() != Method::POST => return demo::list(&self.store, req, now).await,
            Route::StaffDemoSlotBookings(slot) => return demo::bookings(&self.store, slot).await,
            _ => {}
        }
        let actor = Actor::named(verifier, req, caller).await;
        let console = demo::DemoConsole {
            store: &self.store,
            desk: &self.desk,
            reminders: self.reminders.as_ref(),
            actor: &actor,
            now,
        };
        match route {
            Route::StaffDemoSlots => demo::publish(&console, req).await,
            Route::StaffDemoSlot(id) if req.method() == Method::DELETE => demo::cancel(&console, &id).await,
            Route::StaffDemoSlot(id) => demo::change(&console, req, &id).await,
            Route::StaffDemoBooking(id) => demo::mark(&console, req, &id).await,
            _ => not_here(),
        }
    }
}

/// Certificates: a signed-in student's (claim, list, PDF) and the public verification. The store,
/// where PDFs are kept, the site's origin (the verification page's), and the sign-in verifier
/// (in AWS the gateway's JWT authorizer guards `/api/me/certificates…`; the public routes have none).
pub struct Certificates {
    pub store: Store,
    pub files: Arc<dyn CertificateFiles>,
    pub site_url: String,
    pub verifier: Option<Arc<Verifier>>,
}

#[async_trait]
impl Service for Certificates {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        use certificates::{mine, public};
        let issuer = Issuer { files: self.files.as_ref(), site_url: &self.site_url };
        let (store, now) = (&self.store, time::now());
        match route {
            Route::Certificate(id) => return public::verify(store, req, &id, now).await,
            Route::CertificatePdf(id) => return public::pdf(store, &issuer, req, &id, now).await,
            _ => {}
        }
        let student = identify(self.verifier.as_deref(), req).await?;
        match route {
            Route::MyCertificates if req.method() == Method::POST => {
                mine::claim(store, &issuer, &student, req, now).await
            }
            Route::MyCertificates => mine::list(store, &issuer, &student).await,
            Route::MyCertificatePdf(id) => mine::pdf(store, &issuer, &student, &id).await,
            _ => not_here(),
        }
    }
}

/// Staff: certificates. The store, the sign-in verifier, where PDFs are kept, and the site's origin.
pub struct StaffCertificates {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub files: Arc<dyn CertificateFiles>,
    pub site_url: String,
}

#[async_trait]
impl Service for StaffCertificates {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        use crate::certificates::console as staff_certificates;
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let issuer = || Issuer { files: self.files.as_ref(), site_url: &self.site_url };
        if let Route::StaffBatchCertificates(batch) = &route {
            return staff_certificates::batch(&self.store, &issuer(), batch).await;
        }
        let actor = Actor::named(verifier, req, caller).await;
        let handlers =
            staff_certificates::Certificates { store: &self.store, issuer: issuer(), actor: &actor, now: time::now() };
        match route {
            Route::StaffCompletion { batch, student } => {
                staff_certificates::completion(&handlers, req, &batch, &student).await
            }
            Route::StaffIssueCertificate { batch, student } => {
                staff_certificates::issue(&handlers, req, &batch, &student).await
            }
            Route::StaffRevokeCertificate(id) => staff_certificates::revoke(&handlers, req, &id).await,
            Route::StaffCertificate(id) => staff_certificates::rename(&handlers, req, &id).await,
            _ => not_here(),
        }
    }
}

/// Live classes, a student's side: the store, the desk (the site's origin for Join and feed
/// links, and the letter box), and the sign-in verifier (Join and the feed also answer without
/// one: the student's calendar token names them).
pub struct Sessions {
    pub store: Store,
    pub desk: crate::live::Desk,
    pub verifier: Option<Arc<Verifier>>,
    pub clock: time::Clock,
}

/// A signed-in student's assignments: the store, the sign-in verifier, where assignment files
/// are stored, and the clock (a test moves it past a due time).
pub struct Assignments {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub files: Arc<dyn crate::objects::Objects>,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for Sessions {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        use crate::live::{feed, sessions};
        let classes = sessions::Classes { store: &self.store, desk: &self.desk, now: self.clock.now() };
        match &route {
            Route::CalendarFeed(token) => return feed::feed(&classes, token).await,
            Route::MySessionJoin(id) => {
                let signed_in = match crate::http::query_value(req, "token") {
                    Some(_) => None,
                    None => Some(identify(self.verifier.as_deref(), req).await?),
                };
                return sessions::join(&classes, req, id, signed_in).await;
            }
            _ => {}
        }
        let student = identify(self.verifier.as_deref(), req).await?;
        match route {
            Route::MySessions => sessions::mine(&classes, &student, req).await,
            Route::MyCalendar if req.method() == Method::PATCH => {
                sessions::change_calendar(&classes, &student, req).await
            }
            Route::MyCalendar => sessions::calendar(&classes, &student).await,
            Route::MyCalendarToken => sessions::reset_calendar(&classes, &student).await,
            _ => not_here(),
        }
    }
}

#[async_trait]
impl Service for Assignments {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        use crate::assignments::mine::{self, Mine};
        let student = identify(self.verifier.as_deref(), req).await?;
        let writes = matches!(*req.method(), Method::PUT | Method::POST);
        let email = if writes { verified_email_of(self.verifier.as_deref(), req, &student).await } else { None };
        let mine =
            Mine { store: &self.store, storage: self.files.as_ref(), student: &student, email, now: self.clock.now() };
        match route {
            Route::MyAssignments => mine::list(&mine).await,
            Route::MyAssignment(id) => mine::get(&mine, &id).await,
            Route::MySubmission(id) if req.method() == Method::PUT => mine::save_draft(&mine, req, &id).await,
            Route::MySubmission(id) => mine::submission(&mine, &id).await,
            Route::MySubmit(id) => mine::submit(&mine, &id).await,
            Route::MyAssignmentFiles(id) => mine::start_file(&mine, req, &id).await,
            Route::MyAssignmentFileComplete { assignment, file } => {
                mine::complete_file(&mine, req, &assignment, &file).await
            }
            _ => not_here(),
        }
    }
}

/// Staff: live classes. The store, the sign-in verifier, the desk (mail to students) and where
/// session reminders are scheduled.
pub struct StaffSessions {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub desk: crate::live::Desk,
    pub reminders: Arc<dyn crate::live::ReminderSlots>,
    pub clock: time::Clock,
}

/// Staff: assignments and their review. The store, the sign-in verifier, where assignment files
/// are stored, what the student's and batch's mail goes with, and the clock.
pub struct StaffAssignments {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub files: Arc<dyn crate::objects::Objects>,
    pub mailing: Option<Mailing>,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for StaffSessions {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        use crate::live::console as live;
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let (store, now) = (&self.store, self.clock.now());
        let write = matches!(*req.method(), Method::PUT | Method::POST | Method::PATCH);
        if !write {
            return match route {
                Route::StaffTimetable(batch) => live::timetable(store, &batch, now).await,
                Route::StaffSessions(batch) => live::sessions(store, &batch).await,
                Route::StaffSessionAttendance(id) => live::session_attendance(store, &id).await,
                Route::StaffBatchAttendance(batch) => live::batch_attendance(store, &batch, now).await,
                Route::StaffBatchAttendanceCsv(batch) => live::batch_attendance_csv(store, &batch, now).await,
                _ => not_here(),
            };
        }
        let actor = Actor::named(verifier, req, caller).await;
        let console =
            live::LiveConsole { store, desk: &self.desk, reminders: self.reminders.as_ref(), actor: &actor, now };
        match route {
            Route::StaffTimetable(batch) => live::save_timetable(&console, req, &batch).await,
            Route::StaffSessions(batch) => live::add_session(&console, req, &batch).await,
            Route::StaffSession(id) => live::change_session(&console, req, &id).await,
            Route::StaffAttendee { session, student } => live::correct(&console, req, &session, &student).await,
            Route::StaffAttendanceMinimum(batch) => live::set_minimum(&console, req, &batch).await,
            _ => not_here(),
        }
    }
}

#[async_trait]
impl Service for StaffAssignments {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        use crate::assignments::console::{self as handlers, StaffAssignmentHandlers};
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let reads = matches!(*req.method(), Method::GET | Method::HEAD);
        let actor = if reads {
            Actor { sub: caller.sub.clone(), email: caller.email.clone() }
        } else {
            Actor::named(verifier, req, caller).await
        };
        let h = StaffAssignmentHandlers {
            store: &self.store,
            storage: self.files.as_ref(),
            mailing: self.mailing.as_ref(),
            actor: &actor,
            now: self.clock.now(),
        };
        match route {
            Route::StaffBatchAssignments(batch) if req.method() == Method::POST => {
                handlers::create(&h, req, &batch).await
            }
            Route::StaffBatchAssignments(batch) => handlers::list(&h, &batch).await,
            Route::StaffAssignmentRule(batch) => handlers::set_rule(&h, req, &batch).await,
            Route::StaffAssignment(id) if req.method() == Method::PATCH => handlers::update(&h, req, &id).await,
            Route::StaffAssignment(id) => handlers::get(&h, &id).await,
            Route::StaffAssignmentAttachments(id) => handlers::start_attachment(&h, req, &id).await,
            Route::StaffAssignmentAttachmentComplete { assignment, file } => {
                handlers::complete_attachment(&h, req, &assignment, &file).await
            }
            Route::StaffAssignmentAttachment { assignment, file } => {
                handlers::remove_attachment(&h, &assignment, &file).await
            }
            Route::StaffAssignmentSubmissions(id) => handlers::submissions(&h, &id).await,
            Route::StaffSubmissions => handlers::queue(&h, req).await,
            Route::StaffSubmission(id) => handlers::submission(&h, &id).await,
            Route::StaffSubmissionReview(id) => handlers::review(&h, req, &id).await,
            _ => not_here(),
        }
    }
}

/// Payments: the plan form's card step and a student's billing; the payments desk (Stripe, the
/// manual methods' details, mail) and the sign-in verifier.
pub struct Payments {
    pub store: Store,
    pub desk: crate::payments::Desk,
    pub verifier: Option<Arc<Verifier>>,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for Payments {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        use crate::payments::{billing, checkout};
        let (store, desk, now) = (&self.store, &self.desk, self.clock.now());
        match &route {
            Route::PaymentOptions => return checkout::options(desk),
            Route::PaymentCheckout => return checkout::checkout(store, desk, req, now).await,
            Route::PaymentConfirm(id) => return checkout::confirm(store, desk, req, id, now).await,
            Route::Payment(id) => return checkout::state(store, desk, req, id, now).await,
            _ => {}
        }
        let student = identify(self.verifier.as_deref(), req).await?;
        let email = verified_email_of(self.verifier.as_deref(), req, &student).await;
        let email = email.as_deref();
        match route {
            Route::MyBilling => billing::billing(store, &student, email).await,
            Route::MyReceipt(id) => billing::receipt(store, &student, email, &id).await,
            Route::MyPlanCancel(id) => billing::cancel(store, desk, &student, email, &id, now).await,
            Route::MyPlanCard(id) if req.method() == Method::PUT => {
                billing::use_card(store, desk, &student, email, &id, now).await
            }
            Route::MyPlanCard(id) => billing::start_card(store, desk, &student, email, &id).await,
            _ => not_here(),
        }
    }
}

/// Stripe's webhook: the store and the payments desk (its webhook secret).
pub struct PaymentsWebhook {
    pub store: Store,
    pub desk: crate::payments::Desk,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for PaymentsWebhook {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        let Route::StripeWebhook = route else { return not_here() };
        crate::payments::webhook::webhook(&self.store, &self.desk, req, self.clock.now()).await
    }
}

/// Staff's payments, and the receipt files they attach (none where files are not set up).
pub struct StaffPayments {
    pub store: Store,
    pub desk: crate::payments::Desk,
    pub files: Option<Arc<dyn crate::objects::Objects>>,
    pub verifier: Option<Arc<Verifier>>,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for StaffPayments {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        use crate::payments::console as payments;
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let (store, now) = (&self.store, self.clock.now());
        match &route {
            Route::StaffPayments => return payments::list(store, req).await,
            Route::StaffPaymentsCsv => return payments::export(store, req).await,
            Route::StaffPaymentLedger => return payments::ledger(store, req, now).await,
            Route::StaffPaymentReceipt(id) => {
                return payments::receipt_link(store, self.files.as_deref(), id, now).await
            }
            _ => {}
        }
        let actor = Actor::named(verifier, req, caller).await;
        match route {
            Route::StaffManualPayment => payments::record(store, &self.desk, &actor, req, now).await,
            Route::StaffReceiptUpload => payments::start_receipt(store, self.files.as_deref(), &actor, req, now).await,
            Route::StaffReceiptComplete(id) => {
                payments::complete_receipt(store, self.files.as_deref(), &actor, req, &id).await
            }
            Route::StaffRefund(id) => payments::refund(store, &self.desk, &actor, req, &id, now).await,
            Route::StaffPlanDue(id) => payments::set_due(store, &actor, req, &id, now).await,
            _ => not_here(),
        }
    }
}

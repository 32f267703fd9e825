// Friendly names for the API's schemas, from the generated app/lib/api-types.ts (functions/openapi.json via
// `npm run api-types`). Types only: import them with `import type`, so nothing here reaches a bundle.
import type { components } from "./api-types";

type Schemas = components["schemas"];

export type Course = Schemas["Course"];
export type Outline = Schemas["Outline"];
export type OutlineMonth = Schemas["OutlineMonth"];
export type OutlineWeek = Schemas["OutlineWeek"];
export type WeeklySchedule = Schemas["WeeklySchedule"];
export type Batch = Schemas["Batch"];
export type Video = Schemas["Video"];
export type VideoList = Schemas["VideoList"];
export type GeoAnswer = Schemas["GeoAnswer"];
export type ChatAnswer = Schemas["ChatAnswer"];
export type ChatRequest = Schemas["ChatRequest"];
export type AnswerSource = Schemas["AnswerSource"];
export type SendEmailAnswer = Schemas["SendEmailAnswer"];
export type ErrorBody = Schemas["ErrorBody"];
export type MyBatch = Schemas["MyBatch"];
export type LectureProgress = Schemas["LectureProgress"];
export type ProgressUpdate = Schemas["ProgressUpdate"];
// The staff console's (features/staff).
export type AuditEntry = Schemas["AuditEntry"];
export type AuditPage = Schemas["AuditPage"];
export type BatchReport = Schemas["BatchReport"];
export type BulkAnswer = Schemas["BulkAnswer"];
export type BulkLine = Schemas["BulkLine"];
export type Enquiry = Schemas["Enquiry"];
export type EnquiryPage = Schemas["EnquiryPage"];
export type EnrolmentPage = Schemas["EnrolmentPage"];
export type EnrolmentStatus = Schemas["EnrolmentStatus"];
export type EnrolmentView = Schemas["EnrolmentView"];
export type Enrolled = Schemas["Enrolled"];
export type FormType = Schemas["FormType"];
export type LectureReport = Schemas["LectureReport"];
// The console's lectures (features/staff/lectures).
export type CompleteRequest = Schemas["CompleteRequest"];
export type LectureChange = Schemas["LectureChange"];
export type LectureKind = Schemas["LectureKind"];
export type LectureState = Schemas["LectureState"];
export type NewLecture = Schemas["NewLecture"];
export type PartUrl = Schemas["PartUrl"];
export type StaffLecture = Schemas["StaffLecture"];
export type StaffLectures = Schemas["StaffLectures"];
export type UploadRequest = Schemas["UploadRequest"];
export type UploadStarted = Schemas["UploadStarted"];
export type UploadView = Schemas["UploadView"];
export type UploadedPart = Schemas["UploadedPart"];
export type StaffBatch = Schemas["StaffBatch"];
export type StudentReport = Schemas["StudentReport"];
export type SubmissionStatus = Schemas["SubmissionStatus"];
// Certificates (features/certificates, features/staff/certificates).
export type CertificateStatus = Schemas["CertificateStatus"];
export type CertificateView = Schemas["CertificateView"];
export type VerifiedCertificate = Schemas["VerifiedCertificate"];
export type ClaimRequest = Schemas["ClaimRequest"];
export type MyCertificates = Schemas["MyCertificates"];
export type BatchCertificates = Schemas["BatchCertificates"];
export type StudentCompletion = Schemas["StudentCompletion"];
export type CompletionChange = Schemas["CompletionChange"];
export type CertificateName = Schemas["CertificateName"];
export type Revocation = Schemas["Revocation"];

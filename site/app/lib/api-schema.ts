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
// Certificates (features/certificates, features/staff/certificates). Written by hand from the agreed shapes until
// the contract carries them; then they become the generated schemas' names like the rest.
export type CertificateStatus = "valid" | "revoked";
export interface Certificate {
  id: string;
  name: string;
  courseId: string;
  course: string;
  batchId: string;
  batch: string;
  instructor: string;
  completedOn: string;
  issuedOn: string;
  status: CertificateStatus;
  revokedOn: string | null;
  revokedReason: string | null;
  verifyUrl: string;
  linkedInUrl: string;
}
export interface CertificateList {
  certificates: Certificate[];
}
export interface CertificateClaim {
  batchId: string;
  name: string;
}
/** What anyone may read of a certificate: never the reason of a revocation, never the holder's account. */
export interface PublicCertificate {
  id: string;
  name: string;
  course: string;
  batch: string;
  completedOn: string;
  issuedOn: string;
  status: CertificateStatus;
  revokedOn: string | null;
}
export interface StudentCompletion {
  studentId: string;
  name: string;
  email: string;
  lecturesWatched: number;
  complete: boolean;
  markedComplete: boolean;
  certificate: Certificate | null;
}
export interface BatchCompletions {
  lecturesTotal: number;
  students: StudentCompletion[];
}
/** A student's batch on /lms with whether it is complete and its certificate, once the API sends them. */
export type MyBatchWithCertificate = MyBatch & { complete?: boolean; certificateId?: string | null };

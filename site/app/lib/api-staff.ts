// STAND-IN for the staff routes' part of the contract, until functions/openapi.json carries them (`make openapi`, then
// `npm run api-types`): the shapes of functions/core/src/staff/*.rs and domain.rs, written out by hand, and the paths
// merged into the generated `paths` so the one client (./api-client.ts) types the staff calls like every other. Once
// the generated api-types.ts has the staff paths, delete this file and alias the schemas in ./api-schema.ts.
import type { Batch } from "./api-schema";

export type SubmissionStatus = "pending" | "sent" | "failed";
export type EnrolmentStatus = "active" | "revoked" | "expired";
export type FormType = "contact-form" | "registration-form" | "enrollment-form";

export interface Enquiry {
  id: string;
  formType: string;
  /** Epoch seconds. */
  createdAt: number;
  name: string;
  email: string;
  phone?: string | null;
  course?: string | null;
  formData: Record<string, unknown>;
  delivery: SubmissionStatus;
  attempts: number;
  lastError?: string | null;
  handled: boolean;
  handledAt?: number | null;
  handledBy?: string | null;
  note?: string | null;
}

export interface EnquiryPage {
  items: Enquiry[];
  nextCursor?: string | null;
}

export interface EnquiryUpdate {
  handled: boolean;
  note?: string | null;
}

export interface EnrolmentView {
  id: string;
  batchId: string;
  name: string;
  email: string;
  status: EnrolmentStatus;
  /** `YYYY-MM-DD` (UTC), the last day of access. */
  accessUntil?: string | null;
  enrolledAt: number;
  enrolledBy: string;
  enquiryId?: string | null;
  revokedAt?: number | null;
  welcome: string;
  accountLinked: boolean;
  lecturesWatched: number;
  lecturesTotal: number;
  lastActivity?: number | null;
}

export interface EnrolRequest {
  batchId: string;
  name: string;
  email: string;
  accessUntil?: string | null;
  enquiryId?: string | null;
}

export interface Enrolled {
  enrolment: EnrolmentView;
  secretId: string;
}

export interface BulkRequest {
  csv: string;
  accessUntil?: string | null;
}

export type LineOutcome = "enrolled" | "already_enrolled" | "invalid";

export interface BulkLine {
  line: number;
  name: string;
  email: string;
  outcome: LineOutcome;
  reason?: string | null;
  enrolmentId?: string | null;
}

export interface BulkAnswer {
  results: BulkLine[];
  enrolled: number;
  alreadyEnrolled: number;
  invalid: number;
}

export interface EnrolmentPage {
  items: EnrolmentView[];
  nextCursor?: string | null;
}

export interface StaffBatch {
  batch: Batch;
  courseTitle: string;
  enrolled: number;
  active: number;
}

export interface StaffBatches {
  batches: StaffBatch[];
}

export interface LectureReport {
  lectureNumber: number;
  title: string;
  watchedBy: number;
  startedBy: number;
  averageFurthestSeconds: number;
}

export interface StudentReport {
  enrolmentId?: string | null;
  name: string;
  email: string;
  accountLinked: boolean;
  lecturesWatched: number;
  lastActivity?: number | null;
}

export interface BatchReport {
  batch: Batch;
  lecturesTotal: number;
  lectures: LectureReport[];
  students: StudentReport[];
}

export interface AuditEntry {
  id: string;
  at: number;
  actorSub: string;
  actorEmail?: string | null;
  action: string;
  target: string;
  outcome: string;
  detail?: string | null;
}

export interface AuditPage {
  items: AuditEntry[];
  nextCursor?: string | null;
}

type Json<T> = { content: { "application/json": T } };
type Get<T> = { responses: { 200: Json<T> } };
type Send<B, T, Status extends 200 | 201 = 200> = { requestBody: Json<B>; responses: { [S in Status]: Json<T> } };
type Csv = { responses: { 200: { content: { "text/csv": string } } } };

declare module "./api-types" {
  interface paths {
    "/api/staff/enquiries": { get: Get<EnquiryPage> };
    "/api/staff/enquiries.csv": { get: Csv };
    "/api/staff/enquiries/{id}": { get: Get<Enquiry>; patch: Send<EnquiryUpdate, Enquiry> };
    "/api/staff/enquiries/{id}/resend": { post: Get<Enquiry> };
    "/api/staff/batches": { get: Get<StaffBatches> };
    "/api/staff/enrolments": { post: Send<EnrolRequest, Enrolled, 201> };
    "/api/staff/enrolments/{id}": { delete: Get<EnrolmentView> };
    "/api/staff/enrolments/{id}/resend": { post: Get<Enrolled> };
    "/api/staff/batches/{batchId}/enrolments": { get: Get<EnrolmentPage> };
    "/api/staff/batches/{batchId}/enrolments/bulk": { post: Send<BulkRequest, BulkAnswer> };
    "/api/staff/batches/{batchId}/report": { get: Get<BatchReport> };
    "/api/staff/batches/{batchId}/report.csv": { get: Csv };
    "/api/staff/audit": { get: Get<AuditPage> };
  }
}

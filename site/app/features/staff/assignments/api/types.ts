// The console's assignment shapes (the contract's, from lib/api-schema.ts).
export type Grade = "passed" | "needs-work" | number;

export interface StaffFile {
  id: string;
  fileName: string;
  size: number;
  contentType: string;
  url: string;
}
export interface StaffAssignment {
  id: string;
  batchId: string;
  title: string;
  instructions: string;
  dueAt: string;
  publishAt: string;
  marking: "pass" | "points";
  points?: number | null;
  closed: boolean;
  attachments: StaffFile[];
  /** The batch's time zone: due and publish times are written in it. */
  timeZone?: string;
  /** Hand-ins so far; the assignment can be edited until the first. */
  submissions?: number;
  toReview?: number;
  reviewed?: number;
  published?: boolean;
}
export interface AssignmentInput {
  title: string;
  instructions: string;
  dueAt: string;
  result: "pass" | "points";
  points?: number;
  publishAt?: string;
  closed?: boolean;
  attachments?: string[];
}
export interface QueueItem {
  id: string;
  assignmentId: string;
  assignmentTitle: string;
  batchId: string;
  batchName?: string;
  studentName: string;
  studentEmail?: string;
  state: string;
  submittedAt: string;
  late: boolean;
  version: number;
  result?: Grade | null;
}
export interface StaffVersion {
  number: number;
  text: string;
  links: string[];
  files: StaffFile[];
  submittedAt: string;
  late: boolean;
}
export interface StaffReview {
  version: number;
  markdown: string;
  html?: string;
  result: Grade;
  reviewedAt: string;
  reviewedBy?: string;
}
export interface StaffSubmission {
  id: string;
  assignmentId: string;
  assignmentTitle?: string;
  batchId: string;
  batchName?: string;
  studentName: string;
  studentEmail?: string;
  state: string;
  marking?: "pass" | "points";
  points?: number | null;
  versions: StaffVersion[];
  reviews: StaffReview[];
}
export interface FileUploadStarted {
  fileId: string;
  partSize: number;
  parts: { number: number; url: string }[];
}

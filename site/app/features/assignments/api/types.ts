// The assignment shapes the student's pages read (the contract's, from lib/api-schema.ts).
export interface MyAssignment {
  id: string;
  batchId: string;
  batchName?: string;
  title: string;
  dueAt: string;
  state: string;
  submittedAt?: string | null;
  result?: string | number | null;
  points?: number | null;
}
export interface AssignmentAttachment {
  fileId: string;
  fileName: string;
  size: number;
  url?: string | null;
}
export interface MyAssignmentDetail extends MyAssignment {
  instructions: string;
  attachments?: AssignmentAttachment[];
  resultKind?: "pass" | "points";
  closed?: boolean;
  timeZone?: string;
}
export interface SubmissionFile {
  fileId: string;
  fileName: string;
  size: number;
  contentType?: string;
  url?: string | null;
}
export interface SubmissionVersion {
  version: number;
  text: string;
  links: string[];
  files: SubmissionFile[];
  submittedAt: string;
  late?: boolean;
}
export interface MySubmission {
  id?: string;
  assignmentId: string;
  state: string;
  text: string;
  links: string[];
  files: SubmissionFile[];
  submittedAt?: string | null;
  late?: boolean;
  versions?: SubmissionVersion[];
  feedback?: string | null;
  result?: string | number | null;
  reviewedAt?: string | null;
  canSubmit?: boolean;
}
export interface SubmissionDraft {
  text: string;
  links: string[];
  files: string[];
}
export interface FileUploadStarted {
  fileId: string;
  partSize?: number;
  parts: { number: number; url: string }[];
}

// The assignment shapes the student's pages read (the contract's, from lib/api-schema.ts).
export type Grade = "passed" | "needs-work" | number;
export type WorkState = "not-started" | "draft" | "submitted" | "late" | "reviewed";

export interface MyAssignment {
  id: string;
  batchId: string;
  batchName: string;
  title: string;
  dueAt: string;
  state: WorkState;
  submittedAt?: string | null;
  result?: Grade | null;
  marking: "pass" | "points";
  points?: number | null;
  closed: boolean;
  /** Whether the student may save and hand in now. */
  open: boolean;
  hasDraft: boolean;
}
export interface FileView {
  id: string;
  fileName: string;
  size: number;
  contentType: string;
  url: string;
}
export interface MyAssignmentDetail extends MyAssignment {
  instructionsHtml: string;
  attachments: FileView[];
  lectureNumber?: number | null;
  liveSessionId?: string | null;
}
export interface VersionView {
  number: number;
  text: string;
  links: string[];
  files: FileView[];
  submittedAt: string;
  late: boolean;
}
export interface FeedbackView {
  version: number;
  html: string;
  markdown: string;
  result: Grade;
  reviewedAt: string;
}
export interface DraftView {
  text: string;
  links: string[];
  files: FileView[];
  savedAt: string;
}
export interface MySubmission {
  id?: string | null;
  assignmentId: string;
  state: WorkState;
  open: boolean;
  draft?: DraftView | null;
  versions: VersionView[];
  feedback?: FeedbackView | null;
  reviews: FeedbackView[];
}
export interface SubmissionDraft {
  text: string;
  links: string[];
  files: string[];
}
export interface FileUploadStarted {
  fileId: string;
  partSize: number;
  parts: { number: number; url: string }[];
}

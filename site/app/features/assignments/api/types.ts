// The assignment shapes the student's pages read: the contract's (lib/api-schema.ts), under the names used here.
export type {
  AssignmentFile as FileView,
  AssignmentFileUpload as FileUploadStarted,
  AssignmentGrade as Grade,
  MyAssignment as MyAssignmentDetail,
  MyAssignmentSummary as MyAssignment,
  MySubmission,
  SubmissionDraft,
  SubmissionVersion as VersionView,
  WorkState,
} from "#app/lib/api-schema";

// The console's assignment shapes: the contract's (lib/api-schema.ts), under the names used here.
export type {
  AssignmentChange,
  AssignmentFile as StaffFile,
  AssignmentFileUpload as FileUploadStarted,
  AssignmentGrade as Grade,
  NewAssignment,
  StaffAssignment,
  StaffReview,
  StaffSubmission,
  SubmissionRow as QueueItem,
  SubmissionVersion as StaffVersion,
} from "#app/lib/api-schema";

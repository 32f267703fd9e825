// The staff lecture API's bodies and answers, named as the contract's JSON (docs/product.md#staff-console). Written by
// hand, in this one place, until functions/openapi.json carries them; then each becomes the generated schema of the
// same name (lib/api-schema.ts) and this file goes.

export type LectureState = "uploading" | "processing" | "ready" | "failed";
export type LectureKind = "recording" | "file" | "embed";

/** An upload that is open: the file it expects and its part size. */
export interface UploadView {
  uploadId: string;
  fileName: string;
  size: number;
  partSize: number;
}

export interface StaffLecture {
  lectureNumber: number;
  id: string;
  title: string;
  description: string | null;
  published: boolean;
  kind: LectureKind;
  /** Embeds only. */
  url: string | null;
  state: LectureState;
  /** While processing, 0–100. */
  percent: number | null;
  /** Why processing failed. */
  failure: string | null;
  upload: UploadView | null;
  durationSecs: number | null;
  /** The ladder's heights, e.g. [360, 540, 720]. */
  rungs: number[];
  hasCaptions: boolean;
  /** Epoch seconds. */
  updatedAt: number | null;
}

export interface StaffLectures {
  lectures: StaffLecture[];
}

export interface NewLecture {
  title: string;
  description?: string;
  /** None: the next free number. */
  lectureNumber?: number;
  /** An https YouTube, Vimeo or Google Drive player: the lecture is that embed, ready at once. */
  embedUrl?: string;
}

export interface LectureChange {
  title?: string;
  /** `null` (or blank) clears it. */
  description?: string | null;
  published?: boolean;
  /** Move the lecture to this free number. */
  lectureNumber?: number;
}

export interface UploadRequest {
  fileName: string;
  size: number;
  contentType: string;
}

export interface PartUrl {
  number: number;
  url: string;
}

export interface UploadedPart {
  number: number;
  etag: string;
}

export interface UploadStarted {
  uploadId: string;
  /** Every part but the last has exactly this many bytes. */
  partSize: number;
  parts: PartUrl[];
  /** The parts already stored (an upload resumed). */
  uploaded: UploadedPart[];
}

export interface CompleteRequest {
  uploadId: string;
  parts: UploadedPart[];
}

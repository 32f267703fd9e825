// What an assignment's file may be (a student's submission, staff's attachment), checked in the browser before any
// byte is sent so a refused file gets its reason at once. The server checks again, by the file's content, not its name.

/** At most this many files in one submission. */
export const MAX_SUBMISSION_FILES = 5;
/** 25 MB: the largest file the API takes. */
export const MAX_ASSIGNMENT_FILE_BYTES = 25_000_000;

/** Kinds a student may hand in, by name ending, with the media type sent when the browser gives none. */
const ALLOWED: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  zip: "application/zip",
  txt: "text/plain",
  md: "text/plain",
  csv: "text/plain",
  json: "text/plain",
  js: "text/plain",
  jsx: "text/plain",
  ts: "text/plain",
  tsx: "text/plain",
  css: "text/plain",
  py: "text/plain",
  ipynb: "text/plain",
  sql: "text/plain",
  java: "text/plain",
  c: "text/plain",
  cpp: "text/plain",
  h: "text/plain",
  cs: "text/plain",
  go: "text/plain",
  rs: "text/plain",
  php: "text/plain",
  rb: "text/plain",
  yml: "text/plain",
  yaml: "text/plain",
};

/** Said under the file picker. */
export const ALLOWED_FILES_TEXT = "PDF, images (PNG, JPEG, GIF, WebP), ZIP, plain text and source files (.txt, .md, .csv, .js, .ts, .py, .ipynb, .sql, .java, .c, .go…)";

/** The file picker's `accept`. */
export const ACCEPT_ATTRIBUTE = Object.keys(ALLOWED)
  .map((ext) => `.${ext}`)
  .join(",");

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
};

export const megabytesText = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The media type to declare for an allowed file (the browser's, else one for its kind). */
export function contentTypeOf(file: { name: string; type: string }): string {
  const kind = ALLOWED[extensionOf(file.name)];
  if (!kind) return file.type || "application/octet-stream";
  // Browsers name source files variously (text/javascript, video/mp2t for .ts): their kind is plain text.
  return kind === "text/plain" ? "text/plain" : kind;
}

/** Why a file is refused before it is sent, or null. */
export function fileRefusal(file: { name: string; size: number }): string | null {
  const ext = extensionOf(file.name);
  if (["html", "htm", "xhtml", "svg", "exe", "msi", "bat", "cmd", "sh", "com", "scr", "dll", "apk", "jar", "js.exe"].includes(ext)) {
    return `“${file.name}” cannot be handed in: web pages and programs are not accepted. Put them in a ZIP file, or send a link.`;
  }
  if (!ALLOWED[ext]) return `“${file.name}” is not a kind of file we accept. Allowed: ${ALLOWED_FILES_TEXT}.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_ASSIGNMENT_FILE_BYTES) {
    return `“${file.name}” is ${megabytesText(file.size)}; a file can be at most ${megabytesText(MAX_ASSIGNMENT_FILE_BYTES)}.`;
  }
  return null;
}

/** The files of a choice that may be added to `already` held, and the reasons for the rest. */
export function chooseFiles<F extends { name: string; size: number }>(chosen: readonly F[], already: number): { accepted: F[]; refused: string[] } {
  const accepted: F[] = [];
  const refused: string[] = [];
  for (const file of chosen) {
    const why = fileRefusal(file);
    if (why) refused.push(why);
    else if (already + accepted.length >= MAX_SUBMISSION_FILES) refused.push(`“${file.name}” was not added: a submission holds at most ${MAX_SUBMISSION_FILES} files.`);
    else accepted.push(file);
  }
  return { accepted, refused };
}

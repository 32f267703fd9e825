// Files the API answers (the staff console's CSV exports, a student's certificate PDF), through the one client's
// request (./api-client.ts): the same timeout and errors, the bytes as a Blob and the name the server gives, and
// saved as a download. Its own module, so pages that never download a file do not carry it.
import { send, type ApiPath, type OptionsArg, type SendOptions } from "./api-client";

/** A file the API answers (a CSV export): its bytes and the name its `Content-Disposition` gives, if any. */
export interface ApiFile {
  blob: Blob;
  fileName: string | undefined;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function attachmentName(disposition: string | null): string | undefined {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "");
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!.trim());
  } catch {
    return match[1]!.trim();
  }
}

/** GET a file (not JSON) from the API, with the same timeout and errors as every other call. */
export function apiGetFile<P extends ApiPath>(path: P, ...[options]: OptionsArg<P, "get">): Promise<ApiFile> {
  return send("get", path, (options ?? {}) as SendOptions, "*/*", async (res) => ({
    blob: await res.blob(),
    fileName: attachmentName(res.headers.get("content-disposition")),
  }));
}

/**
 * Saves `file` in the browser under its own name (else `fallbackName`); answers the name used. The API answers these
 * files only with the bearer token, so a plain link cannot fetch them: the bytes go to an object URL on an
 * `<a download>`.
 */
export function saveFile(file: ApiFile, fallbackName: string, doc: Document = document): string {
  const name = file.fileName || fallbackName;
  const url = URL.createObjectURL(file.blob);
  const link = doc.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has been handled: the download has its own copy by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}

// CSV exports: the API answers them only with the bearer token, so a plain link cannot fetch them. The file is
// fetched like any other call, then handed to the browser as a download (an object URL on an <a download>).
import type { ApiFile } from "../../../lib/api-file";

/** Saves `file` in the browser under its own name (else `fallbackName`); answers the name used. */
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

/** Fetches a CSV export and saves it; rejects (an ApiError) when the API refuses, saving nothing. */
export async function downloadCsv(fetchFile: () => Promise<ApiFile>, fallbackName: string, doc?: Document): Promise<string> {
  return saveFile(await fetchFile(), fallbackName, doc);
}

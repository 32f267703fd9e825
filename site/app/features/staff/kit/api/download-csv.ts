// CSV exports: the API answers them only with the bearer token, so the file is fetched like any other call, then
// handed to the browser as a download (lib/api-file.ts saveFile).
import { saveFile, type ApiFile } from "#app/lib/api-file";

/** Fetches a CSV export and saves it; rejects (an ApiError) when the API refuses, saving nothing. */
export async function downloadCsv(fetchFile: () => Promise<ApiFile>, fallbackName: string, doc?: Document): Promise<string> {
  return saveFile(await fetchFile(), fallbackName, doc);
}

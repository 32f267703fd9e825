// GET /api/me/certificates/{id}/pdf: the holder's PDF, fetched with the token and saved as a download.
import { apiGetFile, saveFile } from "#app/lib/api-file";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";

/** Saves the certificate's PDF; answers the file name used. Rejects (an ApiError) when the API refuses. */
export async function downloadCertificate(source: TokenSource, id: string): Promise<string> {
  const token = await tokenFrom(source);
  return saveFile(await apiGetFile("/api/me/certificates/{id}/pdf", { token, params: { id } }), `certificate-${id}.pdf`);
}

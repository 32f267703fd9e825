// GET /api/me/certificates/{id}/pdf: the holder's PDF, fetched with the token and saved as a download.
import { send } from "../../../lib/api-client";
import { attachmentName, saveFile } from "../../../lib/api-file";
import { tokenFrom, type TokenSource } from "./call";

/** Saves the certificate's PDF; answers the file name used. Rejects (an ApiError) when the API refuses. */
export async function downloadCertificate(source: TokenSource, id: string): Promise<string> {
  const token = await tokenFrom(source);
  const file = await send("get", "/api/me/certificates/{id}/pdf", { token, params: { id } }, "application/pdf", async (res) => ({
    blob: await res.blob(),
    fileName: attachmentName(res.headers.get("content-disposition")),
  }));
  return saveFile(file, `certificate-${id}.pdf`);
}

// GET /api/me/billing/receipts/{paymentId}: our own receipt of a month paid, a PDF fetched with the student's token
// and saved as a download (docs/product.md#billing). Its own module, loaded when a receipt is first asked for.
import { apiGetFile, saveFile } from "#app/lib/api-file";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";

/** Saves the payment's receipt; answers the file name used. Rejects (an ApiError) when the API refuses. */
export async function downloadReceipt(source: TokenSource, paymentId: string): Promise<string> {
  const token = await tokenFrom(source);
  const file = await apiGetFile("/api/me/billing/receipts/{paymentId}", { token, params: { paymentId } });
  return saveFile(file, `receipt-${paymentId}.pdf`);
}

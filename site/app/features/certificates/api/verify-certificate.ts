// GET /api/certificates/{id}: what anyone may check of a certificate (no token). The public PDF is a plain link.
import { apiGet } from "#app/lib/api-client";
import type { VerifiedCertificate } from "#app/lib/api-schema";
import { checkUrl, fetchWithEarlyCheck } from "../early-check";

/** The first check on a /verify/{id} page takes the answer its shell asked for (../early-check.ts). */
export const verifyCertificate = (id: string): Promise<VerifiedCertificate> =>
  apiGet("/api/certificates/{id}", { params: { id }, fetch: fetchWithEarlyCheck });

/** The PDF anyone holding the id may download (rate-limited like the check). */
export const publicPdfUrl = (id: string) => `${checkUrl(id)}/pdf`;

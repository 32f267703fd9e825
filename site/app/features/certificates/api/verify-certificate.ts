// GET /api/certificates/{id}: what anyone may check of a certificate (no token). The public PDF is a plain link.
import type { PublicCertificate } from "../../../lib/api-schema";
import { callJson } from "./call";

export const verifyCertificate = (id: string): Promise<PublicCertificate> =>
  callJson<PublicCertificate>("get", "/api/certificates/{id}", { params: { id } });

/** The PDF anyone holding the id may download (rate-limited like the check). */
export const publicPdfUrl = (id: string) => `/api/certificates/${encodeURIComponent(id)}/pdf`;

// GET /api/certificates/{id}: what anyone may check of a certificate (no token). The public PDF is a plain link.
import { apiGet } from "#app/lib/api-client";
import type { VerifiedCertificate } from "#app/lib/api-schema";

export const verifyCertificate = (id: string): Promise<VerifiedCertificate> => apiGet("/api/certificates/{id}", { params: { id } });

/** The PDF anyone holding the id may download (rate-limited like the check). */
export const publicPdfUrl = (id: string) => `/api/certificates/${encodeURIComponent(id)}/pdf`;

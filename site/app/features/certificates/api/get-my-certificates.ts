// GET /api/me/certificates: the signed-in student's certificates.
import { apiGet } from "#app/lib/api-client";
import type { CertificateView } from "#app/lib/api-schema";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";

export const getMyCertificates = async (source: TokenSource): Promise<CertificateView[]> =>
  (await apiGet("/api/me/certificates", { token: await tokenFrom(source) })).certificates;

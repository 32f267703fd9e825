// POST /api/me/certificates: issues the certificate of a complete batch with the name to print. The API answers the
// same certificate to a second claim, so a retry after a lost answer is safe.
import { apiPost } from "#app/lib/api-client";
import type { CertificateView, ClaimRequest } from "#app/lib/api-schema";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";

export const claimCertificate = async (source: TokenSource, claim: ClaimRequest): Promise<CertificateView> =>
  apiPost("/api/me/certificates", { token: await tokenFrom(source), body: claim });

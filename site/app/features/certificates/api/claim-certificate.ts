// POST /api/me/certificates: issues the certificate of a complete batch with the name to print. The API answers the
// same certificate to a second claim, so a retry after a lost answer is safe.
import type { Certificate, CertificateClaim } from "../../../lib/api-schema";
import { callJson, tokenFrom, type TokenSource } from "./call";

export const claimCertificate = async (source: TokenSource, claim: CertificateClaim): Promise<Certificate> =>
  callJson<Certificate>("post", "/api/me/certificates", { token: await tokenFrom(source), body: claim });

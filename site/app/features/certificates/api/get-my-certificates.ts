// GET /api/me/certificates: the signed-in student's certificates.
import type { Certificate, CertificateList } from "../../../lib/api-schema";
import { callJson, tokenFrom, type TokenSource } from "./call";

export const getMyCertificates = async (source: TokenSource): Promise<Certificate[]> =>
  (await callJson<CertificateList>("get", "/api/me/certificates", { token: await tokenFrom(source) })).certificates;

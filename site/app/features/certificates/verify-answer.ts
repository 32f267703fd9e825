// What /verify/{id} shows, from the public check's answer: valid or revoked (the certificate), not found (an
// unknown or malformed id: the API answers 404 before reading anything for a malformed one, so the page does not
// ask), too many checks from this network (429), or the check failing.
import { ApiError } from "../../lib/api-client";
import type { VerifiedCertificate } from "../../lib/api-schema";
import { verifyCertificate } from "./api/verify-certificate";
import { certificateIdPattern } from "./format";

export type VerifyAnswer =
  | { kind: "ask" }
  | { kind: "found"; certificate: VerifiedCertificate }
  | { kind: "not-found" }
  | { kind: "limited"; retryAfterSeconds: number | undefined }
  | { kind: "error" };

export async function checkCertificate(id: string | null, check = verifyCertificate): Promise<VerifyAnswer> {
  if (!id) return { kind: "ask" };
  if (!certificateIdPattern.test(id)) return { kind: "not-found" };
  try {
    return { kind: "found", certificate: await check(id) };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { kind: "not-found" };
    if (e instanceof ApiError && e.status === 429) return { kind: "limited", retryAfterSeconds: e.retryAfterSeconds };
    return { kind: "error" };
  }
}

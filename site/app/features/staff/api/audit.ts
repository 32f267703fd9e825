// The audit trail (/api/staff/audit): every staff write, newest first, a page at a time. Read-only.
import { apiGet } from "#app/lib/api-client";
import type { AuditPage } from "#app/lib/api-schema";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";

export const listAudit = async (source: TokenSource, cursor?: string | null): Promise<AuditPage> =>
  apiGet("/api/staff/audit", { token: await tokenFrom(source), query: { cursor: cursor ?? undefined } });

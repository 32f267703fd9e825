// The API client: same-origin /api, a 10-second timeout, and only a 2xx answer is a success.
// Types follow functions/openapi.json (the backend's contract), generated into lib/api-types.ts (aliases: lib/api-schema.ts).
import type { ErrorBody } from "./api-schema";

export const API_TIMEOUT_MS = 10_000;

/** A non-2xx answer, a timeout or a network failure. `status` is 0 when no answer came. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The `message` (or `error`, or plain-text body) the server sent, if any. */
    readonly serverMessage: string | undefined,
    readonly retryAfterSeconds?: number,
  ) {
    super(serverMessage || statusText || "Network error");
    this.name = "ApiError";
  }
}

async function serverMessageOf(res: Response): Promise<string | undefined> {
  const text = await res.text().catch(() => "");
  if (!text) return undefined;
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === "string") return body;
    if (body && typeof body === "object") {
      // Not trusted to follow the contract: each field is checked before use.
      const { message, error } = body as { [K in keyof ErrorBody]?: unknown };
      if (typeof message === "string" && message) return message;
      if (typeof error === "string" && error) return error;
    }
    return undefined;
  } catch {
    return text.length < 300 ? text : undefined;
  }
}

export async function apiGet<T>(path: string, init: { headers?: Record<string, string> } = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { headers: { accept: "application/json", ...init.headers }, signal: controller.signal });
  } catch (e) {
    clearTimeout(timer);
    const timedOut = controller.signal.aborted;
    throw new ApiError(0, timedOut ? "Request timed out" : "Network error", undefined);
  }
  try {
    if (res.status < 200 || res.status > 299) {
      const retry = Number(res.headers.get("retry-after"));
      throw new ApiError(res.status, res.statusText || `HTTP ${res.status}`, await serverMessageOf(res), Number.isFinite(retry) && retry > 0 ? retry : undefined);
    }
    return (await res.json()) as T;
  } finally {
    clearTimeout(timer);
  }
}

// A JSON request with the site's rules (DESIGN: 10-second timeout, only 2xx is success). It never throws:
// the answer is either the parsed body of a 2xx, a refusal (status + parsed body), or a network failure.
export const requestTimeoutMs = 10_000;

export type JsonAnswer<T> =
  | { kind: "ok"; status: number; body: T }
  | { kind: "refused"; status: number; body: unknown }
  | { kind: "network"; timedOut: boolean; error: unknown };

export async function requestJson<T>(url: string, init: RequestInit = {}, timeoutMs = requestTimeoutMs): Promise<JsonAnswer<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(url, { ...init, signal: controller.signal, headers: { Accept: "application/json", ...init.headers } });
    const body: unknown = await res.json().catch(() => null);
    return res.ok ? { kind: "ok", status: res.status, body: body as T } : { kind: "refused", status: res.status, body };
  } catch (error) {
    return { kind: "network", timedOut: controller.signal.aborted, error };
  } finally {
    clearTimeout(timer);
  }
}

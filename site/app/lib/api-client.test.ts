import { afterEach, describe, expect, it, vi } from "vitest";
import { API_TIMEOUT_MS, ApiError, apiGet, apiPost } from "./api-client";

const respond = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers }));
const failureOf = (p: Promise<unknown>) => p.then(() => { throw new Error("resolved"); }, (e: unknown) => e as ApiError);

afterEach(() => vi.useRealTimers());

describe("apiRequest", () => {
  it("fills the contract's path parameters and sends JSON bodies", async () => {
    const fetchMock = respond([]);
    await apiGet("/api/batches/course/{courseId}", { params: { courseId: "a b" }, fetch: fetchMock });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe("/api/batches/course/a%20b");
    const post = respond({ answer: "x", source: "offline" });
    await apiPost("/api/chat", { body: { question: "hi" }, fetch: post });
    const [url, init] = post.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, init.body]).toEqual(["/api/chat", "POST", '{"question":"hi"}']);
    expect((init.headers as Record<string, string>)["content-type"]).toBe("application/json");
  });

  it("turns a refusal's ErrorBody into an ApiError with status, message, fields and Retry-After", async () => {
    const body = { error: "invalid", message: "Check the form.", fields: { email: "Enter a valid e-mail.", bad: 3 } };
    const e = await failureOf(apiPost("/api/send-email", { body: { formType: "contact-form", formData: { firstName: "A", lastName: "B", email: "x", message: "m" } }, fetch: respond(body, 400) }));
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.serverMessage, e.messageField, e.fields]).toEqual([400, "Check the form.", "Check the form.", { email: "Enter a valid e-mail." }]);
    const limited = await failureOf(apiGet("/api/courses", { fetch: respond({ error: "rate_limited" }, 429, { "retry-after": "120" }) }));
    expect([limited.status, limited.serverMessage, limited.messageField, limited.retryAfterSeconds]).toEqual([429, "rate_limited", undefined, 120]);
  });

  it("treats a non-2xx answer (a redirect too) as a failure, whatever its body", async () => {
    const e = await failureOf(apiGet("/api/courses", { fetch: respond("<html>moved</html>", 302) }));
    expect([e.status, e.serverMessage, e.messageField]).toEqual([302, "<html>moved</html>", undefined]);
  });

  it("reports no answer as status 0, and a timeout as timed out after API_TIMEOUT_MS", async () => {
    const offline = await failureOf(apiGet("/api/geo", { fetch: vi.fn(async () => { throw new TypeError("Failed to fetch"); }) }));
    expect([offline.status, offline.timedOut, offline.message]).toEqual([0, false, "Network error"]);

    vi.useFakeTimers();
    const hanging = vi.fn((_url: string, init?: RequestInit) => new Promise<Response>((_, reject) => {
      init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    }));
    let settled = false;
    const pending = failureOf(apiGet("/api/geo", { fetch: hanging as unknown as typeof fetch })).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const timedOut = await pending;
    expect([timedOut.status, timedOut.timedOut]).toEqual([0, true]);
  });
});

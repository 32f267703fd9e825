import { describe, expect, it, vi } from "vitest";
import { ApiError } from "#app/lib/api-client";
import { askQuestion } from "./ask-question";

const respond = (body: unknown, status = 200) => vi.fn(async () => Response.json(body, { status }));

describe("askQuestion", () => {
  it("posts the trimmed question with a timeout signal and reads the answer", async () => {
    const fetchMock = respond({ answer: " A demo lasts 30–45 minutes. ", source: "offline" });
    await expect(askQuestion("  How long is the demo?  ", fetchMock)).resolves.toEqual({ answer: "A demo lasts 30–45 minutes.", source: "offline" });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/chat");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({ question: "How long is the demo?" });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it("treats only 2xx as success", async () => {
    for (const status of [400, 429, 500]) {
      const error = await askQuestion("hi", respond({ error: "x", message: `m${status}` }, status)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(status);
      expect((error as ApiError).message).toBe(`m${status}`);
    }
  });

  it("reports a network failure or a timeout as an error", async () => {
    const failing = vi.fn(async () => {
      throw new DOMException("The operation timed out.", "TimeoutError");
    });
    const error = await askQuestion("hi", failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });

  it("gives an empty answer when the body has none", async () => {
    await expect(askQuestion("hi", respond({}))).resolves.toEqual({ answer: "", source: "offline" });
  });
});

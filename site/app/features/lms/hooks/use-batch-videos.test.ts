// Asking for a batch's lectures with a Secret ID: an ID that opens them is kept for that batch only, a refused one
// is forgotten, a wrong one is never kept.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepSecretId, keptSecretId } from "#app/lib/secret-ids";
import { requestVideos } from "./use-batch-videos";

const batchA = "665f1c2a9b3e4d0012a1c001";
const batchB = "665f1c2a9b3e4d0012a1c002";
const texts = { unauthorized: "Unauthorized.", other: "Failed." };
const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("requestVideos with a Secret ID", () => {
  it("keeps an ID that opens the list, for that batch and its owner only", async () => {
    vi.stubGlobal("fetch", answer(200, { videos: [] }));
    expect(await requestVideos(batchA, { secretId: "RIGHT" }, texts, "ayesha@example.com")).toEqual({ ok: true, videos: [] });
    expect(keptSecretId(batchA, "ayesha@example.com")).toBe("RIGHT");
    expect([keptSecretId(batchB, "ayesha@example.com"), keptSecretId(batchA, null)]).toEqual(["", ""]);
  });

  it("never keeps a wrong ID, and forgets a kept one the API refuses", async () => {
    const refused = { error: "forbidden", message: "This Secret ID is not valid for this batch." };
    vi.stubGlobal("fetch", answer(403, refused));
    expect(await requestVideos(batchA, { secretId: "WRONG" }, texts, null)).toEqual({ ok: false, message: refused.message });
    expect(keptSecretId(batchA, null)).toBe("");

    keepSecretId(batchA, "REVOKED", null);
    keepSecretId(batchB, "OTHER", null);
    await requestVideos(batchA, { secretId: "REVOKED" }, texts, null);
    expect([keptSecretId(batchA, null), keptSecretId(batchB, null)]).toEqual(["", "OTHER"]);
  });

  it("keeps a kept ID when the answer says nothing about it (too many attempts, no answer)", async () => {
    keepSecretId(batchA, "KEPT", null);
    vi.stubGlobal("fetch", answer(429, { error: "rate_limited", message: "Slow down." }));
    expect((await requestVideos(batchA, { secretId: "KEPT" }, texts, null)).ok).toBe(false);
    vi.stubGlobal("fetch", vi.fn(async () => { throw new TypeError("Failed to fetch"); }));
    expect(await requestVideos(batchA, { secretId: "KEPT" }, texts, null)).toEqual({ ok: false, message: "Failed." });
    expect(keptSecretId(batchA, null)).toBe("KEPT");
  });
});

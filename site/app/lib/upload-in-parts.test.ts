// A small file goes to storage in parts: each part's bytes to its address, a failed PUT tried again, then joined in order.
import { describe, expect, it, vi } from "vitest";
import { uploadInParts } from "./upload-in-parts";

describe("uploadInParts", () => {
  it("sends each part's bytes, retries a failed one, reports progress and joins the parts in order", async () => {
    const file = new Blob(["a".repeat(10), "b".repeat(10), "c".repeat(5)]);
    const sent: Record<string, string> = {};
    let failures = 1;
    const putPart = vi.fn(async (url: string, body: Blob, { onProgress }: { onProgress: (n: number) => void }) => {
      if (url === "u2" && failures-- > 0) throw new Error("lost");
      sent[url] = await body.text();
      onProgress(body.size);
      return `"etag-${url}"`;
    });
    const complete = vi.fn(async (fileId: string, parts: { number: number; etag: string }[]) => ({ fileId, parts }));
    const progress: number[] = [];
    const done = await uploadInParts(
      file,
      {
        begin: async () => ({ fileId: "f1", partSize: 10, parts: [3, 1, 2].map((n) => ({ number: n, url: `u${n}` })) }),
        putPart,
        complete,
      },
      { signal: new AbortController().signal, onProgress: (p) => progress.push(p.sentBytes), pause: async () => undefined },
    );
    expect(sent).toEqual({ u1: "a".repeat(10), u2: "b".repeat(10), u3: "c".repeat(5) });
    expect(putPart).toHaveBeenCalledTimes(4);
    expect(done).toEqual({ fileId: "f1", parts: [1, 2, 3].map((n) => ({ number: n, etag: `"etag-u${n}"` })) });
    expect(progress.at(-1)).toBe(25);
  });

  it("stops after three failed tries of a part, without joining", async () => {
    const complete = vi.fn();
    await expect(
      uploadInParts(
        new Blob(["x"]),
        { begin: async () => ({ fileId: "f", partSize: 10, parts: [{ number: 1, url: "u" }] }), putPart: async () => Promise.reject(new Error("lost")), complete },
        { signal: new AbortController().signal, onProgress: () => undefined, pause: async () => undefined },
      ),
    ).rejects.toThrow("lost");
    expect(complete).not.toHaveBeenCalled();
  });
});

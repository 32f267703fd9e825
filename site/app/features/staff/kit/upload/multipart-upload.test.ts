import { describe, expect, it, vi } from "vitest";
import type { UploadedPart, UploadRequest, UploadStarted } from "#app/lib/api-schema";
import { MAX_RECORDING_BYTES, MultipartUpload, refusal, type RecordingFile, type SavedUpload, type UploadSnapshot, type UploadTransport } from "./multipart-upload";
import { uploadMemory, UPLOADS_KEY } from "./upload-memory";

const target = { batchId: "665f1c2a9b3e4d0012a1c002", lectureNumber: 5 };

/** A file of `size` bytes whose byte i is i % 251, so a part's bytes say where they came from. */
function recording(size: number, { name = "lecture.mp4", lastModified = 1_700_000_000_000, type = "video/mp4" } = {}): RecordingFile {
  const bytes = Uint8Array.from({ length: size }, (_, i) => i % 251);
  return { name, size, type, lastModified, slice: (start, end) => new Blob([bytes.slice(start, end)]) };
}

interface Put {
  number: number;
  bytes: Uint8Array;
}

/** A server in memory: parts of `partSize`, the stored parts kept across begin() calls (as the API keeps them). */
function fakeServer(partSize: number, { uploadId = "u-1" } = {}) {
  const stored = new Map<number, string>();
  const puts: Put[] = [];
  const begins: UploadRequest[] = [];
  const completes: { uploadId: string; parts: UploadedPart[] }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  /** Decides each PUT's fate: undefined = stored (with an ETag). */
  let behaviour: (number: number, attempt: number) => "fail" | "no-etag" | "hang" | undefined = () => undefined;
  const attempts = new Map<number, number>();
  const hanging: (() => void)[] = [];
  const transport: UploadTransport<string> = {
    begin: async (request) => {
      begins.push(request);
      const count = Math.max(1, Math.ceil(request.size / partSize));
      const started: UploadStarted = {
        uploadId,
        partSize,
        parts: Array.from({ length: count }, (_, i) => ({ number: i + 1, url: `https://store.test/${uploadId}/${i + 1}` })),
        uploaded: [...stored].map(([number, etag]) => ({ number, etag })),
      };
      return started;
    },
    putPart: async (url, body, { signal, onProgress }) => {
      const number = Number(url.split("/").at(-1));
      const attempt = (attempts.get(number) ?? 0) + 1;
      attempts.set(number, attempt);
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        const fate = behaviour(number, attempt);
        if (fate === "hang") {
          await new Promise<void>((resolve, reject) => {
            hanging.push(resolve);
            signal.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")), { once: true });
          });
        }
        await new Promise((r) => setTimeout(r, 1));
        if (signal.aborted) throw new DOMException("Aborted", "AbortError");
        if (fate === "fail") throw new Error("connection reset");
        const bytes = new Uint8Array(await body.arrayBuffer());
        onProgress(bytes.length);
        puts.push({ number, bytes });
        if (fate === "no-etag") return null;
        const etag = `"etag-${number}-${attempt}"`;
        stored.set(number, etag);
        return etag;
      } finally {
        inFlight--;
      }
    },
    complete: async (id, parts) => {
      completes.push({ uploadId: id, parts });
      return "processing";
    },
  };
  return {
    transport,
    puts,
    begins,
    completes,
    stored,
    hanging,
    get mostInFlight() {
      return mostInFlight;
    },
    failWhen(f: typeof behaviour) {
      behaviour = f;
    },
  };
}

function memoryIn(storage: Storage = window.localStorage) {
  return uploadMemory(target.batchId, "lecture-id", storage);
}

function upload(file: RecordingFile, server: ReturnType<typeof fakeServer>, extra: Partial<ConstructorParameters<typeof MultipartUpload<string>>[0]> = {}) {
  const snapshots: UploadSnapshot[] = [];
  const done = vi.fn();
  const engine = new MultipartUpload<string>({
    file,
    target,
    transport: server.transport,
    memory: memoryIn(),
    sleep: async () => {},
    onChange: (s) => snapshots.push(s),
    onDone: done,
    ...extra,
  });
  return { engine, snapshots, done, last: () => snapshots.at(-1)! };
}

const expectedBytes = (file: RecordingFile, start: number, end: number) => file.slice(start, end).arrayBuffer().then((b) => new Uint8Array(b));

describe("an upload in parts", () => {
  it("refuses what is not a video, or is empty, or over 10 GiB, before any request", () => {
    expect(refusal({ name: "notes.pdf", size: 10, type: "application/pdf" })).toMatch(/“notes.pdf” is not a video file/);
    expect(refusal({ name: "a.mp4", size: 0, type: "video/mp4" })).toMatch(/empty/);
    expect(refusal({ name: "big.mov", size: MAX_RECORDING_BYTES + 1, type: "video/quicktime" })).toMatch(/at most 10 GiB/);
    expect(refusal({ name: "ok.webm", size: MAX_RECORDING_BYTES, type: "video/webm" })).toBeNull();
  });

  it("slices the file into parts of the server's size (the last one shorter) and joins them in order", async () => {
    localStorage.clear();
    const file = recording(2500);
    const server = fakeServer(1000);
    const { engine, last, done } = upload(file, server);
    await engine.start();
    expect(server.begins).toEqual([{ fileName: "lecture.mp4", size: 2500, contentType: "video/mp4" }]);
    const byNumber = [...server.puts].sort((a, b) => a.number - b.number);
    expect(byNumber.map((p) => p.bytes.length)).toEqual([1000, 1000, 500]);
    expect(byNumber[1]!.bytes).toEqual(await expectedBytes(file, 1000, 2000));
    expect(byNumber[2]!.bytes).toEqual(await expectedBytes(file, 2000, 2500));
    expect(server.completes).toEqual([
      { uploadId: "u-1", parts: [1, 2, 3].map((n) => ({ number: n, etag: `"etag-${n}-1"` })) },
    ]);
    expect(last()).toMatchObject({ phase: "done", sentBytes: 2500, partsDone: 3, partsTotal: 3, error: null });
    expect(done).toHaveBeenCalledWith("processing");
    expect(localStorage.getItem(UPLOADS_KEY)).toBeNull();
  });

  it("keeps at most `concurrency` parts in flight", async () => {
    localStorage.clear();
    const server = fakeServer(100);
    const { engine } = upload(recording(2000), server, { concurrency: 3 });
    await engine.start();
    expect(server.puts).toHaveLength(20);
    expect(server.mostInFlight).toBe(3);
  });

  it("tries a failing part again after a growing pause, then goes on", async () => {
    localStorage.clear();
    const server = fakeServer(1000);
    server.failWhen((n, attempt) => (n === 2 && attempt < 3 ? "fail" : undefined));
    const sleep = vi.fn(async (_ms: number) => {});
    const { engine, last } = upload(recording(3000), server, { sleep, backoffMs: (n) => 100 * 2 ** (n - 1) });
    await engine.start();
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([100, 200]);
    expect(last().phase).toBe("done");
    expect(server.completes[0]!.parts[1]).toEqual({ number: 2, etag: '"etag-2-3"' });
  });

  it("stops with a clear error after three failed tries, keeps the finished parts, and Resume sends the rest", async () => {
    localStorage.clear();
    const server = fakeServer(1000);
    server.failWhen((n) => (n === 3 ? "fail" : undefined));
    const { engine, last } = upload(recording(4000), server, { concurrency: 1 });
    await engine.start();
    expect(last()).toMatchObject({ phase: "failed", error: "Part 3 of 4 could not be sent after 3 tries." });
    expect(server.completes).toEqual([]);
    expect(memoryIn().load()?.parts.map((p) => p.number)).toEqual([1, 2]);

    server.failWhen(() => undefined);
    const before = server.puts.length;
    await engine.resume();
    expect(server.puts.slice(before).map((p) => p.number)).toEqual([3, 4]);
    expect(last()).toMatchObject({ phase: "done", partsSkipped: 2 });
    expect(server.completes[0]!.parts.map((p) => p.number)).toEqual([1, 2, 3, 4]);
  });

  it("pauses (aborting the parts under way) and resumes sending only the parts not finished", async () => {
    localStorage.clear();
    const server = fakeServer(1000);
    // Parts 1 and 2 finish; 3 and 4 hang until the pause aborts them.
    server.failWhen((n, attempt) => ((n === 3 || n === 4) && attempt === 1 ? "hang" : undefined));
    const { engine, last } = upload(recording(5000), server, { concurrency: 2 });
    const running = engine.start();
    await vi.waitFor(() => expect(server.hanging).toHaveLength(2));
    engine.pause();
    await running;
    expect(last()).toMatchObject({ phase: "paused", partsDone: 2, sentBytes: 2000 });
    expect(server.puts.map((p) => p.number).sort()).toEqual([1, 2]);

    await engine.resume();
    expect(server.begins).toHaveLength(2);
    expect(server.puts.map((p) => p.number).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(last()).toMatchObject({ phase: "done", sentBytes: 5000 });
  });

  it("resumes from what was remembered after a reload: the same file sends only the missing parts", async () => {
    localStorage.clear();
    const server = fakeServer(1000);
    const file = recording(4000);
    server.failWhen((n) => (n >= 3 ? "hang" : undefined));
    const first = upload(file, server, { concurrency: 2 });
    void first.engine.start();
    await vi.waitFor(() => expect(server.hanging).toHaveLength(2));
    first.engine.dispose(); // the page went away
    const saved = JSON.parse(localStorage.getItem(UPLOADS_KEY)!) as Record<string, SavedUpload>;
    expect(Object.values(saved)).toEqual([
      { ...target, uploadId: "u-1", fileName: "lecture.mp4", size: 4000, lastModified: file.lastModified, partSize: 1000, parts: [{ number: 1, etag: '"etag-1-1"' }, { number: 2, etag: '"etag-2-1"' }] },
    ]);

    server.failWhen(() => undefined);
    const sent = server.puts.length;
    const again = upload(recording(4000), server);
    await again.engine.start();
    expect(server.puts.slice(sent).map((p) => p.number).sort()).toEqual([3, 4]);
    expect(again.last()).toMatchObject({ phase: "done", partsSkipped: 2 });
    expect(server.completes[0]!.parts).toEqual([
      { number: 1, etag: '"etag-1-1"' },
      { number: 2, etag: '"etag-2-1"' },
      { number: 3, etag: '"etag-3-2"' },
      { number: 4, etag: '"etag-4-2"' },
    ]);
  });

  it("sends every part again when the file chosen has the same name and size but another date", async () => {
    localStorage.clear();
    const server = fakeServer(1000);
    server.stored.set(1, '"old-1"');
    memoryIn().save({ ...target, uploadId: "u-1", fileName: "lecture.mp4", size: 2000, lastModified: 1, partSize: 1000, parts: [{ number: 1, etag: '"old-1"' }] });
    const { engine, last } = upload(recording(2000, { lastModified: 2 }), server);
    await engine.start();
    expect(server.puts.map((p) => p.number).sort()).toEqual([1, 2]);
    expect(last().partsSkipped).toBe(0);
  });

  it("stops at once, without retrying, when the storage answers no ETag", async () => {
    localStorage.clear();
    const server = fakeServer(1000);
    server.failWhen(() => "no-etag");
    const { engine, last } = upload(recording(1500), server, { concurrency: 1 });
    await engine.start();
    expect(last().phase).toBe("failed");
    expect(last().error).toMatch(/did not answer its ETag/);
    expect(server.puts).toHaveLength(1);
    expect(server.completes).toEqual([]);
  });

  it("says how fast and how long is left, from the bytes this page sent", async () => {
    localStorage.clear();
    let clock = 0;
    const server = fakeServer(1000);
    const original = server.transport.putPart;
    server.transport.putPart = async (url, body, options) => {
      clock += 1000; // each part takes a second
      return original(url, body, options);
    };
    const { engine, snapshots } = upload(recording(4000), server, { concurrency: 1, now: () => clock });
    await engine.start();
    const measured = snapshots.filter((s) => s.phase === "uploading" && s.bytesPerSecond !== null);
    expect(measured.at(-1)!.bytesPerSecond).toBeCloseTo(1000, 0);
    expect(measured.at(-1)!.secondsLeft).toBeCloseTo(0, 0);
  });
});

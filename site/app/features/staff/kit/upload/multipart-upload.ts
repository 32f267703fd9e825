// Sends one recording in parts (docs/product.md#staff-console, Lectures): asks the API for the parts' URLs (or, for
// the same file again, the ones still missing), PUTs a few parts at a time, each retried with a growing pause,
// remembers every finished part so a reload or a lost connection resumes where it stopped, then asks the API to join
// them. Plain TypeScript: the API, the part PUTs, the memory and the clock are passed in, so tests drive it all.
import type { UploadedPart, UploadRequest, UploadStarted } from "#app/lib/api-schema";

/** 10 GiB: the largest recording the API takes. */
export const MAX_RECORDING_BYTES = 10 * 1024 ** 3;

/** What the uploader reads of a file (a browser `File` is one). */
export interface RecordingFile {
  name: string;
  size: number;
  type: string;
  lastModified: number;
  slice(start: number, end: number): Blob;
}

/** Why a file is refused before any request is made, or null when it may be sent. */
export function refusal(file: Pick<RecordingFile, "name" | "size" | "type">): string | null {
  if (!file.type.startsWith("video/")) return `“${file.name}” is not a video file. Choose a recording such as an MP4, MOV or WebM file.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_RECORDING_BYTES) return `“${file.name}” is ${(file.size / 1024 ** 3).toFixed(1)} GiB; a recording can be at most 10 GiB.`;
  return null;
}

/** The API's side of an upload and the PUT of one part. */
export interface UploadTransport<Done> {
  /** POST …/upload: a new upload, or the open one for the same file with the parts already stored. */
  begin(request: UploadRequest): Promise<UploadStarted>;
  /** PUT one part to its URL; answers the `ETag` header (null when the answer had none). */
  putPart(url: string, body: Blob, options: { signal: AbortSignal; onProgress: (sentBytes: number) => void }): Promise<string | null>;
  /** POST …/upload/complete with every part in order. */
  complete(uploadId: string, parts: UploadedPart[]): Promise<Done>;
}

/** What is remembered of an unfinished upload, so the same file chosen again (after a reload too) resumes it. */
export interface SavedUpload {
  batchId: string;
  lectureNumber: number;
  uploadId: string;
  fileName: string;
  size: number;
  lastModified: number;
  partSize: number;
  /** Finished parts, by number. */
  parts: UploadedPart[];
}

/** Where one lecture's unfinished upload is remembered (localStorage in the browser). */
export interface UploadMemory {
  load(): SavedUpload | null;
  save(upload: SavedUpload): void;
  clear(): void;
}

export type UploadPhase = "idle" | "starting" | "uploading" | "paused" | "completing" | "done" | "failed";

export interface UploadSnapshot {
  phase: UploadPhase;
  fileName: string;
  totalBytes: number;
  /** Bytes stored, counting the finished parts and what the parts under way have sent. */
  sentBytes: number;
  partsTotal: number;
  partsDone: number;
  /** Parts the server already had when this file was chosen (a resumed upload). */
  partsSkipped: number;
  /** Measured over the last few seconds; null until there is enough to say. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** Why it stopped, in words for staff. */
  error: string | null;
}

export class UploadError extends Error {
  constructor(
    message: string,
    /** Worth trying again (Resume): a lost connection is, a storage that hides the ETag is not. */
    readonly retryable: boolean,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export interface UploadOptions<Done> {
  file: RecordingFile;
  target: { batchId: string; lectureNumber: number };
  transport: UploadTransport<Done>;
  memory: UploadMemory;
  /** Parts in flight at once. */
  concurrency?: number;
  /** Tries of one part before the upload stops with an error. */
  tries?: number;
  /** The pause before try `n + 1` of a part. */
  backoffMs?: (failedTries: number) => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  onChange?: (snapshot: UploadSnapshot) => void;
  /** Once the API has joined the parts. */
  onDone?: (done: Done) => void;
}

/** How far back the speed is measured. */
const SPEED_WINDOW_MS = 8_000;

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/** The byte range of part `number` (from 1). */
export function partRange(number: number, partSize: number, size: number): [number, number] {
  const start = (number - 1) * partSize;
  return [start, Math.min(start + partSize, size)];
}

export const partCount = (size: number, partSize: number) => Math.max(1, Math.ceil(size / partSize));

/** Something else (a pause) stopped this run: not a failure. */
class Stopped extends Error {}

export class MultipartUpload<Done> {
  private readonly o: Required<Omit<UploadOptions<Done>, "onChange" | "onDone">> & Pick<UploadOptions<Done>, "onChange" | "onDone">;
  private phase: UploadPhase = "idle";
  private error: string | null = null;
  /** Each run (start, resume) has a number; a pause moves it on, so a stopped run's late answers change nothing. */
  private run = 0;
  private controller: AbortController | null = null;
  private partSize = 0;
  private partsTotal = 0;
  private partsSkipped = 0;
  private readonly done = new Map<number, string>();
  /** Bytes sent so far by each part under way. */
  private readonly inFlight = new Map<number, number>();
  /** (time, bytes sent by this page) samples for the speed. */
  private samples: [number, number][] = [];
  private sentHere = 0;

  constructor(options: UploadOptions<Done>) {
    this.o = {
      concurrency: 3,
      tries: 3,
      backoffMs: (n) => 1000 * 2 ** (n - 1),
      sleep: abortableSleep,
      now: () => Date.now(),
      ...options,
    };
  }

  get snapshot(): UploadSnapshot {
    const { file } = this.o;
    let sentBytes = 0;
    for (const n of this.done.keys()) {
      const [start, end] = partRange(n, this.partSize, file.size);
      sentBytes += end - start;
    }
    for (const bytes of this.inFlight.values()) sentBytes += bytes;
    const speed = this.phase === "uploading" ? this.speed() : null;
    return {
      phase: this.phase,
      fileName: file.name,
      totalBytes: file.size,
      sentBytes: Math.min(sentBytes, file.size),
      partsTotal: this.partsTotal,
      partsDone: this.done.size,
      partsSkipped: this.partsSkipped,
      bytesPerSecond: speed,
      secondsLeft: speed ? Math.max(0, file.size - sentBytes) / speed : null,
      error: this.error,
    };
  }

  /** Begins (or, for a file already partly stored, resumes) the upload; settles when it is done, paused or failed. */
  start(): Promise<void> {
    return this.go();
  }

  /** Sends what is still missing after a pause or a failure: the API is asked again, for fresh part URLs. */
  resume(): Promise<void> {
    if (this.phase !== "paused" && this.phase !== "failed") return Promise.resolve();
    return this.go();
  }

  /** Stops the parts under way (their bytes are sent again on resume); finished parts are kept. */
  pause() {
    if (this.phase !== "starting" && this.phase !== "uploading") return;
    this.stop();
    this.set("paused");
  }

  /** Stops for good, as when the panel closes: the memory stays, so choosing the file again resumes. */
  dispose() {
    this.stop();
  }

  private stop() {
    this.run++;
    this.controller?.abort();
    this.controller = null;
    this.inFlight.clear();
    this.samples = [];
  }

  private set(phase: UploadPhase, error: string | null = null) {
    this.phase = phase;
    this.error = error;
    this.emit();
  }

  private emit() {
    this.o.onChange?.(this.snapshot);
  }

  private speed(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last[0] - first[0] < 1000) return null;
    return (last[1] - first[1]) / ((last[0] - first[0]) / 1000);
  }

  private sample() {
    const now = this.o.now();
    this.samples.push([now, this.sentHere]);
    while (this.samples.length > 2 && now - this.samples[1]![0] >= SPEED_WINDOW_MS) this.samples.shift();
  }

  private async go(): Promise<void> {
    this.stop();
    const run = this.run;
    const controller = new AbortController();
    this.controller = controller;
    const current = () => run === this.run;
    const { file, transport, memory } = this.o;
    this.set("starting");

    let started: UploadStarted;
    try {
      started = await transport.begin({ fileName: file.name, size: file.size, contentType: file.type });
    } catch (e) {
      if (current()) this.fail(new UploadError("The upload could not begin.", true, e));
      return;
    }
    if (!current()) return;
    if (!(started.partSize > 0)) return this.fail(new UploadError("The server named no part size.", false));

    this.partSize = started.partSize;
    this.partsTotal = partCount(file.size, started.partSize);
    const urls = new Map(started.parts.map((p) => [p.number, p.url]));
    // The server's list of stored parts is the truth. Only when this browser remembers that upload with a file of
    // another date (same name and size, other contents) is every part sent again, over the stored ones.
    const saved = memory.load();
    const otherContents = saved !== null && saved.uploadId === started.uploadId && saved.lastModified !== file.lastModified;
    this.done.clear();
    if (!otherContents) {
      for (const p of started.uploaded) if (p.number >= 1 && p.number <= this.partsTotal && p.etag) this.done.set(p.number, p.etag);
    }
    this.partsSkipped = this.done.size;
    this.remember(started.uploadId);

    const missing: number[] = [];
    for (let n = 1; n <= this.partsTotal; n++) if (!this.done.has(n)) missing.push(n);
    const noUrl = missing.find((n) => !urls.has(n));
    if (noUrl !== undefined) return this.fail(new UploadError(`The server gave no address for part ${noUrl}.`, true));

    this.set("uploading");
    this.sample();
    let failure: unknown = null;
    let next = 0;
    const worker = async () => {
      while (next < missing.length && failure === null && !controller.signal.aborted) {
        const n = missing[next++]!;
        try {
          await this.sendPart(n, urls.get(n)!, controller.signal, started.uploadId);
        } catch (e) {
          if (failure === null && !(e instanceof Stopped)) failure = e;
          controller.abort();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.concurrency, missing.length) }, worker));
    if (!current()) return;
    if (failure !== null) {
      this.inFlight.clear();
      return this.fail(failure instanceof UploadError ? failure : new UploadError("A part could not be sent.", true, failure));
    }

    this.set("completing");
    const parts = Array.from({ length: this.partsTotal }, (_, i) => ({ number: i + 1, etag: this.done.get(i + 1)! }));
    let result: Done;
    try {
      result = await transport.complete(started.uploadId, parts);
    } catch (e) {
      if (current()) this.fail(new UploadError("The parts are all sent, but the server could not join them.", true, e));
      return;
    }
    if (!current()) return;
    memory.clear();
    this.set("done");
    this.o.onDone?.(result);
  }

  private async sendPart(n: number, url: string, signal: AbortSignal, uploadId: string) {
    const [start, end] = partRange(n, this.partSize, this.o.file.size);
    const body = this.o.file.slice(start, end);
    for (let tries = 1; ; tries++) {
      if (signal.aborted) throw new Stopped();
      this.inFlight.set(n, 0);
      let etag: string | null;
      try {
        etag = await this.o.transport.putPart(url, body, {
          signal,
          onProgress: (sent) => {
            if (signal.aborted) return;
            const before = this.inFlight.get(n) ?? 0;
            const now = Math.min(sent, end - start);
            this.inFlight.set(n, now);
            this.sentHere += Math.max(0, now - before);
            this.sample();
            this.emit();
          },
        });
      } catch (e) {
        this.inFlight.delete(n);
        if (signal.aborted) throw new Stopped();
        if (tries >= this.o.tries) {
          throw new UploadError(`Part ${n} of ${this.partsTotal} could not be sent after ${tries} tries.`, true, e);
        }
        await this.o.sleep(this.o.backoffMs(tries), signal);
        continue;
      }
      if (signal.aborted) throw new Stopped();
      const reported = this.inFlight.get(n) ?? 0;
      this.inFlight.delete(n);
      if (!etag) {
        throw new UploadError(
          `Part ${n} was sent, but the storage did not answer its ETag: the lectures bucket must expose the ETag header to the site.`,
          false,
        );
      }
      this.sentHere += Math.max(0, end - start - reported);
      this.done.set(n, etag);
      this.remember(uploadId);
      this.sample();
      this.emit();
      return;
    }
  }

  private remember(uploadId: string) {
    const { file, target, memory } = this.o;
    const parts = [...this.done].sort(([a], [b]) => a - b).map(([number, etag]) => ({ number, etag }));
    memory.save({ ...target, uploadId, fileName: file.name, size: file.size, lastModified: file.lastModified, partSize: this.partSize, parts });
  }

  private fail(error: unknown) {
    this.controller?.abort();
    this.controller = null;
    this.inFlight.clear();
    this.samples = [];
    this.set("failed", error instanceof Error ? error.message : "The upload stopped.");
  }
}

// A small file (an assignment's, at most 25 MB) sent straight to storage in parts, as lecture recordings are (never
// through the API's body): ask the API for the parts' addresses, PUT them two at a time (each tried three times), then
// ask it to join them. Students' hand-ins and staff's attachments use it. The API, the PUT and the pause are passed
// in, so a test drives it all. (A recording, hours long, has its own resumable engine: features/staff/lectures/upload.)

export interface PartsBegun {
  fileId: string;
  /** Every part but the last has this many bytes. */
  partSize: number;
  parts: { number: number; url: string }[];
}

export interface FileTransport<Done> {
  begin(): Promise<PartsBegun>;
  putPart(url: string, body: Blob, options: { signal: AbortSignal; onProgress: (sentBytes: number) => void }): Promise<string | null>;
  complete(fileId: string, parts: { number: number; etag: string }[]): Promise<Done>;
}

export interface FileProgress {
  sentBytes: number;
  totalBytes: number;
}

export async function uploadInParts<Done>(
  file: Blob,
  transport: FileTransport<Done>,
  { signal, onProgress, tries = 3, pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) }: {
    signal: AbortSignal;
    onProgress: (p: FileProgress) => void;
    tries?: number;
    pause?: (ms: number) => Promise<void>;
  },
): Promise<Done> {
  const started = await transport.begin();
  const parts = [...started.parts].sort((a, b) => a.number - b.number);
  if (parts.length === 0) throw new Error("The server gave no address to send the file to.");
  const partSize = started.partSize && started.partSize > 0 ? started.partSize : Math.ceil(file.size / parts.length);
  const sent = new Map<number, number>();
  const report = () => onProgress({ sentBytes: Math.min(file.size, [...sent.values()].reduce((a, b) => a + b, 0)), totalBytes: file.size });
  const etags = new Map<number, string>();
  let next = 0;
  const worker = async () => {
    while (next < parts.length) {
      const { number, url } = parts[next++]!;
      const start = (number - 1) * partSize;
      const body = file.slice(start, Math.min(start + partSize, file.size));
      for (let attempt = 1; ; attempt++) {
        if (signal.aborted) throw new DOMException("Aborted", "AbortError");
        try {
          const etag = await transport.putPart(url, body, {
            signal,
            onProgress: (bytes) => {
              sent.set(number, Math.min(bytes, body.size));
              report();
            },
          });
          if (!etag) throw new Error("The storage did not answer the part's ETag.");
          sent.set(number, body.size);
          report();
          etags.set(number, etag);
          break;
        } catch (e) {
          sent.set(number, 0);
          if (signal.aborted || attempt >= tries) throw e;
          await pause(1000 * attempt);
        }
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return transport.complete(
    started.fileId,
    parts.map(({ number }) => ({ number, etag: etags.get(number)! })),
  );
}

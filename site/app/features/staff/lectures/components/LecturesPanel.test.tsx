import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "#app/test/http";
import { renderAt } from "#app/test/render";
import { TokenProvider } from "../../kit/api/token";
import type { StaffLecture } from "#app/lib/api-schema";
import { captionsRefusal } from "./LectureItem";
import { LecturesPanel } from "./LecturesPanel";

vi.mock("#app/components/Toasts", () => ({ showToast: vi.fn() }));
const putPart = vi.hoisted(() => vi.fn());
vi.mock("#app/lib/put-part", () => ({ putPart }));

const batchId = "665f1c2a9b3e4d0012a1c002";

const lecture = (n: number, extra: Partial<StaffLecture> = {}): StaffLecture => ({
  lectureNumber: n,
  id: `id-${n}`,
  title: `Lecture title ${n}`,
  description: null,
  published: true,
  kind: "recording",
  url: null,
  state: "ready",
  percent: null,
  failure: null,
  upload: null,
  durationSecs: 600,
  rungs: [360, 540, 720],
  hasCaptions: false,
  updatedAt: 1_764_000_000,
  ...extra,
});

type Route = (method: string, path: string, body: unknown) => Response | undefined;

/** fetch answered by `route` (method, path, parsed body); every call is kept. */
function api(route: Route) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const mock = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    const raw = init?.body;
    const body = typeof raw === "string" && (init?.headers as Record<string, string>)["content-type"] === "application/json" ? JSON.parse(raw) : raw;
    calls.push({ method, path, body });
    return route(method, path, body) ?? json({ error: "not_found", message: `no route for ${method} ${path}` }, 404);
  });
  return { calls, mock };
}

const base = `/api/staff/batches/${batchId}/lectures`;
const render = () =>
  renderAt(
    <TokenProvider value={async () => "access-token"}>
      <LecturesPanel batchId={batchId} batchName="MERN-08" />
    </TokenProvider>,
  );

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe("the Lectures panel", () => {
  it("says there are none yet, then adds one with the next number and offers its upload", async () => {
    const { calls } = api((method, path, body) => {
      if (method === "GET" && path === base) return json({ lectures: [] });
      if (method === "POST" && path === base) return json(lecture(1, { title: (body as { title: string }).title, state: "uploading", durationSecs: null, rungs: [] }), 201);
    });
    render();
    expect(await screen.findByText("No lectures yet — add the first.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add lecture" }));
    const form = screen.getByRole("form", { name: "Add a lecture" });
    expect((within(form).getByLabelText("Number") as HTMLInputElement).value).toBe("1");
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Routing in depth" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add lecture" }));
    const item = await screen.findByRole("listitem", { name: "Lecture 1: Routing in depth" });
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ title: "Routing in depth", lectureNumber: 1 });
    expect(within(item).getByText("No file yet")).toBeTruthy();
    expect(within(item).queryByText("Uploading")).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(within(item).getByRole("heading", { name: "Lecture 1: Routing in depth" })));
    expect(within(item).getByRole("button", { name: "Choose a video file or drop it here, for Lecture 1: Routing in depth" })).toBeTruthy();
  });

  it("tells the batch when its lectures change (the certificates and the report count them), not on the first load", async () => {
    api((method, path, body) => {
      if (method === "GET" && path === base) return json({ lectures: [lecture(1)] });
      if (method === "POST" && path === base) return json(lecture(2, { title: (body as { title: string }).title, state: "uploading", rungs: [] }), 201);
    });
    const changed = vi.fn();
    renderAt(
      <TokenProvider value={async () => "access-token"}>
        <LecturesPanel batchId={batchId} batchName="MERN-08" onLecturesChanged={changed} />
      </TokenProvider>,
    );
    await screen.findByRole("listitem", { name: "Lecture 1: Lecture title 1" });
    expect(changed).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Add lecture" }));
    fireEvent.change(within(screen.getByRole("form", { name: "Add a lecture" })).getByLabelText("Title"), { target: { value: "Hooks" } });
    fireEvent.click(within(screen.getByRole("form", { name: "Add a lecture" })).getByRole("button", { name: "Add lecture" }));
    await screen.findByRole("listitem", { name: "Lecture 2: Hooks" });
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
  });

  it("shows each state: Ready, Processing n %, Failed with the reason and Retry, Unpublished; a processing list is read again", async () => {
    let reads = 0;
    const { calls } = api((method, path) => {
      if (method === "GET" && path === base) {
        reads++;
        return json({
          lectures: [
            lecture(1),
            lecture(2, { state: reads === 1 ? "processing" : "ready", percent: reads === 1 ? 40 : null }),
            lecture(3, { state: "failed", failure: "The file holds no video stream." }),
            lecture(4, { published: false, kind: "embed", url: "https://www.youtube.com/embed/x", rungs: [], durationSecs: null }),
          ],
        });
      }
      if (method === "POST" && path === `${base}/3/retry`) return json(lecture(3, { state: "processing", percent: 0 }));
    });
    render();
    const item = async (n: number) => screen.findByRole("listitem", { name: new RegExp(`^Lecture ${n}:`) });
    expect(within(await item(1)).getByText("Ready")).toBeTruthy();
    expect(within(await item(1)).getByText(/10:00 · 360p, 540p, 720p · No captions/)).toBeTruthy();
    expect(within(await item(2)).getByText("Processing 40 %")).toBeTruthy();
    expect(within(await item(3)).getByRole("alert").textContent).toContain("Processing failed: The file holds no video stream.");
    expect(within(await item(4)).getByText("Unpublished")).toBeTruthy();
    expect(within(await item(4)).getByRole("button", { name: "Publish lecture 4" })).toBeTruthy();

    // Polled until nothing is processing.
    await within(await item(2)).findByText("Ready", {}, { timeout: 6000 });
    fireEvent.click(within(await item(3)).getByRole("button", { name: "Retry processing lecture 3" }));
    expect(await within(await item(3)).findByText("Processing 0 %")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([`${base}/3/retry`]);
  }, 20_000);

  it("deletes a lecture only after a confirmation that says its recording and renditions go too", async () => {
    const { calls } = api((method, path) => {
      if (method === "GET" && path === base) return json({ lectures: [lecture(1), lecture(2)] });
      if (method === "DELETE" && path === `${base}/2`) return new Response(null, { status: 204 });
    });
    render();
    const item = await screen.findByRole("listitem", { name: "Lecture 2: Lecture title 2" });
    fireEvent.click(within(item).getByRole("button", { name: "Delete lecture 2" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete lecture 2, “Lecture title 2”?" });
    expect(dialog.textContent).toMatch(/recording, every rendition made from it and its captions are deleted too/);
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete lecture" }));
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([`${base}/2`]);
    await vi.waitFor(() => expect(screen.queryByRole("listitem", { name: "Lecture 2: Lecture title 2" })).toBeNull());
    expect(screen.getByRole("listitem", { name: "Lecture 1: Lecture title 1" })).toBeTruthy();
  });

  it("moves a lecture up by swapping numbers through a free one", async () => {
    const numbers = new Map([["id-1", 1], ["id-2", 2]]);
    const { calls } = api((method, path, body) => {
      if (method === "GET" && path === base) return json({ lectures: [lecture(1), lecture(2)] });
      const match = /\/lectures\/(\d+)$/.exec(path);
      if (method === "PATCH" && match) {
        const from = Number(match[1]);
        const id = [...numbers].find(([, n]) => n === from)![0];
        numbers.set(id, (body as { lectureNumber: number }).lectureNumber);
        return json(lecture(numbers.get(id)!, { id, title: `Lecture title ${id.slice(3)}` }));
      }
    });
    render();
    const second = await screen.findByRole("listitem", { name: "Lecture 2: Lecture title 2" });
    fireEvent.click(within(second).getByRole("button", { name: "Move lecture 2 up" }));
    await screen.findByRole("listitem", { name: "Lecture 1: Lecture title 2" });
    expect(calls.filter((c) => c.method === "PATCH").map((c) => [c.path.split("/").at(-1), c.body])).toEqual([
      ["2", { lectureNumber: 3 }],
      ["1", { lectureNumber: 2 }],
      ["3", { lectureNumber: 1 }],
    ]);
    const items = screen.getAllByRole("listitem").map((li) => li.getAttribute("aria-labelledby") && li.querySelector("h4")!.textContent);
    expect(items).toEqual(["Lecture 1: Lecture title 2", "Lecture 2: Lecture title 1"]);
  });

  it("refuses a file that is not a video before any request, then uploads a video and shows Processing", async () => {
    const awaiting = lecture(1, { state: "uploading", durationSecs: null, rungs: [] });
    const { calls } = api((method, path, body) => {
      if (method === "GET" && path === base) return json({ lectures: [awaiting] });
      if (method === "POST" && path === `${base}/1/upload`) {
        return json({ uploadId: "u-9", partSize: 4, parts: [1, 2, 3].map((number) => ({ number, url: `/upload/u-9/${number}` })), uploaded: [] });
      }
      if (method === "POST" && path === `${base}/1/upload/complete`) {
        expect(body).toEqual({ uploadId: "u-9", parts: [1, 2, 3].map((n) => ({ number: n, etag: `"e${n}"` })) });
        return json({ ...awaiting, state: "processing", percent: 0 });
      }
    });
    putPart.mockImplementation(async (url: string, part: Blob, { onProgress }: { onProgress: (n: number) => void }) => {
      onProgress(part.size);
      return `"e${url.split("/").at(-1)}"`;
    });
    const { container } = render();
    const item = await screen.findByRole("listitem", { name: "Lecture 1: Lecture title 1" });
    const input = container.querySelector<HTMLInputElement>('[data-testid="recording-input-1"]')!;
    const before = calls.length;
    fireEvent.change(input, { target: { files: [new File(["%PDF"], "notes.pdf", { type: "application/pdf" })] } });
    expect(within(item).getByRole("alert").textContent).toMatch(/“notes.pdf” is not a video file/);
    expect(calls.length).toBe(before);

    fireEvent.change(input, { target: { files: [new File(["0123456789"], "class.mp4", { type: "video/mp4" })] } });
    expect(await within(item).findByText("Processing 0 %")).toBeTruthy();
    expect(putPart).toHaveBeenCalledTimes(3);
    expect(putPart.mock.calls.map(([url, part]) => [url, (part as Blob).size])).toEqual([
      ["/upload/u-9/1", 4],
      ["/upload/u-9/2", 4],
      ["/upload/u-9/3", 2],
    ]);
  });

  it("takes captions only as WebVTT of at most 1 MB", () => {
    expect(captionsRefusal("a.vtt", "\uFEFFWEBVTT\n\n00:00.000 --> 00:01.000\nHi", 40)).toBeNull();
    expect(captionsRefusal("a.srt", "1\n00:00:00,000 --> 00:00:01,000\nHi", 30)).toMatch(/not a WebVTT file/);
    expect(captionsRefusal("big.vtt", "WEBVTT", 1_000_001)).toMatch(/at most 1 MB/);
  });
});

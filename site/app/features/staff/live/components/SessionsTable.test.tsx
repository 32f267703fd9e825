// A session's Recording dialog, uploading from the session itself: the lecture titled after the session is added,
// its file goes up in parts through the Lectures uploader, the session gets it as its recording, and the dialog says
// it is processing; a failed attach is said and can be tried again.
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "#app/test/http";
import { renderAt } from "#app/test/render";
import { TokenProvider } from "../../kit/api/token";
import type { StaffLecture } from "#app/lib/api-schema";
import type { StaffSession } from "../../kit/api/live";
import { liveClassTitle, SessionsTable } from "./SessionsTable";

vi.mock("#app/components/Toasts", () => ({ showToast: vi.fn() }));
const putPart = vi.hoisted(() => vi.fn());
vi.mock("#app/lib/put-part", () => ({ putPart }));

const batchId = "665f1c2a9b3e4d0012a1c009";
const zone = "Asia/Karachi";
const lectures = `/api/staff/batches/${batchId}/lectures`;

// Held on Tuesday 10 November 2026, 9 PM in Karachi (4 PM UTC).
const session: StaffSession = {
  id: "s-1",
  batchId,
  startsAt: "2026-11-10T16:00:00Z",
  endsAt: "2026-11-10T17:00:00Z",
  minutes: 60,
  status: "scheduled",
  reason: null,
  sequence: 0,
  meetingUrl: "https://meet.example.com/x",
  extra: true,
  edited: false,
  recording: null,
  attended: 3,
};

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
  rungs: [360, 720],
  hasCaptions: false,
  updatedAt: 1_764_000_000,
  ...extra,
});

type Route = (method: string, path: string, body: unknown) => Response | undefined;

function api(route: Route) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    const raw = init?.body;
    const body = typeof raw === "string" && (init?.headers as Record<string, string>)["content-type"] === "application/json" ? JSON.parse(raw) : raw;
    calls.push({ method, path, body });
    return route(method, path, body) ?? json({ error: "not_found", message: `no route for ${method} ${path}` }, 404);
  });
  return calls;
}

function render(onChanged = vi.fn()) {
  renderAt(
    <TokenProvider value={async () => "access-token"}>
      <SessionsTable batchId={batchId} batchName="AIML-04" zone={zone} sessions={[session]} lectures={[lecture(1)]} onChanged={onChanged} onAttendance={vi.fn()} />
    </TokenProvider>,
  );
  return onChanged;
}

async function openUpload() {
  fireEvent.change(screen.getByLabelText("Show"), { target: { value: "all" } });
  fireEvent.click(screen.getByRole("button", { name: /^Recording of / }));
  const dialog = await screen.findByRole("alertdialog");
  fireEvent.click(within(dialog).getByRole("radio", { name: "Upload a video file" }));
  return dialog;
}

const video = () => new File([new Uint8Array(10)], "class.mp4", { type: "video/mp4" });
const sent = (l: StaffLecture) => ({ ...l, state: "processing" as const, percent: 0 });

beforeEach(() => {
  localStorage.clear();
  putPart.mockImplementation(async (url: string, part: Blob, { onProgress }: { onProgress: (n: number) => void }) => {
    onProgress(part.size);
    return `"e${url.split("/").at(-1)}"`;
  });
});
afterEach(() => vi.restoreAllMocks());

describe("uploading a session's recording from its dialog", () => {
  it("titles the lecture after the session's day in the batch's zone", () => {
    expect(liveClassTitle(session, zone)).toBe("Live class — Tue, 10 Nov 2026");
  });

  it("adds the lecture, uploads the file in parts, attaches it and shows its processing", async () => {
    const added = lecture(2, { title: "Live class — Tue, 10 Nov 2026", state: "uploading", durationSecs: null, rungs: [] });
    const calls = api((method, path, body) => {
      if (method === "POST" && path === lectures) return json({ ...added, title: (body as { title: string }).title }, 201);
      if (method === "POST" && path === `${lectures}/2/upload`) {
        return json({ uploadId: "u-1", partSize: 5, parts: [1, 2].map((number) => ({ number, url: `/upload/u-1/${number}` })), uploaded: [] });
      }
      if (method === "POST" && path === `${lectures}/2/upload/complete`) return json(sent(added));
      if (method === "PATCH" && path === "/api/staff/sessions/s-1") return json({ ...session, recording: { lectureNumber: 2, title: added.title } });
    });
    const onChanged = render();
    const dialog = await openUpload();
    expect(within(dialog).getByText(/Adds the lecture “Live class — Tue, 10 Nov 2026” to the batch/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Add the lecture" }));

    const choose = await within(dialog).findByRole("button", { name: "Choose a video file or drop it here, for Lecture 2: Live class — Tue, 10 Nov 2026" });
    expect(calls.find((c) => c.method === "POST" && c.path === lectures)!.body).toEqual({ title: "Live class — Tue, 10 Nov 2026" });
    await vi.waitFor(() => expect(document.activeElement).toBe(choose));
    expect(within(dialog).getByRole("radio", { name: "A lecture of the batch" })).toHaveProperty("disabled", true);

    fireEvent.change(dialog.querySelector<HTMLInputElement>('[data-testid="recording-input-2"]')!, { target: { files: [video()] } });
    expect(await within(dialog).findByText(/Lecture 2 “Live class — Tue, 10 Nov 2026” is this session's recording\. Processing 0 %/)).toBeTruthy();
    expect(putPart).toHaveBeenCalledTimes(2);
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ recording: 2 });
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ id: "s-1", recording: { lectureNumber: 2, title: added.title } }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("says when the lecture cannot be added, and when attaching fails it is tried again from the dialog", async () => {
    let adds = 0;
    let patches = 0;
    const added = lecture(2, { title: "Live class — Tue, 10 Nov 2026", state: "uploading", durationSecs: null, rungs: [] });
    api((method, path) => {
      if (method === "POST" && path === lectures) {
        adds++;
        return adds === 1 ? json({ error: "conflict", message: "The batch has too many lectures." }, 409) : json(added, 201);
      }
      if (method === "POST" && path === `${lectures}/2/upload`) return json({ uploadId: "u-2", partSize: 10, parts: [{ number: 1, url: "/upload/u-2/1" }], uploaded: [] });
      if (method === "POST" && path === `${lectures}/2/upload/complete`) return json(sent(added));
      if (method === "PATCH") {
        patches++;
        return patches === 1 ? json({ error: "unavailable", message: "Try again shortly." }, 503) : json({ ...session, recording: { lectureNumber: 2, title: added.title } });
      }
    });
    render();
    const dialog = await openUpload();
    fireEvent.click(within(dialog).getByRole("button", { name: "Add the lecture" }));
    expect((await within(dialog).findByRole("alert")).textContent).toMatch(/too many lectures/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Add the lecture" }));
    await within(dialog).findByRole("button", { name: /^Choose a video file/ });

    // Attach before any file: told to choose it first, nothing sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "Attach lecture 2" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Choose the video file first: the lecture is attached once it is sent.");
    expect(patches).toBe(0);

    fireEvent.change(dialog.querySelector<HTMLInputElement>('[data-testid="recording-input-2"]')!, { target: { files: [video()] } });
    expect((await within(dialog).findByText(/The file is sent; attach the lecture again\./)).getAttribute("role")).toBe("alert");
    fireEvent.click(within(dialog).getByRole("button", { name: "Attach lecture 2" }));
    expect(await within(dialog).findByText(/is this session's recording\. Processing 0 %/)).toBeTruthy();
    expect(patches).toBe(2);
  });
});

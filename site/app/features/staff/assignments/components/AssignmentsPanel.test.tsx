// Linking an assignment to a lecture or a live class of its batch: the form lists the batch's lectures and its live
// classes (not the cancelled ones) beside "None", a new assignment is posted with the links chosen, the list and the
// opened assignment name them, and a change sends null for a link set back to "None" (none at all once locked).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "#app/test/http";
import { renderAt } from "#app/test/render";
import type { StaffLecture, StaffSession } from "#app/lib/api-schema";
import { TokenProvider } from "../../kit/api/token";
import type { StaffAssignment } from "../api/types";
import { AssignmentsPanel } from "./AssignmentsPanel";

vi.mock("#app/components/Toasts", () => ({ showToast: vi.fn() }));

const batchId = "665f1c2a9b3e4d0012a1c002";
const s1 = "665f1c2a9b3e4d0012a1d001";
const s2 = "665f1c2a9b3e4d0012a1d002";
const s3 = "665f1c2a9b3e4d0012a1d003";

const lecture = (n: number, title: string, published = true) => ({ lectureNumber: n, id: `l${n}`, title, published, kind: "recording", state: "ready", rungs: [], hasCaptions: false }) as unknown as StaffLecture;

const session = (id: string, startsAt: string, status: "scheduled" | "cancelled" = "scheduled") =>
  ({ id, batchId, startsAt, endsAt: startsAt, minutes: 120, status, sequence: 0, meetingUrl: "https://meet.example.com/x", extra: false, edited: false, attended: 0 }) as StaffSession;

const assignment = (extra: Partial<StaffAssignment> = {}): StaffAssignment => ({
  id: "a1",
  batchId,
  title: "Week 3",
  instructions: "",
  instructionsHtml: "",
  dueAt: "2099-12-01T18:00:00Z",
  result: "pass",
  publishAt: "2026-01-01T00:00:00Z",
  published: true,
  closed: false,
  attachments: [],
  createdAt: "2026-01-01T00:00:00Z",
  createdBy: "staff@example.com",
  submitted: 0,
  waiting: 0,
  editable: true,
  ...extra,
});

type Call = { method: string; path: string; body: unknown };

/** fetch answering the batch's assignments (`assignments`, read on every GET), lectures, sessions, its timetable (none:
 * the institute's zone) and empty queues. */
function api(assignments: () => StaffAssignment[], answer?: (call: Call) => Response | undefined, timeZone?: string) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    const raw = init?.body;
    const call = { method, path, body: typeof raw === "string" ? JSON.parse(raw) : raw };
    calls.push(call);
    const answered = answer?.(call);
    if (answered) return answered;
    if (method !== "GET") return json({ error: "not_found", message: `no route for ${method} ${path}` }, 404);
    if (path === `/api/staff/batches/${batchId}/assignments`) return json({ assignments: assignments(), requireAllPassed: false });
    if (path === `/api/staff/batches/${batchId}/timetable`)
      return json({ timetable: timeZone ? { timeZone, slots: [], meetingUrl: "https://meet.example.com/x", termStart: "2026-09-01", termEnd: "2026-12-31", schedule: "", timing: "", updatedAt: "2026-09-01T00:00:00Z", updatedBy: "staff" } : null, sessions: [] });
    if (path === `/api/staff/batches/${batchId}/lectures`) return json({ lectures: [lecture(2, "Hooks", false), lecture(1, "Intro")] });
    if (path === `/api/staff/batches/${batchId}/sessions`)
      return json({ sessions: [session(s2, "2099-12-12T14:00:00Z"), session(s1, "2099-12-05T14:00:00Z"), session(s3, "2099-11-28T14:00:00Z", "cancelled")] });
    if (path.startsWith("/api/staff/submissions") || path.endsWith("/submissions")) return json({ submissions: [] });
    return json({ error: "not_found", message: `no route for ${method} ${path}` }, 404);
  });
  return calls;
}

const render = (url = "/") =>
  renderAt(
    <TokenProvider value={async () => "access-token"}>
      <AssignmentsPanel batchId={batchId} batchName="MERN-08" />
    </TokenProvider>,
    url,
  );

const optionTexts = (select: HTMLElement) => Array.from((select as HTMLSelectElement).options).map((o) => o.textContent);

afterEach(() => vi.restoreAllMocks());

describe("an assignment's lecture and live class", () => {
  it("lists the batch's lectures and live classes, posts both links, and names them in the list", async () => {
    let list: StaffAssignment[] = [];
    const calls = api(
      () => list,
      ({ method, body }) => {
        if (method !== "POST") return undefined;
        const posted = assignment({ ...(body as Partial<StaffAssignment>), id: "a2" });
        list = [posted];
        return json(posted, 201);
      },
    );
    render();
    fireEvent.click(await screen.findByRole("button", { name: "New assignment" }));
    const form = screen.getByRole("form", { name: "New assignment" });
    const lectureSelect = within(form).getByLabelText("Linked lecture");
    const sessionSelect = within(form).getByLabelText("Linked live class (Pakistan time)");
    await waitFor(() => expect(optionTexts(lectureSelect)).toEqual(["None", "Lecture 1: Intro", "Lecture 2: Hooks (unpublished)"]));
    await waitFor(() => expect(optionTexts(sessionSelect)).toEqual(["None", "Sat, 5 Dec 2099, 7:00 PM – 9:00 PM", "Sat, 12 Dec 2099, 7:00 PM – 9:00 PM"]));
    expect((lectureSelect as HTMLSelectElement).value).toBe("");

    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Week 4" } });
    fireEvent.change(within(form).getByLabelText("Due (Pakistan time)"), { target: { value: "2099-12-08T23:00" } });
    fireEvent.change(lectureSelect, { target: { value: "2" } });
    fireEvent.change(sessionSelect, { target: { value: s1 } });
    fireEvent.click(within(form).getByRole("button", { name: "Post assignment" }));

    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.path).toBe(`/api/staff/batches/${batchId}/assignments`);
    expect(post.body).toEqual({ title: "Week 4", instructions: "", dueAt: "2099-12-08T18:00:00Z", result: "pass", lectureNumber: 2, liveSessionId: s1 });
    const row = await screen.findByRole("rowheader", { name: /Week 4/ });
    expect(within(row).getByText("Lecture 2: Hooks · live class of Sat, 5 Dec 2099, 7:00 PM – 9:00 PM")).toBeTruthy();
  });

  it("sends no link a new assignment leaves at None", async () => {
    const calls = api(
      () => [],
      ({ method, body }) => (method === "POST" ? json(assignment({ ...(body as Partial<StaffAssignment>), id: "a2" }), 201) : undefined),
    );
    render();
    fireEvent.click(await screen.findByRole("button", { name: "New assignment" }));
    const form = screen.getByRole("form", { name: "New assignment" });
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Week 4" } });
    fireEvent.change(within(form).getByLabelText("Due (Pakistan time)"), { target: { value: "2099-12-08T23:00" } });
    fireEvent.click(within(form).getByRole("button", { name: "Post assignment" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ title: "Week 4", instructions: "", dueAt: "2099-12-08T18:00:00Z", result: "pass" });
  });

  it("shows an opened assignment's links and, changed, clears the live class with null and keeps the lecture", async () => {
    let current = assignment({ lectureNumber: 1, liveSessionId: s2 });
    const calls = api(
      () => [current],
      ({ method, body }) => {
        if (method !== "PATCH") return undefined;
        current = { ...current, ...(body as Partial<StaffAssignment>) };
        return json(current);
      },
    );
    render("/?assignment=a1");
    const detail = await screen.findByRole("region", { name: "Week 3" });
    await within(detail).findByText("Goes with: Lecture 1: Intro · live class of Sat, 12 Dec 2099, 7:00 PM – 9:00 PM");
    fireEvent.click(within(detail).getByRole("button", { name: "Change" }));
    const form = within(detail).getByRole("form", { name: "Change Week 3" });
    expect((within(form).getByLabelText("Linked lecture") as HTMLSelectElement).value).toBe("1");
    const sessionSelect = within(form).getByLabelText("Linked live class (Pakistan time)") as HTMLSelectElement;
    expect(sessionSelect.value).toBe(s2);
    fireEvent.change(sessionSelect, { target: { value: "" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.path).toBe("/api/staff/assignments/a1");
    expect(patch.body).toMatchObject({ title: "Week 3", lectureNumber: 1, liveSessionId: null });
    await within(detail).findByText("Goes with: Lecture 1: Intro");
  });

  it("once students have handed in, keeps the links as they are and sends neither", async () => {
    const calls = api(
      () => [assignment({ lectureNumber: 1, editable: false, submitted: 1 })],
      ({ method }) => (method === "PATCH" ? json(assignment({ lectureNumber: 1, editable: false, submitted: 1 })) : undefined),
    );
    render("/?assignment=a1");
    const detail = await screen.findByRole("region", { name: "Week 3" });
    fireEvent.click(within(detail).getByRole("button", { name: "Change" }));
    const form = within(detail).getByRole("form", { name: "Change Week 3" });
    expect((within(form).getByLabelText("Linked lecture") as HTMLSelectElement).disabled).toBe(true);
    expect((within(form).getByLabelText("Linked live class (Pakistan time)") as HTMLSelectElement).disabled).toBe(true);
    fireEvent.click(within(form).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    const body = calls.find((c) => c.method === "PATCH")!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("lectureNumber");
    expect(body).not.toHaveProperty("liveSessionId");
  });
});

describe("the batch's time zone", () => {
  it("lists, opens and changes a London batch's assignments in UK time, either side of the October clock change", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-10-01T09:00:00Z") });
    let current = assignment({ dueAt: "2026-10-24T17:00:00Z" });
    const later = assignment({ id: "a2", title: "Week 4", dueAt: "2026-10-26T18:00:00Z", published: false, publishAt: "2026-10-24T08:00:00Z" });
    const calls = api(
      () => [current, later],
      ({ method, body }) => {
        if (method !== "PATCH") return undefined;
        current = { ...current, ...(body as Partial<StaffAssignment>) };
        return json(current);
      },
      "Europe/London",
    );
    render("/?assignment=a1");
    const detail = await screen.findByRole("region", { name: "Week 3" });
    expect(screen.getByRole("columnheader", { name: "Due (UK time)" })).toBeTruthy();
    const row = (title: RegExp) => screen.getByRole("rowheader", { name: title }).closest("tr")!;
    expect(within(row(/Week 3/)).getByText("Saturday 24 October, 6:00 PM UK time")).toBeTruthy();
    expect(within(row(/Week 4/)).getByText("Monday 26 October, 6:00 PM UK time")).toBeTruthy();
    expect(within(row(/Week 4/)).getByText("From Saturday 24 October, 9:00 AM UK time")).toBeTruthy();
    expect(within(detail).getByText(/^Due Saturday 24 October, 6:00 PM UK time/)).toBeTruthy();

    fireEvent.click(within(detail).getByRole("button", { name: "Change" }));
    const form = within(detail).getByRole("form", { name: "Change Week 3" });
    const due = within(form).getByLabelText("Due (UK time)") as HTMLInputElement;
    expect(due.value).toBe("2026-10-24T18:00");
    fireEvent.change(due, { target: { value: "2026-10-26T18:00" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")!.body).toMatchObject({ dueAt: "2026-10-26T18:00:00Z" });
    await within(detail).findByText(/^Due Monday 26 October, 6:00 PM UK time/);
    vi.useRealTimers();
  });

  it("shows a batch without a timetable in Pakistan time", async () => {
    api(() => [assignment({ dueAt: "2026-10-24T17:00:00Z" })]);
    render();
    expect(await screen.findByRole("columnheader", { name: "Due (Pakistan time)" })).toBeTruthy();
    expect(screen.getByText("Saturday 24 October, 10:00 PM Pakistan time")).toBeTruthy();
  });

  it("shows nothing to type times into until the batch's zone is known: a failed timetable is a failure to retry", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const path = String(input);
      if (path.endsWith("/timetable")) return json({ error: "internal", message: "down" }, 500);
      if (path.endsWith("/assignments")) return json({ assignments: [], requireAllPassed: false });
      return json({ lectures: [], sessions: [], submissions: [] });
    });
    render();
    expect(await screen.findByText(/^Could not load the assignments\./)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New assignment" })).toBeNull();
  });
});

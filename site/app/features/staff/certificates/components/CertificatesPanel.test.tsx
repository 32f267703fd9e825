import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "#app/test/http";
import type { BatchCertificates, CertificateView, StudentCompletion } from "#app/lib/api-schema";
import { renderAt } from "#app/test/render";
import { TokenProvider } from "../../kit/api/token";
import { CertificatesPanel } from "./CertificatesPanel";

vi.mock("#app/components/Toasts", () => ({ showToast: vi.fn() }));
afterEach(() => vi.restoreAllMocks());

const batchId = "665f1c2a9b3e4d0012a1c006";
const certificate: CertificateView = {
  id: "SKY-7K3Q-9WXD-M2PA-4TRE",
  name: "Ayesha Khan",
  courseId: "665f1c2a9b3e4d0012a1b002",
  course: "Data Analyst",
  batchId,
  batch: "DA-06 Late Evening Batch",
  instructor: "Sara Ahmed",
  completedOn: "2026-03-10",
  issuedOn: "2026-03-12",
  status: "valid",
  revokedOn: null,
  revokedReason: null,
  verifyUrl: "https://academy.example/verify/SKY-7K3Q-9WXD-M2PA-4TRE",
  linkedInUrl: "https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=Data&certId=SKY-7K3Q-9WXD-M2PA-4TRE",
};
const row = (extra: Partial<StudentCompletion>): StudentCompletion => ({
  studentId: "sub-1",
  name: "Ayesha Khan",
  email: "ayesha@example.com",
  lecturesWatched: 3,
  complete: true,
  markedComplete: false,
  certificate: null,
  ...extra,
});

function api(students: StudentCompletion[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    if (method === "GET") return json({ lecturesTotal: 3, students } satisfies BatchCertificates);
    if (path.endsWith("/completion")) return json(row({ complete: body.complete, markedComplete: body.complete }));
    if (path.endsWith("/certificate")) return json({ ...certificate, name: body.name }, 201);
    if (method === "PATCH") return json({ ...certificate, name: body.name });
    if (path.endsWith("/revoke")) return json({ ...certificate, status: "revoked", revokedOn: "2026-04-02", revokedReason: body.reason });
    return json({ message: "no route" }, 404);
  });
  return calls;
}

const render = () =>
  renderAt(
    <TokenProvider value={async () => "access-token"}>
      <CertificatesPanel batchId={batchId} batchName="DA-06 Late Evening Batch" />
    </TokenProvider>,
  );

describe("CertificatesPanel", () => {
  it("lists who completed and how, and the certificates issued", async () => {
    api([
      row({}),
      row({ studentId: "sub-2", name: "Bilal Ahmed", email: "bilal@example.com", lecturesWatched: 1, complete: false }),
      row({ studentId: "sub-3", name: "Chen Li", email: "chen@example.com", lecturesWatched: 0, markedComplete: true, certificate }),
    ]);
    render();
    const table = await screen.findByRole("table");
    expect(screen.getByText(/2 of 3 students have completed this batch · 1 certificate issued/)).toBeTruthy();
    const [, ayesha, bilal, chen] = within(table).getAllByRole("row");
    expect(within(ayesha!).getByText("Watched all")).toBeTruthy();
    expect(within(ayesha!).getByRole("button", { name: "Issue Ayesha Khan's certificate" })).toBeTruthy();
    expect(within(bilal!).getByText("Not yet")).toBeTruthy();
    expect(within(bilal!).getByRole("button", { name: "Mark Bilal Ahmed complete" })).toBeTruthy();
    expect(within(chen!).getByText("Marked complete")).toBeTruthy();
    expect(within(chen!).getByRole("link", { name: /SKY-7K3Q-9WXD-M2PA-4TRE/ }).getAttribute("href")).toBe("/verify/SKY-7K3Q-9WXD-M2PA-4TRE");
    expect(within(chen!).getByRole("button", { name: "Revoke Chen Li's certificate" })).toBeTruthy();
  });

  it("marks a student complete after the confirmation", async () => {
    const calls = api([row({ complete: false, lecturesWatched: 1 })]);
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Mark Ayesha Khan complete" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Mark Ayesha Khan complete?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark complete" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")).toEqual({
      method: "PUT",
      path: `/api/staff/batches/${batchId}/students/sub-1/completion`,
      body: { complete: true },
    });
  });

  it("issues with the name to print, checked against the rule first", async () => {
    const calls = api([row({})]);
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Issue Ayesha Khan's certificate" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Issue Ayesha Khan's certificate?" });
    const field = within(dialog).getByLabelText("Name to print");
    expect(field).toHaveProperty("value", "Ayesha Khan");
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: "Ayesha Khan 2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue certificate" }));
    expect((await within(dialog).findByRole("alert")).textContent).toMatch(/not 2/);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(field, { target: { value: "Ayesha  Khán " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue certificate" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Ayesha Khán" });
  });

  it("corrects the name on a certificate", async () => {
    const calls = api([row({ certificate })]);
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Correct the name on Ayesha Khan's certificate" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Correct the name on Ayesha Khan's certificate?" });
    const field = within(dialog).getByLabelText("Name to print");
    expect(field).toHaveProperty("value", "Ayesha Khan");
    fireEvent.change(field, { target: { value: "Ayesha Khan-Niazi" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save name" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")).toEqual({
      method: "PATCH",
      path: "/api/staff/certificates/SKY-7K3Q-9WXD-M2PA-4TRE",
      body: { name: "Ayesha Khan-Niazi" },
    });
  });

  it("revokes only with a reason", async () => {
    const calls = api([row({ certificate })]);
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Revoke Ayesha Khan's certificate" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke Ayesha Khan's certificate?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke certificate" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Give the reason (it goes in the audit trail).");
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Issued in error" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke certificate" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      path: "/api/staff/certificates/SKY-7K3Q-9WXD-M2PA-4TRE/revoke",
      body: { reason: "Issued in error" },
    });
  });
});

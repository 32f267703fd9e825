// The submission form: a refused file says why at once and sends nothing; a bad link is marked and nothing is saved;
// an accepted file goes up in parts with a progress bar, and Submit saves the draft (text, links, file ids) then hands it in.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "#app/test/http";
import type { MySubmission } from "../api/types";
import { SubmissionForm } from "./SubmissionForm";

const putPart = vi.hoisted(() => vi.fn());
vi.mock("#app/lib/put-part", () => ({ putPart }));
afterEach(() => vi.restoreAllMocks());

const id = "665f1c2a9b3e4d0012a1d001";
const empty: MySubmission = { id: null, assignmentId: id, state: "not-started", open: true, draft: null, versions: [], feedback: null, reviews: [] };

function api() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    if (method === "POST" && path === `/api/me/assignments/${id}/files`) return json({ fileId: "f".repeat(24), partSize: 5_000_000, parts: [{ number: 1, url: "/upload/part-1" }] });
    if (method === "POST" && path.endsWith("/complete")) return json({ id: "f".repeat(24), fileName: "report.pdf", size: 9, contentType: "application/pdf", url: "/files/report.pdf" });
    if (method === "PUT" && path.endsWith("/submission")) return json({ ...empty, state: "draft" });
    if (method === "POST" && path.endsWith("/submission/submit")) return json({ ...empty, state: "submitted" });
    return json({ error: "not_found", message: "No such assignment." }, 404);
  });
  return calls;
}

const renderForm = (onSaved = vi.fn()) =>
  render(<SubmissionForm assignmentId={id} source={async () => "token"} submission={empty} lockedReason={null} onSaved={onSaved} />);

const choose = (files: File[]) => fireEvent.change(screen.getByTestId("submission-files"), { target: { files } });

describe("SubmissionForm", () => {
  it("refuses a web page and a file over 25 MB at once, sending nothing", () => {
    const calls = api();
    renderForm();
    const big = new File(["x"], "video.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 26_000_000 });
    choose([new File(["<html>"], "page.html", { type: "text/html" }), big]);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("“page.html” cannot be handed in: web pages and programs are not accepted.");
    expect(alert.textContent).toContain("“video.pdf” is 26.0 MB; a file can be at most 25.0 MB.");
    expect(calls).toEqual([]);
  });

  it("marks a bad link and saves nothing", async () => {
    const calls = api();
    const onSaved = vi.fn();
    renderForm(onSaved);
    fireEvent.change(screen.getByLabelText("Link 1"), { target: { value: "github.com/me/todo" } });
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText(/Enter a full address starting with https:\/\//)).toBeTruthy();
    expect(screen.getByLabelText("Link 1").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("uploads a file in parts with a progress bar, then saves and hands in text, link and file", async () => {
    const calls = api();
    let finish: (etag: string) => void = () => undefined;
    putPart.mockImplementation((_url: string, _body: Blob, { onProgress }: { onProgress: (n: number) => void }) => {
      onProgress(4);
      return new Promise((resolve) => (finish = resolve));
    });
    const onSaved = vi.fn();
    renderForm(onSaved);
    choose([new File(["%PDF-1.4\n"], "report.pdf", { type: "application/pdf" })]);
    const bar = await screen.findByRole("progressbar", { name: "Upload of report.pdf" });
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("44"));
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Wait until every file has uploaded.");
    await act(async () => finish('"etag-1"'));
    await waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());

    fireEvent.change(screen.getByLabelText("Text"), { target: { value: "My todo app." } });
    fireEvent.change(screen.getByLabelText("Link 1"), { target: { value: "https://github.com/me/todo" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(true));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /api/me/assignments/${id}/files`,
      `POST /api/me/assignments/${id}/files/${"f".repeat(24)}/complete`,
      `PUT /api/me/assignments/${id}/submission`,
      `POST /api/me/assignments/${id}/submission/submit`,
    ]);
    expect(calls[0]!.body).toEqual({ fileName: "report.pdf", size: 9, contentType: "application/pdf" });
    expect(calls[1]!.body).toEqual({ parts: [{ number: 1, etag: '"etag-1"' }] });
    expect(calls[2]!.body).toEqual({ text: "My todo app.", links: ["https://github.com/me/todo"], files: ["f".repeat(24)] });
    expect(screen.getByText("Submitted. Your teacher will review it.")).toBeTruthy();
  });
});

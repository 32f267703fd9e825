import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "#app/test/http";
import { renderAt } from "#app/test/render";
import { StaffConsole } from "./StaffConsole";

vi.mock("#app/components/Toasts", () => ({ showToast: vi.fn() }));

const token = async () => "access-token";

afterEach(() => vi.restoreAllMocks());

describe("the staff console's gate", () => {
  it("shows 'Staff only' with a way home when the API answers 403", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json({ error: "forbidden", message: "Staff only." }, 403));
    renderAt(<StaffConsole token={token} onSessionEnded={vi.fn()} />, "/staff");
    expect(await screen.findByRole("heading", { level: 1, name: "Staff only" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
  });

  it("says why it could not open and retries; a refused session is handed back to the route", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json({ error: "unavailable", message: "The store is unavailable." }, 503));
    fetchMock.mockResolvedValueOnce(json({ batches: [] })).mockResolvedValue(json({ items: [], nextCursor: null }));
    renderAt(<StaffConsole token={token} onSessionEnded={vi.fn()} />, "/staff");
    expect((await screen.findByRole("alert")).textContent).toContain("The store is unavailable.");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("navigation", { name: "Staff sections" })).toBeTruthy();
    expect(await screen.findByText(/^No enquiries yet\./)).toBeTruthy();
    expect(screen.queryByText("No enquiries match these filters.")).toBeNull();
    expect((fetchMock.mock.calls[0]![1] as RequestInit).headers).toMatchObject({ authorization: "Bearer access-token" });

    const ended = vi.fn();
    fetchMock.mockResolvedValue(json({ error: "unauthorized", message: "Sign in." }, 401));
    renderAt(<StaffConsole token={token} onSessionEnded={ended} />, "/staff");
    await vi.waitFor(() => expect(ended).toHaveBeenCalled());
  });

  it("says a filter matched nothing only when a filter is set", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input).startsWith("/api/staff/enquiries") ? json({ items: [], nextCursor: null }) : json({ batches: [] }),
    );
    renderAt(<StaffConsole token={token} onSessionEnded={vi.fn()} />, "/staff?handled=false");
    expect(await screen.findByText("No enquiries match these filters.")).toBeTruthy();
  });

  it("opens the section the URL names, with the current one marked in the sub-navigation", async () => {
    // The trail reads the demo slots too, to say when each named slot starts.
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith("/api/staff/audit")) return json({ items: [], nextCursor: null });
      if (url.startsWith("/api/staff/demo/slots")) return json({ slots: [] });
      return json({ batches: [] });
    });
    renderAt(<StaffConsole token={token} onSessionEnded={vi.fn()} />, "/staff?section=audit");
    expect(await screen.findByText("Nothing has been changed yet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Audit trail" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(screen.getByRole("link", { name: "Batches" }));
    expect(await screen.findByText("No batches yet.")).toBeTruthy();
  });
});

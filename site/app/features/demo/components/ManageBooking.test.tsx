// The manage page a mail's link opens: an incomplete, expired or altered link is told so; a booking shows its time
// in both zones and moves to another open slot, or is cancelled after its confirmation.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { inTimeZone, json } from "#app/test/http";
import { renderAt } from "#app/test/render";
import { ManageBooking } from "./ManageBooking";

const id = "e".repeat(24);
const soon = (days: number, hourUtc: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString().replace(".000Z", "Z");
};
const booking = {
  id,
  slotId: "a".repeat(24),
  startsAt: soon(3, 18),
  minutes: 45,
  courseId: "",
  name: "Ayesha Khan",
  email: "ayesha@example.com",
  status: "booked",
  attendance: null,
  meetingUrl: "https://meet.example.com/demo",
  sequence: 0,
};
const other = { id: "b".repeat(24), startsAt: soon(4, 19), minutes: 45, seatsLeft: 2, courseId: null };

inTimeZone("Europe/London");

describe("the manage-booking page", () => {
  it("says an incomplete link is incomplete, without asking the API", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderAt(<ManageBooking />, `/FreeDemo/booking?id=${id}`);
    expect((await screen.findByTestId("booking-problem")).textContent).toContain("This link is incomplete");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says an expired or altered link (403) is not valid, and offers to book again", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ message: "This link is not valid." }, 403)));
    renderAt(<ManageBooking />, `/FreeDemo/booking?id=${id}&token=forged`);
    const problem = await screen.findByTestId("booking-problem");
    expect(problem.textContent).toContain("This link has expired or is not valid");
    expect(within(problem).getByRole("link", { name: "Book a Free Demo Class" }).getAttribute("href")).toBe("/FreeDemo#book");
  });

  it("reschedules to another open slot with the link's token", async () => {
    const moved = { ...booking, slotId: other.id, startsAt: other.startsAt, sequence: 1 };
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith("/api/demo/slots")) return json({ slots: [{ ...other, id: booking.slotId, startsAt: booking.startsAt }, other] });
      if (init?.method === "PATCH") return json({ booking: moved, token: "t.k2" });
      return json({ booking });
    });
    vi.stubGlobal("fetch", fetch);
    renderAt(<ManageBooking />, `/FreeDemo/booking?id=${id}&token=t.k`);
    const time = await screen.findByTestId("booking-time");
    expect(time.textContent).toMatch(/UK time \(.*Pakistan time\)$/);
    expect(screen.getByRole("link", { name: /meet\.example\.com/ })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Reschedule" }));
    const picker = await screen.findByTestId("slot-picker");
    // The booking's own slot is not offered.
    expect(within(picker).getAllByRole("radio")).toHaveLength(1);
    fireEvent.click(within(picker).getByRole("radio"));
    fireEvent.click(screen.getByRole("button", { name: "Move My Booking" }));
    expect((await screen.findByTestId("booking-notice")).textContent).toContain("Your class is moved to");
    const patch = fetch.mock.calls.find((c) => c[1]?.method === "PATCH")!;
    expect(patch[0]).toBe(`/api/demo/bookings/${id}?token=t.k`);
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ slotId: other.id });
    // The fresh token (the old one ends with the old slot) is the page's link from now on.
    expect(window.location.search).toBe(`?id=${id}&token=t.k2`);
  });

  it("cancels after the confirmation", async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      json({ booking: init?.method === "DELETE" ? { ...booking, status: "cancelled", sequence: 1 } : booking }),
    );
    vi.stubGlobal("fetch", fetch);
    renderAt(<ManageBooking />, `/FreeDemo/booking?id=${id}&token=t.k`);
    fireEvent.click(await screen.findByRole("button", { name: "Cancel Booking" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(fetch.mock.calls.some((c) => c[1]?.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel Booking" }));
    await waitFor(() => expect(screen.getByTestId("booking-notice").textContent).toContain("Your booking is cancelled"));
    expect(screen.getByRole("link", { name: "Book Another Time" })).toBeTruthy();
  });

  it("opens the cancel confirmation at once from the mail's Cancel link", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ booking })));
    renderAt(<ManageBooking />, `/FreeDemo/booking?id=${id}&token=t.k&action=cancel`);
    expect((await screen.findByRole("alertdialog")).textContent).toContain("Cancel your demo class?");
  });
});

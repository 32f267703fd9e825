// The booking section: today's enquiry until open slots arrive (and when none do, or the API is unreachable); the
// slots by day in a London visitor's time with a switch to Pakistan time; a full slot refused with the next ones
// offered; a booking goes to /Thank-you with its time.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { inTimeZone, json } from "#app/test/http";
import { renderAt } from "#app/test/render";
import { BookSection } from "./BookSection";

const courses = [
  { id: "665f1c2a9b3e4d0012a1b001", title: "MERN Stack Development" },
  { id: "665f1c2a9b3e4d0012a1b002", title: "Data Analysis" },
];
const slot = (id: string, startsAt: string, extra: object = {}) => ({ id, startsAt, minutes: 45, seatsLeft: 3, courseId: null, ...extra });
// Sunday 29 March 2026, the day the UK's clocks go forward: 7 PM in London is 11 PM in Karachi.
const slots = [
  slot("a".repeat(24), "2026-03-28T19:00:00Z"),
  slot("b".repeat(24), "2026-03-29T18:00:00Z", { seatsLeft: 1 }),
  slot("c".repeat(24), "2026-03-29T20:00:00Z", { courseId: courses[1]!.id }),
];

inTimeZone("Europe/London");

function renderSection() {
  return renderAt(<BookSection headingId="book-heading" courses={courses} enquiry={<p>Today's enquiry form</p>} />, "/FreeDemo", ["/Thank-you"]);
}

describe("the booking section", () => {
  it("stays today's enquiry when no slot is open", async () => {
    const fetch = vi.fn(async () => json({ slots: [] }));
    vi.stubGlobal("fetch", fetch);
    renderSection();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText("Today's enquiry form")).toBeTruthy();
    expect(screen.queryByTestId("demo-booking")).toBeNull();
  });

  it("stays today's enquiry when the API cannot be reached", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetch);
    renderSection();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText("Today's enquiry form")).toBeTruthy();
  });

  it("shows the open slots by day in the visitor's time, and in Pakistan time on request", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ slots })));
    renderSection();
    const picker = await screen.findByTestId("slot-picker");
    expect(screen.queryByText("Today's enquiry form")).toBeNull();
    const days = within(picker).getAllByRole("group");
    expect(days.map((d) => within(d).getByRole("heading").textContent)).toEqual(["Saturday 28 March", "Sunday 29 March"]);
    expect(within(days[1]!).getByLabelText(/7:00 PM UK time/)).toBeTruthy();
    expect(within(days[1]!).getByText(/1 seat left/)).toBeTruthy();
    expect(within(days[1]!).getByText("Data Analysis only")).toBeTruthy();

    fireEvent.click(screen.getByLabelText("Pakistan time (the institute's)"));
    const karachiDays = within(screen.getByTestId("slot-picker")).getAllByRole("group");
    expect(karachiDays.map((d) => within(d).getByRole("heading").textContent)).toEqual(["Sunday 29 March", "Monday 30 March"]);
    expect(within(karachiDays[0]!).getByLabelText(/12:00 AM Pakistan time/)).toBeTruthy();
    expect(within(karachiDays[0]!).getByLabelText(/11:00 PM Pakistan time/)).toBeTruthy();
  });

  it("offers the next open slots when the chosen one filled up meanwhile", async () => {
    const later = slot("d".repeat(24), "2026-03-30T18:00:00Z");
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "POST") return json({ message: "That time is full.", nextSlots: [later] }, 409);
      return json({ slots });
    });
    vi.stubGlobal("fetch", fetch);
    renderSection();
    fireEvent.click(await screen.findByLabelText(/^7:00 PM UK time.*1 seat left/));
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: "Ayesha Khan" } });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: "ayesha@example.com" } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: "+44 7700 900123" } });
    fireEvent.submit(screen.getByRole("form", { name: "Book a free demo class" }));

    const refused = await screen.findByTestId("booking-refused");
    expect(refused.textContent).toContain("That time is full.");
    const offer = within(refused).getByRole("button", { name: "Monday 30 March, 7:00 PM UK time" });
    const body = JSON.parse(String(fetch.mock.calls.find((c) => c[1]?.method === "POST")![1]!.body));
    expect(body).toEqual({ slotId: "b".repeat(24), name: "Ayesha Khan", email: "ayesha@example.com", phone: "+44 7700 900123", courseId: "" });
    // The full slot is gone from the list; the next one is there and chosen with one press.
    expect(screen.queryByLabelText(/1 seat left/)).toBeNull();
    fireEvent.click(offer);
    expect(screen.getByTestId("chosen-slot").textContent).toContain("Monday 30 March, 7:00 PM UK time");
  });

  it("books the slot's own course and goes to the thank-you page with the time", async () => {
    const booking = { id: "e".repeat(24), slotId: "c".repeat(24), startsAt: "2026-03-29T20:00:00Z", minutes: 45, courseId: courses[1]!.id, name: "A", email: "a@example.com", status: "booked", attendance: null, sequence: 0 };
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === "POST" ? json({ booking, token: "t.k" }, 201) : json({ slots })));
    vi.stubGlobal("fetch", fetch);
    const { router } = renderSection();
    fireEvent.click(await screen.findByLabelText(/^9:00 PM UK time/));
    expect(screen.queryByRole("combobox", { name: /Course/ })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: "A" } });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: "a@example.com" } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: "03001234567" } });
    fireEvent.submit(screen.getByRole("form", { name: "Book a free demo class" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Thank-you"));
    expect(router.state.location.state).toEqual({
      demoBooked: { startsAt: booking.startsAt, minutes: 45, managePath: `/FreeDemo/booking?id=${booking.id}&token=t.k` },
    });
    const body = JSON.parse(String(fetch.mock.calls.find((c) => c[1]?.method === "POST")![1]!.body));
    expect(body.courseId).toBe(courses[1]!.id);
  });
});

// The class calendar on /lms: the feed as webcal://, Google and Outlook with it, Reset after a confirmation (the new
// address shown), and the reminders switch.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ClassCalendar, type CalendarActions } from "./ClassCalendar";

const feed = "https://academy.example/calendar/old-token.ics";
const calendar = (token: string, reminders: boolean) => ({
  url: `https://academy.example/calendar/${token}.ics`,
  webcalUrl: `webcal://academy.example/calendar/${token}.ics`,
  googleUrl: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(`webcal://academy.example/calendar/${token}.ics`)}`,
  outlookUrl: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(`https://academy.example/calendar/${token}.ics`)}`,
  reminders,
});

function actions(over: Partial<CalendarActions> = {}): CalendarActions {
  return {
    get: vi.fn(async () => calendar("old-token", true)),
    reset: vi.fn(async () => calendar("new-token", true)),
    setReminders: vi.fn(async (on: boolean) => calendar("old-token", on)),
    ...over,
  };
}

describe("ClassCalendar", () => {
  it("offers the feed to subscribe to, in Google Calendar and in Outlook, as the API gives them", async () => {
    render(<ClassCalendar actions={actions()} />);
    const field = (await screen.findByLabelText("Your calendar link")) as HTMLInputElement;
    expect(field.value).toBe("webcal://academy.example/calendar/old-token.ics");
    expect(screen.getByRole("link", { name: "Subscribe in your calendar app" }).getAttribute("href")).toBe("webcal://academy.example/calendar/old-token.ics");
    const google = new URL(screen.getByRole("link", { name: /^Add to Google Calendar/ }).getAttribute("href")!);
    expect(google.searchParams.get("cid")).toBe("webcal://academy.example/calendar/old-token.ics");
    const outlook = new URL(screen.getByRole("link", { name: /^Add to Outlook/ }).getAttribute("href")!);
    expect(outlook.searchParams.get("url")).toBe(feed);
  });

  it("resets the link only once confirmed, and shows the new one", async () => {
    const a = actions();
    render(<ClassCalendar actions={a} />);
    fireEvent.click(await screen.findByRole("button", { name: "Reset link" }));
    expect(screen.getByText("Reset your calendar link?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Keep the link" }));
    expect(a.reset).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Reset link" }));
    fireEvent.click(screen.getByRole("button", { name: "Reset link" }));
    await waitFor(() => expect((screen.getByLabelText("Your calendar link") as HTMLInputElement).value).toBe("webcal://academy.example/calendar/new-token.ics"));
    expect(a.reset).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("status").textContent).toMatch(/^Your calendar link was reset/);
  });

  it("turns the reminders off and on", async () => {
    const a = actions();
    render(<ClassCalendar actions={a} />);
    const toggle = await screen.findByRole("switch", { name: "Mail me a reminder an hour before each class" });
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
    expect(a.setReminders).toHaveBeenCalledWith(false);
    expect(screen.getByRole("status").textContent).toBe("Reminders are off.");
  });

  it("says when the link could not be loaded, and tries again", async () => {
    const get = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce(calendar("old-token", false));
    render(<ClassCalendar actions={actions({ get })} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Could not load your calendar link.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect((await screen.findByRole("switch")).getAttribute("aria-checked")).toBe("false");
  });
});

import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../test/render";
import ThankYou from "./thank-you";

const messages = ["First message", "Second message", "Third message"];
const props = { loaderData: { meta: [], messages } } as unknown as Parameters<typeof ThankYou>[0];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("Thank-you page", () => {
  it("throws 30 pieces of confetti and links home", () => {
    const { container } = renderAt(<ThankYou {...props} />, "/Thank-you");
    expect(container.querySelectorAll("[data-confetti]")).toHaveLength(30);
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
  });

  it("throws no confetti when the visitor prefers reduced motion", () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === "(prefers-reduced-motion: reduce)",
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal("matchMedia", matchMedia);
    try {
      const { container } = renderAt(<ThankYou {...props} />, "/Thank-you");
      expect(container.querySelectorAll("[data-confetti]")).toHaveLength(0);
      expect(screen.getByRole("link", { name: "Return to Home" })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("rotates the encouragement message every 8 seconds, and can be paused", () => {
    renderAt(<ThankYou {...props} />, "/Thank-you");
    expect(screen.getByText("First message")).toBeTruthy();
    act(() => vi.advanceTimersByTime(7999));
    expect(screen.getByText("First message")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText("Second message")).toBeTruthy();
    act(() => screen.getByRole("button", { name: "Pause messages" }).click());
    act(() => vi.advanceTimersByTime(16000));
    expect(screen.getByText("Second message")).toBeTruthy();
  });

  it("after a demo booking shows its time in the visitor's zone and Pakistan's, and the link to change it", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "Europe/London";
    vi.useRealTimers();
    try {
      const { router } = renderAt(<ThankYou {...props} />, "/");
      await act(() =>
        router.navigate("/Thank-you", {
          state: { demoBooked: { startsAt: "2026-10-25T19:00:00Z", minutes: 45, managePath: "/FreeDemo/booking?id=abc&token=t" } },
        }),
      );
      const notice = await screen.findByTestId("booked-notice");
      expect(notice.textContent).toContain("Sunday 25 October, 7:00 PM UK time (Monday 26 October, 12:00 AM Pakistan time)");
      expect(screen.getByRole("link", { name: "Reschedule or cancel" }).getAttribute("href")).toBe("/FreeDemo/booking?id=abc&token=t");
      expect(screen.queryByText(/Thank you for contacting us/)).toBeNull();
    } finally {
      process.env.TZ = zone;
    }
  });

  it("shows no booking without one in the page's state", () => {
    renderAt(<ThankYou {...props} />, "/Thank-you");
    expect(screen.queryByTestId("booked-notice")).toBeNull();
    expect(screen.getByText("Thank you for contacting us. We'll get back to you soon.")).toBeTruthy();
  });
});

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
});

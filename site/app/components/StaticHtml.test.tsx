// Build-time HTML keeps its components' behaviour when StaticHtml draws it: the same markup the build writes
// (staticHtml with the real components), then links, the price reveal, the FAQ toggle and the picture fallback.
import { act, fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { staticHtml } from "../lib/static-html.server";
import { renderAt } from "../test/render";
import { Faq } from "./Faq";
import { Img } from "./Img";
import { Price } from "./Price";
import { Pricing } from "./Pricing";
import { StaticHtml } from "./StaticHtml";

/** The price reveal as the country check drives it: false, then true once the answer allows prices. */
const prices = vi.hoisted(() => {
  let visible = false;
  const listeners = new Set<() => void>();
  return {
    get: () => visible,
    set(value: boolean) {
      visible = value;
      listeners.forEach((l) => l());
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
});
vi.mock("../lib/prices", async () => {
  const { useSyncExternalStore } = await import("react");
  return { usePricesVisible: () => useSyncExternalStore(prices.subscribe, prices.get, prices.get) };
});

const plans = [{ id: "basic", title: "Basic", priceUsd: 99, features: ["Free demo class"], highlighted: false }];
const html = staticHtml(
  <>
    <a href="/about">About us</a>
    <Price monthlyUsd={99} />
    <Pricing plans={plans as never} highlightLabel="Most Popular" />
    <Faq items={[{ question: "Q1", answer: "A1" }, { question: "Q2", answer: "A2" }]} idPrefix="t" />
    <Img src="/missing.webp" alt="Data Analysis course" width={480} height={270} />
  </>,
);

beforeEach(() => {
  prices.set(false);
});

describe("StaticHtml", () => {
  it("navigates in the browser when a link inside is followed", async () => {
    const { router } = renderAt(<StaticHtml html={html} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "About us" }));
    });
    expect(router.state.location.pathname).toBe("/about");
  });

  it("keeps prices hidden until they are revealed, then swaps them in", () => {
    renderAt(<StaticHtml html={html} />);
    expect(screen.queryByText("Starting at $99 per month")).toBeNull();
    expect(screen.queryByText("$99")).toBeNull();
    expect(screen.getByText("Fees shared on enquiry")).toBeTruthy();
    act(() => prices.set(true));
    expect(screen.getByText("Starting at $99 per month")).toBeTruthy();
    expect(screen.getByText("$99")).toBeTruthy();
    expect(screen.queryByText("Fees shared on enquiry")).toBeNull();
  });

  it("toggles every FAQ item with Show all / Hide all", () => {
    renderAt(<StaticHtml html={html} />);
    const toggle = screen.getByRole("button", { name: "Show all" });
    fireEvent.click(toggle);
    expect([...document.querySelectorAll("details")].every((d) => d.open)).toBe(true);
    expect(toggle.textContent).toBe("Hide all");
    fireEvent.click(toggle);
    expect([...document.querySelectorAll("details")].some((d) => d.open)).toBe(false);
    expect(toggle.textContent).toBe("Show all");
  });

  it("replaces a picture that fails to load with its placeholder", () => {
    renderAt(<StaticHtml html={html} />);
    fireEvent.error(document.querySelector("img")!);
    expect(screen.getByTestId("img-placeholder").textContent).toBe("Data Analysis course");
    expect(document.querySelector("img")).toBeNull();
  });
});

// Build-time HTML keeps its components' behaviour when StaticHtml draws it: the same markup the build writes
// (staticHtml with the real components), then links, the price reveal, the FAQ toggle and the picture fallback.
import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { staticHtml } from "../lib/static-html.server";
import { renderAt } from "../test/render";
import { Faq } from "./Faq";
import { Img } from "./Img";
import { Price } from "./Price";
import { Pricing } from "./Pricing";
import { StaticHtml } from "./StaticHtml";

/** The country check, answered when a test says so (the price reveal waits for it). */
const geo = vi.hoisted(() => {
  let answer: (value: { success: boolean; country_code?: string } | null) => void = () => {};
  return {
    lookup: () => new Promise((resolve) => (answer = resolve)),
    answer: (value: { success: boolean; country_code?: string } | null) => answer(value),
  };
});
vi.mock("../lib/geo", async (original) => ({ ...(await original<object>()), lookupGeo: geo.lookup }));

/** The behaviour besides links arrives after the first paint (./static-html-behaviour.ts). */
const behaviourLoaded = () => import("./static-html-behaviour").then(() => new Promise((resolve) => setTimeout(resolve)));

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

describe("StaticHtml", () => {
  it("navigates in the browser when a link inside is followed", async () => {
    const { router } = renderAt(<StaticHtml html={html} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "About us" }));
    });
    expect(router.state.location.pathname).toBe("/about");
  });

  it("keeps prices hidden until they are revealed, then swaps them in", async () => {
    renderAt(<StaticHtml html={html} />);
    await behaviourLoaded();
    expect(screen.queryByText("Starting at $99 per month")).toBeNull();
    expect(screen.queryByText("$99")).toBeNull();
    expect(screen.getByText("Fees shared on enquiry")).toBeTruthy();
    geo.answer({ success: true, country_code: "GB" });
    expect(await screen.findByText("Starting at $99 per month")).toBeTruthy();
    expect(screen.getByText("$99")).toBeTruthy();
    expect(screen.queryByText("Fees shared on enquiry")).toBeNull();
  });

  it("keeps prices hidden in Pakistan", async () => {
    renderAt(<StaticHtml html={html} />);
    await behaviourLoaded();
    geo.answer({ success: true, country_code: "PK" });
    await behaviourLoaded();
    expect(screen.queryByText("$99")).toBeNull();
    expect(screen.getByText("Fees shared on enquiry")).toBeTruthy();
  });

  it("toggles every FAQ item with Show all / Hide all", async () => {
    renderAt(<StaticHtml html={html} />);
    await behaviourLoaded();
    const toggle = screen.getByRole("button", { name: "Show all" });
    fireEvent.click(toggle);
    expect([...document.querySelectorAll("details")].every((d) => d.open)).toBe(true);
    expect(toggle.textContent).toBe("Hide all");
    fireEvent.click(toggle);
    expect([...document.querySelectorAll("details")].some((d) => d.open)).toBe(false);
    expect(toggle.textContent).toBe("Show all");
  });

  it("replaces a picture that fails to load with its placeholder", async () => {
    renderAt(<StaticHtml html={html} />);
    await behaviourLoaded();
    fireEvent.error(document.querySelector("img")!);
    expect(screen.getByTestId("img-placeholder").textContent).toBe("Data Analysis course");
    expect(document.querySelector("img")).toBeNull();
  });

  it("draws the page's own markup where the embedded data left it out (scripts/lean-loader-data.ts)", () => {
    // The pre-rendered page, as the browser has it before any script ran
    const built = document.createElement("div");
    built.setAttribute("data-build-html", "page");
    built.innerHTML = "<h2>Built at build time</h2><p>Its markup, once.</p>";
    document.body.append(built);
    const { container } = renderAt(<StaticHtml html="" />);
    const drawn = container.querySelector('[data-build-html="page"]');
    expect(drawn?.innerHTML).toBe("<h2>Built at build time</h2><p>Its markup, once.</p>");
    // Markup given is drawn as given; another slot's is not borrowed
    const { container: given } = renderAt(<StaticHtml html="<p>Given</p>" />);
    expect(given.querySelector('[data-build-html="page"]')?.innerHTML).toBe("<p>Given</p>");
    const { container: footer } = renderAt(<StaticHtml html="" slot="footer" />);
    expect(footer.querySelector('[data-build-html="footer"]')?.innerHTML).toBe("");
  });
});

// What a floating button counts as covered (jsdom has no layout: what lies under each point is stubbed).
import { afterEach, describe, expect, it, vi } from "vitest";
import { coversAControl, floatingAttribute, onStaffConsole } from "./floating-buttons";

function page(html: string) {
  document.body.innerHTML = html;
  const button = document.querySelector<HTMLElement>("#floating")!;
  button.getBoundingClientRect = () => new DOMRect(300, 700, 56, 56);
  return button;
}

/** Under every point: the floating buttons first (they are on top), then `under`. */
function stubUnder(...under: string[]) {
  const floating = [...document.querySelectorAll(`[${floatingAttribute}]`)];
  const rest = under.map((selector) => document.querySelector(selector)!);
  Object.defineProperty(document, "elementsFromPoint", { configurable: true, value: vi.fn(() => [...floating, ...rest]) });
}

afterEach(() => {
  delete (document as { elementsFromPoint?: unknown }).elementsFromPoint;
});

describe("a floating button", () => {
  it("covers an input, a button, or what a button holds", () => {
    page(`<a id="floating" ${floatingAttribute}></a><form><input id="field"><button id="send"><span id="label">Send</span></button></form>`);
    stubUnder("#field", "form");
    expect(coversAControl(document.querySelector("#floating")!)).toBe(true);
    stubUnder("#label", "#send", "form");
    expect(coversAControl(document.querySelector("#floating")!)).toBe(true);
  });

  it("covers a link drawn as a button", () => {
    page(`<a id="floating" ${floatingAttribute}></a><a id="continue" class="btn-primary" href="/lms">Continue</a>`);
    stubUnder("#continue");
    expect(coversAControl(document.querySelector("#floating")!)).toBe(true);
  });

  it("does not cover text, a link in it, or the other floating button", () => {
    page(`<a id="floating" ${floatingAttribute}></a><button id="other" ${floatingAttribute}></button><p id="text">Hello <a id="link" href="/">there</a></p>`);
    stubUnder("#text");
    expect(coversAControl(document.querySelector("#floating")!)).toBe(false);
    stubUnder("#link", "#text");
    expect(coversAControl(document.querySelector("#floating")!)).toBe(false);
  });
});

describe("the staff console", () => {
  it("is /staff and below, not a page that starts alike", () => {
    expect(onStaffConsole("/staff")).toBe(true);
    expect(onStaffConsole("/staff/anything")).toBe(true);
    expect(onStaffConsole("/staffing")).toBe(false);
    expect(onStaffConsole("/")).toBe(false);
  });
});

import { render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useContentProtection } from "./content-protection";
import { isDevToolsShortcut } from "./content-protection-listeners";

function Protected({ enabled }: { enabled: boolean }) {
  useContentProtection(enabled);
  return (
    <div>
      <p id="text">Some text</p>
      <input id="field" />
      <textarea id="area" />
    </div>
  );
}

const key = (target: Element, init: KeyboardEventInit) => {
  const e = new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(e);
  return e.defaultPrevented;
};
const contextMenu = (target: Element) => {
  const e = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
  target.dispatchEvent(e);
  return e.defaultPrevented;
};

describe("content protection", () => {
  it("recognises F12, Ctrl+Shift+I and Ctrl+Shift+J only", () => {
    expect(isDevToolsShortcut({ key: "F12", ctrlKey: false, metaKey: false, shiftKey: false })).toBe(true);
    expect(isDevToolsShortcut({ key: "I", ctrlKey: true, metaKey: false, shiftKey: true })).toBe(true);
    expect(isDevToolsShortcut({ key: "J", ctrlKey: true, metaKey: false, shiftKey: true })).toBe(true);
    expect(isDevToolsShortcut({ key: "i", ctrlKey: true, metaKey: false, shiftKey: false })).toBe(false);
    expect(isDevToolsShortcut({ key: "v", ctrlKey: true, metaKey: false, shiftKey: false })).toBe(false);
  });

  it("blocks the shortcuts and the context menu on page content", async () => {
    render(<Protected enabled />);
    const text = document.getElementById("text")!;
    // Its code arrives after the first paint.
    await vi.waitFor(() => expect(contextMenu(text)).toBe(true));
    expect(key(text, { key: "F12" })).toBe(true);
    expect(key(text, { key: "I", ctrlKey: true, shiftKey: true })).toBe(true);
    expect(key(text, { key: "J", ctrlKey: true, shiftKey: true })).toBe(true);
    expect(contextMenu(text)).toBe(true);
  });

  it("never blocks inside inputs and text areas", async () => {
    render(<Protected enabled />);
    await vi.waitFor(() => expect(contextMenu(document.getElementById("text")!)).toBe(true));
    for (const id of ["field", "area"]) {
      const el = document.getElementById(id)!;
      expect(contextMenu(el)).toBe(false);
      expect(key(el, { key: "F12" })).toBe(false);
      expect(key(el, { key: "v", ctrlKey: true })).toBe(false);
    }
  });

  it("does nothing when switched off", async () => {
    render(<Protected enabled={false} />);
    await import("./content-protection-listeners");
    await new Promise((resolve) => setTimeout(resolve, 10));
    const text = document.getElementById("text")!;
    expect(key(text, { key: "F12" })).toBe(false);
    expect(contextMenu(text)).toBe(false);
  });
});

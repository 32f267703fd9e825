// Vitest setup: each test ends with the page as it began. Most test files share one jsdom (vitest.config.ts), so
// what a test leaves behind (a rendered tree, markup written straight into the body, fake timers, stubbed globals,
// stored values) would otherwise meet the next file's tests.
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // The build scripts' tests run in Node, with no page.
  if (typeof document === "undefined") return;
  cleanup();
  document.body.replaceChildren();
  document.head.querySelectorAll("script").forEach((script) => script.remove());
  localStorage.clear();
  sessionStorage.clear();
});

// Component tests run in jsdom without the React Router Vite plugin (it is for app builds).
//
// Building a jsdom for each of the 76 files took half of `npm test` (about 50 s of 115 on this 2-core machine), so
// most files share their worker's jsdom and module graph (`isolate: false`; 51–66 s in all now). A file that cannot share
// runs alone, in a fresh jsdom with fresh modules:
// - it mocks a module (`vi.mock`), which only works when the file imports that module's dependants first;
// - or it says `@vitest-isolate` in a comment, because it counts on a module's once-per-page state (the payment
//   options asked once, Stripe.js loaded once) starting empty.
// Which files those are is read from the files themselves, so a new test cannot land in the wrong pool.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const include = ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

const isolated = ["app", "scripts"]
  .flatMap((dir) => testFiles(join(root, dir)))
  .filter((file) => /\bvi\.mock\(|@vitest-isolate\b/.test(readFileSync(join(root, file), "utf8")));

export default defineConfig({
  test: {
    environment: "jsdom",
    setupFiles: ["./app/test/setup.ts"],
    // jsdom renders slowly on a loaded 2-core machine; a test that waits on the DOM gets 15 s, not 5.
    testTimeout: 15_000,
    projects: [
      { extends: true, test: { name: "shared", include, exclude: isolated, isolate: false } },
      { extends: true, test: { name: "isolated", include: isolated, isolate: true } },
    ],
  },
});

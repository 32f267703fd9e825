// Component tests run in jsdom without the React Router Vite plugin (it is for app builds).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    setupFiles: ["./app/test/setup.ts"],
    // jsdom renders slowly on a loaded 2-core machine; a test that waits on the DOM gets 15 s, not 5.
    testTimeout: 15_000,
  },
});

// Component tests run in jsdom without the React Router Vite plugin (it is for app builds).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    setupFiles: ["./app/test/setup.ts"],
  },
});

// Build config: a static, pre-rendered site (no server runtime); see docs/decisions/0008-site-content-through-build-time-loaders.md.
import type { Config } from "@react-router/dev/config";
import { writeBuildArtifacts } from "./scripts/build-artifacts";
import { prerenderedPages } from "./scripts/prerendered-pages";

export default {
  ssr: false,
  // React Router 8's behaviours, each off (v7's, as the site is built and measured today) and said so, rather than a
  // warning per build. Turning one on is a change to test: splitRouteModules changes the chunks
  // (docs/decisions/0023-first-paint-chunk.md).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
  prerender: prerenderedPages,
  async buildEnd({ reactRouterConfig }) {
    await writeBuildArtifacts(reactRouterConfig.buildDirectory);
  },
} satisfies Config;

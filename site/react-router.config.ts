// Build config: a static, pre-rendered site (no server runtime); see docs/decisions/0008-site-content-through-build-time-loaders.md.
import type { Config } from "@react-router/dev/config";
import { writeBuildArtifacts } from "./scripts/build-artifacts";
import { prerenderedPages } from "./scripts/prerendered-pages";

export default {
  ssr: false,
  prerender: prerenderedPages,
  async buildEnd({ reactRouterConfig }) {
    await writeBuildArtifacts(reactRouterConfig.buildDirectory);
  },
} satisfies Config;

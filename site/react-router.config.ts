// Build config: a static, pre-rendered site (no server runtime); see DESIGN.md "Site".
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

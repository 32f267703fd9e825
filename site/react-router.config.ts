// Build config: a static, pre-rendered site (no server runtime); see DESIGN.md "Site".
import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/config/paths";
import { writeBuildArtifacts } from "./scripts/build-artifacts";

export default {
  ssr: false,
  prerender: () => prerenderPaths,
  async buildEnd({ reactRouterConfig }) {
    await writeBuildArtifacts(reactRouterConfig.buildDirectory);
  },
} satisfies Config;

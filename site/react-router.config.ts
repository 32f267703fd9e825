// Build config: a static, pre-rendered site (no server runtime); see DESIGN.md "Site".
import type { Config } from "@react-router/dev/config";
import { courseOutlinePath, paths, prerenderPaths } from "./app/config/paths";
import { outlineCourseIds } from "./app/features/lms/lms-data.server";
import { writeBuildArtifacts } from "./scripts/build-artifacts";

export default {
  ssr: false,
  // The LMS page's fixed content and the outline of every catalog course are pre-rendered too; other
  // outline ids, batches and lectures load in the browser (clientLoader / effects).
  prerender: () => [...prerenderPaths, paths.lms, ...outlineCourseIds().map(courseOutlinePath)],
  async buildEnd({ reactRouterConfig }) {
    await writeBuildArtifacts(reactRouterConfig.buildDirectory);
  },
} satisfies Config;

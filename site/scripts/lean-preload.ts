// Vite wraps every dynamic import in a helper that preloads the imported chunk's dependencies (~0.6 KB gzip on
// every page). With `build.modulePreload: false` it only ever loads CSS, and the site has one stylesheet, linked by
// the root: the helper is replaced by a plain call, and the build fails if a lazily loaded chunk brings its own CSS.
import type { Plugin } from "vite";

const helperId = "\0vite/preload-helper.js";

export function leanPreload(): Plugin {
  return {
    name: "academy:lean-preload",
    enforce: "pre",
    apply: "build",
    load(id) {
      if (id === helperId) return "export const __vitePreload = (load) => load();";
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || chunk.isEntry || !chunk.isDynamicEntry) continue;
        if (chunk.viteMetadata?.importedCss.size) this.error(`${chunk.fileName} imports CSS, which the lean preload helper would not load`);
      }
    },
  };
}

// Serves /icons.svg from the dev server (the build writes it in buildEnd, see build-artifacts.ts).
import type { Plugin } from "vite";

export function devIconSprite(): Plugin {
  return {
    name: "academy:dev-icon-sprite",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use("/icons.svg", (_req, res) => {
        void import("./icon-sprite.ts").then(async ({ iconSprite }) => {
          res.setHeader("Content-Type", "image/svg+xml");
          res.end(await iconSprite());
        });
      });
    },
  };
}

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { devIconSprite } from "./scripts/dev-icon-sprite.ts";
import { leanPreload } from "./scripts/lean-preload.ts";
import { oidcConfigFromEnv } from "./scripts/oidc-config.ts";

// Validated here, so a bad issuer or client id fails the build rather than the sign-in.
const oidcConfig = oidcConfigFromEnv(process.env);

// What the root draws on every page (the pages' own sections are build-time HTML or their route's chunks).
const commonComponents = ["ChatButton", "Header", "Icon", "SectionButton", "StaticHtml", "Toasts"];
const sharedModules = new RegExp(
  String.raw`[\/]app[\/](lib[\/](?!api-client)|config[\/]|features[\/]auth[\/]session\.ts|components[\/](${commonComponents.join("|")})\.tsx)`,
);

export default defineConfig({
  plugins: [leanPreload(), tailwindcss(), reactRouter(), devIconSprite()],
  define: { __OIDC_CONFIG__: JSON.stringify(oidcConfig) },
  server: { fs: { allow: [".", "../infra/seed"] } },
  build: {
    // No preload helper around dynamic imports: what loads on demand (chat window, OIDC client, toasts, dialogs) is
    // one chunk each, and the helper would cost every page ~0.6 KB.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks compress better: every page needs the framework and the root's components, and
        // the home page has a 115 KB (gzip) JavaScript budget (docs/decisions/0012-chunks.md).
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
            { name: "app", test: sharedModules },
          ],
        },
      },
    },
  },
});

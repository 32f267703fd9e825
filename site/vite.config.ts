import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { devIconSprite } from "./scripts/dev-icon-sprite.ts";
import { oidcConfigFromEnv } from "./scripts/oidc-config.ts";

// Validated here, so a bad issuer or client id fails the build rather than the sign-in.
const oidcConfig = oidcConfigFromEnv(process.env);

const commonComponents = [
  "ChatButton", "CheckList", "ContactDetails", "CourseCard", "Faq", "FeatureGrid", "Footer", "Header", "Icon", "Img",
  "PageHero", "Price", "Pricing", "Section", "SectionButton", "Stars", "Stats", "TestimonialCard", "Toasts",
];
const sharedModules = new RegExp(
  String.raw`[\/]app[\/](lib[\/]|config[\/]|features[\/]auth[\/]session\.ts|components[\/](${commonComponents.join("|")})\.tsx)`,
);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), devIconSprite()],
  define: { __OIDC_CONFIG__: JSON.stringify(oidcConfig) },
  server: { fs: { allow: [".", "../infra/seed"] } },
  build: {
    // No preload helper around dynamic imports: what loads on demand (chat window, OIDC client, toasts, dialogs) is
    // one chunk each, and the helper would cost every page ~0.6 KB.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks compress better: every page needs the framework and the common components,
        // and the home page has a 120 KB (gzip) JavaScript budget. Page-specific components (course and
        // service page templates, forms, the Radix portfolio dialog) stay in their own chunks.
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

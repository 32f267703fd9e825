import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { devIconSprite } from "./scripts/dev-icon-sprite.ts";
import { oidcConfigFromEnv } from "./scripts/oidc-config.ts";

// Validated here, so a bad issuer or client id fails the build rather than the sign-in.
const oidcConfig = oidcConfigFromEnv(process.env);

const commonComponents = [
  "ChatButton", "CheckList", "ContactDetails", "CourseCard", "Faq", "FeatureGrid", "Footer", "Header", "Icon", "Img",
  "PageHero", "Price", "Pricing", "Section", "Stars", "Stats", "TestimonialCard", "Toasts",
];
const sharedModules = new RegExp(
  String.raw`[\/]app[\/](lib[\/]|config[\/]|components[\/](${commonComponents.join("|")})\.tsx)`,
);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), devIconSprite()],
  define: { __OIDC_CONFIG__: JSON.stringify(oidcConfig) },
  server: { fs: { allow: [".", "../infra/seed"] } },
  build: {
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

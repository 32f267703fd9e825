import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createLogger, defineConfig } from "vite";
import { devIconSprite } from "./scripts/dev-icon-sprite.ts";
import { leanPreload } from "./scripts/lean-preload.ts";
import { quietRouter } from "./scripts/quiet-router.ts";
import { oidcConfigFromEnv } from "./scripts/oidc-config.ts";

// Validated here, so a bad issuer or client id fails the build rather than the sign-in.
const oidcConfig = oidcConfigFromEnv(process.env);

// What every page runs at first paint, and all that "/" runs: the root with its header, footer and floating buttons,
// and the home route (their route chunks become one-line re-exports). One chunk, so it compresses as one. A module
// listed here is downloaded by every page, so list only what the root or the home page imports; everything else is
// chunked by who imports it or loads on demand (docs/decisions/0023-first-paint-chunk.md).
const firstPaint = [
  String.raw`components[\/](StaticHeader|header-behaviour|StaticHtml|ChatButton|Icon|Toasts)\.tsx?`,
  String.raw`lib[\/](follow-link|nav|cx|when-loaded|assistant-state|content-protection|route-meta|static-render)\.ts`,
  String.raw`config[\/]paths\.ts`,
  String.raw`features[\/]assistant[\/]components[\/]AssistantLauncher\.tsx`,
  String.raw`root\.tsx`,
  String.raw`routes[\/]home\.tsx`,
];
const sharedModules = new RegExp(String.raw`[\/]app[\/](${firstPaint.join("|")})$`);
// The country check with the prices it reveals: one chunk for the pages that show prices (and, after the first
// paint, for the build-time HTML's price reveal).
// What every page loads once it has painted (lib/when-loaded.ts, docs/decisions/0023-first-paint-chunk.md): one
// request. The session is in it: the pages that need it at once (LMS, sign-in) then share it too.
const afterPaint = new RegExp(
  String.raw`[\/]app[\/](lib[\/]content-protection-listeners\.ts|components[\/]static-html-behaviour\.ts|` +
    String.raw`features[\/]auth[\/](components[\/]SessionWatch\.tsx|session\.ts)|config[\/]oidc\.ts)$`,
);
const priceModules = /[\\/]app[\\/](lib[\\/](geo|prices)\.ts|components[\\/]Price\.tsx)$/;
// What every form page runs with its form (fields, sending, the submission id): one chunk rather than three, which
// brings /contact within its budget (docs/decisions/0045-first-load-budgets.md).
const formModules = /[\\/]app[\\/](components[\\/]FormFields\.tsx|features[\\/]forms[\\/]hooks[\\/]use-submission\.tsx|lib[\\/]submission-id\.ts)$/;

// @react-router/dev 7.18 starts its child compilers with `envFile: false`, which Vite 8 deprecates (for `envDir:
// false`) with a warning per compiler: theirs, not ours, so that one message is dropped and every other one kept.
const logger = createLogger();
const notEnvFile = (warn: typeof logger.warn): typeof logger.warn => (message, options) => {
  if (!message.includes("The `envFile` option is deprecated")) warn(message, options);
};
logger.warn = notEnvFile(logger.warn);
logger.warnOnce = notEnvFile(logger.warnOnce);

export default defineConfig({
  customLogger: logger,
  plugins: [leanPreload(), quietRouter(), tailwindcss(), reactRouter(), devIconSprite()],
  define: { __OIDC_CONFIG__: JSON.stringify(oidcConfig) },
  server: { fs: { allow: [".", "../infra/seed"] } },
  build: {
    // No preload helper around dynamic imports: what loads on demand (chat window, OIDC client, toasts, dialogs) is
    // one chunk each, and the helper would cost every page ~0.6 KB.
    modulePreload: false,
    rolldownOptions: {
      // Rolldown's per-build report of slow plugins is for profiling, not for every build's output.
      checks: { bundlerTimings: false },
      output: {
        // Fewer, larger chunks compress better: every page needs the framework and the root's components, and
        // the home page has a 110 KB (gzip) JavaScript budget (docs/decisions/0012-chunks.md, 0022, 0023, 0045).
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
            { name: "app", test: sharedModules },
            { name: "prices", test: priceModules },
            { name: "forms", test: formModules },
            // The page hero and sections most public pages open with: one chunk (one request, compressed together).
            { name: "page-kit", test: /[\\/]app[\\/]components[\\/](PageHero|Section)\.tsx$/ },
            { name: "after-paint", test: afterPaint },
          ],
        },
      },
    },
  },
});

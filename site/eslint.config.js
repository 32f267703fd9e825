// `npm run lint` (part of `make test`): TypeScript and hooks rules, and the site's layers enforced. Imports flow one
// way, config → content → lib → components → features → routes (root.tsx and routes.ts are routes); a feature never
// imports another feature; inside the staff console, an area (payments, demo, …) imports only itself and the
// console's kit, and the kit no area; nothing imports in a cycle. See docs/decisions/0020-site-layers-enforced.md.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const layers = ["config", "content", "lib", "components", "features", "routes"];
const top = ["./app/routes", "./app/root.tsx", "./app/routes.ts"];
const dirOf = (layer) => (layer === "routes" ? top : [`./app/${layer}`]);

/** Each layer may import only the layers before it (and itself). */
const layerZones = layers.slice(0, -1).map((layer, i) => ({
  target: `./app/${layer}`,
  from: layers.slice(i + 1).flatMap(dirOf),
  message: `app/${layer} sits below ${layers.slice(i + 1).join(", ")}: move the shared piece down a layer.`,
}));

/** A feature may import its own files only, not another feature's. */
const features = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureZones = features.map((feature) => ({
  target: `./app/features/${feature}`,
  from: "./app/features",
  except: [`./${feature}`],
  message: "A feature does not import another feature: move what both need into lib or components.",
}));

/**
 * The staff console (features/staff): its own folders (the shell, enquiries, enrolments, batches, audit) compose the
 * areas; every other folder is an area (a batch's lectures, live classes, assignments, certificates; demo slots;
 * payments) that imports only itself and the kit (what the console's parts share: table, field, dialogs, states,
 * hooks, the calls more than one area makes); the kit imports no area and not the console.
 */
const consoleDirs = ["api", "components", "kit"];
const staffAreas = readdirSync(new URL("./app/features/staff", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !consoleDirs.includes(d.name))
  .map((d) => d.name);
const staffZones = [
  ...staffAreas.map((area) => ({
    target: `./app/features/staff/${area}`,
    from: "./app/features/staff",
    except: [`./${area}`, "./kit"],
    message: `A console area imports only itself and features/staff/kit: move what ${area} shares with another part into the kit.`,
  })),
  {
    target: "./app/features/staff/kit",
    from: "./app/features/staff",
    except: ["./kit"],
    message: "The console's kit imports no console area and not the console: pass the piece in, or move it into the kit.",
  },
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "public/", "app/lib/api-types.ts", "app/lib/api-contract.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
      "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...featureZones, ...staffZones] }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Three folders up or more is written from the app's root, #app/… (package.json "imports"); only the seed data
    // outside app/ (../infra) is reached by climbing.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: String.raw`^(\.\./){3,}(?!infra/)`, message: "Import it as #app/… instead of climbing three folders or more." }] },
      ],
    },
  },
);

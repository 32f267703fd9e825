// `npm run lint` (part of `make test`): TypeScript and hooks rules, and the site's layers enforced. Imports flow one
// way, config → content → lib → components → features → routes (root.tsx and routes.ts are routes); a feature never
// imports another feature; nothing imports in a cycle. See docs/decisions/0020-site-layers-enforced.md.
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
      "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...featureZones] }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
);

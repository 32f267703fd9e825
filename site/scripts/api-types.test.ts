// @vitest-environment node
// Drift check: app/lib/api-types.ts must be exactly what openapi-typescript makes of ../functions/openapi.json.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { apiTypesFile, generateApiTypes } from "./api-types";

describe("app/lib/api-types.ts", () => {
  it("matches ../functions/openapi.json", async () => {
    const committed = await readFile(fileURLToPath(new URL(`../${apiTypesFile}`, import.meta.url)), "utf8");
    const fresh = await generateApiTypes();
    expect(committed === fresh, `${apiTypesFile} is out of date with ../functions/openapi.json: run \`npm run api-types\` in site/ and commit the result`).toBe(true);
  }, 30_000);
});

// @vitest-environment node
// Drift check: app/lib/api-types.ts (openapi-typescript) and app/lib/api-contract.ts (the contract's rules as constants)
// must be exactly what ../functions/openapi.json makes of them.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { apiContractFile, apiTypesFile, generateApiContract, generateApiTypes } from "./api-types";

describe.each([
  [apiTypesFile, generateApiTypes],
  [apiContractFile, generateApiContract],
])("%s", (file, generate) => {
  it("matches ../functions/openapi.json", async () => {
    const committed = await readFile(fileURLToPath(new URL(`../${file}`, import.meta.url)), "utf8");
    const fresh = await generate();
    expect(committed === fresh, `${file} is out of date with ../functions/openapi.json: run \`npm run api-types\` in site/ and commit the result`).toBe(true);
  }, 30_000);
});

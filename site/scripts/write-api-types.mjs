// `npm run api-types`: writes app/lib/api-types.ts and app/lib/api-contract.ts from ../functions/openapi.json (scripts/api-types.ts, loaded through
// Vite as scripts/write-knowledge.mjs loads its module). Commit the result; a Vitest test fails on drift.
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const site = fileURLToPath(new URL("..", import.meta.url));
const { module } = await runnerImport(fileURLToPath(new URL("./api-types.ts", import.meta.url)), {
  configFile: false,
  root: site,
  logLevel: "warn",
});
for (const [file, generate] of [
  [module.apiTypesFile, module.generateApiTypes],
  [module.apiContractFile, module.generateApiContract],
]) {
  const target = fileURLToPath(new URL(`../${file}`, import.meta.url));
  await writeFile(target, await generate());
  console.log(`wrote ${target}`);
}

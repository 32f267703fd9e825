// `npm run knowledge`: writes infra/knowledge/knowledge.json from scripts/knowledge.ts (loaded through Vite, as the
// build loads the content modules). The Rust assistant compiles the file in; a Vitest test fails on drift.
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const site = fileURLToPath(new URL("..", import.meta.url));
const { module } = await runnerImport(fileURLToPath(new URL("./knowledge.ts", import.meta.url)), {
  configFile: false,
  root: site,
  logLevel: "warn",
});
const target = fileURLToPath(new URL(`../${module.knowledgeFile}`, import.meta.url));
await writeFile(target, module.knowledgeJson());
console.log(`wrote ${target}: ${module.knowledge().passages.length} passages`);

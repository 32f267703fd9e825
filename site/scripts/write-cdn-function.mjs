// `npm run cdn`: writes the files of scripts/cdn-function.ts (loaded through Vite, as the build loads the content
// modules): infra/cdn/site-routes.json, infra/cdn/viewer-request.js, and both functions' code in template.yaml.
import { stat, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const site = fileURLToPath(new URL("..", import.meta.url));
const { module } = await runnerImport(fileURLToPath(new URL("./cdn-function.ts", import.meta.url)), {
  configFile: false,
  root: site,
  logLevel: "warn",
});
for (const [path, text] of Object.entries(module.cdnFiles())) {
  await writeFile(module.fromRepo(path), text);
  console.log(`wrote ${path} (${Buffer.byteLength(text)} bytes)`);
}
for (const path of [module.viewerRequestFile, module.viewerResponseFile]) {
  const size = (await stat(module.fromRepo(path))).size;
  if (size >= module.functionSizeLimit) throw new Error(`${path}: ${size} bytes, over CloudFront's ${module.functionSizeLimit}`);
}

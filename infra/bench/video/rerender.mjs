// Writes docs/benchmarks/video.md again from the last run's figures ($BENCH_VIDEO_CACHE/last-run.json), e.g. after the
// findings (findings.mjs) were edited: the measurements are not repeated.
import { readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { productMarkdown } from "./product-report.mjs";
import { markdown } from "./report.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const cacheRoot = process.env.BENCH_VIDEO_CACHE ?? join(homedir(), ".cache", "academy", "bench-video");
const out = process.env.OUT ?? join(here, "..", "..", "..", "docs", "benchmarks", "video.md");
const { product, results, meta, productMeta, media, misses, productMisses, broken } = JSON.parse(readFileSync(join(cacheRoot, "last-run.json"), "utf8"));
const standIn = results.length ? markdown(results, media, meta, misses, broken) : null;
writeFileSync(out, productMarkdown(product, productMeta, productMisses, standIn));
console.log(`bench-video: wrote ${out} from ${join(cacheRoot, "last-run.json")}`);

// @vitest-environment node
// The budget counts what a page runs at first load: preloads, module scripts and their static imports, not what
// loads on demand; and compressed copies sit beside every text file of the build, never beside images.
import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { writeCompressedCopies } from "./compress";
import { pageScripts, pageWeight } from "./page-weight.mjs";

let dir: string;
async function build(files: Record<string, string>) {
  dir = await mkdtemp(join(tmpdir(), "page-weight-"));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, ".."), { recursive: true });
    await writeFile(join(dir, name), text);
  }
}
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("pageScripts", () => {
  it("follows preloads, the inline module script and static imports, but not dynamic imports", async () => {
    await build({
      "about/index.html":
        '<link rel="modulepreload" href="/assets/framework.js"/><script type="module" async="">import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";</script>',
      "assets/framework.js": "export const f = 1;",
      "assets/manifest.js": "window.m = 1;",
      "assets/root.js": 'import{f as e}from"./app.js";const w=()=>import("./window.js");export{w};',
      "assets/app.js": 'export * from "./shared.js";',
      "assets/shared.js": "export const s = 1;",
      "assets/window.js": "export const big = 1;",
    });
    expect(pageScripts(dir, "/about")).toEqual(["/assets/app.js", "/assets/framework.js", "/assets/manifest.js", "/assets/root.js", "/assets/shared.js"]);
    const weight = pageWeight(dir, "/about");
    expect(weight.files).toHaveLength(5);
    expect(weight.gzip).toBe(weight.files.reduce((n, f) => n + f.gzip, 0));
  });

  it("fails loudly when the page refers to a script the build lacks", async () => {
    await build({ "index.html": '<link rel="modulepreload" href="/assets/gone.js"/>' });
    expect(() => pageScripts(dir, "/")).toThrow(/gone\.js/);
  });
});

describe("writeCompressedCopies", () => {
  it("writes .br and .gz copies of text files that decompress to the file, and none for images or tiny files", async () => {
    const page = "<!doctype html><title>x</title>" + "<p>hello</p>".repeat(200);
    await build({ "index.html": page, "about.data": JSON.stringify({ a: "b".repeat(500) }), "images/x.webp": "RIFF".repeat(100), "a.txt": "x" });
    await writeCompressedCopies(dir);
    expect(brotliDecompressSync(await readFile(join(dir, "index.html.br"))).toString()).toBe(page);
    expect(gunzipSync(await readFile(join(dir, "index.html.gz"))).toString()).toBe(page);
    await stat(join(dir, "about.data.br"));
    await expect(stat(join(dir, "images/x.webp.gz"))).rejects.toThrow();
    // A copy no smaller than the file is pointless: the file goes as it is.
    await expect(stat(join(dir, "a.txt.gz"))).rejects.toThrow();
  });
});

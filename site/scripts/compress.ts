// Brotli (quality 11) and gzip (level 9) copies beside every text file of the build, written once at build time so
// `academy serve` sends them as they are (ServeFile's precompressed_br/_gzip) instead of compressing per request.
// The CDN compresses by itself: infra/scripts/deploy_site.py does not upload the copies.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing (`.data` is React Router's pre-rendered loader data). */
export const compressibleExtensions = new Set([
  ".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".xml", ".data", ".webmanifest", ".map",
]);

export const isCompressible = (file: string) => compressibleExtensions.has(extname(file).toLowerCase());

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

export const brotliBytes = (bytes: Buffer) =>
  brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
export const gzipBytes = (bytes: Buffer) => gz(bytes, { level: 9 });

/** Writes `<file>.br` and `<file>.gz` for each text file under `dir` (a copy no smaller than the file is skipped). */
export async function writeCompressedCopies(dir: string): Promise<{ files: number; copies: number }> {
  const targets: string[] = [];
  for await (const file of files(dir)) if (isCompressible(file)) targets.push(file);
  let copies = 0;
  // Two at a time: brotli's best level is CPU-bound and the machine may be shared.
  const queue = [...targets];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const bytes = await readFile(file);
      for (const [ext, compress] of [[".br", brotliBytes], [".gz", gzipBytes]] as const) {
        const packed = await compress(bytes);
        if (packed.length < bytes.length) {
          await writeFile(file + ext, packed);
          copies++;
        }
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return { files: targets.length, copies };
}

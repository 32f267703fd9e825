// The bench's origin on loopback: the player page, hls.js (gzipped, as a site would send it), the ladder, the single
// MP4 with byte ranges (as S3 or CloudFront answer a <video>), and /probe?bytes=N, N incompressible bytes that the
// harness times to prove the browser's network emulation applies.
import { randomBytes } from "node:crypto";
import { createReadStream, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { gzipSync } from "node:zlib";

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".m3u8": "application/vnd.apple.mpegurl",
  ".m4s": "video/iso.segment",
  ".mp4": "video/mp4",
};

/** Serves `pages` (path → file read once: the page and the script) and `folders` (URL prefix → folder). */
export function startOrigin({ pages, folders }) {
  const fixed = new Map(
    Object.entries(pages).map(([path, file]) => {
      const body = readFileSync(file);
      return [path, { body, gzip: gzipSync(body, { level: 9 }), type: types[extname(file)] }];
    }),
  );
  const probe = randomBytes(4 << 20);
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://origin");
    if (url.pathname === "/probe") {
      const n = Math.min(Number(url.searchParams.get("bytes")) || 0, probe.length);
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": n, "cache-control": "no-store" });
      return res.end(probe.subarray(0, n));
    }
    const page = fixed.get(url.pathname);
    if (page) {
      const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
      const body = gzip ? page.gzip : page.body;
      res.writeHead(200, {
        "content-type": page.type,
        "content-length": body.length,
        "cache-control": "no-store",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      });
      return res.end(body);
    }
    for (const [prefix, folder] of Object.entries(folders)) {
      if (!url.pathname.startsWith(prefix)) continue;
      const file = normalize(join(folder, decodeURIComponent(url.pathname.slice(prefix.length))));
      if (!file.startsWith(folder + sep) && file !== folder) break;
      return sendFile(req, res, file);
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${server.address().port}` })),
  );
}

/** A file with `Range: bytes=a-b` support (one range), playlists no-store and media cacheable, as the lecture
 * function answers them. */
function sendFile(req, res, file) {
  let size;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new Error("not a file");
    size = st.size;
  } catch {
    return res.writeHead(404).end();
  }
  const ext = extname(file);
  const headers = {
    "content-type": types[ext] ?? "application/octet-stream",
    "accept-ranges": "bytes",
    "cache-control": ext === ".m3u8" ? "no-store" : "public, max-age=31536000, immutable",
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
  if (range) {
    let start = range[1] === "" ? size - Number(range[2]) : Number(range[1]);
    let end = range[1] === "" || range[2] === "" ? size - 1 : Math.min(Number(range[2]), size - 1);
    if (start < 0) start = 0;
    if (start > end || start >= size) {
      return res.writeHead(416, { "content-range": `bytes */${size}` }).end();
    }
    res.writeHead(206, { ...headers, "content-range": `bytes ${start}-${end}/${size}`, "content-length": end - start + 1 });
    return createReadStream(file, { start, end }).pipe(res);
  }
  res.writeHead(200, { ...headers, "content-length": size });
  createReadStream(file).pipe(res);
}

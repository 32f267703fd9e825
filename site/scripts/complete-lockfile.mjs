// Run after `npm install` changes package-lock.json. The registry mirror this workplace uses lacks some
// platform builds of native packages (e.g. @rollup/rollup-darwin-arm64, @tailwindcss/oxide-win32-x64-msvc),
// so npm cannot record them, and `npm ci` then refuses the lockfile ("Missing: … from lock file"). This adds
// an entry for each missing optional platform package, with the os/cpu/libc its name declares, so `npm ci`
// validates the lockfile and skips those packages on this platform, exactly as it would with full entries.
import { readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const OS = ["android", "darwin", "freebsd", "linux", "openbsd", "netbsd", "openharmony", "sunos", "aix", "win32"];
const CPU = { arm64: "arm64", x64: "x64", ia32: "ia32", arm: "arm", ppc64: "ppc64", riscv64: "riscv64", s390x: "s390x", loong64: "loong64", mips64el: "mips64el", wasm32: "wasm32" };

/** os, cpu and libc of a platform package, read from its name (e.g. rollup-linux-arm64-musl). */
export function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!cpu) return null;
  const entry = { cpu: [cpu] };
  if (os) entry.os = [os];
  if (os === "linux") entry.libc = [parts.some((p) => p.startsWith("musl")) ? "musl" : "glibc"];
  return entry;
}

const exact = (spec) => spec.replace(/^[\^~=]/, "");

/** Adds the missing optional platform entries to a parsed lockfile; returns how many it added. */
export function completeLockfile(lock) {
  const packages = lock.packages;
  let added = 0;
  for (const [path, pkg] of Object.entries(packages)) {
    for (const [dep, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
      const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
      const hoisted = `node_modules/${dep}`;
      if (packages[base] || packages[hoisted]) continue;
      const platform = platformOf(dep);
      if (!platform) {
        console.warn(`complete-lockfile: cannot tell the platform of ${dep}; left as is`);
        continue;
      }
      packages[hoisted] = { version: exact(spec), dev: pkg.dev || undefined, optional: true, ...platform };
      added += 1;
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
  );
  return added;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const lockPath = new URL("../package-lock.json", import.meta.url);
  const lock = JSON.parse(await readFile(lockPath, "utf8"));
  const added = completeLockfile(lock);
  await writeFile(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lockfile: added ${added} platform entries`);
}

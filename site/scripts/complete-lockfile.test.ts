import { describe, expect, it } from "vitest";
import { completeLockfile, platformOf } from "./complete-lockfile.mjs";

describe("complete-lockfile", () => {
  it("reads os, cpu and libc from platform package names", () => {
    expect(platformOf("@rollup/rollup-darwin-arm64")).toEqual({ os: ["darwin"], cpu: ["arm64"] });
    expect(platformOf("@rollup/rollup-linux-arm64-musl")).toEqual({ os: ["linux"], cpu: ["arm64"], libc: ["musl"] });
    expect(platformOf("@tailwindcss/oxide-linux-arm-gnueabihf")).toEqual({ os: ["linux"], cpu: ["arm"], libc: ["glibc"] });
    expect(platformOf("@tailwindcss/oxide-win32-x64-msvc")).toEqual({ os: ["win32"], cpu: ["x64"] });
    expect(platformOf("@tailwindcss/oxide-wasm32-wasi")).toEqual({ cpu: ["wasm32"] });
    expect(platformOf("fsevents")).toBeNull();
  });

  it("adds only the optional platform packages the lockfile lacks", () => {
    const lock = {
      packages: {
        "": { name: "x" },
        "node_modules/@tailwindcss/oxide": {
          version: "4.3.5",
          dev: true,
          optionalDependencies: { "@tailwindcss/oxide-linux-x64-gnu": "4.3.5", "@tailwindcss/oxide-darwin-arm64": "4.3.5" },
        },
        "node_modules/@tailwindcss/oxide-linux-x64-gnu": { version: "4.3.5", os: ["linux"], cpu: ["x64"] },
      },
    };
    expect(completeLockfile(lock)).toBe(1);
    expect(lock.packages["node_modules/@tailwindcss/oxide-darwin-arm64" as keyof typeof lock.packages]).toEqual({
      version: "4.3.5",
      dev: true,
      optional: true,
      os: ["darwin"],
      cpu: ["arm64"],
    });
    expect(completeLockfile(lock)).toBe(0);
  });
});

// Writes the SVG sprite of every icon in app/config/icons.ts, drawn from lucide-react's own icon data.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { iconNames } from "../app/config/icons.ts";

type IconNode = [tag: string, attrs: Record<string, string | number>][];

const require = createRequire(import.meta.url);

function iconFile(name: string): string {
  const pkg = require.resolve("lucide-react/package.json");
  return join(dirname(pkg), "dist", "esm", "icons", `${name}.mjs`);
}

/** lucide-react's data for one icon, following alias modules (bar-chart-3 → chart-column). */
async function iconNode(name: string): Promise<IconNode> {
  const file = iconFile(name);
  const alias = /export \{ default \} from '\.\/(.+)\.mjs'/.exec(await readFile(file, "utf8"));
  if (alias?.[1]) return iconNode(alias[1]);
  const mod = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { __iconData?: { node: IconNode } };
  if (!mod.__iconData) throw new Error(`lucide-react: no icon data for "${name}"`);
  return mod.__iconData.node;
}

const escapeAttr = (v: string | number) => String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;");

export async function iconSprite(): Promise<string> {
  const symbols = await Promise.all(
    iconNames.map(async (name) => {
      const children = (await iconNode(name))
        .map(([tag, attrs]) => {
          const a = Object.entries(attrs)
            .filter(([k]) => k !== "key")
            .map(([k, v]) => `${k}="${escapeAttr(v)}"`)
            .join(" ");
          return `<${tag} ${a}/>`;
        })
        .join("");
      return `<symbol id="${name}" viewBox="0 0 24 24">${children}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}

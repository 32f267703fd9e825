// The CDN's committed files are exactly what `npm run cdn` writes from today's site source (drift check), template.yaml
// carries each CloudFront Function verbatim, and each fits CloudFront's code limit.
// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cdnFiles, fromRepo, functionSizeLimit, viewerRequestFile, viewerResponseFile } from "./cdn-function";

const committed = (path: string) => readFileSync(fromRepo(path), "utf8");

/**
 * The string YAML reads from the `|` block scalar on the line ending `FunctionCode: |  # <file>`: its indentation
 * is the first non-blank line's, it runs while lines are blank or at least that indented, and clip chomping keeps
 * one final newline.
 */
function functionCodeIn(template: string, file: string): string {
  const lines = template.split("\n");
  const header = lines.findIndex((line) => /^ +FunctionCode: \| {2}# /.test(line) && line.endsWith(`# ${file}`));
  expect(header, `template.yaml has a FunctionCode block for ${file}`).toBeGreaterThan(0);
  const headerIndent = lines[header]!.search(/\S/);
  const body = lines.slice(header + 1);
  const indent = body.find((line) => line.trim() !== "")!.search(/\S/);
  expect(indent).toBeGreaterThan(headerIndent);
  const block: string[] = [];
  for (const line of body) {
    if (line.trim() !== "" && line.search(/\S/) < indent) break;
    block.push(line.slice(indent));
  }
  while (block.length && block.at(-1)!.trim() === "") block.pop();
  return `${block.join("\n")}\n`;
}

describe("infra/cdn", () => {
  const files = cdnFiles();

  it.each(Object.keys(files))("%s matches the generator (run `npm run cdn` and commit)", (path) => {
    expect(committed(path)).toBe(files[path]);
  });

  it.each([viewerRequestFile, viewerResponseFile])("template.yaml carries %s verbatim", (file) => {
    expect(functionCodeIn(committed("template.yaml"), file)).toBe(committed(file));
  });

  it.each([viewerRequestFile, viewerResponseFile])("%s fits CloudFront's 10 KB code limit", (file) => {
    expect(readFileSync(fromRepo(file)).length).toBeLessThan(functionSizeLimit);
  });
});

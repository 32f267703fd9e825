// The committed knowledge file must be exactly what the generator writes from today's content (drift check),
// and must carry the facts the offline assistant is expected to answer.
// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { knowledge, knowledgeFile, knowledgeJson } from "./knowledge";

const committed = readFileSync(fileURLToPath(new URL(`../${knowledgeFile}`, import.meta.url)), "utf8");

describe("infra/knowledge/knowledge.json", () => {
  it("matches the generator (run `npm run knowledge` and commit the file)", () => {
    expect(committed).toBe(knowledgeJson());
  });

  const { company, passages } = knowledge();
  const find = (title: RegExp) => passages.find((p) => title.test(p.title));

  it("names the company and gives every passage a title, a short text and a site path", () => {
    expect(company).toBe("Skyline Tech Academy");
    for (const p of passages) {
      expect(p.title.length).toBeGreaterThan(3);
      expect(p.text.length).toBeGreaterThan(10);
      expect(p.text.length).toBeLessThan(700);
      expect(p.url).toMatch(/^\/[A-Za-z-]*$/);
    }
    expect(new Set(passages.map((p) => p.title)).size).toBe(passages.length);
  });

  it("states the facts the assistant must answer, prices included", () => {
    expect(find(/free demo session last/)?.text).toContain("30–45 minutes");
    expect(find(/^MERN Stack Development course: price/)?.text).toContain("$99 per month");
    expect(find(/^Refund window/)?.text).toContain("within 3 days");
    expect(find(/^Opening hours$/)?.text).toMatch(/Mon–Fri 9:00 AM–7:00 PM, Sat 10:00 AM–4:00 PM/);
    expect(find(/^Standard plan$/)?.text).toContain("$149 per month");
  });
});

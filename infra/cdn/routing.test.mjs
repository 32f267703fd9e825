// The CloudFront Functions, loaded from their files as CloudFront runs them, pass every case of routing-cases.json
// against a simulated bucket (site-routes.json's pages as <page>/index.html plus the cases' `files`). The Rust side
// (functions/cli/src/site/routing_cases.rs) holds `academy serve` to the same cases.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import vm from "node:vm";

const read = (file) => readFileSync(new URL(file, import.meta.url), "utf8");
const { files, cases } = JSON.parse(read("routing-cases.json"));
const { pages } = JSON.parse(read("site-routes.json"));
const bucket = new Set([...pages.map((p) => (p === "/" ? "/index.html" : `${p}/index.html`)), ...files]);
const NOT_FOUND_PAGE = "/404/index.html";

/** The file's `handler`, run in a fresh context with nothing but the language (no require, no process). */
function load(file) {
  const context = vm.createContext({});
  vm.runInContext(`${read(file)}\n;globalThis.handler = handler;`, context, { filename: file });
  return context.handler;
}
const viewerRequest = load("viewer-request.js");
const viewerResponse = load("viewer-response.js");

/** CloudFront's querystring object for a raw query: names and values as received, repeated names in multiValue. */
function querystring(raw) {
  const fields = {};
  for (const pair of raw ? raw.split("&") : []) {
    const at = pair.indexOf("=");
    const [name, value] = at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
    const field = fields[name];
    if (!field) fields[name] = { value };
    else (field.multiValue ??= [{ value: field.value }]).push({ value });
  }
  return fields;
}

/** One request through the edge: viewer-request, then the bucket (403 for a key it lacks), then viewer-response. */
function request(path, query) {
  const event = {
    version: "1.0",
    context: { eventType: "viewer-request" },
    viewer: { ip: "192.0.2.1" },
    request: { method: "GET", uri: path, querystring: querystring(query), headers: { host: { value: "academy.example" } }, cookies: {} },
  };
  const answer = viewerRequest(event);
  if (answer.statusCode !== undefined) return { redirect: answer };
  const found = bucket.has(answer.uri);
  const response = { statusCode: found ? 200 : 403, statusDescription: found ? "OK" : "Forbidden", headers: {}, cookies: {} };
  const final = viewerResponse({ version: "1.0", context: { eventType: "viewer-response" }, request: answer, response });
  return { uri: answer.uri, found, status: final.statusCode, statusDescription: final.statusDescription };
}

describe("infra/cdn functions", () => {
  it("fit CloudFront's 10 KB code limit", () => {
    for (const file of ["viewer-request.js", "viewer-response.js"]) {
      assert.ok(readFileSync(new URL(file, import.meta.url)).length < 10_240, file);
    }
  });

  it("routing-cases.json has at least 30 cases, each expecting exactly one outcome", () => {
    assert.ok(cases.length >= 30, `${cases.length} cases`);
    for (const { path, expect } of cases) assert.equal(Object.keys(expect).length, 1, path);
  });

  for (const { path, query, expect } of cases) {
    const name = `${JSON.stringify(path)}${query ? `?${query}` : ""} → ${JSON.stringify(expect)}`;
    it(name, () => {
      const result = request(path, query);
      if (expect.redirect !== undefined) {
        assert.ok(result.redirect, `expected a redirect, got ${JSON.stringify(result)}`);
        assert.equal(result.redirect.statusCode, 301);
        assert.equal(result.redirect.statusDescription, "Moved Permanently");
        assert.equal(result.redirect.headers.location.value, expect.redirect);
      } else if (expect.file !== undefined) {
        assert.deepEqual(result, { uri: expect.file, found: true, status: 200, statusDescription: "OK" });
      } else if (expect.notFound === true) {
        assert.equal(result.redirect, undefined, `expected not found, got a redirect to ${result.redirect?.headers.location.value}`);
        assert.equal(result.status, 404);
        assert.equal(result.statusDescription, "Not Found");
        assert.ok(result.uri === NOT_FOUND_PAGE || !result.found, `served ${result.uri}`);
      } else {
        assert.fail(`unknown expectation ${JSON.stringify(expect)}`);
      }
    });
  }

  it("viewer-response leaves other answers alone", () => {
    const answer = (uri, statusCode) =>
      viewerResponse({ request: { uri, method: "GET", querystring: {}, headers: {} }, response: { statusCode, headers: {} } }).statusCode;
    assert.equal(answer("/about/index.html", 200), 200);
    assert.equal(answer(NOT_FOUND_PAGE, 304), 304);
    assert.equal(answer("/assets/x.js", 304), 304);
    assert.equal(answer("/assets/x.js", 403), 404);
    assert.equal(answer("/assets/x.js", 404), 404);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { checkUrl, earlyCheckScript, fetchWithEarlyCheck, takeEarlyCheck } from "./early-check";

const id = "SKY-7K3Q-9WXD-M2PA-4TRE";

/** Runs the shell's inline script as the browser would, on `path`, with `fetch` answering `answer`. */
function shellRunsOn(path: string, answer: Promise<Response> = Promise.resolve(new Response("{}"))) {
  window.history.pushState(null, "", path);
  const fetched = vi.fn(() => answer);
  vi.stubGlobal("fetch", fetched);
  new Function(earlyCheckScript())();
  return fetched;
}

afterEach(() => {
  delete window.__earlyCertificateCheck;
  vi.unstubAllGlobals();
  window.history.pushState(null, "", "/");
});

describe("the /verify shell's early check", () => {
  it("on a certificate's address asks the API once, and the page's first check takes that answer", async () => {
    const answer = new Response(JSON.stringify({ id }), { status: 200 });
    const fetched = shellRunsOn(`/verify/${id}`, Promise.resolve(answer));
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(fetched).toHaveBeenCalledWith(checkUrl(id), { headers: { accept: "application/json" } });

    expect(await fetchWithEarlyCheck(checkUrl(id), {})).toBe(answer);
    expect(fetched).toHaveBeenCalledTimes(1);
    // A second check (a retry) asks again.
    await fetchWithEarlyCheck(checkUrl(id), {});
    expect(fetched).toHaveBeenCalledTimes(2);
  });

  it("starts nothing on /verify itself, on an id not in the API's form, or on another page", () => {
    for (const path of ["/verify", "/verify/", `/verify/${id.toLowerCase()}`, "/verify/SKY-1234", "/verify/%E0%A4%A", `/about/${id}`]) {
      const fetched = shellRunsOn(path);
      expect(fetched, path).not.toHaveBeenCalled();
      expect(window.__earlyCertificateCheck, path).toBeUndefined();
    }
  });

  it("gives its answer only for the address it asked, and the caller's timeout still ends the wait", async () => {
    shellRunsOn(`/verify/${id}/`, new Promise<Response>(() => {}));
    expect(takeEarlyCheck(checkUrl("SKY-0000-0000-0000-0000"))).toBeUndefined();
    const timeout = new AbortController();
    const waiting = fetchWithEarlyCheck(checkUrl(id), { signal: timeout.signal });
    timeout.abort(new Error("timed out"));
    await expect(waiting).rejects.toThrow("timed out");
    expect(takeEarlyCheck(checkUrl(id))).toBeUndefined();
  });
});

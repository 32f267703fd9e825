// /verify/{id} asks the API while its scripts are still downloading. The page is the pre-rendered /verify shell,
// drawn by its scripts once they run; waiting for them to ask would put the check's round trip after them. So the
// shell carries a few lines that, on a certificate's address in the API's form, start the same request the page
// would make (GET /api/certificates/{id}); the page's first check takes that answer, once, and every later check (a
// retry, another id) asks again. Anything else in the address (an id typed by hand, /verify itself) starts nothing:
// the page redirects or asks, as without it.
import { verifyPath } from "#app/config/paths";
import { certificateIdPattern } from "./format";

/** Where the shell's request waits for the page: a property of `window` (the script runs before any module). */
const slot = "__earlyCertificateCheck";

interface EarlyCheck {
  url: string;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    __earlyCertificateCheck?: EarlyCheck;
  }
}

/** The API address of a certificate's check, as the API client writes it for `/api/certificates/{id}`. */
export const checkUrl = (id: string) => `/api/certificates/${encodeURIComponent(id)}`;

/**
 * The shell's inline script. Its id pattern, page prefix and API address come from the same definitions the page
 * uses, so the request it starts is the page's own. A failed request is the page's to report when it takes the
 * answer (the empty catch only keeps the browser from calling it unhandled before then).
 */
export function earlyCheckScript(): string {
  const page = JSON.stringify(verifyPath(""));
  const api = JSON.stringify(checkUrl(""));
  return (
    `(function(){try{var p=location.pathname,s=${page};if(p.indexOf(s)!==0)return;` +
    `var id=decodeURIComponent(p.slice(s.length).replace(/\\/$/,""));` +
    `if(!${certificateIdPattern.toString()}.test(id))return;` +
    `var u=${api}+encodeURIComponent(id);` +
    `var a=fetch(u,{headers:{accept:"application/json"}});a.catch(function(){});` +
    `window.${slot}={url:u,answer:a};}catch(e){}})();`
  );
}

/** The shell's answer for `url`, if it started that request and nobody has taken it; taken once. */
export function takeEarlyCheck(url: string): Promise<Response> | undefined {
  if (typeof window === "undefined") return undefined;
  const early = window[slot];
  if (!early || early.url !== url) return undefined;
  delete window[slot];
  return early.answer;
}

/**
 * `fetch` for the page's check: the shell's answer when it holds one for this address, else a new request. The
 * caller's timeout still applies (its signal rejects the wait); headers are the same, `accept: application/json`.
 */
export const fetchWithEarlyCheck: typeof fetch = (input, init) => {
  const early = takeEarlyCheck(typeof input === "string" ? input : input instanceof URL ? input.pathname + input.search : input.url);
  if (!early) return fetch(input, init);
  const signal = init?.signal;
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
    early.then(resolve, reject);
  });
};

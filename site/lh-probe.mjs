// Scratch: one Lighthouse run (mobile preset) of URL, printing what decides LCP. Not committed.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const url = process.argv[2];
const runs = Number(process.argv[3] ?? 1);
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
try {
  for (let i = 0; i < runs; i++) {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const a = lhr.audits;
    const v = (id) => Math.round(a[id]?.numericValue ?? NaN);
    console.log(`perf ${Math.round(lhr.categories.performance.score * 100)} FCP ${v("first-contentful-paint")} LCP ${v("largest-contentful-paint")} TBT ${v("total-blocking-time")} TTI ${v("interactive")} SI ${v("speed-index")}`);
    if (i === 0) {
      const el = a["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
      console.log("LCP element:", el?.snippet?.slice(0, 120));
      const phases = a["largest-contentful-paint-element"]?.details?.items?.[1]?.items;
      console.log("phases:", JSON.stringify(phases));
      for (const r of a["network-requests"].details.items) console.log(`${Math.round(r.networkRequestTime)}-${Math.round(r.networkEndTime)} ${r.resourceType} ${r.transferSize} ${r.url.slice(-60)}`);
      const mt = a["mainthread-work-breakdown"]?.details?.items?.map((x) => `${x.group}:${Math.round(x.duration)}`).join(" ");
      console.log("main thread:", mt);
    }
  }
} finally { await chrome.kill(); }

// The API's rendered Markdown is shown through an allow list: what runs or loads never reaches the page, links are safe.
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SafeHtml } from "./SafeHtml";

describe("SafeHtml", () => {
  it("keeps the text and structure, drops scripts, handlers and unsafe links", () => {
    const { container } = render(
      <SafeHtml
        html={'<h1>Week 3</h1><p onclick="x()">Build <strong>it</strong> <a href="https://github.com/a/b" onmouseover="y()">repo</a> <a href="javascript:alert(1)">bad</a></p><script>alert(1)</script><img src="https://t.test/p.gif" onerror="z()"><ul><li>one</li></ul>'}
        headingLevel={2}
      />,
    );
    expect(container.querySelector("h2")?.textContent).toBe("Week 3");
    expect(container.querySelector("script, img, [onclick], [onmouseover], [onerror]")).toBeNull();
    const links = [...container.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://github.com/a/b"]);
    expect(links[0]!.getAttribute("rel")).toBe("noopener nofollow");
    expect(container.textContent).toContain("bad");
    expect(container.querySelector("li")?.textContent).toBe("one");
  });
});

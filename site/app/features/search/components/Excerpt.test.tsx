import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Excerpt, excerptParts } from "./Excerpt";

describe("Pagefind excerpts", () => {
  it("keeps the marked matches and decodes the escaped text", () => {
    expect(excerptParts("Our <mark>refund</mark> policy &amp; &lt;terms&gt;")).toEqual([
      { text: "Our ", marked: false },
      { text: "refund", marked: true },
      { text: " policy & <terms>", marked: false },
    ]);
  });

  it("never renders markup from the excerpt", () => {
    const { container } = render(<Excerpt html={'<img src=x onerror="alert(1)"> &lt;b&gt;<mark>MERN</mark>'} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("mark")?.textContent).toBe("MERN");
    expect(container.textContent).toBe(" <b>MERN");
  });
});

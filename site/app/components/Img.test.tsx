import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Img } from "./Img";

describe("Img", () => {
  it("renders a sized, lazy image by default", () => {
    render(<Img src="/images/x.webp" alt="A picture" width={640} height={400} />);
    const img = screen.getByRole("img", { name: "A picture" });
    expect(img.getAttribute("width")).toBe("640");
    expect(img.getAttribute("height")).toBe("400");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("fetchpriority")).toBeNull();
  });

  it("loads the hero eagerly with high fetch priority", () => {
    render(<Img src="/images/hero.webp" alt="Hero" width={720} height={540} priority />);
    const img = screen.getByRole("img", { name: "Hero" });
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
  });

  it("swaps a failed image for a placeholder carrying the title", () => {
    render(<Img src="/missing.webp" alt="" title="MERN Stack Development" width={640} height={400} />);
    fireEvent.error(document.querySelector("img")!);
    const placeholder = screen.getByTestId("img-placeholder");
    expect(placeholder.textContent).toBe("MERN Stack Development");
    expect(document.querySelector("img")).toBeNull();
  });
});

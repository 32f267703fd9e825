import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { freeDemoFaqs, homeFaqs } from "../content/faqs";
import { Faq } from "./Faq";

const openCount = (container: HTMLElement) => container.querySelectorAll("details[open]").length;

describe("Faq", () => {
  it("starts collapsed with a Show all toggle", () => {
    const { container } = render(<Faq items={homeFaqs} />);
    expect(container.querySelectorAll("details")).toHaveLength(8);
    expect(openCount(container)).toBe(0);
    expect(screen.getByRole("button", { name: "Show all" })).toBeTruthy();
  });

  it("Show all expands every answer and Hide all collapses them", () => {
    const { container } = render(<Faq items={freeDemoFaqs} />);
    fireEvent.click(screen.getByRole("button", { name: "Show all" }));
    expect(openCount(container)).toBe(12);
    fireEvent.click(screen.getByRole("button", { name: "Hide all" }));
    expect(openCount(container)).toBe(0);
    expect(screen.getByRole("button", { name: "Show all" })).toBeTruthy();
  });

  it("items toggle independently and the toggle follows them", () => {
    const items = homeFaqs.slice(0, 2);
    const { container } = render(<Faq items={items} />);
    const [first, second] = Array.from(container.querySelectorAll("details"));
    first!.open = true;
    fireEvent(first!, new Event("toggle"));
    expect(openCount(container)).toBe(1);
    expect(screen.getByRole("button", { name: "Show all" })).toBeTruthy();
    second!.open = true;
    fireEvent(second!, new Event("toggle"));
    expect(screen.getByRole("button", { name: "Hide all" })).toBeTruthy();
  });

  it("renders every question and answer in the markup (readable without JavaScript)", () => {
    const { container } = render(<Faq items={homeFaqs} />);
    for (const f of homeFaqs) {
      expect(container.textContent).toContain(f.question);
      expect(container.textContent).toContain(f.answer);
    }
  });
});

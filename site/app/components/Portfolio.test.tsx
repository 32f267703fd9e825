import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { portfolioCategories, portfolioProjects } from "../content/portfolio";
import { Portfolio } from "./Portfolio";

const cards = () => screen.getAllByRole("listitem").filter((li) => li.hasAttribute("data-category"));

describe("Portfolio filter", () => {
  it("shows every project under All by default", () => {
    render(<Portfolio projects={portfolioProjects} />);
    expect(cards()).toHaveLength(6);
    expect(screen.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("true");
  });

  it.each(portfolioCategories.filter((c) => c !== "All"))("filters to %s", (category) => {
    render(<Portfolio projects={portfolioProjects} />);
    fireEvent.click(screen.getByRole("button", { name: category }));
    const shown = cards();
    expect(shown.length).toBe(portfolioProjects.filter((p) => p.category === category).length);
    expect(shown.every((li) => li.getAttribute("data-category") === category)).toBe(true);
    expect(screen.getByRole("button", { name: category }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("loads the first project's picture at once (a phone's largest paint) and the rest lazily", () => {
    render(<Portfolio projects={portfolioProjects} />);
    const pictures = cards().map((li) => li.querySelector("img")!);
    expect(pictures[0]!.getAttribute("loading")).toBe("eager");
    expect(pictures[0]!.getAttribute("fetchpriority")).toBe("high");
    expect(pictures.slice(1).map((img) => img.getAttribute("loading"))).toEqual(Array(pictures.length - 1).fill("lazy"));
  });

  it("keeps a single selection and returns to All", () => {
    render(<Portfolio projects={portfolioProjects} />);
    fireEvent.click(screen.getByRole("button", { name: "UI/UX Design" }));
    fireEvent.click(screen.getByRole("button", { name: "All" }));
    expect(cards()).toHaveLength(6);
    expect(screen.getAllByRole("button", { pressed: true })).toHaveLength(1);
  });

  it("marks featured projects with a badge", () => {
    render(<Portfolio projects={portfolioProjects} />);
    const featured = portfolioProjects.filter((p) => p.featured).length;
    expect(featured).toBeGreaterThan(0);
    expect(screen.getAllByText("Featured")).toHaveLength(featured);
    const first = cards()[0]!;
    expect(within(first).getByRole("heading").textContent).toBe(portfolioProjects[0]!.title);
  });
});

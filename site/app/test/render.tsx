// Test helper: render a component inside a memory router at a given URL.
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";

export function renderAt(element: ReactElement, url = "/", extraPaths: string[] = []) {
  const router = createMemoryRouter(
    [{ path: "*", element }, ...extraPaths.map((path) => ({ path, element }))],
    { initialEntries: [url] },
  );
  const utils = render(<RouterProvider router={router} />);
  return { ...utils, router };
}

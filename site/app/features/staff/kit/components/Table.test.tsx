// The console's table: a captioned region with a header row and a row per item, or the empty state with no items.
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ConsoleTable, td } from "./Table";

const table = (rows: { id: string; name: string }[]) => (
  <ConsoleTable caption="People" columns={["Name", { actions: "Actions" }]} rows={rows} rowKey={(r) => r.id} rowProps={(r) => ({ "data-id": r.id })} empty="Nobody yet.">
    {(r) => (
      <>
        <th scope="row" className={td}>
          {r.name}
        </th>
        <td className={td}>
          <button type="button">Open</button>
        </td>
      </>
    )}
  </ConsoleTable>
);

describe("ConsoleTable", () => {
  it("draws the header row and a row per item in a labelled region", () => {
    render(table([{ id: "a", name: "Ada" }, { id: "b", name: "Bo" }]));
    const region = screen.getByRole("region", { name: "People" });
    const grid = within(region).getByRole("table", { name: "People" });
    expect(within(grid).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Name", "Actions"]);
    expect(within(grid).getAllByRole("rowheader").map((h) => h.textContent)).toEqual(["Ada", "Bo"]);
    expect(grid.querySelector('tr[data-id="b"]')).not.toBeNull();
  });

  it("shows the empty state instead of a table without items", () => {
    render(table([]));
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("Nobody yet.")).toBeTruthy();
  });
});

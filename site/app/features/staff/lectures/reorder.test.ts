import { describe, expect, it } from "vitest";
import { movesFor, nextFreeNumber } from "./reorder";

const list = (...numbers: number[]) => numbers.map((lectureNumber) => ({ lectureNumber }));

describe("moving a lecture", () => {
  it("offers one past the highest number to a new lecture", () => {
    expect(nextFreeNumber([])).toBe(1);
    expect(nextFreeNumber(list(1, 2, 7))).toBe(8);
  });

  it("swaps two neighbours through a spare number", () => {
    expect(movesFor(list(1, 2, 3), 2, -1)).toEqual([
      { from: 3, to: 4 },
      { from: 2, to: 3 },
      { from: 4, to: 2 },
    ]);
    expect(movesFor(list(1, 2, 3), 0, 1)).toEqual([
      { from: 1, to: 4 },
      { from: 2, to: 1 },
      { from: 4, to: 2 },
    ]);
  });

  it("takes a free number beside the neighbour in one move", () => {
    expect(movesFor(list(1, 4, 6), 2, -1)).toEqual([{ from: 6, to: 3 }]);
    expect(movesFor(list(2, 5), 1, -1)).toEqual([{ from: 5, to: 1 }]);
    expect(movesFor(list(1, 3, 8), 0, 1)).toEqual([{ from: 1, to: 4 }]);
  });

  it("does nothing past either end", () => {
    expect(movesFor(list(1, 2), 0, -1)).toEqual([]);
    expect(movesFor(list(1, 2), 1, 1)).toEqual([]);
  });
});

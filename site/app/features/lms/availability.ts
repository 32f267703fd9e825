// docs/product.md#behaviour: the batch availability badge. Text by seats left; colour by how full the batch is.

export type Tone = "red" | "yellow" | "green";

export function availability({ seats, enrolled }: { seats: number; enrolled: number }): { label: string; tone: Tone } {
  const left = seats - enrolled;
  const label = left <= 2 ? "Almost Full" : left <= 5 ? "Filling Fast" : "Available";
  const fill = seats > 0 ? enrolled / seats : 1;
  const tone: Tone = fill >= 0.9 ? "red" : fill >= 0.7 ? "yellow" : "green";
  return { label, tone };
}

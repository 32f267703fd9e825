// An assignment's state as a small coloured label (its words from ../rules).
import { stateLabel, stateTone, type StateFacts } from "../rules";

const tones = {
  green: "bg-green-100 text-green-900",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-900",
  slate: "bg-slate-100 text-slate-800",
};

export function StateBadge({ facts, zone }: { facts: StateFacts; zone: string }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tones[stateTone(facts)]}`}>{stateLabel(facts, zone)}</span>;
}

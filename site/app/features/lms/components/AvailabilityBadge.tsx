// The batch availability badge (text and colour rules in ../availability.ts).
import { cx } from "#app/lib/cx";
import { availability, type Tone } from "../availability";

const toneClass: Record<Tone, string> = {
  red: "bg-red-100 text-red-800 ring-red-300",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  green: "bg-green-100 text-green-800 ring-green-300",
};

export function AvailabilityBadge({ seats, enrolled }: { seats: number; enrolled: number }) {
  const { label, tone } = availability({ seats, enrolled });
  return (
    <span data-testid="availability" data-tone={tone} className={cx("inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1", toneClass[tone])}>
      {label}
    </span>
  );
}

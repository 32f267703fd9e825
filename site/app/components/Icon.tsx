// A lucide icon drawn from the build-time sprite (/icons.svg): no icon data in the JavaScript bundle.
import type { IconName } from "../config/icons";
import { cx } from "../lib/cx";

export const iconSpriteUrl = "/icons.svg";

/** `hidden`: in the markup but not shown (build-time HTML whose behaviour shows it, e.g. SectionButton's check mark). */
export function Icon({ name, className, filled = false, hidden }: { name: IconName; className?: string; filled?: boolean; hidden?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      {...(hidden && { hidden })}
      className={cx("inline-block size-5 shrink-0", className)}
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`${iconSpriteUrl}#${name}`} />
    </svg>
  );
}

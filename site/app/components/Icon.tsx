// A lucide icon drawn from the build-time sprite (/icons.svg): no icon data in the JavaScript bundle.
import type { IconName } from "../config/icons";
import { cx } from "../lib/cx";

export const iconSpriteUrl = "/icons.svg";

export function Icon({ name, className, filled = false }: { name: IconName; className?: string; filled?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
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

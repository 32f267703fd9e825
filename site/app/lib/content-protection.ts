// docs/product.md#pages: content protection (./content-protection-listeners.ts). The first paint does not need it:
// its code starts loading when the page's scripts run, beside hydration, and is switched on once it has arrived.
import { useEffect } from "react";
import { whenLoaded } from "./when-loaded";

const listeners = typeof document === "undefined" ? undefined : import("./content-protection-listeners");

export function useContentProtection(enabled: boolean): void {
  useEffect(() => (enabled ? whenLoaded(listeners, (m) => m.protectContent()) : undefined), [enabled]);
}

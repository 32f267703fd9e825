// The assistant's open state, announced to the rest of the page with a window event (docs/product.md#behaviour), and the stacking
// orders it sets (docs/product.md#constants): messaging button / assistant button / assistant window.
import { useEffect, useState } from "react";

export const assistantOpenEvent = "academy:assistant-open";

export interface AssistantOpenDetail {
  open: boolean;
}

export const stacking = {
  closed: { messaging: 40, launcher: 41, window: 42 },
  open: { messaging: 999, launcher: 1000, window: 1001 },
} as const;

export const stackingFor = (open: boolean) => (open ? stacking.open : stacking.closed);

export function announceAssistantOpen(open: boolean) {
  window.dispatchEvent(new CustomEvent<AssistantOpenDetail>(assistantOpenEvent, { detail: { open } }));
}

/** Whether the assistant is open, as last announced (closed until it says otherwise). */
export function useAssistantOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onChange = (e: Event) => setOpen(Boolean((e as CustomEvent<AssistantOpenDetail>).detail?.open));
    window.addEventListener(assistantOpenEvent, onChange);
    return () => window.removeEventListener(assistantOpenEvent, onChange);
  }, []);
  return open;
}

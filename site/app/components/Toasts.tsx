// The toast area (sonner), mounted only while a page that raises toasts is shown (route handle
// `{ toasts: true }`), so the home page never downloads it. It lives in the root layout, so a toast raised
// just before a navigation (quote request → /contact, form → /Thank-you) stays visible on the next page.
import { lazy, Suspense, useEffect, useState } from "react";
import { useMatches } from "react-router";
import type { toast as sonnerToast } from "sonner";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** Raises a toast. Sonner loads on first use (the same chunk the Toaster loads), so no page script carries it. */
export function showToast(raise: (toast: typeof sonnerToast) => void): void {
  void import("sonner").then((m) => raise(m.toast));
}

export interface ToastHandle {
  toasts?: boolean;
}

export const toastHandle: ToastHandle = { toasts: true };

/** Sonner's rich colours fall just short of WCAG AA contrast (4.34:1 for errors); darker text keeps 4.5:1+. */
const contrastSafe = {
  "--success-text": "#166534",
  "--info-text": "#1e40af",
  "--warning-text": "#92400e",
  "--error-text": "#b91c1c",
} as React.CSSProperties;

/** Below the sticky header (4rem high), so a toast never covers its navigation, on a phone too. */
const belowHeader = { top: "5rem" };

export function Toasts() {
  const matches = useMatches();
  const wanted = matches.some((m) => (m.handle as ToastHandle | undefined)?.toasts);
  // Rendered only after hydration: the pre-rendered HTML carries no toast area.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" offset={belowHeader} mobileOffset={belowHeader} richColors closeButton style={contrastSafe} />
    </Suspense>
  );
}

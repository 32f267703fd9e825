// docs/product.md#pages: block the developer-tool shortcuts and the context menu, except inside editable fields so that
// paste, spell-check and the field's own menu keep working. Switched by settings.contentProtection; loaded by
// ./content-protection.ts beside the first paint, not before it.

export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return Boolean(target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']"));
}

export function isDevToolsShortcut(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey">): boolean {
  if (e.key === "F12") return true;
  const key = e.key.toLowerCase();
  return (e.ctrlKey || e.metaKey) && e.shiftKey && (key === "i" || key === "j");
}

/** Starts blocking; returns what stops it. */
export function protectContent(): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    if (isDevToolsShortcut(e) && !isEditableTarget(e.target)) e.preventDefault();
  };
  const onContextMenu = (e: MouseEvent) => {
    if (!isEditableTarget(e.target)) e.preventDefault();
  };
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("contextmenu", onContextMenu);
  return () => {
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("contextmenu", onContextMenu);
  };
}

// A console item's inline editor: open or closed; closing it (saved or cancelled) puts the focus back on the button
// that opened it, once that button is rendered again.
import { useEffect, useRef, useState } from "react";

export function useInlineEdit() {
  const [editing, setEditing] = useState(false);
  const [closed, setClosed] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!closed) return;
    editButton.current?.focus();
    setClosed(false);
  }, [closed]);
  const openEdit = () => setEditing(true);
  const closeEdit = () => {
    setEditing(false);
    setClosed(true);
  };
  return { editing, editButton, openEdit, closeEdit };
}

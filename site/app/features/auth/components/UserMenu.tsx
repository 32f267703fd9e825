// The signed-in user's menu in the header: who is signed in, and Sign out (which lands on "/").
import { useEffect, useId, useRef, useState } from "react";
import { Icon } from "#app/components/Icon";
import { forgetSecretIds } from "#app/lib/secret-ids";
import { forgetSession, startSigningOut, type SessionUser } from "../session";

/** The OIDC client is loaded only when the visitor signs out. */
const signOut = () => import("../oidc-client").then((m) => m.signOutRedirect());

/** The OIDC client could not be loaded: end the session here at least, and land on "/". */
function signOutHere() {
  startSigningOut();
  forgetSecretIds();
  forgetSession();
  window.location.assign("/");
}

export function UserMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="inline-flex min-h-10 max-w-48 items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account: ${user.name}`}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="user" className="size-4 shrink-0" />
        {/* Beside the full navigation (lg to 2xl) the header has no room for the name: the menu shows it. */}
        <span className="truncate lg:max-2xl:hidden">{user.name}</span>
        <Icon name="chevron-down" className="size-4 shrink-0" />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
      >
        <p className="truncate font-semibold text-slate-900">{user.name}</p>
        {user.email && <p className="truncate text-sm text-slate-600">{user.email}</p>}
        <button
          type="button"
          className="mt-3 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-200 disabled:opacity-60"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void signOut().catch(signOutHere);
          }}
        >
          <Icon name="log-out" className="size-4" />
          {busy ? "Signing out…" : "Sign out"}
        </button>
      </div>
    </div>
  );
}

// The session: everything that shows or hides signed-in UI reads useSession() and nothing else.
// The signed-in user is the one oidc-client-ts stored in localStorage; reading it here needs no OIDC code, so
// public pages never download the OIDC client (./oidc-client.ts is imported on demand, by sign-in and sign-out).
import { useSyncExternalStore } from "react";
import { userStorageKey } from "../../config/oidc";
import { hasStaffClaim } from "./staff-claim";

export interface SessionUser {
  name: string;
  email?: string;
  /** In the provider's staff group (shows the Staff link; the API decides what staff may do). */
  staff?: boolean;
}

export type Session =
  | { status: "signed-out"; user: null }
  | { status: "signed-in"; user: SessionUser };

const signedOut: Session = { status: "signed-out", user: null };
const changeEvent = "academy:session";

/** What oidc-client-ts stores for the signed-in user (the parts the site reads). */
export interface StoredUser {
  access_token?: string;
  expires_at?: number;
  refresh_token?: string;
  profile?: { name?: string; email?: string; preferred_username?: string; sub?: string; "cognito:groups"?: unknown };
}

let cache: { raw: string | null; session: Session } = { raw: null, session: signedOut };

/** The stored user as text; null when there is none or storage cannot be read. */
function storedText(): string | null {
  try {
    return window.localStorage.getItem(userStorageKey);
  } catch {
    return null;
  }
}

/** The stored user with its tokens (./access-token.ts), or null. */
export function storedUser(): StoredUser | null {
  const raw = storedText();
  try {
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

function read(): Session {
  const raw = storedText();
  if (raw === cache.raw) return cache.session;
  cache = { raw, session: parse(raw) };
  return cache.session;
}

function parse(raw: string | null): Session {
  if (!raw) return signedOut;
  try {
    const stored = JSON.parse(raw) as StoredUser;
    // An expired session ends cleanly: it is forgotten, and the visitor is signed out. One that can still be
    // renewed (a refresh token) stays: the next API call renews it (./access-token.ts), or signs out if it cannot.
    if (!stored.refresh_token && (!stored.expires_at || stored.expires_at * 1000 <= Date.now())) {
      queueMicrotask(() => forgetSession());
      return signedOut;
    }
    const p = stored.profile ?? {};
    const email = p.email;
    const name = p.name || email || p.preferred_username || "Student";
    const staff = hasStaffClaim(stored.access_token, p);
    return { status: "signed-in", user: staff ? { name, email, staff } : { name, email } };
  } catch {
    return signedOut;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(changeEvent, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(changeEvent, onChange);
  };
}

/** Tell every useSession() the stored user changed (same-tab writes fire no `storage` event). */
export function announceSessionChange() {
  window.dispatchEvent(new Event(changeEvent));
}

export function forgetSession() {
  try {
    window.localStorage.removeItem(userStorageKey);
  } catch {
    /* storage unavailable: nothing stored */
  }
  announceSessionChange();
}

/** Signed out while pre-rendering and during hydration; then the stored session. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, read, () => signedOut);
}

/** The session right now (outside React, e.g. in the LMS gate). */
export function currentSession(): Session {
  return typeof window === "undefined" ? signedOut : read();
}

/** The signed-in account's id (the token's `sub`), or null when signed out: whose kept Secret IDs a page may use. */
export function currentAccount(): string | null {
  if (currentSession().status !== "signed-in") return null;
  return storedUser()?.profile?.sub ?? "";
}

/**
 * True from the moment sign-out starts until the page leaves for the provider's end-session (which lands on "/"):
 * the session is already forgotten here, but the provider's is still alive, so nothing may send the visitor to
 * sign-in meanwhile (it would come straight back signed in).
 */
let signingOut = false;

export function startSigningOut() {
  signingOut = true;
}

export const isSigningOut = () => signingOut;

/** A same-origin path to come back to after sign-in; anything else falls back to "/". */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  return value;
}

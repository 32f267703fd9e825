// The session seam: the LMS issue replaces this with the OIDC session (oidc-client-ts). Everything that
// shows or hides signed-in UI (the LMS button, the user menu) reads this hook and nothing else.

export interface SessionUser {
  name: string;
  email?: string;
}

export type Session =
  | { status: "signed-out"; user: null }
  | { status: "signed-in"; user: SessionUser };

const signedOut: Session = { status: "signed-out", user: null };

export function useSession(): Session {
  return signedOut;
}

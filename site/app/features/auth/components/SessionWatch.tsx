// Tells the document shell whether the visitor is signed in (useSession), for the header's account actions. Every
// page is pre-rendered signed out, so the shell loads this, and the session code, after the first paint.
import { useEffect } from "react";
import { useSession } from "../session";

export function SessionWatch({ onChange }: { onChange: (signedIn: boolean) => void }) {
  const signedIn = useSession().status === "signed-in";
  useEffect(() => onChange(signedIn), [signedIn, onChange]);
  return null;
}

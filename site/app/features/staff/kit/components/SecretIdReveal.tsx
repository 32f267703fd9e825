// After an enrolment (or a new Secret ID): the Secret ID, shown this once with a copy button, and whether the welcome
// mail carrying it went.
import { useState } from "react";
import { showToast } from "#app/components/Toasts";
import type { Enrolled } from "#app/lib/api-schema";
import { Email } from "./Email";

export function SecretIdReveal({ enrolled, batchName, onDone }: { enrolled: Enrolled; batchName: string; onDone?: () => void }) {
  const { enrolment, secretId } = enrolled;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secretId);
      setCopied(true);
      showToast((t) => t.success("Secret ID copied"));
    } catch {
      showToast((t) => t.error("Could not copy", { description: "Select the Secret ID and copy it yourself." }));
    }
  };
  return (
    <div role="status" className="rounded-xl border border-green-300 bg-green-50 p-4 text-slate-800">
      <p className="font-semibold text-green-900">
        {enrolment.name} is enrolled in {batchName}.
      </p>
      <p className="mt-2 text-sm">Their Secret ID, shown only this once:</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <code data-secret-id className="rounded-lg bg-white px-3 py-2 font-mono text-base break-all text-ink select-all">
          {secretId}
        </code>
        <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy Secret ID"}
        </button>
      </div>
      <p className="mt-3 text-sm">
        {enrolment.welcome === "sent" ? (
          <>
            It was mailed to <Email address={enrolment.email} /> with a link to sign in; signing in with that address opens the batch without it.
          </>
        ) : (
          <>
            The welcome mail to <Email address={enrolment.email} /> could not be sent: give them the Secret ID yourself, or send a new one later with
            Resend welcome.
          </>
        )}
      </p>
      {onDone && (
        <button type="button" className="mt-3 text-sm font-semibold text-brand-700 underline" onClick={onDone}>
          Done
        </button>
      )}
    </div>
  );
}

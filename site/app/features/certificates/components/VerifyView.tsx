// The certificate verification page's states (/verify/{id}): valid, revoked with its date, not found, too many
// checks, an error with a retry, and the form that checks an id typed from a printed certificate. Loading is the
// route's shell ("Checking the certificate…"). Nothing here needs a sign-in.
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Icon } from "#app/components/Icon";
import type { VerifiedCertificate } from "#app/lib/api-schema";
import { publicPdfUrl } from "../api/verify-certificate";
import { certificateIdPattern, formatDay, normaliseCertificateId } from "../format";
import type { VerifyAnswer } from "../verify-answer";

export const verifyTexts = {
  title: "Certificate verification",
  checking: "Checking the certificate…",
  valid: "Valid certificate",
  revoked: "Revoked certificate",
  notFound: "No certificate has this ID",
  error: "The certificate could not be checked just now.",
  limited: "Too many checks from your network.",
  idLabel: "Certificate ID",
  check: "Check certificate",
};

interface VerifyViewProps {
  /** The id in the address, as the API writes ids, or null on /verify itself. */
  id: string | null;
  answer: VerifyAnswer;
  issuer: string;
  /** Checks another id (the page's address changes to it). */
  onCheck: (id: string) => void;
  onRetry: () => void;
  busy?: boolean;
}

export function VerifyView({ id, answer, issuer, onCheck, onRetry, busy = false }: VerifyViewProps) {
  return (
    <section className="container-page min-h-svh py-12 sm:py-16" aria-labelledby="verify-title">
      <p className="eyebrow">{issuer}</p>
      <h1 id="verify-title" className="mt-2 text-3xl font-extrabold sm:text-4xl">
        {verifyTexts.title}
      </h1>
      <div className="mt-8 max-w-2xl">
        {answer.kind === "found" && <Found certificate={answer.certificate} issuer={issuer} />}
        {answer.kind === "not-found" && (
          <Outcome tone="amber" icon="circle-alert" title={verifyTexts.notFound}>
            <p>
              {id ? (
                <>
                  No certificate with the ID <span className="font-mono break-all">{id}</span> was issued by {issuer}.{" "}
                </>
              ) : null}
              Check the ID printed on the certificate: <span className="font-mono">SKY-</span> and four groups of four
              letters and digits.
            </p>
          </Outcome>
        )}
        {answer.kind === "limited" && (
          <Outcome tone="amber" icon="circle-alert" title={verifyTexts.limited}>
            <p>
              Please try again {answer.retryAfterSeconds ? `in ${Math.ceil(answer.retryAfterSeconds / 60)} minute(s)` : "later"}.
            </p>
          </Outcome>
        )}
        {answer.kind === "error" && (
          <Outcome tone="red" icon="circle-alert" title={verifyTexts.error}>
            <p>Check your connection and try again.</p>
            <button type="button" className="btn-secondary mt-4 min-h-11 text-sm" onClick={onRetry} disabled={busy}>
              Try again
            </button>
          </Outcome>
        )}
        {answer.kind !== "found" && <CheckIdForm key={id ?? ""} initial={answer.kind === "ask" ? "" : (id ?? "")} onCheck={onCheck} busy={busy} />}
      </div>
    </section>
  );
}

function Outcome({ tone, icon, title, children }: { tone: "green" | "red" | "amber"; icon: "shield-check" | "shield-x" | "circle-alert"; title: string; children: ReactNode }) {
  const tones = {
    green: "border-emerald-300 bg-emerald-50 text-emerald-900",
    red: "border-red-300 bg-red-50 text-red-900",
    amber: "border-amber-300 bg-amber-50 text-amber-950",
  };
  return (
    <div role="status" className={`rounded-2xl border p-5 sm:p-6 ${tones[tone]}`}>
      <h2 className="flex items-center gap-3 text-2xl font-bold">
        <Icon name={icon} className="size-7" />
        {title}
      </h2>
      <div className="mt-3 text-slate-800">{children}</div>
    </div>
  );
}

function Found({ certificate: c, issuer }: { certificate: VerifiedCertificate; issuer: string }) {
  const revoked = c.status === "revoked";
  return (
    <>
      <Outcome tone={revoked ? "red" : "green"} icon={revoked ? "shield-x" : "shield-check"} title={revoked ? verifyTexts.revoked : verifyTexts.valid}>
        {revoked ? (
          <p>
            {issuer} revoked this certificate on <strong>{formatDay(c.revokedOn)}</strong>. It is no longer valid.
          </p>
        ) : (
          <p>
            {issuer} issued this certificate to <strong>{c.name}</strong> for completing <strong>{c.course}</strong>.
          </p>
        )}
      </Outcome>
      <dl className="card mt-6 grid gap-x-6 gap-y-3 p-5 sm:grid-cols-[auto_1fr] sm:p-6">
        {(
          [
            ["Holder", c.name],
            ["Course", c.course],
            ["Batch", c.batch],
            ["Completed on", formatDay(c.completedOn)],
            ["Issued on", formatDay(c.issuedOn)],
            ...(revoked ? [["Revoked on", formatDay(c.revokedOn)] as const] : []),
            ["Certificate ID", c.id],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-slate-600 sm:text-base">{label}</dt>
            <dd className={`font-semibold text-slate-900 ${label === "Certificate ID" ? "font-mono break-all" : ""}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {!revoked && (
        <a href={publicPdfUrl(c.id)} download={`certificate-${c.id}.pdf`} className="btn-primary mt-6 min-h-11">
          <Icon name="download" className="size-4" />
          Download PDF
        </a>
      )}
    </>
  );
}

/** Checks an id typed from a printed certificate (tidied into the API's form first). */
function CheckIdForm({ initial, onCheck, busy }: { initial: string; onCheck: (id: string) => void; busy: boolean }) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = normaliseCertificateId(value);
    if (!certificateIdPattern.test(typed)) {
      setProblem("Enter the ID as printed on the certificate, e.g. SKY-7K3Q-9WXD-M2PA-4TRE.");
      return;
    }
    setProblem(null);
    onCheck(typed);
  };
  return (
    <form onSubmit={submit} noValidate className="card mt-8 grid gap-3 p-5 sm:grid-cols-[1fr_auto] sm:items-end" aria-label="Check a certificate">
      <div>
        <label htmlFor={`${id}-id`} className="block font-semibold text-slate-900">
          {verifyTexts.idLabel}
        </label>
        <input
          id={`${id}-id`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="SKY-XXXX-XXXX-XXXX-XXXX"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="mt-2 min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 font-mono uppercase"
        />
      </div>
      <button type="submit" className="btn-primary min-h-11" disabled={busy}>
        {busy ? verifyTexts.checking : verifyTexts.check}
      </button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="font-medium text-red-700 sm:col-span-2">
          {problem}
        </p>
      )}
    </form>
  );
}

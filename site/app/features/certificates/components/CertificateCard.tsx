// A student's certificate (on /lms): course, batch, the name printed, dates, the id, its status, and Download PDF,
// "Add to LinkedIn profile" (LinkedIn's own add-to-profile form, filled from the certificate) and its public
// verification page. A revoked certificate says so and offers neither the PDF nor LinkedIn.
import { useId, useState } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/Icon";
import { verifyPath } from "#app/config/paths";
import { ApiError } from "#app/lib/api-client";
import type { CertificateView } from "#app/lib/api-schema";
import { formatDay, linkedInAddUrl } from "../format";

export const certificateCardTexts = {
  download: "Download PDF",
  downloading: "Downloading…",
  linkedIn: "Add to LinkedIn profile",
  verify: "Verification page",
  downloadFailed: "The PDF could not be downloaded. Please try again.",
};

export function CertificateCard({ certificate, download }: { certificate: CertificateView; download: (id: string) => Promise<unknown> }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const revoked = certificate.status === "revoked";
  const linkedIn = revoked ? null : linkedInAddUrl(certificate.linkedInUrl);

  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await download(certificate.id);
    } catch (e) {
      setFailure(e instanceof ApiError && e.status !== 0 && e.messageField ? e.messageField : certificateCardTexts.downloadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-amber-200 bg-amber-50/60 p-4">
      <h4 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-ink">
        <Icon name="award" className="size-5 text-amber-700" />
        Certificate of completion
      </h4>
      {revoked ? (
        <p className="mt-2 flex items-center gap-2 font-medium text-red-800">
          <Icon name="shield-x" className="size-5" />
          Revoked on {formatDay(certificate.revokedOn)}
          {certificate.revokedReason ? `: ${certificate.revokedReason}` : ""}
        </p>
      ) : (
        <p className="mt-2 flex items-center gap-2 font-medium text-emerald-800">
          <Icon name="shield-check" className="size-5" />
          Valid
        </p>
      )}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Name</dt>
        <dd className="font-medium text-slate-900">{certificate.name}</dd>
        <dt className="text-slate-600">Course</dt>
        <dd className="text-slate-900">{certificate.course}</dd>
        <dt className="text-slate-600">Completed</dt>
        <dd className="text-slate-900">{formatDay(certificate.completedOn)}</dd>
        <dt className="text-slate-600">Issued</dt>
        <dd className="text-slate-900">{formatDay(certificate.issuedOn)}</dd>
        <dt className="text-slate-600">ID</dt>
        <dd className="font-mono break-all text-slate-900">{certificate.id}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        {!revoked && (
          <button
            type="button"
            className="btn-primary min-h-11 text-sm"
            disabled={busy}
            onClick={() => void save()}
            aria-describedby={failure ? `${id}-failure` : undefined}
          >
            <Icon name="download" className="size-4" />
            {busy ? certificateCardTexts.downloading : certificateCardTexts.download}
          </button>
        )}
        {linkedIn && (
          <a href={linkedIn} target="_blank" rel="noopener noreferrer" className="btn-secondary min-h-11 text-sm">
            {certificateCardTexts.linkedIn}
            <Icon name="external-link" className="size-4" />
            <span className="sr-only"> (opens LinkedIn in a new tab)</span>
          </a>
        )}
        <Link to={verifyPath(certificate.id)} className="inline-flex min-h-11 items-center px-1 text-sm font-semibold text-brand-700 underline">
          {certificateCardTexts.verify}
        </Link>
      </div>
      {failure && (
        <p id={`${id}-failure`} role="alert" className="mt-3 text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
    </section>
  );
}

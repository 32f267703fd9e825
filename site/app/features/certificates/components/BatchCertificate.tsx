// A batch's certificate on /lms, inside its card in "My batches": nothing while the batch is not complete; "Get your
// certificate" (the claim dialog, which loads when first opened) once it is; the certificate after that.
import { lazy, Suspense, use, useState } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/Icon";
import { verifyPath } from "#app/config/paths";
import type { CertificateView, MyBatch } from "#app/lib/api-schema";
import { offeredName } from "../format";
import { CertificateCard } from "./CertificateCard";

const ClaimDialog = lazy(() => import("./ClaimDialog").then((m) => ({ default: m.ClaimDialog })));

export interface CertificateActions {
  claim: (batchId: string, name: string) => Promise<CertificateView>;
  download: (id: string) => Promise<unknown>;
}

interface BatchCertificateProps {
  mine: MyBatch;
  /** The student's certificates, or null when they could not be read. */
  certificates: Promise<CertificateView[] | null>;
  /** The account's name, offered as the name to print when it is a real name (not `email` or its first part). */
  defaultName: string;
  email?: string;
  actions: CertificateActions;
}

export function BatchCertificate({ mine, certificates, defaultName, email, actions }: BatchCertificateProps) {
  const list = use(certificates);
  const [claimed, setClaimed] = useState<CertificateView | null>(null);
  const [open, setOpen] = useState(false);
  const { batch } = mine;
  const certificate = claimed ?? list?.find((c) => c.id === mine.certificateId || c.batchId === batch._id) ?? null;

  if (certificate) return <CertificateCard certificate={certificate} download={actions.download} />;
  // Issued, but the list could not be read: its public page still shows it.
  if (mine.certificateId) {
    return (
      <Link to={verifyPath(mine.certificateId)} className="font-semibold text-brand-700 underline">
        Your certificate {mine.certificateId}
      </Link>
    );
  }
  if (!mine.complete) return null;
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50/60 p-4">
      <p className="flex items-center gap-2 font-semibold text-ink">
        <Icon name="award" className="size-5 text-amber-700" />
        You completed this batch.
      </p>
      <button type="button" className="btn-primary mt-3 min-h-11 text-sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Get your certificate
      </button>
      {open && (
        <Suspense fallback={null}>
          <ClaimDialog
            open={open}
            onOpenChange={setOpen}
            batch={batch.name}
            defaultName={offeredName(defaultName, email)}
            claim={(name) => actions.claim(batch._id, name)}
            onClaimed={setClaimed}
          />
        </Suspense>
      )}
    </div>
  );
}

/** Certificates of batches no longer in "My batches" (their access ended): the certificate stays the student's. */
export function OtherCertificates({ certificates, download }: { certificates: CertificateView[]; download: (id: string) => Promise<unknown> }) {
  return (
    <div className="mt-8">
      <h3 className="text-xl font-semibold text-ink">Your other certificates</h3>
      <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {certificates.map((c) => (
          <li key={c.id}>
            <p className="mb-2 font-semibold text-slate-800">{c.batch}</p>
            <CertificateCard certificate={c} download={download} />
          </li>
        ))}
      </ul>
    </div>
  );
}

// The staff console (/staff, docs/product.md#staff-console): Enquiries, Batches (and one batch), Demo classes, Payments
// and the Audit trail, chosen in the URL (`?section=`, `&batch=`). Its first call, the batches, is also the gate: the API
// answers 403 to a signed-in user outside the staff group, who sees "Staff only".
import { useCallback, useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { getStaffBatches } from "../kit/api/enrolments";
import { type TokenSource } from "#app/lib/access-token";
import { TokenProvider } from "../kit/api/token";
import { isForbidden, isUnauthorized } from "../kit/format";
import { useLoad } from "../kit/hooks/use-load";
import { DemoSection } from "../demo/components/DemoSection";
import { PaymentsSection } from "../payments/components/PaymentsSection";
import { AuditSection } from "./AuditSection";
import { ReviewsSection } from "../assignments/components/ReviewsSection";
import { BatchesSection } from "./BatchesSection";
import { BatchView } from "./BatchView";
import { EnquiriesSection } from "./EnquiriesSection";
import { StaffOnly } from "./StaffOnly";
import { Failure, Loading } from "../kit/components/States";

export const staffSections = [
  { id: "enquiries", label: "Enquiries" },
  { id: "batches", label: "Batches" },
  { id: "reviews", label: "Reviews" },
  { id: "demo", label: "Demo classes" },
  { id: "payments", label: "Payments" },
  { id: "audit", label: "Audit trail" },
] as const;
type SectionId = (typeof staffSections)[number]["id"];

const sectionOf = (value: string | null): SectionId => staffSections.find((s) => s.id === value)?.id ?? "enquiries";
const sectionLink = (id: SectionId) => (id === "enquiries" ? "?" : `?section=${id}`);
const batchLink = (batchId: string) => `?section=batches&batch=${encodeURIComponent(batchId)}`;

interface StaffConsoleProps {
  token: TokenSource;
  /** The API no longer accepts the session (401 after a renewal): the route signs the user in again. */
  onSessionEnded: () => void;
}

export function StaffConsole({ token, onSessionEnded }: StaffConsoleProps) {
  const [search] = useSearchParams();
  const section = sectionOf(search.get("section"));
  const batchId = search.get("batch");
  const load = useCallback(() => getStaffBatches(token), [token]);
  const { state, retry, refresh } = useLoad(load);
  const ended = state.status === "error" && isUnauthorized(state.error);
  useEffect(() => {
    if (ended) onSessionEnded();
  }, [ended, onSessionEnded]);

  if (state.status === "error" && isForbidden(state.error)) return <StaffOnly />;

  return (
    <TokenProvider value={token}>
      <div className="container-page py-10">
        <h1 className="text-3xl font-extrabold sm:text-4xl">Staff console</h1>
        {state.status === "loading" && <Loading text="Loading the console…" />}
        {state.status === "error" && !ended && <div className="mt-6"><Failure what="Could not open the console." error={state.error} onRetry={retry} /></div>}
        {state.status === "ready" && (
          <>
            <nav aria-label="Staff sections" className="mt-6 border-b border-slate-200">
              <ul className="-mb-px flex flex-wrap gap-1">
                {staffSections.map((s) => (
                  <li key={s.id}>
                    <Link
                      to={sectionLink(s.id)}
                      aria-current={s.id === section ? "page" : undefined}
                      className="inline-flex min-h-11 items-center border-b-2 border-transparent px-4 py-2 font-semibold text-slate-700 hover:text-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-800"
                    >
                      {s.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-8">
              {section === "enquiries" && <EnquiriesSection batches={state.data} onEnrolled={refresh} />}
              {section === "batches" && !batchId && <BatchesSection batches={state.data} batchLink={batchLink} />}
              {section === "batches" && batchId && (
                <BatchView key={batchId} batchId={batchId} batches={state.data} backLink={sectionLink("batches")} onBatchesChanged={refresh} />
              )}
              {section === "reviews" && <ReviewsSection batches={state.data} />}
              {section === "demo" && <DemoSection batches={state.data} onEnrolled={refresh} />}
              {section === "payments" && <PaymentsSection batches={state.data} onEnrolled={refresh} />}
              {section === "audit" && <AuditSection batches={state.data} />}
            </div>
          </>
        )}
      </div>
    </TokenProvider>
  );
}

// Enquiries: the filters and search, Export CSV, the table newest first a page at a time, and the detail dialog of
// the one opened.
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { showToast } from "#app/components/Toasts";
import type { Enquiry, StaffBatch } from "#app/lib/api-schema";
import { exportEnquiries, listEnquiries } from "../api/enquiries";
import { useTokenSource } from "../kit/api/token";
import { filtersFromSearch, withFilters, type EnquiryFilters } from "../filters";
import { failureText, formatTime } from "../kit/format";
import { useCursorList } from "../kit/hooks/use-cursor-list";
import { EnquiryDetail } from "./EnquiryDetail";
import { EnquiryFilterBar } from "./EnquiryFilters";
import { DeliveryBadge, formLabel } from "./labels";
import { Email } from "../kit/components/Email";
import { Empty, Failure, Loading, LoadMore } from "../kit/components/States";
import { actionTd, ConsoleTable, td } from "../kit/components/Table";

export function EnquiriesSection({ batches, onEnrolled }: { batches: readonly StaffBatch[]; onEnrolled: () => void }) {
  const token = useTokenSource();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const filterKey = JSON.stringify(filters);
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const loadPage = useCallback(
    (cursor?: string | null) => listEnquiries(token, JSON.parse(filterKey) as EnquiryFilters, cursor),
    [token, filterKey],
  );
  const list = useCursorList(loadPage);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.items.find((e) => e.id === openId) ?? null;
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const name = await exportEnquiries(token, filters);
      showToast((t) => t.success("Export ready", { description: `Saved as ${name}.` }));
    } catch (e) {
      showToast((t) => t.error("Export failed", { description: failureText(e) }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="staff-enquiries">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="staff-enquiries" className="text-2xl font-bold">
          Enquiries
        </h2>
        <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? "Exporting…" : "Export CSV"}
        </button>
      </div>
      <div className="mt-4">
        <EnquiryFilterBar key={filters.q ?? ""} filters={filters} onChange={(next) => setSearch(withFilters(search, next))} />
      </div>
      <div className="mt-6">
        {list.state === "loading" && <Loading text="Loading enquiries…" />}
        {list.state === "error" && <Failure what="Could not load the enquiries." error={list.error} onRetry={list.reload} />}
        {list.state === "ready" && list.items.length === 0 && !list.hasMore && (
          <Empty>
            {filtered
              ? "No enquiries match these filters."
              : "No enquiries yet. They appear here as soon as a visitor sends the contact, enrolment or registration form."}
          </Empty>
        )}
        {list.state === "ready" && (list.items.length > 0 || list.hasMore) && (
          <>
            <ConsoleTable
              caption="Enquiries, newest first"
              captionHidden
              columns={["Received", "Name", "E-mail", "Form", "Course", "Delivery", "Handled", { actions: <span className="sr-only">Details</span> }]}
              rows={list.items}
              rowKey={(e) => e.id}
            >
              {(e) => <EnquiryCells enquiry={e} onOpen={() => setOpenId(e.id)} />}
            </ConsoleTable>
            {list.items.length === 0 && <p className="mt-4 text-slate-600">No matches in the enquiries read so far: load more to look further back.</p>}
          </>
        )}
        <LoadMore hasMore={list.state === "ready" && list.hasMore} loading={list.loadingMore} error={list.moreError} onLoadMore={() => void list.loadMore()} />
      </div>
      {open && (
        <EnquiryDetail
          enquiry={open}
          batches={batches}
          onClose={() => setOpenId(null)}
          onChanged={(changed: Enquiry) => list.replace((e) => e.id === changed.id, changed)}
          onEnrolled={onEnrolled}
        />
      )}
    </section>
  );
}

function EnquiryCells({ enquiry: e, onOpen }: { enquiry: Enquiry; onOpen: () => void }) {
  return (
    <>
      <td className={`${td} whitespace-nowrap`}>{formatTime(e.createdAt)}</td>
      <td className={td}>{e.name || "—"}</td>
      <td className={td}>
        <Email address={e.email} />
      </td>
      <td className={td}>{formLabel(e.formType)}</td>
      <td className={td}>{e.course ?? "—"}</td>
      <td className={td}>
        <DeliveryBadge delivery={e.delivery} />
      </td>
      <td className={td}>{e.handled ? "Handled" : "Not handled"}</td>
      <td className={actionTd}>
        <button type="button" className="font-semibold text-brand-700 underline" onClick={onOpen} aria-label={`Open enquiry from ${e.name || e.email}`}>
          Open
        </button>
      </td>
    </>
  );
}

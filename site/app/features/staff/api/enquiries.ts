// Staff's enquiries (/api/staff/enquiries*): a page of the filtered list, one enquiry, marking it handled with a
// note, mailing the institute's copy again, and the filtered list as a CSV download.
import { apiGet, apiPatch, apiPost } from "#app/lib/api-client";
import { apiGetFile } from "#app/lib/api-file";
import type { Enquiry, EnquiryPage } from "#app/lib/api-schema";
import { filtersToQuery, type EnquiryFilters } from "../filters";
import { downloadCsv } from "../kit/api/download-csv";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";

export const listEnquiries = async (source: TokenSource, filters: EnquiryFilters, cursor?: string | null): Promise<EnquiryPage> =>
  apiGet("/api/staff/enquiries", { token: await tokenFrom(source), query: filtersToQuery(filters, cursor) });

/** Marks an enquiry handled or not; `note` replaces staff's note (empty removes it). */
export const markEnquiry = async (source: TokenSource, id: string, handled: boolean, note: string): Promise<Enquiry> =>
  apiPatch("/api/staff/enquiries/{id}", { token: await tokenFrom(source), params: { id }, body: { handled, note } });

/** Mails the institute's copy again; the answer's `delivery` says whether it went. */
export const resendEnquiry = async (source: TokenSource, id: string): Promise<Enquiry> =>
  apiPost("/api/staff/enquiries/{id}/resend", { token: await tokenFrom(source), params: { id } });

/** Downloads every enquiry matching `filters` as CSV; answers the file's name. */
export const exportEnquiries = async (source: TokenSource, filters: EnquiryFilters): Promise<string> => {
  const token = await tokenFrom(source);
  const { cursor: _, ...query } = filtersToQuery(filters);
  return downloadCsv(() => apiGetFile("/api/staff/enquiries.csv", { token, query }), "enquiries.csv");
};

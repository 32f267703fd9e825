// Staff's payments (/api/staff/payments*, docs/product.md#staff-console): a page of the filtered list, the same as
// CSV, a student's ledger by e-mail, a manual payment (bank, JazzCash, Easypaisa, cash) that enrols the student, and
// a refund (a reason is needed past the 3-day window). Through the one client (lib/payments-schema.ts's paymentsCall
// until the contract is generated); the server audits every change.
import { send } from "#app/lib/api-client";
import { attachmentName, type ApiFile } from "#app/lib/api-file";
import {
  paymentsCall,
  type Ledger,
  type ManualPaymentAnswer,
  type ManualPaymentRequest,
  type PaymentPage,
  type PaymentView,
  type ReceiptLink,
  type ReceiptView,
  type RefundRequest,
} from "#app/lib/payments-schema";
import type { PartsBegun } from "#app/lib/upload-in-parts";
import { downloadCsv } from "../../kit/api/download-csv";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";
import { paymentFiltersToQuery, type PaymentFilters } from "../filters";

export const listPayments = async (source: TokenSource, filters: PaymentFilters, cursor?: string | null): Promise<PaymentPage> =>
  paymentsCall("get", "/api/staff/payments", { token: await tokenFrom(source), query: paymentFiltersToQuery(filters, cursor) });

/** Downloads every payment matching `filters` as CSV; answers the file's name. */
export const exportPayments = async (source: TokenSource, filters: PaymentFilters): Promise<string> => {
  const token = await tokenFrom(source);
  const { cursor: _, ...query } = paymentFiltersToQuery(filters);
  const fetchFile = () =>
    send<ApiFile>("get", "/api/staff/payments.csv", { token, query }, "text/csv", async (res) => ({
      blob: await res.blob(),
      fileName: attachmentName(res.headers.get("content-disposition")),
    }));
  return downloadCsv(fetchFile, "payments.csv");
};

export const getLedger = async (source: TokenSource, email: string): Promise<Ledger> =>
  paymentsCall("get", "/api/staff/payments/ledger", { token: await tokenFrom(source), query: { email } });

export const recordManualPayment = async (source: TokenSource, body: ManualPaymentRequest): Promise<ManualPaymentAnswer> =>
  paymentsCall("post", "/api/staff/payments/manual", { token: await tokenFrom(source), body });

/** Begins a receipt file's upload: where to PUT each part. */
export const beginReceipt = async (source: TokenSource, file: { fileName: string; size: number; contentType: string }): Promise<PartsBegun> =>
  paymentsCall("post", "/api/staff/payments/receipts", { token: await tokenFrom(source), body: file });

/** Joins the receipt's parts; the server keeps it only if its content is a PDF or an image. */
export const completeReceipt = async (source: TokenSource, receiptId: string, parts: { number: number; etag: string }[]): Promise<ReceiptView> =>
  paymentsCall("post", `/api/staff/payments/receipts/${encodeURIComponent(receiptId)}/complete`, { token: await tokenFrom(source), body: { parts } });

/** A 5-minute link that downloads the receipt file attached to a payment. */
export const getReceiptLink = async (source: TokenSource, paymentId: string): Promise<ReceiptLink> =>
  paymentsCall("get", `/api/staff/payments/${encodeURIComponent(paymentId)}/receipt`, { token: await tokenFrom(source) });

/** Refunds a payment (card: through Stripe; manual: recorded). 409 past the window without a reason. */
export const refundPayment = async (source: TokenSource, id: string, body: RefundRequest): Promise<PaymentView> =>
  paymentsCall("post", `/api/staff/payments/${encodeURIComponent(id)}/refund`, { token: await tokenFrom(source), body });

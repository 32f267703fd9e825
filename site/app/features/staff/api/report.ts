// A batch's report (/api/staff/batches/{batchId}/report): per lecture and per student, and the same as CSV.
import { apiGet } from "#app/lib/api-client";
import { apiGetFile } from "#app/lib/api-file";
import type { BatchReport } from "#app/lib/api-schema";
import { downloadCsv } from "../kit/api/download-csv";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";

export const getBatchReport = async (source: TokenSource, batchId: string): Promise<BatchReport> =>
  apiGet("/api/staff/batches/{batchId}/report", { token: await tokenFrom(source), params: { batchId } });

export const exportBatchReport = async (source: TokenSource, batchId: string): Promise<string> => {
  const token = await tokenFrom(source);
  return downloadCsv(() => apiGetFile("/api/staff/batches/{batchId}/report.csv", { token, params: { batchId } }), `report-${batchId}.csv`);
};

import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "#app/lib/api-client";
import { apiGetFile, attachmentName } from "#app/lib/api-file";
import { downloadCsv } from "./download-csv";

const csvAnswer = (body: string, headers: Record<string, string> = {}) =>
  vi.fn(async () => new Response(body, { status: 200, headers: { "content-type": "text/csv; charset=utf-8", ...headers } }));

afterEach(() => vi.restoreAllMocks());

/** Object URLs (jsdom has none) and the clicks on download links. */
function watchDownloads() {
  const created: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return `blob:test/${created.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  const clicks: { href: string; download: string; inDocument: boolean }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
  });
  return { created, clicks };
}

describe("CSV downloads", () => {
  it("fetch with the bearer token and the filters, then save the file under the server's name", async () => {
    const { created, clicks } = watchDownloads();
    const fetchMock = csvAnswer("id,name\r\n1,Ayesha\r\n", { "content-disposition": 'attachment; filename="enquiries.csv"' });
    const name = await downloadCsv(
      () => apiGetFile("/api/staff/enquiries.csv", { token: "t0ken", query: { handled: "false", q: undefined }, fetch: fetchMock }),
      "fallback.csv",
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/staff/enquiries.csv?handled=false");
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer t0ken");
    expect(name).toBe("enquiries.csv");
    expect(await created[0]!.text()).toBe("id,name\r\n1,Ayesha\r\n");
    expect(clicks).toEqual([{ href: "blob:test/1", download: "enquiries.csv", inDocument: true }]);
    expect(document.querySelectorAll("a[download]")).toHaveLength(0);
    await vi.waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:test/1"));
  });

  it("use the fallback name when the answer names none", async () => {
    const { clicks } = watchDownloads();
    const name = await downloadCsv(
      () => apiGetFile("/api/staff/batches/{batchId}/report.csv", { token: "t", params: { batchId: "b1" }, fetch: csvAnswer("name\r\n") }),
      "report-b1.csv",
    );
    expect(name).toBe("report-b1.csv");
    expect(clicks[0]!.download).toBe("report-b1.csv");
  });

  it("save nothing when the API refuses, and reject with its reason", async () => {
    const { clicks } = watchDownloads();
    const refuse = vi.fn(async () => new Response(JSON.stringify({ error: "forbidden", message: "Staff only." }), { status: 403 }));
    const failure = await downloadCsv(() => apiGetFile("/api/staff/enquiries.csv", { token: "t", fetch: refuse }), "x.csv").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect([(failure as ApiError).status, (failure as ApiError).serverMessage]).toEqual([403, "Staff only."]);
    expect(clicks).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it("read the file name from Content-Disposition, quoted or not, encoded or not", () => {
    expect(attachmentName('attachment; filename="report-665f.csv"')).toBe("report-665f.csv");
    expect(attachmentName("attachment; filename=plain.csv")).toBe("plain.csv");
    expect(attachmentName("attachment; filename*=UTF-8''caf%C3%A9.csv")).toBe("café.csv");
    expect(attachmentName(null)).toBeUndefined();
    expect(attachmentName("inline")).toBeUndefined();
  });
});

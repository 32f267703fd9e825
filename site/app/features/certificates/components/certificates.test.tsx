// The student's side of certificates: the claim dialog (name rule explained and checked, the account's name offered,
// the API's refusal shown), the card (LinkedIn's add-to-profile link, revoked), and the verification page's states.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Suspense, type ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "#app/lib/api-client";
import type { CertificateView, MyBatch, VerifiedCertificate } from "#app/lib/api-schema";
import { renderAt } from "#app/test/render";
import { checkCertificate } from "../verify-answer";
import { BatchCertificate } from "./BatchCertificate";
import { CertificateCard } from "./CertificateCard";
import { ClaimDialog } from "./ClaimDialog";
import { VerifyView } from "./VerifyView";

afterEach(() => vi.restoreAllMocks());

const id = "SKY-7K3Q-9WXD-M2PA-4TRE";
const linkedInUrl = `https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=MERN%20Stack&organizationName=Skyline%20Tech%20Academy&issueYear=2026&issueMonth=3&certUrl=https%3A%2F%2Facademy.example%2Fverify%2F${id}&certId=${id}`;
const certificate = (extra: Partial<CertificateView> = {}): CertificateView => ({
  id,
  name: "Zoë O'Brien",
  courseId: "665f1c2a9b3e4d0012a1b001",
  course: "MERN Stack",
  batchId: "665f1c2a9b3e4d0012a1c006",
  batch: "DA-06 Late Evening Batch",
  instructor: "Sara Ahmed",
  completedOn: "2026-03-10",
  issuedOn: "2026-03-12",
  status: "valid",
  revokedOn: null,
  revokedReason: null,
  verifyUrl: `https://academy.example/verify/${id}`,
  linkedInUrl,
  ...extra,
});
const publicAnswer = (extra: Partial<VerifiedCertificate> = {}): VerifiedCertificate => ({
  id,
  name: "Zoë O'Brien",
  course: "MERN Stack",
  batch: "DA-06 Late Evening Batch",
  completedOn: "2026-03-10",
  issuedOn: "2026-03-12",
  status: "valid",
  revokedOn: null,
  ...extra,
});

describe("ClaimDialog", () => {
  const open = (claim = vi.fn(async (_name: string) => certificate()), defaultName = "  Zoe\u0308  O\u2019Brien ") => {
    const onClaimed = vi.fn();
    renderAt(<ClaimDialog open onOpenChange={() => undefined} batch="DA-06 Late Evening Batch" defaultName={defaultName} claim={claim} onClaimed={onClaimed} />);
    return { claim, onClaimed, dialog: screen.getByRole("dialog", { name: "Get your certificate" }) };
  };

  it("offers the account's name, explains the rule, and sends the name as it will be printed", async () => {
    const { claim, onClaimed, dialog } = open();
    const field = within(dialog).getByLabelText("Name to print");
    expect(field).toHaveProperty("value", "Zoë O'Brien");
    expect(field.getAttribute("aria-describedby")).toBeTruthy();
    const rule = document.getElementById(field.getAttribute("aria-describedby")!.split(" ")[0]!)!;
    expect(rule.textContent).toMatch(/Letters \(accents welcome\), spaces, hyphens, apostrophes and periods; 2 to 80 characters, starting with a letter/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Get certificate" }));
    await waitFor(() => expect(onClaimed).toHaveBeenCalledWith(certificate()));
    expect(claim).toHaveBeenCalledWith("Zoë O'Brien");
  });

  it("refuses a name against the rule before sending, on the field", async () => {
    const { claim, dialog } = open(undefined, "");
    const field = within(dialog).getByLabelText("Name to print");
    fireEvent.change(field, { target: { value: "R2-D2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Get certificate" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe("Use letters, spaces, hyphens, apostrophes and periods only (not 2).");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toContain(alert.id);
    expect(document.activeElement).toBe(field);
    expect(claim).not.toHaveBeenCalled();
  });

  it("shows the API's refusal (a batch not complete)", async () => {
    const claim = vi.fn(async () => {
      throw new ApiError(409, "Conflict", "Watch every lecture of the batch first.", { messageField: "Watch every lecture of the batch first." });
    });
    const { dialog, onClaimed } = open(claim);
    fireEvent.click(within(dialog).getByRole("button", { name: "Get certificate" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Watch every lecture of the batch first.");
    expect(onClaimed).not.toHaveBeenCalled();
  });
});

describe("CertificateCard", () => {
  it("offers the PDF, LinkedIn's add-to-profile form in a new tab and the verification page", async () => {
    const download = vi.fn(async () => "certificate.pdf");
    renderAt(<CertificateCard certificate={certificate()} download={download} />);
    const linkedIn = screen.getByRole("link", { name: /Add to LinkedIn profile/ });
    expect(linkedIn.getAttribute("href")).toBe(new URL(linkedInUrl).href);
    expect(linkedIn.getAttribute("target")).toBe("_blank");
    expect(linkedIn.getAttribute("rel")).toContain("noopener");
    expect(linkedIn.textContent).toContain("opens LinkedIn in a new tab");
    expect(screen.getByRole("link", { name: "Verification page" }).getAttribute("href")).toBe(`/verify/${id}`);
    expect(screen.getByText("12 March 2026")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(download).toHaveBeenCalledWith(id));
  });

  it("says when the PDF could not be downloaded", async () => {
    renderAt(<CertificateCard certificate={certificate()} download={async () => Promise.reject(new ApiError(0, "Network error", undefined))} />);
    fireEvent.click(screen.getByRole("button", { name: "Download PDF" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The PDF could not be downloaded. Please try again.");
  });

  it("shows a revoked certificate as revoked, without the PDF or LinkedIn", () => {
    renderAt(<CertificateCard certificate={certificate({ status: "revoked", revokedOn: "2026-04-02", revokedReason: "Issued in error" })} download={vi.fn()} />);
    expect(screen.getByText(/Revoked on 2 April 2026: Issued in error/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Download PDF" })).toBeNull();
    expect(screen.queryByRole("link", { name: /LinkedIn/ })).toBeNull();
  });

  it("hides the LinkedIn button when the address is not LinkedIn's add-to-profile form", () => {
    renderAt(<CertificateCard certificate={certificate({ linkedInUrl: "https://evil.example/profile/add" })} download={vi.fn()} />);
    expect(screen.queryByRole("link", { name: /LinkedIn/ })).toBeNull();
  });
});

describe("BatchCertificate on /lms", () => {
  const mine = (extra: Partial<MyBatch>): MyBatch => ({
    batch: {
      _id: "665f1c2a9b3e4d0012a1c006",
      name: "DA-06 Late Evening Batch",
    } as MyBatch["batch"],
    lecturesTotal: 3,
    lecturesWatched: 3,
    linkedAt: 1_764_000_000,
    complete: false,
    assignmentsTotal: 0,
    assignmentsDone: 0,
    assignmentsPassed: 0,
    assignmentsRequired: false,
    certificateId: null,
    ...extra,
  });
  const actions = { claim: vi.fn(async () => certificate()), download: vi.fn() };
  /** Rendered inside act, so the list's promise settles (React's `use`) before the test looks. */
  const suspended = async (element: ReactElement) => {
    let rendered!: ReturnType<typeof renderAt>;
    await act(async () => {
      rendered = renderAt(<Suspense fallback={<p>waiting</p>}>{element}</Suspense>);
    });
    return rendered;
  };

  it("shows nothing for a batch not yet complete", async () => {
    const { container } = await suspended(<BatchCertificate mine={mine({ complete: false, certificateId: null })} certificates={Promise.resolve([])} defaultName="Zoë" actions={actions} />);
    expect(container.textContent).toBe("");
  });

  it("offers 'Get your certificate' for a complete batch, then shows the certificate", async () => {
    await suspended(<BatchCertificate mine={mine({ complete: true, certificateId: null })} certificates={Promise.resolve([])} defaultName="Zoë O'Brien" actions={actions} />);
    fireEvent.click(await screen.findByRole("button", { name: "Get your certificate" }));
    const dialog = await screen.findByRole("dialog", { name: "Get your certificate" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Get certificate" }));
    await screen.findByRole("heading", { name: "Certificate of completion" });
    expect(actions.claim).toHaveBeenCalledWith("665f1c2a9b3e4d0012a1c006", "Zoë O'Brien");
  });

  it("offers an empty name, not the e-mail's first part, to an account without a name", async () => {
    await suspended(
      <BatchCertificate mine={mine({ complete: true, certificateId: null })} certificates={Promise.resolve([])} defaultName="zoe.obrien" email="zoe.obrien@example.pk" actions={actions} />,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Get your certificate" }));
    const dialog = await screen.findByRole("dialog", { name: "Get your certificate" });
    expect(within(dialog).getByLabelText("Name to print")).toHaveProperty("value", "");
  });

  it("shows the batch's certificate once issued", async () => {
    await suspended(<BatchCertificate mine={mine({ complete: true, certificateId: id })} certificates={Promise.resolve([certificate()])} defaultName="Zoë" actions={actions} />);
    await screen.findByRole("heading", { name: "Certificate of completion" });
    expect(screen.queryByRole("button", { name: "Get your certificate" })).toBeNull();
  });
});

describe("the verification page", () => {
  const view = (answer: Parameters<typeof VerifyView>[0]["answer"], pageId: string | null = id) => {
    const onCheck = vi.fn();
    const onRetry = vi.fn();
    renderAt(<VerifyView id={pageId} answer={answer} issuer="Skyline Tech Academy" onCheck={onCheck} onRetry={onRetry} />);
    return { onCheck, onRetry };
  };

  it("valid: the holder, course, batch, dates and id, and the public PDF", () => {
    view({ kind: "found", certificate: publicAnswer() });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Valid certificate");
    expect(screen.getByRole("status").textContent).toContain("Skyline Tech Academy issued this certificate to Zoë O'Brien for completing MERN Stack.");
    expect(screen.getByText("10 March 2026")).toBeTruthy();
    expect(screen.getByText(id)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download PDF" }).getAttribute("href")).toBe(`/api/certificates/${id}/pdf`);
  });

  it("revoked: says so with the date, and offers no PDF", () => {
    view({ kind: "found", certificate: publicAnswer({ status: "revoked", revokedOn: "2026-04-02" }) });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Revoked certificate");
    expect(screen.getByRole("status").textContent).toContain("revoked this certificate on 2 April 2026. It is no longer valid.");
    expect(screen.queryByRole("link", { name: "Download PDF" })).toBeNull();
  });

  it("not found: says so and checks another id typed from a printed certificate", () => {
    const { onCheck } = view({ kind: "not-found" });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("No certificate has this ID");
    const field = screen.getByLabelText("Certificate ID");
    fireEvent.change(field, { target: { value: "sky 7k3q 9wxd m2pa 4tro" } });
    fireEvent.click(screen.getByRole("button", { name: "Check certificate" }));
    expect(onCheck).toHaveBeenCalledWith("SKY-7K3Q-9WXD-M2PA-4TR0");
  });

  it("a typed id that cannot be one is refused on the field", () => {
    const { onCheck } = view({ kind: "ask" }, null);
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
    fireEvent.change(screen.getByLabelText("Certificate ID"), { target: { value: "hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Check certificate" }));
    expect(screen.getByRole("alert").textContent).toMatch(/Enter the ID as printed on the certificate/);
    expect(onCheck).not.toHaveBeenCalled();
  });

  it("error: offers to try again; too many checks: says when", () => {
    const { onRetry } = view({ kind: "error" });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalled();
  });

  it("too many checks: says when to come back", () => {
    view({ kind: "limited", retryAfterSeconds: 600 });
    expect(screen.getByRole("status").textContent).toContain("Please try again in 10 minute(s).");
  });
});

describe("checkCertificate", () => {
  it("answers found, not found (404 or an id that cannot be one, unasked), limited and error", async () => {
    const found = vi.fn(async () => publicAnswer());
    expect(await checkCertificate(id, found)).toEqual({ kind: "found", certificate: publicAnswer() });
    const never = vi.fn();
    expect(await checkCertificate("SKY-1234", never)).toEqual({ kind: "not-found" });
    expect(await checkCertificate(null, never)).toEqual({ kind: "ask" });
    expect(never).not.toHaveBeenCalled();
    const refuse = (e: ApiError) => vi.fn(async () => Promise.reject(e));
    expect(await checkCertificate(id, refuse(new ApiError(404, "Not Found", "No certificate")))).toEqual({ kind: "not-found" });
    expect(await checkCertificate(id, refuse(new ApiError(429, "Too Many Requests", undefined, { retryAfterSeconds: 120 })))).toEqual({
      kind: "limited",
      retryAfterSeconds: 120,
    });
    expect(await checkCertificate(id, refuse(new ApiError(0, "Network error", undefined)))).toEqual({ kind: "error" });
    expect(await checkCertificate(id, refuse(new ApiError(500, "Server Error", undefined)))).toEqual({ kind: "error" });
  });
});

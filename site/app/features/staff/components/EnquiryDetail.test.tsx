import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Enquiry, Enrolled, StaffBatch } from "#app/lib/api-schema";
import { inTimeZone, json } from "#app/test/http";
import { TokenProvider } from "../kit/api/token";
import { EnquiryDetail } from "./EnquiryDetail";

vi.mock("#app/components/Toasts", () => ({ showToast: vi.fn() }));

inTimeZone("Asia/Karachi");
afterEach(() => vi.restoreAllMocks());

const enquiry: Enquiry = {
  id: "0123456789abcdef0123456789abcdef",
  formType: "contact-form",
  createdAt: 1_764_000_000,
  name: "Ayesha Khan",
  email: "ayesha@example.pk",
  formData: {},
  delivery: "sent",
  attempts: 1,
  handled: false,
};

const batch: StaffBatch = {
  batch: {
    _id: "665f1c2a9b3e4d0012a1c002",
    courseId: "665f1c2a9b3e4d0012a1b002",
    name: "MERN-08 Weekend Batch",
    mode: "Online",
    schedule: "Sat, Sun",
    timing: "11 AM",
    instructor: "Sana",
    startDate: "2026-12-05",
    endDate: "2027-03-05",
    price: "PKR 45,000",
    seats: 30,
    enrolled: 3,
    description: "",
  },
  courseTitle: "MERN Stack",
  enrolled: 3,
  active: 3,
};

// 28 Nov 2026, 06:40 in Karachi (01:40 UTC).
const enrolledAt = 1_795_830_000;

const enrolled: Enrolled = {
  secretId: "mQ3vX9sTzq0Ab1Cd2Ef3Gh4Ij5Kl6Mn7",
  enrolment: {
    id: `${batch.batch._id}0123456789abcdef`,
    batchId: batch.batch._id,
    name: "Ayesha Khan",
    email: "ayesha@example.pk",
    status: "active",
    enrolledAt,
    enrolledBy: "staff@example.com",
    welcome: "sent",
    accountLinked: false,
    lecturesWatched: 0,
    lecturesTotal: 4,
  },
};

/** The drawer as the enquiries list holds it: the list keeps the enquiry the API (or the drawer) last gave it. */
function Held() {
  const [held, setHeld] = useState(enquiry);
  return <EnquiryDetail enquiry={held} batches={[batch]} onClose={vi.fn()} onChanged={setHeld} onEnrolled={vi.fn()} />;
}

describe("an enquiry's drawer", () => {
  it("says who handled it and when right after Enrol, not a dash", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(enrolled, 201));
    render(
      <TokenProvider value={async () => "staff-token"}>
        <Held />
      </TokenProvider>,
    );
    expect(screen.getByText("Not yet")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Enrol" }));
    fireEvent.change(screen.getByLabelText("Batch"), { target: { value: batch.batch._id } });
    fireEvent.submit(screen.getByRole("form", { name: "Enrol a student" }));

    expect(await screen.findByText("Yes, by staff@example.com on 28 Nov 2026, 06:40")).toBeTruthy();
    expect(screen.queryByText(/on —/)).toBeNull();
  });
});

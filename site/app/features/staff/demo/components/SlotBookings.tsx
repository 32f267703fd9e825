// A slot's bookings: who booked (name, e-mail, course), whether the booking stands, attended or no-show (marked,
// or cleared, with one press), and Enrol, which opens the console's enrolment form prefilled with the booker.
import { useCallback, useState } from "react";
import { showToast } from "#app/components/Toasts";
import { courses } from "#app/content/courses";
import type { Enrolled, StaffBatch } from "#app/lib/api-schema";
import type { DemoAttendance as Attendance, DemoBooking } from "#app/lib/api-schema";
import { useTokenSource } from "../../kit/api/token";
import { EnrolForm } from "../../kit/components/EnrolForm";
import { SecretIdReveal } from "../../kit/components/SecretIdReveal";
import { Email } from "../../kit/components/Email";
import { Badge, Empty, Failure, Loading } from "../../kit/components/States";
import { actionTd, ConsoleTable, td } from "../../kit/components/Table";
import { failureText } from "../../kit/format";
import { useLoad } from "../../kit/hooks/use-load";
import { listSlotBookings, markAttendance } from "../api/demo";

const courseTitle = (id: string | null | undefined) => (id ? courses.find((c) => c.id === id)?.title : undefined);

const attendanceLabel: Record<Attendance, string> = { attended: "Attended", "no-show": "No-show" };

interface SlotBookingsProps {
  slotId: string;
  /** "Sun, 29 Mar 2026, 7:00 PM Pakistan time": names the table. */
  when: string;
  batches: readonly StaffBatch[];
  onEnrolled: () => void;
}

export function SlotBookings({ slotId, when, batches, onEnrolled }: SlotBookingsProps) {
  const token = useTokenSource();
  const load = useCallback(() => listSlotBookings(token, slotId), [token, slotId]);
  const { state, retry } = useLoad(load);
  const [changed, setChanged] = useState<Record<string, DemoBooking>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [enrolling, setEnrolling] = useState<DemoBooking | null>(null);
  const [enrolled, setEnrolled] = useState<{ enrolled: Enrolled; batch: StaffBatch } | null>(null);

  const mark = async (booking: DemoBooking, attendance: Attendance | null) => {
    setBusy(booking.id);
    try {
      const saved = await markAttendance(token, booking.id, attendance);
      setChanged((c) => ({ ...c, [saved.id]: saved }));
      showToast((t) => t.success(attendance ? `${booking.name}: ${attendanceLabel[attendance]}` : `${booking.name}: attendance cleared`));
    } catch (e) {
      showToast((t) => t.error("Attendance not saved", { description: failureText(e) }));
    } finally {
      setBusy(null);
    }
  };

  if (state.status === "loading") return <Loading text="Loading the bookings…" />;
  if (state.status === "error") return <Failure what="Could not load the bookings." error={state.error} onRetry={retry} />;
  const bookings = state.data.map((b) => changed[b.id] ?? b);
  if (bookings.length === 0) return <Empty>Nobody has booked this slot yet.</Empty>;

  return (
    <div className="grid gap-4">
      <ConsoleTable
        caption={`Bookings of ${when}`}
        captionHidden
        columns={["Name", "E-mail", "Course", "Booking", "Attendance", { actions: "Enrol" }]}
        rows={bookings}
        rowKey={(b) => b.id}
      >
        {(b) => (
          <>
            <td className={`${td} font-medium text-ink`}>{b.name}</td>
            <td className={td}>
              <Email address={b.email} />
            </td>
            <td className={td}>{courseTitle(b.courseId) ?? "Any"}</td>
            <td className={td}>{b.status === "booked" ? <Badge tone="green">Booked</Badge> : <Badge tone="slate">Cancelled</Badge>}</td>
            <td className={td}>
              <div role="group" aria-label={`Attendance of ${b.name}`} className="flex flex-wrap gap-2">
                {(["attended", "no-show"] as const).map((a) => (
                  <button
                    key={a}
                    type="button"
                    aria-pressed={b.attendance === a}
                    disabled={busy === b.id || b.status === "cancelled"}
                    onClick={() => void mark(b, b.attendance === a ? null : a)}
                    className="btn-secondary min-h-10 px-3 py-1.5 text-sm aria-pressed:border-brand-700 aria-pressed:bg-brand-50"
                  >
                    {attendanceLabel[a]}
                  </button>
                ))}
              </div>
            </td>
            <td className={actionTd}>
              <button
                type="button"
                className="btn-secondary min-h-10 px-3 py-1.5 text-sm"
                onClick={() => {
                  setEnrolled(null);
                  setEnrolling(b);
                }}
                aria-label={`Enrol ${b.name}`}
              >
                Enrol
              </button>
            </td>
          </>
        )}
      </ConsoleTable>
      {enrolling && !enrolled && (
        <section aria-label={`Enrol ${enrolling.name}`} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h5 className="font-semibold text-ink">Enrol {enrolling.name}</h5>
            <button type="button" className="min-h-10 px-2 text-sm font-semibold text-brand-700 underline" onClick={() => setEnrolling(null)}>
              Close
            </button>
          </div>
          <EnrolForm
            key={enrolling.id}
            batches={batches}
            initial={{ name: enrolling.name, email: enrolling.email, course: courseTitle(enrolling.courseId) ?? null }}
            onEnrolled={(done, batch) => {
              setEnrolled({ enrolled: done, batch });
              setEnrolling(null);
              onEnrolled();
              showToast((t) => t.success("Enrolled", { description: `${done.enrolment.name} in ${batch.batch.name}` }));
            }}
          />
        </section>
      )}
      {enrolled && <SecretIdReveal enrolled={enrolled.enrolled} batchName={enrolled.batch.batch.name} onDone={() => setEnrolled(null)} />}
    </div>
  );
}

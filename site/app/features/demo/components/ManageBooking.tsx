// The booking a mail's signed link opens (?id=…&token=…): its time in the visitor's zone and the institute's, the
// meeting link, and, while it is booked, Reschedule (another open slot, free until two hours before) and Cancel
// (confirmed first; the mail's Cancel link, `&action=cancel`, opens that confirmation at once). An expired or altered
// link is told as such, with the way to book again.
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { anchors, demoBookingPath, paths, withHash } from "#app/config/paths";
import { ApiError } from "#app/lib/api-client";
import { INSTITUTE_ZONE, whenInBothZones, whenInZone } from "#app/lib/demo-time";
import type { DemoBooked, DemoBooking, DemoSlot } from "#app/lib/api-schema";
import { cancelBooking, getBooking, nextSlotsOf, rescheduleBooking } from "../api/bookings";
import { getOpenSlots } from "../api/get-slots";
import { useZone } from "../hooks/use-zone";
import { refusalText } from "../refusal";
import { SlotPicker } from "./SlotPicker";
import { ZoneSwitch } from "./ZoneSwitch";

/** Rescheduling and cancelling close this long before the class (the API refuses after). */
export const CHANGE_CLOSES_MS = 2 * 60 * 60 * 1000;

// The confirmation (Radix) loads when Cancel is first pressed.
const CancelDialog = lazy(() => import("./CancelDialog").then((m) => ({ default: m.CancelDialog })));

/** The booking stands and starts more than two hours from now. */
const changeOpen = (booking: DemoBooking) => booking.status === "booked" && Date.parse(booking.startsAt) - Date.now() > CHANGE_CLOSES_MS;

type Loaded = { status: "loading" } | { status: "ready"; booking: DemoBooking } | { status: "error"; error: unknown };

const bookAgain = withHash(paths.freeDemo, anchors.freeDemoBook);

export function ManageBooking() {
  // The pre-rendered shell has no query: the link's id and token are read once hydrated.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [search] = useSearchParams();
  const id = search.get("id")?.trim() ?? "";
  const token = search.get("token")?.trim() ?? "";
  if (!hydrated) return <Status>Loading your booking…</Status>;
  if (!id || !token) {
    return (
      <Problem title="This link is incomplete">
        Open the link from your booking e-mail again, or book a new time.
      </Problem>
    );
  }
  return <BookingView key={id} id={id} linkToken={token} askToCancel={search.get("action") === "cancel"} />;
}

function Status({ children }: { children: string }) {
  return (
    <p role="status" className="mt-6 text-lg text-slate-600">
      {children}
    </p>
  );
}

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="alert" className="card mt-6 max-w-2xl p-6" data-testid="booking-problem">
      <h2 className="text-xl font-bold text-ink">{title}</h2>
      <p className="mt-2 text-slate-700">{children}</p>
      <Link to={bookAgain} className="btn-primary mt-5">
        Book a Free Demo Class
      </Link>
    </div>
  );
}

/** The address bar keeps the newest link (a move answers a fresh token), without a navigation. */
const keepLink = (id: string, token: string) => window.history.replaceState(window.history.state, "", demoBookingPath(id, token));

function BookingView({ id, linkToken, askToCancel }: { id: string; linkToken: string; askToCancel: boolean }) {
  const zone = useZone();
  // The link's token until a move answers a fresh one (the old one ends with the old slot).
  const [token, setToken] = useState(linkToken);
  const [state, setState] = useState<Loaded>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    getBooking(id, linkToken).then(
      (booking) => {
        if (!live) return;
        setState({ status: "ready", booking });
        if (askToCancel && changeOpen(booking)) setCancelOpen(true);
      },
      (error: unknown) => live && setState({ status: "error", error }),
    );
    return () => {
      live = false;
    };
  }, [id, linkToken, attempt, askToCancel]);

  const changed = useCallback((booking: DemoBooking, text: string) => {
    setState({ status: "ready", booking });
    setRescheduling(false);
    setNotice(text);
    heading.current?.focus();
  }, []);

  if (state.status === "loading") return <Status>Loading your booking…</Status>;
  if (state.status === "error") {
    const status = state.error instanceof ApiError ? state.error.status : 0;
    if (status === 403 || status === 401) {
      return <Problem title="This link has expired or is not valid">Booking links work until the class ends. Book a new time below.</Problem>;
    }
    if (status === 404 || status === 400) {
      return <Problem title="We could not find this booking">Check that you opened the whole link from your e-mail, or book a new time.</Problem>;
    }
    return (
      <div role="alert" className="mt-6 flex flex-wrap items-center gap-4 rounded-xl border border-red-200 bg-red-50 p-4">
        <p className="font-medium text-red-800">{refusalText(state.error, "Your booking could not be loaded.")}</p>
        <button type="button" className="btn-secondary min-h-11 px-4 py-2 text-sm" onClick={() => setAttempt((n) => n + 1)}>
          Retry
        </button>
      </div>
    );
  }

  const { booking } = state;
  const cancelled = booking.status === "cancelled";
  const open = changeOpen(booking);
  return (
    <div className="mt-6 grid max-w-3xl gap-6">
      {notice && (
        <p role="status" className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 font-medium text-emerald-900" data-testid="booking-notice">
          {notice}
        </p>
      )}
      <article className="card p-6" aria-labelledby="booking-heading" data-testid="booking-card">
        <h2 id="booking-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-ink">
          {cancelled ? "Cancelled demo class" : "Your booked demo class"}
        </h2>
        <p className="mt-3 text-lg font-semibold text-brand-800" data-testid="booking-time">
          {whenInBothZones(booking.startsAt, zone.own, INSTITUTE_ZONE)}
        </p>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-slate-700 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-ink">Length</dt>
          <dd>{booking.minutes} minutes</dd>
          <dt className="font-medium text-ink">Name</dt>
          <dd className="break-words">{booking.name}</dd>
          <dt className="font-medium text-ink">E-mail</dt>
          <dd className="break-all">{booking.email}</dd>
          {!cancelled && booking.meetingUrl && (
            <>
              <dt className="font-medium text-ink">Meeting link</dt>
              <dd className="break-all">
                <a href={booking.meetingUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
                  {booking.meetingUrl}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </dd>
            </>
          )}
        </dl>
        {cancelled ? (
          <Link to={bookAgain} className="btn-primary mt-6">
            Book Another Time
          </Link>
        ) : open ? (
          !rescheduling && (
            <div className="mt-6 flex flex-wrap gap-3">
              <button type="button" className="btn-primary" onClick={() => setRescheduling(true)}>
                Reschedule
              </button>
              <button type="button" className="btn-secondary" onClick={() => setCancelOpen(true)}>
                Cancel Booking
              </button>
            </div>
          )
        ) : (
          <p className="mt-6 text-slate-700">Rescheduling and cancelling close two hours before the class. To change it now, message us on WhatsApp.</p>
        )}
      </article>
      {rescheduling && (
        <Reschedule
          booking={booking}
          token={token}
          zone={zone}
          onMoved={({ booking: moved, token: fresh }) => {
            setToken(fresh);
            keepLink(moved.id, fresh);
            changed(moved, `Your class is moved to ${whenInZone(moved.startsAt, zone.own)}. We have e-mailed you the updated invitation.`);
          }}
          onClose={() => setRescheduling(false)}
        />
      )}
      {cancelOpen && (
        <Suspense fallback={null}>
          <CancelDialog
            onClose={() => setCancelOpen(false)}
            when={whenInZone(booking.startsAt, zone.own)}
            onConfirm={async () => {
              const done = await cancelBooking(booking.id, token);
              changed(done, "Your booking is cancelled. We have e-mailed you the cancellation.");
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

interface RescheduleProps {
  booking: DemoBooking;
  token: string;
  zone: ReturnType<typeof useZone>;
  onMoved: (moved: DemoBooked) => void;
  onClose: () => void;
}

function Reschedule({ booking, token, zone, onMoved, onClose }: RescheduleProps) {
  const id = useId();
  const [slots, setSlots] = useState<DemoSlot[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; next: DemoSlot[] } | null>(null);
  const [pickError, setPickError] = useState<string | undefined>();

  useEffect(() => {
    let live = true;
    getOpenSlots().then(
      (open) => live && setSlots(open.filter((s) => s.id !== booking.slotId)),
      (error: unknown) => live && setLoadError(error),
    );
    return () => {
      live = false;
    };
  }, [booking.slotId]);

  const move = async () => {
    if (!chosen) return setPickError("Choose a new time first.");
    setBusy(true);
    setRefusal(null);
    try {
      onMoved(await rescheduleBooking(booking.id, token, chosen));
    } catch (error) {
      setBusy(false);
      const next = nextSlotsOf(error);
      if (error instanceof ApiError && error.status === 409) {
        setSlots((current) => [...(current ?? []).filter((s) => s.id !== chosen), ...next.filter((n) => !(current ?? []).some((s) => s.id === n.id))]
          .filter((s) => s.id !== booking.slotId)
          .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)));
        setChosen(null);
      }
      setRefusal({ text: refusalText(error, "Your booking was not moved. Please try again."), next });
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="card p-6" data-testid="reschedule">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-ink">
        Choose another time
      </h2>
      <div className="mt-4">
        <ZoneSwitch choice={zone} name={`${id}-zone`} />
      </div>
      <div className="mt-5">
        {loadError ? (
          <p role="alert" className="font-medium text-red-700">
            {refusalText(loadError, "The open times could not be loaded.")}
          </p>
        ) : slots === null ? (
          <p role="status" className="text-slate-600">
            Loading open times…
          </p>
        ) : slots.length === 0 ? (
          <p className="text-slate-700">There are no other open times in the next two weeks. Your booking stays as it is.</p>
        ) : (
          <SlotPicker
            slots={slots}
            zone={zone.zone}
            chosen={chosen}
            onChoose={(s) => {
              setChosen(s.id);
              setPickError(undefined);
            }}
            courseTitles={{}}
            legend="New time"
            error={pickError}
          />
        )}
      </div>
      {refusal && (
        <div role="alert" className="mt-5 rounded-xl border border-amber-300 bg-amber-50 p-4 text-ink">
          <p className="font-semibold">{refusal.text}</p>
          {refusal.next.length > 0 && <p className="mt-1">The next open times are in the list above.</p>}
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={busy || !slots?.length} onClick={() => void move()}>
          {busy ? "Moving..." : "Move My Booking"}
        </button>
        <button type="button" className="btn-secondary" disabled={busy} onClick={onClose}>
          Keep Current Time
        </button>
      </div>
    </section>
  );
}

// "Your class calendar" on /lms: the student's private calendar feed (every session of their batches; a change to
// one reaches the calendar when it next reads the feed) to subscribe to (webcal://), copy, or add to Google Calendar
// or Outlook; Reset link (the old address stops working, after a confirmation); and the reminder mail an hour before
// each class, on or off. Its own loading, error and outcome messages.
import { useCallback, useEffect, useId, useState } from "react";
import { ApiError } from "#app/lib/api-client";
import type { MyCalendar } from "../api/sessions";

export interface CalendarActions {
  get: () => Promise<MyCalendar>;
  reset: () => Promise<MyCalendar>;
  setReminders: (on: boolean) => Promise<MyCalendar>;
}

type State = { status: "loading" } | { status: "error" } | { status: "ready"; feed: MyCalendar };

const failure = (e: unknown, what: string) => (e instanceof ApiError && e.messageField ? e.messageField : what);

export function ClassCalendar({ actions }: { actions: CalendarActions }) {
  const id = useId();
  const [state, setState] = useState<State>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<"reset" | "reminders" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    let live = true;
    actions.get().then(
      (feed) => live && setState({ status: "ready", feed }),
      () => live && setState({ status: "error" }),
    );
    return () => {
      live = false;
    };
  }, [actions, attempt]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  if (state.status === "loading") {
    return (
      <p role="status" className="text-slate-600">
        Loading your calendar link…
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <div className="flex flex-wrap items-center gap-4">
        <p role="alert" className="font-medium text-red-700">
          Could not load your calendar link.
        </p>
        <button type="button" className="btn-secondary min-h-11 text-sm" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  const { feed } = state;
  const webcal = feed.webcalUrl;
  const reminders = feed.reminders;

  const reset = async () => {
    setBusy("reset");
    setOutcome(null);
    try {
      const next = await actions.reset();
      setState({ status: "ready", feed: next });
      setConfirming(false);
      setOutcome({ ok: true, message: "Your calendar link was reset. Subscribe again with the new link; the old one no longer works." });
    } catch (e) {
      setOutcome({ ok: false, message: failure(e, "Could not reset your calendar link. Please try again.") });
    } finally {
      setBusy(null);
    }
  };

  const toggle = async () => {
    setBusy("reminders");
    setOutcome(null);
    try {
      const next = await actions.setReminders(!reminders);
      const on = next.reminders;
      setState({ status: "ready", feed: next });
      setOutcome({ ok: true, message: on ? "Reminders are on: we mail you an hour before each class." : "Reminders are off." });
    } catch (e) {
      setOutcome({ ok: false, message: failure(e, "Could not change your reminders. Please try again.") });
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webcal);
      setOutcome({ ok: true, message: "Calendar link copied." });
    } catch {
      setOutcome({ ok: false, message: "Could not copy: select the link and copy it." });
    }
  };

  const button = "btn-secondary min-h-11 text-sm";
  return (
    <div className="grid gap-4">
      <p className="max-w-3xl text-slate-700">
        Every live class of your batches, in your calendar app. It keeps itself up to date: a moved class moves, a cancelled one shows as cancelled.
        The link is private to you; reset it if someone else has it.
      </p>
      <div>
        <label htmlFor={`${id}-feed`} className="block text-sm font-semibold text-slate-800">
          Your calendar link
        </label>
        <input
          id={`${id}-feed`}
          readOnly
          value={webcal}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 block min-h-11 w-full max-w-3xl rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-ink"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <a href={webcal} className="btn-primary min-h-11 text-sm">
          Subscribe in your calendar app
        </a>
        <a href={feed.googleUrl} target="_blank" rel="noopener noreferrer" className={button}>
          Add to Google Calendar <span className="sr-only">(opens in a new tab)</span>
        </a>
        <a href={feed.outlookUrl} target="_blank" rel="noopener noreferrer" className={button}>
          Add to Outlook <span className="sr-only">(opens in a new tab)</span>
        </a>
        <button type="button" className={button} onClick={() => void copy()}>
          Copy link
        </button>
        {!confirming && (
          <button type="button" className={button} onClick={() => setConfirming(true)}>
            Reset link
          </button>
        )}
      </div>
      {confirming && (
        <div id={`${id}-reset`} role="group" aria-labelledby={`${id}-reset-title`} className="max-w-3xl rounded-xl border border-amber-300 bg-amber-50 p-4">
          <p id={`${id}-reset-title`} className="font-semibold text-ink">
            Reset your calendar link?
          </p>
          <p className="mt-1 text-sm text-slate-700">Calendars subscribed with the old link stop receiving your classes. Subscribe again with the new one.</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="button" className="btn min-h-11 bg-red-700 px-4 text-sm text-white hover:bg-red-800" disabled={busy === "reset"} onClick={() => void reset()}>
              {busy === "reset" ? "Resetting…" : "Reset link"}
            </button>
            <button type="button" className={button} disabled={busy === "reset"} onClick={() => setConfirming(false)}>
              Keep the link
            </button>
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={reminders}
          aria-labelledby={`${id}-reminders`}
          disabled={busy === "reminders"}
          onClick={() => void toggle()}
          className="relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 border-transparent bg-slate-400 transition aria-checked:bg-brand-700 disabled:opacity-60 focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-offset-2"
        >
          <span aria-hidden="true" className={`inline-block size-6 rounded-full bg-white shadow transition ${reminders ? "translate-x-6" : "translate-x-0"}`} />
        </button>
        <span id={`${id}-reminders`} className="font-medium text-ink">
          Mail me a reminder an hour before each class
        </span>
        <span className="text-sm text-slate-600">({reminders ? "on" : "off"})</span>
      </div>
      {outcome && (
        <p role={outcome.ok ? "status" : "alert"} className={`font-medium ${outcome.ok ? "text-emerald-700" : "text-red-700"}`}>
          {outcome.message}
        </p>
      )}
    </div>
  );
}

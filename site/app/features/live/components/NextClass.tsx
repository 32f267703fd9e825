// "Next class" inside a batch's card on /lms: the next session in the student's own time zone (named), the batch's
// own time beside it when it reads differently, a countdown, and Join, which is a link only from 10 minutes before
// the start to the end (it opens the API's join link: the server checks the enrolment and the window, records the
// attendance and sends the student to the meeting). Below, the term's sessions: past ones say attended or missed,
// and "Watch the recording" once staff attached it (the batch's signed lecture page).
import { use, useId } from "react";
import { Link } from "react-router";
import { recordedLecturesPath } from "#app/config/paths";
import { formatClock, zoneName } from "#app/lib/demo-time";
import { DEFAULT_CLASS_ZONE, joinPhase, sessionShort, sessionStatusText, sessionTimes, startMs, tickEvery } from "#app/lib/class-time";
import type { MySession } from "../api/sessions";
import { useNow } from "../hooks/use-now";
import { nextSession, sessionState, termOf } from "../next-class";

export type MySessionList = { kind: "list"; sessions: MySession[] } | { kind: "error" };

export const nextClassTexts = {
  loading: "Loading your classes…",
  error: "Could not load your live classes.",
  none: "No live classes are scheduled for this batch.",
  allDone: "This batch has no more live classes this term.",
};

interface NextClassProps {
  batchId: string;
  batchName: string;
  list: Promise<MySessionList>;
  /** The student's own time zone (the browser's). */
  zone: string;
  onRetry: () => void;
}

export function NextClass({ batchId, batchName, list, zone, onRetry }: NextClassProps) {
  const answer = use(list);
  const id = useId();
  if (answer.kind === "error") {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm font-medium text-red-700">
          {nextClassTexts.error}
        </p>
        <button type="button" className="btn-secondary min-h-11 text-sm" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  const term = termOf(answer.sessions, batchId);
  return (
    <section aria-labelledby={`${id}-next`} className="rounded-xl border border-brand-100 bg-brand-50/40 p-4">
      <h4 id={`${id}-next`} className="font-semibold text-ink">
        Next class
      </h4>
      {term.length === 0 ? <p className="mt-2 text-sm text-slate-700">{nextClassTexts.none}</p> : <Upcoming term={term} zone={zone} batchName={batchName} />}
      {term.length > 0 && <TermSessions term={term} zone={zone} batchId={batchId} batchName={batchName} />}
    </section>
  );
}

function Upcoming({ term, zone, batchName }: { term: MySession[]; zone: string; batchName: string }) {
  const hint = useId();
  const now = useNow((at) => {
    const next = nextSession(term, at);
    return next ? tickEvery(Math.max(0, startMs(next) - at)) : 60_000;
  });
  const next = nextSession(term, now);
  if (!next) return <p className="mt-2 text-sm text-slate-700">{nextClassTexts.allDone}</p>;
  const times = sessionTimes(next, zone, next.timeZone || DEFAULT_CLASS_ZONE);
  // The window by the page's clock (the server checks it again on Join); the link is the API's join link.
  const open = joinPhase(next, now) === "open" && Boolean(next.joinUrl);
  return (
    <div className="mt-2 grid gap-2" data-session-id={next.id}>
      <p className="font-medium text-ink">
        <time dateTime={next.startsAt} data-testid="next-class-time">
          {times.mine}
        </time>
      </p>
      <p className="text-xs text-slate-600">Shown in your time zone ({zone}).</p>
      {times.batch && (
        <p className="text-sm text-slate-700" data-testid="next-class-batch-time">
          Batch time: {times.batch}
        </p>
      )}
      <p role="timer" aria-atomic="true" className="text-sm font-semibold text-brand-800">
        {sessionStatusText(next, now)}
      </p>
      {open ? (
        <a href={next.joinUrl ?? undefined} target="_blank" rel="noopener" className="btn-primary min-h-11 self-start text-sm" aria-label={`Join the class of ${batchName} (opens in a new tab)`}>
          Join class
        </a>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" disabled className="btn-secondary min-h-11 text-sm disabled:cursor-not-allowed disabled:opacity-60" aria-describedby={hint}>
            Join class
          </button>
          <p id={hint} className="text-sm text-slate-700">
            Join opens at {formatClock(next.joinOpensAt, zone)} {zoneName(zone)}, 10 minutes before the start.
          </p>
        </div>
      )}
    </div>
  );
}

const stateWords = {
  cancelled: "Cancelled",
  attended: "Attended",
  missed: "Not attended",
  upcoming: "Upcoming",
  live: "Live now",
} as const;
const stateTone = {
  cancelled: "bg-red-100 text-red-900",
  attended: "bg-green-100 text-green-900",
  missed: "bg-slate-100 text-slate-800",
  upcoming: "bg-brand-50 text-brand-800",
  live: "bg-amber-100 text-amber-900",
} as const;

function TermSessions({ term, zone, batchId, batchName }: { term: MySession[]; zone: string; batchId: string; batchName: string }) {
  const now = useNow(() => 60_000);
  return (
    <details className="mt-3 text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700 underline">
        All classes this term ({term.length}) <span className="sr-only">of {batchName}</span>
      </summary>
      <p className="mb-2 text-xs text-slate-600">Times in {zoneName(zone)}.</p>
      <ul className="grid gap-2" aria-label={`Classes of ${batchName}`}>
        {term.map((s) => {
          const state = sessionState(s, now);
          return (
            <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 pb-2">
              <time dateTime={s.startsAt} className={state === "cancelled" ? "text-slate-500 line-through" : "text-slate-800"}>
                {sessionShort(s, zone)}
              </time>
              <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${stateTone[state]}`}>{stateWords[state]}</span>
              {state === "cancelled" && s.reason ? <span className="w-full text-xs text-slate-600">Reason: {s.reason}</span> : null}
              {s.recording && (
                <Link to={`${recordedLecturesPath(s.recording.batchId || batchId)}?lecture=${s.recording.lectureNumber}`} className="font-semibold text-brand-700 underline">
                  Watch the recording <span className="sr-only">of the class on {sessionShort(s, zone)}: {s.recording.title}</span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

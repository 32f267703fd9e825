// Reports a signed-in student's place in a lecture file while it plays (../progress.ts): the <video>'s events feed
// the tracker, and leaving (the player closing, the tab hiding or closing) sends the last position with keepalive.
import { useEffect, useMemo } from "react";
import { progressTracker, type ProgressSink } from "../progress";

type MediaEvent = { currentTarget: HTMLMediaElement };

/** The <video> handlers; none when the lecture's progress is not kept (a Secret ID without sign-in). */
export function useLectureProgress(sink: ProgressSink | undefined) {
  const tracker = useMemo(() => (sink ? progressTracker(sink) : null), [sink]);

  useEffect(() => {
    if (!tracker) return;
    const leave = () => tracker.leave();
    const hidden = () => {
      if (document.visibilityState === "hidden") tracker.leave();
    };
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", hidden);
      tracker.leave();
    };
  }, [tracker]);

  if (!tracker) return {};
  return {
    onPlay: ({ currentTarget }: MediaEvent) => tracker.play(currentTarget),
    onTimeUpdate: ({ currentTarget }: MediaEvent) => tracker.timeUpdate(currentTarget),
    onPause: ({ currentTarget }: MediaEvent) => tracker.pause(currentTarget),
    onSeeked: ({ currentTarget }: MediaEvent) => tracker.seeked(currentTarget),
    onEnded: ({ currentTarget }: MediaEvent) => tracker.ended(currentTarget),
  };
}

// One thing the console loads (the batches, a report): loading, the error with a retry, or the data. Loads again
// when `load` changes (callers memoise it on what it depends on) and on retry(); refresh() loads again in the
// background, keeping what is shown until the new answer arrives (counts after an enrolment).
import { useCallback, useEffect, useRef, useState } from "react";

export type Loaded<T> = { status: "loading" } | { status: "error"; error: unknown } | { status: "ready"; data: T };

export function useLoad<T>(load: () => Promise<T>) {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);

  const run = useCallback(
    (quietly: boolean) => {
      const mine = ++generation.current;
      if (!quietly) setState({ status: "loading" });
      load().then(
        (data) => mine === generation.current && setState({ status: "ready", data }),
        (error: unknown) => mine === generation.current && !quietly && setState({ status: "error", error }),
      );
    },
    [load],
  );

  useEffect(() => run(false), [run, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const refresh = useCallback(() => run(true), [run]);
  return { state, retry, refresh };
}

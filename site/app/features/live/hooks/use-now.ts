// The time now, redrawn as often as what shows it needs: `every(now)` answers the next pause in ms (a countdown
// ticks each second near its end, else every few seconds). Starts from the clock at mount (client-only pages).
import { useEffect, useState } from "react";

export function useNow(every: (now: number) => number): number {
  const [now, setNow] = useState(() => Date.now());
  const pause = every(now);
  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), pause);
    return () => clearTimeout(timer);
  }, [now, pause]);
  return now;
}

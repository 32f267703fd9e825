// Plays an HLS recording through hls.js in a <video> (its light build, fetched by the lecture list already: hls-module), and
// offers its rungs to the quality menu. A fatal error (a refused or expired playlist or segment link) goes to the
// player's failure handling, which asks for fresh links and resumes at the same second. A lecture that resumes starts
// loading at its second (hls.js `startPosition`), so the first segment fetched is the one played, not segment 0.
import type HlsPlayer from "hls.js";
import { useCallback, useEffect, useRef, useState } from "react";
import { loadHls } from "../hls-module";
import { AUTO, type Rung } from "../playback";

export function useHls(video: HTMLVideoElement | null, src: string, enabled: boolean, onFatal: () => void, startAt = 0) {
  const player = useRef<HlsPlayer | null>(null);
  // Read when a source starts (a new `src` comes with its own `startAt`), so a change alone does not reload.
  const startAtRef = useRef(startAt);
  startAtRef.current = startAt;
  const chosenRef = useRef(AUTO);
  const fatal = useRef(onFatal);
  const [rungs, setRungs] = useState<Rung[]>([]);
  const [playing, setPlaying] = useState(AUTO);
  const [chosen, setChosen] = useState(AUTO);

  useEffect(() => {
    fatal.current = onFatal;
  }, [onFatal]);

  useEffect(() => {
    if (!enabled || !video) return;
    let cancelled = false;
    let hls: HlsPlayer | null = null;
    void loadHls().then(({ default: Hls }) => {
      if (cancelled) return;
      // docs/benchmarks/video.md#experiments-and-recommended-settings: the lowest rung first, never a
      // rung larger than the player, and a bounded look-ahead and back buffer for a 2-hour lecture.
      const instance = new Hls({
        startLevel: 0,
        capLevelToPlayerSize: true,
        maxBufferLength: 30,
        maxMaxBufferLength: 60,
        backBufferLength: 60,
        // -1: from the start. A start at the lecture's very end goes back to 0 once its length is known
        // (use-fresh-lecture-source.ts, on loadedmetadata).
        startPosition: startAtRef.current > 0 ? startAtRef.current : -1,
      });
      hls = player.current = instance;
      instance.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
        setRungs(data.levels.map((level) => ({ height: level.height, bitrate: level.bitrate })));
        if (chosenRef.current !== AUTO) instance.currentLevel = chosenRef.current;
      });
      instance.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => setPlaying(data.level));
      instance.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) fatal.current();
      });
      instance.loadSource(src);
      instance.attachMedia(video);
    });
    return () => {
      cancelled = true;
      hls?.destroy();
      player.current = null;
      setRungs([]);
      setPlaying(AUTO);
    };
  }, [video, src, enabled]);

  /** A rung by its index, or AUTO: switches now (the buffer ahead is dropped). */
  const choose = useCallback((level: number) => {
    chosenRef.current = level;
    setChosen(level);
    if (player.current) player.current.currentLevel = level;
  }, []);

  return { rungs, playing, chosen, choose };
}

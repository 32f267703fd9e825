// A lecture file in <video controls>: an MP4 as it always played, or an HLS recording (hls.js, or Safari's own HLS)
// with a quality menu, its poster and captions. Speed and the keyboard (space, ←/→ 10 s, f, c) work for both
// (docs/product.md#the-lecture-player). An expired or refused signed link is refreshed once (useFreshLectureSource);
// when that cannot help, a message takes the player's place. For a signed-in student the lecture starts at the saved
// second and its position is saved as it plays.
import { useCallback, useId, useState, type KeyboardEvent } from "react";
import { useFreshLectureSource } from "../hooks/use-fresh-lecture-source";
import { useHls } from "../hooks/use-hls";
import { useLectureProgress } from "../hooks/use-lecture-progress";
import { engineFor, keyAction, probeBrowser, qualityOptions, qualityStatus, seekTarget, SPEEDS, speedLabel, type Engine } from "../playback";
import type { PlayingLecture } from "../player";

const selectClass = "min-h-11 rounded-lg border border-white/20 bg-slate-900 px-3 text-white";

export function LectureFile({ lecture }: { lecture: PlayingLecture }) {
  const { source, failure, busy, media, retry } = useFreshLectureSource(lecture);
  const progress = useLectureProgress(lecture.progress);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [speed, setSpeed] = useState(1);
  const [captionsOn, setCaptionsOn] = useState(true);
  const engine: Engine = video ? engineFor(source.kind, probeBrowser(video)) : source.kind === "hls" ? "hls.js" : "file";
  const onFatal = useCallback(() => {
    if (video) media.onError({ currentTarget: video });
  }, [video, media]);
  const quality = useHls(video, source.src, engine === "hls.js", onFatal, source.startAt);
  const ids = { speed: useId(), quality: useId() };

  const showCaptions = useCallback((on: boolean) => {
    setCaptionsOn(on);
    for (const track of Array.from(video?.textTracks ?? [])) track.mode = on ? "showing" : "hidden";
  }, [video]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = keyAction({ ...event, target: event.target as HTMLElement });
    if (!action || !video) return;
    event.preventDefault();
    if (action.kind === "toggle-play") void (video.paused ? video.play().catch(() => {}) : video.pause());
    else if (action.kind === "seek") video.currentTime = seekTarget(video.currentTime, action.by, video.duration);
    else if (action.kind === "captions") showCaptions(!captionsOn);
    else if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void video.requestFullscreen?.().catch(() => {});
  };

  if (failure) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-5 rounded-xl bg-slate-900 p-6 text-center">
        <p role="alert" className="max-w-xl text-lg font-medium text-white">
          {failure.message}
        </p>
        {failure.canRetry && (
          <button type="button" className="btn-light min-h-11" onClick={retry} disabled={busy}>
            {busy ? "Loading…" : "Try again"}
          </button>
        )}
      </div>
    );
  }
  const options = qualityOptions(quality.rungs);
  return (
    // The keys reach this wrapper from the <video> and the menus. A fresh link gets a new element (`key`), so the same
    // URL also loads again and autoPlay says whether it resumes; hls.js feeds the element itself.
    // The wrapper takes focus too (a click beside the menus), so Space works there as on the video.
    <div className="flex flex-col gap-3 outline-none" tabIndex={-1} onKeyDown={onKeyDown} data-engine={engine}>
      <video
        key={source.attempt}
        ref={setVideo}
        src={engine === "hls.js" ? undefined : source.src}
        poster={source.poster ?? undefined}
        crossOrigin={source.captions ? "anonymous" : undefined}
        autoPlay={source.autoPlay}
        controls
        playsInline
        controlsList="nodownload"
        className="aspect-video w-full rounded-xl bg-black"
        aria-label={lecture.video.title}
        aria-keyshortcuts="Space ArrowLeft ArrowRight F C"
        {...media}
        onLoadedMetadata={(e) => {
          media.onLoadedMetadata(e);
          e.currentTarget.playbackRate = speed;
        }}
        onPlay={progress.onPlay}
        onTimeUpdate={progress.onTimeUpdate}
        onSeeked={progress.onSeeked}
        onEnded={progress.onEnded}
        onPause={(e) => {
          media.onPause();
          progress.onPause?.(e);
        }}
      >
        {source.captions && <track kind="captions" src={source.captions} srcLang="en" label="Captions" default={captionsOn} />}
      </video>
      <div className="flex flex-wrap items-center justify-end gap-3 text-sm text-white">
        {source.captions && (
          <button type="button" className="btn-light min-h-11" aria-pressed={captionsOn} onClick={() => showCaptions(!captionsOn)}>
            Captions
          </button>
        )}
        <label htmlFor={ids.speed}>Speed</label>
        <select
          id={ids.speed}
          className={selectClass}
          value={speed}
          onChange={(e) => {
            const next = Number(e.target.value);
            setSpeed(next);
            if (video) video.playbackRate = next;
          }}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {speedLabel(s)}
            </option>
          ))}
        </select>
        {engine === "hls.js" && quality.rungs.length > 0 && (
          <>
            <label htmlFor={ids.quality}>Quality</label>
            <select id={ids.quality} className={selectClass} value={quality.chosen} onChange={(e) => quality.choose(Number(e.target.value))}>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <span role="status" aria-live="polite" data-testid="quality-status">
              {qualityStatus(quality.chosen, quality.playing, quality.rungs)}
            </span>
          </>
        )}
      </div>
    </div>
  );
}

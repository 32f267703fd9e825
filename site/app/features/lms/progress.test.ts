import { describe, expect, it, vi } from "vitest";
import { SAVE_EVERY_MS, byLecture, progressTracker, startPosition, watchedCount } from "./progress";

const media = (currentTime: number) => ({ currentTime });

describe("lecture progress", () => {
  it("resumes at the saved second, or from the start when it was left at the end", () => {
    expect(startPosition(0, 600)).toBe(0);
    expect(startPosition(125, 600)).toBe(125);
    expect(startPosition(125, Number.NaN)).toBe(125);
    expect(startPosition(597, 600)).toBe(0);
    // A four-second clip: its last 10 %.
    expect(startPosition(1, 4)).toBe(1);
    expect(startPosition(3.7, 4)).toBe(0);
  });

  it("counts the watched lectures of a batch", () => {
    const progress = byLecture([
      { lectureNumber: 1, positionSeconds: 600, completed: true, updatedAt: 0 },
      { lectureNumber: 2, positionSeconds: 30, completed: false, updatedAt: 0 },
      { lectureNumber: 9, positionSeconds: 600, completed: true, updatedAt: 0 },
    ]);
    expect(progress[2]?.positionSeconds).toBe(30);
    expect(watchedCount(progress, [1, 2, 3])).toBe(1);
  });

  it("reports the position at the start, every ten seconds while playing, on pause, after a seek, at the end and on leaving", () => {
    let clock = 0;
    const sink = vi.fn();
    const tracker = progressTracker(sink, () => clock);
    tracker.play(media(0));
    expect(sink).toHaveBeenLastCalledWith({ positionSeconds: 0 }, { keepalive: false });
    tracker.timeUpdate(media(1.4));
    expect(sink).toHaveBeenCalledTimes(1);
    clock = SAVE_EVERY_MS;
    tracker.timeUpdate(media(10.7));
    expect(sink).toHaveBeenLastCalledWith({ positionSeconds: 10 }, { keepalive: false });
    clock += 1000;
    tracker.pause(media(11.2));
    expect(sink).toHaveBeenLastCalledWith({ positionSeconds: 11 }, { keepalive: false });
    tracker.pause(media(11.9));
    tracker.play(media(11.9));
    expect(sink).toHaveBeenCalledTimes(3); // the same second is not sent again
    tracker.seeked(media(300.2));
    expect(sink).toHaveBeenLastCalledWith({ positionSeconds: 300 }, { keepalive: false });
    tracker.timeUpdate(media(545));
    tracker.leave();
    expect(sink).toHaveBeenLastCalledWith({ positionSeconds: 545 }, { keepalive: true });
    tracker.ended(media(600));
    expect(sink).toHaveBeenLastCalledWith({ positionSeconds: 600 }, { keepalive: false });
    expect(sink.mock.calls.every(([update]) => !("completed" in update))).toBe(true); // the server decides
  });

  it("sends nothing before the player has reported a position", () => {
    const sink = vi.fn();
    progressTracker(sink).leave();
    expect(sink).not.toHaveBeenCalled();
  });
});

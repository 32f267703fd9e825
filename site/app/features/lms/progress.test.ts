import { describe, expect, it, vi } from "vitest";
import { COMPLETED_FRACTION, SAVE_EVERY_MS, byLecture, isCompleted, progressTracker, startPosition, watchedCount } from "./progress";

const media = (currentTime: number, duration = 600) => ({ currentTime, duration });

describe("lecture progress", () => {
  it("counts a lecture as watched from 90 % on", () => {
    expect(COMPLETED_FRACTION).toBe(0.9);
    expect(isCompleted(539, 600)).toBe(false);
    expect(isCompleted(540, 600)).toBe(true);
    expect(isCompleted(10, Number.NaN)).toBe(false);
  });

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

  it("saves every ten seconds while playing, on pause, at the end and on leaving", () => {
    let clock = 0;
    const sink = vi.fn();
    const tracker = progressTracker(sink, () => clock);
    tracker.timeUpdate(media(1.4));
    expect(sink).not.toHaveBeenCalled();
    clock = SAVE_EVERY_MS;
    tracker.timeUpdate(media(10.7));
    expect(sink).toHaveBeenLastCalledWith({ positionSeconds: 10, completed: false }, { keepalive: false });
    clock += 1000;
    tracker.pause(media(11.2));
    expect(sink).toHaveBeenLastCalledWith({ positionSeconds: 11, completed: false }, { keepalive: false });
    tracker.pause(media(11.9));
    expect(sink).toHaveBeenCalledTimes(2); // the same second is not sent again
    tracker.timeUpdate(media(545));
    tracker.leave();
    expect(sink).toHaveBeenLastCalledWith({ positionSeconds: 545, completed: true }, { keepalive: true });
    tracker.timeUpdate(media(3));
    clock += SAVE_EVERY_MS;
    tracker.timeUpdate(media(4));
    expect(sink).toHaveBeenLastCalledWith({ positionSeconds: 4, completed: true }, { keepalive: false });
    tracker.ended(media(600));
    expect(sink).toHaveBeenLastCalledWith({ positionSeconds: 600, completed: true }, { keepalive: false });
  });

  it("sends nothing before the player has reported a position", () => {
    const sink = vi.fn();
    progressTracker(sink).leave();
    expect(sink).not.toHaveBeenCalled();
  });
});

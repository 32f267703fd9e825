import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Video } from "#app/lib/api-schema";
import { lectureFailureTexts, RETRY_WINDOW_MS, useFreshLectureSource } from "./use-fresh-lecture-source";

const batchId = "665f1c2a9b3e4d0012a1c001";
const signed = (n: number, signature: string) => `/lecture/${batchId}/${n}?grant=ab12&expires=1767225600&key=k1&signature=${signature}`;
const lecture = (n: number, url: string): Video => ({ _id: `v${n}`, batchId, batchNumber: "MERN-07", lectureNumber: n, title: `Lecture ${n}`, url });
const secretId = "s3cret-id";
const access = { secretId };

function stubFetch(...answers: Array<() => Response>) {
  const fetchMock = vi.fn(async () => (answers.shift() ?? (() => Response.json({ error: "none left" }, { status: 500 })))());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
const list = (...videos: Video[]) => () => Response.json({ videos });
const media = (currentTime = 0) => ({ currentTarget: { currentTime, duration: Number.NaN } });

function start() {
  return renderHook(() => useFreshLectureSource({ video: lecture(2, signed(2, "old")), access }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("useFreshLectureSource", () => {
  it("starts with the lecture's own link, playing", () => {
    const { result } = start();
    expect(result.current.source).toEqual({ src: signed(2, "old"), attempt: 0, startAt: 0, autoPlay: true });
    expect(result.current.failure).toBeNull();
  });

  it("on an error, asks for a fresh list with the same Secret ID and resumes this lecture at the second it reached", async () => {
    const fetchMock = stubFetch(list(lecture(1, signed(1, "new")), lecture(2, signed(2, "new"))));
    const { result } = start();
    act(() => result.current.media.onError(media(83.4)));
    await waitFor(() => expect(result.current.source.attempt).toBe(1));
    expect(result.current.source).toEqual({ src: signed(2, "new"), attempt: 1, startAt: 83.4, autoPlay: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/batches/${batchId}/videos`);
    expect((init.headers as Record<string, string>)["X-Secret-Id"]).toBe(secretId);

    // The new element seeks to that second once it knows the duration.
    const element = { currentTime: 0, duration: 600 };
    result.current.media.onLoadedMetadata({ currentTarget: element });
    expect(element.currentTime).toBe(83.4);

    // hls.js, started at that second (its startPosition), is left where it stands: no second seek.
    const started = {
      duration: 600,
      seeks: [] as number[],
      get currentTime() {
        return 83.4;
      },
      set currentTime(at: number) {
        this.seeks.push(at);
      },
    };
    result.current.media.onLoadedMetadata({ currentTarget: started });
    expect(started.seeks).toEqual([]);
  });

  it("a lecture resumed at its very end starts again from 0, even where the player stood at that second", () => {
    const { result } = renderHook(() => useFreshLectureSource({ video: lecture(2, signed(2, "old")), access: { secretId }, startAt: 598 }));
    const element = { currentTime: 598, duration: 600 };
    result.current.media.onLoadedMetadata({ currentTarget: element });
    expect(element.currentTime).toBe(0);
  });

  it("stays paused if the student had paused", async () => {
    stubFetch(list(lecture(2, signed(2, "new"))));
    const { result } = start();
    act(() => result.current.media.onPause());
    act(() => result.current.media.onError(media(12)));
    await waitFor(() => expect(result.current.source.attempt).toBe(1));
    expect(result.current.source.autoPlay).toBe(false);
  });

  it("ignores further errors while the fresh list is on its way", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetchMock = vi.fn(async () => {
      await gate;
      return Response.json({ videos: [lecture(2, signed(2, "new"))] });
    });
    vi.stubGlobal("fetch", fetchMock);
    const { result } = start();
    act(() => result.current.media.onError(media(5)));
    act(() => result.current.media.onError(media(5)));
    release();
    await waitFor(() => expect(result.current.source.attempt).toBe(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does not loop: a fresh link that fails too gives the message, with no second request", async () => {
    const fetchMock = stubFetch(list(lecture(2, signed(2, "new"))), list(lecture(2, signed(2, "newer"))));
    const { result } = start();
    act(() => result.current.media.onError(media(40)));
    await waitFor(() => expect(result.current.source.attempt).toBe(1));
    act(() => result.current.media.onError(media(0)));
    expect(result.current.failure).toEqual({ message: lectureFailureTexts.failed, canRetry: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // "Try again" is a new burst: one more fresh link, from the second the lecture had reached.
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.source.attempt).toBe(2));
    expect(result.current.failure).toBeNull();
    expect(result.current.source).toMatchObject({ src: signed(2, "newer"), startAt: 40 });
  });

  it("a fresh link that loaded and played past the window is retried again when it later fails", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const fetchMock = stubFetch(list(lecture(2, signed(2, "new"))), list(lecture(2, signed(2, "newer"))));
    const { result } = start();
    act(() => result.current.media.onError(media(10)));
    await waitFor(() => expect(result.current.source.attempt).toBe(1));
    act(() => result.current.media.onLoadedData());
    vi.setSystemTime(Date.now() + RETRY_WINDOW_MS + 1);
    act(() => result.current.media.onError(media(900)));
    await waitFor(() => expect(result.current.source.attempt).toBe(2));
    expect(result.current.source).toMatchObject({ src: signed(2, "newer"), startAt: 900 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("a fresh link that fails within the window, even after loading, ends the burst", async () => {
    stubFetch(list(lecture(2, signed(2, "new"))));
    const { result } = start();
    act(() => result.current.media.onError(media(10)));
    await waitFor(() => expect(result.current.source.attempt).toBe(1));
    act(() => result.current.media.onLoadedData());
    act(() => result.current.media.onError(media(11)));
    expect(result.current.failure?.message).toBe(lectureFailureTexts.failed);
  });

  it("a revoked Secret ID (401/403 on the fresh list) says so, with nothing to retry", async () => {
    for (const status of [401, 403]) {
      stubFetch(() => Response.json({ error: "forbidden", message: "This Secret ID is not valid for this batch." }, { status }));
      const { result, unmount } = start();
      act(() => result.current.media.onError(media(3)));
      await waitFor(() => expect(result.current.failure).toEqual({ message: lectureFailureTexts.refused, canRetry: false }));
      expect(result.current.source.attempt).toBe(0);
      unmount();
    }
  });

  it("any other failure of the fresh list, or a lecture missing from it, offers to try again", async () => {
    stubFetch(() => Response.json({ error: "unavailable" }, { status: 503 }), list(lecture(1, signed(1, "new"))));
    const { result } = start();
    act(() => result.current.media.onError(media(3)));
    await waitFor(() => expect(result.current.failure).toEqual({ message: lectureFailureTexts.failed, canRetry: true }));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.failure).toEqual({ message: lectureFailureTexts.failed, canRetry: true });
    expect(result.current.source.attempt).toBe(0);
  });

  it("too many attempts: says when to try again", async () => {
    stubFetch(() => Response.json({ error: "too_many_requests" }, { status: 429, headers: { "retry-after": "30" } }));
    const { result } = start();
    act(() => result.current.media.onError(media(3)));
    await waitFor(() => expect(result.current.failure?.message).toBe("Too many attempts. Please try again in 30 seconds."));
  });
});

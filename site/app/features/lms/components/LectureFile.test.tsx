import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Video } from "#app/lib/api-schema";
import { lectureFailureTexts } from "../hooks/use-fresh-lecture-source";
import { LectureFile } from "./LectureFile";

const batchId = "665f1c2a9b3e4d0012a1c001";
const video = (url: string): Video => ({ _id: "v1", batchId, batchNumber: "MERN-07", lectureNumber: 1, title: "How the web works", url });
const old = `/lecture/${batchId}/1?grant=ab12&expires=1767225600&key=k1&signature=old`;

afterEach(() => vi.unstubAllGlobals());

describe("LectureFile", () => {
  it("plays a refused link's fresh replacement in a new <video>", async () => {
    const fresh = `/lecture/${batchId}/1?grant=ab12&expires=1767226500&key=k1&signature=new`;
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ videos: [video(fresh)] })));
    const { container } = render(<LectureFile lecture={{ video: video(old), access: { secretId: "s" } }} />);
    const first = container.querySelector("video")!;
    expect(first.getAttribute("src")).toBe(old);
    fireEvent.error(first);
    await vi.waitFor(() => expect(container.querySelector("video")?.getAttribute("src")).toBe(fresh));
    expect(container.querySelector("video")).not.toBe(first);
    expect(screen.getByLabelText("How the web works").tagName).toBe("VIDEO");
  });

  it("a revoked Secret ID: the message is an alert in the player's place", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: "forbidden", message: "no" }, { status: 403 })));
    const { container } = render(<LectureFile lecture={{ video: video(old), access: { secretId: "s" } }} />);
    fireEvent.error(container.querySelector("video")!);
    expect((await screen.findByRole("alert")).textContent).toBe(lectureFailureTexts.refused);
    expect(container.querySelector("video")).toBeNull();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("an HLS recording: poster, captions, speed and keys; a refused playlist is renewed with its captions", async () => {
    const hls = (signature: string): Video => ({
      ...video(`/lecture/${batchId}/1/master.m3u8?grant=ab12&expires=1767225600&key=k1&signature=${signature}`),
      kind: "hls",
      poster: `/lecture/${batchId}/1/poster.jpg?signature=${signature}`,
      captions: `/lecture/${batchId}/1/captions.vtt?signature=${signature}`,
    });
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ videos: [hls("new")] })));
    const { container } = render(<LectureFile lecture={{ video: hls("old"), access: { secretId: "s" } }} />);
    const player = container.querySelector("video")!;
    // jsdom has no Media Source Extensions: the browser's own HLS is tried, as on an old iPhone.
    expect(player.getAttribute("src")).toContain("/master.m3u8?");
    expect(player.getAttribute("poster")).toContain("/poster.jpg?signature=old");
    expect(container.querySelector("track")?.getAttribute("src")).toContain("/captions.vtt?signature=old");

    fireEvent.change(screen.getByLabelText("Speed"), { target: { value: "1.5" } });
    expect(player.playbackRate).toBe(1.5);
    player.currentTime = 30;
    fireEvent.keyDown(player, { key: "ArrowLeft" });
    expect(player.currentTime).toBe(20);
    const captions = screen.getByRole("button", { name: "Captions" });
    expect(captions.getAttribute("aria-pressed")).toBe("true");
    fireEvent.keyDown(player, { key: "c" });
    expect(captions.getAttribute("aria-pressed")).toBe("false");

    fireEvent.error(player);
    await vi.waitFor(() => expect(container.querySelector("track")?.getAttribute("src")).toContain("signature=new"));
    expect(container.querySelector("video")?.getAttribute("poster")).toContain("signature=new");
  });
});

import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Video } from "../../../lib/api-schema";
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
});

import { describe, expect, it } from "vitest";
import { availability } from "./availability";
import { playerSource } from "./player";

describe("playerSource", () => {
  it("turns YouTube, Vimeo and Drive links into their embed URLs", () => {
    expect(playerSource("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toMatchObject({ kind: "embed", src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" });
    expect(playerSource("https://youtu.be/dQw4w9WgXcQ")).toMatchObject({ src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" });
    expect(playerSource("https://vimeo.com/76979871")).toMatchObject({ kind: "embed", src: "https://player.vimeo.com/video/76979871" });
    expect(playerSource("https://drive.google.com/file/d/10XnR2-SQb0QERdMoecgIVqSUPyMopAUO/view")).toMatchObject({
      kind: "embed",
      src: "https://drive.google.com/file/d/10XnR2-SQb0QERdMoecgIVqSUPyMopAUO/preview",
    });
  });

  it("plays files (mp4, webm, signed URLs) in <video>", () => {
    expect(playerSource("/media/sample-lecture.mp4")).toEqual({ kind: "file", src: "/media/sample-lecture.mp4" });
    expect(playerSource("https://bucket.s3.amazonaws.com/a.webm?X-Amz-Signature=x").kind).toBe("file");
    const signed = "/lecture/665f1c2a9b3e4d0012a1c001/1?grant=9f2c41d0&expires=1767225600&key=k1&signature=Zm9vYmFyLV9iYXo";
    expect(playerSource(signed)).toEqual({ kind: "file", src: signed });
  });
});

describe("availability", () => {
  it.each([
    [30, 28, "Almost Full", "red"],
    [25, 20, "Filling Fast", "yellow"],
    [40, 18, "Available", "green"],
    [20, 20, "Almost Full", "red"],
    [30, 21, "Available", "yellow"],
    [16, 13, "Filling Fast", "yellow"],
    [10, 8, "Almost Full", "yellow"],
  ])("seats %i, enrolled %i → %s, %s", (seats, enrolled, label, tone) => {
    expect(availability({ seats, enrolled })).toEqual({ label, tone });
  });
});

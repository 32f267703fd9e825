import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LectureStateBadge } from "./LectureStateBadge";

const waiting = { state: "uploading", percent: null, published: false, kind: "recording", upload: null } as const;
const sending = { ...waiting, upload: { uploadId: "u1", fileName: "week-1.mp4", size: 48_000_000, partSize: 16_777_216 } };

describe("a lecture's state badge", () => {
  it("says no file yet until a file's upload has begun, then Uploading", () => {
    const { rerender } = render(<LectureStateBadge lecture={waiting} />);
    expect(screen.getByText("No file yet")).toBeTruthy();
    expect(screen.queryByText("Uploading")).toBeNull();
    rerender(<LectureStateBadge lecture={sending} />);
    expect(screen.getByText("Uploading")).toBeTruthy();
    expect(screen.getByText("Unpublished")).toBeTruthy();
  });
});

// The Secret IDs a browser keeps: one per batch, each only for whoever typed it, all forgotten at once.
import { beforeEach, describe, expect, it } from "vitest";
import { forgetSecretId, forgetSecretIds, keepSecretId, keptSecretId, LEGACY_SECRET_ID_KEY, SECRET_IDS_KEY } from "./secret-ids";

const batchA = "665f1c2a9b3e4d0012a1c001";
const batchB = "665f1c2a9b3e4d0012a1c002";

beforeEach(() => localStorage.clear());

describe("kept Secret IDs", () => {
  it("keeps one per batch and answers a batch only its own", () => {
    keepSecretId(batchA, "  MERN-07-ID  ", null);
    expect(keptSecretId(batchA, null)).toBe("MERN-07-ID");
    expect(keptSecretId(batchB, null)).toBe("");
    keepSecretId(batchB, "MERN-08-ID", null);
    expect([keptSecretId(batchA, null), keptSecretId(batchB, null)]).toEqual(["MERN-07-ID", "MERN-08-ID"]);
    keepSecretId(batchA, "NEW-ID", null);
    expect([keptSecretId(batchA, null), keptSecretId(batchB, null)]).toEqual(["NEW-ID", "MERN-08-ID"]);
  });

  it("answers each owner only the IDs it typed: a visitor's are not an account's, nor one account's another's", () => {
    keepSecretId(batchA, "VISITOR-ID", null);
    keepSecretId(batchB, "AYESHA-ID", "ayesha@example.com");
    expect(keptSecretId(batchA, "ayesha@example.com")).toBe("");
    expect(keptSecretId(batchB, null)).toBe("");
    expect(keptSecretId(batchB, "daniel@example.com")).toBe("");
    expect(keptSecretId(batchB, "ayesha@example.com")).toBe("AYESHA-ID");
  });

  it("forgets one batch's ID, or every ID", () => {
    keepSecretId(batchA, "A-ID", null);
    keepSecretId(batchB, "B-ID", "ayesha@example.com");
    forgetSecretId(batchA);
    expect([keptSecretId(batchA, null), keptSecretId(batchB, "ayesha@example.com")]).toEqual(["", "B-ID"]);
    forgetSecretIds();
    expect(keptSecretId(batchB, "ayesha@example.com")).toBe("");
    expect(localStorage.getItem(SECRET_IDS_KEY)).toBeNull();
  });

  it("never reads the one ID earlier versions kept for every batch, and removes it", () => {
    localStorage.setItem(LEGACY_SECRET_ID_KEY, "OLD-ID");
    expect(keptSecretId(batchA, null)).toBe("");
    keepSecretId(batchB, "B-ID", null);
    expect(localStorage.getItem(LEGACY_SECRET_ID_KEY)).toBeNull();
    localStorage.setItem(LEGACY_SECRET_ID_KEY, "OLD-ID");
    forgetSecretIds();
    expect(localStorage.getItem(LEGACY_SECRET_ID_KEY)).toBeNull();
  });

  it("reads a damaged store as empty, and ignores entries of the wrong shape or inherited names", () => {
    localStorage.setItem(SECRET_IDS_KEY, "not json");
    expect(keptSecretId(batchA, null)).toBe("");
    localStorage.setItem(
      SECRET_IDS_KEY,
      JSON.stringify({ [batchA]: { secretId: 7, account: null }, [batchB]: { secretId: "B-ID" }, other: { secretId: "", account: null } }),
    );
    expect([keptSecretId(batchA, null), keptSecretId(batchB, null), keptSecretId("other", null)]).toEqual(["", "", ""]);
    expect([keptSecretId("__proto__", null), keptSecretId("toString", null)]).toEqual(["", ""]);
    keepSecretId(batchA, "A-ID", null);
    expect(JSON.parse(localStorage.getItem(SECRET_IDS_KEY)!)).toEqual({ [batchA]: { secretId: "A-ID", account: null } });
  });
});

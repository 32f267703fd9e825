// The Secret IDs this browser keeps, one per batch (docs/product.md#secret-ids-in-the-browser): an ID opens only the
// batch it was typed for, and is sent nowhere else. Each is kept with whose it is: the signed-in account that typed it
// (the token's `sub`), or null for a visitor who typed it signed out; each reader gets only its own. Sign-in and
// sign-out forget them all (the auth feature calls forgetSecretIds), so a shared computer hands nobody's ID on.
// Here in lib because two features use it: the LMS keeps and reads the IDs, sign-in and sign-out forget them.

/** The localStorage key: `{ [batchId]: { secretId, account } }`. */
export const SECRET_IDS_KEY = "videoSecretIds";
/** The one Secret ID for every batch that earlier versions kept: never read, removed on every write. */
export const LEGACY_SECRET_ID_KEY = "videoSecretId";

/** Whose Secret IDs: the signed-in account's id, or null for a visitor who is signed out. */
export type SecretIdOwner = string | null;

interface KeptSecretId {
  secretId: string;
  account: SecretIdOwner;
}

function isKept(value: unknown): value is KeptSecretId {
  if (typeof value !== "object" || value === null) return false;
  const { secretId, account } = value as Record<string, unknown>;
  return typeof secretId === "string" && secretId.trim() !== "" && (account === null || typeof account === "string");
}

/** Every kept ID by batch; an unreadable or malformed store reads as empty. */
function readAll(): Map<string, KeptSecretId> {
  const kept = new Map<string, KeptSecretId>();
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(SECRET_IDS_KEY) ?? "{}");
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return kept;
    for (const [batchId, value] of Object.entries(parsed)) if (isKept(value)) kept.set(batchId, value);
  } catch {
    /* storage unavailable or not JSON: nothing kept */
  }
  return kept;
}

function writeAll(kept: Map<string, KeptSecretId>) {
  try {
    window.localStorage.removeItem(LEGACY_SECRET_ID_KEY);
    if (kept.size === 0) window.localStorage.removeItem(SECRET_IDS_KEY);
    else window.localStorage.setItem(SECRET_IDS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    /* storage unavailable: the ID is used for this request only */
  }
}

/** The ID kept for this batch by this owner; "" when there is none (or it is someone else's). */
export function keptSecretId(batchId: string, owner: SecretIdOwner): string {
  const kept = readAll().get(batchId);
  return kept && kept.account === owner ? kept.secretId : "";
}

/** Keeps an ID that opened this batch, for this owner (replacing whatever was kept for the batch). */
export function keepSecretId(batchId: string, secretId: string, owner: SecretIdOwner) {
  const kept = readAll();
  kept.set(batchId, { secretId: secretId.trim(), account: owner });
  writeAll(kept);
}

/** Forgets the ID kept for this batch (the API refused it: it is not sent again). */
export function forgetSecretId(batchId: string) {
  const kept = readAll();
  if (kept.delete(batchId)) writeAll(kept);
}

/** Forgets every kept ID (at sign-in and sign-out). */
export function forgetSecretIds() {
  writeAll(new Map());
}

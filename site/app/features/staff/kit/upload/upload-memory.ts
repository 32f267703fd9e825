// Unfinished uploads, remembered in localStorage under one key, one entry per lecture (by its id, which a move to
// another number keeps): what the uploader needs to resume after a reload, and what the panel shows meanwhile.
import type { SavedUpload, UploadMemory } from "./multipart-upload";

export const UPLOADS_KEY = "academy.lectureUploads";

type Saved = Record<string, SavedUpload>;

function readAll(storage: Storage | undefined): Saved {
  try {
    const value: unknown = JSON.parse(storage?.getItem(UPLOADS_KEY) ?? "{}");
    return value && typeof value === "object" ? (value as Saved) : {};
  } catch {
    return {};
  }
}

function writeAll(storage: Storage | undefined, saved: Saved) {
  try {
    if (Object.keys(saved).length === 0) storage?.removeItem(UPLOADS_KEY);
    else storage?.setItem(UPLOADS_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused (a private window): the upload goes on, only a reload would start it over.
  }
}

const browserStorage = () => (typeof localStorage === "undefined" ? undefined : localStorage);

/** The memory of lecture `lectureId`'s upload. */
export function uploadMemory(batchId: string, lectureId: string, storage: Storage | undefined = browserStorage()): UploadMemory {
  const key = `${batchId}/${lectureId}`;
  return {
    load: () => readAll(storage)[key] ?? null,
    save: (upload) => writeAll(storage, { ...readAll(storage), [key]: upload }),
    clear: () => {
      const { [key]: _, ...rest } = readAll(storage);
      writeAll(storage, rest);
    },
  };
}

// The uploader of one lecture, over the engine (../upload/multipart-upload.ts): choose a file (refused at once when
// it is not a video or too big), Pause, Resume; it resumes by itself when the connection comes back after a failure,
// and the browser asks before leaving while parts are on their way. Closing the panel stops it; choosing the same
// file again later sends only the missing parts.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTokenSource } from "../api/token";
import { beginUpload, completeUpload } from "../api/lectures";
import { MultipartUpload, refusal, type RecordingFile, type UploadSnapshot } from "./multipart-upload";
import { putPart } from "#app/lib/put-part";
import { uploadMemory } from "./upload-memory";
import type { StaffLecture } from "#app/lib/api-schema";

export function useLectureUpload(batchId: string, lecture: StaffLecture, onDone: (lecture: StaffLecture) => void) {
  const token = useTokenSource();
  const [snapshot, setSnapshot] = useState<UploadSnapshot | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const engine = useRef<MultipartUpload<StaffLecture> | null>(null);
  // The lecture may move to another number while its file is on the way: calls use the number it has now.
  const latest = useRef({ number: lecture.lectureNumber, onDone });
  useEffect(() => {
    latest.current = { number: lecture.lectureNumber, onDone };
  });

  const choose = useCallback(
    (file: RecordingFile) => {
      const why = refusal(file);
      setRefused(why);
      if (why) return;
      engine.current?.dispose();
      const upload = new MultipartUpload<StaffLecture>({
        file,
        target: { batchId, lectureNumber: latest.current.number },
        memory: uploadMemory(batchId, lecture.id),
        transport: {
          begin: (request) => beginUpload(token, batchId, latest.current.number, request),
          putPart,
          complete: (uploadId, parts) => completeUpload(token, batchId, latest.current.number, { uploadId, parts }),
        },
        onChange: setSnapshot,
        onDone: (done) => latest.current.onDone(done),
      });
      engine.current = upload;
      void upload.start();
    },
    [token, batchId, lecture.id],
  );

  const pause = useCallback(() => engine.current?.pause(), []);
  const resume = useCallback(() => void engine.current?.resume(), []);

  useEffect(() => () => engine.current?.dispose(), []);

  const phase = snapshot?.phase;
  useEffect(() => {
    if (phase !== "failed") return;
    const back = () => void engine.current?.resume();
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [phase]);

  const sending = phase === "starting" || phase === "uploading" || phase === "completing";
  useEffect(() => {
    if (!sending) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [sending]);

  return { snapshot, refused, choose, pause, resume, sending };
}

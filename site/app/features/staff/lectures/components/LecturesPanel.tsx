// A batch's lectures (docs/product.md#staff-console, Lectures): the list in number order with each one's state, Add
// lecture, and per lecture its upload, edits, moves, publishing, captions and Delete (confirmed first: the recording
// and its renditions go too). While a recording is processing the list is read again every few seconds.
import { useEffect, useRef, useState } from "react";
import { showToast } from "#app/components/Toasts";
import { useTokenSource } from "../../kit/api/token";
import { ConfirmDialog } from "../../kit/components/ConfirmDialog";
import { Empty, Failure, Loading } from "../../kit/components/States";
import { failureText } from "../../kit/format";
import { changeLecture, deleteLecture } from "../../kit/api/lectures";
import { useLectures } from "../hooks/use-lectures";
import { movesFor, nextFreeNumber } from "../reorder";
import type { StaffLecture } from "#app/lib/api-schema";
import { AddLectureForm } from "./AddLectureForm";
import { LectureItem } from "./LectureItem";

interface LecturesPanelProps {
  batchId: string;
  batchName: string;
  /** Called when the lectures change (added, deleted, published or not, ready or not), not on the first load: the
   *  batch's certificates and report count them. */
  onLecturesChanged?: () => void;
}

export function LecturesPanel({ batchId, batchName, onLecturesChanged }: LecturesPanelProps) {
  const token = useTokenSource();
  const { state, retry, refresh, put, remove } = useLectures(batchId);
  const shape = state.status === "ready" ? state.data.map((l) => `${l.id}:${l.lectureNumber}:${l.title}:${l.published}:${l.state}`).join(" ") : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (shape === null) return;
    if (seen.current !== null && seen.current !== shape) onLecturesChanged?.();
    seen.current = shape;
  }, [shape, onLecturesChanged]);
  const [adding, setAdding] = useState(false);
  // Where focus goes when the form closes: the new lecture (its heading), or back to Add lecture after Cancel.
  const [added, setAdded] = useState<string | null>(null);
  const [backToAdd, setBackToAdd] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!backToAdd) return;
    addButton.current?.focus();
    setBackToAdd(false);
  }, [backToAdd]);
  const [moving, setMoving] = useState(false);
  const [deleting, setDeleting] = useState<StaffLecture | null>(null);
  const lectures = state.status === "ready" ? state.data : [];

  const move = async (index: number, direction: -1 | 1) => {
    const lecture = lectures[index]!;
    const moves = movesFor(lectures, index, direction);
    if (moves.length === 0) return;
    setMoving(true);
    try {
      for (const { from, to } of moves) put(await changeLecture(token, batchId, from, { lectureNumber: to }));
      showToast((t) => t.success(`“${lecture.title}” moved ${direction < 0 ? "up" : "down"}`));
    } catch (e) {
      showToast((t) => t.error("The lecture was not moved", { description: failureText(e) }));
      refresh();
    } finally {
      setMoving(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    await deleteLecture(token, batchId, deleting.lectureNumber);
    remove(deleting.id);
    showToast((t) => t.success("Lecture deleted", { description: `Lecture ${deleting.lectureNumber}, “${deleting.title}”.` }));
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        {!adding && (
          <button ref={addButton} type="button" className="btn-primary min-h-10 px-4 py-2 text-sm" disabled={state.status !== "ready"} onClick={() => setAdding(true)}>
            Add lecture
          </button>
        )}
        <button type="button" className="min-h-10 px-2 text-sm font-semibold text-brand-700 underline" onClick={refresh}>
          Refresh lectures
        </button>
      </div>
      {adding && (
        <AddLectureForm
          batchId={batchId}
          nextNumber={nextFreeNumber(lectures)}
          onAdded={(added) => {
            setAdding(false);
            setAdded(added.id);
            put(added);
            showToast((t) =>
              t.success("Lecture added", {
                description: added.kind === "embed" ? `Lecture ${added.lectureNumber} is ready.` : `Now upload the recording of lecture ${added.lectureNumber}.`,
              }),
            );
          }}
          onCancel={() => {
            setAdding(false);
            setBackToAdd(true);
          }}
        />
      )}
      {state.status === "loading" && <Loading text="Loading the lectures…" />}
      {state.status === "error" && <Failure what="Could not load the lectures." error={state.error} onRetry={retry} />}
      {state.status === "ready" && lectures.length === 0 && !adding && <Empty>No lectures yet — add the first.</Empty>}
      {state.status === "ready" && lectures.length > 0 && (
        <ol aria-label={`Lectures of ${batchName}`} className="grid gap-3">
          {lectures.map((lecture, index) => (
            <LectureItem
              key={lecture.id}
              batchId={batchId}
              lecture={lecture}
              first={index === 0}
              last={index === lectures.length - 1}
              moving={moving}
              focusOnMount={lecture.id === added}
              onChanged={put}
              onMove={(direction) => void move(index, direction)}
              onDelete={() => setDeleting(lecture)}
            />
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete lecture ${deleting?.lectureNumber ?? ""}, “${deleting?.title ?? ""}”?`}
        description={
          deleting?.kind === "embed"
            ? "Students can no longer watch it. This cannot be undone."
            : "Its recording, every rendition made from it and its captions are deleted too, and students can no longer watch it. This cannot be undone."
        }
        confirmLabel="Delete lecture"
        onConfirm={confirmDelete}
      />
    </div>
  );
}

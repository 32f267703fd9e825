// The LMS course dialog: 'Choose what you'd like to explore' → Course Outline or Available Batches.
import * as Dialog from "@radix-ui/react-dialog";
import { useNavigate } from "react-router";
import { DialogCloseButton } from "#app/components/DialogCloseButton";
import { batchesPath, courseOutlinePath } from "#app/config/paths";
import type { Course } from "#app/lib/api-schema";

export function CourseChoiceDialog({ course, onClose }: { course: Course | null; onClose: () => void }) {
  const navigate = useNavigate();
  const go = (to: string) => {
    onClose();
    navigate(to);
  };
  return (
    <Dialog.Root open={course !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1100] bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[1100] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="pr-10 text-2xl font-bold text-ink">{course?.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-600">Choose what you'd like to explore</Dialog.Description>
          {course && (
            <div className="mt-6 grid gap-3 sm:grid-cols-2">
              <button type="button" className="btn-primary" onClick={() => go(courseOutlinePath(course._id))}>
                Course Outline
              </button>
              <button type="button" className="btn-secondary" onClick={() => go(batchesPath(course._id))}>
                Available Batches
              </button>
            </div>
          )}
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

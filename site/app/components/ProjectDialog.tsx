// One portfolio project's details (Radix Dialog: focus trap, Escape, portal; focus returns to "View details").
import * as Dialog from "@radix-ui/react-dialog";
import type { PortfolioProject } from "../content/portfolio";
import { DialogCloseButton } from "./DialogCloseButton";

export function ProjectDialog({ project, onClose }: { project: PortfolioProject; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,36rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="pr-10 text-2xl font-bold text-ink">{project.title}</Dialog.Title>
          <Dialog.Description className="mt-3 leading-7 text-slate-600">{project.description}</Dialog.Description>
          <dl className="mt-6 grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="font-semibold text-ink">Client</dt>
              <dd>{project.client}</dd>
            </div>
            <div>
              <dt className="font-semibold text-ink">Duration</dt>
              <dd>{project.duration}</dd>
            </div>
            <div>
              <dt className="font-semibold text-ink">Category</dt>
              <dd>{project.category}</dd>
            </div>
            <div>
              <dt className="font-semibold text-ink">Technologies</dt>
              <dd>{project.technologies.join(", ")}</dd>
            </div>
          </dl>
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

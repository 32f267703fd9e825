// The full-screen lecture overlay (Radix Dialog: Escape closes it, focus stays inside, the close button returns focus).
import * as Dialog from "@radix-ui/react-dialog";
import { Icon } from "#app/components/Icon";
import type { PlayingLecture } from "../player";
import { VideoPlayer } from "./VideoPlayer";

export function VideoOverlay({ lecture, onClose }: { lecture: PlayingLecture | null; onClose: () => void }) {
  return (
    <Dialog.Root open={lecture !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1100] bg-slate-950/95" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-[1100] flex flex-col items-center justify-center gap-4 p-4 sm:p-10"
        >
          <div className="flex w-full max-w-6xl items-center justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-white sm:text-xl">{lecture?.video.title}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-white/10 text-white hover:bg-white/20"
              aria-label="Close video"
            >
              <Icon name="x" className="size-6" />
            </Dialog.Close>
          </div>
          <div className="w-full max-w-6xl">{lecture && <VideoPlayer lecture={lecture} />}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// The × in a dialog's corner (inside a Radix Dialog.Content).
import * as Dialog from "@radix-ui/react-dialog";
import { Icon } from "./Icon";

export function DialogCloseButton() {
  return (
    <Dialog.Close className="absolute top-4 right-4 inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100" aria-label="Close">
      <Icon name="x" className="size-5" />
    </Dialog.Close>
  );
}

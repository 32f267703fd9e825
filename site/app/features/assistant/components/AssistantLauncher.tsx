// The assistant's floating button. The chat window's code loads on first open (dynamic import), so no page pays
// for it up front; the open state is announced on the window for the messaging button (docs/product.md#behaviour, #constants).
// Closed, it stands aside where it would cover a control (lib/floating-buttons.ts).
import { useEffect, useRef, useState, type ComponentType } from "react";
import { Icon } from "#app/components/Icon";
import { announceAssistantOpen, stackingFor } from "#app/lib/assistant-state";
import { cx } from "#app/lib/cx";
import { asideClass, floatingAttribute, useStandAside } from "#app/lib/floating-buttons";
import type { AssistantWindowProps } from "./AssistantWindow";

export const assistantWindowId = "assistant-window";

export function AssistantLauncher({ company }: { company: string }) {
  const [open, setOpen] = useState(false);
  const [Window, setWindow] = useState<ComponentType<AssistantWindowProps> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const first = useRef(true);
  const z = stackingFor(open);
  const aside = useStandAside(button, !open);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    announceAssistantOpen(open);
  }, [open]);

  const toggle = async () => {
    if (!Window) {
      const { AssistantWindow } = await import("./AssistantWindow");
      setWindow(() => AssistantWindow);
    }
    setOpen((o) => !o);
  };

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        {...{ [floatingAttribute]: "" }}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={Window ? assistantWindowId : undefined}
        data-testid="assistant-button"
        style={{ zIndex: z.launcher }}
        className={cx(
          "fixed right-5 bottom-24 inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800",
          aside && asideClass,
        )}
      >
        <Icon name={open ? "x" : "bot"} className="size-7" />
        <span className="sr-only">{open ? "Close the assistant" : `Ask the ${company} assistant`}</span>
      </button>
      {Window && <Window id={assistantWindowId} open={open} company={company} onClose={close} zIndex={z.window} />}
    </>
  );
}

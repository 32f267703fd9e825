// The floating chat-messaging button (docs/product.md#pages): opens WhatsApp with "Hello! I'm interested in your services." in
// a new tab. Its stacking order follows the assistant's announced open state (docs/product.md#constants: 40 closed, 999 open).
// It stands aside where it would cover a control (../lib/floating-buttons.ts).
import { useRef } from "react";
import { stackingFor, useAssistantOpen } from "../lib/assistant-state";
import { asideClass, floatingAttribute, useStandAside } from "../lib/floating-buttons";
import { cx } from "../lib/cx";
import { Icon } from "./Icon";

export function ChatButton({ url }: { url: string }) {
  const assistantOpen = useAssistantOpen();
  const ref = useRef<HTMLAnchorElement>(null);
  const aside = useStandAside(ref);
  return (
    <a
      ref={ref}
      {...{ [floatingAttribute]: "" }}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="messaging-button"
      style={{ zIndex: stackingFor(assistantOpen).messaging }}
      className={cx(
        "fixed right-5 bottom-5 inline-flex size-14 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg hover:bg-emerald-800",
        aside && asideClass,
      )}
    >
      <Icon name="message-circle" className="size-7" />
      <span className="sr-only">Chat with us on WhatsApp (opens in a new tab)</span>
    </a>
  );
}

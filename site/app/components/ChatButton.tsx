// The floating chat-messaging button (docs/product.md#pages): opens WhatsApp with "Hello! I'm interested in your services." in
// a new tab. Its stacking order follows the assistant's announced open state (docs/product.md#constants: 40 closed, 999 open).
import { stackingFor, useAssistantOpen } from "../lib/assistant-state";
import { Icon } from "./Icon";

export function ChatButton({ url }: { url: string }) {
  const assistantOpen = useAssistantOpen();
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="messaging-button"
      style={{ zIndex: stackingFor(assistantOpen).messaging }}
      className="fixed right-5 bottom-5 inline-flex size-14 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg hover:bg-emerald-800"
    >
      <Icon name="message-circle" className="size-7" />
      <span className="sr-only">Chat with us on WhatsApp (opens in a new tab)</span>
    </a>
  );
}

// The floating chat-messaging button (SPEC §2): opens WhatsApp with "Hello! I'm interested in your services.".
// Stacking order 40 while the assistant is closed (SPEC §9); the assistant issue raises it when open.
import { Icon } from "./Icon";

export function ChatButton({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="fixed right-5 bottom-5 z-40 inline-flex size-14 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg hover:bg-emerald-800"
    >
      <Icon name="message-circle" className="size-7" />
      <span className="sr-only">Chat with us on WhatsApp (opens in a new tab)</span>
    </a>
  );
}

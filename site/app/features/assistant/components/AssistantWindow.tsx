// The assistant's chat window (docs/product.md#behaviour, #validation, #messages): a labelled, non-modal dialog with the conversation in an
// aria-live log, a typing indicator, and a one-line input that Enter sends. Loaded on first open.
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Icon } from "#app/components/Icon";
import { maxQuestionLength, useAskQuestion } from "../api/ask-question";
import { MessageText } from "./MessageText";

export interface AssistantWindowProps {
  id: string;
  open: boolean;
  company: string;
  onClose: () => void;
  zIndex: number;
}

interface ChatMessage {
  role: "user" | "bot";
  text: string;
}

/** The product's (docs/product.md#messages) texts. */
export const noAnswerText = "❌ No answer available.";
export const failureText = "❌ Error contacting Gemini API.";
export const greeting = (company: string) => `Hi! Ask me anything about ${company}.`;

export function AssistantWindow({ id, open, company, onClose, zIndex }: AssistantWindowProps) {
  const titleId = useId();
  const inputId = useId();
  const [messages, setMessages] = useState<ChatMessage[]>([{ role: "bot", text: greeting(company) }]);
  const [input, setInput] = useState("");
  const { ask, pending } = useAskQuestion();
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLOListElement>(null);

  // Focus moves into the window when it opens and back to the input after each reply, in the same
  // commit that shows it (a layout effect), so nothing can act on the window before focus is inside.
  useLayoutEffect(() => {
    if (open && !pending) inputRef.current?.focus();
  }, [open, pending]);

  useEffect(() => {
    logRef.current?.lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }, [messages, pending]);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const question = input.trim();
    if (!question || pending) return;
    setMessages((m) => [...m, { role: "user", text: question }]);
    let reply: string;
    try {
      reply = (await ask(question)).answer || noAnswerText;
    } catch (error) {
      console.error("The assistant could not answer:", error);
      reply = failureText;
    }
    setMessages((m) => [...m, { role: "bot", text: reply }]);
    setInput("");
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      onClose();
    }
  };

  return (
    <div
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onKeyDown}
      style={{ zIndex }}
      className="fixed right-5 bottom-42 flex h-[min(30rem,calc(100dvh-12rem))] w-[calc(100vw-2.5rem)] max-w-sm flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl"
    >
      <div className="flex items-center justify-between gap-2 bg-brand-700 px-4 py-3 text-white">
        <h2 id={titleId} className="flex items-center gap-2 font-semibold">
          <Icon name="bot" className="size-5" />
          {company} assistant
        </h2>
        <button type="button" onClick={onClose} className="inline-flex size-9 items-center justify-center rounded-md hover:bg-brand-800">
          <Icon name="x" className="size-5" />
          <span className="sr-only">Close the assistant</span>
        </button>
      </div>

      <ol ref={logRef} role="log" aria-live="polite" aria-label="Conversation" className="flex-1 space-y-3 overflow-y-auto p-4">
        {messages.map((m, i) => (
          <li
            key={i}
            data-role={m.role}
            className={
              m.role === "user"
                ? "ml-8 rounded-2xl rounded-br-sm bg-brand-700 px-3 py-2 text-white"
                : "mr-8 rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 whitespace-pre-line text-ink"
            }
          >
            <span className="sr-only">{m.role === "user" ? "You: " : "Assistant: "}</span>
            {m.role === "bot" ? <MessageText text={m.text} /> : m.text}
          </li>
        ))}
      </ol>

      {pending && (
        <p role="status" data-testid="typing-indicator" className="flex items-center gap-1 px-4 pb-2 text-sm text-slate-600">
          <span aria-hidden="true" className="flex gap-1">
            <span className="size-2 animate-bounce rounded-full bg-slate-500" />
            <span className="size-2 animate-bounce rounded-full bg-slate-500 [animation-delay:150ms]" />
            <span className="size-2 animate-bounce rounded-full bg-slate-500 [animation-delay:300ms]" />
          </span>
          <span className="ml-1">The assistant is typing…</span>
        </p>
      )}

      <form onSubmit={send} className="flex gap-2 border-t border-slate-200 p-3">
        <label htmlFor={inputId} className="sr-only">
          Your question
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          autoComplete="off"
          maxLength={maxQuestionLength}
          value={input}
          disabled={pending}
          onChange={(e) => setInput(e.target.value)}
          placeholder="Ask about courses, fees, demos…"
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-400 px-3 text-ink placeholder:text-slate-500 disabled:bg-slate-100"
        />
        <button type="submit" disabled={pending || !input.trim()} className="btn-primary min-h-11 px-3 disabled:cursor-not-allowed disabled:opacity-60">
          <Icon name="send" className="size-5" />
          <span className="sr-only">Send</span>
        </button>
      </form>
    </div>
  );
}

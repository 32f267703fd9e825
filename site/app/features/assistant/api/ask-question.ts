// POST /api/chat {question} → {answer, source}: the assistant's one API operation (10 s timeout, only 2xx succeeds).
import { useCallback, useState } from "react";
import type { ChatAnswer, ErrorBody } from "../../../lib/api-schema";

export const chatEndpoint = "/api/chat";
export const askTimeoutMs = 10_000;
/** The server's limit on a trimmed question. */
export const maxQuestionLength = 500;

export class AskError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "AskError";
  }
}

export async function askQuestion(question: string, fetchImpl: typeof fetch = fetch): Promise<ChatAnswer> {
  let res: Response;
  try {
    res = await fetchImpl(chatEndpoint, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ question: question.trim() }),
      signal: AbortSignal.timeout(askTimeoutMs),
    });
  } catch (e) {
    throw new AskError(e instanceof Error ? e.message : String(e));
  }
  if (res.status < 200 || res.status > 299) {
    const body = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
    throw new AskError(body?.message ?? `POST ${chatEndpoint} answered ${res.status}`, res.status);
  }
  const body = (await res.json().catch(() => null)) as Partial<ChatAnswer> | null;
  return { answer: typeof body?.answer === "string" ? body.answer.trim() : "", source: body?.source === "model" ? "model" : "offline" };
}

/** askQuestion with its pending state, for the chat window. */
export function useAskQuestion(fetchImpl?: typeof fetch) {
  const [pending, setPending] = useState(false);
  const ask = useCallback(
    async (question: string) => {
      setPending(true);
      try {
        return await askQuestion(question, fetchImpl);
      } finally {
        setPending(false);
      }
    },
    [fetchImpl],
  );
  return { ask, pending };
}

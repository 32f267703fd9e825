// POST /api/chat {question} → {answer, source}: the assistant's one API operation.
import { useCallback, useState } from "react";
import { apiPost } from "#app/lib/api-client";
import { apiRules } from "#app/lib/api-contract";
import type { ChatAnswer } from "#app/lib/api-schema";

/** The server's limit on a question, from the contract (docs/product.md#validation). */
export const maxQuestionLength = apiRules.ChatRequest.question.maxLength;

/** Rejects with an ApiError (lib/api-client.ts) when the server refuses or does not answer. */
export async function askQuestion(question: string, fetchImpl?: typeof fetch): Promise<ChatAnswer> {
  const body = await apiPost("/api/chat", { body: { question: question.trim() }, fetch: fetchImpl });
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

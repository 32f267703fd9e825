// What a visitor reads when the API refuses or cannot be reached (the forms' words where they fit).
import { ApiError } from "../../lib/api-client";

export function refusalText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) {
      return error.timedOut ? "The server took too long to answer. Please try again." : "We could not reach the server. Please check your connection and try again.";
    }
    if (error.status === 429) return error.messageField ?? "Too many attempts from your connection. Please try again in a few minutes.";
    return error.messageField ?? fallback;
  }
  return fallback;
}

import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { assistantOpenEvent } from "#app/lib/assistant-state";
import { AssistantLauncher } from "./AssistantLauncher";
import { messageParts } from "./MessageText";

const company = "Skyline Tech Academy";

function stubFetch(respond: () => Promise<Response>) {
  const fetchMock = vi.fn(respond);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

async function openAssistant() {
  const user = userEvent.setup();
  const events: boolean[] = [];
  window.addEventListener(assistantOpenEvent, (e) => events.push((e as CustomEvent).detail.open));
  render(<AssistantLauncher company={company} />);
  await user.click(screen.getByRole("button", { name: `Ask the ${company} assistant` }));
  const dialog = await screen.findByRole("dialog", { name: `${company} assistant` });
  return { user, dialog, events };
}

describe("the assistant window", () => {
  it("opens with the greeting, focus in the input, and announces its state", async () => {
    const { user, events } = await openAssistant();
    expect(screen.getByRole("log").textContent).toContain(`Hi! Ask me anything about ${company}.`);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Your question" }));
    expect(events).toEqual([true]);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: `Ask the ${company} assistant` }));
    expect(events).toEqual([true, false]);
  });

  it("does not send an empty or blank question", async () => {
    const fetchMock = stubFetch(async () => Response.json({ answer: "x", source: "offline" }));
    const { user } = await openAssistant();
    const send = screen.getByRole("button", { name: "Send" });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole("textbox", { name: "Your question" }), "   {Enter}");
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends on Enter, shows the typing indicator, then the answer as text with safe links", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetchMock = stubFetch(async () => {
      await gate;
      return Response.json({ answer: "Demos last 30–45 minutes. <b>x</b>\n\nMore: Free demo — /FreeDemo", source: "offline" });
    });
    const { user } = await openAssistant();
    const input = screen.getByRole("textbox", { name: "Your question" });
    await user.type(input, "How long is the free demo?{Enter}");
    expect(await screen.findByTestId("typing-indicator")).toBeTruthy();
    expect((input as HTMLButtonElement).disabled).toBe(true);
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({ question: "How long is the free demo?" });
    release();
    await waitFor(() => expect(screen.queryByTestId("typing-indicator")).toBeNull());
    expect(screen.getByRole("log").textContent).toContain("Demos last 30–45 minutes. <b>x</b>");
    expect(screen.getByRole("link", { name: "/FreeDemo" }).getAttribute("href")).toBe("/FreeDemo");
    expect((input as HTMLInputElement).value).toBe("");
    expect((input as HTMLInputElement).disabled).toBe(false);
  });

  it("shows the product's texts for no answer and for a failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stubFetch(async () => Response.json({ answer: "", source: "model" }));
    const { user } = await openAssistant();
    const input = screen.getByRole("textbox", { name: "Your question" });
    await user.type(input, "hello{Enter}");
    expect(await screen.findByText("❌ No answer available.")).toBeTruthy();
    stubFetch(async () => Response.json({ error: "internal", message: "boom" }, { status: 500 }));
    await user.type(input, "again{Enter}");
    expect(await screen.findByText("❌ Error contacting Gemini API.")).toBeTruthy();
  });
});

describe("messageParts", () => {
  it("links site paths and https URLs only", () => {
    expect(messageParts("See /refund-policy. Or https://example.com/a, not javascript:alert(1) or //evil.com")).toEqual([
      { text: "See " },
      { text: "/refund-policy", href: "/refund-policy" },
      { text: ". Or " },
      { text: "https://example.com/a", href: "https://example.com/a" },
      { text: ", not javascript:alert(1) or //evil.com" },
    ]);
  });
});
